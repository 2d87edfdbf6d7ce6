"""The standard Swiss rank orders and card points, which a file takes with one statement.

`cards: the standard Swiss ranks and points` stands for the eight lines most variants
write (the tables of the common rules: trump, side, Obenabe, Undenufe); `... for trump
and side` takes only the tables named. A file's own `ranks T:` or `card points T:` (of
the same case: a table `if OPTION = CHOICE` is a case of its own) replaces the standard
one wherever it stands, so a club's file starts from the preset and changes one table.
The standard tables stand where the statement stands, in this order, so a file that
writes the block out and one that takes the preset build the same rules.
"""

from __future__ import annotations

from collections.abc import Callable

from jassdsl.core import model as m
from jassdsl.core.errors import did_you_mean

RANK_ORDERS = {
    "trump": "J 9 A K Q 10 8 7 6",
    "side": "A K Q J 10 9 8 7 6",
    "obenabe": "A K Q J 10 9 8 7 6",
    "undenufe": "6 7 8 9 10 J Q K A",
}
CARD_POINTS = {
    "trump": "J 20, 9 14, A 11, K 4, Q 3, 10 10",
    "side": "A 11, K 4, Q 3, J 2, 10 10",
    "obenabe": "A 11, K 4, Q 3, J 2, 10 10, 8 8",
    "undenufe": "A 11, K 4, Q 3, J 2, 10 10, 8 8",
}
TABLES = tuple(RANK_ORDERS)
STATEMENT = "cards: the standard Swiss ranks and points"

Report = Callable[[m.Pos, str, str], None]  # Checker.error: where, kind, message


def text(tables: tuple[str, ...] = TABLES) -> str:
    """The tables as a file would write them out (the language reference shows this)."""
    width = max(len(t) for t in tables) + 1
    ranks = [f"ranks {t + ':':<{width}} {RANK_ORDERS[t]}" for t in tables]
    points = [f"card points {t + ':':<{width}} {CARD_POINTS[t]}" for t in tables]
    return "\n".join([*ranks, *points]) + "\n"


def expanded(statements: list[m.Statement], report: Report) -> list[m.Statement]:
    """The statements with each `cards: the standard ...` replaced by the standard tables
    it takes, less those the file writes itself; a second such statement and a table name
    that is not one of the four are reported."""
    first: m.StandardTables | None = None
    out: list[m.Statement] = []
    for s in statements:
        if not isinstance(s, m.StandardTables):
            out.append(s)
        elif first is not None:
            report(s.pos, "duplicate", f"a second '{STATEMENT}' statement; the first is on "
                   f"line {first.pos.line}")
        else:
            first = s
            out += standard_tables(s, statements, report)
    return out


def standard_tables(s: m.StandardTables, statements: list[m.Statement],
                    report: Report) -> list[m.Statement]:
    """The standard tables one statement takes, at its position: ranks first, then points,
    each in the order trump, side, obenabe, undenufe; a table the file writes is left out."""
    named: list[str] = []
    for w in s.tables:
        if w.text not in TABLES:
            report(w.pos, "unknown-name", f"no standard table {w.text!r}; "
                   f"{did_you_mean(w.text, TABLES)}the standard tables are "
                   f"{', '.join(TABLES)}")
        elif w.text in named:
            report(w.pos, "duplicate", f"the standard {w.text} table is named twice")
        else:
            named.append(w.text)
    taken = [t for t in TABLES if t in named] if s.tables else list(TABLES)
    own_ranks = {x.table.text for x in statements if isinstance(x, m.Ranks)}
    own_points = {x.table.text for x in statements if isinstance(x, m.Points)
                  and x.option is None}
    ranks: list[m.Statement] = [rank_order(s.pos, t) for t in taken if t not in own_ranks]
    points: list[m.Statement] = [card_points(s.pos, t) for t in taken if t not in own_points]
    return ranks + points


def rank_order(pos: m.Pos, table: str) -> m.Ranks:
    return m.Ranks(pos=pos, table=m.Word(pos=pos, text=table),
                   ranks=tuple(m.Word(pos=pos, text=r) for r in RANK_ORDERS[table].split()))


def card_points(pos: m.Pos, table: str) -> m.Points:
    pairs = (item.split() for item in CARD_POINTS[table].split(","))
    return m.Points(pos=pos, table=m.Word(pos=pos, text=table),
                    values=tuple((m.Word(pos=pos, text=r), int(v)) for r, v in pairs))
