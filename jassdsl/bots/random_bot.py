"""The random bots: `RandomBot` with a generator of its own per seat, and `PolicyBot`, the
random policy of `jassdsl simulate` (`playout.choose`) whose one generator plays every seat."""

from __future__ import annotations

import random

from jassdsl.bots.declaring import bid_or_pass, clamp_declaration, declared_range, declaring_now
from jassdsl.core.actions import PASS, Action
from jassdsl.core.mechanism import asking
from jassdsl.engine import Game
from jassdsl.engine.playout import choose


class RandomBot:
    """Uniform over the legal actions; a declared number is drawn around a fair share."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game, seat: int) -> Action:
        forced = game.forced_action()
        if forced is not None:  # nothing to declare: answered at once, no draw
            return forced
        legal = game.legal_actions()
        mechanism = asking(game)
        if game.phase != "declare" and (mechanism is None or not mechanism.bots.declares):
            return legal[self.rng.randrange(len(legal))]
        kind = declaring_now(game).name
        calls = [a for a in legal if a.kind not in (kind, "pass")]
        if calls:  # a call (a Kontra) is one more choice beside declaring or passing
            k = self.rng.randrange(len(calls) + 1)
            if k < len(calls):
                return calls[k]
            legal = [a for a in legal if a not in calls]
        low, high = declared_range(game)
        share = (high - low) / game.n
        wish = low + round(self.rng.gauss(share, share / 3))
        return bid_or_pass(legal, wish) if PASS in legal else clamp_declaration(legal, wish)


class PolicyBot:
    """The playout's random policy (`playout.choose` over the legal actions) as a bot.

    One PolicyBot with one generator plays every seat of a game; driving `Game.apply` with
    it plays exactly the game that `playout.play_random` plays with that generator."""

    def __init__(self, rng: random.Random) -> None:
        self.bits = rng.getrandbits

    def choose(self, game: Game, seat: int) -> Action:
        return choose(self.bits, game.legal_actions())
