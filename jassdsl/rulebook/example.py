"""A worked example for a variant page: the engine plays the first hand from a fixed seed.

The players choose at random among the legal actions (a seeded generator of their own), so
the example shows the rules at work, not good play. Everything shown is read from the
engine's events and record of the hand, never computed a second time by the rulebook,
except the points of each trick, which the page adds up and a test compares with the
engine's totals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from jassdsl.actions import Action
from jassdsl.cards import mask_cards
from jassdsl.compiler import CompiledRules
from jassdsl.engine import Game, HandResult
from jassdsl.engine.events import (
    ColumnTaken,
    Dealt,
    Declared,
    Event,
    Pushed,
    TrickTaken,
    TrumpSet,
    from_last_deal,
)
from jassdsl.modes import BASE_MODES
from jassdsl.tables import MODE_INDEX, ModeTable
from jassdsl.textview import seat_names

SEED = 11


@dataclass(frozen=True)
class TrickRow:
    number: int
    leader: int
    cards: tuple[int, ...]  # in playing order, starting with the leader
    winner: int
    points: int
    seats: tuple[int, ...] = ()  # who played the cards, in order
    mode: str = ""  # the base mode the trick was played in, where a file's mode changes it


@dataclass(frozen=True)
class Example:
    seed: int
    result: HandResult
    hands: tuple[tuple[int, ...], ...]  # per seat, the cards dealt
    shown: int  # a card shown to all (the bottom card), or -1
    calls: tuple[Declared | Pushed | ColumnTaken | TrumpSet, ...]  # bids, pushes, the choice
    first_void: tuple[int, int, int] | None  # (trick number, seat, card) that set trump
    rows: tuple[TrickRow, ...]
    trick_sums: tuple[int, ...]  # per subject, the sum of its tricks' points

    @property
    def forehand(self) -> int:
        return (self.result.dealer + 1) % len(self.hands)

    @property
    def leads_first(self) -> int:
        """Who leads the first trick: forehand, or the first player from forehand on who
        takes part in the hand."""
        playing = self.result.playing or tuple(range(len(self.hands)))
        n = len(self.hands)
        return next((self.forehand + i) % n for i in range(n)
                    if (self.forehand + i) % n in playing)


def declaration_value(legal: list[Action], players: int, rng: random.Random) -> Action:
    """A declared number near an even share of its range, so the example looks plausible:
    the legal value nearest to it (the lower of two as near), since steps (`in steps of
    10`) and the last player's forbidden total leave gaps in the range."""
    values = sorted(a.value for a in legal)
    low, high = values[0], values[-1]
    centre = low + (high - low) // players
    spread = max(1, (high - low) // (2 * players))
    want = min(high, max(low, centre + rng.randint(-spread, spread)))
    return min(legal, key=lambda a: (abs(a.value - want), a.value))


def points_table(rules: CompiledRules, trump: str) -> ModeTable:
    """The table the hand was counted with: its final mode (a file's mode has one, its own
    or its parts', which agree), or the fallback without trump."""
    number = rules.schedule.number(trump)
    if number in rules.modes:
        return rules.modes[number]
    if trump in MODE_INDEX:
        return rules.modes[MODE_INDEX[trump]]
    return rules.modes[rules.settled_mode(-1)]


def trick_modes(rules: CompiledRules, trump: str, tricks: int) -> tuple[str, ...]:
    """Per trick, the name of the base mode it was played in ('obenabe', 'undenufe', a suit
    letter) when the hand's mode plays its tricks in different modes (Slalom), else ''."""
    number = rules.schedule.number(trump)
    names = tuple(rules.mode_names[rules.trick_mode(number, k)] for k in range(tricks)) \
        if number >= BASE_MODES else ()
    return names if len(set(names)) > 1 else ("",) * tricks


def dealt(result: HandResult) -> tuple[tuple[int, ...], ...]:
    """Per seat, the cards dealt (the record keeps bitmasks or card lists)."""
    out = []
    for hand in result.in_hands or result.hands:
        out.append(tuple(mask_cards(hand)) if isinstance(hand, int) else tuple(sorted(hand)))
    return tuple(out)


def play_example(rules: CompiledRules, seed: int = SEED) -> Example:
    """Play the first hand of a game with random legal actions and record what happened."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.results:
        legal = game.legal_actions()
        phase = game.phase
        if phase == "declare":
            action = declaration_value(legal, rules.players, rng)
        elif phase == "take part":  # mostly play, so that the example has tricks
            playing = [a for a in legal if a.kind != "fold"]
            action = rng.choice(playing if rng.random() < 0.75 else legal)
        elif phase == "auction":
            action = legal[-1] if rng.random() < 0.5 else legal[0]  # pass, or the lowest bid
        else:
            action = rng.choice(legal)
        game.apply(action)
    result = game.results[0]
    events = from_last_deal(game.hand_events(result.number))
    deal = events[0]
    assert isinstance(deal, Dealt)
    tricks = [e for e in events if isinstance(e, TrickTaken)]
    per_trick = result.trick_points(points_table(rules, result.trump), rules.last_bonus)
    modes = trick_modes(rules, result.trump, len(tricks))
    rows = tuple(TrickRow(t.number, t.leader, t.cards, t.winner, p, t.seats, k)
                 for t, p, k in zip(tricks, per_trick, modes, strict=True))
    sums = [0] * rules.subjects
    for row in rows:
        sums[rules.team_of[row.winner]] += row.points
    return Example(seed, result, dealt(result), deal.shown, calls(rules, events),
                   first_void(events), rows, tuple(sums))


def calls(rules: CompiledRules, events: list[Event]
          ) -> tuple[Declared | Pushed | ColumnTaken | TrumpSet, ...]:
    """The bids and passes of the auction, the pushes, the column of the scoresheet and
    the trump choice, in order."""
    auction = rules.declarations[rules.auction].name if rules.auction >= 0 else ""
    return tuple(e for e in events if isinstance(e, Pushed | ColumnTaken)
                 or (isinstance(e, Declared) and e.name == auction)
                 or (isinstance(e, TrumpSet) and e.how == "chosen"))


def first_void(events: list[Event]) -> tuple[int, int, int] | None:
    """(trick number, seat, card) of the card that set trump by not following suit."""
    tricks = 0
    for e in events:
        if isinstance(e, TrickTaken):
            tricks += 1
        elif isinstance(e, TrumpSet) and e.how == "first void":
            return tricks + 1, e.seat, e.card
    return None


def seat_name(seat: int) -> str:
    """A seat named as at the terminal (P0, P1, ...), so it never reads like a suit letter."""
    return seat_names(seat + 1)[seat]


def subject_label(rules: CompiledRules, subject: int) -> str:
    """'P0' for a player, 'P0+P2' for a team."""
    if rules.subjects == rules.players:
        return seat_name(subject)
    return "+".join(seat_name(s) for s in range(rules.players) if rules.team_of[s] == subject)
