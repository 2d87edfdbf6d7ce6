"""The first void: the first card of a player who cannot follow sets trump (where the
file's trump method says so), and that player holds the role `first-void` (where the file
reads it). A subscriber of play's `on_card` hook: it acts on cards while trump is open or
the role is free, and is quiet after."""

from __future__ import annotations

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.cards import SUIT_MASKS
from jassdsl.core.roles import FIRST_VOID
from jassdsl.engine.events import TrumpSet
from jassdsl.engine.phase import Phase, Table


class FirstVoid(Phase):
    place = "in play"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.trump_kind == "first_void" or FIRST_VOID in rules.roles_read

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.sets = rules.trump_kind == "first_void"  # its card sets trump
        self.names = FIRST_VOID in rules.roles_read  # the file reads who it was

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
        if self.names and card // 9 != trick[0] // 9 and s.roles[FIRST_VOID] < 0:
            s.roles[FIRST_VOID] = seat
        if self.sets_trump(s.mode, trick[0] // 9, card):
            s.mode = card // 9
            g.emit(TrumpSet(s.hand_no, self.rules.mode(s.mode), "first void", seat, card))

    def quiet(self, g: Table) -> bool:
        s = g.s
        return not self.trump_open(s.mode) and not (self.names and s.roles[FIRST_VOID] < 0)

    def calm(self, g: Table, led: int, hands: tuple[int, ...]) -> bool:
        """Nothing happens on a leader's card, nor in a trick where every follower can
        follow suit (under the plain regime of an open trump, each then does)."""
        return led < 0 or self.quiet(g) or all_follow(led, hands)


def all_follow(led: int, hands: tuple[int, ...]) -> bool:
    """Whether each of these hands holds a card of suit `led` (nobody is void in it)."""
    suit = SUIT_MASKS[led]
    return all(hand & suit for hand in hands)
