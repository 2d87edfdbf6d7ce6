"""`jassdsl.game` names the engine's public classes where they have always been found;
the engine itself is the package `jassdsl.engine`."""

from jassdsl.engine import HAND_LIMIT, Game, HandResult, Outcome, Trick, weis_label

__all__ = ["HAND_LIMIT", "Game", "HandResult", "Outcome", "Trick", "weis_label"]
