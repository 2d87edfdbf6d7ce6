"""The end of a hand: its facts, the scoring clause, the rule file's invariants, what is
counted first, the hand's record, and whether the game is over."""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.counting import count_first
from jassdsl.compile.scoring import Grant, HandFacts, first_clause, score_hand
from jassdsl.core.count_order import TRICKS, may_end
from jassdsl.core.deal import next_seat
from jassdsl.core.errors import BrokenInvariant, InvariantError
from jassdsl.core.pos import Pos
from jassdsl.core.roles import ROLE_LIST
from jassdsl.core.tables import chunk_points
from jassdsl.engine import records
from jassdsl.engine.events import GameOver, HandScored, LotDrawn
from jassdsl.engine.partners import group_sums, hand_partners, side_sums
from jassdsl.engine.phase import Table
from jassdsl.engine.records import HandResult

WINNER = itemgetter(2)  # of a Trick: who took it


class HandEnd:
    """Scores a finished hand and starts the next one, or ends the game."""

    def __init__(self, rules: CompiledRules) -> None:
        self.rules = rules
        self.everybody = (1 << rules.players) - 1  # every seat plays the hand
        self.floors = [(u, info.floor) for u, info in rules.units.items()
                       if info.floor is not None]
        self.floor_of = dict(self.floors)
        # scoring draws lots: scoring a hand again for `count first:` must undo the draws
        self.lots = any(a.target.kind == "lot" for c in rules.model.clauses for a in c.awards)
        self.by_trick = TRICKS in rules.count_first  # the tricks count one by one

    def facts(self, g: Table) -> HandFacts:
        """What happened in the hand, per subject: the core here, the rest from the
        phases that know it."""
        s, r = g.s, self.rules
        team = r.team_of
        k = r.subjects
        p0, p1, p2, p3 = chunk_points(self.rules.modes[self.rules.settled_mode(s.mode)])
        taken = s.won
        chunks = (p0, p1, p2, p3)
        seat_winners = list(map(WINNER, s.tricks))
        # each seat scores for itself, or a team's are the cards its players took together
        points, tricks, won, winners = group_sums(None if k == len(taken) else team, k, taken,
                                                  seat_winners, chunks, r)
        partners = hand_partners(g)
        if partners is not None:  # each player has its side's cards, tricks and points
            points, tricks, won = side_sums(partners, seat_winners, taken, chunks, r)
        facts = HandFacts(k, s.table.bit_count(), s.hand_no, points, tricks, won, winners,
                          {}, s.totals, r.options, g.chance, mode=s.mode)
        if partners is not None:
            facts.side = list(partners)
        if s.playing != self.everybody:  # some seat folded or left: `playing` per subject
            facts.playing = [0] * k
            for seat in range(r.players):
                if s.playing >> seat & 1:
                    facts.playing[team[seat]] = 1
        if winners and r.reads_in_play:
            c = s.in_cards
            facts.in_play = (p0[c & 511] + p1[c >> 9 & 511] + p2[c >> 18 & 511] + p3[c >> 27]
                             + r.last_bonus + (r.match_bonus if len(set(winners)) == 1 else 0))
        if r.roles_read:
            facts.role_seats = list(s.roles)
            facts.roles = [team[x] if x >= 0 else -1 for x in s.roles]
        for phase in g.hooks("add_facts"):
            phase.add_facts(g, facts)
        return facts

    def finish(self, g: Table) -> None:
        s, r = g.s, self.rules
        drawn = len(g.chance.drawn)
        facts = self.facts(g)
        booking = score_hand(r.clauses, facts, s.pending, self.floors)
        clause = booking.clause
        if g.check_invariants:
            self.check_invariants(g, facts, clause.id if clause else "")
        early = count_first(facts, r.count_first, clause, booking.grants, r.end_when,
                            r.count_adds, self.hand_delta, self.floor_of, self.lots,
                            r.count_scales, self.trick_points(g, facts) if self.by_trick else (),
                            r.end_gate) if r.count_first and r.end_when is not None else None
        grants: tuple[Grant, ...] = (*booking.grants, *booking.released)
        won_with = ""
        if early is not None:  # the game was won before the rest of this hand counted
            won_with, counted, grants = early
            for unit, values in counted.items():
                s.totals[unit][:] = values
        if g.log is not None:
            for of, value in g.chance.drawn[drawn:]:
                g.log.append(LotDrawn(s.hand_no, of, value))
        extra: dict[str, Any] = {}
        parts = {phase.part_key: phase.record(g, facts) for phase in g.hooks("record")}
        if parts:
            extra["parts"] = parts
        bonuses = {k: v for phase in g.hooks("bonuses")
                   for k, v in phase.bonuses(g, facts).items()}
        if bonuses:
            extra["bonuses"] = bonuses
        if won_with:
            extra["won_with"] = won_with
        if r.roles_read:
            extra["roles"] = {ROLE_LIST[i].name: s.roles[i] for i in sorted(r.roles_read)}
        result = HandResult(
            s.hand_no, s.dealer, self.rules.mode(s.mode), s.dealt, tuple(s.tricks),
            tuple(facts.points), clause.id if clause else "", grants,
            {k: tuple(v) for k, v in s.totals.items()}, **extra)
        s.results.append(result)
        if g.log is not None:
            g.log.append(HandScored(s.hand_no, result.clause, result.points, grants,
                                    tuple(result.totals.items()), won_with))
        if won_with or self.game_ends(g, facts):
            s.phase = "over"
            if g.log is not None:
                g.emit(GameOver(s.hand_no, g.end_reason()))
            return
        s.hand_no += 1
        s.anew = 0
        role = s.roles[r.dealer_role] if r.dealer_role >= 0 else -1
        s.dealer = role if role >= 0 else next_seat(r.players, s.dealer, s.table)
        g.redeal()

    def trick_points(self, g: Table, facts: HandFacts) -> tuple[tuple[int, int], ...]:
        """Per trick but the last: the subject that took it and its card points (the last
        trick, with its bonuses, completes the hand)."""
        s = g.s
        points = self.rules.modes[self.rules.settled_mode(s.mode)].points.__getitem__
        return tuple([(taker, sum(map(points, t.cards)))
                      for taker, t in zip(facts.trick_winners, s.tricks[:-1], strict=False)])

    def hand_delta(self, facts: HandFacts) -> dict[str, list[int]]:
        """What the scoring gives each subject for these facts (amounts held aside not)."""
        delta = {u: [0] * self.rules.subjects for u in facts.totals}
        clause = first_clause(self.rules.clauses, facts)
        for grant in clause.grants(facts) if clause is not None else ():
            if not grant.held_with:
                delta[grant.unit][grant.subject] += grant.amount
        return delta

    def check_invariants(self, g: Table, facts: HandFacts, clause: str = "") -> None:
        """The rule file's invariants must hold after every hand; a failure is a rule bug
        (the error names the invariant and the clause that scored the hand, and keeps the
        facts)."""
        for name, holds in self.rules.invariants:
            facts.bound = None
            if not holds(facts, -1):
                broken = self.broken(name, g, facts, clause)
                raise InvariantError(self.sentence(broken, g), broken, name, clause, facts)

    def broken(self, name: str, g: Table, facts: HandFacts, clause: str) -> BrokenInvariant:
        """The parts of a failed invariant: where it is written, the hand, the clause, the
        card points and what the hand scored, by player or team (P0, P0+P2)."""
        r = self.rules
        names = [f"P{seat}" for seat in range(r.players)]
        if r.subjects != r.players:
            names = ["+".join(names[s] for s in range(r.players) if r.team_of[s] == x)
                     for x in range(r.subjects)]
        pos = next((i.pos for i in r.model.invariants if i.id == name), Pos(0, 0, 0, 0))
        return BrokenInvariant(
            r.model.path, name, pos, g.s.hand_no, clause,
            tuple(zip(names, facts.points, strict=False)),
            tuple((unit, tuple(zip(names, v, strict=False))) for unit, v in facts.change.items()))

    def sentence(self, b: BrokenInvariant, g: Table) -> str:
        """One sentence for a failed invariant: the file, the invariant and its title, the
        hand and the game's seed, then the card points and what the hand scored."""
        def each(values: tuple[tuple[str, int], ...], sign: str = "") -> str:
            shown = [f"{who} {v:{sign}d}" for who, v in values]
            return ", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else \
                "".join(shown)

        title = next((f'"{i.title}", but' for i in self.rules.model.invariants
                      if i.id == b.name and i.title), "")
        scored = "; ".join(f"{each(v, '+')} {unit}" for unit, v in b.scored)
        return (f"{b.path}: invariant {b.name!r} does not hold after hand {b.hand} "
                f"(seed {g.seed}): {title} the card points were {each(b.points)}, and the "
                f"hand scored {scored or 'nothing'}").replace(":  ", ": ")

    def game_ends(self, g: Table, facts: HandFacts) -> bool:
        r, s = self.rules, g.s
        if s.hand_no + s.redeals >= records.HAND_LIMIT:  # the deals made anew count too
            return True
        for phase in g.hooks("ends_game"):  # a mechanism may say (nobody can choose)
            said = phase.ends_game(g)
            if said is not None:
                return said
        if r.end_hands is not None:
            return s.hand_no >= r.end_hands
        facts.bound = None
        return bool(r.end_when is not None and may_end(r.end_gate, facts.totals)
                    and r.end_when(facts, -1))


