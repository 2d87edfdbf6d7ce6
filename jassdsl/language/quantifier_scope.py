"""Warnings where a condition about the table stands inside a quantifier by mistake.

A quantifier takes everything after `has` to the end of its condition (or to its closing
parenthesis), so in `game ends when one player has total points >= 1000 or hand >= 50`
the test `hand >= 50` is asked of each player. It holds for every player or for none,
and then `one player has ...` is false just when the writer wanted the game to end. For
`some` and `every` the reading makes no difference; for the quantifiers that count
(`one`, `two`, `three`, `four`, `all but one`) and for `no` it does. The file is valid
either way, so this is a warning at the test, rendered like an error with a caret.
"""

from __future__ import annotations

from jassdsl.core import model as m
from jassdsl.core.errors import RuleError, merged
from jassdsl.core.model import walk

KIND = "quantifier-scope"
SAME_EITHER_WAY = frozenset({"some", "every"})
ABOUT_THE_TABLE = frozenset({"hand", "players", "points-in-play"})


def warnings(rf: m.RuleFile, path: str, text: str) -> list[RuleError]:
    """Every test about the table joined by `or` to the condition of a counting
    quantifier; in file order, each place once."""
    lets = {lt.name: lt.expr for lt in rf.lets}
    options = {o.name for o in rf.options}
    found = []
    for node in walk(rf):
        if not isinstance(node, m.Quant) or node.quantifier in SAME_EITHER_WAY:
            continue
        for part in alternatives(node.body):
            if about_the_table(part, lets, options):
                found.append(warning(path, part, node.subject, text))
    return merged(found)


def alternatives(e: m.Expr) -> list[m.Expr]:
    """The parts of a condition joined by `or` (the condition itself when there is none)."""
    if isinstance(e, m.Binary) and e.op == "or":
        return [*alternatives(e.left), *alternatives(e.right)]
    return [e]


def about_the_table(e: m.Expr, lets: dict[str, m.Expr], options: set[str]) -> bool:
    """Whether a test reads nothing about the player or team asked: only the hand's
    number, the players at the table, the points in play, options, modes and numbers."""
    for x in walk(e, lets=lets):
        if isinstance(x, m.Name) and x.name not in ABOUT_THE_TABLE \
                and x.name not in options and x.name not in lets:
            return False
        if not isinstance(x, (m.Name, m.Num, m.InMode, m.Binary, m.Unary)):
            return False
    return True


def warning(path: str, at: m.Expr, subject: str, text: str) -> RuleError:
    lines = text.split("\n")
    said = lines[at.pos.line - 1][at.pos.column - 1:at.pos.end_column - 1] \
        if at.pos.line == at.pos.end_line and at.pos.line <= len(lines) else "this test"
    return RuleError(path, at.pos, KIND, (
        f"warning: '{said}' is not about a {subject}, yet the quantifier before it asks it "
        f"of each {subject} (true for all or for none), so the quantifier's count fails "
        f"just when it holds; to join it to the whole condition, write "
        f"'(one {subject} has ...) or {said}' (the file is valid; this is only a warning)"))
