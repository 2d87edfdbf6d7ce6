"""The conformance runner: jassdsl's own adapter passes, a deliberately wrong engine is
caught case by case, crashes and hangs are survived, expected failures are honoured."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import corpus_sample, script_module

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


FORKED = ROOT / "tests" / "engines" / "forked.py"
SERVER: dict[str, Any] = {}  # the warm interpreter every wrong engine is forked from


@pytest.fixture(scope="module", autouse=True)
def wrong_engine_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Where `wrong` starts its server (on first use), and its end with the module."""
    SERVER["folder"] = tmp_path_factory.mktemp("forked")
    yield
    proc = SERVER.pop("proc", None)
    SERVER.clear()
    if proc is not None:
        proc.stdin.close()  # the server ends itself and the engines it forked
        proc.wait(timeout=60)


def wrong(*flags: str) -> str:
    """The command of wrong_engine.py with these flags: a bare client of forked.py, whose
    engine is a fork of one interpreter that has jassdsl imported and schieber and
    mittlere compiled (the process the runner meets crashes, hangs and exits as
    `python wrong_engine.py FLAG ...` would; test_wrong_engine_started_as_itself runs it
    that way once)."""
    if "proc" not in SERVER:
        path = SERVER["folder"] / "engine.sock"
        proc = subprocess.Popen([sys.executable, str(FORKED), "serve", str(path), "schieber",
                                 "mittlere"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True)
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        SERVER["proc"], SERVER["path"] = proc, str(path)
    return " ".join(shlex.quote(x) for x in (sys.executable, "-I", "-S", str(FORKED),
                                             SERVER["path"], *flags))


def wrong_as_itself(*flags: str) -> str:
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


def test_wrong_engine_started_as_itself() -> None:
    """The wrong engine as its own interpreter judges as the forked one does (the other
    tests fork it from a warm interpreter: see `wrong`)."""
    cases = pick(kinds=("legal", "trick"))
    barred = [c for c in cases if "undertrump" in c["expect"].get("excluded", {}).values()]
    last = [c for c in cases if c["kind"] == "trick" and c["input"]["last"]]
    chosen = [*barred[:3], *last[:3], *cases[:4]]
    flags = ("--undertrump", "--no-last-bonus", "--crash-on", cases[1]["id"])
    itself = run(wrong_as_itself(*flags), chosen, VERSION, echo=quiet)
    forked = run(wrong(*flags), chosen, VERSION, echo=quiet)
    assert [(o.id, o.status, o.detail, o.got) for o in itself.outcomes] == [
        (o.id, o.status, o.detail, o.got) for o in forked.outcomes]
    assert itself.restarts == forked.restarts == 1
    assert ids(itself, "failed") == {c["id"] for c in barred[:3] + last[:3]}
    assert ids(itself, "crashed") == {cases[1]["id"]}


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


# --- failures a developer can act on, reports for people and CI ---------------------------
REPORT_SCHEMA = ROOT / "jassdsl" / "corpus" / "report.schema.json"


def test_a_planted_wrong_answer_prints_the_position_and_names_the_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = next(c for c in ALL if c["id"] == "schieber/legal/0004")
    assert case["expect"]["excluded"] == {"S10": "undertrump"}
    report = tmp_path / "report.json"
    code = main(["conformance", "--engine", wrong("--undertrump"), "--only", case["id"],
                 "schieber/legal/0005", "--report", str(report)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert ("FAILED schieber/legal/0004: S10 should be excluded: undertrump; your engine "
            "allowed it") in out
    text = "\n".join(out)
    for told in ("hand: Diamonds K 8 6 · Hearts - · Spades 10 9 · Clubs A Q 8 7",
                 "trick: H7 led, then S8 (2nd), SQ (3rd); you play the 4th card",
                 "trump Spades (S;", "excluded: S10 (undertrump)",
                 "clause: play.undertrump; tags: between-trumps, mode:S, undertrump-strict",
                 "Undertrumping (strict rule): once someone has trumped a trick",
                 'your engine: {"excluded":{},"legal":'):
        assert told in text, told
    assert out[-1] == "1 passed, 1 failed"
    data = json.loads(report.read_text())
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(data, json.loads(REPORT_SCHEMA.read_text()))
    failed = next(c for c in data["cases"] if c["status"] == "failed")
    assert failed["input"] == case["input"] and failed["expected"] == case["expect"]
    assert "S10" in failed["got"]["legal"]
    assert failed["reason"]["clause"] == "play.undertrump"
    assert failed["reason"]["difference"].startswith("S10 should be excluded: undertrump")
    assert data["summary"]["by_kind"] == {"legal": {"passed": 1, "failed": 1}}
    assert data["summary"]["by_tag"]["undertrump-strict"] == {"failed": 1}


def test_a_wrong_trick_names_the_winning_card(capsys: pytest.CaptureFixture[str]) -> None:
    case = next(c for c in ALL if c["variant"] == "schieber" and c["kind"] == "trick"
                and c["input"]["last"])
    assert main(["conformance", "--engine", wrong("--no-last-bonus"), "--only",
                 case["id"]]) == 1
    out = capsys.readouterr().out
    points = case["expect"]["points"]
    assert (f"FAILED {case['id']}: the trick is worth {points} points; your engine says "
            f"{points - 5}") in out
    assert "Whoever takes the last trick gets 5 extra points." in out


def test_reasons_left_out_of_excluded_are_named_in_the_line() -> None:
    from jassdsl.corpus.explain import difference

    case = next(c for c in ALL if c["id"] == "schieber/legal/0004")  # S10: undertrump
    legal = case["expect"]["legal"]
    assert difference(case, {"legal": legal, "excluded": {}}) == (
        "the legal cards agree, but your engine's 'excluded' leaves out S10 (undertrump): "
        "name it with the reason, or send no 'excluded'")
    assert difference(case, {"legal": legal, "excluded": {"S10": "undertrump",
                                                          "DK": "follow"}}) == (
        "DK is not excluded; your engine's 'excluded' names it")
    assert difference(case, {"legal": legal, "excluded": {"S10": "follow"}}) == (
        "S10 is excluded for undertrump; your engine says 'follow'")
    assert difference(case, {"legal": legal, "excluded": ["S10"]}).startswith(
        "your engine's 'excluded' is not an object")


def test_skipped_cases_count_apart_and_junit_has_the_right_counts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    xml = tmp_path / "report.xml"
    code = main(["conformance", "--engine", wrong("--undertrump", "--skip", "trick",
                                                   "--kinds", "legal", "trick"),
                 "--variants", "schieber", "mittlere", "--kinds", "legal", "trick", "perft",
                 "--tags", "undertrump-strict", "last-trick", "depth:5",
                 "--report", str(xml), "--format", "junit"])
    out = capsys.readouterr().out.splitlines()
    chosen = [c for c in pick(kinds=("legal", "trick", "perft"))
              if {"undertrump-strict", "last-trick", "depth:5"} & set(c["tags"])]
    barred = [c for c in chosen if c["kind"] == "legal"
              and "undertrump" in c["expect"]["excluded"].values()]
    tricks = [c for c in chosen if c["kind"] == "trick"]
    perft = [c for c in chosen if c["kind"] == "perft"]
    legal = len(chosen) - len(tricks) - len(perft)
    assert code == 1 and barred and tricks and perft
    assert out[-1] == (f"{legal - len(barred)} passed, {len(barred)} failed, "
                       f"{len(tricks)} skipped")
    assert f"skipped {len(tricks)}: not played here" in out
    import xml.etree.ElementTree as ET

    root = ET.parse(xml).getroot()
    assert root.tag == "testsuites"
    assert root.get("tests") == str(len(chosen))
    assert root.get("failures") == str(len(barred)) and root.get("errors") == "0"
    assert root.get("skipped") == str(len(tricks) + len(perft))
    cases = root.findall("./testsuite/testcase")
    assert len(cases) == len(chosen)
    messages = [f.get("message", "") for f in root.iter("failure")]
    assert all("should be excluded: undertrump" in m for m in messages)
    assert {s.get("message") for s in root.iter("skipped")} == {
        "not played here", "the engine does not play this variant or kind"}


def test_the_report_schema_shipped_is_the_models() -> None:
    from jassdsl.corpus.reports import schema_text

    assert REPORT_SCHEMA.read_text(encoding="utf-8") == schema_text()


def test_selections_that_name_nothing_are_usage_errors(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--engine", ADAPTER, "--only", "schieber/legal/9999"]) == 2
    assert main(["conformance", "--engine", ADAPTER, "--tags", "no-such-tag"]) == 2
    assert main(["conformance", "--engine", ADAPTER, "--format", "junit"]) == 2
    err = capsys.readouterr().err
    assert "no case schieber/legal/9999" in err and "no-such-tag" in err


# --- a corpus to pin --------------------------------------------------------------------------
def bare_python() -> str:
    """A Python without jassdsl: the base interpreter of this venv, isolated (-I)."""
    base = Path(sys.base_prefix) / "bin" / "python3"
    probe = subprocess.run([str(base), "-I", "-c", "import jassdsl"], capture_output=True,
                           check=False)
    if probe.returncode == 0:
        pytest.skip(f"{base} can import jassdsl: no bare interpreter to test with")
    return str(base)


def test_the_exported_corpus_verifies_without_jassdsl(tmp_path: Path) -> None:
    import tarfile

    python = bare_python()
    first = tmp_path / "a"
    assert main(["corpus", "export", str(first)]) == 0
    archive = first / f"jassdsl-corpus-{VERSION}.tar.gz"
    again = tmp_path / "b.tar.gz"
    assert main(["corpus", "export", str(again)]) == 0
    assert archive.read_bytes() == again.read_bytes()  # reproducible
    with tarfile.open(archive) as tar:
        tar.extractall(tmp_path / "x", filter="data")
    folder = tmp_path / "x" / f"jassdsl-corpus-{VERSION}"
    for name in ("manifest.json", "schema.json", "README.md", "verify.py", "SHA256SUMS",
                 "schieber/legal.jsonl"):
        assert (folder / name).is_file(), name
    ok = subprocess.run([python, "-I", "verify.py"], cwd=folder, capture_output=True,
                        text=True, check=False, timeout=120)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout.splitlines()[-1] == f"corpus {VERSION}: {len(ALL)} cases: ok"
    # a changed answer, a changed changelog: both are found
    legal = folder / "schieber" / "legal.jsonl"
    legal.write_text(legal.read_text().replace('"S10":"undertrump"', '"S10":"follow"', 1))
    (folder / "README.md").write_text("edited\n")
    bad = subprocess.run([python, "-I", "verify.py"], cwd=folder, capture_output=True,
                         text=True, check=False, timeout=120)
    assert bad.returncode == 1
    assert "schieber/legal.jsonl: its SHA-256 is not the manifest's" in bad.stdout
    assert "the content hash does not match the content" in bad.stdout
    assert "README.md: its SHA-256 is not the one in SHA256SUMS" in bad.stdout


def test_export_without_a_corpus_is_one_error_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["corpus", "export", str(tmp_path / "out"), "--dir", str(tmp_path)]) == 2
    assert "no corpus in" in capsys.readouterr().err


def test_the_changelog_page_holds_every_corpus_version() -> None:
    from jassdsl.rulebook.corpus_pages import changelog

    page = changelog((CORPUS / "README.md").read_text(encoding="utf-8"))
    assert page.startswith("### Ids, hashes and versions")
    assert f"| {VERSION} |" in page and "### Changes for engine authors" in page
    assert "\n## " not in page  # its sections sit below the page's own headings


# --- an adapter in another language ---------------------------------------------------------
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not on the PATH: the JavaScript adapter "
                    "(examples/node-adapter) is not run")
def test_the_node_adapter_passes_the_legal_and_trick_cases_of_schieber() -> None:
    cases = pick(variants=("schieber",))
    lines: list[str] = []
    command = f"{shlex.quote(str(NODE))} {ROOT / 'examples' / 'node-adapter' / 'adapter.js'}"
    report = run(command, cases, VERSION, echo=lines.append)
    assert report.engine["engine"].startswith("node-adapter")
    assert report.passed == len(cases) and report.failed == 0, lines[-10:]
    # what its hello leaves out is not sent to it
    others = pick(variants=("mittlere",), kinds=("legal",))[:3]
    report = run(command, others, VERSION, echo=quiet)
    assert ids(report, "unsupported") == {c["id"] for c in others}


# --- the published conformance table ----------------------------------------------------------
TABLE = ROOT / "docs" / "data" / "conformance.json"


def table_script() -> Any:
    return script_module("conformance_table")


def test_the_published_table_measures_the_engines_and_explains_every_difference() -> None:
    data = json.loads(TABLE.read_text(encoding="utf-8"))
    assert (data["corpus_version"], data["cases"]) == (VERSION, len(ALL)), \
        "measured on another corpus: run scripts/conformance_table.py again"
    engines = {e["key"]: e for e in data["engines"]}
    assert {"jassdsl", "jass-kit", "schieber"} <= set(engines)
    for engine in engines.values():
        counted = sum(sum(c.values()) for c in engine["by_kind"].values())
        assert counted == data["cases"], engine["key"]
        failed = sum(c["failed"] for c in engine["by_kind"].values())
        assert failed == sum(d["cases"] for d in engine["differences"]), engine["key"]
        assert all(d["title"] and d["text"]["en"] and d["text"]["de"]
                   for d in engine["differences"]), engine["key"]
        probe = engine.get("probe", {"differences": [], "failed": 0})
        assert probe["failed"] == sum(d["cases"] for d in probe["differences"])
        assert all(d["title"] for d in probe["differences"]), engine["key"]
    assert engines["jassdsl"]["total"]["failed"] == 0
    assert engines["jassdsl"]["total"]["passed"] == data["cases"]
    assert {d["key"] for d in engines["jass-kit"]["differences"]} == {
        "undertrump-between", "undenufe-six-eleven"}
    from jassdsl.rulebook.corpus_pages import conformance_table, differences

    for lang in ("en", "de"):
        table = conformance_table(lang, data)
        assert all(f"**{e['engine']}**" in table for e in engines.values())
        assert "Undenufe" in differences(lang, data)


def test_the_known_differences_sort_only_their_own_cases() -> None:
    from jassdsl.corpus.runner import CaseOutcome

    script = table_script()
    by_id = {c["id"]: c for c in ALL}
    six = by_id["schieber/trick/0044"]  # H7 H6 HA S6 in Undenufe: 11 by the Ace, 22 by Sixes
    assert script.undenufe_six(six, CaseOutcome(six["id"], "failed",
                                                got={"winner": 1, "points": 22}))
    assert not script.undenufe_six(six, CaseOutcome(six["id"], "failed",
                                                    got={"winner": 0, "points": 22}))
    assert not script.undenufe_six(six, CaseOutcome(six["id"], "failed",
                                                    got={"winner": 1, "points": 16}))
    only_trumps = {"id": "p", "kind": "legal", "input": {"hand": ["HA", "H6"], "trick": [
        "SA", "HK"], "trump": "H"}, "expect": {"legal": ["HA", "H6"], "excluded": {}}}
    assert script.only_trumps_overtrump(only_trumps, CaseOutcome("p", "failed",
                                                                 got={"legal": ["HA"]}))
    assert not script.only_trumps_overtrump(only_trumps, CaseOutcome("p", "failed",
                                                                     got={"legal": ["H6"]}))
    mixed = {**only_trumps, "input": {**only_trumps["input"], "hand": ["HA", "H6", "D6"]}}
    assert not script.only_trumps_overtrump(mixed, CaseOutcome("p", "failed",
                                                               got={"legal": ["HA"]}))
    between = by_id["schieber/legal/0004"]
    assert script.between_trumps(between, CaseOutcome(between["id"], "failed"))
    assert not script.between_trumps(by_id["schieber/legal/0005"],
                                      CaseOutcome("schieber/legal/0005", "failed"))


def test_every_engine_and_difference_of_the_table_has_its_words_in_both_languages() -> None:
    script = table_script()
    engines = {e.key: e.about for e in script.ENGINES}
    known = {d.key: (d.title, d.text) for d in script.differences()}
    assert set(script.TEXTS["engines"]) == set(engines)  # none missing, none left over
    assert set(script.TEXTS["differences"]) == set(known)
    texts = [*engines.values(), *(t for pair in known.values() for t in pair)]
    assert all(set(t) == {"en", "de"} and all(t.values()) for t in texts)


def test_the_engine_environment_script_names_the_engines_it_knows() -> None:
    env = subprocess.run(["bash", str(ROOT / "scripts" / "oracle-env.sh"), "no-such-engine"],
                         capture_output=True, text=True, check=False, timeout=30)
    assert env.returncode == 2
    assert env.stderr == ("oracle-env: unknown engine 'no-such-engine' "
                          "(known: jass-kit, schieber)\n")


def test_every_case_validates_against_the_shipped_json_schema() -> None:
    """Every record, not a sample: each against the whole schema (its oneOf: exactly one
    branch takes it) and against the branch its kind names (the schema's discriminator).
    jsonschema-rs, a compiled Draft 2020-12 validator, takes the 3,000 records in a
    hundredth of the time the pure-Python jsonschema needs (5 s); the shipped schema is
    held to jsonschema as well (test_corpus.py::test_records_match_the_shipped_json_schema)."""
    jsonschema_rs = pytest.importorskip("jsonschema_rs")
    schema = json.loads((CORPUS / store.SCHEMA).read_text(encoding="utf-8"))
    mapping = schema["discriminator"]["mapping"]
    assert sorted(b["$ref"] for b in schema["oneOf"]) == sorted(mapping.values())
    base = {k: v for k, v in schema.items() if k not in ("oneOf", "discriminator")}
    validators = {kind: jsonschema_rs.Draft202012Validator({**base, "$ref": ref})
                  for kind, ref in mapping.items()}
    whole = jsonschema_rs.Draft202012Validator(schema)
    invalid = [c["id"] for c in ALL if not validators[c["kind"]].is_valid(c)]
    assert invalid == []
    assert [c["id"] for c in ALL if not whole.is_valid(c)] == []
    legal = next(c for c in ALL if c["kind"] == "legal")
    broken = {**legal, "input": {**legal["input"], "hand": ["S11"]}}
    assert not validators["legal"].is_valid(broken) and not whole.is_valid(broken)
    trick = next(c for c in ALL if c["kind"] == "trick")
    assert not validators["trick"].is_valid(legal) and not whole.is_valid({**trick, **{
        "expect": legal["expect"]}})


def test_odd_results_are_explained_and_reported_without_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An engine answering with results of the wrong shape: every case fails with a line
    that says so, and both report formats are still written and readable."""
    engine = tmp_path / "odd.py"
    engine.write_text(
        "import json, sys\n"
        "odd = [{'legal': 'S10'}, {'legal': [1, None, '\\u0007x']}, {'winner': 9, "
        "'points': 'many'}, {'winner': True, 'points': None, 'trump': []}]\n"
        "for n, line in enumerate(sys.stdin):\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'bye': break\n"
        "    r = ({'type': 'hello', 'engine': 'odd', 'variants': ['schieber'], 'kinds': "
        "['legal', 'trick']} if m['type'] == 'hello' else {'type': 'result', 'id': m['id'], "
        "'result': odd[n % 4]})\n"
        "    print(json.dumps(r), flush=True)\n")
    chosen = [c["id"] for c in pick(variants=("schieber",))][:8]
    xml, report = tmp_path / "r.xml", tmp_path / "r.json"
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(engine))}"
    assert main(["conformance", "--engine", command, "--only", *chosen, "--report",
                 str(xml), "--format", "junit"]) == 1
    assert main(["conformance", "--engine", command, "--only", *chosen, "--report",
                 str(report)]) == 1
    out = capsys.readouterr().out
    assert "Traceback" not in out and "\x07" not in out
    import xml.etree.ElementTree as ET

    assert ET.parse(xml).getroot().get("failures") == str(len(chosen))
    data = json.loads(report.read_text())
    assert all(c["status"] == "failed" and c["reason"]["difference"] for c in data["cases"])
