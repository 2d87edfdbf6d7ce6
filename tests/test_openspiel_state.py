"""OpenSpiel states as the fast paths keep them (one `Core` copied at once, the clone's
recall reading the clone's game, the tensors' kept pieces, the answers read in Python):
a clone played on is the state replayed from its history, the history and strings follow
OpenSpiel's API, and a seat's tensors never read another seat's hidden cards."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
jos = pytest.importorskip("jassdsl.research.openspiel")


def game(variant: str = "schieber", horizon: str = "hand") -> object:
    return pyspiel.load_game("jassdsl", {"variant": variant, "horizon": horizon})


def random_action(state: object, rng: random.Random) -> int:
    if state.is_chance_node():
        return int(rng.choice(state.chance_outcomes())[0])
    return int(rng.choice(state.legal_actions()))


def replayed(g: object, actions: list[int]) -> object:
    state = g.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def seen(state: object) -> tuple[object, ...]:
    """All a caller can read of a state."""
    n = state.get_game().num_players()
    over = state.is_terminal()
    return (str(state), state.history(), state.current_player(), state.is_chance_node(),
            over, state.returns(), [] if over else state.legal_actions(),
            state.chance_outcomes() if state.is_chance_node() else None,
            [state.observation_string(x) for x in range(n)],
            [state.information_state_string(x) for x in range(n)],
            [state.observation_tensor(x) for x in range(n)],
            [state.information_state_tensor(x) for x in range(n)])


@pytest.mark.parametrize("variant", ["schieber", "coiffeur", "differenzler"])
def test_a_clone_played_on_is_the_state_replayed(variant: str) -> None:
    """At points of a hand (in the deal, in play, near its end) a clone takes a few
    random actions; it reads exactly as a fresh state given the same history, and the
    state it was cloned from is unchanged by it."""
    g = game(variant)
    rng = random.Random(3)
    state, steps = g.new_initial_state(), 0
    while not state.is_terminal():
        if steps % 17 == 5:
            before = seen(state)
            clone = state.clone()
            for _ in range(rng.randrange(1, 6)):
                if clone.is_terminal():
                    break
                clone.apply_action(random_action(clone, rng))
            assert seen(clone) == seen(replayed(g, clone.history()))
            assert seen(pickle.loads(pickle.dumps(clone))) == seen(clone)
            assert seen(state) == before
        state.apply_action(random_action(state, rng))
        steps += 1
    assert steps > 60


def test_history_and_strings_follow_openspiels_api() -> None:
    """history() lists every action, chance outcomes too, in order; move_number counts
    them; child() is a clone with one more action; full_history names who took each;
    a seat's information state string only grows within a hand, and its observation
    string is its view now (OpenSpiel's own C++ path gives the same legal actions)."""
    g = game("schieber", "game")
    rng = random.Random(8)
    state = g.new_initial_state()
    taken: list[int] = []
    infos = [""] * 4
    hand = 1
    for _ in range(120):
        action = random_action(state, rng)
        player = state.current_player()
        if player >= 0:
            assert state.legal_actions() == state.legal_actions(player) == \
                pyspiel.State.legal_actions(state)
            assert state.legal_actions((player + 1) % 4) == []
        child = state.child(action)
        state.apply_action(action)
        taken.append(action)
        assert state.history() == taken and state.move_number() == len(taken)
        assert [h.action for h in state.full_history()] == taken
        assert state.full_history()[-1].player == player
        assert seen(child) == seen(state)
        if state.engine is not None and state.engine.hand_number == hand \
                and not state.is_chance_node():
            for x in range(4):
                text = state.information_state_string(x)
                assert text.startswith(infos[x].rsplit("|", 1)[0])
                infos[x] = text
    assert state.history_str() == ", ".join(map(str, taken))


def test_a_seats_tensors_never_read_anothers_hidden_cards() -> None:
    """Two deals that differ only in two cards swapped between seats 1 and 2: seat 0's
    and seat 3's tensors and strings are the same at every step until one of the two
    cards is played, and seat 1's differ (so the comparison can fail)."""
    g = game("schieber")
    rng = random.Random(11)
    start = g.new_initial_state()
    while len(start.chance_outcomes()) != 36:  # a draw before the deal (the first dealer)
        start.apply_action(0)
    lead = start.history()
    deal = rng.sample(range(36), 36)
    first = replayed(g, lead + deal)
    a, b = first.engine.hand_of(1)[0], first.engine.hand_of(2)[0]
    second = replayed(g, lead + [{a: b, b: a}.get(card, card) for card in deal])
    assert second.engine.hand_of(1) != first.engine.hand_of(1)
    assert first.information_state_tensor(1) != second.information_state_tensor(1)
    assert first.observation_tensor(2) != second.observation_tensor(2)
    steps = 0
    while not first.is_terminal() and first.engine.tricks_played < 2 \
            and a not in first.engine.trick and b not in first.engine.trick:
        for x in (0, 3):
            assert first.observation_tensor(x) == second.observation_tensor(x)
            assert first.information_state_tensor(x) == second.information_state_tensor(x)
            assert first.information_state_string(x) == second.information_state_string(x)
            assert first.observation_string(x) == second.observation_string(x)
        actions = sorted(set(first.legal_actions()) & set(second.legal_actions()) - {a, b})
        if not actions:
            break  # the seat to act must play one of the two cards: the games part here
        action = rng.choice(actions)
        first.apply_action(action)
        second.apply_action(action)
        steps += 1
    assert steps >= 4


@pytest.mark.parametrize("variant", ["schieber", "differenzler", "zweierjass", "sidi-barrani"])
def test_the_tensors_from_the_kept_vectors_are_the_layouts_own(variant: str) -> None:
    """The tensors come from each seat's vector kept by the game's observer
    (`research.incremental`), brought up to whichever state is asked: at every step of
    seeded games (chance nodes, the end), of states and clones asked in turn, for every
    seat, they are the numbers `Layout.numbers` makes from the seat's observation."""
    g = game(variant, horizon="game" if variant == "schieber" else "hand")
    plain, recall = (g.make_py_observer(t).layout for t in (
        None, pyspiel.IIGObservationType(perfect_recall=True)))
    rng = random.Random(5)
    state, older, steps = g.new_initial_state(), [], 0
    while not state.is_terminal() and steps < 700:
        for s in [state, *older[-3:]]:
            engine, n = s.engine, g.num_players()
            playing = not s.is_terminal() and not s.is_chance_node()
            for x in rng.sample(range(n), n):
                obs = engine.observe(x) if engine is not None else None
                assert s.observation_tensor(x) == plain.numbers(engine, x, playing, obs)
                assert s.information_state_tensor(x) == recall.numbers(engine, x, playing,
                                                                       obs)
        if steps % 7 == 0:
            older.append(state.clone())
        state.apply_action(random_action(state, rng))
        steps += 1
    assert steps > 70  # the deal (36 chance steps) and every card
