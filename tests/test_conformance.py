"""The conformance runner: jassdsl's own adapter passes, a deliberately wrong engine is
caught case by case, crashes and hangs are survived, expected failures are honoured."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import corpus_sample

from jassdsl.cli import main
from jassdsl.corpus import store
from jassdsl.corpus.protocol import compare
from jassdsl.corpus.runner import RunnerError, RunReport, run
from jassdsl.registry import load_rules

ROOT = Path(__file__).resolve().parents[1]
WRONG = ROOT / "tests" / "engines" / "wrong_engine.py"
ADAPTER = f"{shlex.quote(sys.executable)} -m jassdsl.corpus.adapter"
ORACLE_VENV = ROOT / ".oracle-venv" / "bin" / "python"
CORPUS = store.default_dir()
VERSION = store.read_manifest(CORPUS)["corpus_version"]
ALL = store.read_cases(CORPUS)


def wrong(*flags: str) -> str:
    return " ".join(shlex.quote(x) for x in (sys.executable, str(WRONG), *flags))


def pick(variants: tuple[str, ...] = ("schieber", "mittlere"), kinds: tuple[str, ...] = (
        "legal", "trick")) -> list[dict[str, Any]]:
    return [c for c in ALL if c["variant"] in variants and c["kind"] in kinds]


def ids(report: RunReport, *statuses: str) -> set[str]:
    return {o.id for o in report.outcomes if o.status in statuses}


def quiet(line: str) -> None:
    pass


def test_own_adapter_passes_the_corpus() -> None:
    """Every kind of every variant and option set, every case of one variant (conftest's
    corpus_sample; the thorough profile runs the whole corpus)."""
    cases = corpus_sample(ALL)
    lines: list[str] = []
    report = run(ADAPTER, cases, VERSION, echo=lines.append)
    assert report.failed == 0, lines[-5:]
    assert report.passed == len(cases)
    assert lines[-1] == f"{len(cases)} passed, 0 failed"


def test_a_wrong_legality_rule_is_caught_exactly_where_it_matters() -> None:
    cases = pick(kinds=("legal",))
    report = run(wrong("--undertrump"), cases, VERSION, echo=quiet)
    barred = {c["id"] for c in cases if "undertrump" in c["expect"]["excluded"].values()}
    assert barred and ids(report, "failed") == barred
    assert report.passed == len(cases) - len(barred)


def test_a_forgotten_last_trick_bonus_is_caught_by_case_id() -> None:
    cases = pick(kinds=("trick",))
    report = run(wrong("--no-last-bonus"), cases, VERSION, echo=quiet)
    last = {c["id"] for c in cases if c["input"]["last"]
            and load_rules(c["variant"], c["options"]).last_bonus}
    assert last and ids(report, "failed") == last


def test_crash_hang_and_garbage_are_reported_and_the_run_goes_on() -> None:
    cases = pick()
    crash, hang, garbage = cases[3]["id"], cases[10]["id"], cases[20]["id"]
    # the engine compiles the rules before its hello, so a case takes milliseconds and
    # a short timeout tells the hang from the others
    report = run(wrong("--crash-on", crash, "--hang-on", hang, "--garbage-on", garbage,
                       "--warm", "schieber", "mittlere"),
                 cases, VERSION, timeout=2.0, start_timeout=120, echo=quiet)
    assert ids(report, "crashed") == {crash}
    assert ids(report, "timeout") == {hang}
    assert ids(report, "errored") == {garbage}
    assert report.restarts == 3
    assert report.passed == len(cases) - 3 and report.failed == 3


def test_skipped_errored_and_unsupported_cases() -> None:
    cases = pick(kinds=("legal", "trick", "perft", "parse"))
    report = run(wrong("--skip", "parse", "--error", "trick", "--kinds", "legal", "trick",
                       "parse"), cases, VERSION, echo=quiet)
    by_kind = {c["id"]: c["kind"] for c in cases}
    assert {by_kind[i] for i in ids(report, "skipped")} == {"parse"}
    assert {by_kind[i] for i in ids(report, "errored")} == {"trick"}
    assert {by_kind[i] for i in ids(report, "unsupported")} == {"perft"}
    assert report.failed == len(ids(report, "errored"))


def test_expected_failures_pass_the_run_and_unexpected_passes_fail_it() -> None:
    cases = pick(kinds=("legal",))
    bad = sorted(c["id"] for c in cases if "undertrump" in c["expect"]["excluded"].values())
    good = next(c["id"] for c in cases if c["id"] not in bad)
    xfail = {i: "known undertrump bug" for i in bad}
    report = run(wrong("--undertrump"), cases, VERSION, xfail=xfail, echo=quiet)
    assert report.failed == 0 and ids(report, "xfailed") == set(bad)
    report = run(wrong("--undertrump"), cases, VERSION, xfail={**xfail, good: ""},
                 echo=quiet)
    assert ids(report, "xpassed") == {good} and report.failed == 1


def test_an_engine_without_handshake_is_refused() -> None:
    with pytest.raises(RunnerError, match="handshake"):
        run(wrong("--no-hello"), pick(), VERSION, echo=quiet)
    with pytest.raises(RunnerError, match="cannot start"):
        run("/nonexistent/engine", pick(), VERSION, echo=quiet)


def test_the_command_line_reports_the_wrong_engine(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    xfail = tmp_path / "xfail.txt"
    xfail.write_text("# known problems\nschieber/legal/9999  # not in the corpus\n")
    report = tmp_path / "report.json"
    code = main(["conformance", "--engine", wrong("--no-last-bonus"), "--variants", "schieber",
                 "--kinds", "trick", "--xfail", str(xfail), "--report", str(report)])
    out = capsys.readouterr().out.splitlines()
    data = json.loads(report.read_text())
    failed = [c["id"] for c in data["cases"] if c["status"] == "failed"]
    assert code == 1 and failed
    assert out[-1] == f"{data['summary']['passed']} passed, {len(failed)} failed"
    assert all(any(line.startswith(f"FAILED {i}:") for line in out) for i in failed)
    assert data["stale_xfail"] == ["schieber/legal/9999"]


def test_the_command_line_passes_the_own_adapter() -> None:
    assert main(["conformance", "--engine", ADAPTER, "--variants", "molotow",
                 "--kinds", "hand", "game"]) == 0
    assert main(["conformance", "--engine", ADAPTER, "--variants", "nonesuch"]) == 2


@pytest.mark.parametrize(("kind", "expect", "result", "diffs"), [
    ("legal", {"legal": ["DA", "D6"], "excluded": {}}, {"legal": ["D6", "DA"]}, 0),
    ("legal", {"legal": ["DA"], "excluded": {}}, {"legal": ["DA"], "excluded": {"D6": "x"}}, 1),
    ("trick", {"winner": 1, "points": 20, "trump": "S"}, {"winner": 1}, 1),
    ("trick", {"winner": 1, "points": 20, "trump": "S"}, {"winner": 1, "points": 20,
                                                          "extra": 3}, 0),
    ("hand", {"points": [1], "changes": {"p": [1]}}, [1], 1),
])
def test_compare(kind: str, expect: dict[str, Any], result: Any, diffs: int) -> None:
    assert len(compare(kind, expect, result)) == diffs


# --- the optional jass-kit oracle ------------------------------------------------------------------
needs_oracle = pytest.mark.skipif(
    not ORACLE_VENV.exists(),
    reason="jass-kit oracle not installed: run `bash scripts/oracle-env.sh` (optional, GPL)")


@needs_oracle
def test_jasskit_disagrees_only_in_documented_ways() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "jasskit_diff.py"),
                          "--positions", "400", "--seed", "5"], capture_output=True, text=True,
                         timeout=300, check=False)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    report = json.loads(out.stdout)
    assert set(report["disagreements"]) <= {"undertrump-below-highest-trump",
                                            "undenufe-six-eleven"}


@needs_oracle
def test_jasskit_against_the_corpus_fails_only_the_documented_cases() -> None:
    cases = [c for c in ALL if c["variant"] == "schieber" and c["kind"] in ("legal", "trick")]
    command = " ".join(shlex.quote(x) for x in (sys.executable, str(ROOT / "scripts" /
                                                                     "jasskit_diff.py"), "--serve"))
    report = run(command, cases, VERSION, echo=quiet)
    by_id = {c["id"]: c for c in cases}
    failed = [by_id[i] for i in ids(report, "failed", "errored", "crashed", "timeout")]
    assert failed
    for case in failed:
        if case["kind"] == "legal":
            assert "between-trumps" in case["tags"], case["id"]
        else:
            assert case["input"]["trump"] == "undenufe", case["id"]
