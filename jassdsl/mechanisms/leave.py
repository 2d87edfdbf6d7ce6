"""Leaving the table: `players leave the table when CONDITION`. After each hand is scored,
every player still seated for whom the condition holds leaves the table; the others play
on with the deal and the piles for fewer players, and the game is over when at most one
player is left.

Everything about leaving is here: its statement (grammar line, builder, node), check,
compiled condition, phase (who leaves, the record, the game's end)
and event, how the terminal reports it and the rulebook says it, in both languages.
What stays in the base is the seating every game has: `State.table` (the seats still at
the table, which the deal and the turn order follow) and `State.left` (the hand after
which each seat left), which `winner: first to leave the table, then ...` reads to place
the players (`Game.standings`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.handfacts import HandFacts
from jassdsl.compile.scoring import Fn
from jassdsl.core import model as m
from jassdsl.core.mechanism import (
    Checks,
    Mechanism,
    Reference,
    Rulebook,
    Runtime,
    Syntax,
    Terminal,
)
from jassdsl.engine.events import Event
from jassdsl.engine.phase import Phase, Table
from jassdsl.language.syntax import pos_of
from jassdsl.rulebook.words import Lang, say

# -- the statement
GRAMMAR = """
%extend _statement: leave
// after scoring, players for whom the condition holds leave the table (first to leave wins)
leave: "players" "leave" "the" "table" "when" expr
"""


class Leave(m.Node):
    """`players leave the table when CONDITION`."""

    when: m.Expr  # read per player after scoring

    @property
    def reported_at(self) -> m.Pos:
        return self.when.pos


def build(meta: Any, ch: list[Any]) -> Leave:
    return Leave(pos=pos_of(meta), when=ch[0])


def check(c: Any, rf: m.RuleFile) -> None:
    """Players who play for themselves; a condition per player, read after scoring."""
    leave = rf.part("leave", Leave)
    if leave is None:
        return
    if rf.teams:
        c.error(leave.when.pos, "teams", "a team cannot leave the table; leaving is for "
                "players who play for themselves")
    c.after_scoring = True
    c.top(leave.when, subject=True)
    c.after_scoring = False


@dataclass(frozen=True)
class LeaveConfig:
    """The compiled `players leave the table when ...` statement."""

    when: Fn  # after scoring, true for a player who leaves the table


def compile_leave(rf: m.RuleFile, options: dict[str, int | str], compiler: Any
                  ) -> LeaveConfig | None:
    leave = rf.part("leave", Leave)
    return LeaveConfig(compiler.expr(leave.when)) if leave is not None else None


# -- the phase
@dataclass(frozen=True, slots=True)
class LeftTable(Event):
    """These seats left the table after the hand."""

    seats: tuple[int, ...]


class Leaving(Phase):
    """Never waits: after scoring, the players for whom the file's condition holds leave
    the table; the game is over when one player is left."""

    place = "keeper"
    part_key = "leave"

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        config = rules.config("leave", LeaveConfig)
        assert config is not None
        self.when = config.when

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "leave" in rules.configs

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        s, r = g.s, self.rules
        going = []
        for seat in range(r.players):
            if not s.table >> seat & 1:
                continue
            facts.bound = None
            if self.when(facts, seat):
                going.append(seat)
                s.left[seat] = s.hand_no
                s.table &= ~(1 << seat)
        facts.players = s.table.bit_count()
        if going and g.log is not None:
            g.emit(LeftTable(s.hand_no, tuple(going)))
        return {"left": tuple(going)}

    def ends_game(self, g: Table) -> bool | None:
        """One player left: no further hand (else the file's `game ends` says)."""
        return True if g.s.table.bit_count() <= 1 else None


# -- the terminal and the rulebook
def hand_lines(lang: Lang, rules: Any, result: Any, names: Any) -> list[str]:
    """Who left the table after the hand, closing its report."""
    left = result.left
    if not left:
        return []
    return [say(lang, "live.leaving", names=", ".join(names[x] for x in left))]


def tell_end(lang: Lang, rf: m.RuleFile, s: Any, short: bool) -> str:
    """Who leaves the table ends the game (`short`: in a few words)."""
    leave = rf.part("leave", Leave)
    if leave is None:
        return ""
    phrase = s.pred(leave.when)
    cond = phrase.sub() if lang == "de" else phrase.main()  # after 'whoever': verb last
    return str(say(lang, "cmp.leave" if short else "end.leave", cond=cond))


WORDS: dict[str, tuple[str, str]] = {
    "end.leave": (
        "After each hand, every player who {cond} leaves the table; the others play on, with "
        "the deal and piles for fewer players. The game ends when at most one player is "
        "left.",
        "Nach jeder Runde verlässt jeder Spieler, der {cond}, den Tisch; die anderen spielen "
        "weiter, mit dem Geben und den Haufen für weniger Spieler. Das Spiel endet, wenn "
        "höchstens ein Spieler übrig ist.",
    ),
    "cmp.leave": ("whoever {cond} leaves the table", "wer {cond}, verlässt den Tisch"),
    "live.leaving": ("leaving the table: {names}", "verlassen den Tisch: {names}"),
}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        '`players leave the table when CONDITION` is checked for every player after each hand\n'
        'is scored: who meets it leaves the table, and the others play on (the deal, the piles\n'
        'and the tricks are those of the players still seated; `players` counts them). The game\n'
        'also ends when at most one player is left. Who wins is said by `winner:` (see the end of\n'
        'the game): usually the first to leave the table.'),
    text_de=(
        '`players leave the table when BEDINGUNG` wird nach der Abrechnung jeder Runde für jeden\n'
        'Spieler geprüft: wer sie erfüllt, verlässt den Tisch, die anderen spielen weiter (Geben,\n'
        'Haufen und Stiche sind die der Spieler, die noch sitzen; `players` zählt sie). Das Spiel\n'
        'endet auch, wenn höchstens ein Spieler übrig ist. Wer gewinnt, sagt `winner:` (siehe\n'
        'Spielende): meist, wer zuerst den Tisch verlässt.'),
    example=(
        'unit stroke/strokes\n'
        'unit zero/zeros, cancels stroke\n'
        'option target "strokes to win" default 7 choices 5, 7, 9\n'
        'score each hand, first rule that applies:\n'
        '  best "the most points earn a stroke, fewer than 21 a zero":\n'
        '      otherwise\n'
        '      then players with most(points) get 1 stroke, players with points < 21 get 1 zero\n'
        'players leave the table when total strokes >= target\n'
        'game ends when players <= 1\n'
        'winner: first to leave the table, then most strokes'),
)


LEAVE = Mechanism(
    "leave",
    syntax=Syntax(
        grammar=GRAMMAR,
        build={"leave": build},
        statements={Leave: "leave"},
        self_contained=False),
    rulebook=Rulebook(
        words=WORDS,
        tell_end=tell_end,
        reference=REFERENCE),
    checks=Checks(
        check=check),
    runtime=Runtime(
        phase=Leaving,
        defaults={"left": ()},
        compile_conditions=compile_leave,
        empties_seats=True,
        out_of_play=True),
    terminal=Terminal(
        hand_lines=hand_lines))
