"""Expressions and award targets written out as source (`exprsource`) mean what their
closures mean.

For every expression node of every rule file (clauses, award amounts and filters, lets,
invariants, the game end), both compilations are evaluated on the same random facts, for
the table and for every subject, and must give the same value (or raise the same error)
and leave the same `bound`."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_language_fixtures import FIXTURES, read_fixture

from jassdsl import model as m
from jassdsl.check import load_model, walk
from jassdsl.compiler import CompiledRules, compile_rules
from jassdsl.registry import load_rules, variant_names
from jassdsl.scoring import Compiler, Fn, HandFacts, compile_target


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
    out: list[m.Expr] = []
    for top in tops:
        if top is not None:  # the argument of won(...) and change(...) is a word, not a value
            words = [id(a) for x in walk(top) if isinstance(x, m.Call)
                     and x.func in ("won", "change") for a in x.args]
            out += [x for x in walk(top) if id(x) not in words]
    return out


def random_facts(rng: random.Random, n: int, players: int, units: list[str],
                 declared: list[str], options: dict[str, int | str]) -> HandFacts:
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
    return facts


def outcome(fn: Fn, facts: HandFacts, s: int) -> tuple[Any, ...]:
    facts.bound = None
    try:
        value: Any = fn(facts, s)
    except Exception as err:  # both compilations must fail alike
        value = type(err).__name__
    return value, facts.bound


def chosen(target: Callable[[HandFacts, set[int]], list[int]], facts: HandFacts,
           named: set[int]) -> object:
    try:
        return target(facts, set(named))
    except Exception as err:  # both compilations must fail alike
        return type(err).__name__


@pytest.mark.parametrize("name", variant_names())
def test_source_and_closures_agree(name: str) -> None:
    agree(load_rules(name), name)


OK_FIXTURES = [p for p in FIXTURES if read_fixture(p).errors is None]


@pytest.mark.parametrize("path", OK_FIXTURES, ids=[p.stem for p in OK_FIXTURES])
def test_source_and_closures_agree_on_language_fixtures(path: Path) -> None:
    fx = read_fixture(path)
    agree(compile_rules(load_model(fx.source, path.name), fx.options), path.stem)


def agree(rules: CompiledRules, name: str) -> None:
    rf = rules.model
    plain = Compiler(rf, rules.options, rules.unit_of, source=False)
    written = Compiler(rf, rules.options, rules.unit_of, source=True)
    pairs = [(plain.expr(e), written.expr(e)) for e in expressions(rf)]
    assert pairs
    targets = [(compile_target(plain, a.target), compile_target(written, a.target))
               for cl in rf.clauses for a in cl.awards]
    rng = random.Random(name)
    units = sorted({base for base, _ in rules.unit_of.values()})
    declared = [d.name for d in rules.declarations]
    for _ in range(40):
        seed = rng.random()
        for a, b in pairs:
            fa = random_facts(random.Random(seed), rules.subjects, rules.players, units,
                              declared, rules.options)
            fb = random_facts(random.Random(seed), rules.subjects, rules.players, units,
                              declared, rules.options)
            for s in range(-1, rules.subjects):
                assert outcome(a, fa, s) == outcome(b, fb, s)
            assert fa.rng.random() == fb.rng.random()
        for ta, tb in targets:
            fa = random_facts(random.Random(seed), rules.subjects, rules.players, units,
                              declared, rules.options)
            fb = random_facts(random.Random(seed), rules.subjects, rules.players, units,
                              declared, rules.options)
            named = {x for x in range(rules.subjects) if rng.random() < 0.3}
            fa.bound = fb.bound = sorted(named)
            assert chosen(ta, fa, named) == chosen(tb, fb, named)


def test_the_first_quantifier_evaluated_sets_bound() -> None:
    """``two players have points > 10 or one player has points < 5``: `bound` holds the
    subjects of the first quantifier evaluated, even when it is false, in both."""
    pos = m.Pos(line=1, column=1, end_line=1, end_column=2)

    def quant(kind: str, count: int, op: str, value: int) -> m.Quant:
        body = m.Binary(pos=pos, op=op, left=m.Name(pos=pos, name="points"),
                        right=m.Num(pos=pos, value=value))
        return m.Quant(pos=pos, quantifier=kind, count=count, subject="player", body=body)

    either = m.Binary(pos=pos, op="or", left=quant("count", 2, ">", 10),
                      right=quant("count", 1, "<", 5))
    rules = load_rules("mittlere")
    for source in (False, True):
        fn = Compiler(rules.model, rules.options, rules.unit_of, source=source).expr(either)
        facts = random_facts(random.Random(1), 3, 3, ["sticks"], [], rules.options)
        facts.points = [20, 3, 8]  # the first is false for [0], the second true for [1]
        assert outcome(fn, facts, -1) == (True, [0])
