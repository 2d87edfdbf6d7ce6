"""Perft for an engine that knows only legal cards and trick winners (standard library only).

The adapters of foreign engines (scripts/schieber_adapter.py, scripts/jasskit_diff.py)
answer the corpus's `perft` cases with it: from the open trick, count the sequences of
`depth` card plays, each card one the engine calls legal, each completed trick led on by
the winner the engine names. So a perft case checks the engine's own rules over several
tricks, not this file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Legal = Callable[[list[str], list[str]], Sequence[str]]  # (hand, trick) -> legal cards
Winner = Callable[[list[str]], int]  # a whole trick -> position of the winning card


def perft(hands: list[list[str]], trick: list[str], leader: int, depth: int, legal: Legal,
          winner: Winner) -> tuple[int, dict[str, int]]:
    """The number of play sequences of `depth` cards, and that number per first card."""
    seats = len(hands)

    def count(trick: list[str], leader: int, depth: int) -> int:
        if depth == 0:
            return 1
        seat = (leader + len(trick)) % seats
        total = 0
        for card in legal(hands[seat], trick):
            hands[seat].remove(card)
            played = [*trick, card]
            if len(played) == seats:
                total += count([], (leader + winner(played)) % seats, depth - 1)
            else:
                total += count(played, leader, depth - 1)
            hands[seat].append(card)
        return total

    if depth == 0:
        return 1, {}
    seat = (leader + len(trick)) % seats
    divide: dict[str, int] = {}
    for card in list(legal(hands[seat], trick)):
        hands[seat].remove(card)
        played = [*trick, card]
        if len(played) == seats:
            divide[card] = count([], (leader + winner(played)) % seats, depth - 1)
        else:
            divide[card] = count(played, leader, depth - 1)
        hands[seat].append(card)
    return sum(divide.values()), divide
