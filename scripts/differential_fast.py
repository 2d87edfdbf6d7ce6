#!/usr/bin/env python3
"""The compiled path against the engine, for longer than the suite: every shipped file
and option set it covers, the language fixtures and mutants of the shipped files it
covers, many seeds each (`tests/fast_twins.compare`: every hand's cards, points, clause
and totals, each game's summary, the policy's draws).

    python scripts/differential_fast.py                  # 20 seeds, 200 mutants
    python scripts/differential_fast.py --seeds 100 --mutants 1000 --hands 6

Prints the counts compared and exits 1 at the first difference (naming the case)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from conftest import variant_cases
from fast_twins import Seen, compare
from twin_games import fixture_names, fixture_rules, fuzzed

from jassdsl.fast.games import reasons
from jassdsl.registry import load_rules


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20, help="seeds per case (default 20)")
    ap.add_argument("--mutants", type=int, default=200, help="mutants looked at")
    ap.add_argument("--hands", type=int, default=4, help="hands per fixture and mutant game")
    ap.add_argument("--fuzz-seed", type=int, default=101)
    args = ap.parse_args(argv)
    seeds = list(range(1000, 1000 + args.seeds))
    total, cases, start = Seen(), 0, time.perf_counter()

    def add(label: str, seen: Seen) -> None:
        nonlocal cases
        cases += 1
        total.games += seen.games
        total.hands += seen.hands
        total.whole += seen.whole
        total.broken += seen.broken

    try:
        for case in variant_cases():
            rules = load_rules(case.name, case.options)
            if not reasons(rules):
                add(case.id, compare(rules, seeds))
        for name in fixture_names():
            rules = fixture_rules(name)
            if not reasons(rules):
                add(name, compare(rules, seeds, args.hands))
        found = fuzzed(args.fuzz_seed)
        for _ in range(args.mutants):
            label, rules = next(found)
            if not reasons(rules):
                add(label, compare(rules, seeds[:5], args.hands))
    except AssertionError as e:
        print(f"DIFFERENT: {e}")
        return 1
    print(f"{cases} cases, {total.games} games ({total.whole} to their end), {total.hands} "
          f"hands identical; {total.broken} games stopped at the same broken invariant on "
          f"both; {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
