#!/usr/bin/env python3
"""The compiled clauses (`jassdsl.fast.clauses`) against the batch scorer, the reference:
two batched environments of the same seeds, one scoring each way, driven with the same
random actions; every step's masks, rewards, ended games and totals must be the same.

    python scripts/compare_clauses.py [FILE ...] [--envs 256] [--steps 1500]

Without files: every shipped file the compiled clauses cover (each compiles for seconds).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jassdsl.fast import steps as sk  # noqa: E402
from jassdsl.research.vector import VectorEnv  # noqa: E402


def compare(name: str, envs: int, steps: int) -> str:
    fast = VectorEnv(name, envs, 3, compiled_scoring=True)
    if fast.clauses is None:
        return f"{name}: not covered by the compiled clauses (the batch scorer scores it)"
    slow = VectorEnv(name, envs, 3)
    out = np.zeros(envs, np.int64)
    for i in range(steps):
        mask = fast.action_masks()
        assert (mask == slow.action_masks()).all(), (name, i)
        sk.seed_draws(i)
        sk.draw_actions(mask, fast.count, out)
        _, got, ended, _, _ = fast.step(out, False)
        _, want, ended_too, _, _ = slow.step(out, False)
        assert (got == want).all() and (ended == ended_too).all(), (name, i)
        for u in fast.totals:
            assert (fast.totals[u] == slow.totals[u]).all(), (name, i, u)
    return (f"{name}: the same over {fast.hands_played} hands, {fast.games_ended} games "
            "ended")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--steps", type=int, default=1500)
    args = ap.parse_args()
    names = args.files or sorted(p.stem for p in (ROOT / "rules").glob("*.jass"))
    for name in names:
        try:
            print(compare(name, args.envs, args.steps), flush=True)
        except ValueError as e:  # the batched env does not cover the file
            print(f"{name}: {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
