#!/usr/bin/env python3
"""The compiled path and the batched environment against jass-kit's `GameSim`, in rounds.

    python bench/bench_fast.py                       # 3 rounds, the five files
    python bench/bench_fast.py --rounds 5 --games 2000 --jasskit-hands 2000 --json
    python bench/bench_fast.py --clock cpu --env-settle 4 --files schieber
    python bench/bench_fast.py --only env       # jass-kit and the env without observations

Each round plays, one after the other so that all share the load of that moment:

* jass-kit 2.0.5 at its fastest (`.oracle-venv`, a subprocess): its own `GameSim` with
  `RuleSchieber.get_valid_cards` and no `Arena`, the loop of `jasskit_speed.py --driver
  sim` that `bench_speed.py` runs too (see its docstring: forehand pushes with
  probability 1/2, every draw from Python's generator, the cheapest). No Weis and no
  Stöck. Timed inside the subprocess.
* jass-kit's own `Arena` with random agents (`jasskit_speed.py --driver arena`, as earlier
  benchmarks measured), beside it: its ratio to the `GameSim` round;
* the compiled path (`jassdsl.fast.games.Runner.play`) on each rule file: `--games`
  whole random games in lockstep (deal, trump, Weis, Stöck, cards, scoring, game end), as
  `simulate --bots random` plays them; a file it does not cover is listed with why;
* `jassdsl simulate FILE --bots random` itself (in-process, its report's hands/s);
* the batched environment (`jassdsl.research.vector.VectorEnv`): `--envs` games stepped
  at once, random actions drawn from its masks (`sample_random_actions`), whole hands (its hands/s): `vector`
  without observations, `vector+obs` with the acting seat's observation tensor after
  each step, `vector+all-obs` with every seat's. `--env-settle H` plays H hands per env
  untimed first, so that the games no longer deal and score in step, as a long run goes.
  The env scores with its compiled clauses (`compiled_scoring=True`, compiled once per
  file before the rounds).

`--clock cpu` times each side by its own process's CPU time (`time.process_time`), which
the other processes of a shared machine do not count; `wall` (default) by the wall clock.

Each figure is given as hands/s and as its ratio to the jass-kit round run just before
it; printed are the medians over the rounds (of the figures and of the ratios). This is a
benchmark, not a test: it asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ORACLE = ROOT / ".oracle-venv" / "bin" / "python"
FILES = ("schieber", "coiffeur", "differenzler", "molotow", "handjass")



CLOCK = {"wall": time.perf_counter, "cpu": time.process_time}


def jasskit_round(driver: str, hands: int, seed: int, oracle: str, clock: str) -> float:
    """One round of `jasskit_speed.py` (the one jass-kit driver both benches run)."""
    done = subprocess.run([oracle, str(ROOT / "bench" / "jasskit_speed.py"), "--driver",
                           driver, "--hands", str(hands), "--seed", str(seed), "--rounds",
                           "1", "--clock", clock], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    return float(json.loads(done.stdout.strip().splitlines()[-1])["median_hands_per_sec"])


def jasskit(hands: int, seed: int, oracle: str = str(ORACLE), clock: str = "wall") -> float:
    """jass-kit at its fastest: its `GameSim` loop (`jasskit_speed.py --driver sim`)."""
    return jasskit_round("sim", hands, seed, oracle, clock)


def arena(hands: int, seed: int, oracle: str = str(ORACLE), clock: str = "wall") -> float:
    """jass-kit's own `Arena` with random agents (`jasskit_speed.py --driver arena`)."""
    return jasskit_round("arena", hands, seed, oracle, clock)


def compiled(name: str, games: int, seed: int, clock: str = "wall") -> float:
    from jassdsl.fast.games import runner_for
    from jassdsl.registry import load_rules
    from jassdsl.research.simulate import POLICY_SEED, game_seeds

    runner = runner_for(load_rules(name))
    seeds = game_seeds(seed, games)
    policies = [POLICY_SEED.format(s) for s in seeds]
    start = CLOCK[clock]()
    done = runner.play(seeds, policies)
    return sum(x.hands for x in done) / (CLOCK[clock]() - start)


def simulated(name: str, games: int, seed: int, clock: str = "wall") -> float:
    from jassdsl.research.simulate import simulate

    begin = CLOCK[clock]()
    report = simulate(name, games, seed=seed, bots="random")
    return report.hands / (CLOCK[clock]() - begin) if clock == "cpu" else report.hands_per_sec


def vector(name: str, envs: int, hands: int, seed: int, observe: bool | str,
           settle: int = 0, clock: str = "wall") -> float:
    from jassdsl.research.vector import random_hands_per_second

    return random_hands_per_second(name, envs, hands, seed, observe, settle, CLOCK[clock],
                                   compiled_scoring=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=4000, help="games per file and round")
    ap.add_argument("--jasskit-hands", type=int, default=1500)
    ap.add_argument("--envs", type=int, default=4096, help="games of the batched env")
    ap.add_argument("--env-hands", type=int, default=65536,
                    help="hands the env plays per file and round (65536: about 0.3 s timed)")
    ap.add_argument("--env-settle", type=int, default=0,
                    help="hands per env played untimed first, so that the games no longer "
                         "deal and score in step (default 0: timed from the first deal)")
    ap.add_argument("--arena-hands", type=int, default=300,
                    help="hands of jass-kit's Arena per round (0: not measured)")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall clock, or each process's CPU time (on a shared machine)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--files", default=",".join(FILES))
    ap.add_argument("--oracle", default=str(ORACLE),
                    help="the interpreter with jass-kit (default .oracle-venv/bin/python; "
                         "bash scripts/oracle-env.sh makes it)")
    ap.add_argument("--only", choices=("all", "env"), default="all",
                    help="env: only jass-kit and the env without observations")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    from jassdsl.fast.games import reasons
    from jassdsl.registry import load_rules

    files = args.files.split(",")
    covered = [f for f in files if not reasons(load_rules(f))]
    skipped = {f: "; ".join(reasons(load_rules(f))) for f in files if f not in covered}
    for f in covered:  # tables and compiled code once, outside the timing
        compiled(f, 2, 0)
    has_env, no_env = True, {}
    for f in covered:
        try:
            vector(f, 4, 4, 0, True)
        except ImportError:
            has_env = False
        except ValueError as e:  # a file the batched env does not cover yet
            no_env[f] = str(e)
    figures: dict[str, list[float]] = {}
    ratios: dict[str, list[float]] = {}

    def note(key: str, value: float, base: float) -> None:
        figures.setdefault(key, []).append(value)
        ratios.setdefault(key, []).append(value / base)

    clock, settle = args.clock, args.env_settle * args.envs
    for k in range(args.rounds):
        seed = args.seed + k
        for f in covered:
            base = jasskit(args.jasskit_hands, seed, args.oracle, clock)
            figures.setdefault("jass-kit GameSim", []).append(base)
            if args.arena_hands:
                note("jass-kit Arena", arena(args.arena_hands, seed, args.oracle, clock), base)
            if args.only == "all":
                note(f"compiled {f}", compiled(f, args.games, seed, clock), base)
                note(f"simulate {f}", simulated(f, args.games, seed, clock), base)
            if has_env and f not in no_env:
                note(f"vector {f}", vector(f, args.envs, args.env_hands, seed, False, settle,
                                           clock), base)
            if has_env and f not in no_env and args.only == "all":
                note(f"vector+obs {f}", vector(f, args.envs, args.env_hands, seed,
                                               "current", settle, clock), base)
                note(f"vector+all-obs {f}", vector(f, args.envs, args.env_hands, seed, True,
                                                   settle, clock), base)
    out = {"rounds": args.rounds, "games": args.games, "jasskit_hands": args.jasskit_hands,
           "envs": args.envs, "env_hands": args.env_hands, "env_settle": args.env_settle,
           "clock": clock, "arena_hands": args.arena_hands, "only": args.only,
           "not_covered": skipped, "env_not_covered": no_env,
           "hands_per_sec": {k: round(statistics.median(v)) for k, v in figures.items()},
           "ratio_to_jasskit": {k: round(statistics.median(v), 1) for k, v in ratios.items()},
           "ratio_per_round": {k: [round(x, 1) for x in v] for k, v in ratios.items()},
           "load_1min": round(os.getloadavg()[0], 2)}
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"medians of {args.rounds} rounds (ratio: to the jass-kit GameSim round before it)")
    for key, value in out["hands_per_sec"].items():
        ratio = out["ratio_to_jasskit"].get(key)
        print(f"{key:28} {value:>9} hands/s" + (f"  {ratio:>6}x" if ratio else ""))
    for f, why in skipped.items():
        print(f"not covered: {f}: {why}")
    for why in no_env.values():
        print(f"batched env: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
