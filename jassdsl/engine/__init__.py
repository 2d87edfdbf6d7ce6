"""The engine: a `Game` driven by actions over a chain of phase modules, one per mechanism.

Public API: `Game` (and `position.at_deal` / `position.at_play` for recorded deals and
positions), `Chance` and `ScriptedChance` (every random draw), the typed `events`, the
typed `Observation`, the records `HandResult`, `Trick` and `Outcome`, and `playout` (the
fast random loop). Nothing outside this package writes a game's state.
"""

from jassdsl.engine.chance import Chance, ChanceError, ScriptedChance
from jassdsl.engine.game import Game
from jassdsl.engine.observation import Observation
from jassdsl.engine.records import HAND_LIMIT, HandResult, Outcome, Trick

__all__ = [
    "HAND_LIMIT",
    "Chance",
    "ChanceError",
    "Game",
    "HandResult",
    "Observation",
    "Outcome",
    "ScriptedChance",
    "Trick",
]
