"""The facts of one hand that scoring expressions read, and the lines of its score.

Kept apart from `scoring` so that `exprsource` (which writes expressions over these facts)
and `scoring` (which compiles clauses through `exprsource`) do not import each other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from jassdsl.core.roles import no_roles

Fn = Callable[["HandFacts", int], Any]


class Lots(Protocol):
    """What scoring needs of the game's chance: draw a lot, and take draws back."""

    def randrange(self, n: int) -> int: ...
    def getstate(self) -> Any: ...
    def setstate(self, state: Any) -> None: ...


@dataclass(slots=True)
class HandFacts:
    """What happened in one hand, per subject, plus the game totals so far.

    Slots: one is made per hand. `memo` keeps what `most`/`least` worked out for this
    hand, per call site; only calls whose arguments read nothing that scoring changes
    (totals, change, `bound`) are kept there."""

    n: int
    players: int
    hand: int
    points: list[int]
    tricks: list[int]
    won: list[int]  # bitmask of cards taken
    trick_winners: list[int]  # subject per trick
    declared: dict[str, list[int]]
    totals: dict[str, list[int]]
    options: dict[str, int | str]
    rng: Lots  # where a lot is drawn: the game's chance
    bound: list[int] | None = None
    change: dict[str, list[int]] = field(default_factory=dict)  # filled after scoring
    weis: list[int] = field(default_factory=list)  # Weis points scored, per subject
    stoeck: list[int] = field(default_factory=list)  # Stöck points, per subject
    playing: list[int] = field(default_factory=list)  # 1 if taking part, per subject; []: all
    in_play: int = 0  # card points of the cards in play, with the last-trick bonus
    table_weis: list[int] = field(default_factory=list)  # Weise lying in its tricks
    table_stoeck: list[int] = field(default_factory=list)  # Stöck lying in one of its tricks
    roles: list[int] = field(default_factory=no_roles)  # per role: the subject holding it
    role_seats: list[int] = field(default_factory=no_roles)  # per role: the seat holding it
    seat_declared: dict[str, list[int]] = field(default_factory=dict)  # per seat, not team
    mode: int = -1  # the hand's mode number (`in NAME`): 0-3 a trump suit, 4 obenabe, ...
    side: list[int] = field(default_factory=list)  # sides formed per hand: side per subject
    multiplier: int = 1  # the multiplier of the scoresheet's column played in this hand
    kept: dict[str, int] = field(default_factory=dict)  # numbers kept across hands, by name
    # (`Checks.kept_names`), as they stand for this hand
    _rank: list[int] | None = field(default=None, repr=False)
    _sharing: list[int] | None = field(default=None, repr=False)
    memo: dict[object, list[Any]] = field(default_factory=dict, init=False, repr=False,
                                          compare=False)

    def rank(self, s: int) -> int:
        if self._rank is None:
            p = self.points
            self._rank = [1 + sum(1 for q in p if q > x) for x in p]
        return self._rank[s]

    def sharing(self, s: int) -> int:
        if self._sharing is None:
            p = self.points
            self._sharing = [sum(1 for q in p if q == x) for x in p]
        return self._sharing[s]


class Grant(NamedTuple):
    """One line of a hand's score: who gets how much of which unit (or holds it).

    A named tuple: immutable and cheap, as every hand makes some."""

    subject: int
    unit: str
    amount: int
    held_with: tuple[int, ...] = ()  # held in abeyance between these subjects
    released: bool = False  # an amount held in an earlier hand, paid out now
