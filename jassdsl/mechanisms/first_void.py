"""The first void sets trump (`trump: first void, else obenabe`): the first card of a player
who cannot follow makes its suit trump; until then, and in a hand where everybody can always
follow, tricks are played in the file's fallback order. That player holds the role
`first-void` (where the file reads it, with any trump method).

A trump method a mechanism adds (`jassdsl.core.mechanism.TrumpWay`): its grammar line,
builder, check, phase, words, and how the terminal and the rulebook's example tell how
trump was set are here. Its card sets trump (`TrumpWay.card_sets`): the bots, the corpus
and the table Weis read that property, not the method's name. Its phase subscribes to
play's `on_card` hook: it acts on cards while trump is open or the role is free, and is
quiet after."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core import model as m
from jassdsl.core.cards import SUITS, all_follow, shown_card
from jassdsl.core.mechanism import (
    Checks,
    Mechanism,
    Reference,
    Rulebook,
    Runtime,
    Syntax,
    TrumpWay,
)
from jassdsl.core.roles import ROLES
from jassdsl.core.tables import MODE_NAMES
from jassdsl.engine import HandResult
from jassdsl.engine.events import Event, TrumpSet
from jassdsl.engine.phase import Phase, Table
from jassdsl.language.syntax import pos_of, word
from jassdsl.rulebook.cardview import card_mark, suit_prose
from jassdsl.rulebook.example import seat_name
from jassdsl.rulebook.render import Variant
from jassdsl.rulebook.textview import fallback_name, mode_label
from jassdsl.rulebook.words import Lang, say

NAME = "first_void"
ROLE = ROLES["first-void"].index  # the seat that first could not follow, in `State.roles`

# -- the method
GRAMMAR = """
// the first card of a player who cannot follow sets trump; until then the fallback
%extend trump_method: "first" "void" "," "else" ID -> first_void_trump
"""


def build(meta: Any, ch: list[Any]) -> m.TrumpMethod:
    return m.TrumpMethod(pos=pos_of(meta), kind=NAME, fallback=word(ch[0]))


def check(c: Any, rf: m.RuleFile) -> None:
    """Any suit may become trump. (The fallback is checked as that of any method.)"""
    if rf.trump.kind == NAME:
        c.needs_tables(rf.trump.pos, "trump", rf)


# -- the phase
class FirstVoid(Phase):
    place = "in play"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.trump_kind == NAME or ROLE in rules.roles_read

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.sets = rules.trump_kind == NAME  # its card sets trump
        self.names = ROLE in rules.roles_read  # the file reads who it was

    def trump_open(self, mode: int) -> bool:
        """Whether a card of a hand in this mode may still set trump: no trump is set,
        and the file lets the first card of a player who cannot follow set it."""
        return mode < 0 and self.sets

    def sets_trump(self, mode: int, led: int, card: int) -> bool:
        """Whether a card played on a trick led in suit `led` sets trump: the first card
        of a player who cannot follow, while the trump is open (`trump_open`)."""
        return self.trump_open(mode) and card // 9 != led

    def on_card(self, g: Table, seat: int, card: int) -> None:
        s = g.s
        trick = s.trick
        if not trick:
            return
        if self.names and card // 9 != trick[0] // 9 and s.roles[ROLE] < 0:
            s.roles[ROLE] = seat
        if self.sets_trump(s.mode, trick[0] // 9, card):
            s.mode = card // 9
            g.emit(TrumpSet(s.hand_no, self.rules.mode(s.mode), "first void", seat, card))

    def quiet(self, g: Table) -> bool:
        s = g.s
        return not self.trump_open(s.mode) and not (self.names and s.roles[ROLE] < 0)

    def calm(self, g: Table, led: int, hands: tuple[int, ...]) -> bool:
        """Nothing happens on a leader's card, nor in a trick where every follower can
        follow suit (under the plain regime of an open trump, each then does)."""
        return led < 0 or self.quiet(g) or all_follow(led, hands)


# -- the terminal and the rulebook
def told(rules: CompiledRules, result: HandResult, events: Sequence[Event],
         names: Sequence[str], lang: Lang) -> str:
    """``trump H (first void: P2 played H6 in trick 3)``, or no trump (the fallback)."""
    hit = result.first_off_suit()
    if hit is None or result.trump not in SUITS:
        return say(lang, "live.how.no_void", mode=fallback_name(rules))
    k, seat, card = hit
    label = say(lang, "live.trump_label", mode=mode_label(result.trump, lang))
    how = say(lang, "live.how.void", name=names[seat], card=shown_card(card), k=k)
    return f"{label} ({how})"


def story(lang: Lang, v: Variant) -> list[str]:
    """The example hand: in which trick whose card set trump, or that nobody's did."""
    ex, r = v.example, v.rules
    if ex.set_by_card is None:
        mode = say(lang, f"fallback.{MODE_NAMES[r.fallback or 4]}")
        return [say(lang, "ex.never_void", mode=mode)]
    trump = ex.result.trump
    trump_text = say(lang, "ex.trump_is", suit=suit_prose(lang, trump)) if trump in SUITS \
        else ""
    number, seat, card = ex.set_by_card
    return [say(lang, "ex.first_void", trick=number, player=seat_name(seat),
                card=card_mark(card), trump=trump_text)]


WORDS: dict[str, tuple[str, str]] = {
    "trump.first_void": (
        "Nobody chooses trump. The hand starts without trump; tricks go to the highest card "
        "of the suit led (the {fallback} order). The first player who cannot follow suit sets "
        "trump: the suit of the card they play is trump for the rest of the hand. Card points "
        "are counted at the end with the trump that was finally set. If every player could "
        "always follow, the hand stays {fallback}.",
        "Niemand wählt den Trumpf. Die Runde beginnt ohne Trumpf; den Stich macht die höchste "
        "Karte der ausgespielten Farbe (Reihenfolge {fallback}). Wer als Erster nicht "
        "bedienen kann, bestimmt den Trumpf: die Farbe seiner Karte ist Trumpf bis zum Ende "
        "der Runde. Die Kartenpunkte werden am Ende mit dem zuletzt gültigen Trumpf gezählt. "
        "Konnte immer jeder bedienen, bleibt die Runde {fallback}.",
    ),
    "short.first_void": ("first player who cannot follow", "wer zuerst nicht bedienen kann"),
    "ex.first_void": (
        "In trick {trick}, {player} cannot follow and plays {card}: {trump}.",
        "Im {trick}. Stich kann {player} nicht bedienen und spielt {card}: {trump}.",
    ),
    "ex.never_void": (
        "Every player could always follow, so no trump was set: the hand counts as {mode}.",
        "Jeder konnte immer bedienen, also wurde kein Trumpf bestimmt: die Runde zählt als "
        "{mode}.",
    ),
    "live.how.no_void": ("no trump (nobody failed to follow; counted as {mode})",
                         "kein Trumpf (alle haben Farbe bekannt; gezählt als {mode})"),
    "live.how.void": ("first void: {name} played {card} in trick {k}",
                      "erste Fehlfarbe: {name} spielte {card} im Stich {k}"),
}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        'The first card played by a player who cannot follow sets trump for the rest of the hand;\n'
        'until then, and for the whole hand if it never happens, the `else` mode decides.'),
    text_de=(
        'Wer als Erster nicht bedienen kann, bestimmt mit seiner Karte den Trumpf für den Rest der\n'
        'Runde; bis dahin, und für die ganze Runde, falls das nie geschieht, gilt die Spielart nach\n'
        '`else`.'),
    example=(
        'trump: first void, else obenabe'),
)


FIRST_VOID = Mechanism(
    NAME,
    trump=TrumpWay(fast=True, card_sets=True, told=told, story=story),
    syntax=Syntax(
        grammar=GRAMMAR,
        build={"first_void_trump": build}),
    rulebook=Rulebook(
        words=WORDS,
        reference=REFERENCE),
    checks=Checks(
        check=check),
    runtime=Runtime(
        phase=FirstVoid))
