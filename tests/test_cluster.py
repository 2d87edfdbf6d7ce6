"""`simulate --cluster`: the same seeded runs of games on a Dask cluster give the report and
the records of one process."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jassdsl.cli import main
from jassdsl.research.simulate import SimReport, simulate

distributed = pytest.importorskip("distributed")

# how fast, and which path played the games: not part of the answers
TIMING = ("seconds", "hands_per_sec", "games_per_sec", "games_by_path", "compiled_path",
          "playout_path")


def plain(report: SimReport) -> dict[str, object]:
    return {k: v for k, v in report.to_json().items() if k not in TIMING}


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A small local cluster: one worker with two threads, no extra processes."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as local:
        yield local


def test_a_cluster_run_equals_one_process(cluster: Any, tmp_path: Path) -> None:
    one = simulate("schieber", 70, seed=4, bots="random", records=tmp_path / "1.jsonl")
    with distributed.Client(cluster) as client:
        far = simulate("schieber", 70, seed=4, bots="random", cluster=client,
                       records=tmp_path / "c.jsonl")
    assert plain(one) == plain(far)
    assert (tmp_path / "1.jsonl").read_bytes() == (tmp_path / "c.jsonl").read_bytes()


def test_the_command_line_takes_the_schedulers_address(
        cluster: Any, capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for where in ([], ["--cluster", cluster.scheduler_address]):
        assert main(["simulate", "differenzler", "--games", "5", "--seed", "2", "--bots",
                     "mixed", "--json", "--no-progress", *where]) == 0
        outs.append({k: v for k, v in json.loads(capsys.readouterr().out).items()
                     if k not in TIMING})
    assert outs[0] == outs[1]


def test_an_unreachable_scheduler_is_one_line(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("jassdsl.research.cluster.CONNECT_TIMEOUT", "1s")
    code = main(["simulate", "schieber", "--games", "2", "--cluster", "tcp://127.0.0.1:9"])
    out, err = capsys.readouterr()
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "Dask scheduler at tcp://127.0.0.1:9" in err
