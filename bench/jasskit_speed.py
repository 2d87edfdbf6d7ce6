#!/usr/bin/env python3
"""Speed reference: random-legal Schieber hands played by jass-kit itself.

jass-kit (HSLU, GPL-3.0) is an external comparison point only; it is not a
dependency of jassdsl and none of its code is copied here. Install it with
``bash scripts/oracle-env.sh`` and run this file with that interpreter:

    .oracle-venv/bin/python bench/jasskit_speed.py --hands 2000 --seed 1

How the hands are played: jass-kit's own driver, ``jass.arena.arena.Arena``,
with four ``jass.agents.agent_random_schieber.AgentRandomSchieber`` players.
Per hand the Arena deals with ``deal_random_hand`` (DealingCardRandomStrategy),
asks forehand for trump (the random agent pushes with probability 1/2, else
picks one of D/H/S/C/obenabe/undenufe uniformly; after a push the partner
picks uniformly), then plays the 36 cards through ``GameSim``; each agent
picks uniformly among ``RuleSchieber.get_valid_cards_from_obs``. The Arena's
default ``check_move_validity=True`` (it re-checks every card) is kept, as
that is how its authors run it; ``--no-check`` turns it off for comparison.

Seeding: jass-kit deals from numpy's global RNG and gives each random agent
its own ``np.random.default_rng()`` with no seed parameter, so we seed the
global RNG and replace each agent's ``_rng`` with a seeded generator. That
only fixes which hands are played; it does not change the code path timed.

Output: one JSON object on stdout. The Arena's progress bar (which it
writes to stdout) is captured and discarded during the timed run.
Only ``play_all_games`` is timed (set-up of Arena and agents is not).
"""

import argparse
import contextlib
import io
import json
import statistics
import sys
import time

import numpy as np
from jass.agents.agent_random_schieber import AgentRandomSchieber
from jass.arena.arena import Arena

try:
    from importlib.metadata import version as _dist_version

    JASS_KIT_VERSION = _dist_version("jass-kit")
except Exception:
    JASS_KIT_VERSION = "unknown"

ROUNDS = 5


def run_round(hands, seed, check):
    np.random.seed(seed)  # dealing uses the global numpy RNG
    arena = Arena(nr_games_to_play=hands, print_every_x_games=max(hands, 1), check_move_validity=check)
    players = [AgentRandomSchieber() for _ in range(4)]
    for i, p in enumerate(players):
        p._rng = np.random.default_rng([seed, i])  # jass-kit offers no seed argument
    arena.set_players(*players)
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink):
        t0 = time.perf_counter()
        arena.play_all_games()
        elapsed = time.perf_counter() - t0
    assert arena.nr_games_played == hands
    # sanity: every hand distributes 157 points (152 card points + 5 last trick)
    totals = arena.points_team_0 + arena.points_team_1
    assert np.all(totals == 157), "unexpected hand total"
    return hands / elapsed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per round (default 2000)")
    ap.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    ap.add_argument("--rounds", type=int, default=ROUNDS, help=f"rounds (default {ROUNDS})")
    ap.add_argument("--no-check", action="store_true",
                    help="construct the Arena with check_move_validity=False")
    args = ap.parse_args(argv)
    if args.hands < 1 or args.rounds < 1:
        ap.error("--hands and --rounds must be >= 1")

    per_round = [run_round(args.hands, args.seed + r, not args.no_check)
                 for r in range(args.rounds)]
    result = {
        "engine": f"jass-kit {JASS_KIT_VERSION}",
        "hands": args.hands,
        "rounds": args.rounds,
        "median_hands_per_sec": round(statistics.median(per_round), 1),
        "per_round_hands_per_sec": [round(x, 1) for x in per_round],
        "seed": args.seed,
        "check_move_validity": not args.no_check,
    }
    sys.stdout.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
