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
from jassdsl.core.count_order import TRICK_FACT, TRICKS, Additions, Gate, may_end

Scales = dict[str, tuple["Fn | None", ...]]  # clause -> per award: its factor for the hand
Delta = Callable[[HandFacts], dict[str, list[int]]]
Steps = tuple[tuple[int, int], ...]  # per trick but the last: who took it, its card points


def count_first(facts: HandFacts, order: tuple[str, ...], clause: CompiledClause | None,
                grants: list[Grant], end: Fn, adds: Additions, score: Delta,
                floors: dict[str, int], lots: bool, scaled: Scales | None = None,
                tricks: Steps | Callable[[], Steps] = (), gate: Gate | None = None,
                trick_sums: list[int] | None = None
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
    `end` is evaluated only where the running totals pass its `gate` (`end_gate`);
    `trick_sums` (per subject, its card points in the hand, where no card and no bonus of
    the mode is worth less than 0) bounds the tricks' steps in that test in one pass over
    the subjects instead of one over the tricks. `tricks` may be a function that makes
    them: with `trick_sums` it is called only in a hand that passes that test."""
    saved = [(name, getattr(facts, name)) for name in order if name != TRICKS]
    later = None  # the tricks' maker, kept for a hand that passes the gate's test
    if callable(tricks):
        if trick_sums is None:
            tricks = tricks()
        else:
            later, tricks = tricks, ()
    if later is None and not tricks and not any(any(values) for _, values in saved):
        return None  # nothing is counted first in this hand (most hands: keep it cheap)
    after, change = facts.totals, facts.change
    cid = clause.id if clause is not None else ""
    plain = adds.get(cid) if clause is not None else {}
    per = scaled.get(cid, ()) if scaled else ()
    if plain is not None and gate is not None and not lots:
        unit = gate[0]
        start = [a - c for a, c in zip(after[unit], change[unit], strict=True)]
        if not may_pass(gate, start, floors.get(unit), plain, saved, tricks, per, facts,
                        trick_sums):
            return None  # no running total can pass the gate: `end` cannot hold (most hands)
    if later is not None:
        tricks = later()
        if not tricks and not any(any(values) for _, values in saved):
            return None
    before = {u: [a - c for a, c in zip(v, change[u], strict=True)] for u, v in after.items()}
    running = {u: v[:] for u, v in before.items()}
    whole = facts.points
    state = facts.rng.getstate() if lots and plain is None else None
    with_it: dict[str, list[int]] = {}

    def add(unit: str, x: int, d: int) -> None:
        now, floor = running[unit], floors.get(unit)
        y = now[x] + d
        now[x] = y if floor is None or y >= floor else floor

    def ends() -> bool:
        """Whether the game ends with the running totals (the change so far, running
        minus before, is worked out only where the gate lets them through)."""
        if not may_end(gate, running):
            return False
        moved = {u: [a - b for a, b in zip(v, before[u], strict=True)]
                 for u, v in running.items()}
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
            # per award that adds the card points: its running totals, factor and floor
            each = [(running[unit], factor * hand_factor(per, i, facts), floors.get(unit))
                    for i, (unit, factor) in enumerate(plain.get(TRICK_FACT, ())) if factor]
            for k, (taker, points) in enumerate(tricks, 1):
                if not points or not each:
                    continue  # books nothing, so it cannot end the game
                for now, factor, floor in each:  # `add`, written out: it runs per trick
                    y = now[taker] + factor * points
                    now[taker] = y if floor is None or y >= floor else floor
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
             per: tuple[Fn | None, ...], facts: HandFacts,
             trick_sums: list[int] | None = None) -> bool:
    """Whether `count_first`'s running totals of the gate's unit may pass the gate in
    this hand, booking the facts and tricks of a plain clause, each award scaled by its
    factor for the hand (`hand_factor`, read from the facts as they stand: they do not
    change before the gate is passed; only for scoring that draws no lots). Bound:
    each subject's total before the hand (raised to the unit's floor, which only ever
    raises it) plus every step towards the gate, steps away from it left out; for a gate
    on the lowest total, the total before minus every step down. A hand no running
    total of which can reach the gate cannot end the game on the way, and books nothing
    that `count_first` returns. With `trick_sums` (each subject's card points, none of
    them below 0) a factor above 0 steps each subject by at most its sum, and a factor
    below 0 never steps towards the gate."""
    unit, sign, least = gate  # `start`: the unit's totals before the hand; `floor`: its floor
    # per subject: how near the gate its running total may come (its total before the
    # hand, on the gate's side, plus every step towards the gate)
    if sign > 0:
        reach = start[:] if floor is None else [v if v >= floor else floor for v in start]
    else:
        reach = [-v for v in start]
    for name, values in saved:
        for i, (u, factor) in enumerate(plain.get(name, ())):
            if u != unit or not factor or not any(values):
                continue  # books nothing towards the gate (nor is its factor read)
            factor *= sign * hand_factor(per, i, facts)
            for x, v in enumerate(values):
                if factor * v > 0:
                    reach[x] += factor * v
    if tricks or trick_sums is not None:
        for i, (u, factor) in enumerate(plain.get(TRICK_FACT, ())):
            if u != unit or not factor:
                continue
            factor *= sign * hand_factor(per, i, facts)
            # a step goes towards the gate where the points have the factor's sign
            if trick_sums is not None:
                if factor > 0:
                    for x, points in enumerate(trick_sums):
                        reach[x] += factor * points
            elif factor > 0:
                for taker, points in tricks:
                    if points > 0:
                        reach[taker] += factor * points
            else:
                for taker, points in tricks:
                    if points < 0:
                        reach[taker] += factor * points
    return max(reach) >= least


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
