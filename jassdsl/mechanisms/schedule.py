"""Trump by a schedule: the file fixes the mode of every hand (`trump: obenabe`, or an
option whose choices are modes), or lists the modes of hand 1, 2, ... in turn, repeating
(`trump: in turn D, H, S, C, obenabe, undenufe`). Nobody chooses and nothing waits.

Two trump methods one mechanism adds (`TrumpWay.kinds`: `fixed`, `in_turn`): their
grammar lines, builders, check, compiled order, phase and words are here. The layers
read it through `TrumpWay` (`own_modes`, `plays`, `short`, `section`, `told`, `story`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core import model as m
from jassdsl.core.mechanism import (
    Checks,
    Mechanism,
    Reference,
    Rulebook,
    Runtime,
    Syntax,
    TrumpWay,
)
from jassdsl.core.modes import mode_numbers
from jassdsl.engine import HandResult
from jassdsl.engine.events import TrumpSet
from jassdsl.engine.phase import Phase, Table
from jassdsl.language.syntax import pos_of, word
from jassdsl.rulebook.render import fixed_mode, mode_choice
from jassdsl.rulebook.textview import mode_label
from jassdsl.rulebook.words import Lang, join_words, say

NAME = "schedule"
FIXED, IN_TURN = "fixed", "in_turn"  # the kinds of its two methods

# -- the methods
GRAMMAR = """
// trump by rule: modes by hand in turn, or one mode (or an option naming modes)
%extend trump_method: "in" "turn" ID ("," ID)* -> schedule_in_turn
                    | ID                       -> schedule_fixed
"""


def build_in_turn(meta: Any, ch: list[Any]) -> m.TrumpMethod:
    return m.TrumpMethod(pos=pos_of(meta), kind=IN_TURN, modes=tuple(map(word, ch)))


def build_fixed(meta: Any, ch: list[Any]) -> m.TrumpMethod:
    return m.TrumpMethod(pos=pos_of(meta), kind=FIXED, modes=(word(ch[0]),))


def check(c: Any, rf: m.RuleFile) -> None:
    """`trump: MODE` (or an option whose choices are modes), `trump: in turn M, M, ...`:
    each word one mode the file can play."""
    t = rf.trump
    if t.kind == IN_TURN:
        for w in t.modes:
            c.one_mode(w, rf, "trump in turn")
        return
    if t.kind != FIXED:
        return
    w = t.modes[0]
    opt = c.options.get(w.text)
    if opt is None:
        if w.text not in c.one_modes():
            modes = ", ".join(c.one_modes())
            c.error(w.pos, "unknown-name", f"{w.text!r} is neither a trump method, nor "
                    f"one mode ({modes}), nor an option whose choices are modes")
            return
        c.one_mode(w, rf, "trump")
        return
    for choice in opt.choices:
        c.one_mode(m.Word(pos=choice.pos, text=choice.word()), rf,
                   f"option {opt.name!r} as trump")


# -- the compiled setting
@dataclass(frozen=True)
class ScheduleConfig:
    """The modes of hand 1, 2, ... (repeating); one for a fixed mode."""

    order: tuple[int, ...]


def compile_schedule(rf: m.RuleFile, options: dict[str, int | str]) -> ScheduleConfig | None:
    t = rf.trump
    numbers = mode_numbers(rf)
    if t.kind == FIXED:
        return ScheduleConfig((numbers[str(options.get(t.modes[0].text, t.modes[0].text))],))
    if t.kind == IN_TURN:
        return ScheduleConfig(tuple(numbers[w.text] for w in t.modes))
    return None


def config(rules: CompiledRules) -> ScheduleConfig:
    found = rules.config(NAME, ScheduleConfig)
    assert found is not None
    return found


def plays(rules: Any) -> tuple[int, ...]:
    """Every mode the schedule plays a hand in."""
    return config(rules).order


def no_choices(found: Any) -> tuple[int, ...]:
    """Nobody chooses a mode."""
    return ()


# -- the phase
class Schedule(Phase):
    """Sets the hand's mode from its number, before anything else of the hand."""

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.config(NAME, ScheduleConfig) is not None

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.order = config(rules).order

    def mode_of_hand(self, number: int) -> int:
        """The mode of hand `number` (from 1): the listed modes in turn, repeating."""
        return self.order[(number - 1) % len(self.order)]

    def begin(self, g: Table) -> bool:
        s = g.s
        s.mode = self.mode_of_hand(s.hand_no)
        if g.log is not None:
            g.emit(TrumpSet(s.hand_no, g.rules.mode(s.mode), "fixed"))
        return False


# -- the rulebook and the terminal
def short(lang: Lang, rf: m.RuleFile) -> str:
    t = rf.trump
    if t.kind == FIXED:
        return say(lang, "short.fixed", mode=fixed_mode(lang, rf, t.modes[0]))
    return say(lang, "short.in_turn")


def section(lang: Lang, rf: m.RuleFile) -> list[str]:
    t = rf.trump
    if t.kind == FIXED:
        return [say(lang, "trump.fixed", mode=fixed_mode(lang, rf, t.modes[0]))]
    modes = [mode_choice(lang, w.text, rf) for w in t.modes]
    return [say(lang, "trump.in_turn", modes=join_words(lang, modes), n=len(modes))]


def words_of(rf: m.RuleFile) -> tuple[m.Word, ...]:
    """The modes a hand is played in: the listed ones, or the choices of the option."""
    t = rf.trump
    opt = next((o for o in rf.options if t.kind == FIXED and o.name == t.modes[0].text), None)
    if opt is None:
        return t.modes
    return tuple(m.Word(pos=c.pos, text=c.word()) for c in opt.choices)


def told(rules: Any, result: HandResult, events: Any, names: Any, lang: Lang) -> str:
    """``trump obenabe (set by the rules for hand 3)``."""
    label = say(lang, "live.trump_label", mode=mode_label(result.trump, lang))
    return f"{label} ({say(lang, 'live.how.rules', n=result.number)})"


def story(lang: Lang, v: Any) -> list[str]:
    """The example's hand: played in the mode the rules set for its number."""
    result = v.example.result
    return [say(lang, "ex.fixed", number=result.number,
                mode=mode_choice(lang, result.trump, v.model))]


WORDS: dict[str, tuple[str, str]] = {
    "trump.fixed": (
        "Nobody chooses: every hand is played as {mode}.",
        "Niemand wählt: jede Runde wird gespielt als {mode}.",
    ),
    "trump.in_turn": (
        "Nobody chooses: the hands are played in this order, one mode per hand, starting "
        "again after {n} hands: {modes}.",
        "Niemand wählt: die Runden werden in dieser Reihenfolge gespielt, eine Spielart pro "
        "Runde, nach {n} Runden wieder von vorn: {modes}.",
    ),
    "short.fixed": ("always {mode}", "immer {mode}"),
    "short.in_turn": ("set by the hand's number, in turn", "nach der Nummer der Runde, reihum"),
    "ex.fixed": ("Hand {number} is played as {mode}, as the rules say.",
                 "Runde {number} wird nach den Regeln als {mode} gespielt."),
    "live.how.rules": ("set by the rules for hand {n}", "von den Regeln für Runde {n} bestimmt"),
}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        'Trump by rule, where nobody chooses: one mode for every hand, a mode named by an option\n'
        'whose choices are modes, or the modes of hand 1, 2, 3, ... in a listed order, starting\n'
        'again after the last.'),
    text_de=(
        'Trumpf nach Regel, ohne dass jemand wählt: eine Spielart für jede Runde, eine Spielart,\n'
        'die eine Option mit Spielarten als Werten nennt, oder die Spielarten der Runden 1, 2, 3,\n'
        '... in einer festen Reihenfolge, nach der letzten wieder von vorn.'),
    example=(
        'trump: in turn D, H, S, C, obenabe, undenufe'),
)


SCHEDULE = Mechanism(
    NAME,
    trump=TrumpWay(fast=True, choices=no_choices, words_of=words_of, section=section,
                   told=told, story=story, kinds=(FIXED, IN_TURN), own_modes=True,
                   plays=plays, short=short),
    syntax=Syntax(
        grammar=GRAMMAR,
        build={"schedule_in_turn": build_in_turn, "schedule_fixed": build_fixed}),
    rulebook=Rulebook(
        words=WORDS,
        reference=REFERENCE),
    checks=Checks(
        check=check),
    runtime=Runtime(
        compile=compile_schedule,
        phase=Schedule))
