#!/usr/bin/env python3
"""The floor of pure Python: the least work a random Schieber hand needs, written by hand.

Issue 33 asks `simulate --bots random` on the pure-Python engine to play ten times the
hands of jass-kit's `GameSim` loop. This loop says how far pure Python can go at all: one
function, each seat's cards as four 9-bit suit masks, every pick read from tables keyed by
a suit mask (its cards with their strength and points), the follow rule of a trump suit
(follow suit or trump, no undertrumping unless nothing else is left, the trump Jack never
forced), the trick's winner and points, the last trick's five. It has no trump choice (a
random suit), no Obenabe or Undeufe, no Weis, no Stöck, no game loop, no records and
nothing read from a rule file: the engine does all of this and more for every figure.
`bench_speed.py` times it beside jass-kit (its "pure-Python floor" figure), so the two
share the load of the moment.

Draws: the deal sorts the 36 cards by 36 random floats (a uniform permutation); each card
is the `getrandbits(30) % n`-th of the n legal cards in card order (n <= 9, so uniform to
within 1e-8). `hand(rand, held, trump)` plays one dealt hand, so that a check can feed it
the draws of another implementation and compare whole hands.

    python bench/python_floor.py [--hands 20000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from itertools import starmap

# card = suit * 9 + rank; ranks 6 7 8 9 10 J Q K A
TRUMP_ORDER = (9, 10, 11, 16, 12, 17, 13, 14, 15)  # the Nell and the Puur on top
PLAIN_POINTS = (0, 0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 0, 14, 10, 20, 3, 4, 11)
NOT_JACK = 511 ^ (1 << 5)
COUNT = tuple(m.bit_count() for m in range(512))  # cards in a 9-bit suit mask
# per strength of the best trump so far (100 + order): the trump ranks above it
ABOVE = tuple(sum(1 << r for r in range(9) if 100 + TRUMP_ORDER[r] > best)
              for best in range(118))


Pick = tuple[tuple[tuple[int, int, int], ...], ...]


def _picks(strength: tuple[int, ...], points: tuple[int, ...]) -> Pick:
    """Per 9-bit suit mask, its cards low to high as (bit, strength, points)."""
    return tuple(tuple((1 << r, strength[r], points[r]) for r in range(9) if m >> r & 1)
                 for m in range(512))


PLAIN = _picks(tuple(r + 1 for r in range(9)), PLAIN_POINTS)  # strength when led
TRUMP = _picks(tuple(100 + o for o in TRUMP_ORDER), TRUMP_POINTS)
PICKS = tuple(tuple(TRUMP if s == t else PLAIN for s in range(4)) for t in range(4))
# per trump, lead and led suit: each follower's seat, its first mask and its led and trump masks
FOLLOWERS = tuple(tuple(tuple(tuple((s, s * 4, s * 4 + led, s * 4 + trump)
                                    for s in ((lead + 1) & 3, (lead + 2) & 3, (lead + 3) & 3))
                              for led in range(4)) for lead in range(4)) for trump in range(4))
BIT = tuple(1 << c for c in range(36))
CARDS = range(36)
NO_ARGS = ((),) * 36
ALL = (1 << 36) - 1


def hand(rand: Callable[[int], int], held: list[int], trump: int) -> list[int]:
    """One hand of random legal cards from `held` (16 suit masks, seat * 4 + suit, changed
    in place); the two sides' points (157 together). `rand(30) % n` draws among n cards."""
    picks, followers = PICKS[trump], FOLLOWERS[trump]
    trumps_pick = picks[trump]
    lead, score = 0, [0, 0]
    for n in (9, 8, 7, 6, 5, 4, 3, 2, 1):
        # the lead: any of the n cards held, in card order
        base = lead * 4
        i = rand(30) % n
        suit = 0
        mask = held[base]
        while i >= COUNT[mask]:
            i -= COUNT[mask]
            suit += 1
            mask = held[base + suit]
        bit, best, total = picks[suit][mask][i]
        held[base + suit] = mask ^ bit
        led, winner = suit, lead
        led_pick, follow_first = picks[led], led < trump
        for seat, base, at_led, at_trump in followers[lead][led]:
            follow = held[at_led]
            if led == trump:
                if follow & NOT_JACK:  # a trump other than the Jack: follow with trumps
                    bit, value, points = trumps_pick[follow][rand(30) % COUNT[follow]]
                    held[at_led] = follow ^ bit
                    total += points
                    if value > best:
                        best, winner = value, seat
                    continue
                over = follow  # anything
            elif follow:  # follow suit or trump, but not under a trump already played
                trumps = held[at_trump]
                over = trumps & ABOVE[best] if best >= 100 else trumps
                first = COUNT[follow] if follow_first else COUNT[over]
                i = rand(30) % (COUNT[follow] + COUNT[over])
                if (i < first) == follow_first:
                    bit, value, points = led_pick[follow][i if follow_first else i - first]
                    held[at_led] = follow ^ bit
                else:
                    bit, value, points = trumps_pick[over][i - first if follow_first else i]
                    held[at_trump] = trumps ^ bit
                total += points
                if value > best:
                    best, winner = value, seat
                continue
            else:  # void: anything, but no trump under one already played if avoidable
                trumps = held[at_trump]
                over = trumps
                if best >= 100 and trumps:
                    over = trumps & ABOVE[best]
                    if COUNT[trumps] - COUNT[over] == n:
                        over = trumps  # nothing but trumps under it to play
            masks = [held[base], held[base + 1], held[base + 2], held[base + 3]]
            masks[trump] = over
            i = rand(30) % (COUNT[masks[0]] + COUNT[masks[1]] + COUNT[masks[2]]
                            + COUNT[masks[3]])
            suit = 0
            mask = masks[0]
            while i >= COUNT[mask]:
                i -= COUNT[mask]
                suit += 1
                mask = masks[suit]
            bit, value, points = picks[suit][mask][i]
            held[base + suit] ^= bit
            total += points
            if suit == trump and value > best:
                best, winner = value, seat
        score[winner & 1] += total
        lead = winner
    score[lead & 1] += 5  # the last trick
    return score


def deal(rnd: Callable[[], float]) -> list[int]:
    """Four hands of nine as 16 suit masks (seat * 4 + suit): the cards sorted by random keys."""
    keys = list(starmap(rnd, NO_ARGS))
    order = sorted(CARDS, key=keys.__getitem__)
    a = sum(map(BIT.__getitem__, order[0:9]))
    b = sum(map(BIT.__getitem__, order[9:18]))
    c = sum(map(BIT.__getitem__, order[18:27]))
    d = ALL ^ a ^ b ^ c
    return [a & 511, a >> 9 & 511, a >> 18 & 511, a >> 27, b & 511, b >> 9 & 511,
            b >> 18 & 511, b >> 27, c & 511, c >> 9 & 511, c >> 18 & 511, c >> 27,
            d & 511, d >> 9 & 511, d >> 18 & 511, d >> 27]


def hands_per_second(hands: int, seed: int,
                     clock: Callable[[], float] = time.perf_counter) -> float:
    rng = random.Random(seed)
    rnd, rand = rng.random, rng.getrandbits
    t0 = clock()
    for _ in range(hands):
        hand(rand, deal(rnd), rand(2))
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
