"""The auction: from forehand, each seat bids higher than the highest bid or passes.

It ends when everybody else has passed in a row after the highest bid, or at once on
the highest possible bid. Where `a pass is final`, a seat that passed is skipped for the
rest of the hand's auction, and it ends when everybody but the highest bidder has passed. When everybody passes without a bid, the next dealer deals
anew; the hand keeps its number. The highest bidder is a role (`roles.BIDDER` in
`State.roles`) other phases read: who names trump, who leads, who deals next, who keeps
their bid, and what scoring asks as `bidder`.
"""

from __future__ import annotations

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import PASS, Action, declare_actions
from jassdsl.core.errors import IllegalActionError
from jassdsl.core.roles import BIDDER
from jassdsl.engine.events import DealtAgain, Declared
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.state import AuctionPart, State


class Auction(Phase):
    name = "auction"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.auction >= 0

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.index = rules.auction
        self.decl = rules.declarations[self.index]
        self.bids = declare_actions(self.decl.name, self.decl.values)

    def new_part(self, s: State) -> None:
        s.auction = AuctionPart()

    def new_hand(self, g: Table) -> None:
        part = g.s.auction
        assert part is not None
        part.bid = part.bidder = -1
        part.passes = part.passed = 0

    def begin(self, g: Table) -> bool:
        s = g.s
        assert s.declare is not None
        s.phase, s.declare.index = "auction", self.index
        return True

    def legal(self, g: Table) -> list[Action]:
        assert g.s.auction is not None
        part = g.s.auction
        if part.bidder < 0:
            return [*self.bids, PASS]
        return [*(a for a in self.bids if a.value > part.bid), PASS]

    def accepts(self, g: Table, action: Action) -> bool:
        return action.kind in ("pass", self.decl.name)

    def take(self, g: Table, action: Action) -> None:
        s, d = g.s, self.decl
        part, declared = s.auction, s.declare
        assert part is not None and declared is not None
        n = self.rules.players
        seat = s.current
        if action.kind == "pass":
            part.passes += 1
            part.passed |= 1 << seat
            if g.log is not None:
                g.emit(Declared(s.hand_no, seat, d.name, -1, d.hidden, passed=True))
        elif (part.bidder < 0 or action.value > part.bid) and action.value in d.values:
            part.bid, part.bidder, part.passes = action.value, seat, 0
            s.roles[BIDDER] = seat
            declared.declared[d.name][seat] = action.value
            if g.log is not None:
                g.emit(Declared(s.hand_no, seat, d.name, action.value, d.hidden))
        else:
            raise IllegalActionError(action, g.legal_names(),
                                     f"a bid must be higher than {part.bid}"
                                     if part.bid >= 0 else "")
        s.current = (seat + 1) % n
        everybody = (1 << n) - 1
        if d.pass_final:
            while part.passed >> s.current & 1 and part.passed != everybody:
                s.current = (s.current + 1) % n  # who passed is not asked again
        if part.bidder < 0 and part.passes == n:
            part.redeals += 1
            s.dealer = (s.dealer + 1) % n
            if g.log is not None:
                g.emit(DealtAgain(s.hand_no, s.dealer))
            g.redeal()
        elif part.bidder >= 0 and (part.passes == n - 1 or part.bid == d.top or (
                d.pass_final and part.passed | 1 << part.bidder == everybody)):
            g.advance(self)

