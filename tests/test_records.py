"""Simulation results as data: the records (one row per hand and per game), the spread and
intervals of the report, and their independence from how the games were spread out."""

from __future__ import annotations

import json
import math
import random
import statistics
from pathlib import Path

import pytest

from jassdsl.cli import main
from jassdsl.registry import load_rules
from jassdsl.research.records import columns, read, table
from jassdsl.research.simulate import SimReport, simulate
from jassdsl.research.stats import Z95, Tally, wilson

# how fast, and which path played the games: not part of the answers
TIMING = ("seconds", "hands_per_sec", "games_per_sec", "games_by_path", "compiled_path",
          "playout_path")
HOWS = {"chosen", "drawn", "shown", "turned", "first void", "fixed", ""}


def plain(report: SimReport) -> dict[str, object]:
    return {k: v for k, v in report.to_json().items() if k not in TIMING}


@pytest.mark.parametrize(("variant", "bots"), [("schieber", "random"), ("coiffeur", "mixed"),
                                               ("differenzler", "random"),
                                               ("handjass", "heuristic")])
def test_records_agree_with_the_report(variant: str, bots: str, tmp_path: Path) -> None:
    report = simulate(variant, 6, seed=2, bots=bots, keep_rows=True,
                      records=tmp_path / "r.jsonl")
    rows = report.rows
    assert rows is not None and rows == read(tmp_path / "r.jsonl")
    rules = load_rules(variant)
    names = [name for name, _ in columns(rules)]
    assert all(list(row) == names for row in rows)
    hands = [r for r in rows if r["row"] == "hand"]
    ends = [r for r in rows if r["row"] == "game"]
    assert len(hands) == report.hands and len(ends) == report.games == 6
    assert [e["game"] for e in ends] == list(range(1, 7))
    for end in ends:  # the hands' scores add up to the game's final totals
        own = [h for h in hands if h["game"] == end["game"]]
        assert end["hands"] == len(own) == own[-1]["hand"]
        assert all(h["seed"] == end["seed"] for h in own)
        for unit in rules.units:
            summed = [sum(col) for col in zip(*(h[f"score_{unit}"] for h in own), strict=True)]
            assert summed == end[f"total_{unit}"] == own[-1][f"total_{unit}"]
    modes: dict[str, int] = {}
    for h in hands:
        modes[h["mode"] or "none"] = modes.get(h["mode"] or "none", 0) + 1
        assert h["mode_set"] in HOWS
        assert (h["chooser"] >= 0) == (h["mode_set"] == "chosen")
    assert modes == report.mode_counts()
    assert {c: sum(h["clause"] == c for h in hands) for c in report.clause_ids} == \
        {c: k for c, k in report.clause_counts().items() if c in report.clause_ids}
    assert sum(h["match"] for h in hands) == report.match
    wins = {s: sum(report.subjects.index(s) in e["winners"] for e in ends)
            for s in report.subjects}
    assert wins == {s: report.wins[s] for s in report.subjects}


def test_a_records_run_plays_the_games_of_a_plain_run(tmp_path: Path) -> None:
    """Records are played with the event log through Game.apply: the same games."""
    for bots in ("random", "mixed"):
        plain_run = simulate("schieber", 8, seed=5, bots=bots)
        with_rows = simulate("schieber", 8, seed=5, bots=bots, records=tmp_path / "x.jsonl")
        assert plain(plain_run) == plain(with_rows)


def test_parquet_and_json_lines_hold_the_same_rows(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    a = simulate("slalom", 3, seed=1, bots="random", records=tmp_path / "r.parquet")
    b = simulate("slalom", 3, seed=1, bots="random", records=tmp_path / "r.jsonl")
    assert read(tmp_path / "r.parquet") == read(tmp_path / "r.jsonl")
    import pyarrow.parquet as pq

    meta = json.loads(pq.read_schema(tmp_path / "r.parquet").metadata[b"jassdsl"])
    assert meta["variant"] == a.variant and meta["subjects"] == b.subjects
    frame = table(load_rules("slalom"), read(tmp_path / "r.jsonl"))
    assert frame.num_rows == a.hands + a.games


def test_records_are_the_same_with_any_number_of_jobs(tmp_path: Path) -> None:
    one = simulate("molotow", 5, seed=9, bots="random", records=tmp_path / "1.jsonl")
    two = simulate("molotow", 5, seed=9, bots="random", records=tmp_path / "2.jsonl", jobs=2)
    assert plain(one) == plain(two)
    assert (tmp_path / "1.jsonl").read_bytes() == (tmp_path / "2.jsonl").read_bytes()


def test_the_command_line_writes_records(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hands.jsonl"
    assert main(["simulate", "schieber", "--games", "2", "--bots", "random", "--records",
                 str(out), "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(read(out)) == data["hands"] + data["games"]


@pytest.mark.parametrize("name", ["hands.csv", "hands"])
def test_a_records_file_of_another_kind_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    code = main(["simulate", "schieber", "--games", "2", "--records", str(tmp_path / name)])
    out, err = capsys.readouterr()
    assert code == 1 and out == "" and err.count("\n") == 1
    assert ".jsonl" in err and ".parquet" in err and not (tmp_path / name).exists()


# --- the figures and their intervals ----------------------------------------------------------
def test_a_tally_gives_the_mean_and_spread_of_statistics() -> None:
    rng = random.Random(4)
    values = [rng.randrange(-50, 300) for _ in range(200)]
    whole, parts = Tally(), [Tally(), Tally(), Tally()]
    for i, v in enumerate(values):
        whole.add(v)
        parts[i % 3].add(v)
    merged = Tally()
    for part in reversed(parts):
        merged.merge(part)
    assert merged == whole
    assert whole.mean == pytest.approx(statistics.fmean(values))
    assert whole.sd == pytest.approx(statistics.stdev(values))
    assert whole.se == pytest.approx(statistics.stdev(values) / math.sqrt(200))
    low, high = whole.summary()["ci95"]
    assert low == pytest.approx(whole.mean - Z95 * whole.se, abs=1e-3)
    assert high == pytest.approx(whole.mean + Z95 * whole.se, abs=1e-3)


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (5, 10, 0.2366, 0.7634),
    (81, 263, 0.2553, 0.3662)])
def test_wilson_intervals_match_published_values(k: int, n: int, low: float,
                                                 high: float) -> None:
    got = wilson(k, n)
    assert got[0] == pytest.approx(low, abs=1e-4) and got[1] == pytest.approx(high, abs=1e-4)


def test_the_report_gives_intervals_for_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    report = simulate("schieber", 12, seed=3, bots="random")
    data = report.to_json()
    for s in report.subjects:
        win = data["win_rates"][s]
        assert win["count"] == report.wins[s] and win["of"] == 12
        assert win["ci95"][0] <= win["rate"] <= win["ci95"][1]
        final = data["final_totals"]["points"][s]
        assert round(final["mean"], 2) == data["mean_totals"]["points"][s]  # 2 places there
        assert final["ci95"][0] < final["mean"] < final["ci95"][1] and final["sd"] > 0
    assert sum(m["count"] for m in data["trump_modes"].values()) == report.hands
    assert data["hands_per_game"]["mean"] == pytest.approx(report.hands / 12, abs=1e-4)
    assert data["weis_hands"]["of"] == report.hands and data["match_hands"]["of"] == report.hands
    assert set(data["clause_rates"]) == set(data["clauses"])
    assert main(["simulate", "schieber", "--games", "12", "--seed", "3", "--bots", "random",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "wins: P0+P2 " in out and "CI " in out and " ± " in out and "trump modes" in out
