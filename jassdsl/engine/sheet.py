"""What the scoresheet needs beyond its mechanism (`jassdsl/mechanisms/sheet.py`): its
compiled setting, which the compiled playout and the batched environment read too (they
sit below the mechanisms and may not import them)."""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl.compile.compiler import CompiledRules


@dataclass(frozen=True)
class SheetColumn:
    """A column of the scoresheet as the engine plays it."""

    name: str
    modes: tuple[int, ...]  # the mode, or the modes a free column allows
    free: bool
    multiplier: int


@dataclass(frozen=True)
class SheetConfig:
    """The compiled scoresheet: its columns under the chosen options, whose sheets."""

    columns: tuple[SheetColumn, ...]  # in file order
    per_team: bool  # one sheet per team (else one per player)
    end_full: bool  # the file's game ends when every sheet is full

    def sheets(self, rules: CompiledRules) -> int:
        """How many scoresheets there are."""
        return rules.subjects if self.per_team else rules.players

    def sheet_of(self, rules: CompiledRules, seat: int) -> int:
        """The scoresheet a seat writes on: its team's, or its own."""
        return rules.team_of[seat] if self.per_team else seat

    def column(self, name: str) -> SheetColumn:
        return next(c for c in self.columns if c.name == name)
