"""Shuffling and dealing: the deck as card bits, the deal plan, piles, seats in turn.

Pure functions of the seeded generator's draws, so a seed deals the same hands on any
machine; cached where the same plan serves every hand of a game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import itemgetter
from typing import Any

BITS = tuple(1 << c for c in range(36))
DECK = list(BITS)  # a fresh deck of card bits, copied before each shuffle

BIT_LENGTHS = tuple(n.bit_length() for n in range(37))
# per deck size: the (position, bits drawn) of each step of random.shuffle, last card first
SHUFFLE_STEPS = tuple(tuple((i, BIT_LENGTHS[i + 1]) for i in range(n - 1, 0, -1))
                      for n in range(37))


def shuffle_deck(deck: list[int], getrandbits: Callable[[int], int]) -> None:
    """Shuffle in place: the Fisher-Yates shuffle of random.shuffle, written out.

    It draws from getrandbits exactly as CPython 3.11's random.shuffle does, so decks are
    unchanged, at half the cost; and they stay the same on Python versions whose
    random.shuffle draws differently. At most 36 cards."""
    for i, k in SHUFFLE_STEPS[len(deck)]:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]


@cache
def deal_places(players: int, each: int, packet: int | tuple[int, ...]
                ) -> tuple[tuple[int, ...], ...]:
    """Per seat counted from forehand: the deck places of its cards.

    Packets go round the table from forehand: one size each round (`packet`), or the
    sizes of a tuple in turn, again from its first, until each seat holds `each` cards
    (the checker has made the hand whole rounds)."""
    sizes = (packet,) if isinstance(packet, int) else packet
    rounds: list[tuple[int, int]] = []  # (first deck place of the round, packet size)
    start = dealt = 0
    while dealt + sizes[len(rounds) % len(sizes)] <= each:
        size = sizes[len(rounds) % len(sizes)]
        rounds.append((start, size))
        start += size * players
        dealt += size
    return tuple(tuple(first + i * size + k for first, size in rounds for k in range(size))
                 for i in range(players))


@cache
def deal_plan(players: int, each: int, packet: int | tuple[int, ...]
              ) -> tuple[itemgetter[Any], ...]:
    """Per seat counted from forehand: a getter of its cards from the shuffled deck (at
    its `deal_places`). Each getter returns a sequence."""
    plan = []
    for i, pos in enumerate(deal_places(players, each, packet)):
        plan.append(itemgetter(*pos) if len(pos) > 1 else itemgetter(slice(i, i + len(pos))))
    return tuple(plan)


def split_piles(piles: tuple[tuple[str, int | None], ...], own: frozenset[str],
                rest: list[int], seats: tuple[int, ...]) -> dict[str, list[int]]:
    """The cards left over after the deal, laid as the rule file's piles in its order: a
    pile of a size, the rest, or one pile of a size for each seat (named 'pile:seat', in
    the order of `seats`, from forehand)."""
    laid: dict[str, list[int]] = {}
    for name, size in piles:
        if name in own:
            for seat in seats:
                laid[f"{name}:{seat}"], rest = rest[:size or 0], rest[size or 0:]
        elif size is None:
            laid[name], rest = rest, []
        else:
            laid[name], rest = rest[:size], rest[size:]
    return laid


@cache
def trick_seats(players: int, playing: int) -> tuple[tuple[int, ...], ...]:
    """Per leading seat: the seats of a trick in play order, among the seats in `playing`
    (a bitmask); a seat outside it gets the order starting at the next seat in it."""
    out = []
    for lead in range(players):
        seats = [(lead + i) % players for i in range(players)]
        out.append(tuple(x for x in seats if playing >> x & 1))
    return tuple(out)


@cache
def next_seat(players: int, seat: int, among: int) -> int:
    """The first seat after `seat` (to its right) in the bitmask `among`, or -1."""
    for i in range(1, players + 1):
        x = (seat + i) % players
        if among >> x & 1:
            return x
    return -1
