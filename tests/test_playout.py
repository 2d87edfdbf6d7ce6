"""`play_random` plays exactly the games that `Game.apply` plays with `choose`.

`playout.play_tricks` plays the tricks of a hand in one loop over local variables, with
its own way of picking the chosen card from a mask. Here two games start from the same
seed, each with its own generator of the same seed: one is played by `play_random`, the
other one action at a time through `Game.apply` and `choose`. They must deal, play and
score the same hands, end the same way, and make the same random draws, from any point of
a game (mid-trick included) and when told to stop after some hands. Whole games from
the start, over every rule file and fuzzed ones, are `test_differential.py`'s; the twin
games' helpers are `twin_games.py`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from conftest import MAX_HANDS, VariantCase, scaled
from hypothesis import given, settings
from hypothesis import strategies as st
from twin_games import assert_same, drive

from jassdsl.engine import Game
from jassdsl.engine.playout import choose, play_random

SEEDS = st.integers(0, 2**32 - 1)


def twins(case: VariantCase, seed: int, record: bool = False) -> tuple[Game, Game]:
    return (Game(case.name, seed=seed, options=case.options, record=record),
            Game(case.name, seed=seed, options=case.options, record=record))


def test_a_recorded_game_keeps_every_action(variant_case: VariantCase) -> None:
    """With undo history on, play_random plays the same game and records all of it."""
    fast, slow = twins(variant_case, 5, record=True)
    fast_rng, slow_rng = random.Random(5), random.Random(5)
    play_random(fast, fast_rng)
    drive(slow, slow_rng)
    assert_same(fast, slow, fast_rng, slow_rng)
    assert fast.history == slow.history and fast.history


def until(game: Game, rng: random.Random, stop: Callable[[Game], bool]) -> None:
    while not stop(game):
        assert not game.is_over, "the game ended before the position sought"
        drive(game, rng, actions=1)


@pytest.mark.parametrize("cards", [1, 2])
def test_starting_mid_trick(variant_case: VariantCase, cards: int) -> None:
    """From a trick with cards already on the table, in the second hand or later. Where
    players may sit a hand out, a game may have no such trick: the next seed is tried."""
    def reached(g: Game) -> bool:
        return len(g.results) >= 1 and len(g.trick) == cards and len(g.observe(0).tricks) == 2

    for seed in range(7, 40):  # the slow twin is the probe: driven until the position
        fast, slow = twins(variant_case, seed)
        if cards >= fast.n:
            pytest.skip(f"a trick of {fast.n} players never holds {cards} cards before its end")
        slow_rng = random.Random(seed)
        while not slow.is_over and not reached(slow):
            drive(slow, slow_rng, actions=1)
        if not slow.is_over:
            break
    fast_rng = random.Random(seed)
    until(fast, fast_rng, reached)
    assert fast.s == slow.s and fast.trick  # white-box: the engine's whole state
    assert play_random(fast, fast_rng) == drive(slow, slow_rng)
    assert_same(fast, slow, fast_rng, slow_rng)


@pytest.mark.parametrize("hands", [0, 1, 3])
def test_stopping_after_some_hands(variant_case: VariantCase, hands: int) -> None:
    """Stopped after `hands` hands: the next hand is dealt, and going on changes nothing
    (for MAX_HANDS hands more; test_asking_for_more_hands_than_the_game_has and
    test_a_recorded_game_keeps_every_action play whole games on both paths).
    The game is the first from seed 11 on that lasts more hands (a doubled hand, Konter
    and Re, can end a game early)."""
    seed = next(x for x in range(11, 61) if lasts_beyond(variant_case, x, hands))
    fast, slow = twins(variant_case, seed)
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    assert play_random(fast, fast_rng, hands) == hands == drive(slow, slow_rng, hands)
    assert len(fast.results) == hands and not fast.is_over
    assert not fast.trick and not fast.observe(0).tricks, "stopped at a hand's start"
    assert_same(fast, slow, fast_rng, slow_rng)
    play_random(fast, fast_rng, MAX_HANDS)
    drive(slow, slow_rng, MAX_HANDS)
    assert_same(fast, slow, fast_rng, slow_rng)


def lasts_beyond(case: VariantCase, seed: int, hands: int) -> bool:
    """Whether the policy's game from this seed has more than `hands` hands."""
    probe = twins(case, seed)[1]
    drive(probe, random.Random(seed), hands)
    return not probe.is_over


def test_asking_for_more_hands_than_the_game_has(variant_case: VariantCase) -> None:
    fast, slow = twins(variant_case, 3)
    fast_rng, slow_rng = random.Random(3), random.Random(3)
    finished = play_random(fast, fast_rng, 10_000)
    assert fast.is_over and finished == len(fast.results) < 10_000
    drive(slow, slow_rng)
    assert_same(fast, slow, fast_rng, slow_rng)
    assert play_random(fast, fast_rng) == 0 and play_random(fast, fast_rng, 5) == 0


@settings(max_examples=scaled(0.5))
@given(seed=SEEDS, policy=SEEDS, prefix=st.integers(0, 120), hands=st.integers(0, 4))
def test_from_any_point_for_any_number_of_hands(variant_case: VariantCase, seed: int,
                                               policy: int, prefix: int, hands: int) -> None:
    """`prefix` actions through apply (often mid-trick), then `hands` hands, then
    MAX_HANDS hands more (the rest of a game that ends within them; whole games are the
    tests above)."""
    fast, slow = twins(variant_case, seed)
    fast_rng, slow_rng = random.Random(policy), random.Random(policy)
    drive(fast, fast_rng, actions=prefix)
    drive(slow, slow_rng, actions=prefix)
    assert play_random(fast, fast_rng, hands) == drive(slow, slow_rng, hands)
    assert_same(fast, slow, fast_rng, slow_rng)
    assert play_random(fast, fast_rng, MAX_HANDS) == drive(slow, slow_rng, MAX_HANDS)
    assert_same(fast, slow, fast_rng, slow_rng)


class Draws:
    """A getrandbits that returns given values and counts its calls."""

    def __init__(self, *values: int) -> None:
        self.values, self.calls = list(values), 0

    def __call__(self, k: int) -> int:
        assert k == 32
        self.calls += 1
        return self.values.pop(0)


def test_choose_draws_only_when_there_is_a_choice() -> None:
    one = Draws()
    assert choose(one, ["only"]) == "only" and one.calls == 0
    for b, expected in ((0, "a"), (2**32 // 3, "a"), (2**32 // 3 + 1, "b"), (2**32 - 1, "c")):
        draws = Draws(b)
        assert choose(draws, ["a", "b", "c"]) == expected and draws.calls == 1


@pytest.mark.parametrize(("seed", "fact"), [(1, "weis"), (28, "stoeck")])
def test_a_game_won_at_once_is_the_same_on_both_paths(seed: int, fact: str) -> None:
    """Schieber games that end in the middle of a hand (`count first:`): on Weis, on Stöck."""
    case = VariantCase("schieber", {"four-nines": "yes"})  # stated: defaults may change
    fast, slow = twins(case, seed)
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    play_random(fast, fast_rng)
    drive(slow, slow_rng)
    assert slow.results[-1].won_with == fact
    assert_same(fast, slow, fast_rng, slow_rng)
