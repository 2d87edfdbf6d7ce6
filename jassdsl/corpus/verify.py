"""`jassdsl corpus verify`: check a corpus against the rules, and against itself.

Every file is read as untrusted, and every problem is one line, ``path:line: message``;
the check always goes on, so one run lists them all. It fails when a line is not a
well-formed record in canonical JSON, is filed in the wrong place or hashed wrong, or is
no longer what the rules answer; when its tags, clause, origin or note are not what
generation gives (hand-written cases: what ``handwritten.json`` says); when an id is used
twice or is not below the manifest's counter; when a number below the counter has no case
and is not in the manifest's ``retired`` list (a deleted case); when the SHA-256 of a case
file or rule file on disk is not the manifest's; when the manifest, its corpus version,
the schema or the coverage table is stale; and when a scoring clause or a legality path
has no case. A rule file the corpus does not know yet is a note, not a problem: it names
the command that adds its cases.
"""

from __future__ import annotations

import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from jassdsl import registry
from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.errors import JassError, UnknownVariantError
from jassdsl.corpus import coverage as cov
from jassdsl.corpus import store
from jassdsl.corpus.derive import derive
from jassdsl.corpus.generate import MUTATIONS, clause_of, mismatches
from jassdsl.corpus.models import (
    CASE,
    FORMAT,
    KINDS,
    LAYOUT,
    Manifest,
    canonical,
    content_hash,
    digest,
    file_digest,
    json_schema,
    question_key,
)
from jassdsl.registry import display_path, load_rules, variant_names

NAME = re.compile(r"^[a-z0-9-]+$")
SEARCH_TAGS = {"search:sweep", "search:random", "search:bots"}  # hands found by a search (generate.py)


@dataclass
class Record:
    """One readable record and where it is."""

    case: dict[str, Any]
    path: Path
    line: int

    @property
    def id(self) -> str:
        return str(self.case["id"])

    @property
    def group(self) -> str:
        return self.id.rpartition("/")[0]

    @property
    def number(self) -> int:
        return int(self.id.rpartition("/")[2])


@dataclass
class Report:
    cases: int = 0
    problems: list[str] = field(default_factory=list)  # "path:line: message"
    notes: list[str] = field(default_factory=list)  # the same, but not failures
    seconds: float = 0.0
    coverage: dict[str, Any] = field(default_factory=dict)

    def add(self, path: Path, line: int, text: str) -> None:
        self.problems.append(f"{display_path(path)}:{line}: {text}")

    def note(self, path: Path, line: int, text: str) -> None:
        self.notes.append(f"{display_path(path)}:{line}: {text}")

    @property
    def ok(self) -> bool:
        return not self.problems

    def render(self) -> str:
        verdict = "ok" if self.ok else f"{len(self.problems)} problems"
        if self.notes:
            verdict += f" ({len(self.notes)} notes)"
        return "\n".join([*self.problems, *self.notes, f"verified {self.cases} cases in "
                          f"{self.seconds:.1f} s: {verdict}"])


def gaps(counter: int, known: set[int]) -> list[tuple[int, int]]:
    """The runs (first, last) of the numbers from 1 to counter - 1 that are not known,
    found from the known ones alone: a manifest's counter may be any size."""
    out: list[tuple[int, int]] = []
    expected = 1
    for n in sorted(k for k in known if 1 <= k < counter):
        if n > expected:
            out.append((expected, n - 1))
        expected = n + 1
    if expected < counter:
        out.append((expected, counter - 1))
    return out


def ranges(runs: list[tuple[int, int]]) -> str:
    """(1, 3), (7, 7) -> '1-3, 7'."""
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def json_kind(value: Any) -> str:
    if isinstance(value, list):
        return "an array"
    if value is None or isinstance(value, bool):
        return "null" if value is None else "true or false"
    return "a string" if isinstance(value, str) else "a number"


class Verifier:
    """One verification of one corpus directory; the findings go to `report`."""

    def __init__(self, root: Path) -> None:
        self.root, self.report = root, Report()
        self.manifest_path = root / store.MANIFEST
        self.manifest_text = ""
        self.meta: Manifest | None = None
        self.records: list[Record] = []
        self.unreadable = 0  # lines that are no valid record
        self.rules_ok: dict[str, bool] = {}  # variant -> its rule file loads
        self.derived: dict[str, set[str]] = {}  # id -> the tags its content gives

    def add(self, path: Path, line: int, text: str) -> None:
        self.report.add(path, line, text)

    def at_manifest(self, *keys: str) -> tuple[Path, int]:
        return self.manifest_path, store.key_line(self.manifest_text, *keys)

    # --- the manifest ------------------------------------------------------------------------
    def read_manifest(self) -> bool:
        """Read and check the manifest; False when the corpus has another record format."""
        path = self.manifest_path
        if not path.is_file():
            self.add(path, 1, "missing: run `jassdsl corpus generate`")
            return True
        try:
            self.manifest_text = store.read_text(path)
            data = store.load_json(path, self.manifest_text)
        except store.CorpusError as err:
            self.add(err.path, err.line, err.text)
            return True
        if not isinstance(data, dict):
            self.add(path, 1, "the manifest is not a JSON object")
            return True
        if isinstance(data.get("format"), int) and data["format"] != FORMAT:
            self.add(*self.at_manifest("format"), f"record format {data['format']}; this "
                     f"jassdsl reads format {FORMAT}")
            return False
        try:
            meta = Manifest.model_validate(data)
        except ValidationError as err:
            for error in err.errors():
                keys = [str(k) for k in error["loc"]]
                self.add(*self.at_manifest(*keys), f"{'.'.join(keys)}: {error['msg']}")
            return True
        if meta.corpus_version != f"{meta.format}.{meta.revision}":
            self.add(*self.at_manifest("corpus_version"), f"corpus_version "
                     f"{meta.corpus_version!r} is not format.revision "
                     f"({meta.format}.{meta.revision})")
        if meta.protocol != store.PROTOCOL:
            self.add(*self.at_manifest("protocol"), f"protocol {meta.protocol!r}, this "
                     f"jassdsl speaks {store.PROTOCOL}")
        if meta.layout != LAYOUT:
            self.add(*self.at_manifest("layout"), f"manifest layout {meta.layout}, this "
                     f"jassdsl writes {LAYOUT}: run `jassdsl corpus generate`")
        self.meta = meta
        return True

    # --- the case files ----------------------------------------------------------------------
    def read_files(self) -> None:
        on_disk = set()
        for path in sorted(self.root.glob("*/*.jsonl")):
            name = path.relative_to(self.root).as_posix()
            on_disk.add(name)
            if path.stem not in KINDS:
                self.add(path, 1, f"not a kind of case ({', '.join(KINDS)})")
                continue
            try:
                data = store.read_bytes(path)
            except store.CorpusError as err:
                self.add(err.path, err.line, err.text)
                self.unreadable += 1
                continue
            entry = self.meta.files.get(name) if self.meta else None
            if self.meta and entry is None:
                self.add(path, 1, "not in the manifest")
            elif entry and file_digest(data) != entry.sha256:
                self.add(path, 1, "its SHA-256 is not the manifest's (changed after "
                         "generation)")
            lines = data.count(b"\n")
            if entry and entry.cases != lines:
                self.add(path, 1, f"has {lines} lines, the manifest says {entry.cases}")
            self.read_lines(path, data)
        if self.meta:
            for name in sorted(set(self.meta.files) - on_disk):
                self.add(*self.at_manifest("files", name), f"lists {name}, which is missing")

    def read_lines(self, path: Path, data: bytes) -> None:
        try:
            text = store.decode(path, data)
        except store.CorpusError as err:
            self.add(err.path, err.line, err.text)
            self.unreadable += 1
            return
        lines = text.split("\n")
        if lines[-1]:
            self.add(path, len(lines), "the last line has no newline")
        else:
            lines.pop()
        last = 0
        for number, line in enumerate(lines, 1):
            record = self.read_record(path, number, line)
            if record is None:
                self.unreadable += 1
                continue
            self.records.append(record)
            if record.number <= last:
                self.add(path, number, f"{record.id} is out of order (cases are sorted by "
                         "number)")
            last = record.number

    def read_record(self, path: Path, number: int, text: str) -> Record | None:
        if not text.strip():
            self.add(path, number, "a blank line")
            return None
        try:
            case = store.load_json(path, text, number)
        except store.CorpusError as err:
            self.add(err.path, err.line, err.text)
            return None
        if not isinstance(case, dict):
            self.add(path, number, f"not a JSON object but {json_kind(case)}")
            return None
        try:
            CASE.validate_python(case)
        except ValidationError as err:
            self.add(path, number, f"not a valid case: {store.first_error(err)}")
            return None
        if store.long_id(case["id"]):
            self.add(path, number, f"not a valid case: {store.long_id(case['id'])}")
            return None
        record = Record(case, path, number)
        home = store.case_file(case["variant"], case["kind"])
        if path.relative_to(self.root).as_posix() != home:
            self.add(path, number, f"{record.id} belongs in {home}")
        if not record.id.startswith(f"{case['variant']}/{case['kind']}/"):
            self.add(path, number, f"the id {record.id} does not name its variant and kind")
        if canonical(case) != text:
            self.add(path, number, "not canonical JSON (sorted keys, no spaces)")
        if case["hash"] != content_hash(case["variant"], case["options"], case["kind"],
                                        case["input"], case["expect"]):
            self.add(path, number, f"{record.id}: the content hash does not match the content")
        return record

    # --- each record against the rules -------------------------------------------------------
    def loads(self, record: Record) -> bool:
        """Whether the record's variant has a rule file that loads (said once if not)."""
        variant = record.case["variant"]
        if variant not in self.rules_ok:
            self.rules_ok[variant] = False
            if not NAME.match(variant):
                self.add(record.path, record.line, f"{variant!r} is not a variant name; its "
                         "cases are not checked")
                return False
            try:
                load_rules(variant)
                self.rules_ok[variant] = True
            except UnknownVariantError:
                self.add(record.path, record.line, f"variant {variant!r} has no rule file in "
                         f"{display_path(registry.rules_dir())}; its cases are not checked")
            except JassError as err:
                first = str(err).splitlines()[0] if str(err) else type(err).__name__
                self.add(record.path, record.line, f"the rule file of {variant} does not "
                         f"load ({first}); its cases are not checked")
        return self.rules_ok[variant]

    def check_record(self, record: Record) -> None:
        """Still what the rules answer, with the tags and clause generation gives."""
        case, where = record.case, (record.path, record.line)
        variant, options, kind = case["variant"], case["options"], case["kind"]
        try:
            expect = derive(variant, options, kind, case["input"])
            rules = None if kind == "parse" else load_rules(variant, options)
            derived = set(cov.derived_tags(kind, rules, case["input"], case["expect"]))
        except Exception as err:  # a hostile record must not stop the run
            self.add(*where, f"{record.id}: the rules cannot answer it: "
                     f"{type(err).__name__}: {str(err)[:200]}")
            return
        if expect != case["expect"]:
            wrong = mismatches(case["expect"], expect,
                               words=("the corpus says", "the rules now give"))
            self.add(*where, f"{record.id}: the rules now answer differently: "
                     + "; ".join(wrong[:3]))
            return
        self.derived[record.id] = derived
        tags = case["tags"]
        if tags != sorted(set(tags)):
            self.add(*where, f"{record.id}: tags are not sorted and unique")
        missing = derived - set(tags)
        if missing:
            self.add(*where, f"{record.id}: tags missing: {', '.join(sorted(missing))}")
        if case["origin"] != "generated":
            return  # hand-written cases: see check_handwritten
        if case["note"]:
            self.add(*where, f"{record.id}: a generated case has no note")
        extra = set(tags) - derived - self.extra_tags(record)
        if extra:
            self.add(*where, f"{record.id}: tags generation does not give: "
                     f"{', '.join(sorted(extra))}")
        filed = clause_of(kind, tags, expect)
        if case["clause"] != filed:
            self.add(*where, f"{record.id}: filed under {case['clause']}, expected {filed}")

    def extra_tags(self, record: Record) -> set[str]:
        """Tags of a generated case beyond those its content gives (see generate.py)."""
        case = record.case
        if case["kind"] == "hand":
            return SEARCH_TAGS if len(SEARCH_TAGS & set(case["tags"])) <= 1 else set()
        if case["kind"] != "parse":
            return set()
        names = [t.partition(":")[2] for t in case["tags"] if t.startswith("mutation:")]
        mutate = dict(MUTATIONS).get(names[0]) if len(names) == 1 else None
        if mutate is None:
            self.add(record.path, record.line, f"{record.id}: needs one mutation:NAME tag "
                     f"of {', '.join(n for n, _ in MUTATIONS)}")
            return set()
        if self.rule_file_unchanged(case["variant"]):
            path = registry.rules_dir() / f"{case['variant']}.jass"
            text = path.read_text(encoding="utf-8")
            if mutate(text) != case["input"]["text"]:
                self.add(record.path, record.line, f"{record.id}: the text is not the "
                         f"{names[0]} mutation of {case['variant']}.jass")
        return {f"mutation:{names[0]}"}

    def rule_file_unchanged(self, variant: str) -> bool:
        entry = self.meta.rules.get(variant) if self.meta else None
        path = registry.rules_dir() / f"{variant}.jass"
        return (entry is not None and path.is_file()
                and file_digest(path.read_bytes()) == entry.sha256)

    # --- ids -----------------------------------------------------------------------------------
    def check_ids(self) -> None:
        first: dict[str, Record] = {}
        for r in self.records:
            if r.id in first:
                seen = first[r.id]
                self.add(r.path, r.line, f"{r.id} is used twice (also at "
                         f"{display_path(seen.path)}:{seen.line})")
            first.setdefault(r.id, r)
        if self.meta is None:
            return
        present: dict[str, set[int]] = defaultdict(set)
        for r in self.records:
            present[r.group].add(r.number)
            counter = self.meta.next_id.get(r.group)
            if counter is None:
                self.add(r.path, r.line, f"{r.id}: the manifest has no next_id for {r.group}")
            elif r.number >= counter:
                self.add(r.path, r.line, f"{r.id}: the number is not below the manifest's "
                         f"next_id for {r.group} ({counter})")
            if r.number in self.meta.retired.get(r.group, []):
                self.add(r.path, r.line, f"{r.id}: the manifest lists the number as retired")
        for group, counter in self.meta.next_id.items():
            retired = set(self.meta.retired.get(group, []))
            gone = gaps(counter, present[group] | retired)
            count = sum(last - first + 1 for first, last in gone)
            if gone:
                what = f"{group}/{gone[0][0]:04d} is" if count == 1 else (
                    f"{count} cases of {group} are")
                self.add(self.root / f"{group}.jsonl", 1, f"{what} missing (numbers "
                         f"{ranges(gone)}: no case, and not retired in the manifest); "
                         "`jassdsl corpus generate` restores the corpus")
            if any(n >= counter or n < 1 for n in retired):
                self.add(*self.at_manifest("retired", group), f"retired numbers of {group} "
                         f"must lie between 1 and next_id ({counter})")

    # --- rule files ------------------------------------------------------------------------------
    def check_rules(self) -> None:
        with_cases = {r.case["variant"] for r in self.records}
        recorded = self.meta.rules if self.meta else {}
        for variant, entry in recorded.items():
            where = self.at_manifest("rules", variant)
            path = registry.rules_dir() / f"{variant}.jass"
            if not NAME.match(variant) or entry.file != f"{variant}.jass":
                self.add(*where, f"{variant!r}: not a variant name with its file name")
            elif not path.is_file():
                self.add(*where, f"the corpus has cases for {variant}, which has no rule "
                         f"file in {display_path(registry.rules_dir())}")
            elif file_digest(path.read_bytes()) != entry.sha256:
                self.add(path, 1, "changed since the corpus was generated: run `jassdsl "
                         f"corpus generate --variants {variant}`")
        if self.meta is None:
            return
        for variant in sorted(with_cases - set(recorded)):
            self.add(*self.at_manifest("rules"), f"the manifest names no rule file for "
                     f"{variant}, which has cases")
        for variant in variant_names():
            if variant not in recorded and variant not in with_cases:
                self.report.note(registry.rules_dir() / f"{variant}.jass", 1, "not in the "
                                 "corpus yet: add its cases with `jassdsl corpus generate "
                                 f"--variants {variant}`")

    # --- hand-written cases ------------------------------------------------------------------
    def check_handwritten(self) -> None:
        path = self.root / store.HANDWRITTEN
        by_key = {question_key(r.case["variant"], r.case["options"], r.case["kind"],
                               r.case["input"]): r for r in self.records}
        try:
            sources = store.read_handwritten(self.root)
        except store.CorpusError as err:
            self.add(err.path, err.line, err.text)
            return
        matched = set()
        for line, raw in sources:
            try:
                src = store.source_of(self.root, line, raw)
            except store.CorpusError as err:
                self.add(err.path, err.line, err.text)
                continue
            r = by_key.get(question_key(src.variant, src.options, src.kind, src.input))
            if r is None or r.case["origin"] != "hand-written":
                self.add(path, line, f"no hand-written case in the corpus asks this "
                         f"{src.variant} {src.kind} question")
                continue
            matched.add(r.id)
            self.check_source(r, src.model_dump(), f"{display_path(path)}:{line}")
        for r in self.records:
            if r.case["origin"] == "hand-written" and r.id not in matched:
                self.add(r.path, r.line, f"{r.id}: marked hand-written, but "
                         f"{store.HANDWRITTEN} has no such case")

    def check_source(self, r: Record, src: dict[str, Any], where: str) -> None:
        case = r.case
        for text in mismatches(src["expect"], case["expect"]):
            self.add(r.path, r.line, f"{r.id}: disagrees with the rule text ({where}): {text}")
        if case["note"] != src["note"]:
            self.add(r.path, r.line, f"{r.id}: the note is not the one at {where}")
        if r.id in self.derived:
            tags = sorted(set(src["tags"]) | self.derived[r.id])
            if case["tags"] != tags:
                self.add(r.path, r.line, f"{r.id}: tags should be {', '.join(tags)} "
                         f"({where} and the case's content)")
            clause = src["clause"] or clause_of(case["kind"], case["tags"], case["expect"])
            if case["clause"] != clause:
                self.add(r.path, r.line, f"{r.id}: filed under {case['clause']}, expected "
                         f"{clause}")

    # --- the manifest against the cases ---------------------------------------------------------
    def schema_bytes(self, schema: Path) -> bytes | None:
        """The schema file's bytes, None where it cannot be read (that is reported)."""
        try:
            return store.read_bytes(schema)
        except store.CorpusError:
            return None

    def check_manifest(self) -> None:
        schema = self.root / store.SCHEMA
        if not schema.is_file() or self.schema_bytes(schema) != store.pretty(json_schema()).encode():
            self.add(schema, 1, "missing, or not the schema of the record models: run "
                     "`jassdsl corpus generate`")
        if self.meta is None or self.unreadable:
            return  # the counts would only repeat the problems already reported
        meta, cases = self.meta, [r.case for r in self.records]
        counts: dict[str, Counter[str]] = defaultdict(Counter)
        for c in cases:
            counts[c["variant"]][c["kind"]] += 1
        if meta.total != len(cases):
            self.add(*self.at_manifest("total"), f"total {meta.total}, the files hold "
                     f"{len(cases)} cases")
        if meta.counts != {v: dict(k) for v, k in counts.items()}:
            self.add(*self.at_manifest("counts"), "the counts per variant and kind do not "
                     "match the case files")
        if meta.content != digest(sorted((c["id"], c["hash"]) for c in cases)):
            self.add(*self.at_manifest("content"), "the content digest does not match the "
                     "ids and hashes of the cases")
        table = cov.coverage_table(self.rule_sets(), cases)
        self.report.coverage = table
        if table != meta.coverage:
            self.add(*self.at_manifest("coverage"), "the coverage table is stale: run "
                     "`jassdsl corpus generate`")
        for gap in cov.gaps(table):
            self.add(*self.at_manifest("coverage"), f"no case covers {gap}")

    def rule_sets(self) -> dict[str, list[CompiledRules]]:
        """The compiled rules of every variant and option set that has cases (those that
        do not load are reported at their cases)."""
        sets: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
        for r in self.records:
            if self.rules_ok.get(r.case["variant"]):
                sets[r.case["variant"]][digest(r.case["options"])] = r.case["options"]
        out: dict[str, list[CompiledRules]] = {}
        for variant, options in sorted(sets.items()):
            loaded = []
            for o in options.values():
                try:
                    loaded.append(load_rules(variant, o))
                except JassError:
                    continue
            out[variant] = loaded
        return out

    def run(self) -> Report:
        start = time.perf_counter()
        if self.read_manifest():
            self.read_files()
            self.report.cases = len(self.records)
            for record in self.records:
                if self.loads(record):
                    self.check_record(record)
            self.check_ids()
            self.check_rules()
            self.check_handwritten()
            self.check_manifest()
        self.report.seconds = time.perf_counter() - start
        return self.report


def verify(root: Path) -> Report:
    """Check the corpus in root; the report lists every problem found."""
    return Verifier(root).run()
