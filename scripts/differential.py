"""The differential test for longer: the fast loop against `Game.apply`, game by game.

    python scripts/differential.py [--games N] [--seconds S] [--hands H] [--seed K]
                                   [--keep DIR]

Plays N seeded whole games of every shipped file with every option set, of every
language fixture that compiles and of every vendored hostile rule file, each through
`play_random` (the fast loop of `simulate --bots random`) and through `Game.apply` with
the same random policy, and demands the same hands, outcome, state and draws
(tests/twin_games.py). Then, until S seconds have passed, mutants of the shipped files
that `check` accepts (tests/fuzzing.py), N games of at most H hands each. A failing
game is written to DIR (its file, seed and traceback); the exit code is 1 when there
was one.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from conftest import variant_cases
from twin_games import compare, fixture_names, fixture_rules, fuzzed, hostile_paths

from jassdsl.compile.compiler import CompiledRules
from jassdsl.engine.playout import uncovered
from jassdsl.registry import load_rules


def known_files() -> Iterator[tuple[str, str, CompiledRules]]:
    """(kind, label, rules) of every shipped, fixture and hostile file."""
    for case in variant_cases():
        yield "shipped", case.id, load_rules(case.name, case.options)
    for name in fixture_names():
        yield "fixture", name, fixture_rules(name)
    for path in hostile_paths():
        yield "hostile", path.name, load_rules(path)


class Tally:
    """Counts per kind of file: files, games passed and failed, hands compared, games
    both paths stopped at the same error, games not compared (no end)."""

    def __init__(self, keep: Path) -> None:
        self.keep = keep
        self.counts: dict[str, Counter[str]] = {}
        self.errors: Counter[str] = Counter()  # the errors games stopped at alike, by type

    def play(self, kind: str, label: str, rules: CompiledRules, seeds: range,
             hands: int | None) -> None:
        c = self.counts.setdefault(kind, Counter())
        c["files"] += 1
        c["fast-loop files"] += not uncovered(rules)
        for seed in seeds:
            try:
                seen = compare(rules, seed, hands)
            except Exception:
                c["failed"] += 1
                self.failure(kind, label, seed, traceback.format_exc())
                continue
            c["passed"] += 1
            c["hands"] += seen.hands
            if seen.error and not seen.error.startswith("no end"):
                c["stopped alike"] += 1
                self.errors[seen.error.split(":")[0]] += 1
            c["not compared (no end)"] += seen.error.startswith("no end")

    def failure(self, kind: str, label: str, seed: int, trace: str) -> None:
        self.keep.mkdir(parents=True, exist_ok=True)
        number = sum(c["failed"] for c in self.counts.values())
        (self.keep / f"failure{number}.txt").write_text(
            f"{kind} {label}\nseed {seed}\n\n{trace}", encoding="utf-8")
        print(f"FAILED {kind} {label} seed {seed}: {trace.splitlines()[-1]}", flush=True)

    def lines(self) -> list[str]:
        out = []
        for kind, c in self.counts.items():
            out.append(f"{kind}: {c['files']} files, {c['passed'] + c['failed']} games: "
                       f"{c['passed']} passed, {c['failed']} failed; {c['hands']} hands "
                       f"compared; {c['fast-loop files']} files on the fast loop, "
                       f"{c['stopped alike']} stopped at the same error on both paths, "
                       f"{c['not compared (no end)']} not compared (no end)")
        total = Counter[str]()
        for c in self.counts.values():
            total.update(c)
        out.append(f"total: {total['files']} files, {total['passed']} passed, "
                   f"{total['failed']} failed, {total['hands']} hands compared")
        if self.errors:
            out.append("errors both paths stopped at: " + ", ".join(
                f"{kind} {n}" for kind, n in self.errors.most_common()))
        return out

    @property
    def failed(self) -> int:
        return sum(c["failed"] for c in self.counts.values())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3, help="seeded games per file")
    ap.add_argument("--seconds", type=float, default=300.0, help="time for the whole run")
    ap.add_argument("--hands", type=int, default=12, help="hands per game of a mutant")
    ap.add_argument("--seed", type=int, default=1, help="the mutants' seed; games' seeds follow")
    ap.add_argument("--keep", default="build/differential-failures")
    args = ap.parse_args()
    start = time.monotonic()
    tally = Tally(Path(args.keep))

    def over() -> bool:
        return time.monotonic() - start > args.seconds

    seeds = range(args.seed, args.seed + args.games)
    for kind, label, rules in known_files():
        if over():
            print("time is up before every known file was played", flush=True)
            break
        tally.play(kind, label, rules, seeds, None)
    for label, rules in fuzzed(args.seed):
        if over():
            break
        tally.play("fuzzed", label, rules, seeds, args.hands)
    print(f"{time.monotonic() - start:.0f} s")
    print("\n".join(tally.lines()))
    return 1 if tally.failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
