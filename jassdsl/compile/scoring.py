"""Scoring: compile the clauses (their expressions through `exprsource`) and score a hand.

A clause list is read top-down and the first clause whose condition holds decides the
hand. Expressions are evaluated against a `HandFacts` object, either for the table as a
whole (subject -1) or for one subject (a player, or a team where the variant scores by
team).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from jassdsl.compile.exprsource import Compiler, Source
from jassdsl.compile.handfacts import Fn, Grant, HandFacts, Lots
from jassdsl.core import model as m

# their home is `handfacts`; kept importable from here for the code that reads them here
__all__ = ["Fn", "Grant", "HandFacts", "Lots"]


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


def _floor(floors: list[tuple[str, int]], unit: str) -> int | None:
    """The floor of a unit (`floors`: each unit with one), or None."""
    for u, floor in floors:
        if u == unit:
            return floor
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
    if pending or still:
        pending[:] = still
    facts.change = delta  # each unit's change, once the floors are applied below
    for unit, values in totals.items():
        step = delta[unit]
        floor = _floor(floors, unit) if floors else None
        if floor is None:
            for x, d in enumerate(step):
                if d:
                    values[x] += d
            continue
        for x, d in enumerate(step):
            v = values[x]
            new = v + d if v + d >= floor else floor
            step[x] = new - v
            values[x] = new
    return Booking(clause, grants, released)
