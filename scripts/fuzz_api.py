#!/usr/bin/env python3
"""Fuzz the Python API with action sequences, longer than CI does (tests/api_fuzz.py).

    python scripts/fuzz_api.py --examples 500 [--variants schieber handjass] [--seed S]

For every rule file in rules/ (with the option sets the tests play) Hypothesis draws
seeds and sequences of legal, illegal and malformed actions and undo calls, and checks
that illegal ones raise IllegalActionError and change nothing, that undo restores the
exact state and history, and that the recorded actions replay to the same state. Prints
one line per variant and the smallest failing sequence, if any. Exit code 1 on a failure.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from api_fuzz import SEEDS, STATS, STEPS, run_steps  # noqa: E402
from conftest import variant_cases  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import seed as fix_seed  # noqa: E402


def fuzz(name: str, options: dict[str, int | str], examples: int, seed: int | None) -> None:
    """Run one variant's examples; raises on the smallest failing sequence."""

    @settings(max_examples=examples, deadline=None, database=None, report_multiple_bugs=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(game_seed=SEEDS, steps=STEPS)
    def check(game_seed: int, steps: list[tuple[int, int]]) -> None:
        run_steps(name, options, game_seed, steps)

    (fix_seed(seed)(check) if seed is not None else check)()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--examples", type=int, default=200, help="sequences per variant")
    ap.add_argument("--variants", nargs="*", help="variant names (default: all in rules/)")
    ap.add_argument("--seed", type=int, help="Hypothesis seed, to repeat a run")
    args = ap.parse_args()
    failed = 0
    for case in variant_cases():
        if args.variants and case.name not in args.variants:
            continue
        label = case.name + "".join(f" {k}={v}" for k, v in sorted(case.options.items()))
        started = time.perf_counter()
        STATS.clear()
        try:
            fuzz(case.name, case.options, args.examples, args.seed)
        except Exception as err:  # report the variant and go on with the others
            failed += 1
            print(f"FAIL {label}: {type(err).__name__}: {err}", flush=True)
            continue
        seen = ", ".join(f"{n} {what}" for what, n in STATS.items())
        print(f"ok   {label}: {seen} in {time.perf_counter() - started:.1f} s", flush=True)
    print(f"{failed} variant(s) failed" if failed else "all variants passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
