"""The batched environment (`jassdsl.research.vector`) plays the scalar engine's games:
each slot, driven with random actions from its masks, is followed by a `Game` of the same
seed given the same actions; both must offer the same legal actions to the same seat,
hold the same cards, score the same totals and end the same games (then the slot starts
its next seed, as a new `Game` does).
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from jassdsl.core.actions import Action
from jassdsl.engine import Game
from jassdsl.registry import load_rules
from jassdsl.research.vector import (
    VectorEnv,
    action_names,
    engine_action,
    layout,
    random_actions,
)


@pytest.mark.parametrize("name", ["schieber", "coiffeur", "differenzler", "molotow",
                                  "plus-minus", "misere-molotow", "wunsch-molotow"])
def test_the_env_plays_the_games_of_the_engine(name: str) -> None:
    rules = load_rules(name)
    env = VectorEnv(rules, 3, seed=7)
    games = [Game(rules, seed=int(s), record=False) for s in env.seeds]
    ended = hands = 0
    for _ in range(4000):
        mask = env.action_masks()
        seats = env.info()["seat"]
        for g, game in enumerate(games):
            while (forced := game.forced_action()) is not None:
                game.apply(forced)  # a Weis offer to a seat without one: the env skips it
            assert game.current_player == seats[g]
            legal = sorted(engine_id(rules, a) for a in game.legal_actions())
            assert legal == np.flatnonzero(mask[g]).tolist()
            assert [game.hand_mask(x) for x in range(rules.players)] == env.hands[g].tolist()
        actions = env.sample_random_actions()
        assert mask[np.arange(len(games)), actions].all()
        _, rewards, done, _, info = env.step(actions)
        for g in range(len(games)):
            games[g].apply(engine_action(rules, int(actions[g])))
            if done[g]:
                assert games[g].is_over
                finals = {u: tuple(v[list(info["ended_seeds"]).index(games[g].seed)])
                          for u, v in info["final_totals"].items()}
                assert finals == games[g].totals
                games[g] = Game(rules, seed=int(env.seeds[g]), record=False)
                ended += 1
            elif env.st[g, 0] != 4 and games[g].phase != "over":
                assert games[g].totals == {u: tuple(v[g].tolist())
                                           for u, v in env.totals.items()}
        hands += int((rewards != 0).any(axis=1).sum())
        if ended >= 3:
            break
    assert ended >= 3 and env.hands_played > 20


def first_games(name: str, num_envs: int, slots: int) -> list[list[int]]:
    """The actions `sample_random_actions` drew in the first game of each of the first
    `slots` slots of an env of `num_envs` games, until that game ended."""
    env = VectorEnv(name, num_envs, seed=5)
    drawn: list[list[int]] = [[] for _ in range(slots)]
    open_ = set(range(slots))
    while open_:
        actions = env.sample_random_actions()
        for g in open_:
            drawn[g].append(int(actions[g]))
        _, _, ended, _, _ = env.step(actions, False)
        open_ -= set(np.flatnonzero(ended).tolist())
    return drawn


@pytest.mark.parametrize("name", ["schieber", "differenzler"])
def test_random_actions_depend_on_the_game_alone(name: str) -> None:
    """A game draws from its own generator: the same game (its seed) plays the same
    actions in a batch of 2 as in one of 7, where other games end at other times; two
    games of one batch do not play alike."""
    small, large = first_games(name, 2, 2), first_games(name, 7, 2)
    assert small == large
    assert small[0] != small[1] and len(small[0]) > 40


def engine_id(rules: object, a: Action) -> int:
    """The env's id of an engine action (the inverse of `engine_action`)."""
    from jassdsl.compile.compiler import CompiledRules

    assert isinstance(rules, CompiledRules)
    modes = max(rules.modes) + 1
    if a.kind == "play":
        return int(a.value)
    if a.kind == "trump":
        return 36 + int(a.value)
    if a.kind == "push":
        return 36 + modes
    if a.kind == "weis":
        return 37 + modes if a.value == 1 else 38 + modes
    at = 39 + modes
    for d in rules.declarations:
        if a.kind == d.name:
            return at + d.values.index(a.value)
        at += len(d.values)
    if a.kind == "column":
        return at + int(a.value)
    raise AssertionError(a)


def test_the_layout_and_the_actions_are_data() -> None:
    rules = load_rules("differenzler")
    pieces = layout(rules)
    env = VectorEnv(rules, 2, seed=1)
    obs, _ = env.reset()
    assert obs.shape == (2, 4, pieces[-1][1] + pieces[-1][2])
    assert [p[1] for p in pieces] == sorted(p[1] for p in pieces)
    names = action_names(rules)
    assert len(names) == env.mask.shape[1] and names[:2] == ["play DA", "play DK"]
    assert "estimate 157" in names
    hand = next(p for p in pieces if p[0] == "hand")
    for seat in range(4):  # each seat sees its own hand, and no other
        cards = obs[0, seat, hand[1]:hand[1] + 36]
        assert np.flatnonzero(cards).tolist() == [
            c for c in range(36) if env.hands[0, seat] >> c & 1]
    seats = env.info()["seat"]
    current = env.current_observations()
    assert all((current[g] == obs[g, seats[g]]).all() for g in range(2))


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    """The step checks every game's action against its mask before it plays any: a
    batch with one illegal action raises, naming the game, and leaves every game as it
    was (the masks too); a batch of the wrong length raises as well."""
    env = VectorEnv("schieber", 4, seed=3)
    for _ in range(5):
        env.step(env.sample_random_actions(), False)
    actions = env.sample_random_actions()
    actions[2] = int(np.flatnonzero(~env.mask[2])[0])
    before = (env.st.copy(), env.hands.copy(), env.mask.copy(), env.count.copy())
    with pytest.raises(ValueError, match="game 2: action"):
        env.step(actions, False)
    after = (env.st, env.hands, env.mask, env.count)
    assert all((x == y).all() for x, y in zip(before, after, strict=True))
    with pytest.raises(ValueError, match="one per game"):
        env.step(actions[:3], False)
    env.step(env.sample_random_actions(), False)  # and it plays on


def test_a_file_the_path_does_not_cover_says_why() -> None:
    with pytest.raises(ValueError, match="by or only when"):
        VectorEnv("schieber", 2, options={"konter": "yes"})
    with pytest.raises(ValueError, match="taking part"):
        VectorEnv("handjass", 2)  # the compiled path plays it, the steps not yet


@pytest.mark.parametrize("name", ["coiffeur", "differenzler"])
def test_the_compiled_scoring_scores_as_the_batch_scorer(name: str) -> None:
    """The clauses compiled into one function (`fast.clauses`) against `Scorer`, the
    reference: the same masks, rewards, totals and ended games, step after step, over
    enough games that the game ends occur. (Schieber's `count first` and Molotow's lots
    compile for 10-20 s each: `scripts/compare_clauses.py` runs them.)"""
    rules = load_rules(name)
    fast = VectorEnv(rules, 48, seed=3, compiled_scoring=True)
    slow = VectorEnv(rules, 48, seed=3, compiled_scoring=False)
    assert fast.clauses is not None and slow.clauses is None
    random_actions(fast.action_masks(), seed=2)
    while fast.games_ended < 25:
        mask = fast.action_masks()
        assert (mask == slow.action_masks()).all()
        actions = random_actions(mask)
        _, got, ended, _, _ = fast.step(actions, False)
        _, want, ended_too, _, _ = slow.step(actions, False)
        assert (got == want).all() and (ended == ended_too).all()
        for u in fast.totals:
            assert (fast.totals[u] == slow.totals[u]).all()
    assert slow.games_ended == fast.games_ended
