"""The card loop written per rule file (`jassdsl.pyplay.cards`) plays the hands the generic
loop (`Playout.generic_tricks`) plays: on the very inputs of seeded games' hands, with two
identically seeded policy generators, the same results and the same draws, for files of
every regime it writes (trump strict or not, plain, schedules, Weis, a card that sets
trump, 3 to 6 players, a short pack)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from jassdsl.pyplay.cards import card_loop
from jassdsl.pyplay.hand import Playout
from jassdsl.registry import load_rules

FILES = ("schieber", "differenzler", "molotow", "slalom", "guggitaler", "mittlere",
         "sechserschieber", "mittlere-fuenf", "schieber-32", "schiltenober", "plus-minus")


def hands_of(playout: Playout, seeds: range) -> list[tuple[Any, ...]]:
    """The arguments of every hand's card play in seeded games, with the policy
    generator's state before it."""
    out: list[tuple[Any, ...]] = []
    generic = playout.generic_tricks

    def record(hands: list[int], leader: int, bits: Any, *rest: Any) -> Any:
        out.append((list(hands), leader, bits.__self__.getstate(), *rest))
        return generic(hands, leader, bits, *rest)

    playout.tricks = record
    for seed in seeds:
        playout.game(seed)
    return out


@pytest.mark.parametrize("name", FILES)
def test_the_written_loop_plays_the_generic_loops_hands(name: str) -> None:
    playout = Playout(load_rules(name))
    written = playout.tricks
    assert written != playout.generic_tricks, "the file falls back to the generic loop"
    cases = hands_of(playout, range(100, 104))
    assert len(cases) >= 8
    for hands, leader, state, *rest in cases:
        a, b = random.Random(), random.Random()
        a.setstate(state)
        b.setstate(state)
        want = playout.generic_tricks(list(hands), leader, a.getrandbits, *rest)
        got = written(list(hands), leader, b.getrandbits, *rest)
        assert got == want
        assert a.getstate() == b.getstate()  # the same number of draws
        offer, start, table, mode = rest
        if offer is None and playout.weis is not None:  # the Weis held, given as worked out
            given = (playout.offers(start, mode), start, table, mode)
            a.setstate(state)
            b.setstate(state)
            assert written(list(hands), leader, b.getrandbits, *given) == want
            assert playout.generic_tricks(list(hands), leader, a.getrandbits, *given) == want
            assert a.getstate() == b.getstate()


def test_a_follow_rule_it_does_not_write_falls_back() -> None:
    playout = Playout(load_rules("differenzler"))
    follow, beats = playout.plans[0][3]
    plan = list(playout.plans[0])
    plan[3] = (lambda hand, led, top: follow(hand, led, top), beats)
    playout.plans[0] = tuple(plan)
    assert card_loop(playout) is None
