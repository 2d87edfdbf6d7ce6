"""`count first:` books facts such as Stöck and Weis before the tricks, and the tricks one by
one, so a game can end in the middle of a hand (the common rules let Stöck win the game at
any moment; Swisslos ends a Schieber as soon as a team reaches the target, trick by trick).

A fact's part of a hand's score is the score with it minus the score without it (the
facts counted before it zero as well): exactly what that fact adds, whatever the clauses
do with it. Scoring a hand again costs time in every hand, so where a clause only adds the
fact to what every team or player scores (`every team scores points + weis + stoeck`),
its part is read off the fact directly; `additions` finds those clauses once per file.
A sum times a factor fixed for the hand (`(points + weis + stoeck) * factor`, where the
factor reads only the hand's mode and options) adds the fact times that factor: `scales`
names the factor of each such award, worked out per hand.
"""

from __future__ import annotations

from collections.abc import Callable

from jassdsl.compile.scoring import CompiledClause, Fn, Grant, HandFacts
from jassdsl.core import model as m
from jassdsl.core.mechanism import installed, kept_names_of

Additions = dict[str, dict[str, tuple[tuple[str, int], ...]]]  # clause -> fact -> unit, factor
Scales = dict[str, tuple["Fn | None", ...]]  # clause -> per award: its factor for the hand
TABLE_NAMES = frozenset({"hand", "players"})  # facts of the table, the same for everybody


def fixed_names(rf: m.RuleFile) -> set[str]:
    """The names a file gives that are fixed for a whole hand: its options and the numbers
    kept across hands (`Mechanism.kept_names`, set before the deal)."""
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


Delta = Callable[[HandFacts], dict[str, list[int]]]
TRICKS = "tricks"  # in `count first:`, last: the tricks one by one, each as it is taken
TRICK_FACT = "points"  # what the tricks add to the score: their card points


def read_as(order: tuple[str, ...]) -> tuple[str, ...]:
    """The facts of `count first:` as the scoring reads them (the tricks as `points`)."""
    return tuple(TRICK_FACT if name == TRICKS else name for name in order)


def count_first(facts: HandFacts, order: tuple[str, ...], clause: CompiledClause | None,
                grants: list[Grant], end: Fn, adds: Additions, score: Delta,
                floors: dict[str, int], lots: bool, scaled: Scales | None = None,
                tricks: tuple[tuple[int, int], ...] = (), gate: Gate | None = None
                ) -> tuple[str, dict[str, list[int]], tuple[Grant, ...]] | None:
    """Book the parts of `order` one by one after `score_hand` (facts.totals and change
    hold the whole hand) and check `end` after each that books something. Returns the
    fact that ended the game ('trick K' for the K-th trick), the totals then and what was
    booked; None when it goes on.

    `tricks` (with `tricks` last in `order`): per trick but the last, who took it and its
    card points; each is booked as the clause adds the card points (the checker makes sure
    every clause just adds them; without the shortcut the hand is scored again with the
    card points of the tricks so far). The last trick completes the hand, which counts in
    full.

    The facts are changed in place for a moment and restored; `score` scores them again
    where the clause is not a plain addition, and lots it draws (`lots`) are undone.
    `end` is evaluated only where the running totals pass its `gate` (`end_gate`)."""
    for name in order:
        if name != TRICKS and any(getattr(facts, name)):
            break
    else:
        if not tricks:
            return None  # nothing is counted first in this hand (most hands: keep it cheap)
    after, change = facts.totals, facts.change
    plain = adds.get(clause.id) if clause is not None else {}
    saved = [(name, getattr(facts, name)) for name in order if name != TRICKS]
    per = (scaled or {}).get(clause.id if clause else "", ())
    if plain is not None and gate is not None and not lots:
        unit = gate[0]
        start = [a - c for a, c in zip(after[unit], change[unit], strict=True)]
        if not may_pass(gate, start, floors.get(unit), plain, saved, tricks, per, facts):
            return None  # no running total can pass the gate: `end` cannot hold (most hands)
    before = {u: [a - c for a, c in zip(v, change[u], strict=True)] for u, v in after.items()}
    running = {u: v[:] for u, v in before.items()}
    whole = facts.points
    state = facts.rng.getstate() if lots and plain is None else None
    with_it: dict[str, list[int]] = {}
    moved = {u: [0] * len(v) for u, v in before.items()}  # running - before, kept up

    def add(unit: str, x: int, d: int) -> None:
        now, floor = running[unit], floors.get(unit)
        y = now[x] + d
        now[x] = y = y if floor is None or y >= floor else floor
        moved[unit][x] = y - before[unit][x]

    def ends() -> bool:
        """Whether the game ends with the running totals."""
        if not may_end(gate, running):
            return False
        facts.totals, facts.bound, facts.change = running, None, moved
        return bool(end(facts, -1))

    def book(steps: list[tuple[str, list[int]]]) -> bool:
        """Add the steps to the running totals; whether the game ends now."""
        for unit, step in steps:
            for x, d in enumerate(step):
                if d:
                    add(unit, x, d)
        return ends()

    def booked(fact: str) -> tuple[str, dict[str, list[int]], tuple[Grant, ...]]:
        return fact, running, tuple(Grant(x, u, v) for u, vs in facts.change.items()
                                    for x, v in enumerate(vs) if v)

    if plain is None:  # the score with every fact, to take the parts from
        with_it = {u: [0] * facts.n for u in after}
        for g in grants:
            if not g.held_with:
                with_it[g.unit][g.subject] += g.amount
    try:
        for name, values in saved:
            if not any(values):
                continue  # books nothing, so it cannot end the game
            if plain is not None:
                steps = [(unit, [factor * hand_factor(per, i, facts) * v for v in values])
                         for i, (unit, factor) in enumerate(plain.get(name, ()))]
            else:
                setattr(facts, name, [0] * facts.n)
                facts.memo.clear()  # what `most` worked out may have read this fact
                facts.totals = before
                rest = score(facts)
                steps = [(u, [a - b for a, b in zip(with_it[u], rest[u], strict=True)])
                         for u in after]
                with_it = rest
            if book(steps):
                return booked(name)
        if tricks and plain is not None:
            each = [(unit, factor * hand_factor(per, i, facts))
                    for i, (unit, factor) in enumerate(plain.get(TRICK_FACT, ())) if factor]
            for k, (taker, points) in enumerate(tricks, 1):
                if not points or not each:
                    continue  # books nothing, so it cannot end the game
                for unit, factor in each:
                    add(unit, taker, factor * points)
                if ends():
                    return booked(f"trick {k}")
        elif tricks:  # score again with the card points of the tricks so far
            so_far = [0] * facts.n
            facts.points, facts.totals = so_far[:], before
            facts.memo.clear()
            with_it = score(facts)
            for k, (taker, points) in enumerate(tricks, 1):
                if not points:
                    continue
                so_far[taker] += points
                facts.points, facts.totals = so_far[:], before
                facts.memo.clear()
                rest = score(facts)
                steps = [(u, [a - b for a, b in zip(rest[u], with_it[u], strict=True)])
                         for u in after]
                with_it = rest
                if book(steps):
                    return booked(f"trick {k}")
    finally:
        facts.points = whole
        for name, values in saved:
            setattr(facts, name, values)
        facts.totals, facts.change = after, change
        if plain is None:
            facts.memo.clear()
        if state is not None:
            facts.rng.setstate(state)
    return None


def may_pass(gate: Gate, start: list[int], floor: int | None,
             plain: dict[str, tuple[tuple[str, int], ...]],
             saved: list[tuple[str, list[int]]], tricks: tuple[tuple[int, int], ...],
             per: tuple[Fn | None, ...], facts: HandFacts) -> bool:
    """Whether `count_first`'s running totals of the gate's unit may pass the gate in
    this hand, booking the facts and tricks of a plain clause, each award scaled by its
    factor for the hand (`hand_factor`, read from the facts as they stand: they do not
    change before the gate is passed; only for scoring that draws no lots). Bound:
    each subject's total before the hand (raised to the unit's floor, which only ever
    raises it) plus every step towards the gate, steps away from it left out; for a gate
    on the lowest total, the total before minus every step down. A hand no running
    total of which can reach the gate cannot end the game on the way, and books nothing
    that `count_first` returns."""
    unit, sign, least = gate  # `start`: the unit's totals before the hand; `floor`: its floor
    towards = [0] * len(start)  # per subject: its steps towards the gate, summed
    for name, values in saved:
        if not any(values):
            continue  # books nothing (nor is its factor read)
        for i, (u, factor) in enumerate(plain.get(name, ())):
            if u == unit:
                factor *= sign * hand_factor(per, i, facts)
                for x, v in enumerate(values):
                    if factor * v > 0:
                        towards[x] += factor * v
    if tricks:
        for i, (u, factor) in enumerate(plain.get(TRICK_FACT, ())):
            if u == unit and factor:
                factor *= sign * hand_factor(per, i, facts)
                for taker, points in tricks:
                    if factor * points > 0:
                        towards[taker] += factor * points
    if sign > 0:
        return max((v if floor is None or v >= floor else floor) + t
                   for v, t in zip(start, towards, strict=True)) >= least
    return -min(v - t for v, t in zip(start, towards, strict=True)) >= least


def counted_facts(order: tuple[str, ...], won_with: str) -> tuple[str, ...]:
    """The facts of `count first:` that counted in a hand that ended the game at once with
    `won_with` (a fact, or 'trick K')."""
    if not won_with:
        return ()
    fact = TRICKS if won_with.startswith("trick ") else won_with
    return order[:order.index(fact) + 1]


def hand_factor(per: tuple[Fn | None, ...], award: int, facts: HandFacts) -> int:
    """The factor of an award for this hand (1 without one)."""
    fn = per[award] if award < len(per) else None
    return 1 if fn is None else int(fn(facts, -1))
