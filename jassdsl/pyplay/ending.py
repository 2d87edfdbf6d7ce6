"""The hand's end as Python source written for one rule file (`hand_end`).

`Playout.generic_end` ends every covered hand through the engine's own pieces: the facts
per group of seats (`group_sums`), then `score_hand`, which asks each clause in turn,
makes a `Grant` per subject and award and adds them up unit by unit; the invariants one
call each; `count_first`, which works out whether a running total may pass the game
end's gate. Here the same steps are written out once per file, from its model and its
compiled data, with its numbers as constants:

* the card points, tricks and cards of each subject, its seats' cards joined by name;
  the last-trick and match bonuses only where the file has them;
* the hand's facts set field by field as `HandFacts.__init__` sets them;
* the best side's Weis (`Playout.side_weis`) and the Stöck holder, unrolled over the seats;
* the clauses' conditions, in order, and the awards of the clause that applies, each
  amount's expression written for its subject (`exprsource`, sums and counts over the
  subjects written out for their number), added straight into the unit's change and the
  totals (with the unit's floor, amounts held in abeyance, lots from the game's chance),
  with no grants made;
* the invariants, one expression each;
* `count first:`'s gate bound (`may_pass`) for the clause that scored, so that
  `count_first` is called only in a hand where a running total may pass the gate.

Expressions are evaluated in the order `score_hand` evaluates them, with `bound` reset
where it resets it, so a quantifier leaves the same subjects behind. A file that forms
sides per hand, or scores a clause counted first that is not a plain addition, gets
None: `generic_end` ends its hands. `tests/test_pyplay_ending.py` checks the two hand
for hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from jassdsl.compile.counting import count_first
from jassdsl.compile.exprsource import Compiler, Source
from jassdsl.compile.handfacts import Grant, HandFacts
from jassdsl.compile.scoring import CompiledClause
from jassdsl.core import model as m
from jassdsl.core.count_order import TRICK_FACT, TRICKS

# the playout of `pyplay.hand` (not imported: it imports this module)
Playout = Any
# what `count first:` ended the game with: the fact, the totals then, what was booked
Early = tuple[str, dict[str, list[int]], tuple[Grant, ...]]
# the facts, the clause that scored, `count first:`'s end, a Weis said, Stöck held
Ended = tuple[HandFacts, CompiledClause | None, Early | None, bool, bool]
EndFn = Callable[..., Ended | None]

ARGUMENTS = ("won, seat_winners, per_trick, said, mode, start, fore, hand_no, declared, "
             "roles, totals, chance, pending")


def why_not(playout: Playout) -> str:
    """Why the end of this file's hands is not written ('': it is)."""
    r = playout.rules
    if any(x.runtime.partners and x.name in r.configs for x in r.mechanisms):
        return "sides formed per hand"
    if r.count_first and r.end_when is not None and any(
            c.id not in r.count_adds for c in r.clauses):
        return "a clause counted first that is not a plain addition"
    return ""


class Lines:
    """Lines of Python source at an indentation depth."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, depth: int, *lines: str) -> None:
        self.lines.extend("    " * depth + x for x in lines)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


class Writer:
    """Writes `end` (and `which`, the clause that applies) for one playout; `names` holds
    the objects the source reads, `expr` writes the file's expressions."""

    def __init__(self, playout: Playout) -> None:
        self.p = playout
        r = self.r = playout.rules
        self.k, self.n = r.subjects, r.players
        compiler = Compiler(r.model, r.options, r.unit_of)
        self.expr = Source(compiler, self.k)  # sums and counts over its subjects written out
        self.names = self.expr.ns  # the expressions' helpers live beside the constants
        self.out = Lines()

    def bind(self, name: str, value: object) -> str:
        self.names[name] = value
        return name

    def of(self, e: m.Expr, subject: str) -> str:
        return self.expr.of(e, subject)

    def write(self) -> str:
        self.which()
        out = self.out
        out(0, f"def end({ARGUMENTS}):", "    s = -1")
        self.facts()
        self.best_side()
        self.stoeck()
        self.score()
        for inv in self.r.model.invariants:
            out(1, "f.bound = None", f"if not ({self.of(inv.expr, 's')}):", "    return None")
        self.counted_first()
        out(1, "return f, clause, early, weis_said, held")
        return out.text()

    # -- the facts -------------------------------------------------------------------------

    def facts(self) -> None:
        out, p, r, k, n = self.out, self.p, self.r, self.k, self.n
        self.bind("CHUNKS", p.chunks)
        out(1, "c0, c1, c2, c3 = CHUNKS[mode]")
        group = p.group
        for x in range(k):
            seats = [x] if group is None else [s for s in range(n) if group[s] == x]
            out(1, f"w{x} = " + " | ".join(f"won[{s}]" for s in seats))
        points = ", ".join(f"c0[w{x} & 511] + c1[w{x} >> 9 & 511] + c2[w{x} >> 18 & 511]"
                           f" + c3[w{x} >> 27]" for x in range(k))
        out(1, f"points = [{points}]", f"won_by = [{', '.join(f'w{x}' for x in range(k))}]")
        if group is None:
            out(1, "winners = seat_winners")
        else:
            group_of = self.bind("GROUP_OF", tuple(group).__getitem__)
            out(1, f"winners = list(map({group_of}, seat_winners))")
        out(1, f"tricks = [{', '.join(f'winners.count({x})' for x in range(k))}]")
        out(1, "if winners:", "    last = winners[-1]")
        if r.last_bonus:
            out(2, f"points[last] += {r.last_bonus!r}")
        if r.match_bonus:
            out(2, "if tricks[last] == len(winners):", f"    points[last] += {r.match_bonus!r}")
        given = {"n": repr(k), "players": repr(n), "hand": "hand_no", "points": "points",
                 "tricks": "tricks", "won": "won_by", "trick_winners": "winners",
                 "declared": "{}", "totals": "totals", "rng": "chance", "mode": "mode",
                 "options": self.bind("OPTIONS", r.options)}
        if p.roles_read:  # as `HandEnd.facts`: the roles' seats and their subjects
            given["role_seats"] = "roles"
            given["roles"] = f"[{self.bind('TEAM', r.team_of)}[x] if x >= 0 else -1 for x in roles]"
        self.new_facts(given)
        if r.declarations:
            self.bind("DECLARED", p.declared_facts)
            out(1, "if declared is not None:", "    DECLARED(f, declared)")
        if r.reads_in_play:  # every card was dealt
            out(1, "if winners:",
                "    c = " + " | ".join(f"start[{s}]" for s in range(n)),
                "    f.in_play = (c0[c & 511] + c1[c >> 9 & 511] + c2[c >> 18 & 511]"
                f" + c3[c >> 27] + {r.last_bonus!r}"
                f" + ({r.match_bonus!r} if len(set(winners)) == 1 else 0))")

    def new_facts(self, given: dict[str, str]) -> None:
        """`f`: the hand's `HandFacts`, each field set as its `__init__` sets it (`given`,
        else its default), written out: one call and a dozen default factories less per
        hand."""
        out = self.out
        assert not hasattr(HandFacts, "__post_init__")
        out(1, f"f = {self.bind('NEW', object.__new__)}({self.bind('HandFacts', HandFacts)})")
        for x in dataclasses.fields(HandFacts):
            if x.name in given:
                value = given[x.name]
            elif x.default_factory is list or x.default_factory is dict:
                value = "[]" if x.default_factory is list else "{}"
            elif x.default_factory is not dataclasses.MISSING:
                value = f"{self.bind(f'DEFAULT_{x.name}', x.default_factory)}()"
            else:
                assert x.default is None or type(x.default) is int, x.name
                value = repr(x.default)
            out(1, f"f.{x.name} = {value}")

    def best_side(self) -> None:
        """The Weise said, scored for the side of the best (`Playout.side_weis`); a file
        without Weis has none said."""
        out, p, k, n = self.out, self.p, self.k, self.n
        out(1, f"weis = [{', '.join(['0'] * k)}]")
        if not p.holds:
            out(1, "weis_said = False", "f.weis = weis")
            return
        self.bind("SIDE", p.side_weis)
        out(1, "weis_said = bool(" + " or ".join(f"said[{s}]" for s in range(n)) + ")",
            "if weis_said:", "    weis = SIDE(said, fore)", "f.weis = weis")

    def stoeck(self) -> None:
        """The first seat dealt the trump King and Queen (`stoeck_holder`)."""
        out, r, k, n = self.out, self.r, self.k, self.n
        out(1, f"stoeck = [{', '.join(['0'] * k)}]", "held = False")
        if r.stoeck_bonus:
            self.bind("PAIRS", self.p.pairs)
            out(1, "pair = PAIRS[mode]", "if pair:")
            for s in range(n):
                out(2, f"{'if' if s == 0 else 'elif'} start[{s}] & pair == pair:",
                    f"    stoeck[{r.team_of[s]}] = {r.stoeck_bonus!r}", "    held = True")
        out(1, "f.stoeck = stoeck")

    # -- the score ---------------------------------------------------------------------------

    def which(self) -> None:
        """`which(f, s)`: the first clause that applies (`first_clause`), -1 for none;
        `bound` reset before each condition as `CompiledClause.applies` resets it."""
        out = self.out
        out(0, "def which(f, s):")
        for i, cl in enumerate(self.r.model.clauses):
            out(1, "f.bound = None")
            if cl.condition is None:
                out(1, f"return {i}")
                break
            out(1, f"if {self.of(cl.condition, 's')}:", f"    return {i}")
        else:
            out(1, "return -1")
        out(0, "")

    def score(self) -> None:
        """The awards of the clause that applies, in `CompiledClause.grants`' order, into
        each unit's change, then the change into the totals (`score_hand`)."""
        out, r, k = self.out, self.r, self.k
        units = list(r.units)
        self.delta = {u: f"d{j}" for j, u in enumerate(units)}
        for u in units:
            out(1, f"{self.delta[u]} = [{', '.join(['0'] * k)}]")
        holds = any(a.verb == "holds" for c in r.model.clauses for a in c.awards)
        if holds:
            out(1, "still = []")  # amounts held in this hand, then those still held
        self.bind("CLAUSES", r.clauses)
        out(1, "i = which(f, s)", "clause = CLAUSES[i] if i >= 0 else None")
        for i, cl in enumerate(r.model.clauses):
            out(1, f"{'if' if i == 0 else 'elif'} i == {i}:")
            self.awards(cl)
        changes = ", ".join(f"{u!r}: {self.delta[u]}" for u in units)
        if holds:  # an amount held earlier goes to the one of its subjects who gains
            out(1, f"change = {{{changes}}}", "if pending:", "    released = []",
                "    for unit, members, amount in pending:",
                "        gainers = [x for x in members if change[unit][x] > 0]",
                "        if len(gainers) == 1:",
                "            released.append((gainers[0], unit, amount))",
                "        else:", "            still.append((unit, members, amount))",
                "    for x, unit, amount in released:", "        change[unit][x] += amount",
                "if pending or still:", "    pending[:] = still", "f.change = change")
        else:
            out(1, f"f.change = {{{changes}}}")
        floors = dict(self.p.floors)
        for u in units:
            d = self.delta[u]
            out(1, f"t = totals[{u!r}]")
            floor = floors.get(u)
            for x in range(k):
                if floor is None:
                    out(1, f"t[{x}] += {d}[{x}]")
                else:
                    out(1, f"v = t[{x}]", f"w = v + {d}[{x}]",
                        f"if w < {floor!r}:", f"    w = {floor!r}",
                        f"{d}[{x}] = w - v", f"t[{x}] = w")

    def awards(self, cl: m.Clause) -> None:
        out, r, k = self.out, self.r, self.k
        kinds = [a.target.kind for a in cl.awards]
        tracks = "others" in kinds  # the subjects named so far, for `others`
        if tracks:
            out(2, "named = set()")
        if not cl.awards:
            out(2, "pass")
        for j, a in enumerate(cl.awards):
            base, sign = r.unit_of[a.unit.text if a.unit is not None else r.main_unit]
            sign = -sign if a.verb == "loses" else sign
            d, minus = self.delta[base], "-" if sign < 0 else ""
            named = tracks and "others" in kinds[j + 1:]  # a later `others` reads them
            if a.target.kind == "every" and a.verb != "holds":  # written for each subject
                for x in range(k):
                    out(2, f"{d}[{x}] += {minus}int({self.of(a.amount, str(x))})")
                if named:
                    out(2, f"named.update(range({k}))")
                continue
            self.target(2, a.target, "chosen")
            if named:
                out(2, "named.update(chosen)")
            if a.verb == "holds":  # one amount, the first subject's, for all of them
                amount = self.of(a.amount, "x")
                out(2, "if chosen:", "    x = chosen[0]",
                    f"    still.append(({base!r}, tuple(chosen), {sign!r} * {amount}))")
            else:
                out(2, "for x in chosen:", f"    {d}[x] += {minus}int({self.of(a.amount, 'x')})")

    def target(self, d: int, t: m.Target, var: str) -> None:
        """`var` = the subjects of an award's target, as `compile_target` finds them; a
        lot draws from the game's chance as `lot` does."""
        out, k = self.out, self.k
        if t.kind == "every":
            out(d, f"{var} = list(range({k}))")
        elif t.kind == "others":
            out(d, f"{var} = [x for x in range({k}) if x not in named]")
        elif t.kind == "bound":
            out(d, f"{var} = list(f.bound or [])")
        elif t.kind == "lot":
            assert t.inner is not None
            pool = f"{var}_pool"
            self.target(d, t.inner, pool)
            out(d, f"{var} = [{pool}[f.rng.randrange(len({pool}))]] if {pool} else []")
        else:  # players with FILTER (of SIZE players)
            assert t.filter is not None
            out(d, f"{var} = [t0 for t0 in range({k}) if {self.of(t.filter, 't0')}]")
            if t.count is not None:
                out(d, f"if len({var}) != {t.count!r}:", f"    {var} = []")

    # -- count first -------------------------------------------------------------------------

    def counted_first(self) -> None:
        """`count_first` where a running total may pass the gate: the bound of `may_pass`
        for the clause that scored (a plain addition: `why_not`), worked out first."""
        out, r, p = self.out, self.r, self.p
        out(1, "early = None")
        if not (r.count_first and r.end_when is not None):
            return
        end = p.end
        for name, value in (("count_first", count_first), ("ORDER_FIRST", r.count_first),
                            ("END_WHEN", r.end_when), ("ADDS", r.count_adds),
                            ("HAND_DELTA", end.hand_delta), ("FLOOR_OF", end.floor_of),
                            ("LOTS", end.lots), ("SCALES", r.count_scales),
                            ("GATE", r.end_gate), ("NO_MINUS", p.no_minus)):
            self.bind(name, value)
        call = ("    early = count_first(f, ORDER_FIRST, clause, [], END_WHEN, ADDS, HAND_DELTA,"
                " FLOOR_OF, LOTS, SCALES, {steps}, GATE, {bound})")
        if p.by_trick:
            call = call.format(
                steps="lambda: tuple(zip(winners, per_trick[:-1], strict=False))",
                bound="points if NO_MINUS[mode] else None")
        else:
            call = call.format(steps="()", bound="None")
        if r.end_gate is None or end.lots:
            out(1, "if True:", call)
            return
        out(1, "go = True")
        for i, cl in enumerate(r.clauses):
            out(1, f"{'if' if i == 0 else 'elif'} i == {i}:")
            self.gate_bound(2, r.count_adds[cl.id], r.count_scales.get(cl.id, ()))
        out(1, "else:")
        self.gate_bound(2, {}, ())
        out(1, "if go:", call)

    def gate_bound(self, d: int, plain: dict[str, tuple[tuple[str, int], ...]],
                   per: tuple[Any, ...]) -> None:
        """`go`: whether `may_pass` lets the hand through, written for one clause."""
        out, r, p, k = self.out, self.r, self.p, self.k
        unit, sign, least = r.end_gate
        floor = p.end.floor_of.get(unit)
        if p.by_trick:  # the card points bound the tricks only where none is below 0
            out(d, "if NO_MINUS[mode]:")
            d += 1
        start = [f"tu[{x}] - cu[{x}]" for x in range(k)]
        out(d, f"tu = totals[{unit!r}]", f"cu = f.change[{unit!r}]",
            f"reach = [{', '.join(start)}]")
        if sign > 0 and floor is not None:
            out(d, "for x in range(len(reach)):", f"    if reach[x] < {floor!r}:",
                f"        reach[x] = {floor!r}")
        elif sign < 0:
            out(d, "reach = [-v for v in reach]")

        # each award's factor towards the gate for this hand (`hand_factor`), worked out
        # once where it reads the hand
        facts = [(name, False) for name in r.count_first if name != TRICKS]
        if p.by_trick:
            facts.append((TRICK_FACT, True))  # the tricks: bound by the card points
        steps = [(name, tricks, i, f * sign) for name, tricks in facts
                 for i, (u, f) in enumerate(plain.get(name, ())) if u == unit and f]
        factors: dict[int, str] = {}
        for _, _, i, _ in steps:
            fn = per[i] if i < len(per) else None
            if fn is not None and i not in factors:
                out(d, f"h{i} = int({self.bind(f'SCALE_{len(self.names)}', fn)}(f, -1))")
                factors[i] = f"h{i}"
        for name, tricks, i, base in steps:
            g = f"{base!r} * {factors[i]}" if i in factors else repr(base)
            v = "points" if tricks else f"f.{name}" if name.isidentifier() \
                else f"getattr(f, {name!r})"
            out(d, f"v = {v}")
            if tricks or name in p.nonnegative:  # one entry per subject, none below 0:
                if i in factors:  # towards the gate, in full, where the factor is above 0
                    out(d, f"g = {g}", "if g > 0:")
                    for x in range(k):
                        out(d + 1, f"reach[{x}] += g * v[{x}]")
                elif base > 0:
                    times = "" if g == "1" else f"{g} * "
                    for x in range(k):
                        out(d, f"reach[{x}] += {times}v[{x}]")
                continue
            out(d, "if any(v):", f"    g = {g}", "    for x, y in enumerate(v):",
                "        if g * y > 0:", "            reach[x] += g * y")
        out(d, f"go = max(reach) >= {least!r}")


def hand_end(playout: Playout) -> EndFn | None:
    """The file's hand end with `Playout.generic_end`'s arguments and results, or None
    where its scoring uses something this module does not write (`why_not`)."""
    if why_not(playout):
        return None
    w = Writer(playout)
    source = w.write()
    namespace = w.names
    namespace["__builtins__"] = {**namespace["__builtins__"], "any": any, "bool": bool,
                                 "dict": dict, "enumerate": enumerate, "getattr": getattr,
                                 "list": list, "map": map, "max": max, "set": set, "tuple": tuple,
                                 "zip": zip}
    exec(compile(source, "<jassdsl.pyplay.ending>", "exec"), namespace)
    fn: EndFn = namespace["end"]
    fn.source = source  # type: ignore[attr-defined]
    return fn
