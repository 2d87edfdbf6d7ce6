"""`jassdsl.playout` names the engine's random playouts where they have always been
found; they live in `jassdsl.engine.playout`."""

from jassdsl.engine.playout import choose, followers, play_random, play_tricks, uncovered

__all__ = ["choose", "followers", "play_random", "play_tricks", "uncovered"]
