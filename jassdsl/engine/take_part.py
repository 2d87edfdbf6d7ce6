"""What taking part (`jassdsl/mechanisms/take_part.py`) leaves in the engine: its compiled
setting, which the piles and the terminal's hand summary read too."""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl.compile.compiler import CompiledRules


@dataclass(frozen=True)
class TakePartConfig:
    """The compiled `take part:` statement."""

    fold_from: int = 99  # folding is allowed with this many players at the table or more
    swap_pile: str | None = None  # a pile a player may take for the hand, then playing


def take_part(rules: CompiledRules) -> TakePartConfig | None:
    """The file's taking part (None: everybody plays every hand)."""
    return rules.config("take_part", TakePartConfig)
