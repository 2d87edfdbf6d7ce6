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
