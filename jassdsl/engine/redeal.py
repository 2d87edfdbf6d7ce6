"""A redeal of the hidden cards, as a map from each card to the card that takes its place.

A searching bot plays on deals its seat cannot tell from the real one
(`engine.determinize`): every card whose place the seat cannot see (in another hand, in a
face-down pile, laid away out of its sight) is swapped for another such card. `Redeal`
is that swap, one card for one card, so that whatever the state keeps of the cards (the
hands, the piles, the cards won, what a mechanism noted of a hand) can be carried over
place by place: each phase does so for its own part (`Phase.redeal`) and derives again
what it derived from the hands (the Weise a hand may declare). Cards the seat can see map
to themselves.
"""

from __future__ import annotations

from collections.abc import Sequence


class Redeal:
    """Card `c` becomes `to[c]`; `hidden` is the mask of the cards that move (the map is
    one to one on them, and the same card elsewhere)."""

    __slots__ = ("hidden", "to")

    def __init__(self, to: Sequence[int], hidden: int) -> None:
        self.to = tuple(to)
        self.hidden = hidden

    def card(self, card: int) -> int:
        return self.to[card] if card >= 0 else card

    def mask(self, mask: int) -> int:
        """A set of cards (bits), each card carried over."""
        moving = mask & self.hidden
        if not moving:
            return mask
        out, to = mask & ~self.hidden, self.to
        while moving:
            low = moving & -moving
            out |= 1 << to[low.bit_length() - 1]
            moving ^= low
        return out

    def cards(self, cards: Sequence[int]) -> tuple[int, ...]:
        """Cards in an order (a pile from its top, cards laid away in turn): a card that
        stays keeps its place in the order, the cards that move fill the other places
        lowest first, so that the order says nothing the seat could not see."""
        moved = iter(sorted(self.to[c] for c in cards if self.hidden >> c & 1))
        return tuple(c if not self.hidden >> c & 1 else next(moved) for c in cards)
