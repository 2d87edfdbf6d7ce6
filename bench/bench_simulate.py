#!/usr/bin/env python3
"""The user's path against jass-kit: `jassdsl simulate` hands/s, taking turns in one run.

    python bench/bench_simulate.py [--games G] [--rounds R] [--seed S] [--variant NAME]
                                   [--bots random,heuristic] [--jobs 1,2] [--against DIR ...]
                                   [--no-jasskit] [--json]

Each round runs, one right after the other: ``jassdsl simulate VARIANT --games G --bots B``
for every kind of bot B (each in a fresh process, as a user runs it; the figure is the
report's own ``hands_per_sec``, the play without start-up), the same for every other
checkout given with ``--against`` (an older commit's tree: ``git worktree add /tmp/old
COMMIT``; it runs with this venv's packages), and one jass-kit 2.0.5 round of as many hands
as the first random run played (``jasskit_speed.py --rounds 1``, in ``.oracle-venv``: see
``scripts/oracle-env.sh``). So all of them share the machine's load of that moment.
Printed: per engine the median hands/s over the rounds and the median of the per-round
ratios to jass-kit and to this tree's random run, with the 1-minute load average before
and after every round (other processes share the cores: prefer the ratios).

This is a benchmark, not a test: it asserts only that the runs of one checkout and bot
kind gave the same report every round (a seeded run is deterministic), never a speed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TIMING = ("seconds", "hands_per_sec", "games_per_sec")


def run_simulate(tree: Path, variant: str, games: int, seed: int, bots: str,
                 jobs: int = 1) -> dict[str, Any]:
    """One `jassdsl simulate ... --json` in a fresh process, importing jassdsl from `tree`."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    out = subprocess.run(
        [sys.executable, "-m", "jassdsl", "simulate", variant, "--games", str(games),
         "--seed", str(seed), "--bots", bots, "--jobs", str(jobs), "--json", "--no-progress"],
        capture_output=True, text=True, check=True, cwd=tree, env=env)
    data: dict[str, Any] = json.loads(out.stdout)
    return data


def run_jasskit(hands: int, seed: int) -> float | None:
    python = ROOT / ".oracle-venv" / "bin" / "python"
    if not python.exists():
        return None
    out = subprocess.run(
        [str(python), str(ROOT / "bench" / "jasskit_speed.py"), "--hands", str(hands),
         "--seed", str(seed), "--rounds", "1"], capture_output=True, text=True, check=True,
        cwd=ROOT)
    speed: float = json.loads(out.stdout.strip().splitlines()[-1])["median_hands_per_sec"]
    return speed


def load() -> float:
    return round(os.getloadavg()[0], 2)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    ap.add_argument("--seed", type=int, default=1, help="seed of every run (default 1)")
    ap.add_argument("--variant", default="schieber", help="rule file name or path")
    ap.add_argument("--bots", default="random,heuristic",
                    help="kinds of bot, comma-separated (default random,heuristic)")
    ap.add_argument("--against", action="append", default=[], metavar="DIR",
                    help="another checkout to time in the same rounds (repeatable)")
    ap.add_argument("--jobs", default="1",
                    help="worker counts, comma-separated (default 1; '1,2' also times "
                         "--jobs 2, as the run 'B jobs2')")
    ap.add_argument("--no-jasskit", action="store_true", help="skip jass-kit")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be >= 1")
    bots = [b for b in args.bots.split(",") if b]
    jobs = [int(j) for j in args.jobs.split(",") if j]
    trees = {"this": ROOT, **{Path(d).name: Path(d).resolve() for d in args.against}}
    speed: dict[str, list[float]] = {}
    reports: dict[str, dict[str, Any]] = {}
    kit: list[float] = []
    loads: list[tuple[float, float]] = []
    for r in range(args.rounds):
        before = load()
        hands = 0
        for name, tree in trees.items():
            for b in bots:
                for j in jobs:
                    key = f"{name} {b}" + (f" jobs{j}" if j != 1 else "")
                    data = run_simulate(tree, args.variant, args.games, args.seed, b, j)
                    if b == "random" and not hands:
                        hands = data["hands"]
                    seen = {k: v for k, v in data.items() if k not in TIMING}
                    if reports.setdefault(f"{name} {b}", seen) != seen:  # any N: one report
                        raise SystemExit(f"{key}: another report in round {r + 1}")
                    speed.setdefault(key, []).append(data["hands_per_sec"])
        if not args.no_jasskit and hands:
            k = run_jasskit(hands, args.seed + r)
            if k is not None:
                kit.append(k)
        loads.append((before, load()))
    base = "this random" if "this random" in speed else next(iter(speed))
    out: dict[str, Any] = {
        "variant": args.variant, "games": args.games, "rounds": args.rounds,
        "seed": args.seed, "cpus": os.cpu_count(), "load_1min_before_after": loads,
        "median_hands_per_sec": {k: round(statistics.median(v), 1) for k, v in speed.items()},
        "per_round_hands_per_sec": {k: [round(x, 1) for x in v] for k, v in speed.items()},
        f"over_{base.replace(' ', '_')}": {
            k: round(statistics.median(x / y for x, y in zip(v, speed[base], strict=True)), 3)
            for k, v in speed.items()},
        "same_reports_as_this": {
            k.split(" ", 1)[1] + " " + k.split(" ", 1)[0]: reports[k] == reports[
                "this " + k.split(" ", 1)[1]] for k in reports if not k.startswith("this ")},
    }
    if kit:
        out["jasskit_hands_per_sec"] = [round(x, 1) for x in kit]
        out["over_jasskit"] = {
            k: round(statistics.median(x / y for x, y in zip(v, kit, strict=True)), 2)
            for k, v in speed.items()}
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"jassdsl simulate {args.variant} --games {args.games} --seed {args.seed}, "
          f"{args.rounds} rounds; load before/after each round: {loads}")
    ratio_key = f"over_{base.replace(' ', '_')}"
    print(f"{'run':28s} {'median hands/s':>15s} {'/ jass-kit':>11s} {'/ ' + base:>18s}")
    for k, v in out["median_hands_per_sec"].items():
        over_kit = out.get("over_jasskit", {}).get(k, "")
        print(f"{k:28s} {v:15,.0f} {over_kit:>11} {out[ratio_key][k]:>18}")
    if kit:
        print(f"{'jass-kit 2.0.5 random':28s} {statistics.median(kit):15,.0f}")
    for k, same in out["same_reports_as_this"].items():
        print(f"{k}: {'the same report' if same else 'ANOTHER REPORT'} as this tree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
