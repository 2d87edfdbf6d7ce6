"""The research interfaces' data: the tensor layout as data (`tensors.layout`), the action
ids a file can use (`ActionSpace.of`), and seeded OpenSpiel and PettingZoo games that give
the observations, strings and returns they gave before these were made fast.

The digests in tests/fixtures/research/seeded.json were written by `seeded_digest` on the
code before the speed-up (commit 0f74af9), piece by piece of the tensors by name, the
`kinds` piece by kind name (its size changed when the ids of kinds a file never asks for
were dropped), the legal actions by their text."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from jassdsl.engine import Game
from jassdsl.registry import load_rules
from jassdsl.research.actionspace import ActionSpace
from jassdsl.research.tensors import Layout, layout

pyspiel = pytest.importorskip("pyspiel")
jos = pytest.importorskip("jassdsl.research.openspiel")
pz = pytest.importorskip("jassdsl.research.pettingzoo")

SEEDED = Path(__file__).parent / "fixtures" / "research" / "seeded.json"
VARIANTS = ("schieber", "coiffeur", "differenzler", "handjass", "sidi-barrani")


def test_the_layout_is_contiguous_and_is_the_tensor() -> None:
    for name in ("schieber", "handjass", "sidi-barrani"):
        rules = load_rules(name)
        for recall in (False, True):
            pieces = layout(rules, recall)
            assert [p.offset for p in pieces] == [0, *(p.offset + p.size
                                                       for p in pieces[:-1])]
            assert ("history" in [p.name for p in pieces]) == recall
            game = pyspiel.load_game("jassdsl", {"variant": name})
            size = (game.information_state_tensor_size() if recall
                    else game.observation_tensor_size())
            assert pieces[-1].offset + pieces[-1].size == size
            observer = game.make_py_observer(
                pyspiel.IIGObservationType(perfect_recall=True) if recall else None)
            assert list(observer.dict) == [p.name for p in pieces]


def test_each_piece_holds_what_its_name_and_scale_say() -> None:
    """A Schieber game a few hands in: the seat's hand, the totals / 1000, the tricks
    taken / 9 and the trump one-hot read back from their runs."""
    rules = load_rules("schieber")
    space = ActionSpace.of(rules)
    game = Game(rules, seed=4, record=False)
    rng = random.Random(4)
    while len(game.results) < 2 or game.tricks_played < 3 or game.trick:
        game.apply(rng.choice(game.legal_actions()))
    seat = game.current_player
    vec = Layout(rules, space, recall=False).vector(game, seat, True)
    run = {p.name: vec[p.offset:p.offset + p.size] for p in layout(rules)}
    scale = {p.name: p.scale for p in layout(rules)}
    assert list(np.flatnonzero(run["hand"])) == game.hand_of(seat)
    assert scale["totals"] == "1/1000" and scale["tricks_won"] == "1/9"
    totals = game.totals["points"]
    assert run["totals"].tolist() == pytest.approx([t / 1000 for t in totals])
    won = [0] * 4
    for trick in game.observe(seat).tricks:
        won[trick.winner] += 1
    assert run["tricks_won"].tolist() == pytest.approx([w / 9 for w in won], abs=1e-6)
    assert list(np.flatnonzero(run["trump"])) == [game.mode + 1]
    assert run["kinds"][space.kinds.index("play")] == 1 and run["kinds"].sum() == 1


def test_the_python_tensors_are_openspiels_own() -> None:
    """`observation_tensor` and `information_state_tensor` skip pyspiel's round trip:
    the numbers are those of its C++ path, at every decision of a seeded hand."""
    game = pyspiel.load_game("jassdsl", {"variant": "coiffeur", "horizon": "hand"})
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        for seat in range(game.num_players()):
            assert state.observation_tensor(seat) == \
                pyspiel.State.observation_tensor(state, seat)
            assert state.information_state_tensor(seat) == \
                pyspiel.State.information_state_tensor(state, seat)
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(4)


def test_the_ids_leave_out_kinds_a_file_never_asks_for() -> None:
    kinds = {name: set(ActionSpace.of(load_rules(name)).kinds)
             for name in ("schieber", "molotow", "differenzler", "handjass")}
    assert kinds["schieber"] == {"play", "trump", "push", "weis"}
    assert kinds["molotow"] == {"play"}  # the first void sets trump: nobody names it
    assert kinds["differenzler"] == {"play", "estimate"}  # trump turned up, no push
    assert {"join", "fold", "swap", "rob"} <= kinds["handjass"]
    assert not {"pass", "push", "trump"} & kinds["handjass"]
    space = ActionSpace.of(load_rules("molotow"))
    assert len(space) == 36 and space.id(space.action(7)) == 7


FIXTURES = Path(__file__).parent / "fixtures"
MECHANISM_FIXTURES = (*sorted((FIXTURES / "outsider").glob("*.jass")),
                      FIXTURES / "reports" / "improve-without-take-part.jass",
                      FIXTURES / "hostile" / "play" / "21-last-when-nobody-plays.jass",
                      FIXTURES / "hostile" / "turn3" / "xss-all-fields-bieter.jass",
                      FIXTURES / "language" / "standard-tables.jass")


def test_every_legal_action_of_the_fixtures_has_an_id() -> None:
    """Fixtures with the mechanisms in other forms than the shipped files have them
    (an auction with kontra, a talon, bettering without taking part, robbing, a sheet
    with konter), 150 random actions each."""
    for path in MECHANISM_FIXTURES:
        rules = load_rules(str(path))
        space, rng = ActionSpace.of(rules), random.Random(1)
        game = Game(rules, seed=1, record=False)
        for _ in range(150):
            if game.is_over:
                break
            legal = game.legal_actions()
            assert all(a in space.ids for a in legal), (path.name, legal)
            game.apply(rng.choice(legal))


def pieces_of(runs: dict[str, tuple[int, int]], vec: Any, kinds: tuple[str, ...]
              ) -> dict[str, Any]:
    """A tensor by piece: the kinds marked by name, every other piece as a digest."""
    out: dict[str, Any] = {}
    for name, (at, size) in runs.items():
        part = np.asarray(vec[at:at + size], np.float32)
        out[name] = ({k: float(part[i]) for i, k in enumerate(kinds) if part[i]}
                     if name == "kinds" else hashlib.md5(part.tobytes()).hexdigest())
    return out


def spiel_rows(variant: str, seed: int, steps: int) -> dict[str, Any]:
    game = pyspiel.load_game("jassdsl", {"variant": variant, "horizon": "hand"})
    state, rng = game.new_initial_state(), random.Random(seed)
    plain = jos.Layout(game.rules, game.space, False).runs
    recall = jos.Layout(game.rules, game.space, True).runs
    kinds, rows = game.space.kinds, []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        row: dict[str, Any] = {"legal": [str(game.space.action(a))
                                         for a in state.legal_actions()]}
        for x in range(game.num_players()):
            row[f"o{x}"] = pieces_of(plain, state.observation_tensor(x), kinds)
            row[f"i{x}"] = pieces_of(recall, state.information_state_tensor(x), kinds)
            row[f"s{x}"] = state.observation_string(x)
            row[f"r{x}"] = state.information_state_string(x)
        clone = state.clone()
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        state.apply_action(action)
        clone.apply_action(action)
        assert str(clone) == str(state)
        rows.append(row)
    return {"rows": rows, "returns": state.returns()}


def zoo_rows(variant: str, seed: int, steps: int) -> list[Any]:
    table = pz.raw_env(variant, horizon="hand")
    table.reset(seed=seed)
    rng, kinds = random.Random(seed), table.space.kinds
    rows: list[Any] = []
    for _ in range(steps):
        obs, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            if not table.agents:
                break
            continue
        legal = [i for i, m in enumerate(obs["action_mask"]) if m]
        action = legal[rng.randrange(len(legal))]
        rows.append([str(table.space.action(i)) for i in legal])
        rows.append(pieces_of(table.layout.runs, obs["observation"], kinds))
        rows.append(dict(table.rewards))
        table.step(action)
    return rows


def seeded_digest(variant: str) -> str:
    data = {"spiel": spiel_rows(variant, 3, 120), "zoo": zoo_rows(variant, 5, 120)}
    return hashlib.md5(json.dumps(data, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("variant", VARIANTS)
def test_seeded_games_observe_and_return_as_before(variant: str) -> None:
    assert seeded_digest(variant) == json.loads(SEEDED.read_text("utf-8"))[variant]


def test_the_research_page_prints_every_files_layout() -> None:
    """Both languages of the research page hold the table `layout_rows` makes now."""
    from jassdsl.registry import variant_names
    from jassdsl.research.tensors import layout_rows

    rows = "\n".join(layout_rows(variant_names()))
    for lang in ("en", "de"):
        page = Path(__file__).parent.parent / "docs" / lang / "research.md"
        assert rows in page.read_text("utf-8"), f"{lang}: regenerate the layout table"


def test_a_view_is_read_and_never_played() -> None:
    """`Game.before_last` hands out the copy the history saved: a view of it observes
    the game as it was and refuses to be played; an undo leaves the copy as it was."""
    from jassdsl.core.errors import ApiUsageError

    game = Game("schieber", seed=2)
    rng = random.Random(2)
    for _ in range(6):
        game.apply(rng.choice(game.legal_actions()))
    before = game.observation(game.current_player)
    moment = game.moment()
    game.apply(rng.choice(game.legal_actions()))
    saved = game.view(game.before_last())
    assert saved.observation(saved.current_player) == before
    with pytest.raises(ApiUsageError):
        saved.apply(saved.legal_actions()[0])
    game.undo()
    game.apply(game.legal_actions()[-1])
    assert saved.observation(saved.current_player) == before
    then = game.view(moment)
    assert then.observation(then.current_player) == before
