#!/usr/bin/env python3
"""Measure every engine adapter that is installed against the corpus and write the
conformance table as data (docs/data/conformance.json), from which the site's
Conformance page is built.

    bash scripts/oracle-env.sh      # optional: jass-kit 2.0.5 in .oracle-venv
    bash scripts/oracle-env.sh schieber  # optional: schieber 0.1.10 in .schieber-venv
    python scripts/conformance_table.py [--out docs/data/conformance.json]

Each engine runs through `jassdsl.corpus.runner.run` like any other; an engine whose
environment is missing is left out (and said so). Every failed case is sorted into a
known difference of `DIFFERENCES`, which says which reading of the rules is right; a case
that fits none is written as unexplained and the exit code is 1. Exit code 0 otherwise.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shlex
import shutil
import sys
import tomllib
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jassdsl.corpus import store  # noqa: E402
from jassdsl.corpus.coverage import derived_tags  # noqa: E402
from jassdsl.corpus.derive import derive  # noqa: E402
from jassdsl.corpus.explain import difference  # noqa: E402
from jassdsl.corpus.generate import clause_of  # noqa: E402
from jassdsl.corpus.runner import FAILING, CaseOutcome, run  # noqa: E402

OUT = ROOT / "docs" / "data" / "conformance.json"
PY = shlex.quote(sys.executable)
Text = dict[str, str]  # {"en": ..., "de": ...}
TEXTS = tomllib.loads((ROOT / "scripts" / "conformance_texts.toml").read_text(encoding="utf-8"))


@dataclass
class Engine:
    key: str
    command: str
    present: Callable[[], bool]
    install: str
    probe: bool = False  # also asked the positions of `probe_cases` (Schieber engines)

    @property
    def about(self) -> Text:
        return dict(TEXTS["engines"][self.key])


@dataclass
class Difference:
    """A known way an engine answers otherwise than the rules; its title and which reading
    is right are words of TEXTS."""

    key: str
    engines: tuple[str, ...]
    fits: Callable[[dict[str, Any], CaseOutcome], bool]
    cases: list[str] = field(default_factory=list)

    @property
    def title(self) -> Text:
        return dict(TEXTS["differences"][self.key]["title"])

    @property
    def text(self) -> Text:
        return dict(TEXTS["differences"][self.key]["text"])


def script(*parts: str) -> str:
    return " ".join(shlex.quote(p) for p in parts)


ENGINES = (
    Engine("jassdsl", f"{PY} -m jassdsl.corpus.adapter", lambda: True, ""),
    Engine("jass-kit", f"{PY} {script(str(ROOT / 'scripts' / 'jasskit_diff.py'))} --serve",
           lambda: (ROOT / ".oracle-venv" / "bin" / "python").exists(),
           "bash scripts/oracle-env.sh", probe=True),
    Engine("schieber",
           script(str(ROOT / ".schieber-venv" / "bin" / "python"),
                  str(ROOT / "scripts" / "schieber_adapter.py")),
           lambda: (ROOT / ".schieber-venv" / "bin" / "python").exists(),
           "bash scripts/oracle-env.sh schieber", probe=True),
    Engine("node-adapter",
           f"{script(shutil.which('node') or 'node')} "
           f"{script(str(ROOT / 'examples' / 'node-adapter' / 'adapter.js'))}",
           lambda: shutil.which("node") is not None, ""),
)


def between_trumps(case: dict[str, Any], outcome: CaseOutcome) -> bool:
    return case["kind"] == "legal" and "between-trumps" in case["tags"]


def undenufe_six(case: dict[str, Any], outcome: CaseOutcome) -> bool:
    got = outcome.got if isinstance(outcome.got, dict) else {}
    cards = case["input"].get("cards", [])
    six_minus_ace = 11 * (sum(c.endswith("6") for c in cards) - sum(c.endswith("A")
                                                                    for c in cards))
    return (case["kind"] == "trick" and case["input"]["trump"] == "undenufe"
            and got.get("winner") == case["expect"]["winner"]
            and got.get("points") == case["expect"]["points"] + six_minus_ace)


TRUMP_ORDER = ("J", "9", "A", "K", "Q", "10", "8", "7", "6")


def only_trumps_overtrump(case: dict[str, Any], outcome: CaseOutcome) -> bool:
    """A hand of nothing but trumps on a side-suit lead that a trump has taken, and the
    engine allows exactly the trumps above the highest one on the table (it makes the
    player overtrump) where the rules allow them all."""
    inp, got = case["input"], outcome.got if isinstance(outcome.got, dict) else {}
    trump, trick, hand = inp.get("trump"), inp.get("trick", []), inp.get("hand", [])
    if (case["kind"] != "legal" or trump not in ("D", "H", "S", "C") or not trick
            or trick[0][0] == trump or not hand or any(c[0] != trump for c in hand)):
        return False
    on_table = [TRUMP_ORDER.index(c[1:]) for c in trick if c[0] == trump]
    if not on_table or not isinstance(got.get("legal"), list):
        return False
    above = {c for c in hand if TRUMP_ORDER.index(c[1:]) < min(on_table)}
    return bool(above) and set(got["legal"]) == above != set(case["expect"]["legal"])


def differences() -> list[Difference]:
    """The known differences, fresh (each gathers the cases of one run)."""
    return [Difference("undertrump-between", ("jass-kit",), between_trumps),
            Difference("undenufe-six-eleven", ("jass-kit", "schieber"), undenufe_six),
            Difference("only-trumps-overtrump", ("schieber",), only_trumps_overtrump)]


def trump_hands(count: int, seed: int) -> list[dict[str, Any]]:
    """Random hands of two to four trumps facing a side-suit lead with trumps on it: the
    positions where the rules let a hand of nothing but trumps undertrump."""
    import random

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        trump = rng.choice("DHSC")
        trumps = [f"{trump}{r}" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6")]
        side = [f"{s}{r}" for s in "DHSC" if s != trump
                for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6")]
        rng.shuffle(trumps)
        on_table = trumps[:rng.randint(1, 2)]
        trick = [rng.choice(side), *on_table][:3]
        out.append({"hand": trumps[3:3 + rng.randint(2, 4)], "trick": trick,
                    "trump": trump})
    return out


def probe_cases(count: int, seed: int) -> list[dict[str, Any]]:
    """Schieber positions beyond the corpus, as cases: legal cards from seeded games,
    random hands and hands of nothing but trumps, random tricks (the first two and the
    tricks are those of scripts/jasskit_diff.py), answered by jassdsl."""
    from jasskit_diff import VARIANT, game_positions, random_positions, random_tricks

    from jassdsl.registry import load_rules

    rules = load_rules(VARIANT, {})
    legal, tricks = game_positions(count, seed, {})
    legal += random_positions(count, seed) + trump_hands(count, seed)
    tricks += random_tricks(count, seed)
    out = []
    for kind, inputs in (("legal", legal), ("trick", tricks)):
        for n, inp in enumerate(inputs, 1):
            expect = derive(VARIANT, {}, kind, inp)
            tags = sorted(set(derived_tags(kind, rules, inp, expect)))
            out.append({"id": f"probe/{kind}/{n:05d}", "variant": VARIANT, "options": {},
                        "kind": kind, "input": inp, "expect": expect, "tags": tags,
                        "clause": clause_of(kind, tags, expect), "origin": "generated",
                        "note": "", "hash": ""})
    return out


def finished(report: Any, engine: Engine) -> Any:
    """The report of a run that went to its end; a run a signal cut short is no figure."""
    if report.interrupted:
        raise SystemExit(f"{engine.key}: the run was interrupted ({report.why_not_ok()}); "
                         "nothing written")
    return report


def sort_failures(engine: Engine, report: Any, by_id: dict[str, dict[str, Any]]
                  ) -> list[dict[str, Any]]:
    """Every failure of a run in its known difference, or listed as unexplained."""
    known = [d for d in differences() if engine.key in d.engines]
    unexplained: list[dict[str, Any]] = []
    for o in report.outcomes:
        if o.status not in FAILING and o.status != "xpassed":
            continue
        fit = next((d for d in known if o.status == "failed" and d.fits(by_id[o.id], o)),
                   None)
        if fit is not None:
            fit.cases.append(o.id)
        else:
            line = difference(by_id[o.id], o.got) if o.status == "failed" else o.detail
            unexplained.append({"key": "unexplained", "title": None, "cases": 1,
                                "examples": [o.id], "text": {"en": line, "de": line}})
    found = [{"key": d.key, "title": d.title, "text": d.text, "cases": len(d.cases),
              "examples": d.cases[:3]} for d in known if d.cases]
    return found + unexplained


def run_sorted(engine: Engine, cases: list[dict[str, Any]], version: str
               ) -> tuple[Any, dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """Run the engine over the cases to the end: its report, the cases by id, and its
    failures sorted into known differences."""
    report = finished(run(engine.command, cases, version, timeout=60, start_timeout=300,
                          echo=lambda line: None), engine)
    by_id = {c["id"]: c for c in cases}
    return report, by_id, sort_failures(engine, report, by_id)


def probe(engine: Engine, cases: list[dict[str, Any]], version: str) -> dict[str, Any]:
    report, by_id, found = run_sorted(engine, cases, version)
    for d in found:  # a probe case is no corpus case: show its position, not its id
        d["examples"] = [{"input": by_id[i]["input"], "expected": by_id[i]["expect"]}
                         for i in d["examples"][:1]]
    return {"cases": len(cases), "passed": report.passed, "failed": report.failed,
            "differences": found}


def by_kind(outcomes: list[CaseOutcome], cases: dict[str, dict[str, Any]]
            ) -> dict[str, dict[str, int]]:
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for o in outcomes:
        status = "failed" if o.status in FAILING or o.status == "xpassed" else o.status
        counts[cases[o.id]["kind"]][status] += 1
    return {k: {s: c[s] for s in ("passed", "failed", "skipped", "unsupported")}
            for k, c in sorted(counts.items())}


def measure(engine: Engine, cases: list[dict[str, Any]], version: str) -> dict[str, Any]:
    """One engine against the whole corpus, its failures sorted into known differences."""
    report, by_id, found = run_sorted(engine, cases, version)
    skipped = Counter(o.detail for o in report.outcomes if o.status == "skipped")
    return {"key": engine.key, "engine": str(report.engine.get("engine", engine.key)),
            "about": engine.about, "variants": report.engine.get("variants", []),
            "kinds": report.engine.get("kinds", []),
            "lacks": lacks_text(report.engine.get("lacks")),
            "total": {"passed": report.passed, "failed": report.failed,
                      "skipped": report.counts["skipped"],
                      "unsupported": report.counts["unsupported"]},
            "by_kind": by_kind(report.outcomes, by_id),
            "skipped": dict(skipped.most_common()),
            "differences": found}


def lacks_text(lacks: Any) -> Text:
    """What the engine's hello says it lacks, in its own (English) words."""
    if not isinstance(lacks, dict):
        return {}
    kinds = lacks.get("kinds")
    parts = [f"{k}: {why}" for k, why in kinds.items()] if isinstance(kinds, dict) else []
    parts += [f"{k}: {lacks[k]}" for k in ("variants", "options") if lacks.get(k)]
    text = "; ".join(parts)
    return {"en": text, "de": text} if text else {}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--probe", type=int, default=1500, metavar="N",
                    help="also ask the Schieber engines N positions from games, N random "
                         "positions and N random tricks beyond the corpus (0: none)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the probe positions")
    ap.add_argument("--engines", nargs="+", choices=[e.key for e in ENGINES],
                    help="measure only these (default: every one installed)")
    args = ap.parse_args(argv)
    corpus = store.default_dir()
    version = str(store.read_manifest(corpus)["corpus_version"])
    cases = store.read_cases(corpus)
    probes = probe_cases(args.probe, args.seed) if args.probe else []
    engines = []
    for engine in ENGINES:
        if args.engines and engine.key not in args.engines:
            continue
        if not engine.present():
            print(f"{engine.key}: not installed ({engine.install or 'see its entry'}); "
                  "left out", file=sys.stderr)
            continue
        measured = measure(engine, cases, version)
        if engine.probe and probes:
            measured["probe"] = probe(engine, probes, version)
        t = measured["total"]
        print(f"{measured['engine']}: {t['passed']} passed, {t['failed']} failed, "
              f"{t['skipped']} skipped, {t['unsupported']} not played", file=sys.stderr)
        engines.append(measured)
    data = {"corpus_version": version, "cases": len(cases),
            "probe": {"per_source": args.probe, "seed": args.seed},
            "measured": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
            "engines": engines}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    loose = [d for e in engines for d in [*e["differences"], *e.get("probe", {}).get(
        "differences", [])] if d["title"] is None]
    for d in loose:
        print(f"unexplained: {d['text']['en']}", file=sys.stderr)
    return 1 if loose else 0


if __name__ == "__main__":
    sys.exit(main())
