"""What Weis needs beyond its mechanism (`jassdsl/mechanisms/weis.py`): its compiled
setting, the Weis tables per trump mode, which the compiled playout reads too (it sits
below the mechanisms and may not import them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.weis import WeisTable


@dataclass(frozen=True)
class WeisConfig:
    """The Weis table a hand counts: with no trump set, and per trump mode whose entries
    differ (an entry `if in undenufe`)."""

    table: WeisTable
    modes: dict[int, WeisTable] = field(default_factory=dict)

    def table_in(self, mode: int) -> WeisTable:
        """The Weis table of a hand played in this trump mode (-1: none set yet)."""
        return self.modes.get(mode, self.table)


def weis_config(rules: CompiledRules) -> WeisConfig | None:
    """The file's Weis tables, None where it counts no Weis."""
    return rules.config("weis", WeisConfig)


def weis_in(rules: CompiledRules, mode: int) -> WeisTable | None:
    """The Weis table of a hand played in this trump mode (-1: none set yet), or None."""
    config = weis_config(rules)
    return config.table_in(mode) if config is not None else None
