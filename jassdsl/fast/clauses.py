"""A rule file's scoring clauses, invariants and game end as one compiled function.

`scorer.Scorer` works every expression out for a whole batch as numpy arrays: a few
hundred small array operations per call, whatever the batch's size. The batched
environment scores the few games whose hand ended with each step, so those calls were
most of its time. This writes the same clauses as Python source, a loop over the games
with each subject's value of each expression in a local (the subjects unrolled), and
compiles it with numba: one call per step. The compile takes seconds (a file with
`count first` and several invariants, such as Schieber's, about 15 s on a shared core;
once per process and file), so the environment asks for it (`compiled_scoring=True`).

It follows `Scorer` to the letter (which stays the reference, and the tests compare the
two): a value of the table is that of the last subject; ``and``/``or``/``if`` give their
operand as Python does and work out both sides, a quantifier binds the subjects it found
only where it is the first one worked out in a condition, `that player` reads them; the
first clause that holds fires; floors; the invariants; the game end behind its gate. A
file's `count first:` is worked out where the running totals cannot reach the end's gate
in the hand (`Runner.near_end`); the games that may are handed to `Runner.score_hands`,
as are whole files with a construct this does not write (`Uncovered`: an amount
held in abeyance, Weise lying in tricks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.exprsource import YES_NO
from jassdsl.core import model as m
from jassdsl.core.cards import CARD_CLASSES
from jassdsl.core.count_order import TRICK_FACT, TRICKS
from jassdsl.core.limits import MAX_PRODUCT
from jassdsl.core.modes import SUIT_WORDS
from jassdsl.fast.scorer import ROLES_KEPT, Uncovered
from jassdsl.fast.twister import below

FACTS = ("points", "tricks", "weis", "stoeck")  # the facts of a hand `count first` books


@njit(cache=True)
def product(x: int, y: int) -> int:
    """`*` as the language has it: clipped to the largest product it allows."""
    return min(max(x * y, -MAX_PRODUCT), MAX_PRODUCT)


@njit(cache=True)
def popcount(x: int) -> int:
    k = 0
    while x:
        x &= x - 1
        k += 1
    return k


class Source:
    """The function's source, written line by line. Each value of an expression is a row
    of the scratch array `w` (one column per subject), not a local: numba's compile time
    grows fast with the locals and branches of a function, its run time does not."""

    def __init__(self, rules: CompiledRules, runner: Any) -> None:
        sc = runner.scorer
        self.rules, self.sc, self.c, self.runner = rules, sc, sc.c, runner
        self.n = rules.subjects
        self.each = rules.cards_each
        self.units = list(rules.units)
        self.decls = [d.name for d in rules.declarations]
        self.lines: list[str] = []
        self.depth = 2
        self.slots = 0
        self.running = False  # whether totals are read from `count first`'s running ones

    def total(self, u: int, s: str) -> str:
        return f"run[{u}, {s}]" if self.running else f"tot[{u}, j, {s}]"

    def change(self, u: int, s: str) -> str:
        return f"(run[{u}, {s}] - before[{u}, j, {s}])" if self.running else \
            f"chg[{u}, j, {s}]"

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def slot(self) -> int:
        self.slots += 1
        return self.slots - 1

    def at(self, value: str, s: str) -> str:
        """A value's expression for subject `s` (a name or a number)."""
        return value.replace("§", s)

    def row(self, value: str) -> str:
        """The value worked out into a new row of `w` (for one used more than once)."""
        if value.count("[") <= 1 and len(value) <= 24:
            return value
        if "§" not in value:
            return self.cell(value)
        i = self.slot()
        self.emit(f"for s in range({self.n}):")
        self.emit(f"    w[{i}, s] = {self.at(value, 's')}")
        return f"w[{i}, §]"

    def short(self, value: str) -> str:
        """The value itself where it is short, else worked out into a row."""
        return value if len(value) <= 24 else self.row(value)

    def last(self, value: str) -> str:
        return self.at(value, str(self.n - 1))

    def cell(self, first: str) -> str:
        """A new cell `w[i, 0]`, set to `first`."""
        i = self.slot()
        self.emit(f"w[{i}, 0] = {first}")
        return f"w[{i}, 0]"

    # -- expressions: each an expression of subject § (ints; a truth is 0 or 1); what
    # needs statements (a sum over the subjects, a quantifier) is written before it
    def ev(self, e: m.Expr, live: str) -> str:
        c = self.c
        if isinstance(e, m.Num):
            return str(int(e.value))
        if isinstance(e, m.Total):
            base, sign = c.unit_of[e.unit]
            return f"({sign} * {self.total(self.units.index(base), '§')})"
        if isinstance(e, m.InMode):
            if e.mode == "suits":
                return "int(mode[j] >= 0) * int(mode[j] < 4)"
            number = SUIT_WORDS.get(e.mode, c.mode_numbers.get(e.mode, -2))
            return f"int(mode[j] == {int(number)})"
        if isinstance(e, m.Name):
            return self.name(e.name, live)
        if isinstance(e, m.TeamValue):
            if e.name in c.silent:
                return "0"
            return self.declared(e.name)
        if isinstance(e, m.Unary):
            x = self.ev(e.arg, live)
            return f"int({x} == 0)" if e.op == "not" else f"(-{x})"
        if isinstance(e, m.Binary):
            return self.binary(e, live)
        if isinstance(e, m.IfElse):
            cond = self.row(self.ev(e.cond, live))
            here = self.last(cond)
            then = self.short(self.ev(e.then, f"({live} and {here} != 0)"))
            other = self.short(self.ev(e.other, f"({live} and {here} == 0)"))
            return f"({other} + ({then} - {other}) * int({cond} != 0))"
        if isinstance(e, m.Call):
            return self.call(e, live)
        if isinstance(e, m.Quant):
            return self.quant(e, live)
        raise Uncovered(f"the expression {type(e).__name__}")

    def declared(self, name: str) -> str:
        if name not in self.decls:
            raise Uncovered(f"the declaration {name}")
        return f"declared[j, {self.decls.index(name)}, §]"

    def name(self, name: str, live: str) -> str:
        c, n = self.c, self.n
        if name in c.lets:
            return self.ev(c.lets[name], live)
        if name in c.options:
            value = YES_NO.get(c.options[name], c.options[name])
            if not isinstance(value, int):
                raise Uncovered(f"the option {name}")
            return str(value)
        if name in c.silent:
            return "0"
        if name in c.declared:
            return self.declared(name)
        if name in FACTS:
            return f"{name}[j, §]"
        if name == "match":
            return f"int(tricks[j, §] == {self.each}) * {int(self.each > 0)}"
        if name == "last":
            return f"int(winners[j, {self.each - 1}] == §)"
        if name in ("rank", "sharing"):
            op, start = (">", 1) if name == "rank" else ("==", 0)
            i = self.slot()
            self.emit(f"for s in range({n}):")
            self.emit(f"    w[{i}, s] = {start}")
            self.emit(f"    for t in range({n}):")
            self.emit(f"        if points[j, t] {op} points[j, s]:")
            self.emit(f"            w[{i}, s] += 1")
            return f"w[{i}, §]"
        if name == "hand":
            return "hand[j]"
        if name in ("table-weis", "table-stoeck"):
            if self.runner.table is not None:
                raise Uncovered(f"the fact {name}")
            return "0"
        if name == "players":
            return str(self.rules.players)
        if name == "playing":
            return "1"
        if name == "multiplier":
            return "mult[j]"
        if name in ROLES_KEPT:
            return f"int(roles[j, {ROLES_KEPT.index(name)}] == §)"
        raise Uncovered(f"the name {name}")

    def binary(self, e: m.Binary, live: str) -> str:
        op = e.op
        x = self.ev(e.left, live)
        if op in ("and", "or"):
            x = self.row(x)
            goes_on = f"{self.last(x)} != 0" if op == "and" else f"{self.last(x)} == 0"
            y = self.short(self.ev(e.right, f"({live} and {goes_on})"))
            if op == "and":
                return f"({y} if {x} != 0 else {x})"
            return f"({x} if {x} != 0 else {y})"
        y = self.ev(e.right, live)
        if op in ("+", "-"):
            return f"({x} {op} {y})"
        if op == "*":
            return f"product({x}, {y})"
        if op == "/":
            y = self.short(y)
            return f"(0 if {y} == 0 else {x} // {y})"
        compare = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
        if op not in compare:
            raise Uncovered(f"the operator {op}")
        return f"int({x} {compare[op]} {y})"

    def over_subjects(self, term: str) -> str:
        """The sum of a term over the subjects: a cell."""
        total = self.cell("0")
        self.emit(f"for t in range({self.n}):")
        self.emit(f"    {total} += {self.at(term, 't')}")
        return total

    def call(self, e: m.Call, live: str) -> str:
        func, n = e.func, self.n
        if func == "abs":
            return f"abs({self.ev(e.args[0], live)})"
        if func == "won":
            arg = e.args[0]
            mask = CARD_CLASSES[arg.name] if isinstance(arg, m.Name) else 0
            return f"popcount(won[j, §] & {int(mask)})"
        if func == "change":
            arg = e.args[0]
            if not isinstance(arg, m.Name):
                raise Uncovered("change of something other than a unit")
            base, sign = self.c.unit_of[arg.name]
            return f"({sign} * {self.change(self.units.index(base), '§')})"
        if func in ("sum", "count"):
            body = self.ev(e.args[0], live)
            return self.over_subjects(body if func == "sum" else f"int({body} != 0)")
        if func == "trick":
            arg = e.args[0]
            k = arg.value if isinstance(arg, m.Num) else 0
            if self.each < k or k < 1:
                return "0"
            return f"int(winners[j, {k - 1}] == §)"
        value = self.row(self.ev(e.args[0], live))
        pool = self.row(f"int({self.ev(e.args[1], live)} != 0)") \
            if len(e.args) > 1 else "1"
        if func == "place":
            i = self.slot()
            self.emit(f"for s in range({n}):")
            self.emit(f"    w[{i}, s] = 1")
            self.emit(f"    for t in range({n}):")
            self.emit(f"        if {self.at(value, 't')} > {self.at(value, 's')} and "
                      f"{self.at(pool, 't')}:")
            self.emit(f"            w[{i}, s] += 1")
            return f"w[{i}, §]"
        if func in ("most", "least"):
            big = np.iinfo(np.int64).max
            better, none = (">", -big) if func == "most" else ("<", big)
            top = self.cell(str(none))
            self.emit(f"for t in range({n}):")
            self.emit(f"    if {self.at(pool, 't')} and {self.at(value, 't')} {better} {top}:")
            self.emit(f"        {top} = {self.at(value, 't')}")
            return f"int({pool} != 0) * int({value} == {top})"
        raise Uncovered(f"the function {func}")

    def quant(self, e: m.Quant, live: str) -> str:
        sat = self.row(f"int({self.ev(e.body, live)} != 0)")
        got = self.over_subjects(sat)
        self.emit(f"if {live} and flag[0] == 0:")
        self.emit(f"    for s in range({self.n}):")
        self.emit(f"        bnd[s] = {self.at(sat, 's')}")
        self.emit("    flag[0] = 1")
        q, n = e.quantifier, self.n
        test = (f"{got} == {e.count}" if q == "count" else f"{got} == 0" if q == "none" else
                f"{got} > 0" if q == "some" else f"{got} == {n - 1}" if q == "all_but_one"
                else f"{got} == {n}")
        return self.cell(f"int({test})")

    def condition(self, e: m.Expr | None) -> str:
        """A condition of the table (a cell, 0 or 1), the bound subjects reset first."""
        self.emit("flag[0] = 0")
        self.emit("bnd[:] = 0")
        if e is None:
            return "1"
        return self.cell(f"int({self.last(self.ev(e, 'True'))} != 0)")

    def target(self, t: m.Target) -> str:
        if t.kind == "bound":
            return "bnd[§]"
        if t.kind == "others":
            return "(0 if named[§] else 1)"
        if t.kind == "every":
            return "1"
        if t.kind == "lot":  # drawn from the game's chance where the pool is not empty
            assert t.inner is not None
            pool = self.row(self.target(t.inner))
            size = self.over_subjects(f"int({pool} != 0)")
            i = self.slot()
            whom = f"w[{i}, §]"
            self.emit(f"w[{i}, :] = 0")
            self.emit(f"if {size} > 0:")
            self.emit(f"    left = -1 - below(cmt[idx[j]], {size})")
            self.emit(f"    for s in range({self.n}):")
            self.emit(f"        if {self.at(pool, 's')} != 0:")
            self.emit("            left += 1")
            self.emit("            if left == 0:")
            self.emit(f"                {self.at(whom, 's')} = 1")
            return whom
        assert t.filter is not None
        chosen = self.row(f"int({self.ev(t.filter, 'True')} != 0)")
        if t.count is not None:
            fits = self.over_subjects(chosen)
            return f"({chosen} if {fits} == {t.count} else 0)"
        return chosen

    # -- the function
    def write(self) -> str:
        r, sc, n = self.rules, self.sc, self.n
        if sc.holds:
            raise Uncovered("an amount held in abeyance (holds)")
        units = self.units
        self.emit("dl[:, :] = 0")
        self.emit("fired = -1")
        for i, cl in enumerate(sc.clauses):
            self.emit("if fired < 0:")
            self.depth += 1
            cond = self.condition(cl.condition)
            self.emit(f"if {cond}:")
            self.depth += 1
            self.emit(f"fired = {i}")
            self.emit("named[:] = 0")
            for a, unit, sign in sc.awards[i]:
                whom = self.row(self.target(a.target))
                amount = self.ev(a.amount, "True")
                self.emit(f"for s in range({n}):")
                self.emit(f"    if {self.at(whom, 's')}:")
                self.emit(f"        dl[{units.index(unit)}, s] += {sign} * "
                          f"{self.at(amount, 's')}")
                self.emit(f"for s in range({n}):")
                self.emit(f"    named[s] |= {self.at(whom, 's')}")
            self.depth -= 2
        self.emit("out_fired[j] = fired")
        for u, name in enumerate(units):
            floor = sc.floors.get(name)
            new = f"tot[{u}, j, s] + dl[{u}, s]"
            self.emit(f"for s in range({n}):")
            self.emit(f"    new = {new}" if floor is None else f"    new = max({new}, {floor})")
            self.emit(f"    chg[{u}, j, s] = new - tot[{u}, j, s]")
            self.emit(f"    tot[{u}, j, s] = new")
        self.emit("failed[j] = 0")
        for x in sc.invariants:
            self.emit(f"if not {self.condition(x)}:")
            self.emit("    failed[j] = 1")
        self.emit("ended = 0")
        if self.runner.order and r.end_when is not None:
            self.count_first()
        self.ends()
        body = "\n".join(self.lines)
        return (
            "def score(k, points, tricks, won, winners, weis, stoeck, declared, mode, hand,"
            " mult, roles, tot, before, chg, tp, out_fired, failed, ends, cmt, idx, w, bnd,"
            " flag, named, dl, run, reach, hf):\n"
            "    for j in range(k):\n" + body + "\n")

    def gated_end(self) -> str:
        """The game end (an expression, 0 or 1) with the totals as they are read now,
        worked out only past its gate (`Runner.gated_ends`)."""
        r, sc = self.rules, self.sc
        gate = r.end_gate
        end = self.slot()
        if gate is None:
            self.emit(f"w[{end}, 0] = {self.condition(sc.end)}")
            return f"w[{end}, 0]"
        unit, sign, least = gate
        u = self.units.index(unit)
        self.emit(f"w[{end}, 0] = -(1 << 62)")
        self.emit(f"for s in range({self.n}):")
        self.emit(f"    w[{end}, 0] = max(w[{end}, 0], {sign} * {self.total(u, 's')})")
        self.emit(f"if w[{end}, 0] >= {least}:")
        self.depth += 1
        self.emit(f"w[{end}, 0] = {self.condition(sc.end)}")
        self.depth -= 1
        self.emit("else:")
        self.emit(f"    w[{end}, 0] = 0")
        return f"w[{end}, 0]"

    def ends(self) -> None:
        """Whether each game is over by its end (bit 1), by `count first` (bit 2)."""
        r = self.rules
        if r.end_hands is not None or r.end_when is None:
            self.emit("ends[j] = 2 * ended")
            return
        self.emit(f"ends[j] = 2 * ended + {self.gated_end()}")

    def books(self) -> list[list[tuple[str, bool, int, int, str]]]:
        """What each clause books in `count first` (`Runner.count_first`'s steps): per
        fact in order (the tricks last, one by one), each (fact, by trick, unit, factor,
        the cell of `hf` with the hand's factor, worked out where the clause fired)."""
        runner, r = self.runner, self.rules
        facts = [(name, False) for name in runner.order if name != TRICKS]
        if TRICKS in runner.order:
            facts.append((TRICK_FACT, True))
        out: list[list[tuple[str, bool, int, int, str, Any]]] = []
        cells = 0
        for cl in r.clauses:
            exprs = runner.scale_exprs.get(cl.id, ())
            per = []
            for name, by_trick in facts:
                if name not in FACTS:
                    raise Uncovered(f"count first of {name}")
                for i, (unit, factor) in enumerate(r.count_adds[cl.id].get(name, ())):
                    if name == TRICK_FACT and not factor:  # (its steps skip them)
                        continue
                    x = exprs[i] if i < len(exprs) else None
                    per.append((name, by_trick, self.units.index(unit), int(factor),
                                f"hf[{cells}]", x))
                    cells += 1
            out.append(per)
        self.hf_cells = max(cells, 1)
        self.emit("hf[:] = 1")
        for ci, per in enumerate(out):
            if any(b[5] is not None for b in per):
                self.emit(f"if fired == {ci}:")
                self.depth += 1
                for b in per:
                    if b[5] is not None:
                        self.emit(f"{b[4]} = {self.last(self.ev(b[5], 'True'))}")
                self.depth -= 1
        return [[b[:5] for b in per] for per in out]

    def count_first(self) -> None:
        """`Runner.count_first` by its shortcut, in the games where the running totals may
        pass the end's gate (`Runner.near_end`); the others keep the hand's totals."""
        r, sc, n = self.rules, self.sc, self.n
        gate = r.end_gate
        if gate is None:
            raise Uncovered("count first without a gate to the game end")
        unit, sign, least = gate
        gu = self.units.index(unit)
        floor = sc.floors.get(unit)
        books = self.books()
        start = f"before[{gu}, j, s]"
        if floor is not None and sign > 0:
            start = f"max({start}, {floor})"
        self.emit(f"for s in range({n}):")
        self.emit(f"    reach[s] = {sign} * {start}")
        for ci, per in enumerate(books):
            moves = [b for b in per if b[2] == gu]
            if not moves:
                continue
            self.emit(f"if fired == {ci}:")
            self.depth += 1
            for name, by_trick, _, factor, hf in moves:
                if not by_trick:
                    self.emit(f"for s in range({n}):")
                    self.emit(f"    reach[s] += max({sign} * {factor} * {hf} * {name}[j, s], 0)")
                    continue
                self.emit(f"for t in range({self.each}):")
                self.emit(f"    reach[winners[j, t]] += max({sign} * {factor} * {hf} * "
                          "tp[j, t], 0)")
            self.depth -= 1
        self.emit("top = -(1 << 62)")
        self.emit(f"for s in range({n}):")
        self.emit("    top = max(top, reach[s])")
        self.emit(f"if top >= {least}:")
        self.depth += 1
        self.emit("run[:, :] = before[:, j, :]")
        self.running = True
        for name in [x for x in self.runner.order if x != TRICKS]:
            any_value = " or ".join(f"{name}[j, {s}] != 0" for s in range(n))
            self.emit(f"if ended == 0 and ({any_value}):")
            self.depth += 1
            self.books_of(books, fact_of(name), fact_value(name))
            self.emit(f"if {self.gated_end()}:")
            self.emit("    ended = 1")
            self.depth -= 1
        if any(b[1] for per in books for b in per):
            self.emit("booking = 0")
            for ci, per in enumerate(books):
                tricks = [b for b in per if b[1]]
                if tricks:
                    self.emit(f"if fired == {ci}:")
                    self.emit("    booking = 1 if " + " or ".join(
                        f"{b[3]} * {b[4]} != 0" for b in tricks) + " else 0")
            self.emit(f"for q in range({self.each - 1}):  # the last completes the hand")
            self.depth += 1
            self.emit("if ended == 0 and booking and tp[j, q] > 0:")
            self.depth += 1
            self.books_of(books, lambda b: b[1],
                          lambda s: f"tp[j, q] * int(winners[j, q] == {s})")
            self.emit(f"if {self.gated_end()}:")
            self.emit("    ended = 1")
            self.depth -= 2
        self.running = False
        self.emit("if ended:")
        self.emit("    tot[:, j, :] = run")
        self.depth -= 1

    def books_of(self, books: list[list[tuple[str, bool, int, int, str]]],
                 which: Callable[[tuple[str, bool, int, int, str]], bool],
                 value: Callable[[str], str]) -> None:
        """Add to the running totals what the fired clause books of a fact (floors)."""
        for ci, per in enumerate(books):
            entries = [b for b in per if which(b)]
            if not entries:
                continue
            self.emit(f"if fired == {ci}:")
            self.depth += 1
            for _, _, u, factor, hf in entries:
                floor = self.sc.floors.get(self.units[u])
                y = f"run[{u}, s] + {factor} * {hf} * {value('s')}"
                self.emit(f"for s in range({self.n}):")
                self.emit(f"    run[{u}, s] = {y}" if floor is None else
                          f"    run[{u}, s] = max({y}, {floor})")
            self.depth -= 1


Book = tuple[str, bool, int, int, str]  # fact, by trick, unit, factor, hand's factor


def fact_of(name: str) -> Callable[[Book], bool]:
    return lambda b: b[0] == name and not b[1]


def fact_value(name: str) -> Callable[[str], str]:
    return lambda s: f"{name}[j, {s}]"


KERNELS: dict[str, Any] = {}  # per source: its compiled function (compiled once a process)


class Clauses:
    """The compiled scoring of one rule file, for the batched environment."""

    def __init__(self, rules: CompiledRules, runner: Any) -> None:
        self.rules, self.runner = rules, runner
        source = Source(rules, runner)
        text = source.write()
        space: dict[str, Any] = {"popcount": popcount, "below": below, "product": product}
        kernel = KERNELS.get(text)
        if kernel is None:
            exec(compile(text, f"<clauses of {rules.name}>", "exec"), space)
            kernel = KERNELS[text] = njit(space["score"])
        self.kernel = kernel
        self.source = text
        n, u = rules.subjects, len(rules.units)
        self.w = np.zeros((max(source.slots, 1), n), np.int64)  # the scratch rows
        self.flag, self.bnd, self.named = (np.zeros(k, np.int64) for k in (1, n, n))
        self.dl, self.run = np.zeros((u, n), np.int64), np.zeros((u, n), np.int64)
        self.reach = np.zeros(n, np.int64)
        self.hf = np.ones(getattr(source, "hf_cells", 1), np.int64)


def clauses_for(rules: CompiledRules, runner: Any) -> Clauses | None:
    """The compiled scoring of a file, or None where it writes a construct it does not
    cover (`Runner.score_hands` scores those files)."""
    try:
        return Clauses(rules, runner)
    except Uncovered:
        return None


__all__ = ["Clauses", "clauses_for"]
