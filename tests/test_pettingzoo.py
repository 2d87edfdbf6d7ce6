"""Every rule file as a PettingZoo AEC environment: PettingZoo's API and seed tests for every
shipped file and option set, action masks, and rewards from the file's scoring."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import VariantCase

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
