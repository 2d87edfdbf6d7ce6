"""Table Weis and table Stöck: Weise and Stöck lying in the tricks a side took, counted
for that side when the hand is over (the facts `table-weis`, `table-stoeck`). Table Stöck
counts only from the trick in which trump was made on: as a subscriber of play's
`on_trick` it notes that trick.

Everything about it is here: whether a file counts it (it reads one of the facts), its
keeper phase and part, and the note the terminal's hand report adds to each trick."""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl.compile.compiler import CompiledRules, names_used
from jassdsl.compile.handfacts import HandFacts
from jassdsl.compile.weis import trick_bonuses, trump_made_in, weis_label
from jassdsl.core import model as m
from jassdsl.core.mechanism import Mechanism
from jassdsl.engine import HandResult
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.records import Trick
from jassdsl.engine.state import State
from jassdsl.mechanisms.weis import weis_in
from jassdsl.rulebook.words import Lang, say

FACTS = frozenset({"table-weis", "table-stoeck"})


def compile_table_weis(rf: m.RuleFile, options: dict[str, int | str]) -> bool | None:
    """Counted where the file reads one of its facts (None: it never asks)."""
    return True if names_used(rf) & FACTS else None


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
        return "table_weis" in rules.configs

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
                s.tricks, trick_bonuses(cards, weis_in(r, s.mode), s.mode, since), strict=True):
            x = r.team_of[t.winner]
            weis[x] += sum(w.value for w in weise)
            stoeck[x] += r.stoeck_bonus if has_stoeck else 0
        facts.table_weis, facts.table_stoeck = weis, stoeck

    def bonuses(self, g: Table, facts: HandFacts) -> dict[str, tuple[int, ...]]:
        return {"table-weis": tuple(facts.table_weis),
                "table-stoeck": tuple(facts.table_stoeck)} if facts.table_weis else {}


def trick_notes(rules: CompiledRules, result: HandResult, lang: Lang) -> list[str]:
    """Per trick: the table Weise and table Stöck lying in it ('' for none)."""
    cards = [t.cards for t in result.tricks]
    since = trump_made_in(cards, rules.card_sets_trump)
    out = []
    mode = rules.schedule.number(result.trump)
    for weise, stoeck in trick_bonuses(cards, weis_in(rules, mode), mode, since):
        said = [weis_label(w) for w in weise]
        if stoeck:
            said.append(f"Stöck ({rules.stoeck_bonus})")
        out.append(say(lang, "live.on_table", said=", ".join(said)) if said else "")
    return out


WORDS: dict[str, tuple[str, str]] = {
    "live.on_table": ("; on the table: {said}", "; auf dem Tisch: {said}"),
    "live.bonus.table-weis": ("table Weis", "Weis auf dem Tisch"),
    "live.bonus.table-stoeck": ("table Stöck", "Stöck auf dem Tisch"),
}


TABLE_WEIS = Mechanism(
    name="table_weis",
    words=WORDS,
    compile=compile_table_weis,
    phase=TableBonuses,
    trick_notes=trick_notes,
)
