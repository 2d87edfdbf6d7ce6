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
from jassdsl.engine.observation import Observation
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
        # per kind of action, its place among the space's kinds (read once, not per fill)
        self.kind_place = {kind: k for k, kind in enumerate(space.kinds)}
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
        self.runs: dict[str, tuple[int, int]] = {}  # per piece: where it starts, its size
        start = 0
        for name, size in self.pieces:
            self.runs[name] = (start, size)
            start += size

    def views(self, tensor: Any) -> dict[str, Any]:
        """The named runs of a flat tensor (views: writing them writes the tensor)."""
        return {name: tensor[at:at + size] for name, (at, size) in self.runs.items()}

    def vector(self, game: Game | None, seat: int, playing: bool) -> Any:
        tensor = np.zeros(self.size, np.float32)
        self.fill(tensor, game, seat, playing)
        return tensor

    def fill(self, tensor: Any, game: Game | None, seat: int, playing: bool,
             obs: Observation | None = None) -> None:
        """Fill the flat tensor from the seat's observation (`obs`, where the caller has
        it: `game.observe(seat)`); `playing`: someone is to act.
        The places are gathered in lists and written at once (a numpy write per place was
        most of an observation's cost); a place in a run is read as an index of that run
        alone, as a view of it would read it (negative from its end, and never outside);
        a card (0-35, from a hand mask or the table) is placed without that check."""
        tensor.fill(0)
        runs = self.runs

        def at(name: str, i: int) -> int:
            start, size = runs[name]
            if not -size <= i < size:
                raise IndexError(f"index {i} is out of the run {name} of {size}")
            return start + i % size

        ones = [at("seat", seat)]
        if game is None:
            tensor[ones] = 1
            return
        if obs is None:
            obs = game.observe(seat)
        r, n = self.rules, self.rules.players
        if playing:
            ones.append(at("current", obs.current))
        if playing and obs.current == seat:  # its own choices only: they may tell a hand
            kinds = self.kind_place
            ones += [at("kinds", kinds[a.kind]) for a in game.legal_actions()]
        ones.append(at("dealer", obs.dealer))
        ones.append(at("leader", obs.leader))
        ones.append(at("trump", obs.trump.number + 1 if obs.trump.is_set else 0))
        start = runs["hand"][0]
        ones += [start + c for c in obs.hand]
        start = runs["trick"][0]
        ones += [start + i * 36 + card for i, card in enumerate(obs.trick)]
        won = [0] * n
        start = runs["played"][0]
        for trick in obs.tricks:
            ones += [start + c for c in trick.cards]
            won[trick.winner] += 1  # an IndexError for a seat outside, as a view gives
        places, values = [], []
        for x, count in enumerate(won):
            if count:
                places.append(at("tricks_won", x))
                values.append(WON[count])
        for key in ("shown", "turned"):
            card = getattr(obs, key)
            if card >= 0:
                ones.append(at(key, card))
        ones += [at("playing", x) for x in obs.playing]
        ones += [at("table", x) for x in obs.table]
        for k, decl in enumerate(r.declarations):
            for x, v in enumerate(obs.declared.get(decl.name, ())):
                if v is not None:
                    ones.append(at("declared", 2 * (k * n + x)))
                    places.append(at("declared", 2 * (k * n + x) + 1))
                    values.append(v / max(1, decl.high))
        for u, unit in enumerate(r.units):
            for x, v in enumerate(obs.totals.get(unit, ())):
                places.append(at("totals", u * r.subjects + x))
                values.append(v / 1000)
        if self.recall:
            mask = sum(1 << x for x in obs.playing) or (1 << n) - 1
            order = trick_seats(n, mask)
            start = runs["history"][0]
            for trick in obs.tricks:
                ones += [start + who * 36 + card
                         for who, card in zip(order[trick.leader], trick.cards, strict=False)]
            ones += [start + who * 36 + card
                     for who, card in zip(order[obs.leader], obs.trick, strict=False)]
        tensor[ones] = 1
        if places:
            tensor[places] = values


def tricks_won() -> list[Any]:
    """Tricks taken as the vector has always counted them: 1/9 added per trick to a
    float32 place (so k tricks read exactly as k such additions, not as k/9)."""
    place = np.zeros(1, np.float32)
    out = [place[0]]
    for _ in range(36):
        place[0] += 1 / 9
        out.append(place[0])
    return out


WON = tricks_won()  # per number of tricks taken: the value of its place
