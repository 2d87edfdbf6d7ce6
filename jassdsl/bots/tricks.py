"""The bots' cards in a loop over whole tricks (`engine.guided`): `TrickCards` plays the
heuristic's cards from precomputed tables where it covers the file, and `play_bots` lets
bots play a game through it (the same game `Game.apply` would play)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NamedTuple

from jassdsl.bots.heuristic import (
    HeuristicBot,
    cheapest_keys,
    duck_lead,
    ducks,
    uncover_hooks,
    uncovering,
)
from jassdsl.bots.random_bot import RandomBot
from jassdsl.bots.view import Bot, View, hand_cards, table_for, trick_order
from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.play import beat_rows
from jassdsl.core.cards import mask_cards
from jassdsl.core.modes import MAX_TRICKS
from jassdsl.core.tables import ModeTable
from jassdsl.engine import Game
from jassdsl.engine.guided import OrderTable, loop_covers, play_guided

# -- the bots' cards in a loop over tricks (`engine.guided`)

Picks = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]  # per suit and chunk a rank; cards


@cache
def firsts(order: tuple[int, ...]) -> tuple[int, ...]:
    """Per 9-bit chunk of a suit: the place (0-8) of its card that comes first by `order`
    (per place, its rank in an order where ties go to the lower place; 9: no card).
    Suits of every table share a few orders, so each is worked out once."""
    first = [9] * 512
    for chunk in range(1, 512):
        low = chunk & -chunk
        place, rest = low.bit_length() - 1, first[chunk ^ low]
        first[chunk] = place if rest == 9 or order[place] <= order[rest] else rest
    return tuple(first)


def picks(key: Callable[[int], Any]) -> Picks:
    """`min(cards, key=key)` over the cards of a mask, in index order, by 9-card suit
    chunks: every card gets its rank in the order of (key, index), each suit's chunk the
    lowest rank among its cards (99: none), and a mask the card of the lowest rank."""
    order = sorted(range(36), key=lambda c: (key(c), c))
    rank = [0] * 36
    for i, c in enumerate(order):
        rank[c] = i
    suits = []
    for suit in range(4):
        ranks = (*rank[9 * suit:9 * suit + 9], 99)
        suits.append(tuple([ranks[place] for place in firsts(ranks[:9])]))
    return tuple(suits), tuple(order)


def least(picked: Picks, mask: int) -> int:
    """The first card of a mask with the least key (`picks`); the mask holds a card."""
    (a, b, c, d), order = picked
    return order[min(a[mask & 511], b[mask >> 9 & 511], c[mask >> 18 & 511], d[mask >> 27])]


def lead_of(q: CardTables, hand: int) -> int:
    """`lead_card` over a hand's cards: the suit chunk of the highest key (`CardTables`)."""
    a, b, c, d = q.lead
    return max(a[hand & 511], b[hand >> 9 & 511], c[hand >> 18 & 511], d[hand >> 27]) & 63


class CardTables(NamedTuple):
    """The heuristic's card choices under one table, over masks of cards (for `TrickCards`):
    each the choice its function makes over a list of cards (the tests compare them)."""

    cheapest: Picks  # `cheapest`
    lead: tuple[tuple[int, ...], ...]  # per suit and chunk: `lead_card`'s key, card in bits 0-5
    beaten: tuple[int, ...]  # per card: the cards that take a trick it is winning
    points: tuple[int, ...]
    losing: Picks  # `duck`: the most valuable card that loses the trick
    taking: Picks  # `duck`: the strongest card, when every card takes it
    table: ModeTable


# per 9-bit chunk: its number of cards, in the bits of `lead_keys` that hold it
COUNT_KEYS = tuple(chunk.bit_count() << 14 for chunk in range(512))


def lead_keys(table: ModeTable) -> tuple[tuple[int, ...], ...]:
    """Per suit and chunk: what `lead_card` compares of that suit (its count of cards,
    then the strength of its strongest card, the first of equals; then the suit seen
    first) as one number, with that card in bits 0-5 (-1: no card)."""
    strength = table.strength
    level = {s: i for i, s in enumerate(sorted(set(strength)))}
    out = []
    for suit in range(4):
        cards = range(9 * suit, 9 * suit + 9)
        # the strongest first: the order of minus the strength (ties: the lower place)
        first = firsts(tuple(-strength[c] for c in cards))
        tail = (*(level[strength[c]] << 8 | (3 - suit) << 6 | c for c in cards), -1)
        out.append(tuple([n + tail[place] for n, place in zip(COUNT_KEYS, first,
                                                               strict=True)]))
    return tuple(out)


def card_tables(table: ModeTable, ducking: bool = False) -> CardTables:
    """A table's `CardTables`, made once and cached on it (`duck`'s picks only where
    asked for: a file whose fewest win)."""
    key = "bots-cards-duck" if ducking else "bots-cards"
    found: CardTables | None = table.cache.get(key)
    if found is None:
        strength, points = table.strength, table.points
        rows = beat_rows(table)
        found = table.cache[key] = CardTables(
            picks(cheapest_keys(table).__getitem__), lead_keys(table),
            tuple(sum(1 << b for b in range(36) if rows[a][b]) for a in range(36)), points,
            picks(lambda c: (-points[c], -strength[c])) if ducking else ((), ()),
            picks(lambda c: (-strength[c], points[c])) if ducking else ((), ()), table)
    return found


def trick_plan(rules: CompiledRules, orders: Callable[[int, int], ModeTable],
               mode: int) -> tuple[CardTables | None, ...]:
    """Per trick k of a hand in a mode: the `CardTables` of the table the bot ranks
    trick k by (`View.order`), where that is the table that decides the trick
    (`orders(mode, k)`, play's); None where it is not, or while no trump is set (a card
    may set it)."""
    out: list[CardTables | None] = []
    ducking = ducks(rules, mode)
    for k in range(MAX_TRICKS):
        table = table_for(rules, trick_order(rules, mode, k))
        out.append(card_tables(table, ducking)
                   if mode >= 0 and table is orders(mode, k) else None)
    return tuple(out)


class TrickCards:
    """The cards of heuristic and random bots as a `guided.CardChoice`: the card
    `HeuristicBot.choose_card` (or `RandomBot.choose`, with its draw) picks, from the
    trick loop's locals. A heuristic seat picks from the table's `CardTables`: where the
    winners take most, it leads `lead_card` and follows with `cheapest` of `takers` or
    of all; else it plays as `duck`. A trick while no trump is set (a card may set it)
    goes to `choose_card` itself, with the seat's `View`."""

    def __init__(self, game: Game, bots: Sequence[Bot]) -> None:
        self.game, rules = game, game.rules
        self.rules = rules
        self.heuristic = [b if type(b) is HeuristicBot else None for b in bots]
        self.random = [b if type(b) is RandomBot else None for b in bots]
        self.most = rules.winner_most
        self.team = rules.team_of
        self.partners = rules.subjects < rules.players
        self.plan: tuple[CardTables | None, ...] = ()
        self.mode = -1
        self.seats: tuple[tuple[int, ...], ...] = ()
        self.uncovers = bool(uncover_hooks(rules))  # a card may turn a hidden one up

    @classmethod
    def of(cls, game: Game, bots: Sequence[Bot]) -> TrickCards | None:
        """Where the bots' cards can be played in a trick loop (`guided.loop_covers`),
        with heuristic and random bots only. None elsewhere."""
        if not loop_covers(game) or any(type(b) not in (HeuristicBot, RandomBot)
                                        for b in bots):
            return None
        return cls(game, bots)

    def at(self, mode: int, seats: tuple[tuple[int, ...], ...], order_table: OrderTable,
           memo: dict[int, Any]) -> TrickCards:
        """Ready for the tricks of a hand in this mode, among these seats; the plan of a
        mode is kept in the chain's memo (it depends only on the rules and the mode)."""
        plan = memo.get(mode)
        if plan is None:
            plan = memo[mode] = trick_plan(self.rules, order_table, mode)
        self.plan, self.mode, self.seats = plan, mode, seats
        self.most = not ducks(self.rules, mode)
        return self

    def __call__(self, k: int, leader: int, seat: int, hand: int, legal: int,
                 trick: list[int], win: int, top: int) -> int:
        bot = self.random[seat]
        if bot is not None:  # RandomBot.choose: one draw over the legal cards
            return mask_cards(legal)[bot.rng.randrange(legal.bit_count())]
        if not legal & (legal - 1):  # one legal card: every way of choosing takes it
            return legal.bit_length() - 1
        if self.uncovers and uncovering(self.game, seat):  # `choose_card`'s preference
            return self.by_view(k, leader, seat, hand, legal, trick)
        q = self.plan[k]
        if q is not None and self.most:
            if trick:
                points = q.points
                for card in trick:
                    if points[card]:  # points at stake: take the trick if a partner does not
                        if not (self.partners and win != seat
                                and self.team[win] == self.team[seat]):
                            winning = legal & q.beaten[top]
                            if winning:
                                legal = winning
                        break
                (a, b, c, d), order = q.cheapest  # `least`, written out (once per card)
                return order[min(a[legal & 511], b[legal >> 9 & 511], c[legal >> 18 & 511],
                                 d[legal >> 27])]
            return lead_of(q, hand)
        if q is not None and trick:
            losing = legal & ~q.beaten[top]
            return least(q.losing, losing) if losing else least(q.taking, legal)
        if q is not None:
            return duck_lead(hand, mask_cards(legal), q.table)
        return self.by_view(k, leader, seat, hand, legal, trick)

    def by_view(self, k: int, leader: int, seat: int, hand: int, legal: int,
                trick: list[int]) -> int:
        """`choose_card` itself, on the `View` that `View.of` makes at this point."""
        bot = self.heuristic[seat]
        assert bot is not None
        view = View(seat, hand_cards(hand), tuple(trick), leader, self.mode,
                    self.seats[leader], trick_order(self.rules, self.mode, k))
        value: int = bot.choose_card(self.game, view, mask_cards(legal)).value
        return value


def play_bots(game: Game, bots: Sequence[Bot], hands: int | None = None) -> int:
    """Let the bots play until the game is over (or `hands` more hands end), each action
    through `Game.apply`, but the cards from `TrickCards` where it covers the game
    (`guided.play_guided`: whole tricks in a loop where the random playout would play
    them in its own). The same game. Returns the number of hands finished."""
    cards = TrickCards.of(game, bots)
    if cards is not None:
        return play_guided(game, cards, lambda seat: bots[seat].choose(game, seat), hands)
    done = len(game.results)
    stop = done + hands if hands is not None else None
    while not game.is_over and (stop is None or len(game.results) < stop):
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))
    return len(game.results) - done
