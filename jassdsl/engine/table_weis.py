"""Table Weis and table Stöck: Weise and Stöck lying in the tricks a side took, counted
for that side when the hand is over. Table Stöck counts only from the trick in which trump
was made on: as a subscriber of play's `on_trick` it notes that trick."""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.handfacts import HandFacts
from jassdsl.compile.weis import trick_bonuses
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.records import Trick
from jassdsl.engine.state import State


@dataclass
class TableBonusPart:
    since: int = -1  # the trick (from 0) in which trump was made, -1: not yet

    def copy(self) -> TableBonusPart:
        return TableBonusPart(self.since)


class TableBonuses(Phase):
    name = "table weis"  # its part's key; it never waits for an action
    place = "keeper"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.table_bonuses

    def new_part(self, s: State) -> None:
        s.parts[self.name] = TableBonusPart()

    def new_hand(self, g: Table) -> None:
        g.s.parts[self.name] = TableBonusPart()

    def part(self, s: State) -> TableBonusPart:
        part = s.parts[self.name]
        assert isinstance(part, TableBonusPart)
        return part

    def on_trick(self, g: Table, trick: Trick) -> None:
        part = self.part(g.s)
        if part.since < 0 and g.s.mode >= 0:
            part.since = len(g.s.tricks) - 1

    def add_facts(self, g: Table, facts: HandFacts) -> None:
        s, r = g.s, self.rules
        weis, stoeck = [0] * r.subjects, [0] * r.subjects
        cards = [t.cards for t in s.tricks]
        since = self.part(s).since
        if since < 0:
            since = len(cards)
        for t, (weise, has_stoeck) in zip(
                s.tricks, trick_bonuses(cards, r.weis_in(s.mode), s.mode, since), strict=True):
            x = r.team_of[t.winner]
            weis[x] += sum(w.value for w in weise)
            stoeck[x] += r.stoeck_bonus if has_stoeck else 0
        facts.table_weis, facts.table_stoeck = weis, stoeck
