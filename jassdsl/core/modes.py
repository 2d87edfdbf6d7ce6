"""The mode of a hand as a type: which suit is trump, Obenabe, Undenufe, a mode the rule
file defines, or none yet; and the schedule of a file's modes trick by trick.

The engine works with mode numbers (0-3 the suit D H S C is trump, 4 Obenabe, 5
Undenufe, 6, 7, ... the modes the file defines in file order, -1 none), because its tables
are indexed by them. What it hands out (hand records, events, observations) is a `Mode`: a
string equal to the mode's name, so it reads and serialises as before, that also carries
its number and its trump suit (pickled with both, never through a global table).

A mode the file defines (`mode slalom "Slalom": obenabe and undenufe alternating by
trick`) plays each trick in one of the six base modes: `ModeSchedule.trick_mode(mode, k)`
is the base mode of trick k (from 0). Legality and the trick's winner use that trick's
rank order; the hand's card points come from the mode's own point table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jassdsl.core import model as m
from jassdsl.core.tables import MODE_NAMES

BASE_MODES = len(MODE_NAMES)  # 0-5: the suits D H S C as trump, obenabe, undenufe
MAX_TRICKS = 36  # a schedule is long enough for any deal
# `in NAME` for a suit: the letter or the English word
SUIT_WORDS = {"D": 0, "H": 1, "S": 2, "C": 3,
              "diamonds": 0, "hearts": 1, "spades": 2, "clubs": 3}


class Mode(str):
    """A mode's name with its number: ``mode_of(4) == "obenabe"``, ``.number == 4``."""

    number: int
    trump: int

    def __new__(cls, name: str, index: int, trump: int | None = None) -> Mode:
        self = super().__new__(cls, name)
        self.number = index
        self.trump = (index if 0 <= index < 4 else -1) if trump is None else trump
        return self

    @property
    def trump_suit(self) -> int:
        """The trump suit (0-3), or -1 for a mode without trumps."""
        return self.trump

    @property
    def is_set(self) -> bool:
        return self.number >= 0

    def __reduce__(self) -> tuple[Any, ...]:
        return Mode, (str(self), self.number, self.trump)


MODES = tuple(Mode(name, i) for i, name in enumerate(MODE_NAMES))
NO_MODE = Mode("none", -1)


def mode_of(index: int) -> Mode:
    """The Mode of a base mode number (-1: none); a file's modes through its schedule."""
    return MODES[index] if index >= 0 else NO_MODE


def mode_numbers(rf: m.RuleFile) -> dict[str, int]:
    """Every mode name of a file with its number: the base modes, then the file's own."""
    names = {name: i for i, name in enumerate(MODE_NAMES)}
    for i, d in enumerate(rf.modes):
        names.setdefault(d.name, BASE_MODES + i)
    return names


def plan(d: m.ModeDef, numbers: dict[str, int]) -> tuple[int, ...]:
    """The base mode of each trick of a file's mode, for MAX_TRICKS tricks."""
    parts = [numbers[w.text] for w in d.parts]
    if d.kind == "alternating":
        return tuple(parts[k % len(parts)] for k in range(MAX_TRICKS))
    out: list[int] = []
    for part, count in zip(parts, d.counts, strict=False):
        out += [part] * count
    out += [parts[-1]] * MAX_TRICKS
    return tuple(out[:MAX_TRICKS])


def in_mode(name: str, mode: int, numbers: dict[str, int]) -> bool:
    """`in NAME`: whether a hand in this mode number is played in NAME (`suits`: any trump
    suit; a suit by letter or word; obenabe, undenufe, or a mode the file defines)."""
    if name == "suits":
        return 0 <= mode < 4
    want = SUIT_WORDS.get(name, numbers.get(name, -2))
    return mode == want


@dataclass(frozen=True)
class ModeSchedule:
    """Every mode of a file by number, and the base mode of each trick of its own modes."""

    names: tuple[str, ...] = MODE_NAMES  # by number: the six base modes, then the file's
    titles: tuple[str, ...] = ()  # the file's modes as a player names them ("Slalom")
    tricks: tuple[tuple[int, ...], ...] = ()  # per file mode: the base mode of each trick
    trumps: tuple[int, ...] = ()  # per file mode: its trump suit (all tricks alike), or -1
    goals: tuple[str, ...] = ()  # per file mode: what its side wants (`ModeDef.goal`)

    @classmethod
    def of(cls, rf: m.RuleFile) -> ModeSchedule:
        numbers = mode_numbers(rf)
        plans = tuple(plan(d, numbers) for d in rf.modes)
        return cls(
            names=(*MODE_NAMES, *(d.name for d in rf.modes)),
            titles=tuple(d.title or d.name for d in rf.modes),
            tricks=plans,
            trumps=tuple(common_trump(p) for p in plans),
            goals=tuple(d.goal for d in rf.modes),
        )

    def avoids_tricks(self, mode: int) -> bool:
        """Whether the side playing this mode wants the fewest points or no tricks (a
        Misère): the bots then stay out of tricks, whatever the file's winner."""
        return mode >= BASE_MODES and mode - BASE_MODES < len(self.goals) and \
            self.goals[mode - BASE_MODES] != ""

    def trick_mode(self, mode: int, k: int) -> int:
        """The base mode that decides trick k (from 0) of a hand in this mode."""
        if mode < BASE_MODES:
            return mode
        return self.tricks[mode - BASE_MODES][min(k, MAX_TRICKS - 1)]

    def parts(self, mode: int) -> tuple[int, ...]:
        """The base modes a mode is played in (itself for a base mode)."""
        if mode < BASE_MODES:
            return (mode,)
        return tuple(dict.fromkeys(self.tricks[mode - BASE_MODES]))

    def mode(self, index: int) -> Mode:
        """The Mode of a number, with its name (-1: none)."""
        if index < BASE_MODES:
            return mode_of(index)
        return Mode(self.names[index], index, self.trumps[index - BASE_MODES])

    def number(self, name: str) -> int:
        """The number of a mode name (a suit letter, obenabe, a file's mode), or -1."""
        return self.names.index(name) if name in self.names else -1


def common_trump(plan_: Sequence[int]) -> int:
    """The trump suit shared by every trick of a plan, or -1."""
    first = plan_[0]
    return first if first < 4 and all(p == first for p in plan_) else -1
