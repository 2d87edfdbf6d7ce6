"""Piles: the cards left over after the deal, laid as the rule file's piles; the turned
card that sets trump; the bottom card of a pile everybody sees.

The piles are a service of the base, not a mechanism: the deal lays them and the base
trump method `top card of PILE, else bottom card` turns their top card. The piles' part
of the state also keeps what the mechanisms that work on them (`Runtime.uses_piles`:
taking part, robbing, bettering) did with them, and is reset with every deal.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.handfacts import HandFacts
from jassdsl.core.cards import mask_cards
from jassdsl.engine.events import TrumpSet
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.redeal import Redeal
from jassdsl.engine.state import PilesPart, State


class Piles(Phase):
    """Never waits; lays the piles at the deal and keeps them. The chain has it whenever
    the file has piles (the deal lays them), before every other phase."""

    place = "keeper"

    part_key = "piles"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return bool(rules.piles) or any(x.runtime.uses_piles and x.name in rules.configs
                                        for x in rules.mechanisms)

    def new_part(self, s: State) -> None:
        s.piles = PilesPart(looked=[0] * self.rules.players)

    def new_hand(self, g: Table) -> None:
        p = g.s.piles
        assert p is not None
        p.piles, p.pile_cards = {}, {}
        p.looked, p.improved = [0] * self.rules.players, []
        p.out = 0
        p.turned = p.seen = p.swapped = p.robbed = -1
        p.said = 0

    def lay(self, g: Table, laid: dict[str, list[int]], bottom: int) -> None:
        """Lay the cards left over as the rule file's piles (each listed from its top card)
        and turn trump: the top card of the first pile that has cards, else the bottom
        card of the deal (`bottom`, the dealer's last card) is shown. Everybody sees the
        bottom card of the pile the file shows."""
        s, r = g.s, self.rules
        p = s.piles
        assert p is not None
        p.pile_cards = {name: () for name, _ in r.piles if name not in r.own_piles}
        p.pile_cards.update((name, tuple(cards)) for name, cards in laid.items())
        p.piles = {name: sum(1 << c for c in cards) for name, cards in p.pile_cards.items()}
        p.turned = p.seen = -1
        if r.trump_kind == "turned":
            top = next((cards[0] for name in r.turned_piles
                        if (cards := p.pile_cards.get(name))), -1)
            if top >= 0:
                p.turned, s.shown = top, -1
            else:
                s.shown = bottom
            s.mode = (top if top >= 0 else bottom) // 9
            if g.log is not None:
                g.emit(TrumpSet(s.hand_no, self.rules.mode(s.mode), "turned" if top >= 0 else "shown",
                                card=top if top >= 0 else bottom))
        shown = p.pile_cards.get(r.show_pile or "")
        if shown:
            p.seen = shown[-1]

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        p = g.s.piles
        assert p is not None
        return {"swapped": p.swapped, "robbed": p.robbed, "turned": p.turned,
                "improved": tuple(p.improved)}

    def hidden(self, g: Table, seat: int) -> tuple[int, ...]:
        """Every pile (face down but for the cards `known` names), then the cards out of
        play (folded hands, a hand laid aside)."""
        p = g.s.piles
        assert p is not None
        return (*(p.piles[name] for name in sorted(p.piles)), p.out)

    def known(self, g: Table, seat: int) -> int:
        """The turned card, the bottom card everybody sees, a declined pile the seat saw."""
        p = g.s.piles
        assert p is not None
        return reduce(or_, (1 << c for c in (p.turned, p.seen) if c >= 0), p.looked[seat])

    def redeal(self, g: Table, deal: Redeal) -> None:
        p = g.s.piles
        assert p is not None
        p.piles = {name: deal.mask(mask) for name, mask in p.piles.items()}
        p.pile_cards = {name: deal.cards(cards) for name, cards in p.pile_cards.items()}
        p.out = deal.mask(p.out)
        p.looked = [deal.mask(mask) for mask in p.looked]
        p.turned, p.seen = deal.card(p.turned), deal.card(p.seen)

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        p = g.s.piles
        assert p is not None
        return {
            "piles": {name: mask.bit_count() for name, mask in p.piles.items()},
            "turned": p.turned, "swapped": p.swapped, "robbed": p.robbed, "seen": p.seen,
            "looked": tuple(mask_cards(p.looked[seat])),
        }
