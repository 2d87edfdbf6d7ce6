"""Fuzz the rules language for longer than the test suite does.

    python scripts/fuzz_rules.py [--cases N] [--seconds S] [--seed K] [--hands H]
                                 [--explore E] [--keep DIR]

Mutates the shipped rule files (tests/fuzzing.py: lines deleted or repeated, numbers and
words swapped, operators, deep nests, odd characters inserted, the file cut short, a
statement of another file grafted in or put in place of its own, a phrase of the newest
constructs ending a line) and
demands of every mutant what `check` promises: errors with a line and a column, or a file
that plays on every path (tests/fuzzing.py `every_path`: `Game` with random and heuristic
bots under every option set, the fast playout of `simulate`, the worked example, the
rulebook pages, the corpus derivation), H hands a game; the file's own failing invariant
is the one clean stop. Each accepted mutant is then explored as `jassdsl check` plays it
(jassdsl/cli/explore.py, E hands per option set and way; --explore 0: not): what the
exploration finds in the mutant is counted, an exception escaping it is a failure. A
failure is written to DIR with the mutations that made it; the exit code is 1 when there
was one.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzzing import check_mutant, mutant, random_mutations

from jassdsl.cli.explore import explore
from jassdsl.core.errors import RuleFileErrors
from jassdsl.language.check import load_model
from jassdsl.registry import rules_dir


def accepted_by_check(text: str) -> int:
    try:
        load_model(text, "mutant.jass")
    except RuleFileErrors:
        return 0
    return 1


def explored(text: str, hands: int) -> int:
    """How many diagnostics `jassdsl check`'s exploration gives an accepted mutant."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutant.jass"
        path.write_text(text, encoding="utf-8")
        return len(explore(path, hands).errors)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--seconds", type=float, default=600.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hands", type=int, default=2)
    ap.add_argument("--explore", type=int, default=10)
    ap.add_argument("--keep", default="build/fuzz-failures")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sources = {p.name: p.read_text(encoding="utf-8") for p in sorted(rules_dir().glob("*.jass"))}
    counts = {"errors": 0, "played": 0, "invariant": 0, "failed": 0, "failed after check": 0,
              "explored": 0, "explore found": 0}
    start = time.monotonic()
    for case in range(args.cases):
        if time.monotonic() - start > args.seconds:
            break
        name = rng.choice(sorted(sources))
        mutations = random_mutations(rng)
        text = mutant(sources[name], mutations)
        try:
            got = check_mutant(text, seed=case, hands=args.hands)
            counts[got] += 1
            if got != "errors" and args.explore:
                counts["explore found"] += explored(text, args.explore) > 0
                counts["explored"] += 1
        except Exception:
            counts["failed"] += 1
            counts["failed after check"] += accepted_by_check(text)
            keep = Path(args.keep)
            keep.mkdir(parents=True, exist_ok=True)
            (keep / f"case{case}.jass").write_text(text, encoding="utf-8")
            (keep / f"case{case}.txt").write_text(
                f"{name} {mutations}\n\n{traceback.format_exc()}", encoding="utf-8")
            print(f"case {case} ({name}): {traceback.format_exc().splitlines()[-1]}")
    total = counts["errors"] + counts["played"] + counts["invariant"] + counts["failed"]
    played = counts["played"] + counts["invariant"]
    print(f"{total} mutants in {time.monotonic() - start:.0f} s: {counts['errors']} rejected "
          f"by check; {played + counts['failed after check']} accepted, {played} of them "
          f"played through every path and at the table ({counts['invariant']} until the "
          f"file's own invariant "
          f"stopped them); {counts['explored']} explored as check plays them, "
          f"{counts['explore found']} with a diagnostic; {counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
