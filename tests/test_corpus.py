"""The conformance corpus: the committed corpus still agrees with the rules, generation is
deterministic with stable ids, and verify catches every kind of damage."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from jassdsl.cards import CARD_INDEX, cards_mask
from jassdsl.corpus import store
from jassdsl.corpus.coverage import applicable_paths, legal_paths
from jassdsl.corpus.derive import derive
from jassdsl.corpus.generate import GenerateError, build, generate
from jassdsl.corpus.harvest import play
from jassdsl.corpus.models import content_hash, json_schema
from jassdsl.corpus.position import ReplayError
from jassdsl.corpus.verify import verify
from jassdsl.registry import load_rules, variant_names

CORPUS = store.default_dir()
SMALL = "guggitaler"  # the cheapest variant to regenerate in a test


@pytest.fixture(scope="module")
def committed() -> list[dict[str, Any]]:
    return store.read_cases(CORPUS)


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    """A scratch copy of the committed corpus."""
    root = tmp_path / "corpus"
    shutil.copytree(CORPUS, root)
    return root


@pytest.fixture()
def small(tmp_path: Path) -> Path:
    """A scratch corpus with one variant's cases only (verify then also reports the others
    as missing, which the tests below ignore)."""
    root = tmp_path / "small"
    shutil.copytree(CORPUS / SMALL, root / SMALL)
    for name in (store.MANIFEST, store.SCHEMA):
        shutil.copy(CORPUS / name, root / name)
    return root


def rewrite(root: Path, name: str, edit: Any) -> None:
    """Apply edit(list of records) to one .jsonl file of a corpus copy."""
    path = root / name
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    path.write_text(store.lines(edit(cases)), encoding="utf-8")


def problems(root: Path) -> list[str]:
    return [f"{where}: {text}" for where, text in verify(root).problems]


# --- the committed corpus (the CI gate) ------------------------------------------------------
def test_committed_corpus_verifies() -> None:
    report = verify(CORPUS)
    assert report.ok, report.render()
    assert report.cases > 500


def test_every_clause_and_path_of_every_variant_is_covered() -> None:
    meta = store.read_manifest(CORPUS)
    for variant in variant_names():
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
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((CORPUS / store.SCHEMA).read_text(encoding="utf-8"))
    assert schema == json.loads(store.pretty(json_schema()))
    validator = jsonschema.Draft202012Validator(schema)
    for case in committed[::7]:
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
def test_generation_reproduces_the_committed_files_byte_for_byte(copy: Path) -> None:
    generate(copy, [SMALL])
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


def test_a_changed_answer_keeps_its_id(copy: Path, committed: list[Any]) -> None:
    case = next(c for c in committed if c["variant"] == SMALL and c["kind"] == "trick")
    old = [c for c in committed if c["variant"] != SMALL]
    cases, meta = build(copy, [SMALL])
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
    assert any(p.startswith(f"{SMALL}/trick/") and "answer differently" in p for p in found)


def test_verify_catches_a_wrong_hash_and_a_duplicate_id(small: Path) -> None:
    def damage(cases: list[Any]) -> list[Any]:
        cases[0]["hash"] = "0" * 64
        cases[2]["id"] = cases[1]["id"]
        return cases

    rewrite(small, f"{SMALL}/legal.jsonl", damage)
    found = " | ".join(problems(small))
    assert "content hash does not match" in found
    assert "is used 2 times" in found


def test_verify_catches_changed_rules(small: Path) -> None:
    meta = store.read_manifest(small)
    meta["rules"][SMALL]["sha256"] = "1" * 64
    (small / store.MANIFEST).write_text(store.pretty(meta))
    assert any("changed since the corpus was generated" in p for p in problems(small))


def test_verify_catches_a_coverage_gap(small: Path) -> None:
    rewrite(small, f"{SMALL}/hand.jsonl",
            lambda cases: [c for c in cases if c["expect"]["clause"] != "hearts"])
    found = problems(small)
    assert any("no case covers scoring: guggitaler hearts" in p for p in found)
    assert any("coverage table is stale" in p for p in found)


def test_verify_catches_a_malformed_record_and_a_missing_manifest(small: Path) -> None:
    rewrite(small, f"{SMALL}/perft.jsonl",
            lambda cases: [dict(cases[0], input={"depth": "deep"}), *cases[1:]])
    assert any("not a valid record" in p for p in problems(small))
    (small / store.MANIFEST).unlink()
    assert any("missing" in p for p in problems(small))


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
    assert {c["variant"] for c in originals} == set(variant_names())
    assert all(c["expect"]["valid"] and c["expect"]["errors"] == [] for c in originals)
