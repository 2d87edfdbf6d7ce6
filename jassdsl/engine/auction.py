"""The auction: from forehand, each seat bids higher than the highest bid or passes.

It ends when everybody else has passed in a row after the highest bid, or at once on
the highest possible bid. Where `a pass is final`, a seat that passed is skipped for the
rest of the hand's auction, and it ends when everybody but the highest bidder has passed. When everybody passes without a bid, the next dealer deals
anew; the hand keeps its number. The highest bidder is a role (`roles.BIDDER` in
`State.roles`) other phases read: who names trump, who leads, who deals next, who keeps
their bid, and what scoring asks as `bidder`.

A yes/no declaration `ending the auction` (a Kontra) is said in a seat's turn instead of
a bid, once there is a highest bid, by the seats its `by` and `only when` allow: a yes
ends the auction at once. Where bids name the mode (`naming the mode`), the auction is
`ModeBidding`: each bid is a number and a mode, and the highest bid's mode is trump.
"""

from __future__ import annotations

from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import PASS, Action, bid_parts, declare_actions, legal_names, mode_bid
from jassdsl.core.errors import IllegalActionError
from jassdsl.core.roles import BIDDER
from jassdsl.engine.declare import may_declare
from jassdsl.engine.events import DealtAgain, Declared
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.state import AuctionPart, State


class Auction(Phase):
    name = "auction"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.auction >= 0 and not rules.declarations[rules.auction].naming

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.index = rules.auction
        self.decl = rules.declarations[self.index]
        self.bids = declare_actions(self.decl.name, self.decl.values)
        self.enders = tuple(d for d in rules.declarations if d.ends_auction)
        self.kinds = ("pass", self.decl.name, *(d.name for d in self.enders))

    def new_part(self, s: State) -> None:
        s.auction = AuctionPart()

    def new_hand(self, g: Table) -> None:
        part = g.s.auction
        assert part is not None
        part.bid = part.bidder = part.mode = -1
        part.passes = part.passed = 0

    def begin(self, g: Table) -> bool:
        s = g.s
        assert s.declare is not None
        s.phase, s.declare.index = self.name, self.index
        return True

    def legal(self, g: Table) -> list[Action]:
        assert g.s.auction is not None
        part = g.s.auction
        if part.bidder < 0:
            return [*self.bids, PASS]
        return [*(a for a in self.bids if self.number(a) > part.bid), *self.endings(g),
                PASS]

    def number(self, action: Action) -> int:
        """The number a bid action bids."""
        return action.value

    def endings(self, g: Table) -> list[Action]:
        """The declarations that would end the auction, open to the current seat (its
        yes): only once there is a highest bid, to the seats `by` and `only when` allow."""
        if not self.enders or g.s.auction is None or g.s.auction.bidder < 0:
            return []
        return [Action(d.name, 1) for d in self.enders if may_declare(g, d, g.s.current)]

    def accepts(self, g: Table, action: Action) -> bool:
        return action.kind in self.kinds

    def take(self, g: Table, action: Action) -> None:
        s, d = g.s, self.decl
        part, declared = s.auction, s.declare
        assert part is not None and declared is not None
        seat = s.current
        if action.kind == "pass":
            part.passes += 1
            part.passed |= 1 << seat
            if g.log is not None:
                g.emit(Declared(s.hand_no, seat, d.name, -1, d.hidden, passed=True))
        elif action.kind != d.name:
            if action not in self.endings(g):
                raise IllegalActionError(self.shown(action), g.legal_names(),
                                         "" if part.bidder >= 0
                                         else "there is no bid to answer yet")
            declared.declared[action.kind][seat] = action.value
            if g.log is not None:
                ender = next(e for e in self.enders if e.name == action.kind)
                g.emit(Declared(s.hand_no, seat, ender.name, action.value, ender.hidden))
            g.advance(self)  # a yes ends the auction at once
            return
        elif self.valid_bid(action) and (part.bidder < 0 or self.number(action) > part.bid):
            self.bid(g, action)
        else:
            raise IllegalActionError(self.shown(action), g.legal_names(),
                                     f"a bid must be higher than {part.bid}"
                                     if part.bid >= 0 else "")
        self.next_turn(g)

    def valid_bid(self, action: Action) -> bool:
        return action.value in self.decl.values

    def shown(self, action: Action) -> object:
        """An action as a refusal names it."""
        return action

    def bid(self, g: Table, action: Action) -> None:
        """The current seat is the highest bidder now."""
        s, d = g.s, self.decl
        part, declared = s.auction, s.declare
        assert part is not None and declared is not None
        number = self.number(action)
        part.bid, part.bidder, part.passes = number, s.current, 0
        s.roles[BIDDER] = s.current
        declared.declared[d.name][s.current] = number
        if g.log is not None:
            g.emit(Declared(s.hand_no, s.current, d.name, number, d.hidden,
                            mode=self.mode_name(action)))

    def mode_name(self, action: Action) -> str:
        """The mode a bid names ('' where bids name none)."""
        return ""

    def next_turn(self, g: Table) -> None:
        """The next seat bids, or the auction ends (or everybody passed: a new deal)."""
        s, d = g.s, self.decl
        part = s.auction
        assert part is not None
        n = self.rules.players
        s.current = (s.current + 1) % n
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


class ModeBidding(Auction):
    """An auction whose bids name the mode with the number (`bid 100 H`): a bid beats the
    highest one by its number alone; the highest bid's mode is the hand's trump (set by
    the trump phase without asking)."""

    name = "bidding"
    part_key = "mode_bids"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.auction >= 0 and rules.declarations[rules.auction].naming

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.modes = rules.trump_choices
        self.bids = tuple(mode_bid(self.decl.name, v, m)
                          for v in self.decl.values for m in self.modes)

    def number(self, action: Action) -> int:
        return bid_parts(action.value)[0]

    def valid_bid(self, action: Action) -> bool:
        number, mode = bid_parts(action.value)
        return number in self.decl.values and mode in self.modes

    def bid(self, g: Table, action: Action) -> None:
        super().bid(g, action)
        assert g.s.auction is not None
        g.s.auction.mode = bid_parts(action.value)[1]

    def mode_name(self, action: Action) -> str:
        return self.rules.mode_names[bid_parts(action.value)[1]]

    def shown(self, action: Action) -> object:
        return self.text(action)  # `bid 100 S`, not its value

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        part = g.s.auction
        assert part is not None
        return {"bid_mode": self.rules.mode_names[part.mode] if part.mode >= 0 else ""}

    def text(self, action: Action) -> str:
        """``bid 100 H``, ``bid match obenabe``."""
        d = self.decl
        if action.kind != d.name or type(action.value) is not int or action.value < 0:
            return super().text(action)
        number, mode = bid_parts(action.value)
        if mode >= len(self.rules.mode_names):
            return super().text(action)
        return f"{d.name} {d.named(number) or number} {self.rules.mode_names[mode]}"

    def legal_texts(self, legal: list[Action]) -> list[str]:
        """``bid 80..150 by 10 naming D, H, S, C, obenabe, undenufe``, ``bid 157 naming
        ...``, the others as they are: every legal number comes in every mode."""
        d, names = self.decl, self.rules.mode_names
        bids = [a for a in legal if a.kind == d.name]
        numbers = sorted({bid_parts(a.value)[0] for a in bids})
        modes = ", ".join(names[m] for m in self.modes)
        said = [f"{x} naming {modes}" for x in
                legal_names([Action(d.name, n) for n in numbers], names=self.rules.value_names)]
        return [*said, *(self.text(a) for a in legal if a.kind != d.name)]

    def read(self, text: str) -> Action | None:
        """``bid 100 H`` (a named number, a mode by its name: ``bid match obenabe``)."""
        words = text.split()
        if len(words) != 3 or words[0].lower() != self.decl.name:
            return None
        return self.entry(words[1], words[2])

    def entry(self, number_word: str, mode_word: str) -> Action | None:
        """The bid a number (or a named one) and a mode name say, if it is one."""
        d, names = self.decl, self.rules.mode_names
        named = self.rules.named_values.get((d.name, number_word.lower()))
        number = named if named is not None else \
            int(number_word) if number_word.isascii() and number_word.isdigit() \
            and len(number_word) < 7 else None
        key = mode_word if mode_word in names else mode_word.upper() \
            if mode_word.upper() in names else mode_word.lower()
        if number is None or key not in names:
            return None
        return mode_bid(d.name, number, names.index(key))
