#!/usr/bin/env python3
"""The floor of pure Python: the least work a random Schieber hand needs, written by hand.

Issue 33 asks `simulate --bots random` on the pure-Python engine to play ten times the
hands of jass-kit's `GameSim` loop. This loop says how far pure Python can go at all: one
function, the cards as bit masks, the follow rule of a trump suit (follow suit or trump,
no undertrumping unless nothing else is left, the trump Jack never forced), the trick's
winner and points from per-trump tables, the last trick's five. It has no trump choice
(a random suit), no Obenabe or Undeufe, no Weis, no Stöck, no game loop, no records and
nothing read from a rule file: every figure of the engine pays for those, so a general
engine cannot be faster than this. `bench_speed.py` times it beside jass-kit (its
"pure-Python floor" figure), so the two share the load of the moment.

    python bench/python_floor.py [--hands 20000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

# card = suit * 9 + rank; ranks 6 7 8 9 10 J Q K A
PLAIN_ORDER = (0, 1, 2, 3, 4, 5, 6, 7, 8)
TRUMP_ORDER = (9, 10, 11, 16, 12, 17, 13, 14, 15)  # the Nell and the Puur on top
PLAIN_POINTS = (0, 0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 0, 14, 10, 20, 3, 4, 11)
SUIT = tuple(((1 << 9) - 1) << (9 * s) for s in range(4))
INDEX = {1 << i: i for i in range(36)}


def tables(trump: int) -> tuple[list[list[int]], list[int]]:
    """Per led suit each card's strength (trumps above 100, off suits 0), and points."""
    strength = [[0] * 36 for _ in range(4)]
    points = [0] * 36
    for card in range(36):
        suit, rank = divmod(card, 9)
        points[card] = (TRUMP_POINTS if suit == trump else PLAIN_POINTS)[rank]
        for led in range(4):
            strength[led][card] = (100 + TRUMP_ORDER[rank] if suit == trump
                                   else PLAIN_ORDER[rank] + 1 if suit == led else 0)
    return strength, points


TABLES = [tables(t) for t in range(4)]


def hand(rng: random.Random) -> list[int]:
    """One hand of random legal cards; the two sides' points (157 together)."""
    cards = list(range(36))
    rng.shuffle(cards)
    hands = [0, 0, 0, 0]
    for i, card in enumerate(cards):
        hands[i // 9] |= 1 << card
    trump = rng.randrange(4)
    strength, points = TABLES[trump]
    trumps, jack = SUIT[trump], 1 << (trump * 9 + 5)
    lead, score = 0, [0, 0]
    for trick in range(9):
        best, winner, total, led = -1, lead, 0, -1
        for k in range(4):
            seat = (lead + k) & 3
            held = hands[seat]
            if led < 0:
                legal = held
            else:
                follow = held & SUIT[led]
                if led == trump:
                    legal = follow if follow & ~jack else held
                else:
                    legal = (follow | (held & trumps)) if follow else held
                    if best >= 100 and legal & trumps:  # no undertrumping if avoidable
                        under, rest = 0, legal & trumps
                        while rest:
                            bit = rest & -rest
                            rest ^= bit
                            if strength[led][INDEX[bit]] < best:
                                under |= bit
                        if under and legal & ~under:
                            legal &= ~under
            pick = legal
            for _ in range(rng.randrange(legal.bit_count())):
                pick &= pick - 1
            bit = pick & -pick
            card = INDEX[bit]
            hands[seat] = held ^ bit
            if led < 0:
                led = card // 9
            if strength[led][card] > best:
                best, winner = strength[led][card], seat
            total += points[card]
        score[winner & 1] += total + (5 if trick == 8 else 0)
        lead = winner
    return score


def hands_per_second(hands: int, seed: int,
                     clock: Callable[[], float] = time.perf_counter) -> float:
    rng = random.Random(seed)
    t0 = clock()
    for _ in range(hands):
        hand(rng)
    return float(hands / (clock() - t0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rates = [hands_per_second(args.hands, r) for r in range(args.rounds)]
    print(f"pure-Python floor: median {statistics.median(rates):.0f} hands/s "
          f"over {args.rounds} rounds")


if __name__ == "__main__":
    main()
