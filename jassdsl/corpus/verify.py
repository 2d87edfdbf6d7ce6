"""`jassdsl corpus verify`: re-derive every case and check the corpus against the rules.

It fails when a recorded expectation differs from what the rules give now, when a rule
file changed since generation, when a case is malformed, mislabelled or its hash is
wrong, when an id is used twice or lies above the manifest's counter, when the manifest,
the schema or the coverage table is stale, or when a scoring clause or a legality path
has no case.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from jassdsl.corpus import coverage as cov
from jassdsl.corpus import store
from jassdsl.corpus.derive import derive
from jassdsl.corpus.generate import clause_of, group_files, manifest, mismatches, rules_by_variant
from jassdsl.corpus.models import CASE, FORMAT, content_hash, digest, json_schema, question_key
from jassdsl.errors import JassError
from jassdsl.registry import load_rules, variant_names, variant_path


@dataclass
class Report:
    cases: int = 0
    problems: list[tuple[str, str]] = field(default_factory=list)  # (case id or '-', text)
    seconds: float = 0.0
    coverage: dict[str, Any] = field(default_factory=dict)

    def add(self, where: str, text: str) -> None:
        self.problems.append((where, text))

    @property
    def ok(self) -> bool:
        return not self.problems

    def render(self) -> str:
        lines = [f"{where}: {text}" for where, text in self.problems]
        verdict = "ok" if self.ok else f"{len(self.problems)} problems"
        lines.append(f"verified {self.cases} cases in {self.seconds:.1f} s: {verdict}")
        return "\n".join(lines)


def check_case(case: dict[str, Any], report: Report) -> None:
    """One record: well formed, filed right, hashed right, and still what the rules say."""
    cid = str(case.get("id", "?"))
    try:
        CASE.validate_python(case)
    except ValidationError as err:
        report.add(cid, f"not a valid record: {err.errors()[0]['msg']} at "
                   f"{'.'.join(str(x) for x in err.errors()[0]['loc'])}")
        return
    variant, options, kind = case["variant"], case["options"], case["kind"]
    if not cid.startswith(f"{variant}/{kind}/"):
        report.add(cid, f"the id does not name its variant and kind ({variant}/{kind})")
    if case["hash"] != content_hash(variant, options, kind, case["input"], case["expect"]):
        report.add(cid, "the content hash does not match the content")
    try:
        expect = derive(variant, options, kind, case["input"])
    except (JassError, ValueError) as err:
        report.add(cid, f"the rules cannot answer it: {err}")
        return
    if expect != case["expect"]:
        wrong = mismatches(case["expect"], expect, words=("the corpus says", "the rules now give"))
        report.add(cid, "the rules now answer differently: " + "; ".join(wrong[:3]))
        return
    rules = None if kind == "parse" else load_rules(variant, options)
    missing = set(cov.derived_tags(kind, rules, case["input"], expect)) - set(case["tags"])
    if missing:
        report.add(cid, f"tags missing: {', '.join(sorted(missing))}")
    if case["origin"] == "generated" and case["clause"] != clause_of(kind, case["tags"],
                                                                     expect):
        report.add(cid, f"filed under {case['clause']}, expected "
                   f"{clause_of(kind, case['tags'], expect)}")


def check_ids(cases: list[dict[str, Any]], meta: dict[str, Any], report: Report) -> None:
    counts = Counter(c.get("id") for c in cases)
    for cid, n in counts.items():
        if n > 1:
            report.add(str(cid), f"the id is used {n} times")
    next_id = meta.get("next_id", {})
    for c in cases:
        cid = str(c.get("id", "?"))
        group = cid.rsplit("/", 1)[0]
        if store.seq_of(cid) >= next_id.get(group, 0):
            report.add(cid, f"the number is not below the manifest's next_id for {group}")


def check_rules(meta: dict[str, Any], report: Report) -> None:
    recorded = meta.get("rules", {})
    for variant in variant_names():
        if variant not in recorded:
            report.add("-", f"variant {variant} has no cases: run `jassdsl corpus generate`")
    for variant, info in recorded.items():
        try:
            text = variant_path(variant).read_text(encoding="utf-8")
        except JassError:
            report.add("-", f"the corpus has cases for {variant}, which has no rule file")
            continue
        if digest(text) != info["sha256"]:
            report.add("-", f"rules/{info['file']} changed since the corpus was generated: "
                       "run `jassdsl corpus generate`")


def check_handwritten(root: Path, cases: list[dict[str, Any]], report: Report) -> None:
    by_key = {question_key(c["variant"], c["options"], c["kind"], c["input"]): c
              for c in cases}
    for src in store.read_handwritten(root):
        key = question_key(src["variant"], src.get("options", {}), src["kind"], src["input"])
        case = by_key.get(key)
        where = f"{store.HANDWRITTEN} ({src['variant']} {src['kind']})"
        if case is None or case["origin"] != "hand-written":
            report.add(where, "has no hand-written case in the corpus")
        else:
            for text in mismatches(src["expect"], case["expect"]):
                report.add(case["id"], f"disagrees with the rule text: {text}")


def check_manifest(root: Path, cases: list[dict[str, Any]], meta: dict[str, Any],
                   report: Report) -> None:
    if (root / store.SCHEMA).read_text(encoding="utf-8") != store.pretty(json_schema()):
        report.add("-", f"{store.SCHEMA} differs from the record models: regenerate")
    again = manifest(cases, meta.get("next_id", {}), meta, group_files(cases))
    for key in ("total", "counts", "files", "content"):
        if again[key] != meta.get(key):
            report.add("-", f"the manifest's {key} does not match the case files")
    table = cov.coverage_table(rules_by_variant(cases), cases)
    report.coverage = table
    if table != meta.get("coverage"):
        report.add("-", "the manifest's coverage table is stale: regenerate")
    for gap in cov.gaps(table):
        report.add("-", f"no case covers {gap}")


def verify(root: Path) -> Report:
    """Check the corpus in root; the report lists every problem found."""
    start = time.perf_counter()
    report = Report()
    meta = store.read_manifest(root)
    if meta.get("format") != FORMAT:
        report.add("-", f"{root / store.MANIFEST}: missing, or not record format {FORMAT}")
        return report
    cases = store.read_cases(root)
    report.cases = len(cases)
    for case in cases:
        check_case(case, report)
    check_ids(cases, meta, report)
    check_rules(meta, report)
    check_handwritten(root, cases, report)
    check_manifest(root, cases, meta, report)
    report.seconds = time.perf_counter() - start
    return report
