"""Bettering (Bessern): a player with an own pile may take it into the hand and lay as
many cards away, or refuse it aloud (it goes out of play, seen by its owner). Where the
dealer sees the pile first, the dealer takes it and then discards."""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import DECLINE, DISCARDS, TAKE, Action
from jassdsl.core.cards import mask_cards
from jassdsl.core.deal import next_seat, trick_seats
from jassdsl.engine.events import Bettered, LaidAway
from jassdsl.engine.phase import Phase, Table


@dataclass(frozen=True)
class ImproveConfig:
    """The compiled `improve:` statement."""

    pile: str  # the own pile a player may swap cards for (bettering the hand)
    cards: int  # how many cards are swapped
    dealer_sees: bool = False  # the dealer takes the own pile first, then discards


def improve(rules: CompiledRules) -> ImproveConfig | None:
    """The file's bettering (None: nobody betters)."""
    return rules.config("improve", ImproveConfig)


def own_pile(rules: CompiledRules) -> str | None:
    """The name of the own pile bettering swaps cards for (None: no bettering)."""
    config = improve(rules)
    return config.pile if config is not None else None


class Improve(Phase):
    name = "improve"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "improve" in rules.configs

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.config = improve(rules) or ImproveConfig("", 0)
        self.pile = self.config.pile

    def begin(self, g: Table) -> bool:
        s, r = g.s, self.rules
        p = s.piles
        assert p is not None
        first = [s.dealer] if self.config.dealer_sees else []
        seats = trick_seats(r.players, s.table)[next_seat(r.players, s.dealer, s.table)]
        order = dict.fromkeys([*first, *seats])  # the dealer first, then from forehand
        p.improving = tuple(x for x in order if p.piles.get(f"{self.pile}:{x}"))
        return self.next_player(g)

    def next_player(self, g: Table) -> bool:
        """The next player who may swap cards for their own pile (False: nobody left); a
        dealer who sees the pile first takes it into the hand and then discards."""
        s = g.s
        p = s.piles
        assert p is not None
        if not p.improving:
            return False
        seat, p.improving = p.improving[0], p.improving[1:]
        s.phase, s.current, p.discards = "improve", seat, 0
        if self.config.dealer_sees and seat == s.dealer:
            key = f"{self.pile}:{seat}"
            s.hands[seat] |= p.piles[key]
            p.piles[key] = 0
            p.discards = self.config.cards
            p.improved.append((seat, "took"))
            if g.log is not None:
                g.emit(Bettered(s.hand_no, seat, "took", asked=False))
        return True

    def legal(self, g: Table) -> list[Action]:
        s = g.s
        assert s.piles is not None
        if s.piles.discards:
            return [DISCARDS[c] for c in mask_cards(s.hands[s.current])]
        return [TAKE, DECLINE]

    def take(self, g: Table, action: Action) -> None:
        s = g.s
        p = s.piles
        assert p is not None
        seat = s.current
        key = f"{self.pile}:{seat}"
        if action == TAKE:
            p.discards = self.config.cards
            p.taking = True
            p.improved.append((seat, "took"))
            if g.log is not None:
                g.emit(Bettered(s.hand_no, seat, "took"))
            return
        if action == DECLINE:  # declined aloud: the pile goes out of play, seen by its owner
            p.improved.append((seat, "refused"))
            if g.log is not None:
                g.emit(Bettered(s.hand_no, seat, "refused"))
            p.looked[seat] = p.piles[key]
            p.out |= p.piles[key]
            p.piles[key] = 0
        else:
            s.hands[seat] ^= 1 << action.value
            p.out |= 1 << action.value
            p.discards -= 1
            if g.log is not None:
                g.emit(LaidAway(s.hand_no, seat, action.value))
            if p.discards:
                return
            if p.taking:  # the cards are laid away; now the pile comes into the hand
                s.hands[seat] |= p.piles[key]
                p.piles[key] = 0
        p.taking = False
        if not self.next_player(g):
            g.advance(self)
