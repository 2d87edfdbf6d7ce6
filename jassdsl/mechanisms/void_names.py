"""The first void names the mode (`trump: obenabe until the first void names suits,
obenabe, undenufe`): the first player who cannot follow, before playing a card, names the
hand's mode (a suit as trump, Obenabe, Undenufe: the file lists which); until then tricks
are played in the file's fallback order.

A trump method a mechanism adds (`jassdsl.core.mechanism.TrumpWay`): its grammar line,
builder, check, phase and words are here. Its phase subscribes to play's `on_turn` hook,
and its decision is an ordinary trump action (`trump H`), so the terminal, the browser
table and the bots ask and decide it as they do a trump choice; the compiler reads its
modes and fallback as those of any method."""

from __future__ import annotations

from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core import model as m
from jassdsl.core.actions import Action
from jassdsl.core.cards import SUIT_MASKS, all_follow
from jassdsl.core.errors import IllegalActionError
from jassdsl.core.mechanism import (
    Checks,
    Mechanism,
    Reference,
    Rulebook,
    Runtime,
    Syntax,
    TrumpWay,
)
from jassdsl.engine.events import TrumpSet
from jassdsl.engine.phase import Phase, Table
from jassdsl.language.check import TRUMP_MODES
from jassdsl.language.syntax import pos_of, word

NAME = "void_names"

# -- the method
GRAMMAR = """
// the first player who cannot follow names the mode; until then the fallback
%extend trump_method: ID "until" "the" "first" "void" "names" ID ("," ID)* -> void_names_trump
"""


def build(meta: Any, ch: list[Any]) -> m.TrumpMethod:
    return m.TrumpMethod(pos=pos_of(meta), kind=NAME, fallback=word(ch[0]),
                         modes=tuple(word(x) for x in ch[1:]))


def check(c: Any, rf: m.RuleFile) -> None:
    """Before the wish, tricks are played without trump. (The modes and the fallback are
    checked as those of any method.)"""
    t = rf.trump
    if t.kind == NAME and t.fallback and t.fallback.text in TRUMP_MODES and \
            t.fallback.text not in ("obenabe", "undenufe"):
        c.error(t.fallback.pos, "trump", "until the first void names the mode, tricks "
                "are played as obenabe or undenufe (or a mode the file defines)")


# -- the phase
class VoidNames(Phase):
    name = "trump"  # the decision is a trump choice, made in the middle of play
    place = "in play"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.trump_kind == NAME

    def on_turn(self, g: Table) -> bool:
        """The seat to play cannot follow while no mode is named: it names one first."""
        s = g.s
        if s.mode >= 0 or not s.trick or s.hands[s.current] & SUIT_MASKS[s.trick[0] // 9]:
            return False
        s.phase = self.name
        return True

    def quiet(self, g: Table) -> bool:
        return g.s.mode >= 0

    def calm(self, g: Table, led: int, hands: tuple[int, ...]) -> bool:
        """Nobody names a mode on a lead, nor in a trick where every follower can follow."""
        return led < 0 or self.quiet(g) or all_follow(led, hands)

    def legal(self, g: Table) -> list[Action]:
        return [Action("trump", mode) for mode in self.rules.trump_choices]

    def accepts(self, g: Table, action: Action) -> bool:
        return action.kind == "trump"

    def kinds_asked(self) -> tuple[str, ...]:
        return ("trump",)

    def take(self, g: Table, action: Action) -> None:
        if action not in self.legal(g):
            raise IllegalActionError(action, g.legal_names(), "not a mode this file lets the "
                                     "first void name")
        s = g.s
        s.mode = action.value
        g.emit(TrumpSet(s.hand_no, self.rules.mode(s.mode), "chosen", s.current,
                        named="wish"))
        s.phase = "play"


# -- the rulebook
WORDS: dict[str, tuple[str, str]] = {
    "trump.void_names": (
        "Nobody chooses trump before play. The hand starts without trump; tricks go to the "
        "highest card of the suit led (the {fallback} order). The first player who cannot "
        "follow suit names the mode before playing a card, one of: {modes}. Their card and "
        "every card after it are played in the named mode, and the card points are counted "
        "in it. If every player could always follow, the hand stays {fallback}.",
        "Vor dem Spiel wählt niemand den Trumpf. Die Runde beginnt ohne Trumpf; den Stich "
        "macht die höchste Karte der ausgespielten Farbe (Reihenfolge {fallback}). Wer als "
        "Erster nicht bedienen kann, wünscht die Spielart, bevor er eine Karte spielt, eines "
        "von: {modes}. Seine Karte und alle folgenden gelten in der gewünschten Spielart, "
        "und die Kartenpunkte werden darin gezählt. Konnte immer jeder bedienen, bleibt die "
        "Runde {fallback}.",
    ),
    "live.says.trump_wish": ("{name} cannot follow and wishes {mode}",
                             "{name} kann nicht bedienen und wünscht {mode}"),
    "live.call.named_wish": ("wished by {name}", "gewünscht von {name}"),
    "ex.named_wish": ("{player} cannot follow and wishes {trump}.",
                      "{player} kann nicht bedienen und wünscht {trump}."),
    "short.void_names": ("named by the first player who cannot follow",
                         "gewünscht von dem, der zuerst nicht bedienen kann"),
}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        'With `until the first void names`, the first player who cannot follow does not set trump\n'
        'with a card: before playing one, they name the mode, one of the modes listed (`suits` is\n'
        'any of the four). Naming is an action like a trump choice (`trump H`, `trump undenufe`);\n'
        'their card and the rest of the hand are played in the named mode. Until then, and for the\n'
        'whole hand if everybody can always follow, the first mode (`obenabe` here) decides the\n'
        'tricks.'),
    text_de=(
        'Mit `until the first void names` bestimmt, wer als Erster nicht bedienen kann, den Trumpf\n'
        'nicht mit seiner Karte: bevor er eine spielt, wünscht er die Spielart, eine der genannten\n'
        '(`suits` heisst jede der vier Farben). Das Wünschen ist eine Aktion wie eine Trumpfwahl\n'
        '(`trump H`, `trump undenufe`); seine Karte und der Rest der Runde gelten in der\n'
        'gewünschten Spielart. Bis dahin, und für die ganze Runde, falls immer jeder bedienen kann,\n'
        'entscheidet die erste Spielart (hier `obenabe`) über die Stiche.'),
    example=(
        'trump: obenabe until the first void names suits, obenabe, undenufe'),
)


VOID_NAMES = Mechanism(
    NAME,
    trump=TrumpWay(fast=True, called=True),
    syntax=Syntax(
        grammar=GRAMMAR,
        build={"void_names_trump": build}),
    rulebook=Rulebook(
        words=WORDS,
        reference=REFERENCE),
    checks=Checks(
        check=check),
    runtime=Runtime(
        phase=VoidNames))
