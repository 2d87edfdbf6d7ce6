#!/usr/bin/env python3
"""Speed reference: random-legal Schieber hands played by jass-kit itself.

jass-kit (HSLU, GPL-3.0) is an external comparison point only; it is not a
dependency of jassdsl and none of its code is copied here. Install it with
``bash scripts/oracle-env.sh`` and run this file with that interpreter:

    .oracle-venv/bin/python bench/jasskit_speed.py --hands 2000 --seed 1

Two drivers (``--driver``). ``sim`` is jass-kit at its fastest: a loop of ours over its
``jass.game.game_sim.GameSim`` with ``RuleSchieber``, no Arena and no agents. Per hand it
deals with ``deal_random_hand``, forehand pushes with probability 1/2, else picks one of
the six trumps uniformly (after a push the partner picks uniformly), then every card is
drawn uniformly from ``RuleSchieber.get_valid_cards`` on the state's hand and trick and
played with ``GameSim.action_play_card`` (its trick winner and points). ``arena`` (the
default, as earlier benchmarks measured) is jass-kit's own driver, ``jass.arena.arena.Arena``,
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
import random
import statistics
import sys
import time

import numpy as np
from jass.agents.agent_random_schieber import AgentRandomSchieber
from jass.arena.arena import Arena
from jass.game.const import PUSH, next_player
from jass.game.game_sim import GameSim
from jass.game.game_util import deal_random_hand
from jass.game.rule_schieber import RuleSchieber

try:
    from importlib.metadata import version as _dist_version

    JASS_KIT_VERSION = _dist_version("jass-kit")
except Exception:
    JASS_KIT_VERSION = "unknown"

ROUNDS = 5
CLOCK = time.perf_counter  # --clock cpu: time.process_time


def run_round(hands, seed, check):
    np.random.seed(seed)  # dealing uses the global numpy RNG
    arena = Arena(nr_games_to_play=hands, print_every_x_games=max(hands, 1), check_move_validity=check)
    players = [AgentRandomSchieber() for _ in range(4)]
    for i, p in enumerate(players):
        p._rng = np.random.default_rng([seed, i])  # jass-kit offers no seed argument
    arena.set_players(*players)
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink):
        t0 = CLOCK()
        arena.play_all_games()
        elapsed = CLOCK() - t0
    assert arena.nr_games_played == hands
    # sanity: every hand distributes 157 points (152 card points + 5 last trick)
    totals = arena.points_team_0 + arena.points_team_1
    assert np.all(totals == 157), "unexpected hand total"
    return hands / elapsed


def run_sim_round(hands, seed):
    """One round of the GameSim loop (see the module docstring); returns hands/s and its
    steps (trump decisions and cards) per hand."""
    np.random.seed(seed)  # dealing uses the global numpy RNG
    rng = random.Random(seed)  # the loop's own draws: Python's generator, the cheapest
    rule = RuleSchieber()
    sim = GameSim(rule=rule)
    state = sim.state
    valid_cards = rule.get_valid_cards
    play = sim.action_play_card
    dealer = 0
    steps = 36 * hands
    t0 = CLOCK()
    for _ in range(hands):
        sim.init_from_cards(hands=deal_random_hand(), dealer=dealer)
        if rng.random() < 0.5:
            sim.action_trump(PUSH)
            steps += 1
        steps += 1
        sim.action_trump(rng.randrange(6))
        for _ in range(36):
            state = sim.state
            valid = valid_cards(state.hands[state.player], state.current_trick,
                                state.nr_cards_in_trick, state.trump)
            cards = np.flatnonzero(valid)
            play(int(cards[rng.randrange(len(cards))]))
        assert state.points[0] + state.points[1] == 157, "unexpected hand total"
        dealer = next_player[dealer]
    return hands / (CLOCK() - t0), steps / hands


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per round (default 2000)")
    ap.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    ap.add_argument("--rounds", type=int, default=ROUNDS, help=f"rounds (default {ROUNDS})")
    ap.add_argument("--no-check", action="store_true",
                    help="construct the Arena with check_move_validity=False")
    ap.add_argument("--driver", choices=("arena", "sim"), default="arena",
                    help="jass-kit's Arena with random agents (default), or a loop over "
                         "its GameSim (its fastest)")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="time by the wall clock (default) or by the process's CPU time, "
                         "which other processes' load does not count")
    args = ap.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.hands < 1 or args.rounds < 1:
        ap.error("--hands and --rounds must be >= 1")

    steps = None
    if args.driver == "sim":
        runs = [run_sim_round(args.hands, args.seed + r) for r in range(args.rounds)]
        per_round = [speed for speed, _ in runs]
        steps = statistics.mean(n for _, n in runs)
    else:
        per_round = [run_round(args.hands, args.seed + r, not args.no_check)
                     for r in range(args.rounds)]
    result = {
        "engine": f"jass-kit {JASS_KIT_VERSION}",
        "hands": args.hands,
        "rounds": args.rounds,
        "median_hands_per_sec": round(statistics.median(per_round), 1),
        "per_round_hands_per_sec": [round(x, 1) for x in per_round],
        "seed": args.seed,
        "driver": args.driver,
        "steps_per_hand": steps,
        "check_move_validity": not args.no_check and args.driver == "arena",
    }
    sys.stdout.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
