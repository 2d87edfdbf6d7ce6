"""The one position type: where a node of a rule file, or an error about it, stands."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pos:
    """A span in a rule file: 1-based line and column, end exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def at(cls, line: int, column: int, width: int = 1) -> Pos:
        """A span of `width` characters on one line."""
        return cls(line, column, line, column + width)


FILE_START = Pos.at(1, 1)
"""Where an error about the whole file points (a missing statement)."""
