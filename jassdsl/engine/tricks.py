"""Play: the tricks of a hand. Legality comes from the rule file's follow regime for the
mode of the trick being played, the trick's winner from its rank tables.

A mode the file defines (Slalom, Guschti, ...) plays each trick in a base mode: the
schedule's `trick_mode(mode, k)` names it, and legality and the winner of trick k use it.

Every decision of a trick is one of `Play`'s functions of (mode, trick number, cards):
`base_of` and `follow_in` (which cards are legal), `order_table` (who takes the trick).
The fast random playout (`playout.play_tricks`) uses the same ones (`plan` gathers them
per trick), so a hand has one definition.

Other mechanisms act in play through its hooks (`Phase.on_play`, `on_card`, `on_turn`,
`on_trick`): the first void sets trump on a card, the Weis question waits before a
seat's first card, table Weis notes each trick. `Play` knows none of them by name."""

from __future__ import annotations

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.play import FollowRule, beat_rows, follow_plain, follow_rule, trick_winner
from jassdsl.core.actions import Action, flaw, mask_plays
from jassdsl.core.deal import BITS, next_seat, trick_seats
from jassdsl.core.errors import IllegalActionError
from jassdsl.core.modes import MAX_TRICKS
from jassdsl.core.tables import ModeTable
from jassdsl.engine.events import CardPlayed, TrickTaken
from jassdsl.engine.phase import Phase, Table, overrides
from jassdsl.engine.records import Trick

BeatRows = tuple[tuple[bool, ...], ...]  # rows[a][b]: b takes a trick a is winning


class Play(Phase):
    name = "play"

    def __init__(self, rules: CompiledRules, subscribers: tuple[Phase, ...] = ()) -> None:
        super().__init__(rules)
        # the follow regime per trump mode, as closures made once per game
        self.follow_by_mode: dict[int, FollowRule] = {
            mode: follow_rule(rules.play, table) for mode, table in rules.modes.items()}
        self.subscribe(subscribers)
        self.last_legal: tuple[tuple[int, ...], int] = ((), 0)
        self.plans: dict[int, tuple[tuple[FollowRule, BeatRows], ...]] = {}

    def order_table(self, mode: int, k: int = 0) -> ModeTable:
        """The table that decides trick k (from 0) in a mode (the fallback while no trump
        is set); a file's mode plays each trick in the base mode its schedule names."""
        r = self.rules
        return r.modes[r.trick_mode(r.settled_mode(mode), k)]

    def points_table(self, mode: int) -> ModeTable:
        """The table whose card points count a hand in a mode (the fallback while no
        trump is set): a file's mode has its own points, whichever tricks it plays how."""
        return self.rules.modes[self.rules.settled_mode(mode)]

    def base_of(self, mode: int, k: int) -> int:
        """The mode whose follow regime holds in trick k (from 0) of a hand in a mode
        (-1: no trump set yet, so the plain regime of `follow_in`)."""
        return self.rules.trick_mode(mode, k) if mode >= 0 else mode

    def trick_base(self, g: Table) -> int:
        """The mode whose order and regime hold for the open trick (-1: none set yet)."""
        s = g.s
        return self.base_of(s.mode, len(s.tricks))

    def follow_in(self, base: int) -> FollowRule:
        """The follow regime of a trick base (`base_of`): the file's regime under its
        table, or follow suit if possible while no trump is set."""
        return self.follow_by_mode[base] if base >= 0 else follow_plain

    def plan(self, mode: int) -> tuple[tuple[FollowRule, BeatRows], ...]:
        """Per trick k of a hand in a mode: its follow regime (`follow_in(base_of)`) and
        the rows of its deciding table (`beat_rows(order_table)`), for loops that play
        many tricks (`playout.play_tricks`). Made once per mode for all games of the
        compiled rules: cached on the mode's table, under everything else it reads."""
        plan = self.plans.get(mode)
        if plan is None:
            r = self.rules
            cache = r.modes[r.settled_mode(mode)].cache
            key = ("plan", mode, r.play, r.fallback, r.mode_schedule)
            plan = cache.get(key)
            if plan is None:
                plan = cache[key] = tuple(
                    (self.follow_in(self.base_of(mode, k)), beat_rows(self.order_table(mode, k)))
                    for k in range(MAX_TRICKS))
            self.plans[mode] = plan
        return plan

    def subscribe(self, phases: tuple[Phase, ...]) -> None:
        """The phases of the chain that act in play, per hook, in chain order."""
        self.play_hooks = tuple(p for p in phases if overrides(p, "on_play"))
        self.card_hooks = tuple(p for p in phases if overrides(p, "on_card"))
        self.turn_hooks = tuple(p for p in phases if overrides(p, "on_turn"))
        self.trick_hooks = tuple(p for p in phases if overrides(p, "on_trick"))
        self.watchers = tuple({id(p): p for p in (*self.card_hooks, *self.turn_hooks)}.values())
        # a mechanism changes the hands before play: the record keeps them as play begins
        self.keeps_hands = any(p.changes_hands for p in phases)

    def quiet(self, g: Table) -> bool:
        """Whether no subscriber acts on the cards and turns left in this hand (at a trick
        boundary), so that the fast playout may play them in its own loop."""
        return all(p.quiet(g) for p in self.watchers)

    def restless(self, g: Table) -> tuple[Phase, ...]:
        """The subscribers that may still act on cards and turns in this hand (at a trick
        boundary): the fast playout asks them trick by trick whether they are `calm`."""
        return tuple(p for p in self.watchers if not p.quiet(g))

    def turn(self, g: Table) -> None:
        """A seat is about to play: a subscriber may make play wait for its action."""
        for p in self.turn_hooks:
            if p.on_turn(g):
                return

    def begin(self, g: Table) -> bool:
        """Play begins; with Weis, each seat holding one decides before its first card."""
        s, r = g.s, self.rules
        s.phase = "play"
        role = s.roles[r.lead_role] if r.lead_role >= 0 else -1
        lead = role if role >= 0 else next_seat(r.players, s.dealer, s.playing)
        s.leader = s.current = lead
        if r.reads_in_play:
            in_cards = 0
            for seat in trick_seats(r.players, s.playing)[lead]:
                in_cards |= s.hands[seat]
            s.in_cards = in_cards
        if self.keeps_hands:  # the hands as play begins (`Phase.changes_hands`)
            s.in_hands = tuple(s.hands)
        for p in self.play_hooks:
            p.on_play(g)
        self.turn(g)
        return True

    def legal_mask(self, hand: int, trick: list[int], mode: int) -> int:
        """The legal cards of a hand on a trick in a mode.

        Remembers its last answer: `apply` checks the card against the very mask that
        `legal_actions` has just computed."""
        if not trick:
            return hand
        key = (hand, mode, *trick)
        if key == self.last_legal[0]:
            return self.last_legal[1]
        top = trick[trick_winner(trick, self.rules.modes[mode])] if mode >= 0 else -1
        legal = self.follow_in(mode)(hand, trick[0] // 9, top)
        self.last_legal = (key, legal)
        return legal

    def legal(self, g: Table) -> list[Action]:
        s = g.s
        return mask_plays(self.legal_mask(s.hands[s.current], s.trick, self.trick_base(g)))

    def accepts(self, g: Table, action: Action) -> bool:
        return action.kind == "play"

    def kinds_asked(self) -> tuple[str, ...]:
        return ("play",)

    def take(self, g: Table, action: Action) -> None:
        self.play(g, action.value)

    def play(self, g: Table, card: int) -> None:
        s, r = g.s, self.rules
        seat = s.current
        hand = s.hands[seat]
        trick = s.trick
        if not (0 <= card < 36 and self.legal_mask(hand, trick, self.trick_base(g)) >> card & 1):
            action = Action("play", card)
            raise IllegalActionError(action, g.legal_names(),
                                     flaw(action) or g.why_illegal(card))
        hand ^= 1 << card
        s.hands[seat] = hand
        for p in self.card_hooks:
            p.on_card(g, seat, card)
        log = g.log
        trick.append(card)
        if log is not None:
            log.append(CardPlayed(s.hand_no, seat, card))
        seats = trick_seats(r.players, s.playing)[s.leader]
        if len(trick) < len(seats):
            s.current = seats[len(trick)]
            if self.turn_hooks:
                self.turn(g)
            return
        win = seats[trick_winner(trick, self.order_table(s.mode, len(s.tricks)))]
        done = Trick(s.leader, tuple(trick), win)
        s.tricks.append(done)
        if log is not None:
            log.append(TrickTaken(s.hand_no, len(s.tricks), *done, seats))
        s.won[win] |= sum(map(BITS.__getitem__, trick))
        s.trick = []
        s.leader = s.current = win
        for p in self.trick_hooks:
            p.on_trick(g, done)
        if not s.hands[seat]:  # (a card-hook may have given the seat a card: turned up)
            g.finish_hand()
        elif self.turn_hooks:
            self.turn(g)
