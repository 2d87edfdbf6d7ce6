"""What robbing needs beyond its mechanism (`jassdsl/mechanisms/rob.py`): its compiled
setting, and the card that may rob a turned card, which the rulebook's example and the
terminal's hand summary name too."""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl.compile.compiler import CompiledRules


@dataclass(frozen=True)
class RobConfig:
    """The compiled `rob:` statement."""

    rank: int  # the trump rank (index in RANKS) that may take the turned card

    def card_for(self, turned: int) -> int:
        """The trump card of the robbing rank that may take the turned card."""
        return turned // 9 * 9 + self.rank


def robbing_card(rules: CompiledRules, turned: int) -> int:
    """The trump card of the file's robbing rank that may take the turned card, or -1."""
    config = rules.config("rob", RobConfig)
    return config.card_for(turned) if config is not None and turned >= 0 else -1
