"""What `count first:` may count: facts booked before the hand is over, each with the share
the hand's scoring rule gives it.

The engine books Stöck, Weis and the tricks one by one with the rule the whole hand chose
(`compile/counting.py`). A rule chosen by what the hand brings (`when some team has match
then every team scores points * 3`) would book the early facts by an outcome that did not
exist yet: the first trick counted three times for a match made eight tricks later. So
with `count first` a rule's condition, and what a counted fact's share depends on, read
only what is known before the first card: numbers, options, declared values, roles known
before play, the hand's mode, the hand number, the players, who takes part (`playing`,
`points-in-play`) and the totals so far.
`late_reads` finds every place that reads more, in every form (a condition, an inline
factor, an `if`, a target singled out by its points), each with the rule it is in; and
the game's end, which is asked after each fact counted first, before the tricks are
played (`game ends when ... and points > 60` would end a game at the Stöck by card
points not yet taken).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from jassdsl.core import model as m
from jassdsl.core.count_order import fixed_names, read_as, split_scale
from jassdsl.core.facts import DEALT, TABLE, known_by, late_calls
from jassdsl.core.facts import FACTS as FACT_LIST
from jassdsl.core.roles import ROLES, role_name
from jassdsl.language.facts import FACTS

# facts known before the first card: the table's, and who takes part with what cards
KNOWN_FACTS = known_by(FACT_LIST, TABLE, DEALT)
LATE_CALLS = late_calls(FACT_LIST)  # what the tricks bring


@dataclass(frozen=True)
class LateRead:
    """A place in a rule that reads what only the hand's play tells."""

    clause: m.Clause | None  # None: the game's end (`game ends when ...`)
    at: m.Expr  # the name (or call) read
    what: str  # as the file writes it: 'match', 'trick(...)'
    fact: str  # the fact counted first whose share depends on it ('' for a condition)


def late_reads(rf: m.RuleFile) -> Iterator[LateRead]:
    """Where a rule's choice, or the share of a fact counted first, depends on the play
    of the hand; nothing without `count first`."""
    if rf.count_first is None:
        return
    lets = {lt.name: lt.expr for lt in rf.lets}
    options = fixed_names(rf)  # with the numbers kept across hands
    declared = frozenset(d.name for d in rf.declarations)
    counted = read_as(tuple(w.text for w in rf.count_first.facts))
    if rf.end.when is not None:  # checked after each fact: it cannot wait for the play
        found = first_late(rf.end.when, lets, options | declared)
        if found is not None:
            yield LateRead(None, found, said(found), "")
    for cl in rf.clauses:
        if cl.condition is not None:
            found = first_late(cl.condition, lets, options | declared)
            if found is not None:
                yield LateRead(cl, found, said(found), "")
                continue
        yield from late_shares(cl, counted, lets, options, declared)


def late_shares(cl: m.Clause, counted: tuple[str, ...], lets: Mapping[str, m.Expr],
                options: set[str], declared: frozenset[str]) -> Iterator[LateRead]:
    """Per award, the first fact counted first whose share reads the play besides the
    fact itself: a term of the amount (or the factor of the whole) that reads both, or a
    target singled out by the play. A target singled out by the fact itself (`teams with
    stoeck > 0 score 50`) makes the whole award the fact's share, amount and all (`teams
    with stoeck > 0 score points` would book the card points with the Stöck); `the others`
    are singled out by the targets named before them in the rule."""
    named: list[m.Expr] = []  # the tests of the targets so far: who `the others` are not
    for a in cl.awards:
        amount = split_scale(a.amount, dict(lets), options, declared)[0]
        filters = list(target_filters(a.target, named))
        named.extend(target_filters(a.target, []))
        for fact in counted:
            chosen = any(fact in names(f, lets) for f in filters)
            parts = [amount] if chosen else \
                [t for t in terms(amount, lets) if fact in names(t, lets)]
            if not parts:
                continue
            late = None  # the play itself first, then another fact counted first
            for known in (options | declared | set(counted), options | declared | {fact}):
                late = late or next((x for t in parts if (x := first_late(t, lets, known))
                                     is not None), None)
            # who scores: by the play, or (chosen by this fact) by the play besides it
            seen = options | declared | ({fact} if chosen else set())
            late = late or next((x for f in filters if (x := first_late(f, lets, seen))
                                 is not None), None)
            if late is not None:
                yield LateRead(cl, late, said(late), fact)
                return


def target_filters(t: m.Target, named: list[m.Expr]) -> Iterator[m.Expr]:
    """The tests that single out who scores, through `one of ... by lot`; `the others` by
    the tests of the targets `named` before them."""
    while t is not None:
        if t.filter is not None:
            yield t.filter
        if t.kind == "others":
            yield from named
        t = t.inner  # type: ignore[assignment]


def terms(e: m.Expr, lets: Mapping[str, m.Expr]) -> Iterator[m.Expr]:
    """The terms an amount adds or takes away (`points + weis - 3`: points, weis, 3),
    through the lets it names."""
    if isinstance(e, m.Name) and e.name in lets:
        yield from terms(lets[e.name], lets)
    elif isinstance(e, m.Binary) and e.op in ("+", "-"):
        yield from terms(e.left, lets)
        yield from terms(e.right, lets)
    else:
        yield e


def names(e: m.Expr, lets: Mapping[str, m.Expr]) -> set[str]:
    return {x.name for x in m.walk(e, lets=lets) if isinstance(x, m.Name)}


def first_late(e: m.Expr, lets: Mapping[str, m.Expr], known: set[str] | frozenset[str]
               ) -> m.Expr | None:
    """The first node of `e` (through its lets) that reads the play of the hand: a fact
    of the tricks, a role known only in play, `won`, `trick`, `change`; names in `known`
    (options, declared values, ...) are known before the first card."""
    for x in m.walk(e, lets=dict(lets)):
        if isinstance(x, m.Call) and x.func in LATE_CALLS:
            return x
        if isinstance(x, m.RoleValue):
            role = ROLES.get(role_name(x.role) or x.role)
            if role is not None and not role.before_play:
                return x
        if not isinstance(x, m.Name) or x.name in lets or x.name in known:
            continue
        role = ROLES.get(role_name(x.name) or "")
        if role is not None:
            if not role.before_play:
                return x
        elif x.name in FACTS and x.name not in KNOWN_FACTS:
            return x
    return None


def said(x: m.Expr) -> str:
    """A node as the file writes it, for a message."""
    if isinstance(x, m.Call):
        return f"{x.func}(...)"
    if isinstance(x, m.RoleValue):
        return f"{x.name} of {x.role}"
    return x.name if isinstance(x, m.Name) else type(x).__name__
