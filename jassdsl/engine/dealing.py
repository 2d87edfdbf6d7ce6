"""The deal: shuffle through the game's chance, give each seat at the table its cards,
and hand the rest to the piles; every hand starts here."""

from __future__ import annotations

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.cards import mask_cards
from jassdsl.core.deal import BITS, DECK, deal_plan, next_seat, split_piles, trick_seats
from jassdsl.core.pack import FULL_PACK
from jassdsl.core.roles import no_roles
from jassdsl.engine.events import Dealt
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.piles import Piles
from jassdsl.engine.trump import TrumpByRule


class Deal(Phase):
    """Deals a hand; then the phases' parts are reset and trump set where a rule sets it
    at the deal."""

    def __init__(self, rules: CompiledRules, rule: TrumpByRule, piles: Piles | None) -> None:
        super().__init__(rules)
        # the pack's cards as bits, so that a hand is the sum of its cards
        self.deck = DECK if rules.pack == FULL_PACK else [BITS[c] for c in mask_cards(rules.pack)]
        self.packets = rules.packets if len(set(rules.packets)) > 1 else rules.packet
        self.rule = rule  # trump set by rule at the deal
        self.piles = piles  # the cards left over laid as piles, where the file lays them

    def start_hand(self, g: Table) -> None:
        s, r = g.s, self.rules
        deck = self.deck[:]
        g.chance.shuffle(deck)
        n, each, packet = r.players, r.cards_each, self.packets
        forehand = next_seat(n, s.dealer, s.table)
        seats = trick_seats(n, s.table)[forehand]
        # hands counted from forehand among the seats at the table
        dealt = [sum(cards_of(deck)) for cards_of in deal_plan(len(seats), each, packet)]
        if len(seats) == n:  # everybody at the table: turn the list to start at seat 0
            hands = dealt[n - forehand:] + dealt[:n - forehand] if forehand else dealt
        else:
            hands = [0] * n
            for seat, cards in zip(seats, dealt, strict=True):
                hands[seat] = cards
        pos = each * len(seats)  # the hands are whole rounds of packets (the checker's)
        for phase in g.hooks("new_hand"):
            phase.new_hand(g)
        s.playing = s.table
        s.roles = no_roles()
        s.hands = hands
        s.dealt = tuple(hands)
        s.won = [0] * n
        s.tricks = []
        s.trick = []
        s.leader = forehand
        s.current = forehand
        s.shown = -1
        s.mode = -1
        bottom = deck[pos - 1].bit_length() - 1
        log = g.log
        mark = len(log) if log is not None else 0
        self.rule.at_deal(g, bottom)
        if self.piles is not None:
            rest = [b.bit_length() - 1 for b in deck[pos:]]
            self.piles.lay(g, split_piles(r.piles, r.own_piles, rest, seats), bottom)
        if log is not None:  # the deal comes before the trump it sets, in the log too
            log.insert(mark, dealt_event(g))
        g.advance(self)


def dealt_event(g: Table) -> Dealt:
    """The deal as an event, from the state right after it."""
    s = g.s
    p = s.piles
    return Dealt(s.hand_no, s.dealer, tuple(s.hands), s.shown,
                 tuple(p.pile_cards.items()) if p is not None else (),
                 p.turned if p is not None else -1, s.redeals)
