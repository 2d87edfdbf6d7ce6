"""A seat's observation as a flat vector of numbers, for learning (OpenSpiel, PettingZoo).

The layout is fixed per rule file (its seats, modes, declarations, units and action
kinds) and filled from the engine's observation of the seat (`Game.observe`), so it holds
nothing the seat may not see. Pieces, each a run of the vector: the seat, whose turn it
is, the dealer and the leader (one-hot per seat); the kinds of action the seat may take,
when it is its turn; the mode (one-hot, first entry: none yet); the seat's hand, the open
trick (a block of 36 per place in the trick), the cards of the hand's finished tricks,
the shown and turned card; tricks taken per seat (/9); the seats playing and at the
table; per declaration and seat whether its value is known and the value (/ highest);
the totals per unit and subject (/1000). With `recall`: who played which card this hand
(36 per seat).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.deal import trick_seats
from jassdsl.engine import Game
from jassdsl.research.actionspace import ActionSpace


def utility_sign(rules: CompiledRules) -> int:
    """+1 where more of the unit that decides the game is better, -1 where less is: the
    sign that turns a score into a reward."""
    _, sign = rules.winner_unit
    return sign if rules.winner_most else -sign


class Layout:
    """The pieces of one rule file's vector, and how to fill them."""

    def __init__(self, rules: CompiledRules, space: ActionSpace, recall: bool) -> None:
        self.rules, self.space, self.recall = rules, space, recall
        n = rules.players
        self.pieces = [("seat", n), ("current", n), ("dealer", n), ("leader", n),
                       ("kinds", len(space.kinds)), ("trump", len(rules.mode_names) + 1),
                       ("hand", 36), ("trick", n * 36), ("played", 36), ("shown", 36),
                       ("turned", 36), ("tricks_won", n), ("playing", n), ("table", n),
                       ("declared", 2 * n * len(rules.declarations)),
                       ("totals", len(rules.units) * rules.subjects)]
        if recall:
            self.pieces.append(("history", n * 36))
        self.size = sum(size for _, size in self.pieces)

    def views(self, tensor: Any) -> dict[str, Any]:
        """The named runs of a flat tensor (views: writing them writes the tensor)."""
        out, at = {}, 0
        for name, size in self.pieces:
            out[name] = tensor[at:at + size]
            at += size
        return out

    def vector(self, game: Game | None, seat: int, playing: bool) -> Any:
        tensor = np.zeros(self.size, np.float32)
        self.fill(self.views(tensor), game, seat, playing)
        return tensor

    def fill(self, d: dict[str, Any], game: Game | None, seat: int, playing: bool) -> None:
        """Fill the views from the seat's observation; `playing`: someone is to act."""
        for view in d.values():
            view.fill(0)
        d["seat"][seat] = 1
        if game is None:
            return
        obs = game.observe(seat)
        r, n = self.rules, self.rules.players
        if playing:
            d["current"][obs.current] = 1
        if playing and obs.current == seat:  # its own choices only: they may tell a hand
            kinds = self.space.kinds
            for a in game.legal_actions():
                d["kinds"][kinds.index(a.kind)] = 1
        d["dealer"][obs.dealer] = 1
        d["leader"][obs.leader] = 1
        d["trump"][obs.trump.number + 1 if obs.trump.is_set else 0] = 1
        d["hand"][list(obs.hand)] = 1
        for i, card in enumerate(obs.trick):
            d["trick"][i * 36 + card] = 1
        for trick in obs.tricks:
            d["played"][list(trick.cards)] = 1
            d["tricks_won"][trick.winner] += 1 / 9
        for key in ("shown", "turned"):
            card = getattr(obs, key)
            if card >= 0:
                d[key][card] = 1
        d["playing"][list(obs.playing)] = 1
        d["table"][list(obs.table)] = 1
        for k, decl in enumerate(r.declarations):
            for x, v in enumerate(obs.declared.get(decl.name, ())):
                if v is not None:
                    d["declared"][2 * (k * n + x)] = 1
                    d["declared"][2 * (k * n + x) + 1] = v / max(1, decl.high)
        for u, unit in enumerate(r.units):
            for x, v in enumerate(obs.totals.get(unit, ())):
                d["totals"][u * r.subjects + x] = v / 1000
        if self.recall:
            mask = sum(1 << x for x in obs.playing) or (1 << n) - 1
            order = trick_seats(n, mask)
            for trick in obs.tricks:
                for who, card in zip(order[trick.leader], trick.cards, strict=False):
                    d["history"][who * 36 + card] = 1
            for who, card in zip(order[obs.leader], obs.trick, strict=False):
                d["history"][who * 36 + card] = 1
