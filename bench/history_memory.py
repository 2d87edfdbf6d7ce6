#!/usr/bin/env python3
"""Memory of a game's undo history: a long game through the API, resident memory measured.

    python bench/history_memory.py [FILE] [--seed S] [--policy P] [--no-record]
                                   [--undo N] [--json]

Plays FILE (default: the 1,000-hand file of the third round of hostile inputs,
tests/fixtures/hostile/turn3/n8-1000-hands-record-memory.jass) to its end through
``Game(FILE, seed=S)`` (``record=True``, the default, unless ``--no-record``), every seat
taking a uniformly random legal action (``random.Random(P)``). Printed: actions and hands
played, seconds, resident memory (VmRSS of /proc/self/status) before and after, its
growth per action, the peak (VmHWM), then the time of N undos (default 1,000; each is
checked against what the API showed before its action, so it only measures where it is
exact) and a digest of the game (totals, events, history) so that runs of two versions of
the engine can be compared: a seeded game must stay the same game.

This is a benchmark, not a test: it asserts only that undo is exact.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jassdsl.engine import Game  # noqa: E402

N8 = ROOT / "tests" / "fixtures" / "hostile" / "turn3" / "n8-1000-hands-record-memory.jass"


def memory_kib(field: str) -> int:
    """A field of /proc/self/status in KiB (VmRSS now, VmHWM the peak)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def fingerprint(game: Game) -> Any:
    """What the API shows of a game now (every seat's view, the legal actions, the
    totals, the generator): an undo must give back exactly this."""
    return ([game.observation(x) for x in range(game.n)], game.legal_actions(), game.totals,
            game.held, len(game.results), len(game.events), len(game.history),
            game.chance.getstate())


def digest(game: Game) -> str:
    """What a seeded game must keep across engine versions: totals, events, history."""
    text = repr((game.totals, [r.points for r in game.results], game.events,
                 [str(a) for a in game.history]))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", default=str(N8))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policy", type=int, default=1)
    ap.add_argument("--no-record", action="store_true")
    ap.add_argument("--undo", type=int, default=1000, metavar="N")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    record = not args.no_record
    before = memory_kib("VmRSS")
    began = time.perf_counter()
    game = Game(args.file, seed=args.seed, record=record)
    rng = random.Random(args.policy)
    saved: list[Any] = []  # the state before each of the last N actions
    actions = 0
    while not game.is_over:
        if record and args.undo:
            saved.append(fingerprint(game))
            del saved[:-args.undo]
        game.apply(rng.choice(game.legal_actions()))
        actions += 1
    seconds = time.perf_counter() - began
    after = memory_kib("VmRSS")
    out: dict[str, Any] = {
        "file": Path(args.file).name, "record": record, "actions": actions,
        "hands": len(game.results), "seconds": round(seconds, 2), "rss_before_mib":
        round(before / 1024, 1), "rss_after_mib": round(after / 1024, 1),
        "kib_per_action": round((after - before) / max(actions, 1), 2),
        "peak_mib": round(memory_kib("VmHWM") / 1024, 1), "digest": digest(game)}
    if record and saved:
        began = time.perf_counter()
        for seen in reversed(saved):
            game.undo()
            assert fingerprint(game) == seen, "undo is not exact"
        out["undos"] = len(saved)
        out["undo_ms_each"] = round((time.perf_counter() - began) * 1000 / len(saved), 3)
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:>16}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
