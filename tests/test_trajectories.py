"""Your own bot in `simulate` (a factory by reference, the example on the research page),
and the records per action: they load in pandas and polars and are the game replayed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from jassdsl.engine import Game
from jassdsl.registry import load_rules
from jassdsl.research.actionspace import ActionSpace
from jassdsl.research.records import read
from jassdsl.research.simulation import simulate
from jassdsl.research.tensors import Layout, utility_sign

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "bots"
TIMING = ("seconds", "hands_per_sec", "games_per_sec")


def without_times(report: dict[str, object]) -> dict[str, object]:
    out = {k: v for k, v in report.items() if k not in TIMING}
    kinds = out.get("bot_kinds")
    assert isinstance(kinds, dict)
    out["bot_kinds"] = {k: {**v, "decision_ms": None} for k, v in kinds.items()}
    return out


def test_a_bot_by_reference_gives_the_same_report_with_two_jobs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The example factory (examples/bots/greedy.py) against the heuristic, seats turned
    each game: the report of --jobs 2 is that of --jobs 1 (times aside), and the greedy
    seats made their decisions (the report counts them)."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    one = simulate("schieber", 4, seed=3, bots="greedy:make,heuristic").to_json()
    two = simulate("schieber", 4, seed=3, bots="greedy:make,heuristic", jobs=2).to_json()
    assert without_times(one) == without_times(two)
    kinds = one["bot_kinds"]
    assert kinds["greedy:make"]["decisions"] > 100
    assert kinds["greedy:make"]["seat_share"] == 0.5
    wins = kinds["greedy:make"]["wins"]["count"] + kinds["heuristic"]["wins"]["count"]
    assert wins + one["shared_wins"] == 4


def test_a_wrong_reference_is_one_readable_line(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "jassdsl", "simulate", "schieber", "-n", "1",
                          "--bots", "no_such_module:make"], capture_output=True, text=True,
                         cwd=tmp_path)
    assert run.returncode != 0
    assert "Traceback" not in run.stderr
    assert "cannot import module 'no_such_module'" in run.stderr


@pytest.fixture(scope="module")
def action_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One Schieber game of heuristic against random bots, one row per action."""
    path = tmp_path_factory.mktemp("records") / "actions.parquet"
    simulate("schieber", 1, seed=5, bots="heuristic,random", records=path, per="action")
    return path


def test_rows_per_action_load_in_pandas_and_polars(action_file: Path) -> None:
    pandas = pytest.importorskip("pandas")
    polars = pytest.importorskip("polars")
    frame = pandas.read_parquet(action_file)
    table = polars.read_parquet(action_file)
    assert len(frame) == table.height > 100
    assert list(frame.columns) == table.columns
    assert table["done"].sum() == frame["reward"].notna().sum() > 0
    space = len(ActionSpace.of(load_rules("schieber")))
    assert set(table["legal"].list.len().to_list()) == {space}


def test_rows_per_action_are_the_game_replayed(action_file: Path) -> None:
    """Applying the rows' actions to a new game of their seed: at each row the seat to
    act, its observation tensor and its legal mask are the row's, and per hand the
    rewards of the rows marked done are each seat's score of the hand."""
    rows = read(action_file)
    rules = load_rules("schieber")
    space = ActionSpace.of(rules)
    layout = Layout(rules, space, recall=False)
    game = Game(rules, seed=rows[0]["seed"], record=False)
    before = [0] * rules.subjects
    rewards: dict[int, float] = {}
    for i, row in enumerate(rows):
        assert row["step"] == i and row["seat"] == game.current_player
        assert row["hand"] == game.hand_number
        assert np.array_equal(np.asarray(row["observation"], np.float32),
                              layout.vector(game, row["seat"], True))
        assert [space.action(k) for k, legal in enumerate(row["legal"]) if legal] == sorted(
            game.legal_actions(), key=space.id)
        if row["done"]:
            rewards[row["seat"]] = row["reward"]
        done = len(game.results)
        game.apply(space.action(row["action"]))
        if len(game.results) > done:
            unit, _ = rules.winner_unit
            totals = game.results[-1].totals[unit]
            want = {x: utility_sign(rules) * (totals[rules.team_of[x]] - before[
                rules.team_of[x]]) for x in range(rules.players)}
            assert rewards == want
            before, rewards = list(totals), {}
    assert game.is_over
