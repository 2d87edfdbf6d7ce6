"""Scoring expressions written out as Python source: the one evaluator of the language.

Each expression becomes one ``lambda f, s: ...`` over the hand's facts `f` and a subject
`s` (-1: the table). A quantifier is a function of its own (it sets `bound`), a let used
in many places is compiled once and called, and `most`/`least`/`place` are small helper
functions with a per-hand memo. Written out, ``points + weis + stoeck`` costs one call per
subject where a tree of closures cost five. `tests/test_exprsource.py` checks every
expression of every rule file and language fixture on random facts against the naive
evaluator of `tests/reference_expr.py`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from jassdsl.compile.handfacts import Fn, HandFacts
from jassdsl.core import model as m
from jassdsl.core.cards import CARD_CLASSES
from jassdsl.core.facts import FACTS, sources
from jassdsl.core.limits import INLINE_LET_NODES, MAX_PRODUCT
from jassdsl.core.modes import SUIT_WORDS, mode_numbers
from jassdsl.core.nesting import let_names
from jassdsl.core.options import declared_under
from jassdsl.core.roles import ROLES

# the facts a name may read, with {s} for the subject
FACT_SOURCE = sources(FACTS)
OPS = {"and": "and", "or": "or", "=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">",
       ">=": ">=", "+": "+", "-": "-"}
CALLS = {"*": "_mul", "/": "_div"}
YES_NO: dict[int | str, int] = {"yes": 1, "no": 0}  # a yes/no option in an expression  # operators with a rule of their own, as functions


def constant(src: str) -> int | bool | None:
    """The value of source that reads no fact, no subject and no helper of the hand (a
    number, an option, a declaration no one makes, arithmetic and comparisons of them),
    else None: anything that reads the hand stops at its first name."""
    try:
        value = eval(src, {"__builtins__": {}, "_mul": multiply, "_div": divide})
    except Exception:
        return None
    return value if type(value) in (int, bool) else None


def folded(src: str) -> str:
    """src, or its value written out when it reads nothing of the hand: a Schieber
    without its multipliers or Konter scores ``(points + weis + stoeck) * (1)``, with no
    call of the lets that would each time work the factor out to 1."""
    value = constant(src)
    return src if value is None else f"({value!r})"


def divide(a: int, b: int) -> int:
    """``a / b``: whole-number division rounding down; by zero it is 0 (the language
    reference says so), so that no hand stops on a divisor that happens to be 0."""
    return a // b if b else 0


def multiply(a: int, b: int) -> int:
    """``a * b``, cut to plus or minus MAX_PRODUCT, so numbers stay small (compared, not
    through min and max: it runs for every product in every hand)."""
    c = a * b
    if -MAX_PRODUCT <= c <= MAX_PRODUCT:
        return c
    return MAX_PRODUCT if c > 0 else -MAX_PRODUCT


class Compiler:
    """Compiles the expressions of one rule file (under chosen option values) into
    functions ``f(facts, subject)``; lets are compiled once, for every place naming them."""

    def __init__(
        self, rf: m.RuleFile, options: dict[str, int | str],
        unit_of: dict[str, tuple[str, int]], by_side: bool = False,
    ) -> None:
        self.lets = {lt.name: lt.expr for lt in rf.lets}
        self.options = options
        self.declared = {d.name for d in rf.declarations}
        # declarations an option leaves out (`if doubling`): nobody declares them, they are 0
        self.silent = {d.name for d in rf.declarations if not declared_under(d, options)}
        self.unit_of = unit_of
        self.mode_numbers = mode_numbers(rf)
        # sides formed per hand (`Runtime.partners`): a subject took a trick when its
        # side did
        self.by_side = by_side
        self.let_functions: dict[str, Fn] = {}
        self.hand_only_lets: dict[str, bool] = {}
        self.let_constants: dict[str, str | None] = {}

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

    def let_constant(self, name: str) -> str | None:
        """The value of a let that reads nothing of the hand, written out, else None."""
        if name not in self.let_constants:
            src = Source(self).of(self.lets[name], "s")
            self.let_constants[name] = src if constant(src) is not None else None
        return self.let_constants[name]

    def let_function(self, name: str) -> Fn:
        """A let compiled once, for every place that names it."""
        fn = self.let_functions.get(name)
        if fn is None:
            fn = self.let_functions[name] = self.expr(self.lets[name])
        return fn

    def constant(self, e: m.Expr) -> int | bool | None:
        """The value of e when it reads nothing of the hand (under the chosen options),
        else None."""
        return constant(Source(self).of(e, "s"))

    def expr(self, e: m.Expr) -> Fn:
        """The function of e, written out as Python source."""
        return Source(self).function(e)

    def hand_only(self, x: m.Expr) -> bool:
        """True when x reads only facts fixed for the hand: no totals, no change(), no
        quantifier (it sets `bound`); conservative for anything else. A let is looked at
        once (the checker has ruled out lets defined in a circle)."""
        if isinstance(x, m.Num | m.TeamValue | m.RoleValue | m.InMode):
            return True
        if isinstance(x, m.Name):
            if x.name not in self.lets:
                return True
            known = self.hand_only_lets.get(x.name)
            if known is None:
                known = self.hand_only_lets[x.name] = self.hand_only(self.lets[x.name])
            return known
        if isinstance(x, m.Call):
            return x.func != "change" and all(self.hand_only(a) for a in x.args)
        if isinstance(x, m.Unary | m.Binary | m.IfElse):
            return all(self.hand_only(y) for y in m.children(x))
        return False

    def ranking(self, e: m.Call) -> Fn:
        """`place(X, FILTER)`, `most(X, FILTER)`, `least(X, FILTER)` as helper functions
        of the written-out source; most and least over facts fixed for the hand work out
        their pool and extremes once per hand (`HandFacts.memo`)."""
        value = self.expr(e.args[0])
        filt = self.expr(e.args[1]) if len(e.args) > 1 else None
        if e.func == "place":
            return place(value, filt)
        pick = max if e.func == "most" else min
        if not all(self.hand_only(a) for a in e.args):
            return extreme(value, filt, pick)
        # the call's entry in HandFacts.memo, [pool, extremes or None]: shared by the same
        # call written twice in this file (not by another file: `self` is in the key)
        return extreme_once(value, filt, pick, (self, repr(shape(e))))


def place(value: Fn, filt: Fn | None) -> Fn:
    """1 + how many (for whom filt holds) have a higher value."""
    def fn(f: HandFacts, s: int) -> int:
        mine = value(f, s)
        return 1 + sum(1 for t in range(f.n)
                       if (filt is None or filt(f, t)) and value(f, t) > mine)

    return fn


def extreme(value: Fn, filt: Fn | None, pick: Callable[..., Any]) -> Fn:
    """Whether s is in the pool (for whom filt holds) and has its highest (lowest) value."""
    def fn(f: HandFacts, s: int) -> bool:
        pool = [t for t in range(f.n) if filt is None or filt(f, t)]
        if s not in pool:
            return False
        return bool(value(f, s) == pick(value(f, t) for t in pool))

    return fn


def extreme_once(value: Fn, filt: Fn | None, pick: Callable[..., Any], key: object) -> Fn:
    """As `extreme`, with the pool and the extremes worked out once per hand."""
    def fn(f: HandFacts, s: int) -> bool:
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

    return fn


def whole_list(body: str, t: str) -> str | None:
    """``sum(...)`` of a whole list of the facts where the body only reads entry t of one
    (``f.points[t1]``, ``(1 * f.change['points'][t1])``, ``(f.weis[t1] if f.weis else
    0)``): every such list holds one entry per subject, or none where the fact is 0."""
    for pattern, form in WHOLE_LISTS:
        found = pattern.fullmatch(body)
        if found is not None and found["t"] == t:
            return form.format(**found.groupdict())
    return None


# the lists of facts with one entry per subject (or, for the Weis and Stöck, none)
_LIST = (r"f\.(?:points|tricks|weis|stoeck|table_weis|table_stoeck"
         r"|(?:change|totals|declared)\['[^'\\]+'\])")
WHOLE_LISTS = (
    (re.compile(rf"(?P<l>{_LIST})\[(?P<t>t\d+)\]"), "sum({l})"),
    (re.compile(rf"\((?P<l>{_LIST})\[(?P<t>t\d+)\] if (?P=l) else 0\)"), "sum({l})"),
    (re.compile(rf"\((?P<k>-?1) \* (?P<l>{_LIST})\[(?P<t>t\d+)\]\)"), "({k} * sum({l}))"),
)


def shape(x: object) -> object:
    """x without positions: equal for the same call written in two places."""
    if isinstance(x, m.Node):
        return (type(x).__name__,
                *(shape(getattr(x, k)) for k in type(x).model_fields if k != "pos"))
    return tuple(shape(y) for y in x) if isinstance(x, tuple) else x


class Source:
    """Writes one expression as a lambda; `ns` holds the closures it calls.

    `subjects`: their number, where it is known as the source is written (the pure-Python
    playout writes a file's hand end for its own number): an outermost sum, count or
    quantifier over the subjects is then written out subject by subject, with no loop."""

    def __init__(self, compiler: Compiler, subjects: int | None = None) -> None:
        self.c = compiler
        self.subjects = subjects
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
        """Source of e for the subject in variable s, with what reads no fact of the hand
        worked out once here (see `folded`)."""
        return folded(self.written(e, s))

    def written(self, e: m.Expr, s: str) -> str:
        c = self.c
        if isinstance(e, m.Num):
            return f"({e.value!r})"
        if isinstance(e, m.Total):
            base, sign = c.unit_of[e.unit]
            return f"({sign} * f.totals[{base!r}][{s}])"
        if isinstance(e, m.InMode):  # 1 in that mode, else 0
            if e.mode == "suits":
                return "int(0 <= f.mode < 4)"
            number = SUIT_WORDS.get(e.mode, c.mode_numbers.get(e.mode, -2))
            return f"int(f.mode == {number!r})"
        if isinstance(e, m.Name):
            if e.name in c.lets:
                if c.inlined(e.name):
                    return self.of(c.lets[e.name], s)
                known = c.let_constant(e.name)
                if known is not None:
                    return known
                return self.helper(c.let_function(e.name), s)
            if e.name in c.options:
                value = c.options[e.name]
                return f"({YES_NO.get(value, value)!r})"  # a yes/no option: 1 or 0
            if e.name in c.silent:
                return "(0)"
            if e.name in c.declared:
                return f"f.declared[{e.name!r}][{s}]"
            if e.name in ROLES:  # the subject holds the role (or its team does)
                return f"(f.roles[{ROLES[e.name].index}] == {s})"
            if e.name == "last" and c.by_side:
                return (f"(len(f.trick_winners) > 0 and "
                        f"f.side[f.trick_winners[-1]] == f.side[{s}])")
            if e.name in FACT_SOURCE:
                return FACT_SOURCE[e.name].format(s=s)
            # any other name the checker let through is a number kept across hands
            # (`Checks.kept_names`), as it stands for this hand
            return f"f.kept[{e.name!r}]"
        if isinstance(e, (m.TeamValue, m.RoleValue)) and e.name in c.silent:
            return "(0)"
        if isinstance(e, m.TeamValue):  # both partners' values, added up
            return f"f.declared[{e.name!r}][{s}]"
        if isinstance(e, m.RoleValue):  # the value of the seat holding the role, or 0
            i = ROLES[e.role].index
            return (f"(f.seat_declared[{e.name!r}][f.role_seats[{i}]] "
                    f"if f.role_seats[{i}] >= 0 else 0)")
        if isinstance(e, m.Unary):
            return f"(not {self.of(e.arg, s)})" if e.op == "not" else f"(-{self.of(e.arg, s)})"
        if isinstance(e, m.Binary):
            if e.op in ("and", "or"):  # a known left side decides or leaves the right one
                left = self.of(e.left, s)
                side = constant(left)
                if side is not None and bool(side) == (e.op == "and"):
                    return self.of(e.right, s)
                return f"({left} {e.op} {self.of(e.right, s)})"
            if e.op in CALLS:
                return f"{CALLS[e.op]}({self.of(e.left, s)}, {self.of(e.right, s)})"
            return f"({self.of(e.left, s)} {OPS[e.op]} {self.of(e.right, s)})"
        if isinstance(e, m.IfElse):
            cond = self.of(e.cond, s)
            decided = constant(cond)
            if decided is not None:
                return self.of(e.then if decided else e.other, s)
            then, other = self.of(e.then, s), self.of(e.other, s)
            return f"({then} if {cond} else {other})"
        if isinstance(e, m.Call):
            return self.call(e, s)
        return self.quantifier(e, s)

    def each(self, e: m.Expr) -> list[str] | None:
        """The source of e for each subject in turn, where they are written out (`subjects`,
        outermost), else None."""
        if self.subjects is None or self.depth:
            return None
        self.depth += 1
        bodies = [self.of(e, str(x)) for x in range(self.subjects)]
        self.depth -= 1
        return bodies

    def quantifier(self, e: m.Quant, s: str) -> str:
        """A function of its own: the first quantifier worked out in a condition leaves the
        subjects it found in `bound`."""
        bodies = self.each(e.body)
        self.depth += 1
        t = f"t{self.depth}"
        body = self.of(e.body, t) if bodies is None else ""
        self.depth -= 1
        test = {"count": f"len(sat) == {e.count!r}", "none": "len(sat) == 0",
                "some": "len(sat) > 0", "all_but_one": "len(sat) == f.n - 1",
                "every": "len(sat) == f.n"}[e.quantifier]
        name = f"_q{len(self.ns)}"
        found = (f"    sat = [{t} for {t} in range(f.n) if {body}]\n" if bodies is None else
                 "    sat = []\n" + "".join(f"    if {b}:\n        sat.append({x})\n"
                                           for x, b in enumerate(bodies)))
        exec(f"def {name}(f, s):\n"
             f"{found}"
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
            value = constant(body)
            if value is not None:  # the same for every subject
                if e.func == "sum":
                    return f"({int(value)!r} * f.n)" if value else "(0)"
                return "f.n" if value else "(0)"
            whole = whole_list(body, t) if e.func == "sum" else None
            bodies = self.each(e.args[0]) if whole is None else None
            if bodies is not None:  # subject by subject (`subjects`), as the loop adds
                terms = bodies if e.func == "sum" else [f"(1 if {b} else 0)" for b in bodies]
                return f"(0 + {' + '.join(terms)})"
            if e.func == "sum":
                return whole if whole is not None else f"sum([{body} for {t} in range(f.n)])"
            return f"len([1 for {t} in range(f.n) if {body}])"
        if e.func == "trick":
            arg = e.args[0]
            k = arg.value if isinstance(arg, m.Num) else 0  # the checker wants a number
            if c.by_side:
                return (f"int(len(f.trick_winners) >= {k!r} and "
                        f"f.side[f.trick_winners[{k!r} - 1]] == f.side[{s}])")
            return (f"int(len(f.trick_winners) >= {k!r} and "
                    f"f.trick_winners[{k!r} - 1] == {s})")
        return self.helper(c.ranking(e), s)  # most, least, place

    def subset(self, filt: m.Expr, size: int | None) -> Callable[[HandFacts, set[int]], list[int]]:
        """An award target ``players with <filt>`` (of `size` players, or any number)."""
        body = self.of(filt, "t0")
        fits = "True" if size is None else f"len(chosen) == {size!r}"
        exec("def _target(f, named):\n"
             f"    chosen = [t0 for t0 in range(f.n) if {body}]\n"
             f"    return chosen if {fits} else []\n", self.ns)
        target: Callable[[HandFacts, set[int]], list[int]] = self.ns["_target"]
        return target
