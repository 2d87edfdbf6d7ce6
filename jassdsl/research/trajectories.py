"""A simulation's games as trajectories: one row per action, for offline learning.

A row says which game, hand and step it is, the seat that acted and the phase it acted
in, what that seat saw (its observation tensor, `tensors.Layout` without recall: the
vector the OpenSpiel and PettingZoo adapters give), the legal actions as a mask over the
file's action space (`actionspace.ActionSpace`, the same numbering), the action taken (its
number and its text) and, on the seat's last action of a hand, the hand's score for the
seat as a reward: what its player or team scored in the unit that decides the game,
signed so that more is better (`tensors.utility_sign`), with `done` set. A forced answer
(a Weis question a seat without a Weis can only decline) is a row like any other (its mask
holds one action).

The rows are made by replaying the finished game from its seed and its actions (`rows`):
the game is played as it would be otherwise, with its history kept, so the same run gives
the same rows with any number of worker processes.
"""

from __future__ import annotations

from typing import Any

from jassdsl.engine import Game
from jassdsl.engine.chain import Chain
from jassdsl.research.actionspace import ActionSpace
from jassdsl.research.tensors import Layout, utility_sign

Row = dict[str, Any]

# the columns of an action row and their kinds (as `records.columns` gives them)
COLUMNS: list[tuple[str, str]] = [
    ("game", "int"), ("seed", "int"), ("step", "int"), ("hand", "int"), ("seat", "int"),
    ("phase", "str"), ("observation", "floats"), ("legal", "bools"), ("action", "int"),
    ("action_text", "str"), ("reward", "float"), ("done", "bool")]


def rows(game: Game, number: int, seed: int) -> list[Row]:
    """The action rows of a finished game kept with its history (`Game(record=True)`):
    its actions replayed on a new game of the same seed."""
    rules = game.rules
    space = ActionSpace.of(rules)
    layout = Layout(rules, space, recall=False)
    sign = utility_sign(rules)
    unit, _ = rules.winner_unit
    replay = Game(rules, seed=game.seed, record=False, chain=Chain.shared(rules))
    out: list[Row] = []
    last: dict[int, int] = {}  # seat -> its last row in the hand being played
    before = [0] * rules.subjects
    for step, action in enumerate(game.history):
        seat, hand = replay.current_player, replay.hand_number
        mask = [False] * len(space)
        for a in replay.legal_actions():
            mask[space.id(a)] = True
        last[seat] = len(out)
        out.append({"game": number, "seed": seed, "step": step, "hand": hand, "seat": seat,
                    "phase": replay.phase,
                    "observation": layout.vector(replay, seat, True).tolist(),
                    "legal": mask, "action": space.id(action),
                    "action_text": replay.action_text(action), "reward": None,
                    "done": False})
        done = len(replay.results)
        replay.apply(action)
        if len(replay.results) > done:  # the hand is over: each seat's last row gets its score
            totals = replay.results[-1].totals[unit]
            for x, at in last.items():
                subject = rules.team_of[x]
                out[at]["reward"] = float(sign * (totals[subject] - before[subject]))
                out[at]["done"] = True
            before = list(totals)
            last = {}
    return out
