"""What a game leaves behind: finished tricks, hand records and the outcome.

Named tuples where playouts make millions of them; nothing in them may be changed once
made (the dicts inside a HandResult included).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from jassdsl.compile.handfacts import Grant
from jassdsl.core.deal import trick_seats
from jassdsl.core.modes import Mode
from jassdsl.core.tables import ModeTable

HAND_LIMIT = 1000  # a game that has not ended after this many hands is stopped


class Trick(NamedTuple):
    """One finished trick: who led, the cards in play order, who took it."""

    leader: int
    cards: tuple[int, ...]
    winner: int


class HandResult(NamedTuple):
    """The record of one finished hand: tricks, points, the clause that fired, the grants.

    A named tuple rather than a frozen dataclass: as immutable, and made at a fifth of
    the cost, once per hand. Nothing may change the dicts inside it."""

    number: int
    dealer: int
    trump: Mode  # the hand's mode (a string with its index), or Mode "none"
    hands: tuple[int, ...]  # per seat, the cards dealt (a bitmask)
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]  # per subject
    declared: dict[str, tuple[int, ...]]
    clause: str
    grants: tuple[Grant, ...]
    totals: dict[str, tuple[int, ...]]
    weis: tuple[tuple[tuple[int, ...], ...], ...] = ()  # per seat: the declared Weise' cards
    bonuses: dict[str, tuple[int, ...]] = {}  # noqa: RUF012  # weis, stoeck per side
    playing: tuple[int, ...] = ()  # seats that took part, when the rules ask who plays
    left: tuple[int, ...] = ()  # seats that left the table after this hand
    swapped: int = -1  # the seat that took a pile for its hand
    robbed: int = -1  # the seat that took the turned trump card for its trump six
    turned: int = -1  # the turned trump card
    in_hands: tuple[int, ...] = ()  # per seat, the cards held when play began (take part)
    improved: tuple[tuple[int, str], ...] = ()  # (seat, "took" or "refused") own piles
    won_with: str = ""  # a fact counted first (`count first:`), or "trick K", that ended the game
    roles: dict[str, int] = {}  # noqa: RUF012  # the roles the file reads: seat, or -1
    column: str = ""  # the scoresheet's column played in this hand
    sheet: int = -1  # ... and the sheet it was played on (per team or per player)

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
