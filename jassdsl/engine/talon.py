"""The talon: once the auction is over, the holder of a role (the highest bidder) takes a
pile of the table into the hand and lays away as many cards, one by one (`discard`
actions). The laid-away cards count for a role (they join the cards it took), or for
nobody; nobody else sees the talon or what was laid away."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jassdsl.actions import DISCARDS, Action
from jassdsl.cards import mask_cards
from jassdsl.compiler import CompiledRules
from jassdsl.engine.events import LaidAway, TalonTaken
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.state import State
from jassdsl.errors import IllegalActionError
from jassdsl.handfacts import HandFacts


@dataclass(frozen=True)
class TalonConfig:
    """The compiled `talon:` statement."""

    role: int  # the role that takes the talon (index in State.roles)
    pile: str  # the pile of the table that is the talon
    counts_for: int = -1  # the role the laid-away cards count for, -1: nobody


@dataclass
class TalonPart:
    """The talon of this hand: who took it, its cards, what is still to lay away."""

    taker: int = -1
    talon: tuple[int, ...] = ()  # the cards taken, as they lay
    laid: list[int] = field(default_factory=list)  # the cards laid away, in order
    todo: int = 0  # cards still to lay away

    def copy(self) -> TalonPart:
        return TalonPart(self.taker, self.talon, list(self.laid), self.todo)


def talon_config(rules: CompiledRules) -> TalonConfig | None:
    return rules.config("talon", TalonConfig)


class Talon(Phase):
    name = "talon"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "talon" in rules.configs

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.config = talon_config(rules) or TalonConfig(-1, "")

    def part(self, s: State) -> TalonPart:
        part = s.parts[self.name]
        assert isinstance(part, TalonPart)
        return part

    def new_part(self, s: State) -> None:
        s.parts[self.name] = TalonPart()

    def new_hand(self, g: Table) -> None:
        g.s.parts[self.name] = TalonPart()

    def begin(self, g: Table) -> bool:
        s = g.s
        p = s.piles
        taker = s.roles[self.config.role]
        cards = p.piles.get(self.config.pile, 0) if p is not None else 0
        if taker < 0 or not cards or p is None:
            return False
        part = self.part(s)
        part.taker, part.talon = taker, p.pile_cards.get(self.config.pile, ())
        part.todo = cards.bit_count()
        s.hands[taker] |= cards
        p.piles[self.config.pile] = 0
        if g.log is not None:
            g.emit(TalonTaken(s.hand_no, taker, part.talon))
        s.phase, s.current = self.name, taker
        return True

    def legal(self, g: Table) -> list[Action]:
        s = g.s
        return [DISCARDS[c] for c in mask_cards(s.hands[s.current])]

    def accepts(self, g: Table, action: Action) -> bool:
        return action.kind == "discard"

    def take(self, g: Table, action: Action) -> None:
        s = g.s
        card = action.value
        if not 0 <= card < 36 or not s.hands[s.current] >> card & 1:
            raise IllegalActionError(action, g.legal_names(), "not a card of the hand")
        part = self.part(s)
        s.hands[s.current] ^= 1 << card
        part.laid.append(card)
        part.todo -= 1
        counts_for = self.config.counts_for
        if counts_for >= 0 and (holder := s.roles[counts_for]) >= 0:
            s.won[holder] |= 1 << card
        if g.log is not None:
            g.emit(LaidAway(s.hand_no, s.current, card))
        if not part.todo:
            g.advance(self)

    def on_play(self, g: Table) -> None:
        """The hands as play begins: the taker's with the talon, less what it laid away
        (the Stöck are the taker's if both cards are in that hand)."""
        g.s.in_hands = tuple(g.s.hands)

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        part = self.part(g.s)
        return {"talon": part.talon, "laid_away": tuple(part.laid), "in_hands": g.s.in_hands}

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        """The taker sees the talon and what it laid away; the others only how many."""
        part = self.part(g.s)
        mine = seat == part.taker
        return {"talon": part.talon if mine else (), "laid_away": tuple(part.laid) if mine else (),
                "laid_count": len(part.laid)}
