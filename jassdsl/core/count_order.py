"""What `count first:` may read off a rule file before any hand is played: the clauses
that only add a fact (`additions`), the factor fixed for the hand (`scales`), the test a
game end cannot hold without (`end_gate`), and the facts' names as the scoring reads them.
Pure reading of the typed model: the checker asks it what a file may say, the compiler
builds on it, and neither imports the other (jassdsl/compile/counting.py books the facts).
"""

from __future__ import annotations

from jassdsl.core import model as m
from jassdsl.core.mechanism import installed, kept_names_of

Additions = dict[str, dict[str, tuple[tuple[str, int], ...]]]  # clause -> fact -> unit, factor
TABLE_NAMES = frozenset({"hand", "players"})  # facts of the table, the same for everybody


def fixed_names(rf: m.RuleFile) -> set[str]:
    """The names a file gives that are fixed for a whole hand: its options and the numbers
    kept across hands (`Checks.kept_names`, set before the deal)."""
    return {o.name for o in rf.options} | kept_names_of(installed(), rf)


def additions(rf: m.RuleFile, unit_of: dict[str, tuple[str, int]], main_unit: str,
              facts: tuple[str, ...]) -> Additions:
    """Per clause and fact: (unit, factor) per award when the clause's score is the fact
    times a factor plus terms that do not read it, for every subject alike; a clause
    missing from the answer must be scored again."""
    lets = {lt.name: lt.expr for lt in rf.lets}
    options = fixed_names(rf)
    declared = frozenset(d.name for d in rf.declarations)
    out: Additions = {}
    for cl in rf.clauses:
        found: dict[str, tuple[tuple[str, int], ...]] = {}
        for fact in facts:
            if cl.condition is not None and fact in reads(cl.condition, lets):
                break
            per: list[tuple[str, int]] = []
            for a in cl.awards:
                factor = factor_of(split_scale(a.amount, lets, options, declared)[0], fact,
                                   lets)
                if factor is None or (factor and (a.target.kind != "every"
                                                  or a.verb == "holds")):
                    break
                if a.target.filter is not None and fact in reads(a.target.filter, lets):
                    break
                base, sign = unit_of[a.unit.text if a.unit is not None else main_unit]
                per.append((base, (-sign if a.verb == "loses" else sign) * factor))
            else:
                found[fact] = tuple(per)
                continue
            break
        else:
            out[cl.id] = found
    return out


def split_scale(e: m.Expr, lets: dict[str, m.Expr], options: set[str],
                declared: frozenset[str] = frozenset()) -> tuple[m.Expr, m.Expr | None]:
    """An amount `A * F` (or `F * A`) whose factor F is fixed for the hand (it reads only
    numbers, options, the hand's mode, the hand number and the players): (A, F); else
    (e, None)."""
    if isinstance(e, m.Binary) and e.op == "*":
        if fixed_for_hand(e.right, lets, options, declared):
            return e.left, e.right
        if fixed_for_hand(e.left, lets, options, declared):
            return e.right, e.left
    return e, None


def fixed_for_hand(e: m.Expr, lets: dict[str, m.Expr], options: set[str],
                   declared: frozenset[str] = frozenset()) -> bool:
    """Whether an expression has one value for every subject of a hand, whatever the
    facts counted first: numbers, options, `in NAME`, the hand number, the players,
    values declared before play added up over the table (`sum(team double)`), through
    lets, with arithmetic, comparisons and `if`."""
    for x in m.walk(e, lets=lets, prune=(m.Call,)):
        if isinstance(x, m.Call):
            if x.func not in ("sum", "count") or not declared_only(x, lets, options,
                                                                    declared):
                return False
        elif not known(x, lets, options, FIXED):
            return False
    return True


FIXED = (m.Num, m.InMode, m.Unary, m.Binary, m.IfElse)  # nodes of a value fixed per hand


def known(x: m.Expr, lets: dict[str, m.Expr], options: set[str],
          kinds: tuple[type, ...]) -> bool:
    """Whether one node reads nothing that changes in play: a let, an option, a fact of
    the table, or a node of `kinds`."""
    if isinstance(x, m.Name):
        return x.name in lets or x.name in options or x.name in TABLE_NAMES
    return isinstance(x, kinds)


def declared_only(e: m.Call, lets: dict[str, m.Expr], options: set[str],
                  declared: frozenset[str] = frozenset()) -> bool:
    """Whether a table-wide sum or count reads only declared values (known before the
    first card: `sum(konter)`, `sum(team double)`), options and numbers."""
    kinds = (*FIXED, m.TeamValue, m.RoleValue)
    return all(known(x, lets, options | declared, kinds) for x in m.walk(e.args[0], lets=lets))


def scales(rf: m.RuleFile, adds: Additions) -> dict[str, tuple[m.Expr | None, ...]]:
    """Per clause that only adds the facts counted first: each award's factor for the
    hand (None: 1)."""
    lets = {lt.name: lt.expr for lt in rf.lets}
    options = fixed_names(rf)
    declared = frozenset(d.name for d in rf.declarations)
    return {cl.id: tuple(split_scale(a.amount, lets, options, declared)[1]
                         for a in cl.awards)
            for cl in rf.clauses if cl.id in adds}


def reads(e: m.Expr, lets: dict[str, m.Expr]) -> set[str]:
    """The names (and functions) an expression reads, through the lets it names."""
    return {x.name if isinstance(x, m.Name) else x.func for x in m.walk(e, lets=lets)
            if isinstance(x, m.Name | m.Call)}


def factor_of(e: m.Expr, fact: str, lets: dict[str, m.Expr], sign: int = 1) -> int | None:
    """How often an amount adds the fact (`points + weis`: 1, `points - weis`: -1) when
    it is a sum whose other terms do not read it; None when it is anything else."""
    if isinstance(e, m.Name) and e.name in lets:
        return factor_of(lets[e.name], fact, lets, sign)
    if isinstance(e, m.Name) and e.name == fact:
        return sign
    if isinstance(e, m.Binary) and e.op in ("+", "-"):
        left = factor_of(e.left, fact, lets, sign)
        right = factor_of(e.right, fact, lets, -sign if e.op == "-" else sign)
        return None if left is None or right is None else left + right
    return None if fact in reads(e, lets) else 0


Gate = tuple[str, int, int]  # unit, sign, least: some subject's sign * total >= least


def end_gate(e: m.Expr | None, unit_of: dict[str, tuple[str, int]],
             options: dict[str, int | str]) -> Gate | None:
    """A test the game end `e` cannot hold without: (unit, sign, least) when `e` holds
    only if some subject has ``sign * total >= least`` in that (base) unit, as in `one
    team has total points >= target and ...`; None where no such test is found.

    Checked on the totals first, it spares evaluating `e` after every trick of a hand
    that cannot end the game (`count_first`, `HandEnd.game_ends`)."""
    if isinstance(e, m.Binary) and e.op == "and":
        return end_gate(e.left, unit_of, options) or end_gate(e.right, unit_of, options)
    if isinstance(e, m.Quant) and (e.quantifier == "some" or (
            e.quantifier == "count" and e.count is not None and e.count >= 1)):
        return end_gate(e.body, unit_of, options)  # at least one subject satisfies it
    if isinstance(e, m.Binary) and e.op in (">=", ">") and isinstance(e.left, m.Total):
        right = e.right
        least = right.value if isinstance(right, m.Num) else \
            options.get(right.name) if isinstance(right, m.Name) else None
        if type(least) is not int:
            return None
        base, sign = unit_of[e.left.unit]
        return base, sign, least + (e.op == ">")
    return None


def may_end(gate: Gate | None, totals: dict[str, list[int]]) -> bool:
    """Whether the totals pass the gate of the game end (no gate: they may end it)."""
    if gate is None:
        return True
    unit, sign, least = gate
    values = totals[unit]
    return (max(values) if sign > 0 else -min(values)) >= least


TRICKS = "tricks"  # in `count first:`, last: the tricks one by one, each as it is taken
TRICK_FACT = "points"  # what the tricks add to the score: their card points


def read_as(order: tuple[str, ...]) -> tuple[str, ...]:
    """The facts of `count first:` as the scoring reads them (the tricks as `points`)."""
    return tuple(TRICK_FACT if name == TRICKS else name for name in order)
