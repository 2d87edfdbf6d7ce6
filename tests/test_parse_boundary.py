"""The parse boundary: the parser hands the checker typed statements, each with its place,
and every place of the project (nodes, statements, errors) is one type, `jassdsl.pos.Pos`."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest
from test_rule_errors import BASE, errors_of

from jassdsl import model as m
from jassdsl.errors import RuleError
from jassdsl.pos import FILE_START, Pos
from jassdsl.syntax import parse_statements

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
    ("players 4\n", (19, 1, "a second 'players N' statement; the first is on line 2")),
])
def test_a_second_statement_is_reported_where_it_stands(extra: str,
                                                        want: tuple[int, int, str]) -> None:
    """Before the typed boundary a second `variant` or `summary` was reported at 1:1 as if
    the first stood on line 1, and a second `players` at its number."""
    err = errors_of(BASE + extra)
    assert [(e.pos.line, e.pos.column, e.message) for e in err.errors] == [want]
