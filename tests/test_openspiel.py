"""Every rule file as an OpenSpiel game: OpenSpiel's own random simulation test (chance,
legal actions, strings, tensors, clone and serialization) for every shipped file and option
set, the action space, returns, hidden information, and ISMCTS playing a Schieber hand."""

from __future__ import annotations

import random

import pytest
from conftest import VariantCase, decisions
from test_hidden import weis_exchange

from jassdsl.core.actions import Action
from jassdsl.engine import Game
from jassdsl.registry import load_rules

pyspiel = pytest.importorskip("pyspiel")
jos = pytest.importorskip("jassdsl.research.openspiel")


def load(case: VariantCase, horizon: str = "hand") -> object:
    return pyspiel.load_game("jassdsl", {"variant": case.name, "horizon": horizon,
                                         "options": jos.options_text(case.options)})


def test_openspiels_random_simulation_passes(variant_case: VariantCase) -> None:
    """One random hand per file and option set, with every check OpenSpiel makes
    (serialization included); a whole game is left to test_a_whole_game_returns_the_winners."""
    pyspiel.random_sim_test(load(variant_case), num_sims=1, serialize=True, verbose=False)


def test_openspiels_random_simulation_passes_for_a_whole_game() -> None:
    """horizon=game on the shortest game (eight hands of Molotow): the hands follow one
    another through chance nodes, and the returns are the winners."""
    game = pyspiel.load_game("jassdsl", {"variant": "molotow", "options": "hands=8"})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_loads_by_name_with_its_defaults() -> None:
    game = pyspiel.load_game("jassdsl", {"variant": "coiffeur"})
    assert game.num_players() == 4 and game.get_parameters()["horizon"] == "game"
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    state = game.new_initial_state()
    assert state.is_chance_node()


def test_options_read_either_way_and_survive_the_game_string() -> None:
    a = pyspiel.load_game("jassdsl", {"variant": "schieber",
                                      "options": "target=1200,weis-table=none"})
    b = pyspiel.load_game("jassdsl(variant=schieber,options=target:1200;weis-table:none)")
    assert str(a) == str(b)
    assert a.rules.options["target"] == 1200 and a.rules.options["weis-table"] == "none"
    with pytest.raises(Exception, match="target"):
        pyspiel.load_game("jassdsl", {"variant": "schieber", "options": "target=7"})


def test_every_legal_action_has_an_id(variant_case: VariantCase) -> None:
    """The action space read from the rules holds every action the engine offers."""
    rules = load_rules(variant_case.name, variant_case.options)
    space = jos.ActionSpace.of(rules)
    assert len(set(space.actions)) == len(space)
    game = Game(rules, seed=3, record=False)
    for d in decisions(game, random.Random(3), limit=400):
        for action in d.legal:
            assert space.action(space.id(action)) == action


def play(state: object, rng: random.Random) -> object:
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_hand_deals_36_cards_by_chance_and_returns_its_score() -> None:
    game = pyspiel.load_game("jassdsl", {"variant": "differenzler", "horizon": "hand"})
    state = game.new_initial_state()
    dealt = []
    while state.is_chance_node():
        outcomes = [c for c, _ in state.chance_outcomes()]
        choice = outcomes[len(outcomes) // 2]
        if len(outcomes) > 4 or not dealt:
            dealt.append(choice)
        state.apply_action(choice)
    hands = [state.engine.hand_of(x) for x in range(4)]
    assert sorted(c for h in hands for c in h) == list(range(36))
    play(state, random.Random(1))
    engine = state.engine
    first = engine.results[0]
    unit, sign = game.rules.winner_unit
    more_wins = game.rules.winner_most
    want = [sign * first.totals[unit][x] * (1 if more_wins else -1) for x in range(4)]
    assert state.returns() == want


def test_a_whole_game_returns_the_winners() -> None:
    game = pyspiel.load_game("jassdsl", {"variant": "molotow", "options": "hands=8"})
    state = play(game.new_initial_state(), random.Random(2))
    outcome = state.engine.outcome()
    assert outcome is not None and len(state.engine.results) == 8
    assert state.returns() == [1.0 if x in outcome.winners else 0.0
                               for x in range(game.num_players())]
    copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert copy.returns() == state.returns() and copy.history() == state.history()


def test_observations_hide_the_other_hands() -> None:
    """Resampling deals the others' cards anew; what the seat sees stays the same, so
    nothing of the other hands is in its strings or tensors."""
    game = pyspiel.load_game("jassdsl", {"variant": "schieber", "horizon": "hand"})
    rng = random.Random(5)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 50:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    other = jos.resample(state, seat, random.Random(1))
    hands = [state.engine.hand_of(x) for x in range(4)]
    assert [other.engine.hand_of(x) for x in range(4)] != hands, "no other deal found"
    assert other.engine.hand_of(seat) == hands[seat]
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.observation_string(seat) == state.observation_string(seat)
    assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
    assert other.observation_tensor(seat) == state.observation_tensor(seat)
    assert other.legal_actions() == state.legal_actions()


def test_ismcts_plays_a_schieber_hand() -> None:
    np = pytest.importorskip("numpy")
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("jassdsl", {"variant": "schieber", "horizon": "hand"})
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=100.0, max_simulations=8, random_state=rng)
    bot.set_resampler(lambda state, player: jos.resample(state, player, random.Random(3)))
    state = game.new_initial_state()
    moves = random.Random(7)
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(moves.choice(state.chance_outcomes())[0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(moves.choice(state.legal_actions()))
    assert searched >= 9 and len(state.returns()) == 4


def test_a_bid_naming_the_mode_is_one_action_with_its_text() -> None:
    """Sidi Barrani's bids: each number in each mode an id of its own, shown as written."""
    game = pyspiel.load_game("jassdsl", {"variant": "sidi-barrani", "horizon": "hand"})
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        outcomes, _ = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choice(outcomes))
    texts = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    assert texts[:2] == ["bid 70 D", "bid 70 H"] and texts[-1] == "pass"
    assert len(set(state.legal_actions())) == 10 * 6 + 1
    state.apply_action(state.legal_actions()[texts.index("bid 100 H")])
    after = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    assert "double yes" in after and "bid 100 S" not in after and "bid 110 S" in after


def test_who_holds_a_weis_changes_no_other_seats_view() -> None:
    """Issue 29: OpenSpiel's current player is public. Two Schieber states that differ only
    in two cards exchanged between other seats, so that one of them holds a Weis in one
    state and none in the other: through the first trick, played alike, the player to
    act and the observer's strings and tensors are the same in both."""
    game = pyspiel.load_game("jassdsl", {"variant": "schieber", "horizon": "hand"})
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    trump = state.legal_actions()[0]
    probe = state.clone()
    probe.apply_action(trump)
    observer = 0
    hands = weis_exchange(game.rules, list(state.engine.s.hands), probe.engine.s.mode, observer)
    assert hands is not None
    twin = state.clone()
    twin.engine.s.hands = hands
    seen = [x for x in range(4) if hands[x] == state.engine.s.hands[x]]  # observer and one more
    action = trump
    while not state.engine.observe(observer).tricks:
        state.apply_action(action)
        twin.apply_action(action)
        assert state.current_player() == twin.current_player()
        for x in seen:
            assert state.observation_string(x) == twin.observation_string(x)
            assert state.observation_tensor(x) == twin.observation_tensor(x)
            assert state.information_state_string(x) == twin.information_state_string(x)
        both = set(state.legal_actions()) & set(twin.legal_actions())
        assert both, "no action legal in both states"
        # the same public action in both: no Weis declared, the lowest card legal in both
        no = [i for i in both if state.space.action(i) == Action("weis", 0)]
        action = no[0] if no else min(both)
    assert len(state.engine.history) > 8  # every seat was asked, then played
