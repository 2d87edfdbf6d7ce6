"""What a conformance run leaves behind for people and CI: the JSON report (every case
with its input, the expectation, the engine's answer and the reason, and counts per kind
and tag) and the same run as JUnit XML.

The JSON report's shape is `ReportFile`; its JSON Schema ships as ``report.schema.json``
beside this module (a test keeps the two equal), so a CI job can validate a report
without jassdsl.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from jassdsl.corpus.engine import shown
from jassdsl.corpus.explain import Explanation, explain
from jassdsl.corpus.runner import FAILING, CaseOutcome, RunReport

SCHEMA_PATH = Path(__file__).with_name("report.schema.json")
STATUSES = ("passed", "failed", "errored", "timeout", "crashed", "skipped", "unsupported",
            "xfailed", "xpassed")


class Open(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Reason(Open):
    """Why the corpus expects what it expects."""

    clause: str = Field(description="the rule clause the case tests, e.g. play.undertrump")
    tags: list[str]
    origin: str
    note: str
    rule: list[str] = Field(description="the rule text in the rulebook's words (failed "
                            "cases only)")
    difference: str | None = Field(description="what the engine got wrong, in one line "
                                   "(failed cases only)")
    position: list[str] = Field(description="the position as a player reads it (failed "
                                "cases only)")


class ReportCase(Open):
    id: str
    variant: str
    kind: str
    options: dict[str, int | str]
    status: str = Field(description=" | ".join(STATUSES))
    detail: str = Field(description="the differences, the error or the skip reason")
    seconds: float
    input: dict[str, Any]
    expected: dict[str, Any]
    got: Any = Field(description="the engine's result (null unless it failed)")
    reason: Reason


class Counts(Open):
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    unsupported: int = 0
    expected_failures: int = 0


class Summary(Open):
    selected: int
    ran: int
    passed: int
    failed: int
    by_status: dict[str, int]
    by_kind: dict[str, Counts]
    by_tag: dict[str, Counts]


class ReportFile(Open):
    """The file `jassdsl conformance --report FILE` writes."""

    command: str
    engine: dict[str, Any]
    corpus_version: str
    restarts: int
    ok: bool
    problem: str | None
    interrupted: str | None
    stale_xfail: list[str]
    summary: Summary
    cases: list[ReportCase]


def report_schema() -> dict[str, Any]:
    schema = ReportFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "jassdsl conformance report"
    return schema


def schema_text() -> str:
    return json.dumps(report_schema(), indent=2, ensure_ascii=False) + "\n"


class Explainer:
    """Explains each failed case once: for the terminal while the run goes, and for the
    report after it."""

    def __init__(self) -> None:
        self.told: dict[str, Explanation] = {}

    def of(self, case: dict[str, Any], got: Any) -> Explanation:
        if case["id"] not in self.told:
            try:
                self.told[case["id"]] = explain(case, got)
            except Exception as err:  # an odd answer must not cost the report
                self.told[case["id"]] = Explanation(
                    f"(no explanation: {type(err).__name__}: {shown(str(err))})",
                    got=shown(repr(got), 600))
        return self.told[case["id"]]

    def __call__(self, case: dict[str, Any], outcome: CaseOutcome) -> list[str]:
        return self.of(case, outcome.got).lines()


def bucket(outcome: CaseOutcome) -> str:
    """The column of the summary a status counts in."""
    if outcome.status in FAILING or outcome.status == "xpassed":
        return "failed"
    return {"xfailed": "expected_failures"}.get(outcome.status, outcome.status)


def summary(report: RunReport, cases: dict[str, dict[str, Any]]) -> dict[str, Any]:
    by_kind: dict[str, Counter[str]] = defaultdict(Counter)
    by_tag: dict[str, Counter[str]] = defaultdict(Counter)
    for o in report.outcomes:
        case = cases[o.id]
        by_kind[case["kind"]][bucket(o)] += 1
        for tag in case["tags"]:
            by_tag[tag][bucket(o)] += 1
    return {"selected": report.selected, "ran": report.ran, "passed": report.passed,
            "failed": report.failed, "by_status": dict(sorted(report.counts.items())),
            "by_kind": {k: dict(v) for k, v in sorted(by_kind.items())},
            "by_tag": {k: dict(v) for k, v in sorted(by_tag.items())}}


def case_entry(o: CaseOutcome, case: dict[str, Any], explainer: Explainer) -> dict[str, Any]:
    told = explainer.of(case, o.got) if o.status == "failed" else None
    return {"id": o.id, "variant": case["variant"], "kind": case["kind"],
            "options": case["options"], "status": o.status, "detail": o.detail,
            "seconds": o.seconds, "input": case["input"], "expected": case["expect"],
            "got": o.got,
            "reason": {"clause": case["clause"], "tags": case["tags"],
                       "origin": case["origin"], "note": case["note"],
                       "rule": told.rule if told else [],
                       "difference": told.difference if told else None,
                       "position": told.position if told else []}}


def full_report(report: RunReport, cases: list[dict[str, Any]],
                explainer: Explainer | None = None) -> dict[str, Any]:
    """The JSON report: the run's own record, every case in full, counts per kind and tag."""
    explainer = explainer or Explainer()
    by_id = {c["id"]: c for c in cases}
    data = report.as_json()
    data["summary"] = summary(report, by_id)
    data["cases"] = [case_entry(o, by_id[o.id], explainer) for o in report.outcomes]
    return data


def junit(report: RunReport, cases: list[dict[str, Any]],
          explainer: Explainer | None = None) -> str:
    """The run as JUnit XML: a suite per variant and kind, a test case per corpus case."""
    explainer = explainer or Explainer()
    by_id = {c["id"]: c for c in cases}
    groups: dict[str, list[CaseOutcome]] = defaultdict(list)
    for o in report.outcomes:
        groups[o.id.rpartition("/")[0]].append(o)
    root = ET.Element("testsuites", name="jassdsl conformance")
    totals: Counter[str] = Counter()
    for name, outcomes in sorted(groups.items()):
        suite = ET.SubElement(root, "testsuite", name=name)
        counts: Counter[str] = Counter()
        for o in outcomes:
            counts[junit_case(suite, o, by_id[o.id], explainer)] += 1
        counts["tests"] = len(outcomes)
        set_counts(suite, counts, sum(o.seconds for o in outcomes))
        totals.update(counts)
    set_counts(root, totals, sum(o.seconds for o in report.outcomes))
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def set_counts(element: ET.Element, counts: Counter[str], seconds: float) -> None:
    for key in ("tests", "failures", "errors", "skipped"):
        element.set(key, str(counts[key]))
    element.set("time", f"{seconds:.3f}")


def junit_case(suite: ET.Element, o: CaseOutcome, case: dict[str, Any],
               explainer: Explainer) -> str:
    """One <testcase>; the JUnit count it falls in ("passed" for none)."""
    element = ET.SubElement(suite, "testcase", name=o.id,
                            classname=f"{case['variant']}.{case['kind']}",
                            time=f"{o.seconds:.3f}")
    if o.status == "failed":
        told = explainer.of(case, o.got)
        ET.SubElement(element, "failure", message=told.difference,
                      type=case["clause"]).text = "\n".join(told.lines())
        return "failures"
    if o.status == "xpassed":
        ET.SubElement(element, "failure", message=o.detail, type="unexpected-pass")
        return "failures"
    if o.status in FAILING:
        ET.SubElement(element, "error", message=o.detail, type=o.status)
        return "errors"
    if o.status in ("skipped", "unsupported", "xfailed"):
        why = {"unsupported": "the engine does not play this variant or kind",
               "xfailed": f"expected failure: {o.detail}"}.get(o.status, o.detail)
        ET.SubElement(element, "skipped", message=why, type=o.status)
        return "skipped"
    return "passed"
