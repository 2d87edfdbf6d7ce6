#!/usr/bin/env python3
"""Every speed figure of issue 33 in one run, each as a ratio to jass-kit's GameSim loop.

    python bench/bench_speed.py [--rounds 3] [--hands 600] [--games 60] [--steps 3000]
                                [--variant schieber] [--jasskit-python PATH] [--json]

Each round runs, one right after the other, so that all share the load of that moment:

* ``jass-kit sim``: jass-kit 2.0.5 at its fastest, a loop over its ``GameSim`` with
  ``RuleSchieber``'s valid cards and no Arena (``jasskit_speed.py --driver sim``), HANDS
  hands; its steps are its trump decisions and cards.
* ``jass-kit arena``: jass-kit's own ``Arena`` with random agents, as earlier benchmarks
  compared against (``jasskit_speed.py``, its move check on), HANDS hands.
* ``simulate``: ``jassdsl simulate VARIANT --games GAMES --bots random --json`` in a fresh
  process, as users run it (the compiled path where installed and covering the file);
  the figure is its report's hands/s. ``simulate ... --no-compiled``: the same on the
  pure-Python engine.
* ``pure-Python floor``: ``python_floor.py``, the least pure-Python work a random
  Schieber hand's card play needs (one hand-written function over suit masks and lookup
  tables: no trump choice, Weis, Stöck, game loop or rule file), 20 x HANDS hands: how
  fast a loop written for one variant can go, which a general engine pays to approach.
* ``Game.apply``: the engine's own step, ``game.apply(choose(bits, game.legal_actions()))``
  on games without history (``record=False``), STEPS steps; ``Game.apply (record=True)``
  the same on games with history, `Game`'s default (OpenSpiel's states play on such a
  game: a step that needs a draw is taken back).
* ``openspiel step``: OpenSpiel's random play of one-hand games (``horizon=hand``): at a
  decision ``legal_actions`` and ``apply_action``, at a chance node ``chance_outcomes`` and
  ``apply_action``; steps are the decisions (the engine's steps), timed with the chance
  steps between them (the engine's figure has its deals inside too).
* ``openspiel clone``, ``openspiel observation_tensor``, ``openspiel information_state_
  tensor``: each call alone on the states of such a game, at every decision, calls/s.
* ``openspiel all``: a decision with both tensors of the seat to act and a clone.
* ``pettingzoo step``: the loop of the PettingZoo docstring (``env()``, its wrappers on):
  ``last()`` (the seat's observation and action mask) and ``step`` of a random legal
  action, agent steps/s.

Printed: per figure the median over the rounds, the median of the per-round ratios to
jass-kit's GameSim loop in the same round (hands/s to hands/s, steps/s to its steps/s),
and for the research interfaces the median of the per-round ratios to ``Game.apply``
(issue 33 asks at least 0.2) and to ``Game.apply (record=True)``, each timed again right
before that figure (the load of a shared machine changes within a round). This is a benchmark, not a test: it asserts nothing about
speed, only that ``simulate`` gave the same report every round.

Other figures join through ``MEASURES``: a function of (arguments, round) returning
(rate, unit), ``unit`` "hands" or "steps".
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import python_floor  # noqa: E402  (bench/, beside this script)

from jassdsl.engine import Game  # noqa: E402
from jassdsl.engine.playout import choose  # noqa: E402
from jassdsl.registry import load_rules  # noqa: E402

TIMING = ("seconds", "hands_per_sec", "games_per_sec")
CLOCK = time.perf_counter  # --clock cpu: time.process_time
Measure = Callable[[argparse.Namespace, int], tuple[float, str]]


def jasskit_python(args: argparse.Namespace) -> Path | None:
    """The interpreter with jass-kit installed (``scripts/oracle-env.sh`` makes it)."""
    for path in (args.jasskit_python, os.environ.get("JASSKIT_PYTHON"),
                 ROOT / ".oracle-venv" / "bin" / "python"):
        if path and Path(path).exists():
            return Path(path)
    return None


def jasskit(args: argparse.Namespace, r: int, driver: str) -> dict[str, Any]:
    python = jasskit_python(args)
    assert python is not None
    out = subprocess.run(
        [str(python), str(ROOT / "bench" / "jasskit_speed.py"), "--hands", str(args.hands),
         "--seed", str(args.seed + r), "--rounds", "1", "--driver", driver,
         *(["--clock", "cpu"] if args.clock == "cpu" else [])],
        capture_output=True, text=True, check=True, cwd=ROOT)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def kit_sim(args: argparse.Namespace, r: int) -> tuple[float, str]:
    data = jasskit(args, r, "sim")
    args.kit_steps[r] = data["steps_per_hand"]  # to turn its hands/s into steps/s
    return data["median_hands_per_sec"], "hands"


def kit_arena(args: argparse.Namespace, r: int) -> tuple[float, str]:
    return jasskit(args, r, "arena")["median_hands_per_sec"], "hands"


def simulate(args: argparse.Namespace, r: int, compiled: bool = True) -> tuple[float, str]:
    """`jassdsl simulate` in a fresh process, importing jassdsl from this tree; with
    ``--clock cpu`` in this process (`research.simulate.simulate`, the same path), timed
    by the CPU time of its play (`SimReport.cpu_seconds`: the same stretch as the
    report's own clock, set-up left out as it is there). `compiled=False`:
    ``--no-compiled``, the pure-Python engine."""
    if args.clock == "cpu":
        from jassdsl.research.simulate import simulate as run_simulation

        report = run_simulation(args.variant, args.games, args.seed, "random",
                                compiled=compiled)
        spent = report.cpu_seconds
        data = report.to_json()
    else:
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0")
        out = subprocess.run(
            [sys.executable, "-m", "jassdsl", "simulate", args.variant, "--games",
             str(args.games), "--seed", str(args.seed), "--bots", "random", "--json",
             "--no-progress", *(() if compiled else ("--no-compiled",))], capture_output=True, text=True, check=True, cwd=ROOT, env=env)
        data = json.loads(out.stdout)
        spent = data["hands"] / data["hands_per_sec"]
    seen = {k: v for k, v in data.items() if k not in TIMING}
    if args.report.setdefault(f"simulate compiled={compiled}", seen) != seen:
        raise SystemExit(f"simulate gave another report in round {r + 1}")
    return data["hands"] / spent, "hands"


def engine_apply(args: argparse.Namespace, r: int, record: bool = False
                 ) -> tuple[float, str]:
    """`Game.apply` of random legal actions: without history (record=False, the path of
    bots and of `simulate`), or with it (record=True, `Game`'s default: every action kept
    with a copy of the state for undo)."""
    rules = load_rules(args.variant)
    rng = random.Random(args.seed + r)
    bits = rng.getrandbits
    game = Game(rules, seed=args.seed + r, record=record)
    t0 = CLOCK()
    for _ in range(args.steps):
        if game.is_over:
            game = Game(rules, seed=rng.randrange(2**32), record=record)
        game.apply(choose(bits, game.legal_actions()))
    return float(args.steps) / (CLOCK() - t0), "steps"


def spiel_game(args: argparse.Namespace) -> Any:
    import pyspiel

    import jassdsl.research.openspiel  # noqa: F401  (registers the game)

    return pyspiel.load_game("jassdsl", {"variant": args.variant, "horizon": "hand"})


def spiel_decisions(game: Any, args: argparse.Namespace, r: int) -> Iterator[Any]:
    """The state at each of `args.steps` decisions of random one-hand games of `game`;
    the random action is applied when the caller asks for the next one."""
    rng = random.Random(args.seed + r)
    state = game.new_initial_state()
    decisions = 0
    while decisions < args.steps:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            yield state
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            decisions += 1


def spiel_play(args: argparse.Namespace, r: int,
               at_decision: Callable[[Any], object] | None) -> float:
    """Decisions per second of random one-hand OpenSpiel games, doing `at_decision` with
    the state before each (None: only the step)."""
    game = spiel_game(args)  # loaded before the clock starts
    t0 = CLOCK()
    for state in spiel_decisions(game, args, r):
        if at_decision is not None:
            at_decision(state)
    return float(args.steps) / (CLOCK() - t0)


def spiel_calls(args: argparse.Namespace, r: int, call: Callable[[Any], object]) -> float:
    """Calls per second of `call` alone, on the state at every decision of random games."""
    spent = 0.0
    for state in spiel_decisions(spiel_game(args), args, r):
        t0 = CLOCK()
        call(state)
        spent += CLOCK() - t0
    return float(args.steps) / spent


def spiel_all(state: Any) -> None:
    seat = state.current_player()
    state.observation_tensor(seat)
    state.information_state_tensor(seat)
    state.clone()


def pettingzoo_step(args: argparse.Namespace, r: int) -> tuple[float, str]:
    from jassdsl.research.pettingzoo import env

    table = env(variant=args.variant, horizon="hand")
    rng = random.Random(args.seed + r)
    table.reset(seed=args.seed + r)
    steps = 0
    t0 = CLOCK()
    while steps < args.steps:
        for _ in table.agent_iter():
            obs, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                action = None
            else:
                legal = obs["action_mask"].nonzero()[0]
                action = int(legal[rng.randrange(len(legal))])
                steps += 1
            table.step(action)
        table.reset()
    return steps / (CLOCK() - t0), "steps"


MEASURES: dict[str, Measure] = {
    "jass-kit sim": kit_sim,
    "jass-kit arena": kit_arena,
    "simulate --bots random": simulate,
    "simulate --bots random --no-compiled": lambda a, r: simulate(a, r, compiled=False),
    "pure-Python floor (python_floor.py)": lambda a, r: (python_floor.hands_per_second(
        20 * a.hands, a.seed + r, CLOCK), "hands"),
    "Game.apply": engine_apply,
    "Game.apply (record=True)": lambda a, r: engine_apply(a, r, record=True),
    "openspiel step": lambda a, r: (spiel_play(a, r, None), "steps"),
    "openspiel clone": lambda a, r: (spiel_calls(a, r, lambda s: s.clone()), "steps"),
    "openspiel observation_tensor": lambda a, r: (spiel_calls(
        a, r, lambda s: s.observation_tensor(s.current_player())), "steps"),
    "openspiel information_state_tensor": lambda a, r: (spiel_calls(
        a, r, lambda s: s.information_state_tensor(s.current_player())), "steps"),
    "openspiel all (step + both tensors + clone)": lambda a, r: (spiel_play(
        a, r, spiel_all), "steps"),
    "pettingzoo step": pettingzoo_step,
}
RESEARCH = ("openspiel", "pettingzoo")  # the figures compared with Game.apply


def run(args: argparse.Namespace) -> dict[str, Any]:
    kit = jasskit_python(args) is not None
    names = [n for n in MEASURES if kit or not n.startswith("jass-kit")]
    rates: dict[str, list[float]] = {n: [] for n in names}
    units: dict[str, str] = {}
    loads = []
    paired: dict[str, list[tuple[float, float]]] = {}  # per research figure and round:
    # Game.apply without and with history, timed right before it (the load changes fast)
    for r in range(args.rounds):
        loads.append(round(os.getloadavg()[0], 2))
        for name in names:
            if name.startswith(RESEARCH):
                paired.setdefault(name, []).append(
                    (engine_apply(args, r)[0], engine_apply(args, r, record=True)[0]))
            rate, units[name] = MEASURES[name](args, r)
            rates[name].append(rate)

    def ratio(name: str, base: str, per_step: bool) -> float:
        out = []
        for r, (x, y) in enumerate(zip(rates[name], rates[base], strict=True)):
            out.append(x / (y * args.kit_steps[r] if per_step else y))
        return round(statistics.median(out), 3)

    def over_apply(name: str, recorded: bool) -> float:
        return round(statistics.median(x / pair[recorded] for x, pair in zip(
            rates[name], paired[name], strict=True)), 3)

    figures = {}
    for name in names:
        fig: dict[str, Any] = {
            "unit": f"{units[name]}/s",
            "median": round(statistics.median(rates[name]), 1),
            "per_round": [round(x, 1) for x in rates[name]]}
        if kit:
            fig["over_jasskit_sim"] = ratio(name, "jass-kit sim", units[name] == "steps")
            fig["over_jasskit_arena"] = ratio(name, "jass-kit arena",
                                              units[name] == "steps")
        if name.startswith(RESEARCH):
            fig["over_game_apply"] = over_apply(name, False)
            fig["over_game_apply_recorded"] = over_apply(name, True)
        figures[name] = fig
    return {"variant": args.variant, "clock": args.clock, "rounds": args.rounds,
            "hands": args.hands,
            "games": args.games, "steps": args.steps, "seed": args.seed,
            "cpus": os.cpu_count(), "load_1min_per_round": loads,
            "jasskit_steps_per_hand": args.kit_steps, "figures": figures}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    ap.add_argument("--hands", type=int, default=600, help="jass-kit hands a round (600)")
    ap.add_argument("--games", type=int, default=60, help="simulate's games a round (60)")
    ap.add_argument("--steps", type=int, default=3000,
                    help="engine, OpenSpiel and PettingZoo steps a round (3000)")
    ap.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    ap.add_argument("--variant", default="schieber",
                    help="rule file of the jassdsl figures (jass-kit plays Schieber)")
    ap.add_argument("--jasskit-python", type=Path, default=None,
                    help="interpreter with jass-kit 2.0.5 (default: $JASSKIT_PYTHON, "
                         "else .oracle-venv)")
    ap.add_argument("--only", default="",
                    help="comma-separated parts of figure names to run (and jass-kit)")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall clock (default), or CPU time of the process measured, which "
                         "the load of other processes does not count (jass-kit, the engine "
                         "and the research figures; simulate then runs "
                         "in this process)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.clock == "cpu":
        global CLOCK
        CLOCK = time.process_time
    if min(args.rounds, args.hands, args.games, args.steps) < 1:
        ap.error("--rounds, --hands, --games and --steps must be >= 1")
    args.kit_steps = [0.0] * args.rounds
    args.report = {}
    if args.only:
        wanted = [w for w in args.only.split(",") if w]
        for name in list(MEASURES):
            if not name.startswith(("jass-kit", "Game.apply")) and not any(
                    w in name for w in wanted):
                del MEASURES[name]
    out = run(args)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{args.variant}, {args.rounds} rounds, load per round {out['load_1min_per_round']}; "
          "medians of rounds, ratios the medians of per-round ratios")
    print(f"{'figure':44s} {'median':>10s} {'unit':>8s} {'/ GameSim':>10s} {'/ Arena':>8s} "
          f"{'/ Game.apply':>12s} {'/ recorded':>10s}")
    for name, fig in out["figures"].items():
        print(f"{name:44s} {fig['median']:10,.0f} {fig['unit']:>8s} "
              f"{fig.get('over_jasskit_sim', ''):>10} {fig.get('over_jasskit_arena', ''):>8} "
              f"{fig.get('over_game_apply', ''):>12} "
              f"{fig.get('over_game_apply_recorded', ''):>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
