"""What a game leaves behind: finished tricks, hand records and the outcome.

Named tuples where playouts make millions of them; nothing in them may be changed once
made (the dicts inside a HandResult included).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from jassdsl.compile.handfacts import Grant
from jassdsl.core.deal import trick_seats
from jassdsl.core.mechanism import installed_defaults
from jassdsl.core.modes import Mode
from jassdsl.core.tables import ModeTable

# A game that has not ended after this many deals is stopped: hands played and deals made
# anew (everybody passed) alike, so a game whose players never bid stops too.
HAND_LIMIT = 1000
ANEW = "game stopped: {n} deals in a row nobody played"  # the reason, where it stops so


def stopped(reason: str) -> bool:
    """Whether a game's end reason (`Outcome.reason`) is the engine's limit, not the
    rule file's game end: the hand limit, or deals made anew up to it."""
    return reason == "hand limit" or reason.startswith(ANEW.split("{")[0])


class Trick(NamedTuple):
    """One finished trick: who led, the cards in play order, who took it."""

    leader: int
    cards: tuple[int, ...]
    winner: int


class HandResult(NamedTuple):
    """The record of one finished hand: tricks, points, the clause that fired, the grants;
    and per mechanism the part its phase filled (`parts`, by mechanism name).

    A named tuple rather than a frozen dataclass: as immutable, and made at a fifth of
    the cost, once per hand. Nothing may change the dicts inside it. The mechanisms'
    values are read by their old names too (`robbed`, `column`, ...), as the records,
    the corpus and the game files have always written them."""

    number: int
    dealer: int
    trump: Mode  # the hand's mode (a string with its index), or Mode "none"
    hands: tuple[int, ...]  # per seat, the cards dealt (a bitmask)
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]  # per subject
    clause: str
    grants: tuple[Grant, ...]
    totals: dict[str, tuple[int, ...]]
    bonuses: dict[str, tuple[int, ...]] = {}  # noqa: RUF012  # weis, stoeck per side
    won_with: str = ""  # a fact counted first (`count first:`), or "trick K", that ended the game
    roles: dict[str, int] = {}  # noqa: RUF012  # the roles the file reads: seat, or -1
    parts: dict[str, dict[str, Any]] = {}  # noqa: RUF012  # per mechanism: what its phase recorded

    def part(self, mechanism: str, key: str, default: Any) -> Any:
        """A value a mechanism recorded, or its default where the file lacks it."""
        return self.parts.get(mechanism, {}).get(key, default)

    def __getattr__(self, key: str) -> Any:
        """A value a mechanism records under a key it declares (`Runtime.defaults`),
        by that key (`result.talon`), or its default where the file lacks it."""
        if key.startswith("_") or key not in installed_defaults():
            raise AttributeError(key)
        mechanism, default = installed_defaults()[key]
        return self.part(mechanism, key, default)

    @property
    def declared(self) -> dict[str, tuple[int, ...]]:
        """Per declaration, each seat's value (declarations and the auction)."""
        return self.part("declare", "declared", {})  # type: ignore[no-any-return]

    @property
    def playing(self) -> tuple[int, ...]:
        """The seats that took part, when the rules ask who plays."""
        return self.part("take_part", "playing", ())  # type: ignore[no-any-return]

    @property
    def in_hands(self) -> tuple[int, ...]:
        """Per seat, the cards held when play began, where a mechanism changes the hands
        before play and records them (taking part, a talon); () elsewhere."""
        return next((p["in_hands"] for p in self.parts.values() if "in_hands" in p), ())

    @property
    def swapped(self) -> int:
        """The seat that took a pile for its hand, or -1."""
        return self.part("piles", "swapped", -1)  # type: ignore[no-any-return]

    @property
    def robbed(self) -> int:
        """The seat that took the turned trump card for its trump six, or -1."""
        return self.part("piles", "robbed", -1)  # type: ignore[no-any-return]

    @property
    def turned(self) -> int:
        """The turned trump card, or -1."""
        return self.part("piles", "turned", -1)  # type: ignore[no-any-return]

    @property
    def improved(self) -> tuple[tuple[int, str], ...]:
        """(seat, "took" or "refused") own piles."""
        return self.part("piles", "improved", ())  # type: ignore[no-any-return]

    def trick_order(self, leader: int) -> tuple[int, ...]:
        """The seats of a trick of this hand in play order, from its leader (only the
        seats that took part, where the rules ask who plays)."""
        n = len(self.hands)
        mask = sum(1 << x for x in self.playing) if self.playing else (1 << n) - 1
        return trick_seats(n, mask)[leader]

    def first_off_suit(self) -> tuple[int, int, int] | None:
        """(trick number, seat, card) of the first card that did not follow the suit led:
        in a first-void hand, the card that set trump."""
        for number, trick in enumerate(self.tricks, start=1):
            for i, card in enumerate(trick.cards):
                if card // 9 != trick.cards[0] // 9:
                    return number, self.trick_order(trick.leader)[i], card
        return None

    def trick_points(self, table: ModeTable, last_bonus: int) -> list[int]:
        out = [sum(table.points[c] for c in t.cards) for t in self.tricks]
        if out:
            out[-1] += last_bonus
        return out


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winners (subjects), final standings, and why it ended."""

    winners: tuple[int, ...]
    standings: tuple[tuple[int, int], ...]  # (subject, total) best first
    reason: str
    hands: int
    left: tuple[tuple[int, int], ...] = ()  # (seat, hand it left the table after), in order
    first_out: bool = False  # the winners won by being the first to leave the table
