#!/usr/bin/env python3
"""Engine speed: random legal hands per second, several engines measured in one run.

    python bench/bench_engine.py [--hands N] [--rounds R] [--seed S] [--variant NAME]
                                 [--option NAME=VALUE ...] [--no-jasskit] [--json]
                                 [--sim-games G] [--no-simulate]

A hand is a whole hand: deal, trump choice (random among the legal trump actions,
push included), every card, scoring, and the check whether the game ends; a game that
ends is replaced by a new one. Every player takes a uniformly random legal action.

Engines, timed in the same rounds (interleaved, so a busy machine slows all of them):

* ``playout``: `jassdsl.engine.playout.play_random`, the interpreter's fast loop, with the rule
  file's invariants not checked (``Game(..., check_invariants=False)``): the main figure,
  the cost of interpreting the rules;
* ``playout+checks``: the same, with the invariants checked after every hand (the
  default of `Game`);
* ``apply``: the same games through the public API, ``game.apply(choose(...,
  game.legal_actions()))``, invariants not checked; all three use the same seeds and
  policy, so they must play the very same hands, and the script checks that they did
  (a checksum of every hand's points and totals);
* ``reference``: the naive engine ``tests/reference.py`` playing Schieber hands (only
  with ``--variant schieber``: it knows no other scoring);
* ``jass-kit``: HSLU's engine via ``bench/jasskit_speed.py`` in ``.oracle-venv``
  (Schieber only, when the venv exists; it times its own 5 rounds).

And the command users run: ``jassdsl simulate VARIANT --games G --bots random`` (the
`simulate` function in this process, which plays random bots through ``play_random``),
with ``--jobs 1``, ``--jobs 2`` and one jass-kit round of as many hands taking turns in
each round; the ratio to jass-kit and the ratio of ``--jobs 2`` to ``--jobs 1`` (the median
of the per-round ratios), beside what two processes gained over one at that moment (two
spinning loops: the ceiling for ``--jobs 2`` on a busy machine). The two reports of a
round must be equal apart from timing.

Also printed: the compile time of every rule file (median of 10; the Lark grammar is
built once beforehand and timed on its own). This is a benchmark, not a test: it asserts
only that the engines agree, never a speed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import multiprocessing
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jassdsl.compile.compiler import CompiledRules, compile_rules  # noqa: E402
from jassdsl.compile.play import beat_rows  # noqa: E402
from jassdsl.core.mechanism import installed  # noqa: E402
from jassdsl.core.tables import chunk_points  # noqa: E402
from jassdsl.engine import Game  # noqa: E402
from jassdsl.engine.playout import choose, play_random  # noqa: E402
from jassdsl.language import syntax  # noqa: E402
from jassdsl.language.check import load_model  # noqa: E402
from jassdsl.registry import load_rules, rules_dir  # noqa: E402
from jassdsl.research.simulate import SimReport, simulate  # noqa: E402

Checksum = tuple[int, int]  # (hands played, a sum over hands of points and totals)


def game_seed(seed: int, rnd: int, game: int) -> int:
    return seed * 1_000_000 + rnd * 10_000 + game


def checksum(game: Game) -> int:
    """A number that differs when any hand's points or totals (so its score) differ."""
    return sum((x + 1) * (p + 1000 * sum(t[x] for t in h.totals.values()))
               for h in game.results for x, p in enumerate(h.points))


def run_playout(rules: CompiledRules, hands: int, seed: int, rnd: int,
                checks: bool = False) -> Checksum:
    rng = random.Random(seed * 7 + rnd)
    done = check = games = 0
    while done < hands:
        game = Game(rules, seed=game_seed(seed, rnd, games), record=False,
                    check_invariants=checks)
        done += play_random(game, rng, hands - done)
        check += checksum(game)
        games += 1
    return done, check


def run_apply(rules: CompiledRules, hands: int, seed: int, rnd: int) -> Checksum:
    bits = random.Random(seed * 7 + rnd).getrandbits
    done = check = games = 0
    while done < hands:
        game = Game(rules, seed=game_seed(seed, rnd, games), record=False,
                    check_invariants=False)
        left = hands - done
        while not game.is_over and len(game.results) < left:
            game.apply(choose(bits, game.legal_actions()))
        done += len(game.results)
        check += checksum(game)
        games += 1
    return done, check


def load_reference() -> ModuleType:
    """tests/reference.py, imported by path (it is not part of the package)."""
    spec = importlib.util.spec_from_file_location("jass_reference", ROOT / "tests" / "reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_reference(ref: ModuleType, hands: int, seed: int, rnd: int) -> Checksum:
    """Schieber hands in the naive engine: deal, random trump or push, play, team points."""
    rng = random.Random(seed * 7 + rnd)
    modes = [*ref.SUITS, "obenabe", "undenufe"]

    def pick(player: int, legal: list[str], state: dict[str, Any]) -> str:
        return legal[rng.randrange(len(legal))]

    check = 0
    dealer = 0
    for _ in range(hands):
        deck = ref.deck()
        rng.shuffle(deck)
        cards = [deck[9 * i : 9 * i + 9] for i in range(4)]
        choice = rng.randrange(len(modes) + 1)  # the last option is the push
        mode = modes[choice] if choice < len(modes) else modes[rng.randrange(len(modes))]
        result = ref.play_hand(cards, (dealer + 1) % 4, mode, "strict", pick)
        points = result["points"]
        check += (points[0] + points[2]) + 2 * (points[1] + points[3])
        dealer = (dealer + 1) % 4
    return hands, check


def time_rounds(
    engines: dict[str, Callable[[int], Checksum]], rounds: int
) -> tuple[dict[str, list[float]], dict[str, list[Checksum]]]:
    """hands/s per engine and round; engines take turns within each round."""
    speed: dict[str, list[float]] = {name: [] for name in engines}
    sums: dict[str, list[Checksum]] = {name: [] for name in engines}
    for r in range(rounds):
        for name, run in engines.items():
            t0 = time.perf_counter()
            result = run(r)
            elapsed = time.perf_counter() - t0
            speed[name].append(result[0] / elapsed)
            sums[name].append(result)
    return speed, sums


def run_jasskit(hands: int, seed: int, rounds: int = 5) -> dict[str, Any] | None:
    python = ROOT / ".oracle-venv" / "bin" / "python"
    if not python.exists():
        return None
    out = subprocess.run(
        [str(python), str(ROOT / "bench" / "jasskit_speed.py"), "--hands", str(hands),
         "--seed", str(seed), "--rounds", str(rounds)], capture_output=True, text=True,
        check=True, cwd=ROOT,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def without_timing(report: SimReport) -> dict[str, Any]:
    data = report.to_json()
    return {k: v for k, v in data.items()
            if k not in ("seconds", "hands_per_sec", "games_per_sec")}


def spin(n: int) -> int:
    x = 0
    for i in range(n):
        x += i
    return x


def parallel_control(n: int = 2_000_000) -> float:
    """What two processes gain over one at this moment: two spinning loops run one after
    the other, then at once in two processes. 2.0 on two idle cores; on a busy machine the
    ceiling for any `--jobs 2`."""
    t0 = time.perf_counter()
    spin(n)
    spin(n)
    serial = time.perf_counter() - t0
    ctx = multiprocessing.get_context()
    procs = [ctx.Process(target=spin, args=(n,)) for _ in range(2)]
    t0 = time.perf_counter()
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    return serial / (time.perf_counter() - t0)


def simulate_speed(variant: str, options: dict[str, int | str], games: int, seed: int,
                   rounds: int, jasskit: bool) -> dict[str, Any]:
    """`jassdsl simulate VARIANT --games G --bots random` with --jobs 1 and 2, and (if
    asked and installed) one jass-kit round of as many hands, taking turns in each round."""
    one: list[float] = []
    two: list[float] = []
    kit: list[float] = []
    control: list[float] = []
    for r in range(rounds):
        control.append(parallel_control())
        a = simulate(variant, games, seed + r, "random", options, jobs=1)
        b = simulate(variant, games, seed + r, "random", options, jobs=2)
        if without_timing(a) != without_timing(b):
            raise SystemExit(f"simulate with --jobs 2 gave another report (seed {seed + r})")
        one.append(a.hands_per_sec)
        two.append(b.hands_per_sec)
        k = run_jasskit(a.hands, seed + r, rounds=1) if jasskit else None
        if k is not None:
            kit.append(k["median_hands_per_sec"])
    out: dict[str, Any] = {
        "games": games,
        "hands_per_round": a.hands,
        "jobs1_hands_per_sec": round(statistics.median(one), 1),
        "jobs2_hands_per_sec": round(statistics.median(two), 1),
        "per_round_jobs1": [round(x, 1) for x in one],
        "per_round_jobs2": [round(x, 1) for x in two],
        "jobs2_over_jobs1": round(statistics.median(y / x for x, y in zip(one, two,
                                                                          strict=True)), 2),
        "two_processes_over_one": round(statistics.median(control), 2),
    }
    if kit:
        out["per_round_jasskit"] = kit
        out["over_jasskit"] = round(statistics.median(x / y for x, y in zip(one, kit,
                                                                            strict=True)), 1)
    return out


def median_ms(fn: Callable[[], object], times: int) -> float:
    samples = []
    for _ in range(times):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


def compile_times() -> dict[str, Any]:
    """Grammar build (once per process) and per-file parse+check+compile, in ms."""
    grammar = median_ms(partial(syntax.Language, installed()), 1)  # the base and fragments
    files: dict[str, float] = {}
    tables: dict[str, float] = {}
    for path in sorted(rules_dir().glob("*.jass")):
        text = path.read_text(encoding="utf-8")
        files[path.stem] = median_ms(partial(compile_text, text, str(path)), 10)
        rules = compile_text(text, str(path))
        tables[path.stem] = median_ms(partial(first_use_tables, rules), 1)
    return {"grammar_ms": grammar, "compile_ms": files, "first_use_tables_ms": tables}


def compile_text(text: str, path: str) -> CompiledRules:
    """Parse, check and compile one rule file (the registry's cache bypassed)."""
    return compile_rules(load_model(text, path))


def first_use_tables(rules: CompiledRules) -> None:
    """The tables the engine builds lazily on first use (beat rows, point chunks)."""
    for table in rules.modes.values():
        beat_rows(table)
        chunk_points(table)


def summary(speed: dict[str, list[float]], jasskit: dict[str, Any] | None) -> dict[str, Any]:
    med = {name: statistics.median(v) for name, v in speed.items()}
    if jasskit is not None:
        med["jass-kit"] = jasskit["median_hands_per_sec"]
    base = med["playout"]
    return {
        "median_hands_per_sec": {k: round(v, 1) for k, v in med.items()},
        "per_round_hands_per_sec": {k: [round(x, 1) for x in v] for k, v in speed.items()},
        "playout_speedup": {k: round(base / v, 2) for k, v in med.items() if k != "playout"},
    }


def machine() -> dict[str, Any]:
    cpu = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        cpu = next((line.split(":", 1)[1].strip() for line in cpuinfo.read_text().splitlines()
                    if line.startswith("model name")), "")
    load = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
    return {"python": platform.python_version(), "cpu": cpu, "cpus": os.cpu_count(),
            "load_1min_at_start": load}


def report(data: dict[str, Any]) -> str:
    m, s = data["machine"], data["speed"]
    lines = [
        f"engine benchmark: {data['variant']}"
        + "".join(f" {k}={v}" for k, v in data["options"].items())
        + f", {data['hands']} hands x {data['rounds']} rounds,"
        f" seed {data['seed']}",
        f"python {m['python']} on {m['cpu']} ({m['cpus']} cpus, load {m['load_1min_at_start']})",
        "",
        f"{'engine':15s} {'median hands/s':>15s} {'playout is x':>13s}   per round",
    ]
    for name, value in s["median_hands_per_sec"].items():
        ratio = s["playout_speedup"].get(name)
        rounds = s["per_round_hands_per_sec"].get(name, [])
        lines.append(f"{name:15s} {value:15,.0f} {'' if ratio is None else ratio:>13}   "
                     + " ".join(f"{x:,.0f}" for x in rounds))
    sim = data.get("simulate")
    if sim is not None:
        lines += ["", f"jassdsl simulate --bots random --games {sim['games']} "
                      f"({sim['hands_per_round']} hands a round):",
                  f"  --jobs 1 {sim['jobs1_hands_per_sec']:,.0f} hands/s, --jobs 2 "
                  f"{sim['jobs2_hands_per_sec']:,.0f} hands/s; jobs 2 / jobs 1 = "
                  f"{sim['jobs2_over_jobs1']} (median of rounds)",
                  f"  the machine's ceiling now: two spinning processes / one = "
                  f"{sim['two_processes_over_one']} (2.0 on two idle cores)"]
        if "over_jasskit" in sim:
            lines.append(f"  simulate (--jobs 1) / jass-kit = {sim['over_jasskit']} (median of "
                         "rounds; each round plays jass-kit right after simulate, as many "
                         "hands)")
    c = data["compile"]
    lines += ["", f"grammar build (once per process): {c['grammar_ms']:.1f} ms",
              "compile ms (median of 10) and lazily built tables ms (first use):"]
    for name, ms in c["compile_ms"].items():
        lines.append(f"  {name:24s} {ms:6.2f}   tables {c['first_use_tables_ms'][name]:5.2f}")
    return "\n".join(lines)


def parse_options(pairs: list[str]) -> dict[str, int | str] | None:
    """NAME=VALUE pairs (numbers become int), or None if one has no '='."""
    if any("=" not in p for p in pairs):
        return None
    split = (p.split("=", 1) for p in pairs)
    return {k: int(v) if v.lstrip("-").isdigit() else v for k, v in split}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per round (default 2000)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    ap.add_argument("--variant", default="schieber", help="rule file name or path")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a rule file option, e.g. weis-table=none (repeatable)")
    ap.add_argument("--no-jasskit", action="store_true", help="skip the jass-kit comparison")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--sim-games", type=int, default=200,
                    help="games per round of `jassdsl simulate` (default 200)")
    ap.add_argument("--no-simulate", action="store_true",
                    help="skip the `jassdsl simulate` figures")
    args = ap.parse_args(argv)
    if args.hands < 1 or args.rounds < 1 or args.sim_games < 1:
        ap.error("--hands, --rounds and --sim-games must be >= 1")

    host = machine()
    options = parse_options(args.option)
    if options is None:
        ap.error("--option takes NAME=VALUE")
    rules = load_rules(args.variant, options)
    first_use_tables(rules)  # built once per process, not per hand: keep them out of round 1
    n, seed = args.hands, args.seed
    engines: dict[str, Callable[[int], Checksum]] = {
        "playout": lambda r: run_playout(rules, n, seed, r),
        "playout+checks": lambda r: run_playout(rules, n, seed, r, checks=True),
        "apply": lambda r: run_apply(rules, n, seed, r),
    }
    schieber = Path(args.variant).stem == "schieber"
    if schieber:
        ref = load_reference()
        engines["reference"] = lambda r: run_reference(ref, n, seed, r)
    speed, sums = time_rounds(engines, args.rounds)
    for name in ("playout+checks", "apply"):
        if sums[name] != sums["playout"]:
            raise SystemExit(f"playout and {name} played different hands: "
                             f"{sums['playout']} != {sums[name]}")
    jasskit = run_jasskit(n, seed) if schieber and not args.no_jasskit else None
    sim = None if args.no_simulate else simulate_speed(
        args.variant, options, args.sim_games, seed, args.rounds,
        jasskit=schieber and not args.no_jasskit)
    data = {
        "variant": args.variant, "options": options, "hands": n, "rounds": args.rounds, "seed": seed,
        "machine": host, "speed": summary(speed, jasskit), "jasskit": jasskit,
        "simulate": sim, "compile": compile_times(),
    }
    print(json.dumps(data) if args.json else report(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
