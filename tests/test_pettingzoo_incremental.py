"""PettingZoo's observation vector is kept per seat from one call to the next
(`research.incremental`): after every step of seeded games it equals the vector made
anew from the seat's `Game.observe` (`Layout.vector`) and the layout's list of places
(`Layout.marks`, through `numbers`), for every seat asked, in the order the loop asks
and in random orders, over hands and games (totals, new deals); the action mask (kept
per list of legal actions outside play) holds exactly the legal actions."""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import VariantCase

pz = pytest.importorskip("jassdsl.research.pettingzoo")


def check_episode(table: object, seed: int, steps: int, every_seat: bool) -> int:
    """Play random legal actions from `seed`; after each, ask the acting seat's
    observation (and, with `every_seat`, a random choice of the others' in random
    order) and compare each with a full rebuild. The steps checked."""
    rng = random.Random(seed)
    table.reset(seed=seed)
    layout = table.layout
    checked = 0
    while checked < steps:
        game = table.game
        agents = list(table.possible_agents)
        asked = [table.agent_selection]
        if every_seat:
            rng.shuffle(agents)
            asked += [a for a in agents if rng.random() < 0.6]
        for agent in asked:
            seat = table.seat_of[agent]
            got = table.observe(agent)["observation"]
            playing = not table.ended()
            full = layout.vector(game, seat, playing, game.observe(seat))
            assert got.dtype == full.dtype and got.tobytes() == full.tobytes(), (
                f"seat {seat} after {checked} steps, phase {game.phase}: "
                f"{np.flatnonzero(got != full)}")
            assert got.tolist() == layout.numbers(game, seat, playing, game.observe(seat))
            mask = table.observe(agent)["action_mask"]  # (the masks kept per list)
            legal = {table.space.id(a) for a in game.legal_actions()} \
                if playing and seat == game.current_player else set()
            assert set(np.flatnonzero(mask)) == legal and mask.dtype == np.int8
        if table.terminations[table.agent_selection] or \
                table.truncations[table.agent_selection]:
            table.reset(seed=seed + 1000 + checked)  # a new episode, the kept vectors stay
            continue
        legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])
        table.step(int(legal[rng.randrange(len(legal))]))
        checked += 1
    return checked


@pytest.mark.parametrize("variant", ["schieber", "differenzler", "zweierjass", "sidi-barrani",
                                     "handjass-bessern", "coiffeur"])
def test_the_kept_vector_is_the_vector_made_anew(variant: str) -> None:
    """Whole games (the kept vectors carried over hands and new games), in the loop's
    order and with other seats asked in between; Sidi Barrani declares (bids, Weis)."""
    table = pz.raw_env(variant=variant, horizon="game")
    assert check_episode(table, 1, 500, every_seat=False) == 500
    assert check_episode(table, 2, 500, every_seat=True) == 500


def test_the_kept_vector_is_the_vector_made_anew_in_every_file(
        variant_case: VariantCase) -> None:
    table = pz.raw_env(variant=variant_case.name, options=variant_case.options,
                       horizon="hand")
    assert check_episode(table, 3, 120, every_seat=True) == 120


def test_the_kept_vector_is_a_new_array_each_time() -> None:
    """A vector handed out is the caller's: a later step, or writing into it, changes no
    other vector."""
    table = pz.raw_env(variant="schieber", horizon="hand")
    table.reset(seed=5)
    agent = table.agent_selection
    first = table.observe(agent)["observation"]
    before = first.copy()
    first[:] = 7.0
    again = table.observe(agent)["observation"]
    assert (again == before).all()
    table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[0]))
    table.observe(agent)
    assert (first == 7.0).all()


def test_a_copied_environment_keeps_vectors_of_its_own() -> None:
    """`copy.deepcopy` of an environment (a memoryview cannot be copied): the copy's
    vectors are written anew, and stepping it leaves the original's as they were."""
    import copy

    table = pz.raw_env(variant="schieber", horizon="hand")
    table.reset(seed=8)
    agent = table.agent_selection
    before = table.observe(agent)["observation"]
    twin = copy.deepcopy(table)
    assert (twin.observe(agent)["observation"] == before).all()
    twin.step(int(np.flatnonzero(twin.observe(agent)["action_mask"])[0]))
    assert (table.observe(agent)["observation"] == before).all()
    assert check_episode(twin, 9, 60, every_seat=True) == 60


def test_a_hidden_prediction_shows_in_no_other_seats_kept_vector() -> None:
    """Differenzler's predictions are hidden: two tables of one seed whose first seat
    predicts differently give every other seat the same vector (each asked before and
    after, so that its kept vector is carried over the prediction), and the predicting
    seat its own value."""
    tables = [pz.raw_env(variant="differenzler", horizon="hand") for _ in range(2)]
    for table in tables:
        table.reset(seed=4)
        for agent in table.possible_agents:
            table.observe(agent)
    first = tables[0].agent_selection
    ids = np.flatnonzero(tables[0].observe(first)["action_mask"])
    for table, action in zip(tables, (ids[0], ids[-1]), strict=True):
        table.step(int(action))
    for agent in tables[0].possible_agents:
        a, b = (t.observe(agent)["observation"] for t in tables)
        assert (a == b).all() != (agent == first), agent
