"""The talon's compiled setting and its part of the state (the phase is the mechanism's,
`jassdsl/mechanisms/talon.py`); kept here because the bots read it too."""

from __future__ import annotations

from dataclasses import dataclass, field

from jassdsl.compile.compiler import CompiledRules


@dataclass(frozen=True)
class TalonConfig:
    """The compiled `talon:` statement."""

    role: int  # the role that takes the talon (index in State.roles)
    pile: str  # the pile of the table that is the talon
    counts_for: int = -1  # the role the laid-away cards count for, -1: nobody


@dataclass
class TalonPart:
    """The talon of this hand: who took it, its cards, what is still to lay away."""

    taker: int = -1
    talon: tuple[int, ...] = ()  # the cards taken, as they lay
    laid: list[int] = field(default_factory=list)  # the cards laid away, in order
    todo: int = 0  # cards still to lay away

    def copy(self) -> TalonPart:
        return TalonPart(self.taker, self.talon, list(self.laid), self.todo)


def talon_config(rules: CompiledRules) -> TalonConfig | None:
    """The file's talon (None: it has none)."""
    return rules.config("talon", TalonConfig)
