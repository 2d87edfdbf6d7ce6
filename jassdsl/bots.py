"""Built-in players for `play` and `simulate`: a random one and a simple generic heuristic.

Bots see what their seat may see (``game.observation(seat)``), the public rules and the
legal actions; they never look at another hand. Nothing here knows a variant by name: the
heuristic reads trump modes, card points and declaration ranges from the compiled rules.
Each bot draws its randomness from its own generator, seeded from the game seed, so a
seeded game replays identically. `PolicyBot` is the exception: it is the random policy of
`jassdsl simulate` (`playout.choose`), and all seats of a game share its one generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from jassdsl.compile.compiler import CompiledRules, Declaring
from jassdsl.compile.play import beat_rows, trick_winner
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_INDEX, cards_mask
from jassdsl.core.deal import trick_seats
from jassdsl.core.mechanism import at_phase, partners_in
from jassdsl.core.tables import ModeTable
from jassdsl.engine import Game
from jassdsl.engine.playout import choose

BOT_KINDS = ("random", "heuristic", "mixed")

# Chance that a card takes a trick, by how many stronger cards of its suit are out.
TRUMP_WIN = (0.9, 0.65, 0.45, 0.3, 0.2)
SIDE_WIN = (0.75, 0.3, 0.1, 0.03)
RUFF_RISK = 0.75  # a side card can be trumped when a trump suit exists
PUSH_BELOW = 0.3  # push when the best mode promises less than this share of the points
# say the higher of a two-valued declaration (a double, a yes) when the hand promises this
# share of the points or more: about one hand in ten
STRONG_FROM = 0.35
KONTRA_SHARE = 0.25  # in a Kontra, a bot counts on this share of what its hand leaves


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
        mode = game.rules.schedule.number(trump) if trump is not None else -1
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
        legal = game.legal_actions()
        if game.phase not in ("declare", "auction"):
            return legal[self.rng.randrange(len(legal))]
        calls = auction_calls(game, legal)
        if calls:  # a Kontra is one more choice beside bidding or passing
            k = self.rng.randrange(len(calls) + 1)
            if k < len(calls):
                return calls[k]
            legal = [a for a in legal if a not in calls]
        low, high = declared_range(game)
        share = (high - low) / game.n
        wish = low + round(self.rng.gauss(share, share / 3))
        return bid_or_pass(legal, wish) if game.phase == "auction" else \
            clamp_declaration(legal, wish)


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


def auction_calls(game: Game, legal: Sequence[Action]) -> list[Action]:
    """The legal calls that end a plain auction (a Kontra's yes): neither bid nor pass."""
    if game.phase != "auction":
        return []
    bid = game.rules.declarations[game.rules.auction].name
    return [a for a in legal if a.kind not in (bid, "pass")]


def calls_kontra(game: Game, view: View) -> bool:
    """Whether this hand, with a share of the rest for the players on its side, should
    take more than the highest bid leaves to the others, on average over the modes (the
    bidder names the mode afterwards)."""
    r = game.rules
    bid = max(v or 0 for v in game.observation(view.seat)["declared"][
        r.declarations[r.auction].name])

    def margin(mode: int) -> float:
        own, total = expected_points(r, view.hand, r.modes[mode]), hand_total(r, r.modes[mode])
        return own + (total - own) * KONTRA_SHARE - (total - bid)

    modes = r.trump_choices or tuple(range(len(r.modes)))
    return sum(margin(m) for m in modes) > 0


def bid_or_pass(legal: Sequence[Action], wish: int) -> Action:
    """In an auction: the lowest bid allowed if the wish reaches it, else pass."""
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
    take a trick by how many of them are still out (0 to 8). Cached on the table."""
    odds: tuple[tuple[int, tuple[float, ...]], ...] | None = table.cache.get("bots-odds")
    if odds is None:
        strength, rows = table.strength, []
        for card in range(36):
            suit = card // 9
            stronger = sum(1 << c for c in range(suit * 9, suit * 9 + 9)
                           if strength[c] > strength[card])
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
    others = rules.players - 1
    per_card = (hand_total(rules, table) - rules.last_bonus) / 36
    last = rules.last_bonus / rules.players
    mask, odds, points = cards_mask(hand), card_odds(table), table.points
    share = others * per_card
    return last + sum(odds[c][1][(odds[c][0] & ~mask).bit_count()] * (points[c] + share)
                      for c in hand)


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
        legal = game.legal_actions()
        view = View.of(game, seat)
        phase = game.phase
        if phase == "play":
            return self.choose_card(game, view, [a.value for a in legal])
        if phase == "trump":
            return self.choose_trump(game.rules, view, legal)
        if phase == "declare":
            table = table_for(game.rules, view.trump)
            share = expected_points(game.rules, view.hand, table) / hand_total(game.rules, table)
            if len(declaring_now(game).values) == 2:
                return yes_if_strong(legal, share)
            return clamp_declaration(legal, scaled(game, share))
        if phase == "auction":
            r = game.rules
            best = max((expected_points(r, view.hand, r.modes[m]) + bid_gain(
                game, view, r.modes[m])) / hand_total(r, r.modes[m])
                for m in (r.trump_choices or tuple(r.modes)))
            calls = auction_calls(game, legal)
            choice = bid_or_pass([a for a in legal if a not in calls], scaled(game, best))
            return calls[0] if calls and choice.kind == "pass" and \
                calls_kontra(game, view) else choice
        if phase == "weis":  # a declared Weis counts for its side in every rule file
            return max(legal, key=lambda a: a.value)
        mechanism = at_phase(game.rules.mechanisms, phase)
        if mechanism is not None and mechanism.policy is not None:
            return mechanism.policy(game, view, legal)
        return legal[self.rng.randrange(len(legal))]  # a phase this bot has no plan for

    def choose_trump(self, rules: CompiledRules, view: View, legal: list[Action]) -> Action:
        """The mode with the highest expected points; push when even that one is weak.
        On a scoresheet: the open column whose best mode promises most, by its multiplier."""
        if any(a.kind == "column" for a in legal):
            return self.choose_column(rules, view, legal)
        modes = [a for a in legal if a.kind == "trump"]
        scored = [(expected_points(rules, view.hand, rules.modes[a.value]), a) for a in modes]
        best_score, best = max(scored, key=lambda x: x[0])
        push = next((a for a in legal if a.kind == "push"), None)
        share = hand_total(rules, rules.modes[best.value])
        if push is not None and best_score < PUSH_BELOW * share:
            return push
        return best

    def choose_column(self, rules: CompiledRules, view: View, legal: list[Action]) -> Action:
        """The column with the most expected points times its multiplier; push when the
        hand's share of points in its best mode is weak."""
        def share(mode: int) -> float:
            table = rules.modes[mode]
            return expected_points(rules, view.hand, table) / hand_total(rules, table)

        shares = {m: share(m) for m in {m for a in legal if a.kind == "column"
                                         for m in rules.columns[a.value].modes}}
        scored = [(max(shares[m] for m in rules.columns[a.value].modes)
                   * rules.columns[a.value].multiplier, a) for a in legal if a.kind == "column"]
        best = max(scored, key=lambda x: x[0])[1]
        push = next((a for a in legal if a.kind == "push"), None)
        if push is not None and max(shares.values()) < PUSH_BELOW:
            return push
        return best

    def choose_card(self, game: Game, view: View, cards: list[int]) -> Action:
        rules = game.rules
        table = table_for(rules, view.order)
        if not rules.winner_most:  # the fewest win: stay out of tricks
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


def duck(rules: CompiledRules, view: View, cards: list[int], table: ModeTable) -> int:
    """Where the fewest win: lead the card least likely to take the trick; follow with
    the most valuable card that loses it, or, when every card takes it, the strongest."""
    if not view.trick:
        hand, odds = cards_mask(view.hand), card_odds(table)
        return min(cards, key=lambda c: (odds[c][1][(odds[c][0] & ~hand).bit_count()],
                                         table.points[c], table.strength[c]))
    trick = list(view.trick)
    taking = takers(rules, view, trick, cards)
    losing = [c for c in cards if c not in taking]
    if losing:
        return max(losing, key=lambda c: (table.points[c], table.strength[c]))
    return max(cards, key=lambda c: (table.strength[c], -table.points[c]))


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
    keys: tuple[tuple[int, bool, int], ...] | None = table.cache.get("bots-cheapest")
    if keys is None:
        keys = table.cache["bots-cheapest"] = tuple(
            (table.points[c], c // 9 == table.trump, table.strength[c]) for c in range(36))
    return min(cards, key=keys.__getitem__)


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


def bot_rng(seed: int | None, seat: int) -> random.Random:
    """A generator per seat derived from the game seed (string seeds hash stably)."""
    return random.Random(f"jassdsl-bot:{seed}:{seat}") if seed is not None else random.Random()


def make_bot(kind: str, rng: random.Random) -> Bot:
    if kind == "random":
        return RandomBot(rng)
    if kind == "heuristic":
        return HeuristicBot(rng)
    raise ValueError(f"unknown bot kind {kind!r} (known: random, heuristic)")


def make_bots(kind: str, players: int, seed: int | None) -> list[Bot]:
    """One bot per seat; ``mixed`` puts heuristic bots on even seats, random on odd ones."""
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown bot kind {kind!r} (known: {', '.join(BOT_KINDS)})")
    out: list[Bot] = []
    for seat in range(players):
        seat_kind = kind if kind != "mixed" else ("heuristic", "random")[seat % 2]
        out.append(make_bot(seat_kind, bot_rng(seed, seat)))
    return out
