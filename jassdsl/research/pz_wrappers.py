"""PettingZoo's usual wrappers of an AEC environment (illegal actions end the episode,
actions checked against the space, the order of calls enforced), as PettingZoo's own
classes with the common call of an agent loop taken in one hop.

Through PettingZoo's wrappers an agent step cost more than the engine's step: every
read of the loop's state went through each wrapper's `__getattr__`, and every `step`,
`observe` and `last` through each wrapper and its base class in turn. Here each wrapper
reads the loop's state from the innermost environment at once (none of them changes it)
and, where the call is the plain one (after reset, a legal action id of the space, an
agent alive), does what PettingZoo's wrapper does in that case and hands the call to
the environment it wraps; any other call goes to PettingZoo's own method, so its errors,
warnings and penalties are its own (tests/test_pettingzoo.py plays both side by side).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)


def wrapped(inner: AECEnv) -> AECEnv:
    """`inner` in PettingZoo's usual three wrappers (an illegal action ends the episode
    with -1 for the agent)."""
    out: AECEnv = TerminateIllegal(inner, illegal_reward=-1)
    out = AssertOutOfBounds(out)
    return OrderEnforcing(out)


# The state an agent loop reads at every step (`last`, `agent_iter`, the wrappers' own
# checks): PettingZoo's wrappers find each through `__getattr__`, wrapper by wrapper (3
# deep: some 36 look-ups an agent step). None of the wrappers changes these, so each
# wrapper below reads them from the innermost environment at once.
STATE = ("agent_selection", "agents", "rewards", "terminations", "truncations", "infos",
         "_cumulative_rewards")


def read_through(name: str, guard: str | None = None) -> property:
    """The attribute `name` of the innermost environment; with `guard`, only once that
    attribute of the wrapper is true (else the wrapper's `__getattr__` answers, with its
    own error)."""
    read = attrgetter(f"inner.{name}")
    if guard is None:
        return property(read)
    guarded = attrgetter(guard)

    def get(self: Any) -> Any:
        if guarded(self):
            return read(self)
        raise AttributeError(name)
    return property(get)


class ReadThrough:
    """A PettingZoo wrapper's behaviour, with the loop's state read from the innermost
    environment (`STATE`)."""

    def __init__(self, env: AECEnv, **kwargs: Any) -> None:
        super().__init__(env, **kwargs)  # type: ignore[call-arg]
        self.inner = env.unwrapped

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The innermost environment's (no wrapper changes the spaces)."""
        return self.inner.action_space(agent)  # type: ignore[no-any-return]

    def observe(self, agent: str) -> Any:
        """The wrapped environment's (as the base wrapper's, in one hop)."""
        return self.env.observe(agent)  # type: ignore[attr-defined]


class TerminateIllegal(ReadThrough, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's `TerminateIllegalWrapper`: it keeps the acting agent's last
    observation to check the next action against its mask."""

    def observe(self, agent: str) -> Any:
        obs = self.env.observe(agent)
        inner = self.inner
        if agent == inner.agent_selection:
            self._prev_obs = obs
            self._prev_info = inner.infos.get(agent, {})  # (as it reads them)
        return obs

    def step(self, action: Any) -> None:
        """A legal action of a live agent, its mask read from the observation kept, as
        PettingZoo's does it; anything else (no observation yet, an illegal action, a
        dead agent, an episode it ended) through PettingZoo's own."""
        obs, inner = self._prev_obs, self.inner
        agent = inner.agent_selection
        if type(obs) is dict and type(action) is int and action >= 0 \
                and not self._terminated and not inner.terminations[agent] \
                and not inner.truncations[agent]:
            mask = obs.get("action_mask")
            if mask is not None and action < len(mask) and mask[action]:
                self._prev_obs = self._prev_info = None
                self.env.step(action)
                return
        super().step(action)


class AssertOutOfBounds(ReadThrough, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's `AssertOutOfBoundsWrapper`: an action must be in the space."""

    def step(self, action: Any) -> None:
        inner = self.inner
        if type(action) is int and inner.action_space(inner.agent_selection).contains(action):
            self.env.step(action)  # what its assertion lets through, at once
            return
        super().step(action)


class OrderEnforcing(ReadThrough, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's `OrderEnforcingWrapper`: nothing before `reset`, and `step` between
    two agents of `agent_iter`; the loop's state read from the innermost environment once
    reset (before it, its own error)."""

    def observe(self, agent: str) -> Any:
        if self._has_reset:
            return self.env.observe(agent)
        return super().observe(agent)

    def step(self, action: Any) -> None:
        if self._has_reset and self.inner.agents:
            self._has_updated = True
            self.env.step(action)
            return
        super().step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The acting agent's observation, cumulative reward, ends and info."""
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]
        inner = self.inner
        agent = inner.agent_selection
        assert agent is not None
        obs = self.env.observe(agent) if observe else None
        return (obs, inner._cumulative_rewards[agent], inner.terminations[agent],
                inner.truncations[agent], inner.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            return super().agent_iter(max_iter)
        return AgentIterable(self, max_iter)


class AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> AgentIterator:
        return AgentIterator(self.env, self.max_iter)


class AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's iterator of the agents (each must `step` before the next), reading
    the innermost environment's agents at once."""

    def __next__(self) -> str:
        env = self.env
        inner = env.inner
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return inner.agent_selection  # type: ignore[no-any-return]


for _name in STATE:
    setattr(TerminateIllegal, _name, read_through(_name))
    setattr(AssertOutOfBounds, _name, read_through(_name))
    setattr(OrderEnforcing, _name, read_through(_name, "_has_reset"))
