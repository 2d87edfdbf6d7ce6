"""The strength table: each level of the searching bot against the heuristic and against
random bots, in the families the issue lists, measured with `simulate`.

Each cell is one `simulate` run (`--bots search:LEVEL,OPPONENT`: the kinds take the seats
in turn and move on by one seat each game, so both sit at every seat and play every
deal's hands alike), kept whole as its JSON report under bench/results/strength/ (a cell
already there is not played again unless --again). The summary, bench/results/strength.json,
gives per cell the games, the search bot's wins with their Wilson 95% interval, the share
of seats it held (what it would win by chance) and the mean time of its decisions; the
docs build makes the strength page of both languages from it (docs/hooks/rulebook.py).

A duplicate run (`--duplicate VARIANT:LEVEL:OPPONENT --pairs N`) plays N deals (game seeds)
twice each, the kinds' seats swapped, so the luck of the cards cancels: besides the games
won it gives, per hand played both ways, the search bot's advantage in the unit that
decides the game, with a 95% interval, and its decision times (mean and longest); it is
kept under bench/results/strength/ as ...--duplicate.json and summed up in "duplicates".

    nice python scripts/strength_table.py --jobs 2                  # every cell missing
    nice python scripts/strength_table.py --only schieber:medium:heuristic --games 400
    nice python scripts/strength_table.py --duplicate schieber:hard:search:medium --pairs 14
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
# costs several times the medium one, and that nine times the easy one); 4 won of 4 have
# a Wilson lower bound of 0.51, 6 of 6 one of 0.61
GAMES = {"easy": 12, "medium": 6, "hard": 4}
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


def duplicate_game(task: tuple[str, str, int, int]) -> dict[str, Any]:
    """One game of a duplicate pair: the kinds' seats moved on by `turn`; per hand the
    first kind's score (`bots.search.score_of`: its side against the others, in the unit
    that decides the game), who won, and per kind its decisions' CPU times."""
    from jassdsl.bots.heuristic import HeuristicBot
    from jassdsl.bots.kinds import make_bots, seat_kinds
    from jassdsl.bots.random_bot import RandomBot
    from jassdsl.bots.search import score_of
    from jassdsl.bots.tricks import play_bots
    from jassdsl.engine import Game
    from jassdsl.engine.chain import Chain
    from jassdsl.registry import load_rules
    from jassdsl.research.simulate import won_by

    variant, bots, seed, turn = task
    rules = load_rules(variant)
    kinds = seat_kinds(bots, rules.players, turn)
    game = Game(rules, seed=seed, record=False, chain=Chain.shared(rules))
    made = make_bots(bots, rules.players, seed, turn, rules)
    players = [b if type(b) in (HeuristicBot, RandomBot) else Clocked(b) for b in made]
    play_bots(game, players)  # the heuristic's and random cards in the fast trick loop
    first = kinds.index(bot_kinds_of(bots)[0])
    outcome = game.outcome()
    assert outcome is not None
    times: dict[str, list[float]] = {}
    for kind, b in zip(kinds, players, strict=True):
        times.setdefault(kind, []).extend(b.times if isinstance(b, Clocked) else [])
    return {"seed": seed, "turn": turn, "won": won_by(game, kinds, outcome.winners),
            "scores": [score_of(game, first, i) for i in range(len(game.results))],
            "times": times}


def bot_kinds_of(bots: str) -> list[str]:
    from jassdsl.bots.kinds import bot_kinds

    return bot_kinds(bots)


class Clocked:
    """A bot whose decisions with a choice are timed one by one (CPU time)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.times: list[float] = []

    def choose(self, game: Any, seat: int) -> Any:
        import time

        start = time.process_time()
        action = self.bot.choose(game, seat)
        if game.forced_action() is None and len(game.legal_actions()) > 1:
            self.times.append(time.process_time() - start)
        return action


def mean_interval(values: list[float]) -> dict[str, Any]:
    """The mean with its normal 95% interval."""
    import math

    n = len(values)
    mean = sum(values) / n if n else 0.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.959964 * sd / math.sqrt(n) if n else 0.0
    return {"n": n, "mean": round(mean, 4), "sd": round(sd, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)]}


def hand_gains(standings: list[float]) -> list[float]:
    """Per hand, how much the side's standing (its total against the others', after each
    hand: `score_of`) moved in that hand."""
    return [now - before for before, now in zip([0.0, *standings], standings, strict=False)]


def duplicate_figures(meta: dict[str, Any], done: list[dict[str, Any]]) -> dict[str, Any]:
    """A duplicate run's figures from its games (kept in pairs, turn 0 then 1): the
    search level's game wins with their Wilson interval; per hand played from both sides
    the mean of its two gains (`hand_gains`) and their mean over the hands with a 95%
    interval; the decision times, mean and longest, in CPU ms."""
    from jassdsl.research.stats import rate

    search, opponent = f"search:{meta['level']}", meta["opponent"]
    hands = []
    for a, b in zip(done[0::2], done[1::2], strict=False):
        hands += [(x + y) / 2 for x, y in zip(hand_gains(a["scores"]), hand_gains(b["scores"]),
                                              strict=False)]
    wins = sum(g["won"] == search for g in done)

    def ms(kind: str) -> dict[str, Any]:
        t = [x for g in done for x in g["times"].get(kind, [])]
        return {"decisions": len(t), "mean": round(1000 * sum(t) / len(t), 3) if t else None,
                "max": round(1000 * max(t), 3) if t else None}

    return {**meta, "pairs": len(done) // 2, "games": len(done), "wins": rate(wins, len(done)),
            "opponent_wins": sum(g["won"] == opponent for g in done),
            "hand_difference": mean_interval(hands),
            "decision_ms": ms(search), "opponent_decision_ms": ms(opponent)}


def run_duplicate(variant: str, level: str, opponent: str, pairs: int, jobs: int) -> Path:
    """`pairs` deals (game seeds) each played twice, the kinds' seats swapped (turn 0
    and 1), so the luck of the cards cancels (`duplicate_figures`). The file is written
    after every pair; a run kept there goes on from its last pair (the seeds are drawn
    one after the other: the first pairs of a longer run are those of a shorter one)."""
    import random
    import time
    from multiprocessing import Pool

    bots = f"search:{level},{opponent}"
    path = RAW / f"{cell_name(variant, bots)}--duplicate.json"
    kept = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    done: list[dict[str, Any]] = kept.get("games_played", [])
    seconds = kept.get("seconds", 0.0)
    seeds = random.Random(SEED).sample(range(2**32), pairs)
    tasks = [(variant, bots, s, turn) for s in seeds for turn in (0, 1)]
    assert [(g["seed"], g["turn"]) for g in done] == [t[2:] for t in tasks[:len(done)]]
    meta = {"duplicate": True, "variant": variant, "bots": bots, "level": level,
            "opponent": opponent, "seed": SEED, "jobs": jobs}
    start = time.perf_counter()
    RAW.mkdir(parents=True, exist_ok=True)
    with Pool(jobs) as pool:
        for game in pool.imap(duplicate_game, tasks[len(done):]):
            done.append(game)
            print(f"\r{len(done)}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
            if len(done) % 2 == 0:
                data = {**duplicate_figures(meta, done),
                        "seconds": round(seconds + time.perf_counter() - start, 1),
                        "games_played": done}
                path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(file=sys.stderr)
    return path


def summary() -> dict[str, Any]:
    """Every kept cell, in table order: what the docs page shows."""
    rows = []
    duplicates = []
    for path in sorted(RAW.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("duplicate"):
            from jassdsl.registry import load_rules

            rules = load_rules(data["variant"])
            meta = {k: data[k] for k in ("duplicate", "variant", "bots", "level", "opponent",
                                         "seed", "jobs")}
            duplicates.append({"name": rules.name, "unit": rules.winner_unit[0],
                               **duplicate_figures(meta, data["games_played"]),
                               "seconds": data["seconds"]})
            continue
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
            "cells": rows, "duplicates": duplicates}


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
    p.add_argument("--duplicate", metavar="VARIANT:LEVEL:OPP",
                   help="one duplicate run instead: each deal played twice, seats swapped")
    p.add_argument("--pairs", type=int, default=20, help="deals of a duplicate run")
    args = p.parse_args(argv)
    if args.duplicate:
        variant, level, opponent = args.duplicate.split(":", 2)
        run_duplicate(variant, level, opponent, args.pairs, args.jobs)
    elif not args.summary:
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
