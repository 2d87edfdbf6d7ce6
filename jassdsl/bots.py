"""Built-in players for `play` and `simulate`: a random one and a simple generic heuristic.

Bots see what their seat may see (``game.observation(seat)``), the public rules and the
legal actions; they never look at another hand. Nothing here knows a variant by name: the
heuristic reads trump modes, card points and declaration ranges from the compiled rules.
Each bot draws its randomness from its own generator, seeded from the game seed, so a
seeded game replays identically. `PolicyBot` is the exception: it is the random policy of
`jassdsl simulate` (`playout.choose`), and all seats of a game share its one generator.
"""

from __future__ import annotations

import importlib
import os
import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NamedTuple, Protocol, cast

from jassdsl.compile.compiler import CompiledRules, Declaring
from jassdsl.compile.play import beat_rows, trick_winner
from jassdsl.core.actions import PASS, Action
from jassdsl.core.cards import CARD_INDEX, cards_mask, mask_cards
from jassdsl.core.deal import trick_seats
from jassdsl.core.mechanism import asking, at_phase, partners_in
from jassdsl.core.modes import MAX_TRICKS
from jassdsl.core.tables import ModeTable
from jassdsl.engine import Game
from jassdsl.engine.guided import OrderTable, loop_covers, play_guided
from jassdsl.engine.playout import choose

BOT_KINDS = ("random", "heuristic", "mixed", "search:easy", "search:medium", "search:hard")

# Chance that a card takes a trick, by how many stronger cards of its suit are out.
TRUMP_WIN = (0.9, 0.65, 0.45, 0.3, 0.2)
SIDE_WIN = (0.75, 0.3, 0.1, 0.03)
RUFF_RISK = 0.75  # a side card can be trumped when a trump suit exists
PUSH_BELOW = 0.3  # push when the best mode promises less than this share of the points
# say the higher of a two-valued declaration (a double, a yes) when the hand promises this
# share of the points or more: about one hand in ten
STRONG_FROM = 0.35


class Bot(Protocol):
    """Anything that picks the next action for a seat."""

    def choose(self, game: Game, seat: int) -> Action: ...


class View(NamedTuple):
    """The observation of one seat, with cards as indices (a named tuple: one per decision)."""

    seat: int
    hand: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    trump: int  # mode index, or -1 while unset
    seats: tuple[int, ...] = ()  # the seats of the current trick in play order
    order: int = -1  # the mode that ranks the cards of the current trick (trump if unset)

    @classmethod
    def of(cls, game: Game, seat: int) -> View:
        """What ``game.observation(seat)`` shows a bot, as indices.

        A real game is read through its cheap public accessors: its own hand as a mask and
        the public table (trick, leader, trump, seats in play), without building the whole
        observation and parsing card names back (that was half of a heuristic bot's time).
        `tests/test_bots.py` checks that both ways give the same view at every decision of
        every rule file; anything else that looks like a game (a test's hand-made scene) is
        read through its observation."""
        if type(game) is Game:
            mode = game.mode
            return cls(seat, hand_cards(game.hand_mask(seat)), game.trick, game.leader,
                       mode, game.trick_order, trick_order(game.rules, mode, game.tricks_played))
        return cls.observed(game, seat)

    @classmethod
    def observed(cls, game: Game, seat: int) -> View:
        """The view parsed from ``game.observation(seat)`` (card names to indices)."""
        obs: dict[str, Any] = game.observation(seat)
        trump = obs["trump"]
        mode = game.rules.mode_schedule.number(trump) if trump is not None else -1
        return cls(
            seat,
            tuple(CARD_INDEX[c] for c in obs["hand"]),
            tuple(CARD_INDEX[c] for c in obs["trick"]),
            int(obs["leader"]),
            mode,
            trick_seats(game.n, sum(1 << x for x in obs.get("playing", ())) or
                        (1 << game.n) - 1)[int(obs["leader"])],
            trick_order(game.rules, mode, len(obs.get("tricks", ()))),
        )


def trick_order(rules: CompiledRules, mode: int, played: int) -> int:
    """The mode whose order ranks the open trick: a file's mode plays each trick in the
    base mode of its schedule."""
    return rules.trick_mode(mode, played) if mode >= 0 else mode


# per suit, per 9-bit chunk of a hand mask: the cards it holds
SUIT_CARDS = tuple(tuple(tuple(9 * suit + c for c in range(9) if chunk >> c & 1)
                         for chunk in range(512)) for suit in range(4))


def hand_cards(mask: int) -> tuple[int, ...]:
    """The cards of a hand mask, lowest index first (as `cards.mask_cards`)."""
    d, h, s, c = SUIT_CARDS
    return d[mask & 511] + h[mask >> 9 & 511] + s[mask >> 18 & 511] + c[mask >> 27 & 511]


def table_for(rules: CompiledRules, mode: int) -> ModeTable:
    """The table that ranks and counts cards under a mode (the fallback while unset)."""
    table = rules.modes.get(rules.settled_mode(mode))
    return table if table is not None else next(iter(rules.modes.values()))


def hand_total(rules: CompiledRules, table: ModeTable) -> int:
    """Points at stake in one hand under a table (157 with the usual tables)."""
    return sum(table.points) + rules.last_bonus


class RandomBot:
    """Uniform over the legal actions; a declared number is drawn around a fair share."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game, seat: int) -> Action:
        forced = game.forced_action()
        if forced is not None:  # nothing to declare: answered at once, no draw
            return forced
        legal = game.legal_actions()
        mechanism = asking(game)
        if game.phase != "declare" and (mechanism is None or not mechanism.declares):
            return legal[self.rng.randrange(len(legal))]
        kind = declaring_now(game).name
        calls = [a for a in legal if a.kind not in (kind, "pass")]
        if calls:  # a call (a Kontra) is one more choice beside declaring or passing
            k = self.rng.randrange(len(calls) + 1)
            if k < len(calls):
                return calls[k]
            legal = [a for a in legal if a not in calls]
        low, high = declared_range(game)
        share = (high - low) / game.n
        wish = low + round(self.rng.gauss(share, share / 3))
        return bid_or_pass(legal, wish) if PASS in legal else clamp_declaration(legal, wish)


class PolicyBot:
    """The playout's random policy (`playout.choose` over the legal actions) as a bot.

    One PolicyBot with one generator plays every seat of a game; driving `Game.apply` with
    it plays exactly the game that `playout.play_random` plays with that generator."""

    def __init__(self, rng: random.Random) -> None:
        self.bits = rng.getrandbits

    def choose(self, game: Game, seat: int) -> Action:
        return choose(self.bits, game.legal_actions())


def declaring_now(game: Game) -> Declaring:
    """The declaration the game asks for now (by its name)."""
    kind = next(a.kind for a in game.legal_actions() if a.kind != "pass")
    return next(d for d in game.rules.declarations if d.name == kind)


def declared_range(game: Game) -> tuple[int, int]:
    """The lowest and highest value of the declaration the game asks for now."""
    d = declaring_now(game)
    return d.low, d.high


def yes_if_strong(legal: Sequence[Action], share: float) -> Action:
    """A declaration of two values (a double, a yes or no): the higher one only when the
    hand promises a strong share of the points, else the lower."""
    pick = max if share >= STRONG_FROM else min
    return pick(legal, key=lambda a: a.value)


def clamp_declaration(legal: Sequence[Action], value: int) -> Action:
    """The legal declaration closest to the wished value."""
    return min(legal, key=lambda a: abs(a.value - value))


def bid_or_pass(legal: Sequence[Action], wish: int) -> Action:
    """Where a pass is open (an auction): the lowest value allowed if the wish reaches
    it, else pass."""
    bids = [a for a in legal if a.kind != "pass"]
    if bids and bids[0].value <= wish:
        return bids[0]
    return next(a for a in legal if a.kind == "pass")


def scaled(game: Game, share: float) -> int:
    """A share of the hand (0..1) as a value of the declaration asked for now.

    A declaration counts what one player can take (card points, tricks) up to its highest
    value, the whole hand: the share of the hand is that share of the highest value."""
    low, high = declared_range(game)
    return max(low, round(share * high))


def card_odds(table: ModeTable) -> tuple[tuple[int, tuple[float, ...]], ...]:
    """Per card: the cards of its suit that rank above it (a bitmask), and its chance to
    take a trick by how many of them are still out (0 to 8; a card outside the pack is
    never out). Cached on the table."""
    odds: tuple[tuple[int, tuple[float, ...]], ...] | None = table.cache.get("bots-odds")
    if odds is None:
        strength, rows, pack = table.strength, [], table.pack
        for card in range(36):
            suit = card // 9
            stronger = sum(1 << c for c in range(suit * 9, suit * 9 + 9)
                           if strength[c] > strength[card] and pack >> c & 1)
            if suit == table.trump:
                chances = tuple(TRUMP_WIN[min(k, len(TRUMP_WIN) - 1)] for k in range(9))
            else:
                side = [SIDE_WIN[min(k, len(SIDE_WIN) - 1)] for k in range(9)]
                chances = tuple(x * RUFF_RISK if table.trump >= 0 else x for x in side)
            rows.append((stronger, chances))
        odds = table.cache["bots-odds"] = tuple(rows)
    return odds


def win_chance(card: int, hand: list[int] | tuple[int, ...], table: ModeTable) -> float:
    """A rough chance that a card takes a trick, from the stronger cards still out."""
    stronger, chances = card_odds(table)[card]
    return chances[(stronger & ~cards_mask(hand)).bit_count()]


def expected_points(rules: CompiledRules, hand: tuple[int, ...], table: ModeTable) -> float:
    """What a hand should take under a table: each likely trick brings its card points."""
    rows, last = worth_rows(rules, table)
    mask = cards_mask(hand)
    return last + sum([worth[(stronger & ~mask).bit_count()]
                       for stronger, worth in map(rows.__getitem__, hand)])


def worth_rows(rules: CompiledRules, table: ModeTable) -> tuple[
        tuple[tuple[int, tuple[float, ...]], ...], float]:
    """For `expected_points`, per card: the cards of its suit that rank above it, and by
    how many of them are still out what it should bring, its chance to take a trick times
    its points and a fair share of the others' cards (a likely trick brings both); then
    the share of the last trick's bonus. Cached on the table."""
    key = ("bots-worth", rules.players, rules.last_bonus)
    found: tuple[tuple[tuple[int, tuple[float, ...]], ...], float] | None = table.cache.get(key)
    if found is None:
        others = rules.players - 1
        per_card = (hand_total(rules, table) - rules.last_bonus) / table.pack.bit_count()
        share, points = others * per_card, table.points
        found = table.cache[key] = (tuple(
            (stronger, tuple([x * (points[c] + share) for x in chances]))
            for c, (stronger, chances) in enumerate(card_odds(table))),
            rules.last_bonus / rules.players)
    return found


def bid_gain(game: Game, view: View, table: ModeTable) -> float:
    """What the file's mechanisms add to the points a bidder expects to make in a mode (a
    talon the highest bidder takes: `Mechanism.bid_gain`)."""
    r = game.rules
    return sum(x.bid_gain(game, view, table) for x in r.mechanisms
               if x.bid_gain is not None and x.name in r.configs)


def forms_sides(rules: CompiledRules) -> bool:
    """Whether a mechanism of the file forms sides per hand (`Mechanism.partners`)."""
    return any(x.partners and x.name in rules.configs for x in rules.mechanisms)


class HeuristicBot:
    """A generic player: strongest trump mode, point-based estimates, cheap trick wins."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game, seat: int) -> Action:
        forced = game.forced_action()
        if forced is not None:  # nothing to declare: answered at once
            return forced
        legal = game.legal_actions()
        view = View.of(game, seat)
        phase = game.phase
        if phase == "play":
            return self.choose_card(game, view, [a.value for a in legal])
        mechanism = at_phase(game.rules.mechanisms, phase, game.rules)
        if mechanism is not None and mechanism.policy is not None:
            return mechanism.policy(game, view, legal)
        if phase == "trump":
            return self.choose_trump(game.rules, view, legal)
        if phase == "declare":
            table = table_for(game.rules, view.trump)
            share = expected_points(game.rules, view.hand, table) / hand_total(game.rules, table)
            if len(declaring_now(game).values) == 2:
                return yes_if_strong(legal, share)
            return clamp_declaration(legal, scaled(game, share))
        return legal[self.rng.randrange(len(legal))]  # a phase this bot has no plan for

    def choose_trump(self, rules: CompiledRules, view: View, legal: list[Action]) -> Action:
        """The mode with the highest expected points; push when even that one is weak."""
        modes = [a for a in legal if a.kind == "trump"]
        scored = [(expected_points(rules, view.hand, rules.modes[a.value]), a) for a in modes]
        best_score, best = max(scored, key=lambda x: x[0])
        push = next((a for a in legal if a.kind == "push"), None)
        share = hand_total(rules, rules.modes[best.value])
        if push is not None and best_score < PUSH_BELOW * share:
            return push
        return best

    def choose_card(self, game: Game, view: View, cards: list[int]) -> Action:
        rules = game.rules
        table = table_for(rules, view.order)
        if ducks(rules, view.trump):  # stay out of tricks
            return Action("play", duck(rules, view, cards, table))
        if not view.trick:
            return Action("play", lead_card(cards, table))
        trick = list(view.trick)
        winner = view.seats[trick_winner(trick, table)]
        team = rules.team_of
        if forms_sides(rules):  # this hand's sides, as the seat sees them
            team = partners_in(rules.mechanisms, game.observe(view.seat).parts) or team
        partner_ahead = winner != view.seat and team[winner] == team[view.seat] and (
            rules.subjects < rules.players or team is not rules.team_of)
        at_stake = sum(table.points[c] for c in trick)
        if at_stake > 0 and not partner_ahead:
            winning = takers(rules, view, trick, cards)
            if winning:
                return Action("play", cheapest(winning, table))
        return Action("play", cheapest(cards, table))


def ducks(rules: CompiledRules, mode: int) -> bool:
    """Whether the bots stay out of tricks in a hand in this mode: where the fewest win,
    or where the mode wants no tricks or the fewest points (a Misère bid or column: its
    side ducks, and the others duck to leave the tricks to it)."""
    return not rules.winner_most or rules.mode_schedule.avoids_tricks(mode)


def duck(rules: CompiledRules, view: View, cards: list[int], table: ModeTable) -> int:
    """Where the fewest win: lead the card least likely to take the trick; follow with
    the most valuable card that loses it, or, when every card takes it, the strongest."""
    if not view.trick:
        return duck_lead(cards_mask(view.hand), cards, table)
    trick = list(view.trick)
    taking = takers(rules, view, trick, cards)
    losing = [c for c in cards if c not in taking]
    if losing:
        return max(losing, key=lambda c: (table.points[c], table.strength[c]))
    return max(cards, key=lambda c: (table.strength[c], -table.points[c]))


def duck_lead(hand: int, cards: list[int], table: ModeTable) -> int:
    """`duck`'s lead from a hand (a mask): the card least likely to take the trick, then
    the one with the fewest points, then the weakest."""
    odds = card_odds(table)
    return min(cards, key=lambda c: (odds[c][1][(odds[c][0] & ~hand).bit_count()],
                                     table.points[c], table.strength[c]))


def lead_card(cards: list[int], table: ModeTable) -> int:
    """The highest card of the longest suit (ties: the suit with the stronger top card;
    then the suit seen first)."""
    strength = table.strength
    count: dict[int, int] = {}  # per suit, in the order the suits first come
    top: dict[int, int] = {}  # per suit, its strongest card (the first of equals)
    for c in cards:
        suit = c // 9
        if suit in count:
            count[suit] += 1
            if strength[c] > strength[top[suit]]:
                top[suit] = c
        else:
            count[suit], top[suit] = 1, c
    best = -1
    for suit, k in count.items():
        if best < 0 or (k, strength[top[suit]]) > (count[best], strength[top[best]]):
            best = suit
    return top[best]


def cheapest(cards: list[int], table: ModeTable) -> int:
    """The card giving away least: fewest points, a side card before a trump, weakest."""
    return min(cards, key=cheapest_keys(table).__getitem__)


def cheapest_keys(table: ModeTable) -> tuple[tuple[int, bool, int], ...]:
    """Per card: what `cheapest` compares (cached on the table)."""
    keys: tuple[tuple[int, bool, int], ...] | None = table.cache.get("bots-cheapest")
    if keys is None:
        keys = table.cache["bots-cheapest"] = tuple(
            (table.points[c], c // 9 == table.trump, table.strength[c]) for c in range(36))
    return keys


def takes_trick(rules: CompiledRules, view: View, trick: list[int], card: int) -> bool:
    """Would this card lead the trick now? A first off-suit card may set trump first."""
    mode = view.order
    if mode < 0 and rules.card_sets_trump and card // 9 != trick[0] // 9:
        mode = card // 9 if card // 9 in rules.modes else -1
    table = table_for(rules, mode)
    return trick_winner([*trick, card], table) == len(trick)


def takers(rules: CompiledRules, view: View, trick: list[int], cards: list[int]) -> list[int]:
    """The cards that would lead the trick now (`takes_trick` for each, in their order).

    Under the trick's table a card takes the trick when it beats the card winning it so
    far (`play.beat_rows`); only a card that may set trump (first void) is tried whole."""
    table = table_for(rules, view.order)
    beats = beat_rows(table)[trick[trick_winner(trick, table)]]
    led = trick[0] // 9
    if view.trump < 0 and rules.card_sets_trump:
        return [c for c in cards if (takes_trick(rules, view, trick, c) if c // 9 != led
                                     else beats[c])]
    return [c for c in cards if beats[c]]


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


def bot_rng(seed: int | None, seat: int) -> random.Random:
    """A generator per seat derived from the game seed (string seeds hash stably)."""
    return random.Random(f"jassdsl-bot:{seed}:{seat}") if seed is not None else random.Random()


# a bot given by reference: `module.path:factory` (the factory is called per seat)
REFERENCE = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*:[A-Za-z_]\w*")

BotFactory = Callable[[CompiledRules, random.Random], Bot]


def is_reference(kind: str) -> bool:
    """Whether a kind names a bot factory by reference (``mypkg.bots:make``), not one of
    the built-in kinds (``search:hard`` is one of those)."""
    return kind not in BOT_KINDS and not kind.startswith("search:") and bool(
        REFERENCE.fullmatch(kind))


def bot_factory(reference: str) -> BotFactory:
    """The factory a reference names: ``module.path:name``, imported as Python imports
    it, the current directory first on the path (as `uvicorn app:main` does). Raises
    ValueError saying what is missing."""
    module_name, _, name = reference.partition(":")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise ValueError(f"bot {reference!r}: cannot import module {module_name!r} "
                         f"({e})") from None
    factory = getattr(module, name, None)
    if not callable(factory):
        raise ValueError(f"bot {reference!r}: module {module_name!r} has no function "
                         f"{name!r}") from None
    return cast(BotFactory, factory)


def make_bot(kind: str, rng: random.Random, rules: CompiledRules | None = None) -> Bot:
    """The bot of one kind: ``random``, ``heuristic``, ``search:LEVEL``
    (`search_bot.LEVELS`), or a factory by reference (``mypkg.bots:make``), called with
    the compiled rules and the seat's generator (`rules` is needed for those)."""
    if kind == "random":
        return RandomBot(rng)
    if kind == "heuristic":
        return HeuristicBot(rng)
    if kind.startswith("search:"):
        from jassdsl.search_bot import LEVELS, SearchBot

        level = LEVELS.get(kind.partition(":")[2])
        if level is not None:
            return SearchBot(rng, level)
    if is_reference(kind) and rules is not None:
        bot = bot_factory(kind)(rules, rng)
        if not callable(getattr(bot, "choose", None)):
            raise ValueError(f"bot {kind!r}: the factory returned {type(bot).__name__}, "
                             "which has no choose(game, seat) method")
        return bot
    raise ValueError(f"unknown bot kind {kind!r} (known: {', '.join(BOT_KINDS)}, "
                     "or a factory by reference: module:function)")


def bot_kinds(kind: str) -> list[str]:
    """The kinds of a ``--bots`` value: one kind, or kinds by comma taken in turn by the
    seats (``search:easy,heuristic``: one per team of a four-seat partnership game).
    ``mixed`` is ``heuristic,random``. A kind may be a factory by reference
    (``mypkg.bots:make``: imported here, so a wrong one is reported at once). Raises
    ValueError naming the known kinds."""
    kinds = ["heuristic", "random"] if kind == "mixed" else kind.split(",")
    for k in kinds:
        if is_reference(k):
            bot_factory(k)
        elif k not in BOT_KINDS or k == "mixed":
            raise ValueError(f"unknown bot kind {k!r} (known: {', '.join(BOT_KINDS)}; "
                             "a factory by reference, module:function; or kinds by comma, "
                             "one per seat in turn)")
    return kinds


def seat_kinds(kind: str, players: int, turn: int = 0) -> list[str]:
    """The kind each seat plays (see `make_bots`)."""
    kinds = bot_kinds(kind)
    turn = turn if "," in kind else 0
    return [kinds[(seat + turn) % len(kinds)] for seat in range(players)]


def make_bots(kind: str, players: int, seed: int | None, turn: int = 0,
              rules: CompiledRules | None = None) -> list[Bot]:
    """One bot per seat; where `kind` names several (`bot_kinds`), seat x gets kind
    number (x + turn) of them in turn: `simulate` turns them by one each game, so every
    kind sits at every seat and plays every deal's hands alike over the games. ``mixed``
    keeps its seats (heuristic on the even ones). A factory by reference gets `rules`."""
    return [make_bot(k, bot_rng(seed, seat), rules)
            for seat, k in enumerate(seat_kinds(kind, players, turn))]


class Timed:
    """A bot that notes how many decisions it made (where it had a choice) and the CPU
    time they took (`time.process_time`: on a machine shared with other work, what the
    bot itself spent), for the report's decision times; what it chooses is its bot's."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, game: Game, seat: int) -> Action:
        start = time.process_time()
        action = self.bot.choose(game, seat)
        spent = time.process_time() - start
        if game.forced_action() is None and len(game.legal_actions()) > 1:
            self.decisions += 1
            self.seconds += spent
        return action


def timed(bots: Sequence[Bot]) -> list[Bot]:
    """The bots, each one that is not played in the fast trick loop (`TrickCards`: the
    heuristic and random bots) wrapped in `Timed`."""
    return [b if type(b) in (HeuristicBot, RandomBot) else Timed(b) for b in bots]
