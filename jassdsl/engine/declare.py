"""Declarations after trump (estimates and the like): each seat in turn states a value
in the declaration's range; with a hook, the last may not make the total the hook.

A declaration another phase asks for in its own turns (an auction's bids, a call ending
it: `Phase.asks`) is that phase's; this phase skips it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jassdsl.compile.compiler import CompiledRules, Declaring
from jassdsl.compile.handfacts import HandFacts, Lots
from jassdsl.core.actions import Action, declare_actions
from jassdsl.core.errors import IllegalActionError
from jassdsl.core.roles import BIDDER
from jassdsl.engine.events import Declared
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.state import DeclarePart, State


def facts_now(g: Table) -> HandFacts:
    """What is known before the first card, as scoring's facts: the roles, the values
    declared so far, the mode, the totals and the options (who may declare, and when)."""
    s = g.s
    part = s.declare
    assert part is not None
    return known_facts(g.rules, s.table.bit_count(), s.hand_no, part.declared, s.totals,
                       g.chance, s.mode, s.roles)


def known_facts(rules: CompiledRules, players: int, hand_no: int,
                declared: dict[str, list[int]], totals: dict[str, list[int]], chance: Lots,
                mode: int, roles: list[int]) -> HandFacts:
    """`facts_now` from its parts, for a loop that keeps them itself (`pyplay`)."""
    k = rules.subjects
    f = HandFacts(k, players, hand_no, [0] * k, [0] * k, [0] * k, [],
                  per_subject(rules, declared), totals, rules.options, chance, mode=mode)
    f.role_seats = list(roles)
    f.roles = [rules.team_of[x] if x >= 0 else -1 for x in roles]
    f.seat_declared = declared
    return f


def asked_in_turn(rules: CompiledRules, d: Declaring, roles: list[int], dealer: int,
                  facts: Callable[[], HandFacts]) -> list[int]:
    """The seats asked in turn: from the right of a role's holder (else forehand),
    without the highest bidder where the bid stands, only those `by` names (read from
    `facts()`, made only then)."""
    n = rules.players
    after = roles[d.after_role] if d.after_role >= 0 else -1
    start = (after + 1) % n if after >= 0 else (dealer + 1) % n
    seats = [(start + i) % n for i in range(n)]
    if d.bidder_keeps is not None:
        seats.remove(roles[BIDDER])
    if d.by is not None:
        subjects = d.by(facts(), set())
        seats = [x for x in seats if rules.team_of[x] in subjects]
    return seats


def per_subject(rules: CompiledRules, declared: dict[str, list[int]]) -> dict[str, list[int]]:
    """Declared values added up per subject (a team's partners together)."""
    team, k = rules.team_of, rules.subjects
    out = {}
    for name, values in declared.items():
        per = [0] * k
        for seat, v in enumerate(values):
            per[team[seat]] += v
        out[name] = per
    return out


def may_declare(g: Table, d: Declaring, seat: int) -> bool:
    """Whether `by` names this seat's side and `only when` holds now."""
    if d.by is None and d.only_when is None:
        return True
    facts = facts_now(g)
    if d.by is not None and g.rules.team_of[seat] not in d.by(facts, set()):
        return False
    return d.only_when is None or bool(d.only_when(facts, -1))


class Declarations(Phase):
    """Owns the declared values of every declaration, the auction's included."""

    name = "declare"
    part_key = "declare"

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
        """Open the first declaration from `index` on that no other phase asks for in its
        own turns (an auction's bids) and that somebody is asked to declare now."""
        s, r = g.s, self.rules
        part = s.declare
        assert part is not None
        while index < len(r.declarations):
            d = r.declarations[index]
            if any(p.asks(d) for p in g.hooks("asks")):  # said in another phase's turns
                index += 1
                continue
            s.phase, part.index = "declare", index
            bidder = s.roles[BIDDER]
            if d.bidder_keeps is not None:
                value = part.declared[d.name][bidder] = part.declared[d.bidder_keeps][bidder]
                if g.log is not None:
                    g.emit(Declared(s.hand_no, bidder, d.name, value, d.hidden, kept=True))
            order = self.order(g, d)
            first = self.next_turn(g, d, order, 0)
            if first < len(order):
                part.count, s.current = first, order[first]
                return True
            index += 1
        return False

    def order(self, g: Table, d: Declaring) -> list[int]:
        """The seats asked in turn (`asked_in_turn`)."""
        return asked_in_turn(self.rules, d, g.s.roles, g.s.dealer, lambda: self.facts_now(g))

    def next_turn(self, g: Table, d: Declaring, order: list[int], at: int) -> int:
        """The first place in `order` from `at` on whose seat is asked: the next, or the
        next for whom `only when` holds when the turn comes (len(order): nobody)."""
        if d.only_when is not None:
            while at < len(order) and not d.only_when(self.facts_now(g), -1):
                at += 1
        return at

    def facts_now(self, g: Table) -> HandFacts:
        return facts_now(g)

    def per_subject(self, declared: dict[str, list[int]]) -> dict[str, list[int]]:
        return per_subject(self.rules, declared)

    def turns(self, d: Declaring, g: Table) -> int:
        """How many seats are asked in turn (`only when` may still pass some by)."""
        return len(self.order(g, d))

    def legal(self, g: Table) -> list[Action]:
        """The values open to the current seat; the last may not make the hook total."""
        part = g.s.declare
        assert part is not None
        d = self.rules.declarations[part.index]
        acts = self.actions[part.index]
        if d.hook is None or part.count != self.turns(d, g) - 1:
            return list(acts)
        banned = d.hook - sum(part.declared[d.name])
        return [a for a in acts if a.value != banned]

    def kinds_asked(self) -> tuple[str, ...]:
        return tuple(d.name for d in self.rules.declarations)

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
        if d.hook is not None and part.count == self.turns(d, g) - 1 and \
                sum(part.declared[d.name]) + value == d.hook:
            raise IllegalActionError(action, g.legal_names(),
                                     f"the last to declare may not make the total {d.hook}")
        part.declared[d.name][s.current] = value
        if g.log is not None:
            g.emit(Declared(s.hand_no, s.current, d.name, value, d.hidden))
        order = self.order(g, d)
        part.count = self.next_turn(g, d, order, part.count + 1)
        if part.count < len(order):
            s.current = order[part.count]
        elif not self.open(g, part.index + 1):
            g.advance(self)

    def add_facts(self, g: Table, facts: HandFacts) -> None:
        part = g.s.declare
        assert part is not None
        facts.declared = self.per_subject(part.declared)
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
