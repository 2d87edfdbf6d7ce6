"""Scoring: compile the clauses' expressions to closures and evaluate them after a hand.

A clause list is read top-down and the first clause whose condition holds decides the
hand. Expressions are evaluated against a `HandFacts` object, either for the table as a
whole (subject -1) or for one subject (a player, or a team where the variant scores by
team).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from jassdsl import model as m
from jassdsl.cards import CARD_CLASSES
from jassdsl.exprsource import Source, divide, multiply
from jassdsl.limits import INLINE_LET_NODES
from jassdsl.nesting import let_names

Fn = Callable[["HandFacts", int], Any]


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
    rng: random.Random
    bound: list[int] | None = None
    change: dict[str, list[int]] = field(default_factory=dict)  # filled after scoring
    weis: list[int] = field(default_factory=list)  # Weis points scored, per subject
    stoeck: list[int] = field(default_factory=list)  # Stöck points, per subject
    playing: list[int] = field(default_factory=list)  # 1 if taking part, per subject; []: all
    in_play: int = 0  # card points of the cards in play, with the last-trick bonus
    table_weis: list[int] = field(default_factory=list)  # Weise lying in its tricks
    table_stoeck: list[int] = field(default_factory=list)  # Stöck lying in one of its tricks
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


class Compiler:
    """Turns model expressions into closures ``f(facts, subject)``."""

    def __init__(
        self, rf: m.RuleFile, options: dict[str, int | str],
        unit_of: dict[str, tuple[str, int]], source: bool = True,
    ) -> None:
        self.lets = {lt.name: lt.expr for lt in rf.lets}
        self.options = options
        self.declared = {d.name for d in rf.declarations}
        self.unit_of = unit_of
        self.source = source  # write expressions out as Python source (exprsource)
        self.let_functions: dict[str, Fn] = {}
        self.hand_only_lets: dict[str, bool] = {}

    def inlined(self, name: str) -> bool:
        """Whether a let is written out where it is used: small, and naming no let (so
        lets that name each other twice never double the code)."""
        body = self.lets[name]
        if let_names(body, self.lets):
            return False
        size, stack = 0, [body]
        while stack and size <= INLINE_LET_NODES:
            size += 1
            stack.extend(m.children(stack.pop()))
        return size <= INLINE_LET_NODES

    def let_function(self, name: str) -> Fn:
        """A let compiled once, for every place that names it."""
        fn = self.let_functions.get(name)
        if fn is None:
            fn = self.let_functions[name] = self.expr(self.lets[name])
        return fn

    def expr(self, e: m.Expr) -> Fn:
        """The function of e: written out as source, or (source=False) a closure tree."""
        return Source(self).function(e) if self.source else self.closure(e)

    def closure(self, e: m.Expr) -> Fn:
        method: Callable[[Any], Fn] = getattr(self, "c_" + type(e).__name__.lower())
        return method(e)

    def c_num(self, e: m.Num) -> Fn:
        v = e.value
        return lambda f, s: v

    def c_total(self, e: m.Total) -> Fn:
        base, sign = self.unit_of[e.unit]
        return lambda f, s: sign * f.totals[base][s]

    def c_name(self, e: m.Name) -> Fn:
        name = e.name
        if name in self.lets:
            return self.let_function(name)
        if name in self.options:
            v = self.options[name]
            return lambda f, s: v
        if name in self.declared:
            return lambda f, s: f.declared[name][s]
        simple: dict[str, Fn] = {
            "points": lambda f, s: f.points[s],
            "tricks": lambda f, s: f.tricks[s],
            "match": lambda f, s: f.tricks[s] == len(f.trick_winners) > 0,
            "last": lambda f, s: len(f.trick_winners) > 0 and f.trick_winners[-1] == s,
            "rank": lambda f, s: f.rank(s),
            "sharing": lambda f, s: f.sharing(s),
            "hand": lambda f, s: f.hand,
            "weis": lambda f, s: f.weis[s] if f.weis else 0,
            "stoeck": lambda f, s: f.stoeck[s] if f.stoeck else 0,
            "table-weis": lambda f, s: f.table_weis[s] if f.table_weis else 0,
            "table-stoeck": lambda f, s: f.table_stoeck[s] if f.table_stoeck else 0,
            "players": lambda f, s: f.players,
            "playing": lambda f, s: f.playing[s] if f.playing else 1,
            "points-in-play": lambda f, s: f.in_play,
        }
        return simple[name]

    def c_call(self, e: m.Call) -> Fn:
        args = [self.expr(a) for a in e.args] if e.func not in ("won", "change") else []
        if e.func == "abs":
            a = args[0]
            return lambda f, s: abs(a(f, s))
        if e.func == "won":
            arg = e.args[0]
            mask = CARD_CLASSES[arg.name] if isinstance(arg, m.Name) else 0
            return lambda f, s: (f.won[s] & mask).bit_count()
        if e.func == "change":
            arg = e.args[0]
            base, sign = self.unit_of[arg.name] if isinstance(arg, m.Name) else ("", 1)
            return lambda f, s: sign * f.change[base][s]
        if e.func == "sum":
            term = args[0]
            return lambda f, s: sum(term(f, t) for t in range(f.n))
        if e.func == "trick":
            k = args[0](None, -1)  # type: ignore[arg-type]
            return lambda f, s: int(len(f.trick_winners) >= k and f.trick_winners[k - 1] == s)
        if e.func == "count":
            cond = args[0]
            return lambda f, s: sum(1 for t in range(f.n) if cond(f, t))
        value = args[0]
        filt = args[1] if len(args) > 1 else None
        if e.func == "place":
            def place(f: HandFacts, s: int) -> int:
                mine = value(f, s)
                return 1 + sum(1 for t in range(f.n)
                               if (filt is None or filt(f, t)) and value(f, t) > mine)

            return place
        pick = max if e.func == "most" else min

        def extreme(f: HandFacts, s: int) -> bool:
            pool = [t for t in range(f.n) if filt is None or filt(f, t)]
            if s not in pool:
                return False
            return bool(value(f, s) == pick(value(f, t) for t in pool))

        def hand_only(x: m.Expr) -> bool:
            """True when x reads only facts fixed for the hand: no totals, no change(),
            no quantifier (it sets `bound`); conservative for anything else. A let is
            looked at once (the checker has ruled out lets defined in a circle)."""
            if isinstance(x, m.Num):
                return True
            if isinstance(x, m.Name):
                if x.name not in self.lets:
                    return True
                known = self.hand_only_lets.get(x.name)
                if known is None:
                    known = self.hand_only_lets[x.name] = hand_only(self.lets[x.name])
                return known
            if isinstance(x, m.Call):
                return x.func != "change" and all(hand_only(a) for a in x.args)
            if isinstance(x, m.Unary | m.Binary | m.IfElse):
                return all(hand_only(y) for y in m.children(x))
            return False

        def shape(x: object) -> object:
            """x without positions: equal for the same call written in two places."""
            if isinstance(x, m.Node):
                return (type(x).__name__,
                        *(shape(getattr(x, k)) for k in type(x).model_fields if k != "pos"))
            return tuple(shape(y) for y in x) if isinstance(x, tuple) else x

        if not all(hand_only(a) for a in e.args):
            return extreme
        # the call's entry in HandFacts.memo, [pool, extremes or None]: shared by the same
        # call written twice in this file (not by another file: `self` is in the key)
        key = (self, repr(shape(e)))

        def extreme_once(f: HandFacts, s: int) -> bool:
            """As extreme, with the pool and the extremes worked out once per hand."""
            entry = f.memo.get(key)
            if entry is None:
                pool = tuple(t for t in range(f.n) if filt is None or filt(f, t))
                entry = f.memo[key] = [pool, None]
            if s not in entry[0]:
                return False
            tops: set[int] | None = entry[1]
            if tops is None:
                values = [(t, value(f, t)) for t in entry[0]]
                top = pick(v for _, v in values)
                tops = entry[1] = {t for t, v in values if v == top}
            return s in tops

        return extreme_once

    def c_unary(self, e: m.Unary) -> Fn:
        a = self.expr(e.arg)
        if e.op == "not":
            return lambda f, s: not a(f, s)
        return lambda f, s: -a(f, s)

    def c_binary(self, e: m.Binary) -> Fn:
        a, b = self.expr(e.left), self.expr(e.right)
        ops: dict[str, Fn] = {
            "and": lambda f, s: a(f, s) and b(f, s),
            "or": lambda f, s: a(f, s) or b(f, s),
            "=": lambda f, s: a(f, s) == b(f, s),
            "!=": lambda f, s: a(f, s) != b(f, s),
            "<": lambda f, s: a(f, s) < b(f, s),
            "<=": lambda f, s: a(f, s) <= b(f, s),
            ">": lambda f, s: a(f, s) > b(f, s),
            ">=": lambda f, s: a(f, s) >= b(f, s),
            "+": lambda f, s: a(f, s) + b(f, s),
            "-": lambda f, s: a(f, s) - b(f, s),
            "*": lambda f, s: multiply(a(f, s), b(f, s)),
            "/": lambda f, s: divide(a(f, s), b(f, s)),
        }
        return ops[e.op]

    def c_ifelse(self, e: m.IfElse) -> Fn:
        c, t, o = self.expr(e.cond), self.expr(e.then), self.expr(e.other)
        return lambda f, s: t(f, s) if c(f, s) else o(f, s)

    def c_quant(self, e: m.Quant) -> Fn:
        body = self.expr(e.body)
        kind, count = e.quantifier, e.count

        def quant(f: HandFacts, s: int) -> bool:
            sat = [t for t in range(f.n) if body(f, t)]
            if f.bound is None:
                f.bound = sat
            k = len(sat)
            if kind == "count":
                return k == count
            if kind == "none":
                return k == 0
            if kind == "some":
                return k > 0
            if kind == "all_but_one":
                return k == f.n - 1
            return k == f.n

        return quant


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
    if c.source:
        return Source(c).subset(t.filter, t.count)  # type: ignore[arg-type]
    filt = c.expr(t.filter)  # type: ignore[arg-type]
    size = t.count

    def subset(f: HandFacts, named: set[int]) -> list[int]:
        chosen = [s for s in range(f.n) if filt(f, s)]
        return chosen if size is None or len(chosen) == size else []

    return subset


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
