"""Robbing: once everybody has said whether they play, the player taking part who holds
the robbing card (the file's trump rank, in the turned card's suit) may swap it for the
turned card, as long as that still lies on a pile."""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import ROB_NO, ROB_YES, Action
from jassdsl.engine.events import Robbed
from jassdsl.engine.phase import Phase, Table


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


class Rob(Phase):
    name = "rob"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "rob" in rules.configs

    def begin(self, g: Table) -> bool:
        s, r = g.s, self.rules
        p = s.piles
        assert p is not None
        if p.turned >= 0 and any(mask >> p.turned & 1 for mask in p.piles.values()):
            robber = robbing_card(r, p.turned)
            holder = next((x for x in range(r.players) if s.hands[x] >> robber & 1), -1)
            if holder >= 0 and s.playing >> holder & 1:
                s.phase, s.current = "rob", holder
                return True
        return False

    def legal(self, g: Table) -> list[Action]:
        return [ROB_YES, ROB_NO]

    def take(self, g: Table, action: Action) -> None:
        s, r = g.s, self.rules
        p = s.piles
        assert p is not None
        robber = robbing_card(r, p.turned)
        if action == ROB_YES:
            swap = 1 << robber | 1 << p.turned
            s.hands[s.current] ^= swap
            for name, mask in p.piles.items():
                if mask >> p.turned & 1:
                    p.piles[name] = mask ^ swap
            p.robbed = s.current
        if g.log is not None:
            g.emit(Robbed(s.hand_no, s.current, robber, p.turned, action == ROB_YES))
        g.advance(self)
