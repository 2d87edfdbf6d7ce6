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
from jassdsl.core.mechanism import Checks, Mechanism, Rulebook, Runtime, Syntax
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
        describe={"declare": describe}),
    checks=Checks(
        messages=MESSAGES,
        check=check))
