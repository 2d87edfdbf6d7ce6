"""Taking part: from forehand, each player at the table says whether they play the hand:
join, fold (the hand goes out of play; only with enough players at the table), or swap
(take the pile the file names for the hand, which goes out of play, and play)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.handfacts import HandFacts
from jassdsl.core.actions import FOLD, JOIN, SWAP, Action
from jassdsl.core.deal import next_seat
from jassdsl.engine.events import TookPart
from jassdsl.engine.phase import Phase, Table


@dataclass(frozen=True)
class TakePartConfig:
    """The compiled `take part:` statement."""

    fold_from: int = 99  # folding is allowed with this many players at the table or more
    swap_pile: str | None = None  # a pile a player may take for the hand, then playing


def take_part(rules: CompiledRules) -> TakePartConfig | None:
    """The file's taking part (None: everybody plays every hand)."""
    return rules.config("take_part", TakePartConfig)


class TakePart(Phase):
    name = "take part"

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.config = take_part(rules) or TakePartConfig()

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "take_part" in rules.configs

    def begin(self, g: Table) -> bool:
        s = g.s
        s.phase, s.playing = "take part", 0
        s.current = next_seat(self.rules.players, s.dealer, s.table)
        return True

    def legal(self, g: Table) -> list[Action]:
        s, r = g.s, self.config
        p = s.piles
        assert p is not None
        acts = [JOIN]
        if s.table.bit_count() >= r.fold_from:
            acts.append(FOLD)
        if r.swap_pile is not None and p.swapped < 0 and p.piles.get(r.swap_pile):
            acts.append(SWAP)
        return acts

    def take(self, g: Table, action: Action) -> None:
        s, r, c = g.s, self.rules, self.config
        p = s.piles
        assert p is not None
        seat = s.current
        if action == FOLD:
            p.out |= s.hands[seat]
            s.hands[seat] = 0
        else:
            s.playing |= 1 << seat
            if action == SWAP and c.swap_pile is not None:
                p.out |= s.hands[seat]
                s.hands[seat] = p.piles[c.swap_pile]
                p.piles[c.swap_pile] = 0
                p.swapped = seat  # a turned card on this pile went with it
        if g.log is not None:
            g.emit(TookPart(s.hand_no, seat, action.kind))
        p.said += 1
        if p.said < s.table.bit_count():
            s.current = next_seat(r.players, seat, s.table)
            return
        if not s.playing:  # nobody plays: the hand is over before it began
            s.in_cards, s.in_hands = 0, tuple(s.hands)
            g.nobody_plays()
            g.finish_hand()
            return
        g.advance(self)

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        s = g.s
        return {"playing": tuple(x for x in range(self.rules.players) if s.playing >> x & 1),
                "in_hands": s.in_hands}
