"""Scoring: the rules and who they award, the invariants, the game's end and what 'count first' may book early."""

from __future__ import annotations

from collections.abc import Collection

from jassdsl.core import model as m
from jassdsl.core.count_order import TRICKS, additions, read_as
from jassdsl.core.errors import did_you_mean
from jassdsl.core.model import walk
from jassdsl.core.pack import FULL_PACK
from jassdsl.core.pack import hand_worth as pack_worth
from jassdsl.language import count_known
from jassdsl.language.checking.base import (
    EARLY_FACTS,
    HAND_TOTAL,
    card_points,
    hand_worth,
)
from jassdsl.language.checking.expressions import ExpressionChecks


class ScoringChecks(ExpressionChecks):
    """Scoring: the checks of one concern, on the chain of jassdsl/language/check.py."""

    def check_scoring(self, rf: m.RuleFile) -> None:
        ids: dict[str, int] = {}
        after_otherwise: m.Clause | None = None
        n_players = self.players_choices(rf.players)
        subjects = max(n_players or [4]) if not rf.teams else 2
        for c in rf.clauses:
            if c.id in ids:
                self.error(c.pos, "duplicate", f"clause id {c.id!r} is used twice (first on "
                           f"line {ids[c.id]})")
            ids[c.id] = c.pos.line
            if after_otherwise is not None:
                self.error(c.pos, "unreachable", f"clause {c.id!r} can never apply: "
                           f"'{after_otherwise.id}' before it applies always")
            if c.condition is None:
                after_otherwise = c
                binds = False
            else:
                self.top(c.condition, subject=False)
                binds = any(isinstance(q, m.Quant) for q in walk(c.condition))
                for q in walk(c.condition):
                    if isinstance(q, m.Quant) and q.quantifier == "count" and q.count and \
                            q.count > subjects:
                        self.error(q.pos, "unreachable", f"clause {c.id!r} can never apply: "
                                   f"there are only {subjects} {q.subject}s")
                    if isinstance(q, m.Quant):
                        self.subject_kind(q.pos, q.subject)
            for a in c.awards:
                self.target(a.target, binds)
                self.top(a.amount, subject=True)
                if a.unit is not None:
                    self.unit_word(a.unit)

    def target(self, t: m.Target, binds: bool) -> None:
        if t.kind == "bound" and not binds:
            self.error(t.pos, "unbound", "'that player' / 'those players' needs a condition "
                       "such as 'when one player has ...' that names them")
        if t.subject:
            self.subject_kind(t.pos, t.subject)
        if t.filter is not None:
            self.top(t.filter, subject=True)
        if t.inner is not None:
            self.target(t.inner, binds)

    def check_invariants(self, rf: m.RuleFile) -> None:
        ids: set[str] = set()
        for inv in rf.invariants:
            if inv.id in ids:
                self.error(inv.pos, "duplicate", f"invariant id {inv.id!r} is used twice")
            ids.add(inv.id)
            self.after_scoring = True
            self.top(inv.expr, subject=False)
            self.after_scoring = False
        self.check_match_totals(rf)

    def check_match_totals(self, rf: m.RuleFile) -> None:
        """An invariant on what a hand is worth (`sum(points) = 157 or sum(points) = 257`)
        that holds for a hand but not for a match: with every card in play a hand is worth
        HAND_TOTAL, and a match that plus the match bonus; the bonus breaks the file's own
        invariant in the first match. Only invariants made of `sum(points)`, numbers,
        arithmetic, comparisons, `and`, `or` and `not` are read this way."""
        out_of_play = any(x.runtime.out_of_play and x.name in rf.parts for x in self.mechanisms)
        if rf.piles or out_of_play or rf.deal.each is not None:
            return  # cards out of play: a hand may be worth less, which play shows
        matches: list[tuple[int, m.Bonus]] = []
        for b in rf.bonuses:
            if b.name.text == "match":
                opt = self.options.get(b.points.option or "")
                numbers = [b.points.number] if b.points.number is not None else \
                    [c.number for c in opt.choices if c.number is not None] if opt else []
                matches += [(n, b) for n in numbers if n is not None and n > 0]
        totals = self.hand_totals(rf)
        for inv in rf.invariants:
            if any(hand_worth(inv.expr, t) is not True for t in totals):
                continue
            for bonus, b in matches:
                for worth in totals:
                    total = worth + bonus
                    if hand_worth(inv.expr, total) is False:
                        shown = f"{b.points.option} = {bonus}" if b.points.option else str(bonus)
                        self.error(b.points.pos, "invariant", f"the match bonus breaks invariant "
                                   f"{inv.id!r} (line {inv.pos.line}): a hand with a match is "
                                   f"worth {worth} + {shown} = {total} card points, which "
                                   "the invariant does not allow; give the bonus the invariant "
                                   f"expects, or allow {total} in the invariant")
                        break
                else:
                    continue
                break

    def hand_totals(self, rf: m.RuleFile) -> list[int]:
        """What a hand is worth: HAND_TOTAL with the 36 cards (the tables are checked to
        give it), else per base mode the points of the pack's cards and the last trick."""
        if self.pack == FULL_PACK:
            return [HAND_TOTAL]
        last = sum(b.points.number or 0 for b in rf.bonuses if b.name.text == "last-trick")
        found = [card_points(rf, mode, None) for mode in ("D", "obenabe", "undenufe")]
        return sorted({pack_worth(points, self.pack, last) for points in found
                       if points is not None}) or [HAND_TOTAL]

    def check_end(self, rf: m.RuleFile) -> None:
        if rf.end.hands is not None:
            self.number(rf.end.hands, "hands", "the number of hands")
        if rf.end.when is not None:
            self.after_scoring = True
            self.top(rf.end.when, subject=False)
            self.after_scoring = False
        if rf.count_first is not None:
            self.check_count_first(rf, rf.count_first)

    def check_count_first(self, rf: m.RuleFile, first: m.CountFirst) -> None:
        """`count first: stoeck, then weis, then tricks`: facts known before the tricks are
        over, each once, each one the file has, the tricks last and only where every rule
        adds the card points, and a game that ends on a condition."""
        if rf.end.when is None:
            self.error(first.pos, "missing", "'count first' needs 'game ends when ...': the "
                       "game can end in the middle of a hand only on a condition")
        has = {"stoeck": self.has_stoeck, "weis": self.has_weis, TRICKS: True}
        seen: set[str] = set()
        for w in first.facts:
            if w.text not in EARLY_FACTS:
                self.error(w.pos, "unknown-name", f"{w.text!r} is not known before the tricks "
                           f"are over; {did_you_mean(w.text, EARLY_FACTS)}'count first' may "
                           f"name {', '.join(EARLY_FACTS)}")
            elif w.text in seen:
                self.error(w.pos, "duplicate", f"{w.text!r} is counted first twice")
            elif not has[w.text]:
                need = "a Weis table (weis: TABLE)" if w.text == "weis" else "bonus stoeck N"
                self.error(w.pos, "unknown-name", f"{w.text!r} needs {need}")
            elif w.text == TRICKS and w is not first.facts[-1]:
                self.error(w.pos, "context", "'tricks' comes last in 'count first': the "
                           "tricks are counted one by one after everything else")
            seen.add(w.text)
        late = self.check_count_known(rf, [w.text for w in first.facts if w.text in seen])
        if TRICKS in seen and rf.units:
            self.tricks_added(rf, read_as(tuple(w.text for w in first.facts)), late)

    def check_count_known(self, rf: m.RuleFile, order: list[str]) -> set[str]:
        """With `count first`, which rule applies and what a fact counted first scores
        depend only on what is known before the first card (jassdsl/language/
        count_known.py); returns the ids of the rules reported."""
        reported: set[str] = set()
        words = ["the tricks one by one" if w == TRICKS else w for w in order] or ["them"]
        booked = ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]
        for late in count_known.late_reads(rf):
            if late.clause is not None:
                reported.add(late.clause.id)
            where = "the game's end" if late.clause is None else \
                f"which rule applies (rule {late.clause.id!r})" if not late.fact else \
                f"what {'the tricks bring' if late.fact == 'points' else late.fact + ' brings'}" \
                f" in rule {late.clause.id!r}"
            self.error(late.at.pos, "context", f"'{late.what}' is known only once the hand "
                       f"is played, but 'count first' books {booked} before the hand is over, so "
                       f"{where} cannot depend on it; ask it only of what is known before "
                       "the first card (options, declared values, the mode, the hand, the "
                       "totals), or leave out 'count first'")
        return reported

    def tricks_added(self, rf: m.RuleFile, facts: tuple[str, ...],
                     reported: Collection[str] = ()) -> None:
        """Counting the tricks one by one books each trick's card points as it is taken:
        every rule must add the card points (and the other facts counted first) to what
        every team or player scores."""
        units = {name: (u.plural, 1) for u in rf.units for name in (u.singular, u.plural)}
        try:
            plain = additions(rf, units, rf.units[0].plural, facts)
        except KeyError:  # an unknown unit: reported where it is named
            return
        for cl in rf.clauses:
            if cl.id not in plain and cl.id not in reported:  # reported: said already
                self.error(cl.pos, "context", f"rule {cl.id!r} does not just add the card "
                           "points and what is counted first, so 'count first: ... tricks' "
                           "cannot count them trick by trick; a rule must give every team "
                           "(or player) points + ..., times a factor fixed for the hand")
