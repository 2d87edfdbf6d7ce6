"""Sides formed per hand: `sides: bidder against the rest`. The holder of a role plays
alone against the others, who count as one side for that hand: their card points, tricks
and cards are added up, their Weis is compared as a side's and the Stöck of one of them
counts for the side; what scoring gives a subject it gives every player of its side.

Everything about sides is here: its statement, check, compiled setting, phase (who plays
on which side, the record and the observations) and its words in both languages. The
layers read it through general hooks, without naming it: the phase's `partners` (the end
of the hand adds the facts up by side, the Weis is compared between the sides:
`engine/partners.py`) and the record's `partners` key (the scoring's `last` and
`trick(K)` read a side's tricks, the bots play with their side, the terminal and the
rulebook's example say each side once)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jassdsl.compile.compiler import CompiledRules, role_index
from jassdsl.compile.handfacts import HandFacts
from jassdsl.core import model as m
from jassdsl.core.mechanism import Checks, Mechanism, Reference, Rulebook, Runtime, Syntax
from jassdsl.core.roles import ROLES
from jassdsl.engine.phase import Phase, Table
from jassdsl.language.syntax import pos_of, word
from jassdsl.rulebook.words import Lang, say

# -- the statement
GRAMMAR = """
%extend _statement: sides
// sides formed per hand: the holder of a role against the others, who score as one side
sides: "sides" ":" ID "against" "the" "rest"
"""

# the roles that may play alone: known before play, so every hand has its sides
LONERS = ("bidder", "chooser")
ALONE, REST = 0, 1  # the side of the role's holder, and that of the others


class Sides(m.Node):
    """`sides: ROLE against the rest`."""

    role: m.Word


def build(meta: Any, ch: list[Any]) -> Sides:
    return Sides(pos=pos_of(meta), role=word(ch[0]))


# what a role that is not known before play cannot do, in both languages (the checker's
# "'ROLE' cannot ...; write ..." fills it in)
NOT_ALONE = "play alone: sides are formed around a role known before play"
MESSAGES = ((NOT_ALONE, "allein spielen: die Seiten bilden sich um eine Rolle, die vor dem "
                    "Spiel bekannt ist"),)


def check(c: Any, rf: m.RuleFile) -> None:
    """A role held in every hand before play; players who play for themselves."""
    sides = rf.part("sides", Sides)
    if sides is None:
        return
    c.role_among(rf, sides.role, LONERS, NOT_ALONE)
    if rf.teams:
        c.error(sides.pos, "teams", "the teams are fixed in this file ('players 4 in teams "
                "across' or 'players N in teams alternating'); sides per hand are for "
                "players who play for themselves")


@dataclass(frozen=True)
class SidesConfig:
    """The compiled `sides:` statement."""

    role: int  # the role whose holder plays alone (index in State.roles)


def compile_sides(rf: m.RuleFile, options: dict[str, int | str]) -> SidesConfig | None:
    sides = rf.part("sides", Sides)
    return SidesConfig(role_index(sides.role.text)) if sides is not None else None


# -- the phase
def hand_sides(rules: CompiledRules, roles: list[int]) -> tuple[int, ...] | None:
    """The side of each seat in a hand (ALONE or REST), or None where the file forms no
    sides or nobody holds the role."""
    config = rules.config("sides", SidesConfig)
    if config is None:
        return None
    holder = roles[config.role]
    if holder < 0:
        return None
    return tuple(ALONE if seat == holder else REST for seat in range(rules.players))


class SidesPhase(Phase):
    """Never waits: says in the hand's record and the observations who plays on which
    side (the facts themselves are added up by side at the end of the hand)."""

    place = "keeper"
    part_key = "sides"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "sides" in rules.configs

    def partners(self, g: Table) -> tuple[int, ...] | None:
        return hand_sides(self.rules, g.s.roles)

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        return {"sides": tuple(facts.side)}

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        return {"sides": hand_sides(self.rules, g.s.roles) or ()}


# -- the rulebook
def describe(lang: Lang, rf: m.RuleFile) -> list[str]:
    """Said with the declarations."""
    sides = rf.part("sides", Sides)
    if sides is None:
        return []
    role = ROLES[sides.role.text]
    return [say(lang, "declare.sides", who=role.doc if lang == "en" else role.de_np(0))]


WORDS: dict[str, tuple[str, str]] = {
    "declare.sides": (
        "In each hand {who} plays alone against the others, who play that hand as one "
        "side: their card points, tricks and Weis count together, the best Weis is "
        "compared between the two sides, and what the side scores each of its players "
        "writes.",
        "In jeder Runde spielt {who} allein gegen die anderen, die in dieser Runde eine "
        "Partei bilden: ihre Kartenpunkte, Stiche und Weise zählen zusammen, der beste "
        "Weis wird zwischen den beiden Parteien verglichen, und was die Partei schreibt, "
        "schreibt jeder ihrer Spieler.",
    ),
}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        '`sides: bidder against the rest` forms two sides in every hand: the holder of the role\n'
        '(`bidder`, or `chooser`) alone against the others, who play that hand as one side. Each\n'
        "player of a side has the side's facts: `points`, `tricks`, `match`, `last`, `trick(K)`,\n"
        "`won(...)`, `weis` and `stoeck` are the side's, added up; the best Weis is compared\n"
        'between the sides, and the Stöck of one player counts for the side. What an award gives\n'
        "a player of the side, each of its players writes (the side's points once per player);\n"
        "the role itself still names the one player (`the player with bidder`). The hand's record\n"
        "(`sides`, `talon`, `laid_away`) and each seat's observation say who played on which side.\n"
        'Sides are for players who play for themselves (no `in teams across`).'),
    text_de=(
        '`sides: bidder against the rest` bildet in jeder Runde zwei Parteien: wer die Rolle hält\n'
        '(`bidder` oder `chooser`), allein gegen die anderen, die diese Runde als eine Partei\n'
        'spielen. Jeder Spieler einer Partei hat die Tatsachen der Partei: `points`, `tricks`,\n'
        '`match`, `last`, `trick(K)`, `won(...)`, `weis` und `stoeck` sind die der Partei,\n'
        'zusammengezählt; der beste Weis wird zwischen den Parteien verglichen, und die Stöck eines\n'
        'Spielers zählen für seine Partei. Was eine Zuteilung einem Spieler der Partei gibt,\n'
        'schreibt jeder ihrer Spieler (die Punkte der Partei einmal pro Spieler); die Rolle selbst\n'
        'nennt weiterhin den einen Spieler (`the player with bidder`). Der Bericht der Runde\n'
        '(`sides`, `talon`, `laid_away`) und die Beobachtung jedes Platzes sagen, wer auf welcher\n'
        'Seite spielte. Parteien pro Runde gibt es nur, wo jeder für sich spielt (ohne `in teams\n'
        'across`).'),
    example=(
        'players 3\n'
        'deal 10 each in packets of 5\n'
        'pile talon: the rest\n'
        'declare bid from 60 to 157 in steps of 10, auction before trump, a pass is final\n'
        'talon: bidder takes pile talon and lays away as many, which count for bidder\n'
        'sides: bidder against the rest\n'
        'trump: bidder chooses suits\n'
        'first lead: bidder\n'
        'score each hand, first rule that applies:\n'
        '  made "the bidder makes the bid: each writes what the side made":\n'
        '      when one player has bidder and points >= bid of bidder\n'
        '      then every player scores points\n'
        '  failed "the bidder fails and loses the bid":\n'
        '      otherwise\n'
        '      then the player with bidder loses bid of bidder points, the others score points\n'
        'invariant one-side "the other two make the same":\n'
        '    count(not bidder and points = sum(points if not bidder else 0) / 2) = 2'),
)


SIDES = Mechanism(
    "sides",
    runtime=Runtime(
        shows=("sides",),
        compile=compile_sides,
        phase=SidesPhase,
        defaults={"sides": ()},
        partners="sides"),
    syntax=Syntax(
        grammar=GRAMMAR,
        build={"sides": build},
        statements={Sides: "sides"},
        self_contained=False),
    rulebook=Rulebook(
        words=WORDS,
        describe={"declare": describe},
        reference=REFERENCE),
    checks=Checks(
        messages=MESSAGES,
        check=check))
