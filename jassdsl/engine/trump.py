"""Trump: set by a rule at the deal (drawn at random, the dealer's bottom card, none), or
chosen by a player (forehand, or the highest bidder) with pushing to the partner or on to
the next player. Trump by a schedule is `mechanisms/schedule.py`; the scoresheet,
`mechanisms/sheet.py`.

A pile's turned card is the piles' business (`piles.Piles.lay`); trump set by the first
card of a player who cannot follow is play's (`tricks.Play`).
"""

from __future__ import annotations

from collections.abc import Callable

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import PUSH, TRUMPS, Action
from jassdsl.core.deal import next_seat
from jassdsl.core.errors import IllegalActionError
from jassdsl.core.roles import BIDDER, CHOOSER, PUSHER
from jassdsl.engine.events import Pushed, TrumpSet
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.state import State, TrumpPart


class TrumpByRule(Phase):
    """Trump the rule file sets when the cards are dealt; never waits."""

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.kind = rules.trump_kind
        self.fallback = rules.fallback if rules.fallback is not None else -1

    def at_deal(self, g: Table, bottom: int) -> None:
        """Set the mode for the new hand; `bottom` is the dealer's last card."""
        s, kind = g.s, self.kind
        if kind == "random_suit":
            s.mode = g.chance.draw(4)
            if g.log is not None:
                g.emit(TrumpSet(s.hand_no, self.rules.mode(s.mode), "drawn"))
        elif kind == "bottom_card":
            s.shown = bottom
            s.mode = bottom // 9
            if g.log is not None:
                g.emit(TrumpSet(s.hand_no, self.rules.mode(s.mode), "shown", card=bottom))
        elif kind == "none":
            s.mode = self.fallback
            if s.mode >= 0 and g.log is not None:
                g.emit(TrumpSet(s.hand_no, self.rules.mode(s.mode), "fixed"))


def can_push(rules: CompiledRules) -> bool:
    """Whether the file lets a player push the trump choice at all (`push_target`)."""
    return rules.push or rules.push_next


def push_target(g: Table, part: TrumpPart, can_choose: Callable[[int], bool]) -> int:
    """Where a push goes now, or -1 when pushing is not allowed: to the partner across
    (once), or on to the next player at the table who can choose; when it has come back
    to the first, the first must choose."""
    s, r = g.s, g.rules
    if r.push_next:
        if s.current == part.first and part.pushes:
            return -1
        seat = s.current
        for _ in range(r.players):
            seat = next_seat(r.players, seat, s.table)
            if can_choose(seat):
                break
        return seat if seat != s.current else -1
    if r.push and not part.pushed:
        to = (s.current + 2) % r.players
        return to if can_choose(to) else -1
    return -1


def push(g: Table, part: TrumpPart, to: int) -> None:
    """The current player pushes: `to` chooses now."""
    s = g.s
    part.pushed = True
    part.pushes += 1
    seat = s.current
    if s.roles[PUSHER] < 0:  # the pusher is who pushed first (forehand)
        s.roles[PUSHER] = seat
    s.current = part.chooser = to
    if g.log is not None:
        g.emit(Pushed(s.hand_no, seat, to))


def anyone(seat: int) -> bool:
    return True


class TrumpChoice(Phase):
    """A player names trump: forehand, or the highest bidder after an auction. Where the
    file allows it, forehand may push: once to the partner opposite, or on to the next
    player until it comes back to forehand, who must then choose."""

    name = "trump"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.trump_kind in ("forehand_chooses", "bidder_chooses")

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.choices = [TRUMPS[mode] for mode in rules.trump_choices]
        self.with_push = [*self.choices, PUSH]
        self.by_bidder = rules.trump_kind == "bidder_chooses"

    def new_part(self, s: State) -> None:
        s.trump = TrumpPart()

    def new_hand(self, g: Table) -> None:
        assert g.s.trump is not None
        g.s.trump.pushed, g.s.trump.pushes, g.s.trump.chooser = False, 0, -1

    def begin(self, g: Table) -> bool:
        s = g.s
        part = s.trump
        assert part is not None
        if self.by_bidder:
            bidder = s.roles[BIDDER]
            if bidder < 0:
                return False
            named = next((mode for p in g.hooks("named_mode")
                          if (mode := p.named_mode(g)) >= 0), -1)
            if named >= 0:  # the highest bid named the mode already: nobody is asked
                self.set_mode(g, named, bidder, "bid")
                return False
            s.phase, part.chooser, s.current = "trump", bidder, bidder
        else:  # forehand of those who play (an earlier phase may have taken turns)
            forehand = next_seat(self.rules.players, s.dealer, s.playing or s.table)
            s.phase, part.chooser, s.current = "trump", forehand, forehand
        part.first = part.chooser
        return True

    def legal(self, g: Table) -> list[Action]:
        assert g.s.trump is not None
        pushing = push_target(g, g.s.trump, anyone) >= 0
        return list(self.with_push if pushing else self.choices)

    def accepts(self, g: Table, action: Action) -> bool:
        return action.kind in ("trump", "push")

    def kinds_asked(self) -> tuple[str, ...]:
        return ("trump", "push") if can_push(self.rules) else ("trump",)

    def take(self, g: Table, action: Action) -> None:
        s, r = g.s, self.rules
        part = s.trump
        assert part is not None
        if action.kind == "push":
            to = push_target(g, part, anyone)
            if to < 0:
                raise IllegalActionError(action, g.legal_names(), "pushing is not allowed now")
            push(g, part, to)
            return
        if action.value not in r.trump_choices:
            raise IllegalActionError(action, g.legal_names())
        self.set_mode(g, action.value, s.current)
        g.advance(self)

    def set_mode(self, g: Table, mode: int, seat: int, named: str = "") -> None:
        """`seat` chose the hand's mode (or named it with the highest bid: `named`)."""
        s = g.s
        assert s.trump is not None
        s.mode = mode
        s.trump.chooser = s.roles[CHOOSER] = seat
        if g.log is not None:
            g.emit(TrumpSet(s.hand_no, self.rules.mode(s.mode), "chosen", seat, named=named))
