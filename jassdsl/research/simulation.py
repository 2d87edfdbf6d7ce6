"""The Python API for research: play many games, get the figures and the records.

```python
from jassdsl import load_rules
from jassdsl.research.simulation import simulate, table

report = simulate("schieber", 1000, seed=1, bots="random", keep_rows=True, jobs=2)
report.to_json()["win_rates"]          # every figure with its 95% interval
frame = table(load_rules("schieber"), report.rows).to_pandas()  # a row per hand and game
```

`simulate` is the function behind `jassdsl simulate` (the same seed gives the same
report and rows with any `jobs` or `cluster`); `SimReport` its result; `read` loads a
records file; the bots are the players `jassdsl play` and `simulate` use.
"""

from __future__ import annotations

from jassdsl.bots.heuristic import HeuristicBot
from jassdsl.bots.kinds import BOT_KINDS, make_bots
from jassdsl.bots.random_bot import PolicyBot, RandomBot
from jassdsl.bots.view import Bot
from jassdsl.research.records import columns, hand_rows, read, table
from jassdsl.research.simulate import (
    GameSummary,
    SimReport,
    SimulationError,
    game_seeds,
    play_game,
    play_out,
    policy_rng,
    report_lines,
    simulate,
)
from jassdsl.research.stats import Tally, wilson

__all__ = [
    "BOT_KINDS",
    "Bot",
    "GameSummary",
    "HeuristicBot",
    "PolicyBot",
    "RandomBot",
    "SimReport",
    "SimulationError",
    "Tally",
    "columns",
    "game_seeds",
    "hand_rows",
    "make_bots",
    "play_game",
    "play_out",
    "policy_rng",
    "read",
    "report_lines",
    "simulate",
    "table",
    "wilson",
]
