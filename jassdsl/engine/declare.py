"""Declarations after trump (estimates and the like): each seat in turn states a value
in the declaration's range; with a hook, the last may not make the total the hook.

A declaration that is an auction is `auction.Auction`'s; this phase skips it.
"""

from __future__ import annotations

from typing import Any

from jassdsl.actions import Action, declare_actions
from jassdsl.compiler import CompiledRules, Declaring
from jassdsl.engine.events import Declared
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.state import DeclarePart, State
from jassdsl.errors import IllegalActionError
from jassdsl.handfacts import HandFacts


class Declarations(Phase):
    """Owns the declared values of every declaration, the auction's included."""

    name = "declare"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return bool(rules.declarations)

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.actions = [declare_actions(d.name, d.values) for d in rules.declarations]

    def new_part(self, s: State) -> None:
        s.declare = DeclarePart()

    def new_hand(self, g: Table) -> None:
        part = g.s.declare
        assert part is not None
        part.declared = {d.name: [0] * self.rules.players for d in self.rules.declarations}
        part.index = part.count = 0

    def begin(self, g: Table) -> bool:
        return self.open(g, 0)

    def open(self, g: Table, index: int) -> bool:
        """Open the first declaration from `index` on that is not an auction."""
        s, r = g.s, self.rules
        part = s.declare
        assert part is not None
        n = r.players
        while index < len(r.declarations) and r.declarations[index].auction:
            index += 1
        if index == len(r.declarations):
            return False
        d = r.declarations[index]
        s.phase, part.index, part.count = "declare", index, 0
        bidder = s.bidder
        after = s.roles[d.after_role] if d.after_role >= 0 else -1  # right of a role's holder
        s.current = (after + 1) % n if after >= 0 else (s.dealer + 1) % n
        if d.bidder_keeps is not None:
            value = part.declared[d.name][bidder] = part.declared[d.bidder_keeps][bidder]
            if g.log is not None:
                g.emit(Declared(s.hand_no, bidder, d.name, value, d.hidden, kept=True))
            if s.current == bidder:
                s.current = (s.current + 1) % n
        return True

    def turns(self, d: Declaring) -> int:
        """How many seats declare: everybody, or all but the highest bidder."""
        return self.rules.players - (d.bidder_keeps is not None)

    def legal(self, g: Table) -> list[Action]:
        """The values open to the current seat; the last may not make the hook total."""
        part = g.s.declare
        assert part is not None
        d = self.rules.declarations[part.index]
        acts = self.actions[part.index]
        if d.hook is None or part.count != self.turns(d) - 1:
            return list(acts)
        banned = d.hook - sum(part.declared[d.name])
        return [a for a in acts if a.value != banned]

    def accepts(self, g: Table, action: Action) -> bool:
        assert g.s.declare is not None
        return action.kind == self.rules.declarations[g.s.declare.index].name

    def take(self, g: Table, action: Action) -> None:
        s, r = g.s, self.rules
        part = s.declare
        assert part is not None
        value = action.value
        d = r.declarations[part.index]
        if value not in d.values:
            raise IllegalActionError(action, g.legal_names())
        if d.hook is not None and part.count == self.turns(d) - 1 and \
                sum(part.declared[d.name]) + value == d.hook:
            raise IllegalActionError(action, g.legal_names(),
                                     f"the last to declare may not make the total {d.hook}")
        part.declared[d.name][s.current] = value
        if g.log is not None:
            g.emit(Declared(s.hand_no, s.current, d.name, value, d.hidden))
        part.count += 1
        s.current = (s.current + 1) % r.players
        if d.bidder_keeps is not None and s.current == s.bidder:
            s.current = (s.current + 1) % r.players
        if part.count == self.turns(d) and not self.open(g, part.index + 1):
            g.advance(self)

    def add_facts(self, g: Table, facts: HandFacts) -> None:
        part = g.s.declare
        assert part is not None
        team, k = self.rules.team_of, self.rules.subjects
        out = {}
        for name, values in part.declared.items():
            per = [0] * k
            for seat, v in enumerate(values):
                per[team[seat]] += v
            out[name] = per
        facts.declared = out
        facts.seat_declared = part.declared

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        part = g.s.declare
        assert part is not None
        return {"declared": {k: tuple(v) for k, v in part.declared.items()}}

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        part = g.s.declare
        assert part is not None
        return {"declared": {
            d.name: tuple(v if (not d.hidden or i == seat) else None
                          for i, v in enumerate(part.declared.get(d.name, [])))
            for d in self.rules.declarations}}
