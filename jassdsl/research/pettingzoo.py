"""Every rule file as a PettingZoo AEC environment, with action masks.

```python
from jassdsl.research.pettingzoo import env

table = env(variant="schieber", options={"target": 1000})
table.reset(seed=42)
for agent in table.agent_iter():
    obs, reward, terminated, truncated, info = table.last()
    action = None if terminated or truncated else \\
        table.action_space(agent).sample(obs["action_mask"])
    table.step(action)
```

Agents are the seats, ``seat_0`` .. ``seat_{n-1}``; the one to act is the engine's
current player. An action is an id of `jassdsl.research.actionspace.ActionSpace` (read from the
compiled rules); ``action_mask`` marks the legal ones. The observation is the seat's
vector of `jassdsl.research.tensors` (what the engine's observation of the seat holds:
nothing hidden), kept per seat from step to step (`jassdsl.research.incremental`).
Each seat is rewarded, when a hand is scored, with its side's score of that hand in the
unit that decides the game (signed so that more is better). ``horizon="hand"`` ends the
episode after one hand; ``"game"`` (the default) at the file's game end, or truncated at
the engine's hand limit. ``reset(seed=...)`` seeds the game's one generator (the deal
and every draw), so a seed replays an episode.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from jassdsl.core.actions import Action
from jassdsl.engine import Game, records
from jassdsl.engine.chain import Chain
from jassdsl.registry import load_rules
from jassdsl.research.actionspace import ActionSpace
from jassdsl.research.incremental import SeatVectors
from jassdsl.research.pz_wrappers import wrapped
from jassdsl.research.tensors import Layout, utility_sign


def card_bytes() -> list[bytes]:
    """Per 9 cards' bits, the action mask of those cards (a 1 byte per card held), so
    that a mask of cards is made from four pieces: a card's id is its number."""
    return [bytes(m >> i & 1 for i in range(9)) for m in range(512)]


CARD_BYTES = card_bytes()


def env(variant: str, **kwargs: Any) -> AECEnv:
    """The environment of the rule file `variant` (no default: a table is always of one
    named game) with PettingZoo's usual wrappers (illegal actions end the episode with a
    penalty for the agent; order of calls enforced)."""
    return wrapped(raw_env(variant, **kwargs))  # (`pz_wrappers`: PettingZoo's own)


class ActionIds(spaces.Discrete):
    """The action ids 0..n-1: gymnasium's `Discrete`, with `contains` of a plain int
    answered at once (PettingZoo's wrapper asks at every step; gymnasium's own path
    goes through numpy's type machinery, the same answer for an int)."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.ids = range(int(self.start), int(self.start) + int(self.n))

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            return x in self.ids
        return bool(super().contains(x))


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo names its environments so
    """One game of a rule file at a time; see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "name": "jassdsl_v0",
                "is_parallelizable": False}

    def __init__(self, variant: str, options: dict[str, int | str] | None = None,
                 horizon: str = "game", render_mode: str | None = None) -> None:
        super().__init__()
        if horizon not in ("game", "hand"):
            raise ValueError(f"horizon is 'game' or 'hand', not {horizon!r}")
        self.rules = load_rules(variant, options)
        self.horizon = horizon
        self.space = ActionSpace.of(self.rules)
        # the phases every episode's game shares (they keep nothing of a game: `Chain.of`),
        # made once rather than at every reset, as OpenSpiel's states share theirs
        self.chain = Chain.of(self.rules)
        self.layout = Layout(self.rules, self.space, recall=False)
        self.vectors = SeatVectors(self.layout)
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{x}" for x in range(self.rules.players)]
        self.seat_of = {a: x for x, a in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        n = len(self.space)
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8)}) for a in self.possible_agents}
        self.action_spaces = {a: ActionIds(n) for a in self.possible_agents}
        self.game: Game | None = None
        self.seed_value: int | None = None
        self.tail = bytes(len(self.space) - 36)  # the action ids after the 36 cards' own
        self.hand_horizon = horizon == "hand"
        self.masks: list[tuple[list[Action], bytes]] = []  # (`mask_of`)
        # the rewards of a step that scored nothing, all 0, made by the step before
        # it (a step that scores nothing after it keeps them: adding 0s changes nothing)
        self.no_rewards: dict[str, float] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.seed_value = seed
        elif self.seed_value is not None:
            self.seed_value += 1  # a new episode, still replayable from the first seed
        self.game = Game(self.rules, seed=self.seed_value if self.seed_value is not None
                         else int(np.random.default_rng().integers(2**31)), record=False,
                         chain=self.chain)
        self.agents = list(self.possible_agents)
        self.rewards = self.no_rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]

    def observe(self, agent: str) -> dict[str, Any]:
        game = self.game
        assert game is not None
        seat = self.seat_of.get(agent)
        if seat is None:
            seat = self.possible_agents.index(agent)  # its ValueError, as before
        playing = not (game.is_over or (self.hand_horizon and bool(game.results)))  # `ended`
        cards = -1
        if playing and seat == game.current_player:
            cards = game.legal_mask()  # in play: the cards, whose ids are their numbers
        if cards > 0:  # the mask of the cards at once, 9 cards a piece (`card_bytes`)
            mask = bytearray(b"".join((CARD_BYTES[cards & 511], CARD_BYTES[cards >> 9 & 511],
                                       CARD_BYTES[cards >> 18 & 511], CARD_BYTES[cards >> 27],
                                       self.tail)))
            action_mask = np.frombuffer(mask, np.int8)
            actions = None
        else:
            # the legal actions read once (a declaration may list some 160 values)
            actions = game.legal_actions() if cards == 0 else None
            action_mask = np.frombuffer(bytearray(self.mask_of(actions) if actions
                                                  else len(self.space)), np.int8)
        # the seat's vector kept from its last one, the pieces that changed written again
        tensor = self.vectors.vector(game, seat, playing, cards, actions)
        return {"observation": tensor, "action_mask": action_mask}

    def mask_of(self, actions: list[Action]) -> bytes:
        """The action mask of a list of legal actions outside play, kept for the last
        few lists asked (a declaration's some 160 values are the same list at each seat's
        turn, hand after hand): an equal list (the same actions, compared object by
        object first) has the same mask."""
        for kept, mask in self.masks:
            if kept == actions:
                return mask
        made = bytearray(len(self.space))
        for i in self.space.ids_of(actions):
            made[i] = 1
        self.masks = [(list(actions), bytes(made)), *self.masks[:7]]
        return self.masks[0][1]

    def ended(self) -> bool:
        game = self.game
        assert game is not None
        return game.is_over or (self.horizon == "hand" and bool(game.results))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None and action is not None
        hands = len(game.results)
        self._cumulative_rewards[agent] = 0
        game.apply(self.space.actions[int(action)])
        results = game.results
        if len(results) > hands or self.rewards is not self.no_rewards:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            if len(results) > hands:  # a hand was scored (read only then: once a hand)
                for result in results[hands:]:
                    self.score(result.totals, results[hands - 1].totals if hands else None)
                    hands += 1
            else:
                self.no_rewards = self.rewards
            self._accumulate_rewards()
        else:  # the rewards stay all 0 (and the agent's cumulative reward 0.0, as added)
            self._cumulative_rewards[agent] = 0.0
        if game.is_over or (self.hand_horizon and bool(results)):  # `ended`
            outcome = game.outcome()
            stopped = outcome is not None and records.stopped(outcome.reason)
            for a in self.agents:
                self.terminations[a] = not stopped
                self.truncations[a] = stopped
        else:
            self.agent_selection = self.possible_agents[game.current_player]
        if self.render_mode == "human":
            print(self.render())

    def score(self, after: dict[str, tuple[int, ...]],
              before: dict[str, tuple[int, ...]] | None) -> None:
        """Each seat's reward for a scored hand: its side's change in the deciding unit."""
        r = self.rules
        unit, _ = r.winner_unit
        sign = utility_sign(r)
        for x, agent in enumerate(self.possible_agents):
            side = r.team_of[x]
            old = before[unit][side] if before is not None else 0
            self.rewards[agent] += float(sign * (after[unit][side] - old))

    def render(self) -> str:
        game = self.game
        if game is None:
            return ""
        trick = " ".join(str(c) for c in game.trick)
        return (f"hand {game.hand_number}, {game.phase}, seat {game.current_player} to act; "
                f"trick [{trick}]; totals {game.totals}")

    def close(self) -> None:
        pass
