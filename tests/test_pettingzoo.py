"""Every rule file as a PettingZoo AEC environment: PettingZoo's API and seed tests for every
shipped file and option set, action masks, and rewards from the file's scoring."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import VariantCase
from test_hidden import weis_exchange

from jassdsl.core.actions import Action
from jassdsl.registry import load_rules

pz = pytest.importorskip("jassdsl.research.pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402


def test_pettingzoos_api_test_passes(variant_case: VariantCase) -> None:
    table = pz.env(variant=variant_case.name, options=variant_case.options, horizon="hand")
    api_test(table, num_cycles=120, verbose_progress=False)


def test_pettingzoos_seed_test_passes(variant_case: VariantCase) -> None:
    seed_test(lambda: pz.env(variant=variant_case.name, options=variant_case.options,
                             horizon="hand"), num_cycles=60)


def play(table: object, seed: int) -> dict[str, float]:
    """A whole episode with random legal actions; the rewards each agent collected."""
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    got = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        got[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        table.step(int(rng.choice(legal)))
    return got


def test_rewards_add_up_to_the_final_totals() -> None:
    table = pz.raw_env(variant="schieber", options={"target": 1000})
    got = play(table, 3)
    game = table.game
    assert game.is_over
    totals = game.totals["points"]
    assert got == {f"seat_{x}": float(totals[x % 2]) for x in range(4)}


def test_rewards_are_signed_so_that_more_is_better() -> None:
    rules = load_rules("differenzler")  # penalties: fewer win
    table = pz.raw_env(variant="differenzler", horizon="hand")
    got = play(table, 1)
    penalties = table.game.results[0].totals["penalties"]
    assert rules.winner_most is False or rules.winner_unit[1] == -1
    assert got == {f"seat_{x}": -float(penalties[x]) for x in range(4)}


def test_the_mask_holds_exactly_the_legal_actions() -> None:
    table = pz.raw_env(variant="handjass-bessern")
    table.reset(seed=4)
    for _ in range(60):
        agent = table.agent_selection
        obs = table.observe(agent)
        legal = {table.space.id(a) for a in table.game.legal_actions()}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        others = [a for a in table.agents if a != agent]
        assert all(not table.observe(a)["action_mask"].any() for a in others)
        table.step(min(legal))


def test_the_variant_is_required_and_named_in_the_error() -> None:
    for make in (pz.env, pz.raw_env):
        with pytest.raises(TypeError, match="variant"):
            make()  # type: ignore[call-arg]


def test_the_mask_holds_the_bids_naming_the_mode_and_the_kontra() -> None:
    """Sidi Barrani: every bid in every mode, and the Kontra of an opponent, in the mask."""
    table = pz.raw_env(variant="sidi-barrani")
    table.reset(seed=2)
    agent = table.agent_selection
    legal = {table.space.id(a) for a in table.game.legal_actions()}
    assert set(np.flatnonzero(table.observe(agent)["action_mask"])) == legal
    assert len(legal) == 10 * 6 + 1
    table.step(table.space.id(table.game.parse_action("bid 100 H")))
    mask = table.observe(table.agent_selection)["action_mask"]
    assert mask[table.space.id(table.game.parse_action("double yes"))]
    assert not mask[table.space.id(table.game.parse_action("bid 100 S"))]


def test_who_holds_a_weis_changes_no_other_agents_view() -> None:
    """Issue 29: PettingZoo's agent_selection is public. Two Schieber tables of one seed
    whose hands differ only in two cards exchanged between other seats, so that one of
    them holds a Weis at one table and none at the other: through the first trick,
    played alike, the agent selected and the observer's observation are the same."""
    tables = [pz.raw_env(variant="schieber", horizon="hand") for _ in range(2)]
    for table in tables:
        table.reset(seed=3)
    first, twin = tables
    trump = min(np.flatnonzero(first.observe(first.agent_selection)["action_mask"]))
    probe = pz.raw_env(variant="schieber", horizon="hand")
    probe.reset(seed=3)
    probe.step(int(trump))
    hands = weis_exchange(first.rules, list(first.game.s.hands), probe.game.s.mode, 0)
    assert hands is not None
    twin.game.s.hands = hands
    seen = [f"seat_{x}" for x in range(4) if hands[x] == first.game.s.hands[x]]
    action = int(trump)
    no = first.space.id(Action("weis", 0))
    steps = 0
    while not first.game.observe(0).tricks:
        for table in tables:
            table.step(action)
        steps += 1
        assert first.agent_selection == twin.agent_selection
        for agent in seen:
            a, b = first.observe(agent), twin.observe(agent)
            assert (a["observation"] == b["observation"]).all()
            assert (a["action_mask"] == b["action_mask"]).all()
        legal = [set(np.flatnonzero(t.observe(t.agent_selection)["action_mask"]))
                 for t in tables]
        both = legal[0] & legal[1]
        assert both, "no action legal at both tables"
        action = no if no in both else int(min(both))
    assert steps > 8  # every seat was asked, then played


def test_the_wrappers_are_pettingzoos_and_guard_the_state_before_reset() -> None:
    """`env()`'s wrappers read the loop's state from the raw env at once (speed); they
    are still PettingZoo's wrappers, and before `reset` its own error answers."""
    from pettingzoo.utils import wrappers

    table = pz.env(variant="schieber", horizon="hand")
    assert isinstance(table, wrappers.OrderEnforcingWrapper)
    assert isinstance(table.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(table.env.env, wrappers.TerminateIllegalWrapper)
    with pytest.raises(AttributeError, match="cannot be accessed before reset"):
        _ = table.agents  # the raw env has its agents from the start
    table.reset(seed=2)
    raw = table.unwrapped
    assert table.agent_selection == raw.agent_selection
    assert table.terminations is raw.terminations and table.infos is raw.infos
    assert raw.game.phase != "play"  # a card (its id is its number) is illegal now
    table.step(0)  # the episode ends, as PettingZoo's wrapper ends it
    assert all(table.terminations.values())


def wrapped_by_pettingzoo(variant: str) -> object:
    from pettingzoo.utils import wrappers

    out = wrappers.TerminateIllegalWrapper(pz.raw_env(variant, horizon="hand"), illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(out))


def episode(table: object, illegal_at: int) -> list[object]:
    """What the agent loop sees, with an illegal action (a card id when no card may be
    played, else an id not in the mask) at step `illegal_at`."""
    table.reset(seed=6)
    rng = np.random.default_rng(6)
    seen: list[object] = []
    for k, agent in enumerate(table.agent_iter()):
        obs, reward, terminated, truncated, info = table.last()
        seen.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(),
                     reward, terminated, truncated, dict(table.rewards), dict(info)))
        if terminated or truncated:
            table.step(None)
            continue
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        table.step(int(np.flatnonzero(mask == 0)[0]) if k == illegal_at
                   else int(rng.choice(legal)))
    return seen


@pytest.mark.parametrize("illegal_at", [5, 10_000])
def test_the_wrappers_see_what_pettingzoos_own_see(illegal_at: int) -> None:
    ours = episode(pz.env(variant="schieber", horizon="hand"), illegal_at)
    theirs = episode(wrapped_by_pettingzoo("schieber"), illegal_at)
    assert ours == theirs and len(ours) > 5
