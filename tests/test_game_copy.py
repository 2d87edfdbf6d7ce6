"""`Game.copy`: an independent copy of a game as it stands (for search), sharing the rules."""

from __future__ import annotations

import random

from conftest import VariantCase, snapshot

from jassdsl.engine import Game


def test_a_copy_plays_on_alone_and_like_the_original(variant_case: VariantCase) -> None:
    game = Game(variant_case.name, seed=11, options=variant_case.options)
    rng = random.Random(11)
    for _ in range(25):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    before = snapshot(game)
    twin = game.copy()
    assert snapshot(twin) == before and twin.rules is game.rules
    moves = random.Random(2)
    while not twin.is_over and len(twin.results) < len(game.results) + 2:
        twin.apply(moves.choice(twin.legal_actions()))
    assert snapshot(game) == before  # the original did not move
    again = game.copy()  # the same moves from the same point: the same game (chance too)
    moves = random.Random(2)
    while not again.is_over and len(again.results) < len(game.results) + 2:
        again.apply(moves.choice(again.legal_actions()))
    assert snapshot(again) == snapshot(twin)
    assert again.history[:len(game.history)] == game.history


def test_a_copy_with_its_own_chance_keeps_no_history_and_draws_from_it() -> None:
    """`Game.copy(chance)`, a search's playout: the same position, no history or events,
    the next deal from the chance given (two copies with equal chances deal alike)."""
    from jassdsl.bots.kinds import make_bots
    from jassdsl.bots.tricks import play_bots
    from jassdsl.engine.chance import Chance

    game = Game("schieber", seed=4)
    game.apply(game.legal_actions()[0])
    one, two, other = game.copy(Chance(9)), game.copy(Chance(9)), game.copy(Chance(10))
    assert one.s.hands == game.s.hands and not one.history and one.log is None
    assert game.history and one.chance is not game.chance
    for g in (one, two, other):
        play_bots(g, make_bots("heuristic", 4, 1), hands=1)
    assert one.s.hands == two.s.hands != other.s.hands
    assert len(game.results) == 0
