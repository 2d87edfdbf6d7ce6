"""Scoring expressions written out as Python source: one function instead of a closure tree.

Compiled to closures, ``points + weis + stoeck`` costs five Python calls per subject and
``three players have sharing = 3`` a call per node and subject. Written out as one
``lambda f, s: ...`` an expression costs one call, plus one per quantifier (a function
of its own, that sets `bound`) and per `most`/`least` call (the closure of
`scoring.Compiler`, with its per-hand memo). Every node is written as the expression its
closure evaluates, operands in the same order, so both mean the same;
`tests/test_exprsource.py` checks that on random facts for every expression of every
rule file and language fixture.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from jassdsl import model as m
from jassdsl.cards import CARD_CLASSES
from jassdsl.limits import MAX_PRODUCT

if TYPE_CHECKING:
    from jassdsl.scoring import Compiler, Fn, HandFacts

# the facts of `scoring.Compiler.c_name`, with {s} for the subject
FACT_SOURCE = {
    "points": "f.points[{s}]",
    "tricks": "f.tricks[{s}]",
    "match": "(f.tricks[{s}] == len(f.trick_winners) > 0)",
    "last": "(len(f.trick_winners) > 0 and f.trick_winners[-1] == {s})",
    "rank": "f.rank({s})",
    "sharing": "f.sharing({s})",
    "hand": "f.hand",
    "weis": "(f.weis[{s}] if f.weis else 0)",
    "stoeck": "(f.stoeck[{s}] if f.stoeck else 0)",
    "table-weis": "(f.table_weis[{s}] if f.table_weis else 0)",
    "table-stoeck": "(f.table_stoeck[{s}] if f.table_stoeck else 0)",
    "players": "f.players",
    "playing": "(f.playing[{s}] if f.playing else 1)",
    "points-in-play": "f.in_play",
}
OPS = {"and": "and", "or": "or", "=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">",
       ">=": ">=", "+": "+", "-": "-"}
CALLS = {"*": "_mul", "/": "_div"}  # operators with a rule of their own, as functions


def divide(a: int, b: int) -> int:
    """``a / b``: whole-number division rounding down; by zero it is 0 (the language
    reference says so), so that no hand stops on a divisor that happens to be 0."""
    return a // b if b else 0


def multiply(a: int, b: int) -> int:
    """``a * b``, cut to plus or minus MAX_PRODUCT, so numbers stay small."""
    return max(-MAX_PRODUCT, min(MAX_PRODUCT, a * b))


class Source:
    """Writes one expression as a lambda; `ns` holds the closures it calls."""

    def __init__(self, compiler: Compiler) -> None:
        self.c = compiler
        self.ns: dict[str, Any] = {"__builtins__": {"abs": abs, "int": int, "len": len,
                                                     "range": range, "sum": sum},
                                   "_mul": multiply, "_div": divide}
        self.depth = 0

    def function(self, e: m.Expr) -> Fn:
        fn: Fn = eval(f"lambda f, s: {self.of(e, 's')}", self.ns)
        return fn

    def helper(self, fn: Fn, s: str) -> str:
        name = f"_h{len(self.ns)}"
        self.ns[name] = fn
        return f"{name}(f, {s})"

    def of(self, e: m.Expr, s: str) -> str:
        """Source of e for the subject in variable s."""
        c = self.c
        if isinstance(e, m.Num):
            return f"({e.value!r})"
        if isinstance(e, m.Total):
            base, sign = c.unit_of[e.unit]
            return f"({sign} * f.totals[{base!r}][{s}])"
        if isinstance(e, m.Name):
            if e.name in c.lets:
                if c.inlined(e.name):
                    return self.of(c.lets[e.name], s)
                return self.helper(c.let_function(e.name), s)
            if e.name in c.options:
                return f"({c.options[e.name]!r})"
            if e.name in c.declared:
                return f"f.declared[{e.name!r}][{s}]"
            return FACT_SOURCE[e.name].format(s=s)
        if isinstance(e, m.Unary):
            return f"(not {self.of(e.arg, s)})" if e.op == "not" else f"(-{self.of(e.arg, s)})"
        if isinstance(e, m.Binary):
            if e.op in CALLS:
                return f"{CALLS[e.op]}({self.of(e.left, s)}, {self.of(e.right, s)})"
            return f"({self.of(e.left, s)} {OPS[e.op]} {self.of(e.right, s)})"
        if isinstance(e, m.IfElse):
            cond, then, other = (self.of(x, s) for x in (e.cond, e.then, e.other))
            return f"({then} if {cond} else {other})"
        if isinstance(e, m.Call):
            return self.call(e, s)
        if isinstance(e, m.Quant):
            return self.quantifier(e, s)
        return self.helper(c.closure(e), s)

    def quantifier(self, e: m.Quant, s: str) -> str:
        """A function of its own, as `Compiler.c_quant`: the first quantifier evaluated in
        a condition leaves the subjects it found in `bound`."""
        self.depth += 1
        t = f"t{self.depth}"
        body = self.of(e.body, t)
        self.depth -= 1
        test = {"count": f"len(sat) == {e.count!r}", "none": "len(sat) == 0",
                "some": "len(sat) > 0", "all_but_one": "len(sat) == f.n - 1",
                "every": "len(sat) == f.n"}[e.quantifier]
        name = f"_q{len(self.ns)}"
        exec(f"def {name}(f, s):\n"
             f"    sat = [{t} for {t} in range(f.n) if {body}]\n"
             "    if f.bound is None:\n"
             "        f.bound = sat\n"
             f"    return {test}\n", self.ns)
        return f"{name}(f, {s})"

    def call(self, e: m.Call, s: str) -> str:
        c = self.c
        if e.func == "abs":
            return f"abs({self.of(e.args[0], s)})"
        if e.func == "won":
            arg = e.args[0]
            mask = CARD_CLASSES[arg.name] if isinstance(arg, m.Name) else 0
            return f"(f.won[{s}] & {mask}).bit_count()"
        if e.func == "change":
            arg = e.args[0]
            base, sign = c.unit_of[arg.name] if isinstance(arg, m.Name) else ("", 1)
            return f"({sign} * f.change[{base!r}][{s}])"
        if e.func in ("sum", "count"):
            self.depth += 1
            t = f"t{self.depth}"
            body = self.of(e.args[0], t)
            self.depth -= 1
            if e.func == "sum":
                return f"sum([{body} for {t} in range(f.n)])"
            return f"len([1 for {t} in range(f.n) if {body}])"
        if e.func == "trick":
            k = c.closure(e.args[0])(None, -1)  # type: ignore[arg-type]
            return (f"int(len(f.trick_winners) >= {k!r} and "
                    f"f.trick_winners[{k!r} - 1] == {s})")
        return self.helper(c.closure(e), s)  # most, least

    def subset(self, filt: m.Expr, size: int | None) -> Callable[[HandFacts, set[int]], list[int]]:
        """An award target ``players with <filt>``, as `scoring.compile_target` makes it."""
        body = self.of(filt, "t0")
        fits = "True" if size is None else f"len(chosen) == {size!r}"
        exec("def _target(f, named):\n"
             f"    chosen = [t0 for t0 in range(f.n) if {body}]\n"
             f"    return chosen if {fits} else []\n", self.ns)
        target: Callable[[HandFacts, set[int]], list[int]] = self.ns["_target"]
        return target
