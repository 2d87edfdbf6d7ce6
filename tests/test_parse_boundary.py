"""The parse boundary: the parser hands the checker typed statements, each with its place,
and every place of the project (nodes, statements, errors) is one type, `jassdsl.core.pos.Pos`."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import FrozenInstanceError

import pytest
from test_rule_errors import BASE, errors_of

from jassdsl.core import model as m
from jassdsl.core.errors import RuleError
from jassdsl.core.pos import FILE_START, Pos
from jassdsl.language.check import load_model
from jassdsl.language.syntax import parse_statements

KEYWORDS = {m.VariantName: "variant", m.Players: "players", m.Deal: "deal", m.Ranks: "ranks",
            m.Points: "card", m.Bonus: "bonus", m.TrumpMethod: "first", m.Unit: "unit",
            m.Scoring: "score", m.GameEnd: "game", m.Winner: "winner"}


def test_each_statement_is_a_typed_node_at_its_place() -> None:
    statements = parse_statements(BASE, "t.jass")
    assert len(statements) == 15
    assert isinstance(statements[0], m.VariantName) and statements[0].name == "Tiny"
    assert isinstance(statements[1], m.Players) and statements[1].count.number == 3
    assert [type(s).__name__ for s in statements[-4:]] == ["Unit", "Scoring", "GameEnd",
                                                           "Winner"]
    lines = BASE.splitlines()
    for s in statements:  # each starts at its first word (a trump method after "trump:")
        word = lines[s.pos.line - 1][s.pos.column - 1:].split()[0].rstrip(":")
        assert word == KEYWORDS[type(s)], s
    scoring = statements[-3]
    assert isinstance(scoring, m.Scoring) and scoring.pos == Pos(13, 1, 16, 46)


def test_positions_are_one_frozen_type() -> None:
    err = errors_of(BASE.replace("rank = 2", "rnk = 2")).errors[0]
    assert isinstance(err, RuleError) and type(err.pos) is Pos is m.Pos
    assert err.pos == Pos.at(16, 25, len("rnk"))
    with pytest.raises(FrozenInstanceError):
        err.pos.line = 1  # type: ignore[misc]
    assert Pos(1, 1, 1, 2) == FILE_START


@pytest.mark.parametrize(("extra", "want"), [
    ('variant "Again"\n', (19, 1, "a second 'variant \"Name\"' statement; the first is on line 1")),
    ('summary "a"\nsummary "b"\n', (20, 1, "a second 'summary' statement; the first is on line 19")),
    ("players 4\n", (19, 9, "a second 'players N' statement; the first is on line 2")),
    ("trump: random suit\n", (19, 8, "a second 'trump: ...' statement; the first is on "
                                     "line 11")),
])
def test_a_second_statement_is_reported_where_it_stands(extra: str,
                                                        want: tuple[int, int, str]) -> None:
    """At the value the statement would set (the number of players, the trump method),
    else where it stands: before the typed boundary a second `variant` or `summary` was
    reported at 1:1 as if the first stood on line 1."""
    err = errors_of(BASE + extra)
    assert [(e.pos.line, e.pos.column, e.message) for e in err.errors] == [want]


def expr(text: str) -> m.Expr:
    """The condition of a one-clause file whose condition is `text`."""
    rf = load_model(BASE.replace("      otherwise\n", f"      when {text}\n"), "t.jass")
    assert rf.clauses[0].condition is not None
    return rf.clauses[0].condition


def shown(nodes: Iterable[m.Tree]) -> list[str]:
    return [getattr(x, "name", None) or getattr(x, "op", None) or str(getattr(x, "value", ""))
            or type(x).__name__ for x in nodes]


def test_walk_goes_parents_first_in_source_order() -> None:
    e = expr("one player has -hand + 2 * points > (3 if last else 4)")
    assert shown(m.walk(e)) == ["Quant", ">", "+", "-", "hand", "*", "2", "points", "IfElse",
                                "last", "3", "4"]
    assert shown(m.children(e)) == [">"]


def test_walk_follows_each_let_once_and_prunes() -> None:
    lets = {"a": expr("hand > 1"), "b": expr("hand > 2")}
    pos = Pos.at(1, 1)
    twice = m.Binary(pos=pos, op="and", left=m.Name(pos=pos, name="a"),
                     right=m.Binary(pos=pos, op="or", left=m.Name(pos=pos, name="a"),
                                    right=m.Name(pos=pos, name="b")))
    assert shown(m.walk(twice, lets=lets)) == ["and", "a", ">", "hand", "1", "or", "a", "b",
                                               ">", "hand", "2"]
    assert shown(m.walk(twice, prune=(m.Binary,))) == ["and"]


def test_walk_does_not_recurse() -> None:
    pos = Pos.at(1, 1)
    deep: m.Expr = m.Num(pos=pos, value=1)
    for _ in range(5 * sys.getrecursionlimit()):
        deep = m.Unary.model_construct(pos=pos, op="-", arg=deep)
    assert sum(1 for _ in m.walk(deep)) == 5 * sys.getrecursionlimit() + 1


def test_a_rule_file_walks_to_every_name_it_reads() -> None:
    rf = load_model(BASE, "t.jass")
    assert {x.name for x in m.walk(rf) if isinstance(x, m.Name)} == {"rank"}
    assert [type(x).__name__ for x in m.children(rf)][:3] == ["Value", "Deal", "Ranks"]
