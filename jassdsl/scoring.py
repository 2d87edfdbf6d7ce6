"""Scoring: compile the clauses (their expressions through `exprsource`) and score a hand.

A clause list is read top-down and the first clause whose condition holds decides the
hand. Expressions are evaluated against a `HandFacts` object, either for the table as a
whole (subject -1) or for one subject (a player, or a team where the variant scores by
team).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from jassdsl import model as m
from jassdsl.exprsource import Compiler, Source
from jassdsl.roles import no_roles

Fn = Callable[["HandFacts", int], Any]


class Lots(Protocol):
    """What scoring needs of the game's chance: draw a lot, and take draws back."""

    def randrange(self, n: int) -> int: ...
    def getstate(self) -> Any: ...
    def setstate(self, state: Any) -> None: ...


@dataclass(slots=True)
class HandFacts:
    """What happened in one hand, per subject, plus the game totals so far.

    Slots: one is made per hand. `memo` keeps what `most`/`least` worked out for this
    hand, per call site; only calls whose arguments read nothing that scoring changes
    (totals, change, `bound`) are kept there."""

    n: int
    players: int
    hand: int
    points: list[int]
    tricks: list[int]
    won: list[int]  # bitmask of cards taken
    trick_winners: list[int]  # subject per trick
    declared: dict[str, list[int]]
    totals: dict[str, list[int]]
    options: dict[str, int | str]
    rng: Lots  # where a lot is drawn: the game's chance
    bound: list[int] | None = None
    change: dict[str, list[int]] = field(default_factory=dict)  # filled after scoring
    weis: list[int] = field(default_factory=list)  # Weis points scored, per subject
    stoeck: list[int] = field(default_factory=list)  # Stöck points, per subject
    playing: list[int] = field(default_factory=list)  # 1 if taking part, per subject; []: all
    in_play: int = 0  # card points of the cards in play, with the last-trick bonus
    table_weis: list[int] = field(default_factory=list)  # Weise lying in its tricks
    table_stoeck: list[int] = field(default_factory=list)  # Stöck lying in one of its tricks
    roles: list[int] = field(default_factory=no_roles)  # per role: the subject holding it
    role_seats: list[int] = field(default_factory=no_roles)  # per role: the seat holding it
    seat_declared: dict[str, list[int]] = field(default_factory=dict)  # per seat, not team
    mode: int = -1  # the hand's mode number (`in NAME`): 0-3 a trump suit, 4 obenabe, ...
    multiplier: int = 1  # the multiplier of the scoresheet's column played in this hand
    _rank: list[int] | None = field(default=None, repr=False)
    _sharing: list[int] | None = field(default=None, repr=False)
    memo: dict[object, list[Any]] = field(default_factory=dict, init=False, repr=False,
                                          compare=False)

    def rank(self, s: int) -> int:
        if self._rank is None:
            p = self.points
            self._rank = [1 + sum(1 for q in p if q > x) for x in p]
        return self._rank[s]

    def sharing(self, s: int) -> int:
        if self._sharing is None:
            p = self.points
            self._sharing = [sum(1 for q in p if q == x) for x in p]
        return self._sharing[s]


class Grant(NamedTuple):
    """One line of a hand's score: who gets how much of which unit (or holds it).

    A named tuple: immutable and cheap, as every hand makes some."""

    subject: int
    unit: str
    amount: int
    held_with: tuple[int, ...] = ()  # held in abeyance between these subjects
    released: bool = False  # an amount held in an earlier hand, paid out now


@dataclass(frozen=True)
class CompiledAward:
    target: Callable[[HandFacts, set[int]], list[int]]
    amount: Fn
    unit: str
    sign: int
    held: bool


@dataclass(frozen=True)
class CompiledClause:
    id: str
    condition: Fn | None
    awards: tuple[CompiledAward, ...]
    line: int

    def applies(self, f: HandFacts) -> bool:
        f.bound = None
        return self.condition is None or bool(self.condition(f, -1))

    def grants(self, f: HandFacts) -> list[Grant]:
        named: set[int] = set()
        out: list[Grant] = []
        for a in self.awards:
            subjects = a.target(f, named)
            named.update(subjects)
            if a.held:
                if subjects:
                    out.append(Grant(-1, a.unit, a.sign * a.amount(f, subjects[0]),
                                     tuple(subjects)))
                continue
            unit, sign, amount = a.unit, a.sign, a.amount
            for s in subjects:
                out.append(Grant(s, unit, sign * int(amount(f, s))))
        return out


def compile_target(c: Compiler, t: m.Target) -> Callable[[HandFacts, set[int]], list[int]]:
    if t.kind == "bound":
        return lambda f, named: list(f.bound or [])
    if t.kind == "others":
        return lambda f, named: [s for s in range(f.n) if s not in named]
    if t.kind == "every":
        return lambda f, named: list(range(f.n))
    if t.kind == "lot":
        inner = compile_target(c, t.inner)  # type: ignore[arg-type]

        def lot(f: HandFacts, named: set[int]) -> list[int]:
            pool = inner(f, named)
            return [pool[f.rng.randrange(len(pool))]] if pool else []

        return lot
    return Source(c).subset(t.filter, t.count)  # type: ignore[arg-type]


def compile_clauses(
    rf: m.RuleFile, c: Compiler, main_unit: str
) -> tuple[CompiledClause, ...]:
    out = []
    for cl in rf.clauses:
        awards = []
        for a in cl.awards:
            unit_word = a.unit.text if a.unit is not None else main_unit
            base, sign = c.unit_of[unit_word]
            sign = -sign if a.verb == "loses" else sign
            awards.append(CompiledAward(compile_target(c, a.target), c.expr(a.amount), base,
                                        sign, a.verb == "holds"))
        cond = c.expr(cl.condition) if cl.condition is not None else None
        out.append(CompiledClause(cl.id, cond, tuple(awards), cl.pos.line))
    return tuple(out)


Pending = list[tuple[str, tuple[int, ...], int]]  # unit, subjects, amount held between them


@dataclass(slots=True)
class Booking:
    """The score of one hand: the clause that fired, its grants, what was paid out."""

    clause: CompiledClause | None
    grants: list[Grant]
    released: list[Grant]


def first_clause(clauses: tuple[CompiledClause, ...], facts: HandFacts) -> CompiledClause | None:
    for c in clauses:
        if c.applies(facts):
            return c
    return None


def score_hand(
    clauses: tuple[CompiledClause, ...],
    facts: HandFacts,
    pending: Pending,
    floors: list[tuple[str, int]],
) -> Booking:
    """Score a hand into facts.totals (in place) and fill facts.change.

    An amount held in abeyance waits in `pending` (changed in place) until exactly one of
    its subjects gains in that unit in a later hand; then that subject gets it."""
    totals = facts.totals
    n = facts.n
    clause = first_clause(clauses, facts)
    grants = clause.grants(facts) if clause is not None else []
    delta = {u: [0] * n for u in totals}
    still: Pending = []
    for g in grants:
        if g.held_with:
            still.append((g.unit, g.held_with, g.amount))
        else:
            delta[g.unit][g.subject] += g.amount
    released: list[Grant] = []
    if pending:
        for unit, members, amount in pending:
            gainers = [x for x in members if delta[unit][x] > 0]
            if len(gainers) == 1:
                released.append(Grant(gainers[0], unit, amount, released=True))
            else:
                still.append((unit, members, amount))
        for g in released:
            delta[g.unit][g.subject] += g.amount
    pending[:] = still
    change = facts.change = {}
    floor_of = dict(floors) if floors else {}
    for unit, values in totals.items():
        new = [v + d for v, d in zip(values, delta[unit], strict=True)]
        if unit in floor_of:
            floor = floor_of[unit]
            new = [max(v, floor) for v in new]
        change[unit] = [a - b for a, b in zip(new, values, strict=True)]
        values[:] = new
    return Booking(clause, grants, released)
