#!/usr/bin/env python3
"""The pure-Python playout against the engine, for longer than the suite: every shipped
file and option set it covers, the language fixtures and the accepted mutants it covers,
many seeds each (`tests/test_pyplay.compare`: each game's hands, clauses, winners, totals,
modes, Weis, Stöck, matches and card points, and an invariant broken on both or neither).

    python scripts/differential_pyplay.py                  # 100 seeds, 200 mutants
    python scripts/differential_pyplay.py --seeds 1000 --mutants 1000

Prints the counts compared and exits 1 at the first difference (naming the case)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from conftest import variant_cases
from test_pyplay import compare
from twin_games import fixture_names, fixture_rules, fuzzed

from jassdsl.compile.compiler import CompiledRules
from jassdsl.pyplay.cover import reasons
from jassdsl.registry import load_rules
from jassdsl.research.simulate import game_seeds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=100, help="games per shipped case (100)")
    ap.add_argument("--mutants", type=int, default=200, help="mutants looked at (200)")
    ap.add_argument("--small", type=int, default=10,
                    help="games per fixture and mutant (10)")
    ap.add_argument("--seed", type=int, default=7, help="the run's seed (game seeds)")
    ap.add_argument("--fuzz-seed", type=int, default=101)
    args = ap.parse_args(argv)
    many, few = game_seeds(args.seed, args.seeds), game_seeds(args.seed, args.small)
    cases = games = broken = 0
    start = time.perf_counter()

    def run(label: str, rules: CompiledRules, seeds: list[int]) -> None:
        nonlocal cases, games, broken
        if reasons(rules):
            return
        try:
            g, b = compare(rules, seeds)
        except AssertionError as e:
            raise SystemExit(f"{label}: the playout and the engine differ: {e}") from None
        cases, games, broken = cases + 1, games + g, broken + b

    for case in variant_cases():
        run(case.id, load_rules(case.name, case.options), many)
    shipped = cases
    for name in fixture_names():
        run(name, fixture_rules(name), few)
    found = fuzzed(args.fuzz_seed)
    for _ in range(args.mutants):
        label, rules = next(found)
        run(label, rules, few)
    print(f"{cases} cases ({shipped} shipped files and option sets), {games} games the "
          f"same on both, {broken} broken by an invariant on both, "
          f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
