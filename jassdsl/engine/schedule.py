"""Trump by a schedule: the file fixes the mode of every hand (`trump: obenabe`, or an
option whose choices are modes), or lists the modes of hand 1, 2, ... in turn, repeating
(`trump: in turn D, H, S, C, obenabe, undenufe`). Nobody chooses and nothing waits."""

from __future__ import annotations

from jassdsl.compile.compiler import CompiledRules
from jassdsl.engine.events import TrumpSet
from jassdsl.engine.phase import Phase, Table


class Schedule(Phase):
    """Sets the hand's mode from its number, before anything else of the hand."""

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return bool(rules.scheduled)

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.order = rules.scheduled

    def mode_of_hand(self, number: int) -> int:
        """The mode of hand `number` (from 1): the listed modes in turn, repeating."""
        return self.order[(number - 1) % len(self.order)]

    def begin(self, g: Table) -> bool:
        s = g.s
        s.mode = self.mode_of_hand(s.hand_no)
        if g.log is not None:
            g.emit(TrumpSet(s.hand_no, g.rules.mode(s.mode), "fixed"))
        return False
