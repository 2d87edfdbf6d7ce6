"""The game engine: one `Game` for every variant, driven by actions.

Seats are numbered 0..n-1 counter-clockwise: seat i+1 sits to the right of seat i and
plays after it. Forehand is the seat to the dealer's right. Declarations (trump choice,
push, estimates) are actions just like card plays; all randomness comes from the one
seeded generator of the game, so a seed and the list of actions replay a game exactly.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, NamedTuple

from jassdsl.actions import (
    DECLINE,
    DISCARDS,
    FOLD,
    JOIN,
    PASS,
    PUSH,
    ROB_NO,
    ROB_YES,
    SWAP,
    TAKE,
    TRUMPS,
    WEIS_NO,
    WEIS_YES,
    Action,
    declare_actions,
    flaw,
    is_index,
    legal_names,
    mask_plays,
)
from jassdsl.cards import CARD_NAMES, SUIT_MASKS, mask_cards
from jassdsl.compiler import CompiledRules, Declaring
from jassdsl.deal import BITS, DECK, deal_plan, next_seat, shuffle_deck, split_piles, trick_seats
from jassdsl.errors import ApiUsageError, IllegalActionError, InvariantError, OptionError
from jassdsl.play import FollowRule, excluded_reasons, follow_plain, follow_rule, trick_winner
from jassdsl.registry import load_rules
from jassdsl.scoring import Grant, HandFacts, score_hand
from jassdsl.tables import MODE_INDEX, MODE_NAMES, ModeTable, chunk_points
from jassdsl.weis import (
    Weis,
    best_seat,
    hand_weise,
    stoeck_holder,
    trick_bonuses,
    trump_made_in,
)

HAND_LIMIT = 1000  # a game that has not ended after this many hands is stopped


WINNER = itemgetter(2)  # of a Trick: who took it


class Trick(NamedTuple):
    """One finished trick: who led, the cards in play order, who took it.

    A named tuple rather than a dataclass: playouts make millions of them."""

    leader: int
    cards: tuple[int, ...]
    winner: int


class HandResult(NamedTuple):
    """The record of one finished hand: tricks, points, the clause that fired, the grants.

    A named tuple rather than a frozen dataclass: as immutable, and made at a fifth of
    the cost, once per hand. Nothing may change the dicts inside it."""

    number: int
    dealer: int
    trump: str  # mode name, or "none"
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


@dataclass
class State:
    """The mutable part of a game; copied for undo."""

    hand_no: int = 1
    dealer: int = 0
    phase: str = "play"
    current: int = 0
    hands: list[int] = field(default_factory=list)
    dealt: tuple[int, ...] = ()
    mode: int = -1  # -1: no trump set (yet)
    chooser: int = -1
    pushed: bool = False
    decl_index: int = 0
    decl_count: int = 0
    declared: dict[str, list[int]] = field(default_factory=dict)
    trick: list[int] = field(default_factory=list)
    leader: int = 0
    tricks: list[Trick] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    totals: dict[str, list[int]] = field(default_factory=dict)
    pending: list[tuple[str, tuple[int, ...], int]] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)
    shown: int = -1  # a card shown to all (the bottom card), or -1
    weis_todo: int = 0  # seats (bits) that still decide on their Weis in the first trick
    weis_offer: tuple[tuple[Weis, ...], ...] = ()  # per seat: the Weise it may declare
    weis_said: tuple[tuple[Weis, ...], ...] = ()  # per seat: the Weise it declared
    weis_points: tuple[int, ...] = ()  # per subject, once the first trick is over
    bid: int = -1  # the highest bid of the auction so far, -1: none
    bidder: int = -1  # who made it
    passes: int = 0  # passes in a row since the last bid (or since the auction began)
    redeals: int = 0  # hands dealt anew because everybody passed, in the whole game
    table: int = 0  # seats still at the table (bits)
    playing: int = 0  # seats taking part in this hand (bits)
    piles: dict[str, int] = field(default_factory=dict)  # leftover cards per pile (bits)
    out: int = 0  # cards out of play in this hand: folded or swapped hands (bits)
    turned: int = -1  # the turned trump card, while it lies on the table
    seen: int = -1  # a pile's bottom card that everybody may see
    said: int = 0  # how many have said whether they take part
    swapped: int = -1  # the seat that took a pile for its hand
    robbed: int = -1  # the seat that robbed the turned card
    in_cards: int = 0  # the cards in play (of those taking part) when play began
    left: list[int] = field(default_factory=list)  # per seat: hand after which it left, or 0
    in_hands: tuple[int, ...] = ()  # per seat: the cards held when play began
    pile_cards: dict[str, tuple[int, ...]] = field(default_factory=dict)  # as laid, top first
    improving: tuple[int, ...] = ()  # seats still to swap cards for their own pile
    discards: int = 0  # cards the current seat still lays away
    taking: bool = False  # the current seat takes its pile after discarding
    looked: list[int] = field(default_factory=list)  # per seat: a declined pile it has seen
    improved: list[tuple[int, str]] = field(default_factory=list)  # who took or refused

    def copy(self) -> State:
        return State(
            self.hand_no, self.dealer, self.phase, self.current, list(self.hands), self.dealt,
            self.mode, self.chooser, self.pushed, self.decl_index, self.decl_count,
            {k: list(v) for k, v in self.declared.items()}, list(self.trick), self.leader,
            list(self.tricks), list(self.won), {k: list(v) for k, v in self.totals.items()},
            list(self.pending), list(self.results), self.shown, self.weis_todo,
            self.weis_offer, self.weis_said, self.weis_points, self.bid, self.bidder,
            self.passes, self.redeals, self.table, self.playing, dict(self.piles), self.out,
            self.turned, self.seen, self.said, self.swapped, self.robbed, self.in_cards,
            list(self.left), self.in_hands, dict(self.pile_cards), self.improving,
            self.discards, self.taking, list(self.looked), list(self.improved),
        )


class Game:
    """A whole game of one variant; see the module docstring for seats and actions.

    `rules` is a variant name from rules/, a path to a .jass file, or `CompiledRules` from
    `load_rules`. `options` (a dict such as ``{"target": 1200}``) go with a name or path;
    compiled rules have theirs already, so options given with them raise OptionError
    (pass them to `load_rules(name, options)` instead). `seed` is a whole number >= 0
    (None: drawn from the system). With `record` every action is kept in `history` and can
    be taken back with `undo`. Misuse raises the errors of `jassdsl.errors`: see the Python
    API section of docs/en/engine-authors.md.
    """

    def __init__(
        self,
        rules: CompiledRules | str | os.PathLike[str],
        seed: int | None = None,
        options: dict[str, int | str] | None = None,
        record: bool = True,
        check_invariants: bool = True,
    ) -> None:
        if isinstance(rules, CompiledRules):
            if options:
                raise OptionError(
                    f"options are fixed when rules are compiled: {rules.name} was compiled "
                    f"with {rules.options}; pass options to load_rules(name, options) or "
                    "give Game the variant name with options=")
            self.rules = rules
        else:
            self.rules = load_rules(rules, options)  # checks the name and the options
        if seed is not None and (type(seed) is not int or seed < 0):
            raise ApiUsageError(f"seed must be a whole number >= 0 or None, not {seed!r}")
        self.seed = seed
        self.check_invariants = check_invariants
        self.rng = random.Random(seed)
        self.record = record
        self.history: list[Action] = []
        self._undo: list[tuple[State, Any]] = []
        self._failed: BaseException | None = None  # an error that left the game half-changed
        r = self.rules
        # the follow regime per trump mode, as closures made once per game
        self.follow_by_mode: dict[int, FollowRule] = {
            mode: follow_rule(r.play, table) for mode, table in r.modes.items()
        }
        self._last_legal: tuple[tuple[int, ...], int] = ((), 0)
        self._declare_actions = [declare_actions(d.name, d.low, d.high) for d in r.declarations]
        self._floors = [(u, info.floor) for u, info in r.units.items() if info.floor is not None]
        self._table_phases = bool(r.piles or r.take_part or r.improve is not None
                                  or r.rob_rank >= 0)
        self.s = State(totals={u: [0] * r.subjects for u in r.units},
                       table=(1 << r.players) - 1, left=[0] * r.players,
                       looked=[0] * r.players)
        self.s.dealer = self.rng.randrange(r.players) if r.first_dealer_lot else 0
        self._start_hand()

    # -- reading the state
    @property
    def n(self) -> int:
        return self.rules.players

    @property
    def phase(self) -> str:
        return self.s.phase

    @property
    def current_player(self) -> int:
        return self.s.current

    @property
    def is_over(self) -> bool:
        return self.s.phase == "over"

    @property
    def results(self) -> list[HandResult]:
        return self.s.results

    @property
    def trump_table(self) -> ModeTable | None:
        return self.rules.modes[self.s.mode] if self.s.mode >= 0 else None

    def order_table(self) -> ModeTable:
        """The table that decides tricks now (the fallback mode while no trump is set)."""
        s, r = self.s, self.rules
        mode = s.mode if s.mode >= 0 else r.fallback
        return r.modes[mode if mode is not None else MODE_INDEX["obenabe"]]

    def hand_of(self, seat: int) -> list[int]:
        """The cards (indices) in one seat's hand."""
        return mask_cards(self.s.hands[self._seat(seat)])

    def _seat(self, seat: object) -> int:
        """A seat number as the API takes it, or ApiUsageError naming the valid range."""
        if type(seat) is not int or not 0 <= seat < self.n:
            raise ApiUsageError(f"a seat is a whole number from 0 to {self.n - 1}, not {seat!r}")
        return seat

    def legal_mask(self) -> int:
        """The legal cards of the current player as a bitmask (0 outside the play phase)."""
        s = self.s
        if s.phase != "play":
            return 0
        return self._legal(s.hands[s.current], s.trick, s.mode)

    def _legal(self, hand: int, trick: list[int], mode: int) -> int:
        """As play.legal_mask, with the follow rule of the game's mode at hand.

        Remembers its last answer: `apply` checks the card against the very mask that
        `legal_actions` has just computed."""
        if not trick:
            return hand
        key = (hand, mode, *trick)
        if key == self._last_legal[0]:
            return self._last_legal[1]
        if mode < 0:
            legal = follow_plain(hand, trick[0] // 9, -1)
        else:
            top = trick[trick_winner(trick, self.rules.modes[mode])]
            legal = self.follow_by_mode[mode](hand, trick[0] // 9, top)
        self._last_legal = (key, legal)
        return legal

    def legal_actions(self) -> list[Action]:
        s, r = self.s, self.rules
        if s.phase == "play":
            return mask_plays(self.legal_mask())
        if s.phase == "trump":
            acts = [TRUMPS[mode] for mode in r.trump_choices]
            if r.push and not s.pushed:
                acts.append(PUSH)
            return acts
        if s.phase == "declare":
            return self._declare_legal()
        if s.phase == "auction":
            d = r.declarations[s.decl_index]
            return [*self._declare_actions[s.decl_index][max(0, s.bid + 1 - d.low):], PASS]
        if s.phase == "weis":
            return [WEIS_YES, WEIS_NO]
        if s.phase == "take part":
            acts = [JOIN]
            if s.table.bit_count() >= r.fold_from:
                acts.append(FOLD)
            if r.swap_pile is not None and s.swapped < 0 and s.piles.get(r.swap_pile):
                acts.append(SWAP)
            return acts
        if s.phase == "rob":
            return [ROB_YES, ROB_NO]
        if s.phase == "improve":
            if s.discards:
                return [DISCARDS[c] for c in mask_cards(s.hands[s.current])]
            return [TAKE, DECLINE]
        return []

    def _legal_names(self) -> list[str]:
        """The legal actions as an error message names them (a run of values as a range)."""
        return legal_names(self.legal_actions())

    def why_illegal(self, card: int) -> str:
        """The regime statement that forbids a card now ('' when it is legal)."""
        s = self.s
        if not is_index(card, len(CARD_NAMES)):
            raise ApiUsageError(f"a card is a whole number from 0 to {len(CARD_NAMES) - 1}, "
                                f"not {card!r}")
        if s.phase != "play":
            return ""
        reasons = excluded_reasons(self.rules.play, s.hands[s.current], s.trick,
                                   self.trump_table)
        return reasons.get(card, "" if s.hands[s.current] >> card & 1 else "not in hand")

    # -- changing the state
    def apply(self, action: Action | str) -> None:
        """Play a card or make a declaration (an Action, or its text such as ``"DA"``).

        Atomic: the action is applied and recorded in full, or the game is left exactly as
        it was. Anything that is not a legal action now raises IllegalActionError, which
        names the legal ones. An error of the rules themselves (InvariantError) takes the
        game back to where it was before the action; with ``record=False`` no copy is kept
        to go back to, so such a game refuses every later action (ApiUsageError)."""
        if self._failed is not None:
            raise ApiUsageError(f"the game stopped at an error that a game without history "
                                f"(record=False) cannot take back; start a new game: "
                                f"{self._failed}")
        if type(action) is not Action:
            action = self._as_action(action)
        s = self.s
        phase = s.phase
        card = phase == "play" and action.kind == "play" and type(action.value) is int
        if not card and (why := flaw(action)):  # a card number is checked as it is played
            raise IllegalActionError(action, self._legal_names(), why)
        if phase == "over":
            raise IllegalActionError(action, [], "the game is over")
        if not self.record:
            try:
                self._play(action.value) if card else self._dispatch(action)
            except IllegalActionError:
                raise  # raised before anything changed
            except BaseException as err:
                self._failed = err
                raise
            return
        saved = (s.copy(), self.rng.getstate())
        try:
            self._dispatch(action)
        except BaseException:
            self.s = saved[0]
            self.rng.setstate(saved[1])
            raise
        self._undo.append(saved)
        self.history.append(action)

    def _as_action(self, action: object) -> Action:
        """Text read as an action; anything else that is not an Action is illegal."""
        if not isinstance(action, str):
            raise IllegalActionError(repr(action), self._legal_names(),
                                     "not an Action or an action's text")
        try:
            return Action.parse(action)
        except ApiUsageError:
            raise IllegalActionError(repr(action), self._legal_names(),
                                     "not an action's text") from None

    def _dispatch(self, action: Action) -> None:
        """Hand a well-formed action to the phase that takes it."""
        s = self.s
        phase = s.phase
        if phase == "play" and action.kind == "play":
            self._play(action.value)
        elif phase == "trump" and action.kind in ("trump", "push"):
            self._choose_trump(action)
        elif phase == "declare" and action.kind == self.rules.declarations[s.decl_index].name:
            self._declare(action.value)
        elif phase == "auction" and action.kind in (
                "pass", self.rules.declarations[s.decl_index].name):
            self._bid(action)
        elif phase == "weis" and action in (WEIS_YES, WEIS_NO):
            self._say_weis(action.value == 1)
        elif phase == "improve" and action in self.legal_actions():
            self._improve(action)
        elif phase == "take part" and action in self.legal_actions():
            self._take_part(action)
        elif phase == "rob" and action in self.legal_actions():
            self._rob(action)
        else:
            raise IllegalActionError(action, self._legal_names(),
                                     f"the game expects a {phase} action")

    def undo(self) -> Action:
        """Take back the last action (needs record=True); returns it."""
        if not self._undo:
            raise ApiUsageError("nothing to undo: " + (
                "no action applied yet" if self.record else "the game keeps no history "
                "(record=False)"))
        state, rng_state = self._undo.pop()
        self.s = state
        self.rng.setstate(rng_state)
        return self.history.pop()

    # -- phases
    def _start_hand(self) -> None:
        s, r = self.s, self.rules
        deck = DECK[:]  # the cards as bits, so that a hand is the sum of its cards
        shuffle_deck(deck, self.rng.getrandbits)
        n, each, packet = r.players, r.cards_each, r.packet
        forehand = next_seat(n, s.dealer, s.table)
        seats = trick_seats(n, s.table)[forehand]
        # hands counted from forehand among the seats at the table
        dealt = [sum(cards_of(deck)) for cards_of in deal_plan(len(seats), each, packet)]
        if len(seats) == n:  # everybody at the table: turn the list to start at seat 0
            hands = dealt[n - forehand:] + dealt[:n - forehand] if forehand else dealt
        else:
            hands = [0] * n
            for seat, cards in zip(seats, dealt, strict=True):
                hands[seat] = cards
        pos = each // packet * packet * len(seats)
        if self._table_phases:  # what piles, taking part and bettering left in the last hand
            s.piles, s.pile_cards = {}, {}
            s.looked, s.improved = [0] * n, []
            s.out = 0
            s.turned = s.seen = s.swapped = s.robbed = -1
            s.said = 0
        s.playing = s.table
        s.hands = hands
        s.dealt = tuple(hands)
        s.won = [0] * n
        s.tricks = []
        s.trick = []
        s.leader = forehand
        s.current = forehand
        s.pushed = False
        s.declared = {d.name: [0] * n for d in r.declarations} if r.declarations else {}
        s.decl_index = s.decl_count = 0
        s.bid = s.bidder = -1
        s.passes = 0
        s.shown = -1
        s.mode = -1
        kind = r.trump_kind
        if kind == "random_suit":
            s.mode = self.rng.randrange(4)
        elif kind == "bottom_card":
            s.shown = deck[pos - 1].bit_length() - 1
            s.mode = s.shown // 9
        elif kind == "none":
            s.mode = r.fallback if r.fallback is not None else -1
        if r.piles:
            rest = [b.bit_length() - 1 for b in deck[pos:]]
            self.lay_piles(split_piles(r.piles, r.own_piles, rest, seats),
                           deck[pos - 1].bit_length() - 1)
        if r.improve is not None:
            self.begin_after_deal()
        else:
            self._after_deal()

    def begin_after_deal(self) -> None:
        """The phases after the deal: bettering hands with own piles, then who plays, an
        auction, trump or the declarations. Also used to replay a recorded deal."""
        s, r = self.s, self.rules
        s.improving = ()
        if r.improve is not None:
            first = [s.dealer] if r.dealer_sees else []
            seats = trick_seats(r.players, s.table)[next_seat(r.players, s.dealer, s.table)]
            order = dict.fromkeys([*first, *seats])  # the dealer first, then from forehand
            s.improving = tuple(x for x in order if s.piles.get(f"{r.improve}:{x}"))
            if s.improving:
                self._next_improver()
                return
        self._after_deal()

    def _after_deal(self) -> None:
        """Who plays, an auction, a trump choice or straight on to the declarations."""
        s, r = self.s, self.rules
        forehand = next_seat(r.players, s.dealer, s.table)
        if r.take_part:
            s.phase, s.playing, s.current = "take part", 0, forehand
        elif r.auction >= 0:
            s.phase, s.decl_index = "auction", r.auction
        elif r.trump_kind == "forehand_chooses":
            s.phase, s.chooser = "trump", forehand
        else:
            self._after_trump()

    def _next_improver(self) -> None:
        """The next player who may swap cards for their own pile; a dealer who sees the
        pile first takes it into the hand and then discards."""
        s, r = self.s, self.rules
        if not s.improving:
            self._after_deal()
            return
        seat, s.improving = s.improving[0], s.improving[1:]
        s.phase, s.current, s.discards = "improve", seat, 0
        if r.dealer_sees and seat == s.dealer:
            key = f"{r.improve}:{seat}"
            s.hands[seat] |= s.piles[key]
            s.piles[key] = 0
            s.discards = r.improve_cards
            s.improved.append((seat, "took"))

    def _improve(self, action: Action) -> None:
        s, r = self.s, self.rules
        seat = s.current
        key = f"{r.improve}:{seat}"
        if action == TAKE:
            s.discards = r.improve_cards
            s.taking = True
            s.improved.append((seat, "took"))
            return
        elif action == DECLINE:  # declined aloud: the pile goes out of play, seen by its owner
            s.improved.append((seat, "refused"))
            s.looked[seat] = s.piles[key]
            s.out |= s.piles[key]
            s.piles[key] = 0
        else:
            s.hands[seat] ^= 1 << action.value
            s.out |= 1 << action.value
            s.discards -= 1
            if s.discards:
                return
            if s.taking:  # the cards are laid away; now the pile comes into the hand
                s.hands[seat] |= s.piles[key]
                s.piles[key] = 0
        s.taking = False
        self._next_improver()

    def lay_piles(self, laid: dict[str, list[int]], bottom: int) -> None:
        """Lay the cards left over as the rule file's piles (each listed from its top card)
        and turn trump: the top card of the first pile that has cards, else the bottom
        card of the deal (`bottom`, the dealer's last card) is shown. Everybody sees the
        bottom card of the pile the file shows. Also used to replay a recorded deal."""
        s, r = self.s, self.rules
        s.pile_cards = {name: () for name, _ in r.piles if name not in r.own_piles}
        s.pile_cards.update((name, tuple(cards)) for name, cards in laid.items())
        s.piles = {name: sum(1 << c for c in cards) for name, cards in s.pile_cards.items()}
        s.turned = s.seen = -1
        if r.trump_kind == "turned":
            top = next((cards[0] for name in r.turned_piles
                        if (cards := s.pile_cards.get(name))), -1)
            if top >= 0:
                s.turned, s.shown = top, -1
            else:
                s.shown = bottom
            s.mode = (top if top >= 0 else bottom) // 9
        shown = s.pile_cards.get(r.show_pile or "")
        if shown:
            s.seen = shown[-1]

    def _take_part(self, action: Action) -> None:
        """One player says whether they play: join, fold (the hand goes out of play) or
        swap (take the pile for the hand, which goes out of play, and play)."""
        s, r = self.s, self.rules
        seat = s.current
        if action == FOLD:
            s.out |= s.hands[seat]
            s.hands[seat] = 0
        else:
            s.playing |= 1 << seat
            if action == SWAP and r.swap_pile is not None:
                s.out |= s.hands[seat]
                s.hands[seat] = s.piles[r.swap_pile]
                s.piles[r.swap_pile] = 0
                s.swapped = seat  # a turned card on the pile went with it
        s.said += 1
        if s.said < s.table.bit_count():
            s.current = next_seat(r.players, seat, s.table)
            return
        if not s.playing:  # nobody plays: the hand is over before it began
            s.weis_said, s.weis_points = ((),) * r.players, (0,) * r.subjects
            s.in_cards, s.in_hands = 0, tuple(s.hands)
            self._finish_hand()
            return
        self._ask_rob()

    def _ask_rob(self) -> None:
        """After everybody has said, the holder of the robbing card may take the turned one."""
        s, r = self.s, self.rules
        if r.rob_rank >= 0 and s.turned >= 0 and s.swapped < 0:
            six = s.turned // 9 * 9 + r.rob_rank
            holder = next((x for x in range(r.players) if s.hands[x] >> six & 1), -1)
            if holder >= 0 and s.playing >> holder & 1:
                s.phase, s.current = "rob", holder
                return
        self._after_trump()

    def _rob(self, action: Action) -> None:
        s, r = self.s, self.rules
        if action == ROB_YES:
            six = s.turned // 9 * 9 + r.rob_rank
            swap = 1 << six | 1 << s.turned
            s.hands[s.current] ^= swap
            for name, mask in s.piles.items():
                if mask >> s.turned & 1:
                    s.piles[name] = mask ^ swap
            s.robbed = s.current
        self._after_trump()

    def _bid(self, action: Action) -> None:
        """One turn of the auction: a bid above the highest, or a pass.

        The auction ends when everybody else has passed in a row after the highest bid, or
        at once on the highest possible bid. When everybody passes without a bid, the next
        dealer deals anew; the hand keeps its number."""
        s, r = self.s, self.rules
        d = r.declarations[s.decl_index]
        n = r.players
        if action.kind == "pass":
            s.passes += 1
        elif max(d.low, s.bid + 1) <= action.value <= d.high:
            s.bid, s.bidder, s.passes = action.value, s.current, 0
            s.declared[d.name][s.current] = action.value
        else:
            raise IllegalActionError(action, self._legal_names(),
                                     f"a bid must be higher than {s.bid}" if s.bid >= 0 else "")
        s.current = (s.current + 1) % n
        if s.bidder < 0 and s.passes == n:
            s.redeals += 1
            s.dealer = (s.dealer + 1) % n
            self._start_hand()
        elif s.bidder >= 0 and (s.passes == n - 1 or s.bid == d.high):
            if r.trump_kind == "bidder_chooses":
                s.phase, s.chooser, s.current = "trump", s.bidder, s.bidder
            else:
                self._after_trump()

    def _after_trump(self) -> None:
        s = self.s
        s.current = (s.dealer + 1) % self.n
        self._next_declaration(0)

    def _next_declaration(self, index: int) -> None:
        """Open the first declaration after trump from `index` on, or start play."""
        s, r = self.s, self.rules
        while index < len(r.declarations) and r.declarations[index].auction:
            index += 1
        if index == len(r.declarations):
            self._start_play()
            return
        d = r.declarations[index]
        s.phase, s.decl_index, s.decl_count = "declare", index, 0
        s.current = (s.bidder + 1) % self.n if d.after_bidder else (s.dealer + 1) % self.n
        if d.bidder_keeps is not None:
            s.declared[d.name][s.bidder] = s.declared[d.bidder_keeps][s.bidder]
            if s.current == s.bidder:
                s.current = (s.current + 1) % self.n

    def _declare_turns(self, d: Declaring) -> int:
        """How many seats declare: everybody, or all but the highest bidder."""
        return self.n - (d.bidder_keeps is not None)

    def _declare_legal(self) -> list[Action]:
        """The values open to the current seat; the last may not make the hook total."""
        s, r = self.s, self.rules
        d = r.declarations[s.decl_index]
        acts = self._declare_actions[s.decl_index]
        if d.hook is None or s.decl_count != self._declare_turns(d) - 1:
            return list(acts)
        banned = d.hook - sum(s.declared[d.name])
        return [a for a in acts if a.value != banned]

    def _start_play(self) -> None:
        """Play begins; with Weis, each seat holding one decides before its first card."""
        s, r = self.s, self.rules
        s.phase = "play"
        lead = s.bidder if r.lead_bidder and s.bidder >= 0 else next_seat(
            r.players, s.dealer, s.playing)
        s.leader = s.current = lead
        if r.reads_in_play:
            in_cards = 0
            for seat in trick_seats(r.players, s.playing)[lead]:
                in_cards |= s.hands[seat]
            s.in_cards = in_cards
        if r.take_part:  # the hand record keeps the hands as play began
            s.in_hands = tuple(s.hands)
        if r.weis is None:
            return
        table = r.weis
        s.weis_offer = tuple([hand_weise(h, table, s.mode) for h in s.hands])
        s.weis_said = ((),) * r.players
        s.weis_points = (0,) * r.subjects
        s.weis_todo = sum(1 << seat for seat, w in enumerate(s.weis_offer) if w)
        self._ask_weis()

    def _ask_weis(self) -> None:
        s = self.s
        if s.weis_todo >> s.current & 1:
            s.phase = "weis"

    def _say_weis(self, declare: bool) -> None:
        s = self.s
        seat = s.current
        if declare:
            said = list(s.weis_said)
            said[seat] = s.weis_offer[seat]
            s.weis_said = tuple(said)
        s.weis_todo &= ~(1 << seat)
        s.phase = "play"

    def _score_weis(self) -> None:
        """After the first trick: the side with the best Weis scores all of its Weise."""
        s, r = self.s, self.rules
        if not any(s.weis_said):
            s.weis_points = (0,) * r.subjects
            return
        order = list(trick_seats(r.players, s.playing)[s.tricks[0].leader])
        best = best_seat(dict(enumerate(s.weis_said)), order)
        points = [0] * r.subjects
        if best >= 0:
            side = r.team_of[best]
            for seat, said in enumerate(s.weis_said):
                if r.team_of[seat] == side:
                    points[side] += sum(w.value for w in said)
        s.weis_points = tuple(points)

    def _choose_trump(self, action: Action) -> None:
        s, r = self.s, self.rules
        if action.kind == "push":
            if not r.push or s.pushed:
                raise IllegalActionError(action, self._legal_names(),
                                         "pushing is not allowed now")
            s.pushed = True
            s.current = (s.current + 2) % self.n
            return
        if action.value not in r.trump_choices:
            raise IllegalActionError(action, self._legal_names())
        s.mode = action.value
        self._after_trump()

    def _declare(self, value: int) -> None:
        s, r = self.s, self.rules
        d = r.declarations[s.decl_index]
        if not d.low <= value <= d.high:
            raise IllegalActionError(f"{d.name} {value}", self._legal_names())
        if d.hook is not None and s.decl_count == self._declare_turns(d) - 1 and \
                sum(s.declared[d.name]) + value == d.hook:
            raise IllegalActionError(f"{d.name} {value}", self._legal_names(),
                                     f"the last to declare may not make the total {d.hook}")
        s.declared[d.name][s.current] = value
        s.decl_count += 1
        s.current = (s.current + 1) % self.n
        if d.bidder_keeps is not None and s.current == s.bidder:
            s.current = (s.current + 1) % self.n
        if s.decl_count == self._declare_turns(d):
            self._next_declaration(s.decl_index + 1)

    def _play(self, card: int) -> None:
        s, r = self.s, self.rules
        seat = s.current
        hand = s.hands[seat]
        trick = s.trick
        if not (0 <= card < 36 and self._legal(hand, trick, s.mode) >> card & 1):
            self._reject(card)
        hand ^= 1 << card
        s.hands[seat] = hand
        if s.mode < 0 and trick and card // 9 != trick[0] // 9 and r.trump_kind == "first_void":
            s.mode = card // 9  # the first card of a player who cannot follow sets trump
        trick.append(card)
        seats = trick_seats(r.players, s.playing)[s.leader]
        if len(trick) < len(seats):
            s.current = seats[len(trick)]
            if s.weis_todo:
                self._ask_weis()
            return
        win = seats[trick_winner(trick, self.order_table())]
        s.tricks.append(Trick(s.leader, tuple(trick), win))
        s.won[win] |= sum(map(BITS.__getitem__, trick))
        s.trick = []
        s.leader = s.current = win
        if r.weis is not None and len(s.tricks) == 1:
            self._score_weis()
        if not hand:
            self._finish_hand()

    def _reject(self, card: int) -> None:
        action = Action("play", card)
        why = flaw(action) or self.why_illegal(card)
        raise IllegalActionError(action, self._legal_names(), why)

    # -- scoring
    def _facts(self) -> HandFacts:
        s, r = self.s, self.rules
        team = r.team_of
        k = r.subjects
        p0, p1, p2, p3 = chunk_points(self.order_table())
        taken = s.won
        if k == len(taken):  # every seat scores for itself
            won = list(taken)
            points = [p0[x & 511] + p1[x >> 9 & 511] + p2[x >> 18 & 511] + p3[x >> 27]
                      for x in taken]
            winners = list(map(WINNER, s.tricks))
        else:  # a team's points are those of the cards its players took together
            won = [0] * k
            for seat, x in enumerate(taken):
                won[team[seat]] |= x
            points = [p0[x & 511] + p1[x >> 9 & 511] + p2[x >> 18 & 511] + p3[x >> 27]
                      for x in won]
            winners = [team[w] for w in map(WINNER, s.tricks)]
        tricks = [winners.count(x) for x in range(k)]
        if winners:
            last = winners[-1]
            points[last] += r.last_bonus
            if r.match_bonus and tricks[last] == len(winners):
                points[last] += r.match_bonus
        declared = ({name: self._by_subject(v) for name, v in s.declared.items()}
                    if s.declared else {})
        facts = HandFacts(k, s.table.bit_count(), s.hand_no, points, tricks, won, winners,
                          declared, s.totals, r.options, self.rng)
        if r.take_part or r.leave is not None:
            facts.playing = [0] * k
            for seat in range(r.players):
                if s.playing >> seat & 1:
                    facts.playing[team[seat]] = 1
        if winners and r.reads_in_play:
            c = s.in_cards
            facts.in_play = (p0[c & 511] + p1[c >> 9 & 511] + p2[c >> 18 & 511] + p3[c >> 27]
                             + r.last_bonus + (r.match_bonus if len(set(winners)) == 1 else 0))
        if r.weis is not None or r.stoeck_bonus:
            facts.weis = list(s.weis_points) or [0] * k
            facts.stoeck = [0] * k
            holder = stoeck_holder(s.dealt, s.mode) if r.stoeck_bonus else -1
            if holder >= 0:
                facts.stoeck[team[holder]] = r.stoeck_bonus
        if r.table_bonuses:
            facts.table_weis, facts.table_stoeck = self._table_bonuses()
        return facts

    def _table_bonuses(self) -> tuple[list[int], list[int]]:
        """Per subject: the table Weise and table Stöck lying in the tricks it took."""
        s, r = self.s, self.rules
        weis, stoeck = [0] * r.subjects, [0] * r.subjects
        cards = [t.cards for t in s.tricks]
        since = trump_made_in(cards, r.trump_kind == "first_void")
        for t, (weise, has_stoeck) in zip(
                s.tricks, trick_bonuses(cards, r.weis, s.mode, since), strict=True):
            x = r.team_of[t.winner]
            weis[x] += sum(w.value for w in weise)
            stoeck[x] += r.stoeck_bonus if has_stoeck else 0
        return weis, stoeck

    def _by_subject(self, values: list[int]) -> list[int]:
        out = [0] * self.rules.subjects
        for seat, v in enumerate(values):
            out[self.rules.team_of[seat]] += v
        return out

    def _finish_hand(self) -> None:
        s, r = self.s, self.rules
        facts = self._facts()
        booking = score_hand(r.clauses, facts, s.pending, self._floors)
        if self.check_invariants:
            self._check_invariants(facts)
        clause = booking.clause
        s.results.append(HandResult(
            s.hand_no, s.dealer, MODE_NAMES[s.mode] if s.mode >= 0 else "none", s.dealt,
            tuple(s.tricks), tuple(facts.points),
            {k: tuple(v) for k, v in s.declared.items()} if s.declared else {},
            clause.id if clause else "",
            (*booking.grants, *booking.released), {k: tuple(v) for k, v in s.totals.items()},
            tuple(tuple(tuple(mask_cards(w.cards)) for w in said) for said in s.weis_said)
            if any(s.weis_said) else ((),) * len(s.weis_said),
            self._bonuses(facts),
            self._seats(s.playing) if r.take_part else (), self._leave(facts), s.swapped,
            s.robbed, s.turned, s.in_hands if r.take_part else (), tuple(s.improved),
        ))
        if self._game_ends(facts) or (r.leave is not None and s.table.bit_count() <= 1):
            s.phase = "over"
            return
        s.hand_no += 1
        bidder_deals = r.next_dealer_bidder and s.bidder >= 0
        s.dealer = s.bidder if bidder_deals else next_seat(r.players, s.dealer, s.table)
        self._start_hand()

    @staticmethod
    def _bonuses(facts: HandFacts) -> dict[str, tuple[int, ...]]:
        """Weis and Stöck per subject, from the hand and from the table, where counted."""
        out = {"weis": tuple(facts.weis), "stoeck": tuple(facts.stoeck)} if facts.weis else {}
        if facts.table_weis:
            out |= {"table-weis": tuple(facts.table_weis),
                    "table-stoeck": tuple(facts.table_stoeck)}
        return out

    def _seats(self, mask: int) -> tuple[int, ...]:
        return tuple(x for x in range(self.rules.players) if mask >> x & 1)

    def _leave(self, facts: HandFacts) -> tuple[int, ...]:
        """After scoring: the players for whom the leave condition holds leave the table."""
        s, r = self.s, self.rules
        if r.leave is None:
            return ()
        going = []
        for seat in self._seats(s.table):
            facts.bound = None
            if r.leave(facts, seat):
                going.append(seat)
                s.left[seat] = s.hand_no
                s.table &= ~(1 << seat)
        facts.players = s.table.bit_count()
        return tuple(going)

    def _check_invariants(self, facts: HandFacts) -> None:
        """The rule file's invariants must hold after every hand; a failure is a rule bug."""
        for name, holds in self.rules.invariants:
            facts.bound = None
            if not holds(facts, -1):
                raise InvariantError(
                    f"{self.rules.model.path}: invariant {name!r} does not hold after hand "
                    f"{self.s.hand_no} (seed {self.seed}); points {facts.points}, changes "
                    f"{facts.change}")

    def _game_ends(self, facts: HandFacts) -> bool:
        r, s = self.rules, self.s
        if s.hand_no >= HAND_LIMIT:
            return True
        if r.end_hands is not None:
            return s.hand_no >= r.end_hands
        facts.bound = None
        return bool(r.end_when is not None and r.end_when(facts, -1))

    def standings(self) -> list[tuple[int, int]]:
        """(subject, total in the winner's unit), best first; players who left the table
        come first, in the order they left (the better total first within one hand)."""
        r = self.rules
        unit, sign = r.winner_unit
        totals = [sign * v for v in self.s.totals[unit]]
        left = self.s.left if r.leave is not None else [0] * r.subjects
        order = sorted(range(r.subjects), key=lambda x: (
            left[x] or HAND_LIMIT + 1, -totals[x] if r.winner_most else totals[x]))
        return [(x, totals[x]) for x in order]

    def outcome(self) -> Outcome | None:
        """None while the game runs; then the winners and the standings."""
        if not self.is_over:
            return None
        table = self.standings()
        best = table[0][1]
        left = self.s.left if self.rules.leave is not None else []
        first = left[table[0][0]] if left else 0
        winners = tuple(x for x, v in table if v == best and (not left or left[x] == first))
        reason = "hand limit" if self.s.hand_no >= HAND_LIMIT else "game end"
        gone = tuple(sorted(((x, h) for x, h in enumerate(left) if h),
                            key=lambda p: [y for y, _ in table].index(p[0])))
        return Outcome(winners, tuple(table), reason, len(self.s.results), gone)

    def observation(self, seat: int) -> dict[str, Any]:
        """What one seat may see now: its own hand, the table, public declarations."""
        s, r = self.s, self.rules
        seat = self._seat(seat)
        declared = {}
        for d in r.declarations:
            vals = s.declared.get(d.name, [])
            declared[d.name] = [v if (not d.hidden or i == seat) else None
                                for i, v in enumerate(vals)]
        return {
            "seat": seat,
            "hand": [CARD_NAMES[c] for c in mask_cards(s.hands[seat])],
            "trick": [CARD_NAMES[c] for c in s.trick],
            "leader": s.leader,
            "trump": MODE_NAMES[s.mode] if s.mode >= 0 else None,
            "shown": CARD_NAMES[s.shown] if s.shown >= 0 else None,
            "phase": s.phase,
            "current": s.current,
            "dealer": s.dealer,
            "bidder": s.bidder,  # the highest bidder of an auction so far, or -1
            "hand_number": s.hand_no,
            "tricks": [(t.leader, [CARD_NAMES[c] for c in t.cards], t.winner)
                       for t in s.tricks],
            "declared": declared,
            "totals": {u: list(v) for u, v in s.totals.items()},
            "weis": [[weis_label(w) for w in said] for said in s.weis_said],
            # the Weise this seat may still declare (it decides before its first card)
            "weis_offer": [weis_label(w) for w in s.weis_offer[seat]]
            if s.weis_todo >> seat & 1 else [],
            "table": list(self._seats(s.table)),  # seats still at the table
            "playing": list(self._seats(s.playing)),  # taking part (so far, while asked)
            "piles": {name: mask.bit_count() for name, mask in s.piles.items()},  # sizes only
            "turned": CARD_NAMES[s.turned] if s.turned >= 0 else None,
            "swapped": s.swapped,
            "robbed": s.robbed,
            "seen": CARD_NAMES[s.seen] if s.seen >= 0 else None,
            "looked": [CARD_NAMES[c] for c in mask_cards(s.looked[seat])]
            if s.looked else [],  # its own pile, declined
        }


def weis_label(w: Weis) -> str:
    """A declared Weis as a person says it, e.g. 'sequence of 4 to HK (50)'."""
    if w.kind == "four":
        return f"four {CARD_NAMES[w.top][1:]} ({w.value})"
    return f"sequence of {w.cards.bit_count()} to {CARD_NAMES[w.top]} ({w.value})"


def is_void(hand: int, suit: int) -> bool:
    return not hand & SUIT_MASKS[suit]
