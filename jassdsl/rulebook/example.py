"""A worked example for a variant page: the engine plays the first hand from a fixed seed.

The heuristic bots (`jassdsl.bots`, seeded from the game seed) play every seat, so the
example looks like Jass. Everything shown is read from the engine's events and record of
the hand, never computed a second time by the rulebook, except the points of each trick,
which the page adds up and a test compares with the engine's totals.

Where a rule decided a card, the example keeps why: the regime statement that excluded
the other cards (`Game.why_illegal`, the one source the conformance corpus also cites),
the exception that allowed a card (a legality path of `corpus.coverage.legal_paths`), and
why a trick went to a card that is not the highest of the suit led (a trump, the order of
the trick's mode).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jassdsl.bots.kinds import make_bots
from jassdsl.bots.view import trick_order
from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.play import UNDERTRUMP, highest_trump
from jassdsl.core.cards import mask_cards
from jassdsl.core.modes import BASE_MODES
from jassdsl.core.tables import MODE_INDEX, ModeTable
from jassdsl.corpus.coverage import legal_paths
from jassdsl.engine import Game, HandResult
from jassdsl.engine.events import (
    Dealt,
    Declared,
    Event,
    Pushed,
    TrickTaken,
    TrumpSet,
    from_last_deal,
)
from jassdsl.rulebook.textview import seat_names

SEED = 11
# The legality paths (`corpus.coverage.PATHS`) on which a card is allowed that the regime
# forbids otherwise: the Puur kept back, a lower trump when only trumps (or, in the weak
# regime, no card of the suit led) are left.
EXCEPTIONS = ("puur-exempt", "undertrump-strict-only-trumps", "undertrump-weak-void")


@dataclass(frozen=True)
class Forced:
    """A card the rules decided: the only legal one, one played although a rule forbade
    others (undertrumping), or one an exception allowed."""

    trick: int  # the trick's number, from 1
    seat: int
    card: int
    excluded: tuple[tuple[str, tuple[int, ...]], ...]  # per regime statement, the cards it
    # excluded from the hand (`Game.why_illegal`), in the order of their first card
    only: bool  # the card played was the only legal one
    exception: str = ""  # the path of EXCEPTIONS that allowed the card


@dataclass(frozen=True)
class TrickRow:
    number: int
    leader: int
    cards: tuple[int, ...]  # in playing order, starting with the leader
    winner: int
    points: int
    seats: tuple[int, ...] = ()  # who played the cards, in order
    mode: str = ""  # the base mode the trick was played in, where a file's mode changes it
    won_by: str = ""  # why the winning card is not the highest of the suit led: 'trump'
    # (a trump on a side suit), 'trump-order' (trump led: the trump order), 'order' (the
    # order of the mode, e.g. the lowest wins); '' where the highest of the suit led wins
    order: str = ""  # the name of the base mode whose order decided the trick


@dataclass(frozen=True)
class Example:
    seed: int
    result: HandResult
    hands: tuple[tuple[int, ...], ...]  # per seat, the cards dealt
    shown: int  # a card shown to all (the bottom card), or -1
    calls: tuple[Any, ...]  # bids, pushes, a mechanism's calls (`Terminal.calls`), the choice
    set_by_card: tuple[int, int, int] | None  # (trick number, seat, card) that set trump
    rows: tuple[TrickRow, ...]
    trick_sums: tuple[int, ...]  # per subject, the sum of its tricks' points
    forced: tuple[Forced, ...] = ()  # the cards the rules decided, in playing order

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


def points_table(rules: CompiledRules, trump: str) -> ModeTable:
    """The table the hand was counted with: its final mode (a file's mode has one, its own
    or its parts', which agree), or the fallback without trump."""
    number = rules.mode_schedule.number(trump)
    if number in rules.modes:
        return rules.modes[number]
    if trump in MODE_INDEX:
        return rules.modes[MODE_INDEX[trump]]
    return rules.modes[rules.settled_mode(-1)]


def trick_modes(rules: CompiledRules, trump: str, tricks: int) -> tuple[str, ...]:
    """Per trick, the name of the base mode it was played in ('obenabe', 'undenufe', a suit
    letter) when the hand's mode plays its tricks in different modes (Slalom), else ''."""
    number = rules.mode_schedule.number(trump)
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
    """Play the first hand of a game with the heuristic bots and record what happened."""
    game = Game(rules, seed=seed)
    bots = make_bots("heuristic", rules.players, seed)
    forced: list[Forced] = []
    orders: list[int] = []  # per trick taken, the base mode that decided it
    while not game.results:
        seat = game.current_player
        action = bots[seat].choose(game, seat)
        playing, k = game.phase == "play", game.tricks_played
        if playing:
            note = forced_card(game, rules, seat, action.value)
            if note is not None:
                forced.append(note)
        game.apply(action)
        if playing and (game.results or game.tricks_played > k):  # the trick is taken
            mode = rules.mode_schedule.number(game.results[0].trump) if game.results else game.mode
            orders.append(trick_order(rules, mode, k))
    result = game.results[0]
    events = from_last_deal(game.hand_events(result.number))
    deal = events[0]
    assert isinstance(deal, Dealt)
    tricks = [e for e in events if isinstance(e, TrickTaken)]
    per_trick = result.trick_points(points_table(rules, result.trump), rules.last_bonus)
    modes = trick_modes(rules, result.trump, len(tricks))
    orders = orders[-len(tricks):] if tricks else []
    rows = tuple(TrickRow(t.number, t.leader, t.cards, t.winner, p, t.seats, k,
                          won_by(rules, t.cards, t.seats.index(t.winner), order),
                          rules.mode_names[rules.settled_mode(order)])
                 for t, p, k, order in zip(tricks, per_trick, modes, orders, strict=True))
    sums = [0] * rules.subjects
    for row in rows:
        sums[rules.team_of[row.winner]] += row.points
    return Example(seed, result, dealt(result), deal.shown, calls(rules, events),
                   card_set_trump(events), rows, tuple(sums), tuple(forced))


def forced_card(game: Game, rules: CompiledRules, seat: int, card: int) -> Forced | None:
    """Why the rules decided this card, or None where the player chose freely among
    several cards (a lead, a free discard, following with a choice)."""
    hand, trick = game.hand_mask(seat), list(game.trick)
    if not trick or hand.bit_count() < 2:
        return None
    excluded: dict[str, list[int]] = {}
    for c in mask_cards(hand):
        reason = game.why_illegal(c)
        if reason:
            excluded.setdefault(reason, []).append(c)
    base = trick_order(rules, game.mode, game.tricks_played)
    only = hand.bit_count() - sum(len(v) for v in excluded.values()) == 1
    number = game.tricks_played + 1
    told = tuple((k, tuple(v)) for k, v in excluded.items())
    exception = allowed_by(rules, hand, trick, base, card)
    if exception:
        return Forced(number, seat, card, told, only, exception)
    if only or any(k == UNDERTRUMP for k in excluded):
        return Forced(number, seat, card, told, only)
    return None


def allowed_by(rules: CompiledRules, hand: int, trick: list[int], base: int, card: int) -> str:
    """The path of EXCEPTIONS that let this card be played, where it mattered: the Puur
    kept back (a card of another suit on a trump lead), a lower trump played."""
    if base < 0:
        return ""
    table = rules.modes[base]
    for path in legal_paths(rules, hand, trick, base):
        if path not in EXCEPTIONS:
            continue
        if path == "puur-exempt" and card // 9 != table.trump:
            return path
        best = highest_trump(trick, table)
        if path != "puur-exempt" and best >= 0 and table.lower_trumps[best] >> card & 1:
            return path
    return ""


def won_by(rules: CompiledRules, cards: tuple[int, ...], winner: int, order: int) -> str:
    """Why cards[winner] took the trick, where the highest card of the suit led did not:
    a trump on a side suit ('trump'), the trump order on a trump lead ('trump-order'),
    the order of the trick's mode ('order'); '' otherwise."""
    led = cards[0] // 9
    face = min((c for c in cards if c // 9 == led), key=lambda c: c % 9)  # A first
    if cards[winner] == face:
        return ""
    table = rules.modes.get(rules.settled_mode(order))
    trump = table.trump if table is not None else -1
    if trump >= 0 and cards[winner] // 9 == trump:
        return "trump-order" if led == trump else "trump"
    return "order"


def calls(rules: CompiledRules, events: list[Event]
          ) -> tuple[Any, ...]:
    """The calls a mechanism tells in the story of how trump was set (the events of its
    `calls` types: a column of the scoresheet; the bids and passes of an auction, events
    it tells with `Rulebook.example_call`), the pushes and the trump choice, in order."""
    said = tuple(kind for x in rules.mechanisms for kind in x.terminal.calls)
    tellers = [x.rulebook.example_call for x in rules.mechanisms if x.rulebook.example_call is not None]
    return tuple(e for e in events if isinstance(e, (Pushed, *said))
                 or (isinstance(e, Declared) and any(
                     tell("en", rules, e) is not None for tell in tellers))
                 or (isinstance(e, TrumpSet) and e.how == "chosen"))


def card_set_trump(events: list[Event]) -> tuple[int, int, int] | None:
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
