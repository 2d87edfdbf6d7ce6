"""The mode of a hand as a type: which suit is trump, or Obenabe, Undenufe, or none yet.

The engine works with mode numbers (0-3 the suit D H S C is trump, 4 Obenabe, 5
Undenufe, -1 none), because its tables are indexed by them. What it hands out (hand
records, events, observations) is a `Mode`: a string equal to the mode's name, so it reads
and serialises as before, that also carries its number and its trump suit.
"""

from __future__ import annotations

from typing import Any

from jassdsl.tables import MODE_NAMES


class Mode(str):
    """A mode's name with its number: ``mode_of(4) == "obenabe"``, ``.number == 4``."""

    number: int

    def __new__(cls, name: str, index: int) -> Mode:
        self = super().__new__(cls, name)
        self.number = index
        return self

    @property
    def trump_suit(self) -> int:
        """The trump suit (0-3), or -1 for a mode without trumps."""
        return self.number if 0 <= self.number < 4 else -1

    @property
    def is_set(self) -> bool:
        return self.number >= 0

    def __reduce__(self) -> tuple[Any, ...]:
        return mode_of, (self.number,)


MODES = tuple(Mode(name, i) for i, name in enumerate(MODE_NAMES))
NO_MODE = Mode("none", -1)


def mode_of(index: int) -> Mode:
    """The Mode of a mode number (-1: none)."""
    return MODES[index] if index >= 0 else NO_MODE
