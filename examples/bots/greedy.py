"""A small scripted policy for `jassdsl simulate --bots greedy:make,heuristic`, run from
this folder (the research page shows it): it plays the legal card worth the most points
in the hand's mode (the first of equals), and leaves every other decision (trump, Weis,
bids) to the built-in heuristic. It reads only what its seat may see."""

from __future__ import annotations

import random

from jassdsl.bots.heuristic import HeuristicBot
from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import Action
from jassdsl.engine import Game


class Greedy:
    def __init__(self, rules: CompiledRules, rng: random.Random) -> None:
        self.rules = rules
        self.heuristic = HeuristicBot(rng)

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions()
        table = self.rules.modes.get(game.mode)
        if game.phase != "play" or table is None:
            return self.heuristic.choose(game, seat)
        return max(legal, key=lambda a: table.points[a.value])


def make(rules: CompiledRules, rng: random.Random) -> Greedy:
    """The factory `--bots greedy:make` calls for each seat it takes."""
    return Greedy(rules, rng)
