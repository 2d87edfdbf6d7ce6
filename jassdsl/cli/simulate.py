"""`jassdsl simulate`: many quick bot games, summed up for people or as one JSON object."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from jassdsl.cli import BOTS_HELP, add_variant_arguments, bots_value, options_of
from jassdsl.cli.progress import ProgressLine
from jassdsl.research.simulate import report_lines, simulate


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, not {text!r}")
    return value


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play many games with bots and report the results",
                       description="Play N games with bots as fast as the engine goes. "
                                   "The same seed gives the same results.")
    add_variant_arguments(p)
    p.add_argument("--games", "-n", type=positive, required=True, metavar="N",
                   help="how many games to play (required; each game is played to its end)")
    p.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    p.add_argument("--bots", type=bots_value, default="heuristic",
                   help=BOTS_HELP + "; mixed: heuristic,random. Several kinds move on by "
                        "one seat each game, so each sits at every seat (default heuristic)")
    p.add_argument("--jobs", "-j", type=positive, default=1, metavar="N",
                   help="play the games in N worker processes (default 1); the report is "
                        "the same for any N")
    p.add_argument("--records", metavar="FILE",
                   help="write one row per hand and per game to FILE: JSON Lines (.jsonl) or "
                        "Parquet (.parquet, needs the extra 'data'), by its suffix")
    p.add_argument("--per", choices=("hand", "action"), default="hand",
                   help="with --records: one row per hand and per game (default), or one "
                        "row per action (what the seat saw, the legal mask, the action, the "
                        "hand's reward: a data set for offline learning)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="play the games on a Dask cluster (the scheduler's address, such as "
                        "tcp://10.0.0.5:8786; needs the extra 'research'); the report is the "
                        "same as with --jobs 1")
    p.add_argument("--no-compiled", action="store_true",
                   help="play random bots' games in pure Python even where the compiled "
                        "path (the extra 'fast') covers the file: on the pure-Python playout "
                        "where it covers the file, else through the engine; the report is "
                        "the same")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress line on stderr (it is shown only on a terminal)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    progress = None if args.no_progress else ProgressLine(args.games, sys.stderr)
    try:
        report = simulate(args.variant, args.games, args.seed, args.bots, options_of(args),
                          jobs=args.jobs, progress=progress, records=args.records,
                          cluster=args.cluster, compiled=not args.no_compiled, per=args.per)
    finally:
        if progress is not None:
            progress.close()
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print("\n".join(report_lines(report)))
    return 0
