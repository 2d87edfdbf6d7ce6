"""The mutable part of a game, copied for undo: the table's core and one part per mechanism.

The core is what every variant has (hands, tricks, totals, whose turn). Each mechanism
keeps its own small part, made only when the rule file uses that mechanism (None
otherwise), and written only by its phase module. Newer mechanisms keep it in `parts`,
keyed by the phase's name, each part with its own `copy()`; the older ones still have a
named field each.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from jassdsl.core.roles import no_roles
from jassdsl.engine.records import HandResult, Trick


class Part(Protocol):
    """A mechanism's part of the state: copied with the state, for undo and search."""

    def copy(self) -> Any: ...


@dataclass
class TrumpPart:
    """Trump chosen by a player (the trump phase, and a mechanism's that pushes as it does)."""

    chooser: int = -1  # who names trump: asked first, then whoever it was pushed to
    pushed: bool = False
    first: int = -1  # the first asked this hand (pushing on comes back to them)
    pushes: int = 0  # pushes so far this hand

    def copy(self) -> TrumpPart:
        return TrumpPart(self.chooser, self.pushed, self.first, self.pushes)


@dataclass
class DeclarePart:
    """Declared values per declaration and seat (module `declare`, and the auction's bids)."""

    declared: dict[str, list[int]] = field(default_factory=dict)
    index: int = 0  # the declaration open now
    count: int = 0  # how many have declared it

    def copy(self) -> DeclarePart:
        return DeclarePart({k: list(v) for k, v in self.declared.items()}, self.index,
                           self.count)


@dataclass
class PilesPart:
    """Cards left over after the deal, laid as piles; the turned card (module `piles`),
    and what taking part, robbing and bettering did with them."""

    piles: dict[str, int] = field(default_factory=dict)  # cards per pile (bits)
    pile_cards: dict[str, tuple[int, ...]] = field(default_factory=dict)  # as laid, top first
    out: int = 0  # cards out of play in this hand: folded or swapped hands (bits)
    turned: int = -1  # the turned trump card, while it lies on the table
    seen: int = -1  # a pile's bottom card that everybody may see
    said: int = 0  # how many have said whether they take part
    swapped: int = -1  # the seat that took a pile for its hand
    robbed: int = -1  # the seat that robbed the turned card
    improving: tuple[int, ...] = ()  # seats still to swap cards for their own pile
    discards: int = 0  # cards the current seat still lays away
    taking: bool = False  # the current seat takes its pile after discarding
    looked: list[int] = field(default_factory=list)  # per seat: a declined pile it has seen
    improved: list[tuple[int, str]] = field(default_factory=list)  # who took or refused

    def copy(self) -> PilesPart:
        return PilesPart(dict(self.piles), dict(self.pile_cards), self.out, self.turned,
                         self.seen, self.said, self.swapped, self.robbed, self.improving,
                         self.discards, self.taking, list(self.looked), list(self.improved))


@dataclass
class State:
    """The core of a game's state; the mechanisms' parts hang off it."""

    hand_no: int = 1
    dealer: int = 0
    phase: str = "play"
    current: int = 0
    hands: list[int] = field(default_factory=list)
    dealt: tuple[int, ...] = ()
    mode: int = -1  # -1: no trump set (yet)
    shown: int = -1  # a card shown to all (the bottom card), or -1
    trick: list[int] = field(default_factory=list)
    leader: int = 0
    tricks: list[Trick] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    totals: dict[str, list[int]] = field(default_factory=dict)
    pending: list[tuple[str, tuple[int, ...], int]] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)
    table: int = 0  # seats still at the table (bits)
    playing: int = 0  # seats taking part in this hand (bits)
    left: list[int] = field(default_factory=list)  # per seat: hand after which it left, or 0
    in_cards: int = 0  # the cards in play (of those taking part) when play began
    in_hands: tuple[int, ...] = ()  # per seat: the cards held when play began
    trump: TrumpPart | None = None
    declare: DeclarePart | None = None
    piles: PilesPart | None = None
    # per role of jassdsl.core.roles: the seat holding it in this hand, or -1; the deal resets
    # them, the phase that makes a role writes it
    roles: list[int] = field(default_factory=no_roles)
    parts: dict[str, Part] = field(default_factory=dict)  # per phase name: its part
    redeals: int = 0  # hands dealt anew because nobody played them, in the whole game
    anew: int = 0  # ... since the last hand played (deals in a row nobody played)

    def copy(self) -> State:
        return State(
            self.hand_no, self.dealer, self.phase, self.current, list(self.hands), self.dealt,
            self.mode, self.shown, list(self.trick), self.leader, list(self.tricks),
            list(self.won), {k: list(v) for k, v in self.totals.items()}, list(self.pending),
            list(self.results), self.table, self.playing, list(self.left), self.in_cards,
            self.in_hands,
            self.trump.copy() if self.trump else None,
            self.declare.copy() if self.declare else None,
            self.piles.copy() if self.piles else None,
            list(self.roles),
            {k: v.copy() for k, v in self.parts.items()},
            self.redeals,
            self.anew,
        )
