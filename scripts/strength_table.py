"""The strength table: each level of the searching bot against the heuristic and against
random bots, in the families the issue lists, measured with `simulate`.

Each cell is one `simulate` run (`--bots search:LEVEL,OPPONENT`: the kinds take the seats
in turn and move on by one seat each game, so both sit at every seat and play every
deal's hands alike), kept whole as its JSON report under bench/results/strength/ (a cell
already there is not played again unless --again). The summary, bench/results/strength.json,
gives per cell the games, the search bot's wins with their Wilson 95% interval, the share
of seats it held (what it would win by chance) and the mean time of its decisions; the
docs build makes the strength page of both languages from it (docs/hooks/rulebook.py).

    nice python scripts/strength_table.py --jobs 2                  # every cell missing
    nice python scripts/strength_table.py --only schieber:medium:heuristic --games 400
    python scripts/strength_table.py --summary                      # only the summary

Budgets are counts (deals, playouts), so every run replays exactly; only the times
depend on the machine (and on what else runs on it).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RAW = ROOT / "bench" / "results" / "strength"
SUMMARY = ROOT / "bench" / "results" / "strength.json"

FAMILIES = ("schieber", "coiffeur", "differenzler", "molotow", "bieter", "handjass",
            "sticheln")
LEVELS = ("easy", "medium", "hard")
OPPONENTS = ("heuristic", "random")
# games per cell by level, on a 2-core machine shared with four other jobs (the hard level
# costs about eight times the medium one, and that nine times the easy one)
GAMES = {"easy": 12, "medium": 6, "hard": 2}
HEAD_TO_HEAD = ("hard", "medium")  # one more cell per family where it is asked for
SEED = 1


def cell_name(variant: str, bots: str) -> str:
    return f"{variant}--{bots.replace(':', '-').replace(',', '--')}"


def cells(only: list[str], head_to_head: bool) -> list[tuple[str, str, str]]:
    """(variant, level, opponent) of every cell, those of `only` (VARIANT[:LEVEL[:OPP]])."""
    # against the heuristic first (the goals), by level; then against random
    out = [(v, lv, o) for o in OPPONENTS for lv in LEVELS for v in FAMILIES]
    if head_to_head:
        out += [(v, HEAD_TO_HEAD[0], f"search:{HEAD_TO_HEAD[1]}") for v in FAMILIES]
    if only:
        def wanted(c: tuple[str, str, str]) -> bool:
            return any(all(a == b for a, b in zip(w.split(":", 2), c, strict=False))
                       for w in only)
        out = [c for c in out if wanted(c)]
    return out


def run_cell(variant: str, level: str, opponent: str, games: int, jobs: int) -> Path:
    from jassdsl.cli.progress import ProgressLine
    from jassdsl.research.simulation import simulate

    bots = f"search:{level},{opponent}"
    progress = ProgressLine(games, sys.stderr)
    try:
        report = simulate(variant, games, SEED, bots, jobs=jobs, progress=progress)
    finally:
        progress.close()
    data = report.to_json()
    data["jobs"] = jobs
    RAW.mkdir(parents=True, exist_ok=True)
    path = RAW / f"{cell_name(variant, bots)}.json"
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


def summary() -> dict[str, Any]:
    """Every kept cell, in table order: what the docs page shows."""
    rows = []
    for path in sorted(RAW.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        kinds = data.get("bot_kinds", {})
        bots = list(kinds)
        if len(bots) != 2:
            continue
        search, opponent = bots
        mine, theirs = kinds[search], kinds[opponent]
        rows.append({
            "variant": Path(data["path"]).stem, "name": data["variant"], "bots": data["bots"],
            "level": search.partition(":")[2], "opponent": opponent, "games": data["games"],
            "jobs": data.get("jobs", 1), "seed": data["seed"],
            "wins": mine["wins"], "opponent_wins": theirs["wins"],
            "shared": data["shared_wins"], "seat_share": mine["seat_share"],
            "decision_ms": mine["decision_ms"], "decisions": mine["decisions"],
            "opponent_decision_ms": theirs["decision_ms"], "seconds": data["seconds"],
        })
    order = {v: i for i, v in enumerate(FAMILIES)}
    rows.sort(key=lambda r: (order.get(r["variant"], 99), LEVELS.index(r["level"])
                             if r["level"] in LEVELS else 9, r["opponent"]))
    return {"machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                       f"{platform.python_version()}",
            "note": "decision times are the mean over the search bot's decisions with a "
                    "choice, on a machine shared with other work (nice)",
            "cells": rows}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", action="append", default=[], metavar="VARIANT[:LEVEL[:OPP]]")
    p.add_argument("--games", type=int, help="games per cell (default by level: "
                   + ", ".join(f"{k} {v}" for k, v in GAMES.items()) + ")")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--again", action="store_true", help="play cells already kept again")
    p.add_argument("--head-to-head", action="store_true",
                   help="also hard against medium in every family")
    p.add_argument("--summary", action="store_true", help="only write the summary")
    args = p.parse_args(argv)
    if not args.summary:
        for variant, level, opponent in cells(args.only, args.head_to_head):
            bots = f"search:{level},{opponent}"
            if (RAW / f"{cell_name(variant, bots)}.json").exists() and not args.again:
                continue
            games = args.games or GAMES[level]
            print(f"{variant} {bots}: {games} games", file=sys.stderr, flush=True)
            run_cell(variant, level, opponent, games, args.jobs)
    SUMMARY.write_text(json.dumps(summary(), indent=1, ensure_ascii=False) + "\n",
                       encoding="utf-8")
    print(f"wrote {SUMMARY.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
