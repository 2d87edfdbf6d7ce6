"""What happened, as typed events: the game's log, one event per thing a player sees.

A game that keeps history (``record=True``) appends an event for every deal, declaration,
card, trick, count and end to `Game.events`; `Game.hand_events(k)` gives one hand's.
Consumers (the terminal, the rulebook's worked example, the corpus) read these instead of
comparing the game's state before and after an action. Cards are card numbers and modes
are `Mode`s; `jassdsl.core.cards.CARD_NAMES` names the cards.

Every event carries the number of the hand it belongs to. `undo` takes back the events
of the actions it takes back. A mechanism's own events live in its module
(`jassdsl/mechanisms/`), subclasses of `Event` as these are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jassdsl.compile.handfacts import Grant
from jassdsl.core.modes import Mode


@dataclass(frozen=True, slots=True)
class Event:
    hand: int  # the hand's number in the game


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The cards are dealt. `hands` per seat (bitmasks); a card shown to everybody (the
    dealer's bottom card) or -1; the piles as laid, each from its top card; the turned
    card or -1. `redeals` counts the deals made anew in this game so far (everybody passed)."""

    dealer: int
    hands: tuple[int, ...]
    shown: int = -1
    piles: tuple[tuple[str, tuple[int, ...]], ...] = ()
    turned: int = -1
    redeals: int = 0


@dataclass(frozen=True, slots=True)
class TrumpSet(Event):
    """The hand's mode is set, and how: 'chosen' (by `seat`), 'drawn' (at random),
    'shown' (the bottom card), 'turned' (a pile's top card), 'first void' (the first card
    of a player who could not follow, `seat`), 'fixed' (by the rule file). `card`: the
    card that set it (shown, turned, first void), else -1. `named`: where `seat` did not
    choose freely, how its mode came: 'bid' (its highest bid named it), 'wish' (it could
    not follow and wished it); the narrator and the hand's report say so."""

    mode: Mode
    how: str
    seat: int = -1
    card: int = -1
    named: str = ""


@dataclass(frozen=True, slots=True)
class Pushed(Event):
    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """A declaration (an estimate, a bid) or a pass in an auction (value -1, `passed`).
    `kept`: the highest bidder's value of a declaration it keeps from its bid, set without
    a turn of its own. `mode`: the mode a bid names with its number (`naming the mode`)."""

    seat: int
    name: str
    value: int
    hidden: bool = False
    passed: bool = False
    kept: bool = False
    mode: str = ""


@dataclass(frozen=True, slots=True)
class DealtAgain(Event):
    """Everybody passed in the auction: the next dealer deals this hand anew."""

    dealer: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    number: int  # 1 for the hand's first trick
    leader: int
    cards: tuple[int, ...]
    winner: int
    seats: tuple[int, ...] = ()  # who played the cards, in play order from the leader


@dataclass(frozen=True, slots=True)
class LotDrawn(Event):
    """Scoring drew a lot: `value` among `of`."""

    of: int
    value: int


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """The hand is counted: the clause that fired ('' none), the points per subject,
    what was granted, the totals after it, and a fact that won the game at once."""

    clause: str
    points: tuple[int, ...]
    grants: tuple[Grant, ...]
    totals: tuple[tuple[str, tuple[int, ...]], ...]
    won_with: str = ""


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    reason: str


def from_last_deal(events: Sequence[Event]) -> list[Event]:
    """One hand's events (`Game.hand_events`) from its last deal on: where everybody
    passed, the cards were dealt anew and what came before no longer counts."""
    start = max((i for i, e in enumerate(events) if isinstance(e, Dealt)), default=0)
    return list(events[start:])
