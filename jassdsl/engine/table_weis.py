"""Table Weis and table Stöck: Weise and Stöck lying in the tricks a side took, counted
for that side when the hand is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jassdsl.compiler import CompiledRules
from jassdsl.engine.phase import Phase
from jassdsl.scoring import HandFacts
from jassdsl.weis import trick_bonuses, trump_made_in

if TYPE_CHECKING:
    from jassdsl.engine.game import Game


class TableBonuses(Phase):
    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.table_bonuses

    def add_facts(self, g: Game, facts: HandFacts) -> None:
        s, r = g.s, self.rules
        weis, stoeck = [0] * r.subjects, [0] * r.subjects
        cards = [t.cards for t in s.tricks]
        since = trump_made_in(cards, r.trump_kind == "first_void")
        for t, (weise, has_stoeck) in zip(
                s.tricks, trick_bonuses(cards, r.weis_in(s.mode), s.mode, since), strict=True):
            x = r.team_of[t.winner]
            weis[x] += sum(w.value for w in weise)
            stoeck[x] += r.stoeck_bonus if has_stoeck else 0
        facts.table_weis, facts.table_stoeck = weis, stoeck
