"""Warnings where a team's sum of a declaration is likely not what the writer meant.

`team bid` adds up the values both partners declared. That is right for an estimate each
partner gives (Differenzler in teams), but where the contract is one player's value it
quietly adds the partner's too: a team sum compared with one player's value (`bid of
bidder`) compares two different things (and a mechanism warns of its own: an auction's
contract is the highest bidder's bid, `Checks.warnings`). The file is valid either way,
so these are warnings (the file loads and plays), each at the `team NAME` it is about,
rendered like an error with the line and a caret.
"""

from __future__ import annotations

from jassdsl.core import model as m
from jassdsl.core.errors import RuleError, merged
from jassdsl.core.model import walk

KIND = "team-sum"
COMPARISONS = frozenset({"=", "!=", "<", "<=", ">", ">="})


def warnings(rf: m.RuleFile, path: str, warned: frozenset[m.Pos] = frozenset()
             ) -> list[RuleError]:
    """Every `team NAME` compared with one player's declared value (`NAME of ROLE`),
    but those at a place already `warned` of; in file order, each place once."""
    if not rf.teams:
        return []
    lets = {lt.name: lt.expr for lt in rf.lets}
    found: list[RuleError] = []
    for node in walk(rf):
        if isinstance(node, m.Binary) and node.op in COMPARISONS:
            found += compared(path, node, lets, warned)
    return merged(found)


def compared(path: str, e: m.Binary, lets: dict[str, m.Expr],
             warned: frozenset[m.Pos]) -> list[RuleError]:
    """A team sum on one side of a comparison and one player's value on the other."""
    out = []
    for one, other in ((e.left, e.right), (e.right, e.left)):
        sums = [x for x in walk(one, lets=lets)
                if isinstance(x, m.TeamValue) and x.pos not in warned]
        single = next((x for x in walk(other, lets=lets) if isinstance(x, m.RoleValue)), None)
        if single is None:
            continue
        out += [warning(path, x, f"'team {x.name}' adds up the {x.name}s of both partners, "
                        f"but it is compared with '{single.name} of {single.role}', one "
                        f"player's {single.name}: write '{x.name} of {single.role}' if the "
                        f"contract is that player's") for x in sums]
    return out


def warning(path: str, at: m.TeamValue, message: str) -> RuleError:
    return RuleError(path, at.pos, KIND, f"warning: {message} (the file is valid; this is "
                     "only a warning)")
