"""Fuzz the rules language for longer than the test suite does.

    python scripts/fuzz_rules.py [--cases N] [--seconds S] [--seed K] [--keep DIR]

Mutates the shipped rule files (tests/fuzzing.py: lines deleted or repeated, numbers and
words swapped, operators, deep nests, odd characters inserted, the file cut short) and
demands of every mutant what `check` promises: errors with a line and a column, or a file
that compiles and plays a seeded hand. A failure is written to DIR with the mutations that
made it; the exit code is 1 when there was one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzzing import check_mutant, mutant, random_mutations

from jassdsl.registry import rules_dir


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--seconds", type=float, default=600.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", default="build/fuzz-failures")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sources = {p.name: p.read_text(encoding="utf-8") for p in sorted(rules_dir().glob("*.jass"))}
    counts = {"errors": 0, "played": 0, "failed": 0}
    start = time.monotonic()
    for case in range(args.cases):
        if time.monotonic() - start > args.seconds:
            break
        name = rng.choice(sorted(sources))
        mutations = random_mutations(rng)
        text = mutant(sources[name], mutations)
        try:
            counts[check_mutant(text, seed=case)] += 1
        except Exception:
            counts["failed"] += 1
            keep = Path(args.keep)
            keep.mkdir(parents=True, exist_ok=True)
            (keep / f"case{case}.jass").write_text(text, encoding="utf-8")
            (keep / f"case{case}.txt").write_text(
                f"{name} {mutations}\n\n{traceback.format_exc()}", encoding="utf-8")
            print(f"case {case} ({name}): {traceback.format_exc().splitlines()[-1]}")
    total = sum(counts.values())
    print(f"{total} mutants in {time.monotonic() - start:.0f} s: {counts['errors']} with "
          f"errors, {counts['played']} played, {counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
