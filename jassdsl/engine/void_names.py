"""The first void names the mode: the first player who cannot follow, before playing a
card, names the hand's mode (a suit as trump, Obenabe, Undenufe: the file lists which);
until then tricks are played in the file's fallback order. A subscriber of play's
`on_turn` hook whose decision is an ordinary trump action (`trump H`), so the terminal,
the browser table and the bots ask and decide it as they do a trump choice."""

from __future__ import annotations

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import Action
from jassdsl.core.cards import SUIT_MASKS
from jassdsl.core.errors import IllegalActionError
from jassdsl.engine.events import TrumpSet
from jassdsl.engine.first_void import all_follow
from jassdsl.engine.phase import Phase, Table


class VoidNames(Phase):
    name = "trump"  # the decision is a trump choice, made in the middle of play
    place = "in play"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.trump_kind == "void_names"

    def on_turn(self, g: Table) -> bool:
        """The seat to play cannot follow while no mode is named: it names one first."""
        s = g.s
        if s.mode >= 0 or not s.trick or s.hands[s.current] & SUIT_MASKS[s.trick[0] // 9]:
            return False
        s.phase = self.name
        return True

    def quiet(self, g: Table) -> bool:
        return g.s.mode >= 0

    def calm(self, g: Table, led: int, hands: tuple[int, ...]) -> bool:
        """Nobody names a mode on a lead, nor in a trick where every follower can follow."""
        return led < 0 or self.quiet(g) or all_follow(led, hands)

    def legal(self, g: Table) -> list[Action]:
        return [Action("trump", mode) for mode in self.rules.trump_choices]

    def accepts(self, g: Table, action: Action) -> bool:
        return action.kind == "trump"

    def take(self, g: Table, action: Action) -> None:
        if action not in self.legal(g):
            raise IllegalActionError(action, g.legal_names(), "not a mode this file lets the "
                                     "first void name")
        s = g.s
        s.mode = action.value
        g.emit(TrumpSet(s.hand_no, self.rules.mode(s.mode), "chosen", s.current))
        s.phase = "play"
