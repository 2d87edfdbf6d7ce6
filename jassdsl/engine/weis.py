"""Weis and Stöck held in the hand.

Weis: as play begins, each seat holding a Weis (by the file's table for the hand's mode)
decides before its first card whether to declare it; after the first trick the side
with the best Weis scores all of its Weise. Stöck: the trump King and Queen in one hand
as play began score the file's bonus for its holder's side.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.handfacts import HandFacts
from jassdsl.compile.weis import Weis, best_seat, hand_weise, stoeck_holder
from jassdsl.core.actions import WEIS_NO, WEIS_YES, Action
from jassdsl.core.cards import CARD_NAMES, mask_cards
from jassdsl.core.deal import trick_seats
from jassdsl.engine.events import WeisCounted, WeisSaid
from jassdsl.engine.partners import sharers, side_of
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.records import Trick
from jassdsl.engine.state import State, WeisPart


@cache
def weis_cards(mask: int) -> tuple[int, ...]:
    """The cards of a Weis, lowest first, as the hand's record keeps them (a Weis is one
    of a few hundred masks: worked out once each)."""
    return tuple(mask_cards(mask))


def weis_label(w: Weis) -> str:
    """A declared Weis as a person says it, e.g. 'sequence of 4 to HK (50)'."""
    if w.kind == "four":
        return f"four {CARD_NAMES[w.top][1:]} ({w.value})"
    return f"sequence of {w.cards.bit_count()} to {CARD_NAMES[w.top]} ({w.value})"


class WeisPhase(Phase):
    """The Weis decisions of the first trick; play hands over to it (`State.phase`
    'weis') when a seat holding a Weis is about to play its first card (`on_turn`), and
    it counts the Weise when the first trick is taken (`on_trick`)."""

    name = "weis"
    place = "in play"
    part_key = "weis"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.weis is not None

    def new_part(self, s: State) -> None:
        s.parts[self.name] = WeisPart()

    def on_play(self, g: Table) -> None:
        """Offer each seat the Weise its hand holds in the hand's mode."""
        s, r = g.s, self.rules
        w = s.weis
        assert w is not None
        table = r.weis_in(s.mode)
        if table is None:
            return
        w.offer = tuple([hand_weise(h, table, s.mode) for h in s.hands])
        w.said = ((),) * r.players
        w.points = (0,) * r.subjects
        w.todo = sum(1 << seat for seat, offer in enumerate(w.offer) if offer)

    def on_turn(self, g: Table) -> bool:
        s = g.s
        assert s.weis is not None
        if s.weis.todo >> s.current & 1:
            s.phase = "weis"
            return True
        return False

    def quiet(self, g: Table) -> bool:
        """No seat is still to decide (the fast playout asks them itself otherwise)."""
        w = g.s.weis
        return w is None or not w.todo

    def on_trick(self, g: Table, trick: Trick) -> None:
        if len(g.s.tricks) == 1:
            self.count(g)

    def legal(self, g: Table) -> list[Action]:
        return [WEIS_YES, WEIS_NO]

    def accepts(self, g: Table, action: Action) -> bool:
        return action in (WEIS_YES, WEIS_NO)

    def take(self, g: Table, action: Action) -> None:
        s = g.s
        w = s.weis
        assert w is not None
        seat = s.current
        declare = action.value == 1
        weise = w.offer[seat] if declare else ()
        if declare:
            w.said = (*w.said[:seat], weise, *w.said[seat + 1:])
        if g.log is not None:
            g.emit(WeisSaid(s.hand_no, seat, declare,
                            tuple(tuple(mask_cards(x.cards)) for x in weise), weise))
        w.todo &= ~(1 << seat)
        s.phase = "play"

    def count(self, g: Table) -> None:
        """After the first trick: the side with the best Weis scores all of its Weise."""
        s, r = g.s, self.rules
        w = s.weis
        assert w is not None
        if not any(w.said):
            w.points = (0,) * r.subjects
        else:
            order = list(trick_seats(r.players, s.playing)[s.tricks[0].leader])
            best = best_seat(dict(enumerate(w.said)), order)
            points = [0] * r.subjects
            if best >= 0:  # the side of the best Weis: a team, or a side of this hand
                team = side_of(g)
                side = sum(sum(x.value for x in said) for seat, said in enumerate(w.said)
                           if team[seat] == team[best])
                for x in sharers(g, best):
                    points[x] = side
            w.points = tuple(points)
        if g.log is not None:
            g.emit(WeisCounted(s.hand_no, w.points))

    def nobody_plays(self, g: Table) -> None:
        """A hand nobody plays has no Weis."""
        w = g.s.weis
        assert w is not None
        w.said, w.points = ((),) * self.rules.players, (0,) * self.rules.subjects

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        w = g.s.weis
        assert w is not None
        return {"weis": tuple(tuple([weis_cards(x.cards) for x in said]) for said in w.said)
                if any(w.said) else ((),) * len(w.said)}

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        w = g.s.weis
        assert w is not None
        return {"weis": tuple(tuple(weis_label(x) for x in said) for said in w.said),
                "weis_offer": tuple(weis_label(x) for x in w.offer[seat])
                if w.todo >> seat & 1 else ()}


class HandBonuses(Phase):
    """Weis and Stöck as facts of the hand (where the file has Weis or Stöck)."""

    place = "keeper"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.weis is not None or bool(rules.stoeck_bonus)

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        # a mechanism changes the hands before play: the Stöck is read in those hands
        self.at_play = any(x.phase is not None and x.phase.changes_hands
                           and x.phase.used_by(rules) for x in rules.mechanisms)

    def add_facts(self, g: Table, facts: HandFacts) -> None:
        s, r = g.s, self.rules
        k = r.subjects
        facts.weis = list(s.weis.points) if s.weis is not None and s.weis.points else [0] * k
        facts.stoeck = [0] * k
        # Stöck belongs to the hand as play began: after folding, taking a pile, robbing,
        # bettering and the talon (the same as the deal where nothing changes hands)
        held = s.in_hands if self.at_play else s.dealt
        holder = stoeck_holder(held, s.mode) if r.stoeck_bonus else -1
        if holder >= 0:
            for x in sharers(g, holder):
                facts.stoeck[x] = r.stoeck_bonus
