"""The one evaluator of scoring expressions (`jassdsl.compile.exprsource`, expressions written out
as Python source) means what the language reference says.

For every expression node of every rule file and language fixture (clauses, award amounts
and filters, lets, invariants, the game end), the compiled function and the naive
evaluator of `tests/reference_expr.py` are evaluated on the same random facts, for the
table and for every subject, and must give the same value (or raise the same error) and
leave the same `bound`; every award target must choose the same subjects. Each expression
is also written for the file's number of subjects (sums, counts and quantifiers written
out subject by subject, as the pure-Python playout writes them) and must agree too."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import fields
from functools import partial
from pathlib import Path
from typing import Any, Literal

import pytest
from reference_expr import Naive
from test_language_fixtures import FIXTURES, read_fixture

from jassdsl.compile.compiler import CompiledRules, compile_rules
from jassdsl.compile.exprsource import Compiler, Source
from jassdsl.compile.scoring import Fn, HandFacts, compile_target
from jassdsl.core import model as m
from jassdsl.core.limits import MAX_PRODUCT
from jassdsl.core.model import walk
from jassdsl.language.check import load_model
from jassdsl.mechanisms.kept_numbers import keeps_of, kept_names
from jassdsl.registry import load_rules, variant_names


def expressions(rf: m.RuleFile) -> list[m.Expr]:
    tops: list[m.Expr | None] = [lt.expr for lt in rf.lets]
    for cl in rf.clauses:
        tops.append(cl.condition)
        for a in cl.awards:
            tops.append(a.amount)
            t: m.Target | None = a.target
            while t is not None:
                tops.append(t.filter)
                t = t.inner
    tops += [inv.expr for inv in rf.invariants]
    tops.append(rf.end.when)
    for k in keeps_of(rf):  # the changes of the numbers kept across hands
        tops += [x for c in k.changes for x in (c.when, c.becomes)]
    out: list[m.Expr] = []
    for top in tops:
        if top is not None:  # the argument of won(...) and change(...) is a word, not a value
            words = [id(a) for x in walk(top) if isinstance(x, m.Call)
                     and x.func in ("won", "change") for a in x.args]
            out += [x for x in walk(top) if id(x) not in words]
    return out


def random_facts(rng: random.Random, n: int, players: int, units: list[str],
                 declared: list[str], options: dict[str, int | str],
                 modes: int = 6) -> HandFacts:
    """Facts with many ties: values drawn from small ranges."""
    def values(low: int, high: int) -> list[int]:
        return [rng.randint(low, high) for _ in range(n)]

    winners = [rng.randrange(n) for _ in range(rng.choice((0, 9, 12)))]
    facts = HandFacts(
        n, players, rng.randint(1, 13), values(0, 3) if rng.random() < 0.5 else values(0, 157),
        [winners.count(x) for x in range(n)], [rng.getrandbits(36) for _ in range(n)], winners,
        {d: values(0, 10) for d in declared}, {u: values(-20, 1500) for u in units}, options,
        random.Random(rng.random()))
    facts.change = {u: values(-3, 3) for u in units}
    if rng.random() < 0.5:
        facts.weis, facts.stoeck = values(0, 1), values(0, 1)
    if rng.random() < 0.5:
        facts.multiplier = rng.randint(0, 10)
    # the roles: a seat each, or nobody; subjects are the seats' teams where n < players
    facts.role_seats = [rng.randrange(-1, players) for _ in range(4)]
    facts.roles = [x % n if x >= 0 else -1 for x in facts.role_seats]
    facts.seat_declared = {d: [rng.randint(0, 10) for _ in range(players)] for d in declared}
    facts.mode = rng.randrange(-1, modes)  # the hand's mode number, for `in NAME`
    return facts


INIT_FIELDS = tuple(f.name for f in fields(HandFacts) if f.init)


def copier(made: HandFacts) -> Callable[[], HandFacts]:
    """Copies of facts nothing has read yet (`made`), each as `random_facts` would build them
    again from the same seed: every list and dict its own, the generator at the same state,
    the memo empty. One evaluation cannot reach another's facts, as with a new build, at a
    fraction of the cost (a build draws hundreds of numbers)."""
    assert not made.memo and made._rank is None and made._sharing is None, "facts read"
    values = {name: getattr(made, name) for name in INIT_FIELDS}
    for name, value in values.items():  # a new kind of field must be copied here too
        assert value is None or isinstance(value, int | str | list | dict | random.Random), name
    state = made.rng.getstate()

    def copy() -> HandFacts:
        kw: dict[str, Any] = {}
        for name, value in values.items():
            if type(value) is list:
                value = value[:]
            elif type(value) is dict:
                value = {k: v[:] if type(v) is list else v for k, v in value.items()}
            elif type(value) is random.Random:
                value = random.Random()
                value.setstate(state)
            kw[name] = value
        return HandFacts(**kw)

    return copy


def outcome(fn: Callable[[HandFacts, int], Any], facts: HandFacts, s: int,
            logic: bool) -> tuple[Any, ...]:
    """The value (its truth for `and`/`or`, whose value the reference does not fix) and
    the subjects a quantifier named."""
    facts.bound = None
    try:
        value: Any = fn(facts, s)
        value = bool(value) if logic else value
    except Exception as err:  # both must fail alike
        value = type(err).__name__
    return value, facts.bound


def chosen(target: Callable[[HandFacts, set[int]], list[int]], facts: HandFacts,
           named: set[int]) -> object:
    try:
        return target(facts, set(named))
    except Exception as err:  # both must fail alike
        return type(err).__name__


@pytest.mark.parametrize("name", variant_names())
def test_the_evaluator_agrees_with_the_naive_one(name: str) -> None:
    agree(load_rules(name), name)


OK_FIXTURES = [p for p in FIXTURES if read_fixture(p).errors is None]


@pytest.mark.parametrize("path", OK_FIXTURES, ids=[p.stem for p in OK_FIXTURES])
def test_the_evaluator_agrees_with_the_naive_one_on_language_fixtures(path: Path) -> None:
    fx = read_fixture(path)
    agree(compile_rules(load_model(fx.source, path.name), fx.options), path.stem)


def naive_value(naive: Naive, e: m.Expr, f: HandFacts, s: int) -> Any:
    return naive.value(e, f, s)


def is_logic(e: m.Expr) -> bool:
    return isinstance(e, m.Binary) and e.op in ("and", "or")


def agree(rules: CompiledRules, name: str) -> None:
    rf = rules.model
    compiler = Compiler(rf, rules.options, rules.unit_of)
    naive = Naive(rf, rules.options)
    pairs = [(e, compiler.expr(e)) for e in expressions(rf)]
    assert pairs
    # as the playout writes them for the file's number of subjects (`Source.subjects`),
    # checked on every fourth set of facts
    written = Source(compiler, rules.subjects)
    unrolled = pairs + [(e, written.function(e)) for e in expressions(rf)]
    targets = [(a.target, compile_target(compiler, a.target))
               for cl in rf.clauses for a in cl.awards]
    rng = random.Random(name)
    units = sorted({base for base, _ in rules.unit_of.values()})
    declared = [d.name for d in rules.declarations]

    def facts(seed: float) -> HandFacts:
        draw = random.Random(seed)
        made = random_facts(draw, rules.subjects, rules.players, units,
                            declared, rules.options, len(rules.mode_names))
        made.kept = {k: draw.randint(0, 5) for k in kept_names(rf)}  # numbers kept across hands
        return made

    for round_ in range(40):
        seed = rng.random()
        again = copier(facts(seed))  # each evaluation gets its own copy
        for e, fn in unrolled if round_ % 4 == 1 else pairs:
            fa, fb = again(), again()
            reference: Fn = partial(naive_value, naive, e)
            for s in range(-1, rules.subjects):
                assert outcome(fn, fa, s, is_logic(e)) == \
                    outcome(reference, fb, s, is_logic(e)), (e, s)
        named = {x for x in range(rules.subjects) if rng.random() < 0.3}
        for t, target in targets:
            fa, fb = again(), again()
            fa.bound = fb.bound = sorted(named)
            got = chosen(target, fa, named)
            if t.kind != "lot":
                assert got == chosen(partial(naive.target, t), fb, named)
                continue
            assert t.inner is not None
            pool = chosen(partial(naive.target, t.inner), fb, named)
            assert isinstance(got, list) and isinstance(pool, list)
            assert len(got) == min(1, len(pool)) and set(got) <= set(pool)


@pytest.mark.parametrize("seed", range(20))
def test_copied_facts_are_the_facts_built_again(seed: int) -> None:
    """`agree` copies the facts of a seed for each evaluation: the copy equals a new build
    (every field, the draws of its generator), shares no list or dict with it, and facts
    an evaluation has read (a memo, a rank) are refused."""
    def build() -> HandFacts:
        return random_facts(random.Random(seed), 3 + seed % 2, 4, ["points", "sticks"],
                            ["estimate"], {"target": 1000})

    made, again = build(), build()
    copy = copier(made)()
    for f in fields(HandFacts):
        mine, theirs = getattr(copy, f.name), getattr(again, f.name)
        if f.name == "rng":
            assert [mine.randrange(100) for _ in range(50)] == \
                [theirs.randrange(100) for _ in range(50)]
        else:
            assert mine == theirs, f.name
            assert not isinstance(mine, list | dict) or mine is not getattr(made, f.name), \
                f.name
    for values in [*copy.declared.values(), *copy.totals.values()]:
        assert all(values is not v for v in [*made.declared.values(), *made.totals.values()])
    untouched = build().rng
    assert [made.rng.randrange(100) for _ in range(50)] == \
        [untouched.randrange(100) for _ in range(50)], "the copy drew from the original"
    made.rank(0)
    with pytest.raises(AssertionError, match="facts read"):
        copier(made)


POS = m.Pos(line=1, column=1, end_line=1, end_column=2)


def points_test(op: str, value: int) -> m.Binary:
    return m.Binary(pos=POS, op=op, left=m.Name(pos=POS, name="points"),
                    right=m.Num(pos=POS, value=value))


def test_the_first_quantifier_evaluated_sets_bound() -> None:
    """``two players have points > 10 or one player has points < 5``: `bound` holds the
    subjects of the first quantifier evaluated, even when it is false."""
    def quant(kind: Literal["count"], count: int, op: str, value: int) -> m.Quant:
        return m.Quant(pos=POS, quantifier=kind, count=count, subject="player",
                       body=points_test(op, value))

    either = m.Binary(pos=POS, op="or", left=quant("count", 2, ">", 10),
                      right=quant("count", 1, "<", 5))
    rules = load_rules("mittlere")
    fn = Compiler(rules.model, rules.options, rules.unit_of).expr(either)
    naive = Naive(rules.model, rules.options)
    for evaluate in (fn, partial(naive_value, naive, either)):
        facts = random_facts(random.Random(1), 3, 3, ["sticks"], [], rules.options)
        facts.points = [20, 3, 8]  # the first is false for [0], the second true for [1]
        assert outcome(evaluate, facts, -1, True) == (True, [0])


@pytest.mark.parametrize(("op", "left", "right", "value"), [
    ("/", 157, 0, 0), ("/", -7, 2, -4), ("/", 7, -2, -4), ("/", 0, 0, 0),
    ("*", 10**9, 10**9, MAX_PRODUCT), ("*", -(10**9), 10**9, -MAX_PRODUCT),
    ("*", 10**7, 10**7, 10**14),
])
def test_division_by_zero_is_zero_and_products_are_cut(op: str, left: int, right: int,
                                                       value: int) -> None:
    """From the reference's Limits: `a / 0` is 0, division rounds down, a product is cut
    to plus or minus MAX_PRODUCT; the facts supply the numbers, so nothing is folded."""
    e = m.Binary(pos=POS, op=op, left=m.Name(pos=POS, name="hand"),
                 right=m.Name(pos=POS, name="players"))
    rules = load_rules("mittlere")
    fn = Compiler(rules.model, rules.options, rules.unit_of).expr(e)
    facts = random_facts(random.Random(1), 3, 3, ["sticks"], [], rules.options)
    facts.hand, facts.players = left, right
    assert fn(facts, -1) == Naive(rules.model, rules.options).value(e, facts, -1) == value
