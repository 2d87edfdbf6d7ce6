"""The scoresheet: a choice of trump restricted by what was played before.

Each team (or each player) has a sheet of the same columns; a column is a mode, or a free
choice among modes, with a multiplier. The player to choose takes an open column of their
own sheet (a free column, then its mode) or pushes, as the file allows; a column taken is
played: it is never offered to that sheet again. Whoever has no open column is skipped
(asked first, pushed to). The hand's facts get the column's multiplier; who chose is the role `chooser`;
the game ends when every sheet is full (`game ends when the sheets are full`).

Actions: ``column N`` (N the column's place in the file, from 0; the game reads and
names it as ``column NAME``), then for a free column ``trump MODE``; ``push``.
"""

from __future__ import annotations

from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.handfacts import HandFacts
from jassdsl.core.actions import PUSH, TRUMPS, Action
from jassdsl.core.deal import next_seat
from jassdsl.core.errors import IllegalActionError
from jassdsl.core.roles import CHOOSER
from jassdsl.engine.events import ColumnTaken, TrumpSet
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.state import SheetPart, State, TrumpPart
from jassdsl.engine.trump import push, push_target

COLUMN = "column"  # the kind of the action that takes a column of the sheet


class SheetChoice(Phase):
    """The player to choose takes an open column of their sheet, or pushes."""

    name = "trump"
    part_key = "sheet"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.trump_kind == "sheet"

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.columns = rules.columns
        self.takes = tuple(Action(COLUMN, i) for i in range(len(rules.columns)))
        self.full = (1 << len(rules.columns)) - 1

    def new_part(self, s: State) -> None:
        s.trump = TrumpPart()
        s.sheet = SheetPart([0] * self.rules.sheets)

    def new_hand(self, g: Table) -> None:
        part, sheet = g.s.trump, g.s.sheet
        assert part is not None and sheet is not None
        part.pushed, part.pushes, part.chooser, part.first = False, 0, -1, -1
        sheet.column = -1

    def open_columns(self, g: Table, seat: int) -> list[int]:
        """The columns still open on a seat's sheet, in file order."""
        assert g.s.sheet is not None
        played = g.s.sheet.played[self.rules.sheet_of(seat)]
        return [i for i in range(len(self.columns)) if not played >> i & 1]

    def can_choose(self, g: Table, seat: int) -> bool:
        assert g.s.sheet is not None
        return g.s.sheet.played[self.rules.sheet_of(seat)] != self.full

    def begin(self, g: Table) -> bool:
        """Forehand is asked first; whoever has a full sheet is passed over."""
        s, r = g.s, self.rules
        part = s.trump
        assert part is not None
        seat = next_seat(r.players, s.dealer, s.table)
        for _ in range(r.players):
            if self.can_choose(g, seat):
                break
            seat = next_seat(r.players, seat, s.table)
        s.phase = "trump"
        s.current = part.chooser = part.first = seat
        return True

    def legal(self, g: Table) -> list[Action]:
        s = g.s
        part, sheet = s.trump, s.sheet
        assert part is not None and sheet is not None
        if sheet.column >= 0:  # a free column taken: its modes
            return [TRUMPS[mode] for mode in self.columns[sheet.column].modes]
        out = [self.takes[i] for i in self.open_columns(g, s.current)]
        if push_target(g, part, lambda x: self.can_choose(g, x)) >= 0:
            out.append(PUSH)
        return out

    def accepts(self, g: Table, action: Action) -> bool:
        return action.kind in (COLUMN, "trump", "push")

    def take(self, g: Table, action: Action) -> None:
        s, r = g.s, self.rules
        part, sheet = s.trump, s.sheet
        assert part is not None and sheet is not None
        if action not in self.legal(g):
            raise IllegalActionError(self.text(action), self.names(g))
        if action.kind == "push":
            push(g, part, push_target(g, part, lambda x: self.can_choose(g, x)))
            return
        if action.kind == COLUMN:
            column = self.columns[action.value]
            sheet.column = action.value
            sheet.played[r.sheet_of(s.current)] |= 1 << action.value
            if g.log is not None:
                g.emit(ColumnTaken(s.hand_no, s.current, column.name, column.multiplier))
            if column.free:
                return  # the same player names the mode next
            mode = column.modes[0]
        else:
            mode = action.value
        s.mode = mode
        part.chooser = s.roles[CHOOSER] = s.current
        if g.log is not None:
            g.emit(TrumpSet(s.hand_no, g.rules.mode(s.mode), "chosen", s.current))
        g.advance(self)

    # -- the names of the actions, as the game reads and shows them
    def text(self, action: Action) -> str:
        """``column NAME`` for a column; other actions as they print."""
        if action.kind == COLUMN and 0 <= action.value < len(self.columns):
            return f"{COLUMN} {self.columns[action.value].name}"
        return super().text(action)

    def names(self, g: Table) -> list[str]:
        return [self.text(a) for a in self.legal(g)]

    def read(self, text: str) -> Action | None:
        """``column NAME`` (or ``column N``) as an action; None for other text."""
        words = text.split()
        if len(words) != 2 or words[0].lower() != COLUMN:
            return None
        for i, c in enumerate(self.columns):
            if c.name.lower() == words[1].lower():
                return self.takes[i]
        return None

    # -- what the hand and the seats learn
    def add_facts(self, g: Table, facts: HandFacts) -> None:
        sheet = g.s.sheet
        assert sheet is not None
        facts.multiplier = self.columns[sheet.column].multiplier if sheet.column >= 0 else 0

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        s = g.s
        assert s.sheet is not None and s.trump is not None
        if s.sheet.column < 0:
            return {}
        return {"column": self.columns[s.sheet.column].name,
                "sheet": self.rules.sheet_of(s.trump.chooser)}

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        sheet = g.s.sheet
        assert sheet is not None
        names = [c.name for c in self.columns]
        return {"sheets": tuple(tuple(names[i] for i in range(len(names))
                                      if not played >> i & 1) for played in sheet.played),
                "column": names[sheet.column] if sheet.column >= 0 else ""}

    def all_full(self, g: Table) -> bool:
        sheet = g.s.sheet
        return sheet is not None and all(p == self.full for p in sheet.played)
