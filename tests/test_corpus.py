"""The conformance corpus: the committed corpus still agrees with the rules, generation is
deterministic with stable ids, and verify catches every kind of damage."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import THOROUGH

from jassdsl import registry
from jassdsl.cli import main
from jassdsl.core.cards import CARD_INDEX, cards_mask
from jassdsl.corpus import store
from jassdsl.corpus import verify as verify_module
from jassdsl.corpus.coverage import applicable_paths, legal_paths
from jassdsl.corpus.derive import derive
from jassdsl.corpus.generate import (
    GenerateError,
    build,
    generate,
    group_files,
    manifest,
    write,
)
from jassdsl.corpus.harvest import play
from jassdsl.corpus.models import canonical, content_hash, json_schema
from jassdsl.corpus.position import ReplayError
from jassdsl.corpus.verify import verify
from jassdsl.registry import display_path, load_rules, variant_names

CORPUS = store.default_dir()
SMALL = "guggitaler"  # the cheapest variant to regenerate in a test


DERIVED: dict[tuple[str, ...], str] = {}  # what verify derived, by everything it depends on


def derive_once(variant: str, options: dict[str, Any], kind: str, inp: Any) -> dict[str, Any]:
    """`derive` for verify, each answer worked out once per session: an answer depends only
    on the rule file's bytes, the options, the kind and the input, so the scratch corpora
    (copies of SMALL's cases, most unchanged) reuse what the committed corpus's verify
    derived. A changed input or rule file is a new key and derived afresh; errors are
    never kept (each call raises its own)."""
    try:
        path = registry.variant_path(variant)
        key = (str(path), hashlib.sha256(path.read_bytes()).hexdigest(), canonical(options), kind, canonical(inp))
    except Exception:
        return derive(variant, options, kind, inp)
    if key not in DERIVED:
        DERIVED[key] = json.dumps(derive(variant, options, kind, inp))  # its key order
    return dict(json.loads(DERIVED[key]))


@pytest.fixture(autouse=True)
def verify_derives_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verify_module, "derive", derive_once)


@pytest.fixture(scope="module")
def committed() -> list[dict[str, Any]]:
    return store.read_cases(CORPUS)


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    """A scratch copy of the committed corpus."""
    root = tmp_path / "corpus"
    shutil.copytree(CORPUS, root)
    return root


def reseal(root: Path) -> None:
    """Recompute the manifest from the case files, as a tool that tampers with them would
    (the ids' counters and retired numbers are kept)."""
    meta = store.read_manifest(root)
    cases = store.read_cases(root)
    again = manifest(cases, meta["next_id"], meta, group_files(cases), meta["retired"])
    (root / store.MANIFEST).write_text(store.pretty(again))


@pytest.fixture()
def small(tmp_path: Path) -> Path:
    """A scratch corpus of one variant's cases with a manifest of its own (clean)."""
    root = tmp_path / "small"
    shutil.copytree(CORPUS / SMALL, root / SMALL)
    shutil.copy(CORPUS / store.SCHEMA, root / store.SCHEMA)
    meta = store.read_manifest(CORPUS)
    for key in ("next_id", "retired"):
        meta[key] = {k: v for k, v in meta[key].items() if k.startswith(f"{SMALL}/")}
    (root / store.MANIFEST).write_text(store.pretty(meta))
    reseal(root)
    return root


def rewrite(root: Path, name: str, edit: Any) -> None:
    """Apply edit(list of records) to one .jsonl file of a corpus copy."""
    path = root / name
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    path.write_text(store.lines(edit(cases)), encoding="utf-8")


def problems(root: Path) -> list[str]:
    """verify's problems, each checked to be one `path:line: message` line."""
    found = verify(root).problems
    for line in found:
        assert re.match(r"^[^\n:]+:\d+: [^\n]+$", line), line
    return found


# --- the committed corpus (the CI gate) ------------------------------------------------------
def test_committed_corpus_verifies() -> None:
    report = verify(CORPUS)
    assert report.ok, report.render()
    assert report.cases > 500
    known = store.read_manifest(CORPUS)["rules"]  # rule files the corpus does not know yet:
    assert report.notes == [  # noted with the command that adds them, not failed
        f"{display_path(registry.rules_dir() / f'{v}.jass')}:1: not in the corpus yet: add "
        f"its cases with `jassdsl corpus generate --variants {v}`"
        for v in variant_names() if v not in known]


def test_every_clause_and_path_of_every_variant_is_covered() -> None:
    meta = store.read_manifest(CORPUS)
    for variant in meta["rules"]:  # the files the corpus was generated from
        rules = load_rules(variant)
        scoring = meta["coverage"]["scoring"][variant]
        assert set(scoring) == {c.id for c in rules.clauses}
        assert all(n > 0 for n in scoring.values()), (variant, scoring)
        legality = meta["coverage"]["legality"][variant]
        assert set(applicable_paths(rules)) <= set(legality)
        assert all(n > 0 for n in legality.values()), (variant, legality)


def test_both_undertrump_regimes_and_every_path_appear_somewhere() -> None:
    meta = store.read_manifest(CORPUS)
    seen = {p for table in meta["coverage"]["legality"].values() for p, n in table.items()
            if n}
    assert {"must-follow", "trump-while-able-to-follow", "undertrump-strict",
            "undertrump-strict-only-trumps", "undertrump-weak", "undertrump-weak-void",
            "puur-exempt", "void", "first-void", "trump-led", "lead"} <= seen


def test_corpus_is_small_and_files_are_one_per_variant_and_kind(committed: list[Any]) -> None:
    size = sum(p.stat().st_size for p in CORPUS.rglob("*") if p.is_file())
    assert size < 10_000_000
    for path in CORPUS.glob("*/*.jsonl"):
        for case in map(json.loads, path.read_text(encoding="utf-8").splitlines()):
            assert (case["variant"], case["kind"]) == (path.parent.name, path.stem)
    per_variant: dict[str, int] = {}
    for case in committed:
        per_variant[case["variant"]] = per_variant.get(case["variant"], 0) + 1
    assert max(per_variant.values()) < 400


def test_records_match_the_shipped_json_schema(committed: list[Any]) -> None:
    """The shipped schema is the models' and takes a record of each kind through its
    oneOf (test_conformance.py validates every record against its kind's branch)."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((CORPUS / store.SCHEMA).read_text(encoding="utf-8"))
    assert schema == json.loads(store.pretty(json_schema()))
    validator = jsonschema.Draft202012Validator(schema)
    one_of_each = {case["kind"]: case for case in committed}
    assert set(one_of_each) == set(schema["discriminator"]["mapping"])
    for case in one_of_each.values():
        validator.validate(case)
    broken = dict(committed[0], kind="legal", input={"hand": ["XX"], "trick": [], "trump": "H"})
    assert not validator.is_valid(broken)


def test_hand_written_cases_are_marked_and_cite_their_source(committed: list[Any]) -> None:
    written = [c for c in committed if c["origin"] == "hand-written"]
    sources = store.read_handwritten(CORPUS)
    assert len(written) == len(sources) >= 20
    assert all(c["note"] and "worked-example" in c["tags"] for c in written)
    assert {c["kind"] for c in written} >= {"legal", "trick", "hand", "game"}


# --- generation ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory
                ) -> tuple[Path, list[dict[str, Any]], dict[str, Any]]:
    """SMALL generated again over a copy of the committed corpus, as `generate` does it
    (build, then write): the folder, and the cases and manifest build gave. Read by the
    two tests that ask of this one regeneration (derived once, not twice)."""
    root = tmp_path_factory.mktemp("regenerated") / "corpus"
    shutil.copytree(CORPUS, root)
    cases, meta = build(root, [SMALL])
    write(root, cases, meta)
    return root, cases, meta


def test_generation_reproduces_the_committed_files_byte_for_byte(
        regenerated: tuple[Path, list[dict[str, Any]], dict[str, Any]]) -> None:
    copy = regenerated[0]
    for path in sorted(CORPUS.rglob("*")):
        if path.is_file():
            assert (copy / path.relative_to(CORPUS)).read_bytes() == path.read_bytes(), path


def test_generation_from_nothing_is_deterministic(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    for root in (first, second):
        root.mkdir()
        generate(root, [SMALL])
    for path in first.rglob("*"):
        if path.is_file():
            assert (second / path.relative_to(first)).read_bytes() == path.read_bytes()


def test_a_lost_case_comes_back_with_a_new_id_and_no_id_is_reused(copy: Path) -> None:
    name = f"{SMALL}/legal.jsonl"
    before = [json.loads(x) for x in (copy / name).read_text().splitlines()]
    dropped = before[0]
    rewrite(copy, name, lambda cases: cases[1:])
    meta_before = store.read_manifest(copy)
    group = f"{SMALL}/legal"
    generate(copy, [SMALL])
    after = {c["id"]: c for c in map(json.loads, (copy / name).read_text().splitlines())}
    assert dropped["id"] not in after  # the number is retired
    fresh = f"{group}/{meta_before['next_id'][group]:04d}"
    assert after[fresh]["input"] == dropped["input"]
    assert {c["id"] for c in before[1:]} <= set(after)  # every other case kept its id
    assert store.read_manifest(copy)["next_id"][group] == meta_before["next_id"][group] + 1


def test_a_changed_answer_keeps_its_id(
        regenerated: tuple[Path, list[dict[str, Any]], dict[str, Any]],
        committed: list[Any]) -> None:
    case = next(c for c in committed if c["variant"] == SMALL and c["kind"] == "trick")
    old = [c for c in committed if c["variant"] != SMALL]
    _, cases, meta = regenerated
    assert case["id"] in {c["id"] for c in cases}
    assert [c for c in cases if c["variant"] != SMALL] == old
    assert meta["content"] == store.read_manifest(CORPUS)["content"]


def test_generation_stops_when_the_rules_contradict_a_worked_example(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    root.mkdir()
    source = {"variant": SMALL, "kind": "trick", "note": "a wrong worked example",
              "input": {"cards": ["HA", "HK", "H6", "H7"], "trump": "obenabe", "last": False},
              "expect": {"winner": 1, "points": 15}}
    (root / store.HANDWRITTEN).write_text(json.dumps({"cases": [source]}))
    with pytest.raises(GenerateError, match=r"expect.winner: the text says 1, the rules give 0"):
        build(root, [SMALL])


# --- verify catches damage ----------------------------------------------------------------------
def test_verify_catches_a_wrong_expectation(small: Path) -> None:
    def damage(cases: list[Any]) -> list[Any]:
        c = cases[0]
        c["expect"]["points"] += 1
        c["hash"] = content_hash(c["variant"], c["options"], c["kind"], c["input"], c["expect"])
        return cases

    rewrite(small, f"{SMALL}/trick.jsonl", damage)
    found = problems(small)
    assert any(p.startswith(at(small / SMALL / "trick.jsonl", 1) + f"{SMALL}/trick/")
               and "answer differently" in p for p in found)


def test_verify_catches_a_wrong_hash_and_a_duplicate_id(small: Path) -> None:
    def damage(cases: list[Any]) -> list[Any]:
        cases[0]["hash"] = "0" * 64
        cases[2]["id"] = cases[1]["id"]
        return cases

    rewrite(small, f"{SMALL}/legal.jsonl", damage)
    found = " | ".join(problems(small))
    assert "content hash does not match" in found
    assert "is used twice" in found


def test_verify_catches_changed_rules(small: Path) -> None:
    meta = store.read_manifest(small)
    meta["rules"][SMALL]["sha256"] = "1" * 64
    (small / store.MANIFEST).write_text(store.pretty(meta))
    assert any("changed since the corpus was generated" in p for p in problems(small))


def test_verify_catches_a_coverage_gap(small: Path) -> None:
    rewrite(small, f"{SMALL}/hand.jsonl",
            lambda cases: [c for c in cases if c["expect"]["clause"] != "schellen"])
    found = problems(small)
    assert any("no case covers scoring: guggitaler schellen" in p for p in found)
    assert any("coverage table is stale" in p for p in found)


def test_verify_catches_a_malformed_record_and_a_missing_manifest(small: Path) -> None:
    rewrite(small, f"{SMALL}/perft.jsonl",
            lambda cases: [dict(cases[0], input={"depth": "deep"}), *cases[1:]])
    assert any("not a valid case" in p for p in problems(small))
    (small / store.MANIFEST).unlink()
    assert any("missing" in p for p in problems(small))


def at(path: Path, line: int) -> str:
    return f"{display_path(path)}:{line}: "


def test_the_scratch_corpus_is_clean(small: Path) -> None:
    assert problems(small) == []


def test_verify_reports_every_unreadable_line_and_goes_on(small: Path) -> None:
    path = small / SMALL / "legal.jsonl"
    lines = path.read_text().splitlines()
    bad_id, no_variant = json.loads(lines[2]), json.loads(lines[3])
    bad_id["id"] = f"{SMALL}/legal/x7"
    del no_variant["variant"]
    lines[1:6] = ["[1, 2, 3]", canonical(bad_id), canonical(no_variant), "{",
                  "[" * 50_000 + "]" * 50_000]
    path.write_text("\n".join(lines) + "\n")
    found = problems(small)
    assert verify(small).cases == store.read_manifest(small)["total"] - 5
    for line, text in [(2, "not a JSON object but an array"),
                       (3, "not a valid case: String should match pattern"),
                       (4, "not a valid case: Field required at legal.variant"),
                       (5, "not JSON (Expecting property name"),
                       (6, "not JSON (nested too deeply)")]:
        assert any(p.startswith(at(path, line) + text) for p in found), (line, found)


def test_a_number_too_long_to_read_is_one_problem_of_its_line(small: Path) -> None:
    """N5: a 5,000-digit number in a line (the hostile input, as line 1) is `not JSON`; a
    5,000-digit id number is not a valid case; both are one problem each, then verify and
    the readers go on or stop with a CorpusError."""
    path = small / SMALL / "trick.jsonl"
    lines = path.read_text().splitlines()
    hostile = Path(__file__).parent / "fixtures" / "hostile" / "turn3"
    lines[0] = (hostile / "n5-corpus-line-5000-digit-number.jsonl").read_text().rstrip("\n")
    long_id = json.loads(lines[1])
    long_id["id"] = f"{SMALL}/trick/" + "1" * 5000
    lines[1] = canonical(long_id)
    path.write_text("\n".join(lines) + "\n")
    found = problems(small)
    assert at(path, 1) + "not JSON (a number with more than 4300 digits)" in found
    assert at(path, 2) + "not a valid case: the number of its id has more than 9 digits" \
        in found
    assert verify(small).cases == store.read_manifest(small)["total"] - 2
    with pytest.raises(store.CorpusError, match=r"trick.jsonl:1: not JSON \(a number"):
        store.read_cases(small)
    path.write_text("\n".join(lines[1:]) + "\n")
    with pytest.raises(store.CorpusError, match=r"trick.jsonl:1: not a valid case \(the "):
        store.read_cases(small)


def test_a_case_file_that_is_no_regular_file_is_refused_in_one_line(
        small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Turn 4: a case file linked to /dev/zero or made a FIFO was read until memory ran
    out, or hung; now each is one problem and verify goes on; so is a file over the cap,
    and the exported verify.py refuses the same in one line."""
    import os
    import subprocess
    import sys

    trick, legal = small / SMALL / "trick.jsonl", small / SMALL / "legal.jsonl"
    trick.unlink()
    trick.symlink_to("/dev/zero")
    legal.unlink()
    os.mkfifo(legal)
    found = problems(small)
    for path in (trick, legal):
        assert at(path, 1) + "not a regular file (a FIFO, a device or a link to one): " \
            "refused" in found, found
    with pytest.raises(store.CorpusError, match="not a regular file"):
        store.read_cases(small)
    from jassdsl.corpus.runner import read_xfail

    with pytest.raises(store.CorpusError, match="not a regular file"):
        read_xfail(legal)  # an --xfail file that is a FIFO
    monkeypatch.setattr(store, "MAX_FILE_BYTES", 100)
    assert any("larger than 100 bytes: refused" in p for p in problems(small))
    bare = tmp_path / "bare"
    bare.mkdir()
    shutil.copy(Path(verify_module.__file__).with_name("vendored_verify.py"), bare / "v.py")
    (bare / "manifest.json").symlink_to("/dev/zero")
    run = subprocess.run([sys.executable, "-I", "v.py", str(bare)], cwd=bare, timeout=60,
                         capture_output=True, text=True, check=False)
    assert run.returncode == 1 and run.stdout.splitlines() == [
        f"cannot verify {bare}: manifest.json: not a regular file (a FIFO, a device or a "
        "link to one): refused"], run.stdout + run.stderr


def test_a_huge_counter_in_the_manifest_is_one_problem_not_a_hang(small: Path) -> None:
    """A next_id of 10^12 (the numbers below it are gaps, not a list) and a manifest
    holding a 5,000-digit number: each one readable problem."""
    meta = store.read_manifest(small)
    group = f"{SMALL}/trick"
    meta["next_id"][group] = 10**12
    (small / store.MANIFEST).write_text(store.pretty(meta))
    last = max(int(c["id"].rpartition("/")[2]) for c in store.read_cases(small)
               if c["id"].startswith(group + "/"))
    missing = [p for p in problems(small) if f"cases of {group} are missing" in p]
    assert len(missing) == 1 and f"{10**12 - 1 - last} cases" in missing[0], missing
    assert f"(numbers {last + 1}-{10**12 - 1}: no case" in missing[0]
    (small / store.MANIFEST).write_text('{"next_id": ' + "9" * 5000 + "}\n")
    assert at(small / store.MANIFEST, 1) + "not JSON (a number with more than 4300 digits)" \
        in problems(small)


def test_verify_reads_a_broken_manifest_and_hand_written_file(small: Path) -> None:
    meta = store.read_manifest(small)
    meta["next_id"], meta["rules"][SMALL] = [], 5
    text = store.pretty(meta)
    (small / store.MANIFEST).write_text(text)
    (small / store.HANDWRITTEN).write_text('{"cases": [\n  {"variant": "schieber"}\n]}\n')
    found = problems(small)
    line = text.splitlines().index('  "next_id": [],') + 1
    assert at(small / store.MANIFEST, line) + "next_id: Input should be a valid dictionary" \
        in found
    assert any(p.startswith(at(small / store.HANDWRITTEN, 2) + "not a hand-written case "
                            "(Field required at kind") for p in found), found
    (small / store.MANIFEST).write_text(text[:200])
    found = problems(small)
    assert any(p.startswith(at(small / store.MANIFEST, 9) + "not JSON") for p in found)
    assert verify(small).cases > 50  # the case files were read all the same


def test_verify_finds_a_deleted_case_under_a_recomputed_manifest(small: Path) -> None:
    gone = json.loads((small / SMALL / "legal.jsonl").read_text().splitlines()[3])["id"]
    rewrite(small, f"{SMALL}/legal.jsonl", lambda cases: cases[:3] + cases[4:])
    reseal(small)
    number = int(gone.rsplit("/", 1)[1])
    assert problems(small) == [at(small / SMALL / "legal.jsonl", 1) + f"{gone} is missing "
                               f"(numbers {number}: no case, and not retired in the "
                               "manifest); `jassdsl corpus generate` restores the corpus"]


@pytest.mark.parametrize(("edit", "message"), [
    (lambda c: c.update(note="edited by hand"), "a generated case has no note"),
    (lambda c: c.update(tags=sorted([*c["tags"], "lot"])),
     "tags generation does not give: lot"),
    (lambda c: c.update(tags=c["tags"][1:]), "tags missing: "),
    (lambda c: c.update(origin="hand-written"),
     "marked hand-written, but handwritten.json has no such case"),
])
def test_verify_catches_edited_notes_tags_and_origins(small: Path, edit: Any,
                                                      message: str) -> None:
    case = json.loads((small / SMALL / "trick.jsonl").read_text().splitlines()[0])
    rewrite(small, f"{SMALL}/trick.jsonl", lambda cases: [edit(cases[0]) or cases[0],
                                                          *cases[1:]])
    reseal(small)  # the hash covers question and answer only: it stays right
    found = problems(small)
    assert len(found) == 1 and found[0].startswith(
        at(small / SMALL / "trick.jsonl", 1) + f"{case['id']}: {message}"), found


def hand_written(root: Path) -> dict[str, Any]:
    """Turn the first trick case into a hand-written one with its source."""
    source = {"variant": SMALL, "kind": "trick", "note": "a rule text says so",
              "tags": ["worked-example"]}

    def mark(cases: list[Any]) -> list[Any]:
        case = cases[0]
        source.update(input=case["input"], expect={"winner": case["expect"]["winner"]})
        case.update(origin="hand-written", note=source["note"],
                    tags=sorted({*case["tags"], "worked-example"}))
        return cases

    rewrite(root, f"{SMALL}/trick.jsonl", mark)
    (root / store.HANDWRITTEN).write_text(store.pretty({"cases": [source]}))
    reseal(root)
    return source


def test_verify_holds_hand_written_cases_to_their_source(small: Path) -> None:
    source = hand_written(small)
    assert problems(small) == []
    source["note"] = "another rule text"
    source["expect"]["winner"] += 1
    (small / store.HANDWRITTEN).write_text(store.pretty({"cases": [source]}))
    found = " | ".join(problems(small))
    where = f"{display_path(small / store.HANDWRITTEN)}:3"
    assert f"the note is not the one at {where}" in found
    assert f"disagrees with the rule text ({where}): expect.winner" in found


def test_verify_catches_a_changed_corpus_version(small: Path) -> None:
    meta = store.read_manifest(small)
    meta["corpus_version"] = "1.99"
    text = store.pretty(meta)
    (small / store.MANIFEST).write_text(text)
    line = text.splitlines().index('  "corpus_version": "1.99",') + 1
    assert problems(small) == [at(small / store.MANIFEST, line) + "corpus_version '1.99' is "
                               f"not format.revision ({meta['format']}.{meta['revision']})"]


def test_verify_digests_the_bytes_on_disk(small: Path) -> None:
    path = small / SMALL / "legal.jsonl"
    cases = [json.loads(x) for x in path.read_text().splitlines()]
    path.write_text("".join(json.dumps(c, sort_keys=True) + "\n" for c in cases))
    found = problems(small)  # the same records, spelled with spaces
    assert at(path, 1) + "its SHA-256 is not the manifest's (changed after generation)" \
        in found
    assert at(path, 1) + "not canonical JSON (sorted keys, no spaces)" in found


def test_verify_digests_the_bytes_of_rule_files(small: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(registry.rules_dir(), rules)
    path = rules / f"{SMALL}.jass"
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    monkeypatch.setattr(registry, "rules_dir", lambda: rules)
    assert problems(small) == [at(path, 1) + "changed since the corpus was generated: run "
                               f"`jassdsl corpus generate --variants {SMALL}`"]


def test_a_case_of_an_unknown_variant_is_reported_and_the_run_goes_on(small: Path) -> None:
    lines = (small / SMALL / "trick.jsonl").read_text().splitlines()
    stray = json.loads(lines[0])
    stray.update(variant="nonesuch", id="nonesuch/trick/0001")
    stray["hash"] = content_hash("nonesuch", stray["options"], "trick", stray["input"],
                                 stray["expect"])
    (small / "nonesuch").mkdir()
    (small / "nonesuch" / "trick.jsonl").write_text(canonical(stray) + "\n")

    def damage(cases: list[Any]) -> list[Any]:
        cases[1]["expect"]["points"] += 1
        cases[1]["hash"] = content_hash(SMALL, cases[1]["options"], "trick", cases[1]["input"],
                                        cases[1]["expect"])
        return cases

    rewrite(small, f"{SMALL}/trick.jsonl", damage)
    found = problems(small)
    assert at(small / "nonesuch" / "trick.jsonl", 1) + "variant 'nonesuch' has no rule " \
        f"file in {display_path(registry.rules_dir())}; its cases are not checked" in found
    assert any(p.startswith(at(small / SMALL / "trick.jsonl", 2)) and "answer differently" in p
               for p in found)


def test_the_command_line_lists_every_problem_and_exits_1(small: Path,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    path = small / SMALL / "perft.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(["[]", *lines[1:-1], "null"]) + "\n")
    (small / store.HANDWRITTEN).write_text("[")
    assert main(["corpus", "verify", "--dir", str(small)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert at(path, 1) + "not a JSON object but an array" in out.out.splitlines()
    assert at(path, len(lines)) + "not a JSON object but null" in out.out.splitlines()
    assert any(x.startswith(at(small / store.HANDWRITTEN, 1) + "not JSON")
               for x in out.out.splitlines())
    assert re.search(r": 5 problems \(\d+ notes\)$", out.out.splitlines()[-1])


# --- a rule file the corpus does not know yet (issue 13) -------------------------------------
def test_a_new_rule_file_keeps_the_corpus_checks_green(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, committed: list[Any]) -> None:
    """A renamed copy of a shipped rule file in a copy of rules/: the corpus checks that
    read rules/ pass with the registry reading that folder (each called here, in this
    process: no second interpreter and session), and verify names the new file with the
    command that adds its cases. The default run leaves out the second whole verify
    (test_verify_names_a_new_rule_file_with_its_command verifies a corpus beside a new
    file); the thorough profile runs it."""
    rules = tmp_path / "rules"
    shutil.copytree(registry.rules_dir(), rules)
    shutil.copy(rules / f"{SMALL}.jass", rules / "my-variant.jass")
    shipped = len(variant_names())
    monkeypatch.setattr(registry, "rules_dir", lambda: rules)
    assert len(variant_names()) == shipped + 1  # every check below reads the copy
    assert registry.variant_path(SMALL) == rules / f"{SMALL}.jass"
    test_every_clause_and_path_of_every_variant_is_covered()
    test_original_rule_files_parse_as_valid(committed)
    root = tmp_path / "corpus"  # SMALL generated again beside the new file
    shutil.copytree(CORPUS, root)
    cases, meta = build(root, [SMALL])
    write(root, cases, meta)
    test_generation_reproduces_the_committed_files_byte_for_byte((root, cases, meta))
    if THOROUGH:
        test_committed_corpus_verifies()


def test_verify_names_a_new_rule_file_with_its_command(small: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    rules = tmp_path / "rules"
    shutil.copytree(registry.rules_dir(), rules)
    shutil.copy(rules / f"{SMALL}.jass", rules / "my-variant.jass")
    monkeypatch.setattr(registry, "rules_dir", lambda: rules)
    assert main(["corpus", "verify", "--dir", str(small)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert at(rules / "my-variant.jass", 1) + "not in the corpus yet: add its cases with " \
        "`jassdsl corpus generate --variants my-variant`" in out
    assert re.search(r": ok \(\d+ notes\)$", out[-1]), out[-1]


# --- the derivations, against hand-worked expectations ---------------------------------------------
def mask(*cards: str) -> int:
    return cards_mask([CARD_INDEX[c] for c in cards])


@pytest.mark.parametrize(("variant", "hand", "trick", "trump", "paths"), [
    ("schieber", ("SK", "H6", "D7"), ("SA", "H9"), 1, ["trump-while-able-to-follow",
                                                         "undertrump-strict"]),
    ("schieber", ("H6", "H7"), ("SA", "H9"), 1, ["void", "undertrump-strict-only-trumps"]),
    ("schieber", ("SK", "D7"), ("SA",), 1, ["must-follow"]),
    ("schieber", ("HJ", "D7"), ("H6",), 1, ["puur-exempt"]),
    ("schieber", ("HJ", "H7", "D7"), ("H6",), 1, ["trump-led"]),
    ("mittlere", ("SK", "H6"), ("SA", "H9"), 1, ["trump-while-able-to-follow",
                                                   "undertrump-weak"]),
    ("mittlere", ("H6", "D7"), ("SA", "H9"), 1, ["void", "undertrump-weak-void"]),
    ("mittlere", ("H6", "D7"), ("SA",), -1, ["first-void"]),
    ("mittlere", ("S6", "D7"), ("SA",), -1, ["must-follow"]),
    ("guggitaler", ("H6", "D7"), ("SA",), 4, ["void"]),
    ("guggitaler", ("D7",), (), 4, ["lead"]),
])
def test_legality_paths(variant: str, hand: tuple[str, ...], trick: tuple[str, ...],
                        trump: int, paths: list[str]) -> None:
    rules = load_rules(variant)
    assert legal_paths(rules, mask(*hand), [CARD_INDEX[c] for c in trick], trump) == paths


def test_paths_depend_on_the_declared_regime_only() -> None:
    strict, weak = applicable_paths(load_rules("schieber")), applicable_paths(load_rules("mittlere"))
    assert "undertrump-strict" in strict and "undertrump-weak" not in strict
    assert "undertrump-weak" in weak and "first-void" in weak and "first-void" not in strict
    assert applicable_paths(load_rules(SMALL)) == ["lead", "must-follow", "void"]


@pytest.mark.parametrize("variant", ["mittlere", "differenzler", "differenzler-allmedias",
                                     "plus-minus", "schieber"])
def test_recorded_hands_replay_to_what_the_game_scored(variant: str) -> None:
    """A hand recorded from a seeded game, replayed from its record, scores the same."""
    rules = load_rules(variant)
    game = play(rules, 7)
    for seen in game.hands:
        expect = derive(variant, {}, "hand", seen.input)
        assert expect["clause"] == seen.clause
    last = derive(variant, {}, "game", {"first_dealer": game.first_dealer, "hands": [
        {k: s.input[k] for k in ("deal", "shown", "trump", "actions", "lots")}
        for s in game.hands]})
    assert last["over"] and len(last["hands"]) == len(game.hands)


def test_replay_refuses_records_it_cannot_honour() -> None:
    inp = json.loads(next(iter((CORPUS / "differenzler-allmedias" / "hand.jsonl")
                               .read_text().splitlines())))["input"]
    with pytest.raises(ReplayError, match="not in the dealer's hand"):
        dealer = inp["dealer"]
        other = next(c for h in inp["deal"][dealer + 1:] + inp["deal"][:dealer] for c in h)
        derive("differenzler-allmedias", {}, "hand", dict(inp, shown=other))
    with pytest.raises(ReplayError, match="never drew"):
        derive("differenzler-allmedias", {}, "hand", dict(inp, lots=[{"index": 0, "of": 4}]))
    with pytest.raises(ReplayError, match="holds at most 2 cards"):
        derive("mittlere", {}, "legal", {"hand": ["DA"], "trick": ["D6", "D7", "D8"],
                                         "trump": None})


@pytest.mark.parametrize(("mutation", "kind"), [
    ("unknown-setting", "unknown-name"), ("missing-winner", "missing"),
    ("duplicate-players", "duplicate"), ("file-ends-early", "syntax"),
    ("unknown-fact", "unknown-name"), ("hand-total", "points"), ("stray-character", "syntax"),
    ("too-many-players", "range"), ("rank-missing", "card"), ("unknown-unit", "unknown-name"),
    ("duplicate-clause", "duplicate"),
])
def test_parse_cases_report_the_error_each_mutation_makes(committed: list[Any], mutation: str,
                                                          kind: str) -> None:
    cases = [c for c in committed if f"mutation:{mutation}" in c["tags"]]
    assert cases
    for case in cases:
        assert not case["expect"]["valid"]
        assert kind in {e["kind"] for e in case["expect"]["errors"]}, case["id"]


def test_original_rule_files_parse_as_valid(committed: list[Any]) -> None:
    originals = [c for c in committed if "mutation:original" in c["tags"]]
    assert {c["variant"] for c in originals} == set(store.read_manifest(CORPUS)["rules"])
    assert all(c["expect"]["valid"] and c["expect"]["errors"] == [] for c in originals)
