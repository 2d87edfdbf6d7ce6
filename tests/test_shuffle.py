"""The deal's shuffle draws exactly what CPython 3.11's random.shuffle draws.

Seeded games must deal the same hands on every version of the engine (the corpus and
every recorded game depend on it), so `shuffle_deck` is pinned against random.shuffle
as written in CPython 3.11: Fisher-Yates from the last card, by rejection sampling."""

from __future__ import annotations

import random

from jassdsl.core.deal import shuffle_deck


def shuffle_311(x: list[int], rng: random.Random) -> None:
    """random.shuffle of CPython 3.11, written out."""
    for i in reversed(range(1, len(x))):
        n = i + 1
        k = n.bit_length()
        r = rng.getrandbits(k)
        while r >= n:
            r = rng.getrandbits(k)
        x[i], x[r] = x[r], x[i]


def test_shuffle_deck_draws_as_random_shuffle() -> None:
    for size in (0, 1, 2, 3, 24, 32, 35, 36):
        for seed in range(50):
            ours, theirs = list(range(size)), list(range(size))
            a, b = random.Random(seed), random.Random(seed)
            shuffle_deck(ours, a.getrandbits)
            shuffle_311(theirs, b)
            assert ours == theirs
            assert a.getstate() == b.getstate()
