"""A rule file's scoring clauses and game end, evaluated for a batch of games at once.

The same language as `compile.exprsource` (its one evaluator stays the reference), read
from the same syntax tree and with the same rules: every expression is worked out for
every subject of every game as a (games, subjects) array; a value of the table is the
one of subject -1 (the last column, as Python's ``f.points[-1]``); ``and``/``or`` give
their operand as Python does; a quantifier leaves the subjects it found in `bound` where
it is the first one worked out in a condition (short-circuits included), which `that
player` reads. A construct it does not evaluate raises `Uncovered`, whose message is the
reason the compiled path gives for the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.exprsource import YES_NO, Compiler, divide
from jassdsl.core import model as m
from jassdsl.core.cards import CARD_CLASSES
from jassdsl.core.limits import MAX_PRODUCT
from jassdsl.core.modes import SUIT_WORDS
from jassdsl.core.roles import ROLES

HAND_NAMES = ("match", "last", "rank", "sharing")  # names read off the hand's tricks, points
HAND_FACTS = ("points", "tricks", "weis", "stoeck")  # facts a hand's batch keeps as they are
ROLES_KEPT = ("chooser", "pusher")  # the roles the compiled hand keeps (`tables.ROLES_MADE`)

Array = Any  # a numpy array (of games, or of games and subjects)
Pending = list[tuple[str, tuple[int, ...], int]]  # unit, subjects, amount held between them


class Uncovered(Exception):
    """A construct the batch scorer does not evaluate (its message says which)."""


@dataclass
class Batch:
    """The facts of one hand in B games, per subject (see `HandFacts`)."""

    n: int
    points: Array
    tricks: Array
    won: Array
    winners: Array  # (B, tricks): the subject of each trick's winner
    weis: Array
    stoeck: Array
    declared: dict[str, Array]
    totals: dict[str, Array]
    mode: Array  # (B,)
    hand: Array  # (B,)
    players: int | Array  # the players at the table (B,) where seats leave it
    change: dict[str, Array] = field(default_factory=dict)
    bound: Array | None = None  # (B, n) bool
    bound_set: Array | None = None  # (B,) bool
    memo: dict[str, Array] = field(default_factory=dict)  # lets of the hand's facts only
    multiplier: Array | int = 1  # (B,): the multiplier of the scoresheet's column
    roles: dict[str, Array] = field(default_factory=dict)  # role -> (B,) subject or -1
    table_weis: Array | None = None  # (B, n): Weise lying in the tricks taken
    table_stoeck: Array | None = None  # (B, n): Stöck lying in one of them
    playing: Array | None = None  # (B, n): 1 where the subject plays the hand (None: all)
    in_play: Array | None = None  # (B,): the card points in play, with the bonuses


def take(f: Batch, rows: Array, totals: dict[str, Array], change: dict[str, Array]) -> Batch:
    """The facts of some games of a batch (`rows`), with these totals and changes."""
    mult = f.multiplier[rows] if isinstance(f.multiplier, np.ndarray) else f.multiplier
    return Batch(f.n, f.points[rows], f.tricks[rows], f.won[rows], f.winners[rows],
                 f.weis[rows], f.stoeck[rows], {k: v[rows] for k, v in f.declared.items()},
                 {u: v[rows] for u, v in totals.items()}, f.mode[rows], f.hand[rows],
                 f.players[rows] if isinstance(f.players, np.ndarray) else f.players,
                 {u: v[rows] for u, v in change.items()}, multiplier=mult,
                 roles={k: v[rows] for k, v in f.roles.items()},
                 table_weis=None if f.table_weis is None else f.table_weis[rows],
                 table_stoeck=None if f.table_stoeck is None else f.table_stoeck[rows],
                 playing=None if f.playing is None else f.playing[rows],
                 in_play=None if f.in_play is None else f.in_play[rows])


def col(x: Array, n: int) -> Array:
    """A per-game value (B,) as a (B, n) array."""
    return np.repeat(np.asarray(x).reshape(-1, 1), n, axis=1)


def truthy(x: Array) -> Array:
    return np.asarray(x) != 0


class Scorer:
    """The compiled clauses of one rule file, for batches."""

    def __init__(self, rules: CompiledRules) -> None:
        rf = rules.model
        self.rules = rules
        self.c = Compiler(rf, dict(rules.options), rules.unit_of)
        self.lets = self.c.lets
        self.lets_of_hand: dict[str, bool] = {}
        self.clauses = rf.clauses
        self.end = rf.end.when
        self.invariants = tuple(i.expr for i in rf.invariants)
        self.units = list(rules.units)
        self.floors = {u: info.floor for u, info in rules.units.items() if info.floor is not None}
        self.awards: list[list[tuple[m.Award, str, int]]] = []
        for cl in rf.clauses:
            per = []
            for a in cl.awards:
                word = a.unit.text if a.unit is not None else rules.main_unit
                base, sign = rules.unit_of[word]
                per.append((a, base, -sign if a.verb == "loses" else sign))
            self.awards.append(per)
        self.holds = any(a.verb == "holds" for cl in rf.clauses for a in cl.awards)
        self.check()

    # -- which constructs: walked once, so a file falls back before any game is played
    def check(self) -> None:
        for cl, awards in zip(self.clauses, self.awards, strict=True):
            if cl.condition is not None:
                self.walk(cl.condition, top=True)
            for a, _, _ in awards:
                self.walk(a.amount, top=False)
                self.target_ok(a.target)
        if self.end is not None:
            self.walk(self.end, top=True)
        for x in self.invariants:
            self.walk(x, top=True)
        asked = {d.name for d in self.rules.declarations}
        for d in self.rules.model.declarations:  # who declares, and when (`Runner.declare`)
            if d.name in asked and d.by is not None:
                self.target_ok(d.by)
                if d.by.kind == "lot":
                    raise Uncovered("a declaration by lot")
            if d.name in asked and d.only_when is not None:
                self.walk(d.only_when, top=True)

    def target_ok(self, t: m.Target) -> None:
        if t.kind == "lot":
            assert t.inner is not None
            self.target_ok(t.inner)
        elif t.filter is not None:
            self.walk(t.filter, top=False)

    def walk(self, e: m.Expr, top: bool) -> None:
        if isinstance(e, m.Quant):
            if not top:
                raise Uncovered("a quantifier inside a value (only in conditions)")
            self.walk(e.body, top=False)
            return
        if isinstance(e, m.Name):
            if e.name in self.lets:
                self.walk(self.lets[e.name], top)
                return
            if e.name in ROLES and e.name not in self.c.options and e.name not in ROLES_KEPT:
                raise Uncovered(f"role {e.name}")
            return
        if isinstance(e, m.RoleValue):
            raise Uncovered("a role's declared value")
        if isinstance(e, m.Binary) and e.op in ("and", "or"):
            self.walk(e.left, top)
            self.walk(e.right, top)
            return
        if isinstance(e, m.IfElse):
            self.walk(e.cond, top)
            self.walk(e.then, top)
            self.walk(e.other, top)
            return
        if isinstance(e, m.Unary) and e.op == "not":
            self.walk(e.arg, top)
            return
        for x in m.children(e):
            self.walk(x, False)

    def hand_only(self, let: str) -> bool:
        """Whether a let reads only the hand's facts (`Compiler.hand_only`), once each."""
        known = self.lets_of_hand.get(let)
        if known is None:
            known = self.lets_of_hand[let] = self.c.hand_only(self.lets[let])
        return known

    # -- evaluation
    def ev(self, e: m.Expr, f: Batch, live: Array) -> Array:
        """e for every subject: (B, n). `live` (B,): the games in which this is worked out
        (a short-circuit skips the others), where a quantifier may set `bound`."""
        n = f.n
        c = self.c
        if isinstance(e, m.Num):
            return np.full((len(live), n), e.value, np.int64)
        if isinstance(e, m.Total):
            base, sign = c.unit_of[e.unit]
            return sign * f.totals[base]
        if isinstance(e, m.InMode):
            if e.mode == "suits":
                return col((f.mode >= 0) & (f.mode < 4), n).astype(np.int64)
            number = SUIT_WORDS.get(e.mode, c.mode_numbers.get(e.mode, -2))
            return col(f.mode == number, n).astype(np.int64)
        if isinstance(e, m.Name):
            return self.name(e.name, f, live)
        if isinstance(e, m.TeamValue):
            if e.name in c.silent:
                return np.zeros((len(live), n), np.int64)
            return f.declared[e.name]
        if isinstance(e, m.Unary):
            x = self.ev(e.arg, f, live)
            return ~truthy(x) if e.op == "not" else -x
        if isinstance(e, m.Binary):
            return self.binary(e, f, live)
        if isinstance(e, m.IfElse):
            cond = truthy(self.ev(e.cond, f, live))
            here = cond[:, -1]
            then = self.ev(e.then, f, live & here)
            other = self.ev(e.other, f, live & ~here)
            return np.where(cond, then, other)
        if isinstance(e, m.Call):
            return self.call(e, f, live)
        assert isinstance(e, m.Quant)
        return self.quant(e, f, live)

    def name(self, name: str, f: Batch, live: Array) -> Array:
        c, n, b = self.c, f.n, len(live)
        if name in c.lets:
            if name in f.memo:
                return f.memo[name]
            value = self.ev(c.lets[name], f, live)
            if self.hand_only(name):  # no totals, no quantifier: once per hand
                f.memo[name] = value
            return value
        if name in c.options:
            value = c.options[name]
            return np.full((b, n), YES_NO.get(value, value), np.int64)
        if name in c.silent:
            return np.zeros((b, n), np.int64)
        if name in c.declared:
            return f.declared[name]
        if name == "points":
            return f.points
        if name == "tricks":
            return f.tricks
        if name in HAND_NAMES:  # of the hand's tricks and points: once per batch
            key = "\0" + name
            got = f.memo.get(key)
            if got is None:
                got = f.memo[key] = self.hand_name(name, f)
            return got
        if name == "hand":
            return col(f.hand, n)
        if name == "weis":
            return f.weis
        if name == "stoeck":
            return f.stoeck
        if name in ("table-weis", "table-stoeck"):  # zero where the file counts none
            got = f.table_weis if name == "table-weis" else f.table_stoeck
            return got if got is not None else np.zeros((b, n), np.int64)
        if name == "players":
            return col(np.broadcast_to(f.players, (b,)), n).astype(np.int64)
        if name == "playing":
            return np.ones((b, n), np.int64) if f.playing is None else f.playing
        if name == "points-in-play":
            return col(np.zeros(b, np.int64) if f.in_play is None else f.in_play, n)
        if name == "multiplier":
            return col(np.broadcast_to(f.multiplier, (b,)), n)
        if name in ROLES_KEPT:  # the subject holds the role (its side does)
            return (f.roles[name][:, None] == np.arange(n)[None, :]).astype(np.int64)
        raise Uncovered(f"the name {name}")

    @staticmethod
    def hand_name(name: str, f: Batch) -> Array:
        """A name of `HAND_NAMES`: read off the hand's tricks and points."""
        n = f.n
        if name == "match":
            k = f.winners.shape[1]
            return ((f.tricks == k) & (k > 0)).astype(np.int64)
        if name == "last":
            return (np.arange(n)[None, :] == f.winners[:, -1:]).astype(np.int64)
        if name == "rank":
            return 1 + (f.points[:, None, :] > f.points[:, :, None]).sum(axis=2)
        assert name == "sharing"
        return (f.points[:, None, :] == f.points[:, :, None]).sum(axis=2)

    def binary(self, e: m.Binary, f: Batch, live: Array) -> Array:
        op = e.op
        left = self.ev(e.left, f, live)
        if op in ("and", "or"):
            lt = truthy(left)
            goes_on = lt[:, -1] if op == "and" else ~lt[:, -1]
            right = self.ev(e.right, f, live & goes_on)
            return np.where(lt, right, left) if op == "and" else np.where(lt, left, right)
        right = self.ev(e.right, f, live)
        if op == "+":
            return left + right
        if op == "-":
            return left - right
        if op == "*":
            return np.clip(left * right, -MAX_PRODUCT, MAX_PRODUCT)
        if op == "/":
            safe = np.where(right == 0, 1, right)
            return np.where(right == 0, 0, np.floor_divide(left, safe))
        return {"=": np.equal, "!=": np.not_equal, "<": np.less, "<=": np.less_equal,
                ">": np.greater, ">=": np.greater_equal}[op](left, right)

    def call(self, e: m.Call, f: Batch, live: Array) -> Array:
        n = f.n
        func = e.func
        if func == "abs":
            return np.abs(self.ev(e.args[0], f, live))
        if func == "won":
            arg = e.args[0]
            mask = CARD_CLASSES[arg.name] if isinstance(arg, m.Name) else 0
            return np.bitwise_count(f.won & mask).astype(np.int64)
        if func == "change":
            arg = e.args[0]
            base, sign = self.c.unit_of[arg.name] if isinstance(arg, m.Name) else ("", 1)
            return sign * f.change[base]
        if func in ("sum", "count"):
            body = self.ev(e.args[0], f, live)
            total = body.astype(np.int64).sum(axis=1) if func == "sum" else \
                truthy(body).sum(axis=1)
            return col(total, n)
        if func == "trick":
            arg = e.args[0]
            k = arg.value if isinstance(arg, m.Num) else 0
            if f.winners.shape[1] < k or k < 1:
                return np.zeros((len(live), n), np.int64)
            return (np.arange(n)[None, :] == f.winners[:, k - 1:k]).astype(np.int64)
        arg = e.args[0]
        key = f"\0{func}({arg.name})" if len(e.args) == 1 and isinstance(arg, m.Name) and \
            arg.name in HAND_FACTS else None  # e.g. most(points): once per batch
        if key is not None and key in f.memo:
            return f.memo[key]
        value = self.ev(e.args[0], f, live)
        pool = truthy(self.ev(e.args[1], f, live)) if len(e.args) > 1 else \
            np.ones_like(value, dtype=bool)
        if key is not None:
            f.memo[key] = self.ranked(func, value, pool)
            return f.memo[key]
        return self.ranked(func, value, pool)

    @staticmethod
    def ranked(func: str, value: Array, pool: Array) -> Array:
        """place, most or least of `value` among the subjects of `pool`."""
        if func == "place":
            above = (value[:, None, :] > value[:, :, None]) & pool[:, None, :]
            return 1 + above.sum(axis=2)
        if func in ("most", "least"):
            big = np.iinfo(np.int64).max
            if func == "most":
                top = np.where(pool, value, -big).max(axis=1, keepdims=True)
            else:
                top = np.where(pool, value, big).min(axis=1, keepdims=True)
            return pool & (value == top)
        raise Uncovered(f"the function {func}")

    def quant(self, e: m.Quant, f: Batch, live: Array) -> Array:
        sat = truthy(self.ev(e.body, f, live))
        k = sat.sum(axis=1)
        assert f.bound is not None and f.bound_set is not None  # set by `condition`
        first = live & ~f.bound_set
        f.bound[first] = sat[first]
        f.bound_set |= first
        q = e.quantifier
        test = (k == e.count if q == "count" else k == 0 if q == "none" else k > 0
                if q == "some" else k == f.n - 1 if q == "all_but_one" else k == f.n)
        return col(test, f.n)

    # -- a hand's score
    def condition(self, e: m.Expr | None, f: Batch) -> Array:
        """A condition of the table (B,), with `bound` reset first."""
        b = len(f.hand)
        f.bound = np.zeros((b, f.n), bool)
        f.bound_set = np.zeros(b, bool)
        if e is None:
            return np.ones(b, bool)
        return truthy(self.ev(e, f, np.ones(b, bool)))[:, -1]

    def target(self, t: m.Target, f: Batch, named: Array, lots: Any, holds: Array) -> Array:
        if t.kind == "bound":
            assert f.bound is not None
            return f.bound.copy()
        if t.kind == "others":
            return ~named
        if t.kind == "every":
            return np.ones_like(named)
        if t.kind == "lot":
            assert t.inner is not None
            pool = self.target(t.inner, f, named, lots, holds)
            out = np.zeros_like(pool)
            for g in np.flatnonzero(pool.any(axis=1) & holds):  # drawn where it fires
                seats = np.flatnonzero(pool[g])
                out[g, seats[lots(g, len(seats))]] = True
            return out
        assert t.filter is not None
        chosen = truthy(self.ev(t.filter, f, np.ones(len(f.hand), bool)))
        if t.count is not None:
            chosen &= (chosen.sum(axis=1) == t.count)[:, None]
        return chosen

    def score(self, f: Batch, lots: Any, pending: list[Pending] | None = None
              ) -> tuple[Array, dict[str, Array]]:
        """The clause that fires in each game (-1: none) and what it gives, per unit
        (the totals and `change` are updated in place). `lots(g, k)` draws a lot among
        k for game g from its chance. `pending` (one list per game of the batch, changed
        in place): the amounts held in abeyance (`scoring.score_hand`)."""
        b, n = len(f.hand), f.n
        fired = np.full(b, -1, np.int64)
        delta = {u: np.zeros((b, n), np.int64) for u in self.units}
        held: dict[int, Pending] = {}  # per game: the amounts this hand holds, in order
        for i, cl in enumerate(self.clauses):
            todo = fired < 0
            if not todo.any():
                break
            holds = self.condition(cl.condition, f) & todo
            if not holds.any():
                continue
            fired[holds] = i
            self.grant(i, f, holds, delta, lots, held)
        if pending is not None and self.holds:
            self.release(pending, held, delta)
        for u in self.units:
            old = f.totals[u]
            new = old + delta[u]
            if u in self.floors:
                new = np.maximum(new, self.floors[u])
            f.change[u] = new - old
            f.totals[u] = new
        return fired, delta

    def grant(self, i: int, f: Batch, holds: Array, delta: dict[str, Array], lots: Any,
              held: dict[int, Pending]) -> None:
        """The awards of clause i in the games where it holds (its bound is still set);
        an amount held in abeyance goes to `held` (among the subjects named, at the first
        one's amount, as `CompiledClause.grants` holds it)."""
        named = np.zeros((len(holds), f.n), bool)
        for a, unit, sign in self.awards[i]:
            whom = self.target(a.target, f, named, lots, holds)
            named |= whom
            amount = self.ev(a.amount, f, holds).astype(np.int64)
            if a.verb == "holds":
                for g in np.flatnonzero(holds & whom.any(axis=1)).tolist():
                    among = tuple(np.flatnonzero(whom[g]).tolist())
                    held.setdefault(g, []).append((unit, among, sign * int(amount[g, among[0]])))
                continue
            delta[unit] += np.where(whom & holds[:, None], sign * amount, 0)

    @staticmethod
    def release(pending: list[Pending], held: dict[int, Pending], delta: dict[str, Array]
                ) -> None:
        """`scoring.score_hand`'s abeyance, per game: an amount held before goes to the one
        subject among its own that gains in its unit in this hand (the gains before any
        release); the others wait, after the amounts this hand holds."""
        for g, old in enumerate(pending):
            if not old and g not in held:
                continue
            still = list(held.get(g, ()))
            released = []
            for unit, among, value in old:
                gainers = [x for x in among if delta[unit][g, x] > 0]
                if len(gainers) == 1:
                    released.append((unit, gainers[0], value))
                else:
                    still.append((unit, among, value))
            for unit, x, value in released:
                delta[unit][g, x] += value
            old[:] = still

    def broken(self, f: Batch) -> Array:
        """The games (B,) in which an invariant of the file does not hold after scoring."""
        out = np.zeros(len(f.hand), bool)
        for x in self.invariants:
            out |= ~self.condition(x, f)
        return out

    def ends(self, f: Batch) -> Array:
        """Whether the game end holds with the totals (B,)."""
        return self.condition(self.end, f)


def reasons(rules: CompiledRules) -> tuple[str, ...]:
    """What in a file's scoring and game end the batch scorer does not evaluate."""
    try:
        Scorer(rules)
    except Uncovered as why:
        return (str(why),)
    if rules.count_first and any(c.id not in rules.count_adds for c in rules.clauses):
        return ("count first: a clause that does more than add the facts",)
    if rules.count_first and any(a.verb == "holds" for c in rules.model.clauses
                                 for a in c.awards):
        return ("count first with an amount held in abeyance (holds)",)
    return ()


__all__ = ["Batch", "Pending", "Scorer", "Uncovered", "divide", "reasons"]
