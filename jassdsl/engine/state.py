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
    """Declared values per declaration and seat (modules `declare` and `auction`)."""

    declared: dict[str, list[int]] = field(default_factory=dict)
    index: int = 0  # the declaration open now
    count: int = 0  # how many have declared it

    def copy(self) -> DeclarePart:
        return DeclarePart({k: list(v) for k, v in self.declared.items()}, self.index,
                           self.count)


@dataclass
class AuctionPart:
    """The auction (module `auction`)."""

    bid: int = -1  # the highest bid so far, -1: none
    bidder: int = -1  # who made it
    passes: int = 0  # passes in a row since the last bid (or since the auction began)
    redeals: int = 0  # hands dealt anew because everybody passed, in the whole game
    passed: int = 0  # bitmask of the seats that passed in this hand (`a pass is final`)
    mode: int = -1  # the mode the highest bid names (`naming the mode`), -1: none

    def copy(self) -> AuctionPart:
        return AuctionPart(self.bid, self.bidder, self.passes, self.redeals, self.passed,
                           self.mode)


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
    auction: AuctionPart | None = None
    piles: PilesPart | None = None
    # per role of jassdsl.core.roles: the seat holding it in this hand, or -1; the deal resets
    # them, the phase that makes a role writes it
    roles: list[int] = field(default_factory=no_roles)
    parts: dict[str, Part] = field(default_factory=dict)  # per phase name: its part

    def copy(self) -> State:
        return State(
            self.hand_no, self.dealer, self.phase, self.current, list(self.hands), self.dealt,
            self.mode, self.shown, list(self.trick), self.leader, list(self.tricks),
            list(self.won), {k: list(v) for k, v in self.totals.items()}, list(self.pending),
            list(self.results), self.table, self.playing, list(self.left), self.in_cards,
            self.in_hands,
            self.trump.copy() if self.trump else None,
            self.declare.copy() if self.declare else None,
            self.auction.copy() if self.auction else None,
            self.piles.copy() if self.piles else None,
            list(self.roles),
            {k: v.copy() for k, v in self.parts.items()},
        )

    @property
    def bidder(self) -> int:
        """The highest bidder of the auction so far, or -1 (also without an auction)."""
        return self.auction.bidder if self.auction is not None else -1
