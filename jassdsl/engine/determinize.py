"""Deals a seat cannot tell apart from the real one, for a bot that searches them (the
determinization of perfect-information Monte Carlo).

Every card whose place the seat cannot see is dealt anew among those places, each place
keeping its count: the other seats' hands, and what the phases say is hidden from the
seat (`Phase.hidden`: a face-down pile or talon, cards laid away out of its sight, folded
hands), less the cards whose place it knows (its own, the cards played, the shown and
turned cards, a declared Weis: `Phase.known`). The phases then carry their parts over to
the new cards and derive again what they derived from the hands (`Phase.redeal`: the
Weise a seat may still declare). The new deal is drawn from the seat's knowledge alone
(the hidden cards in card order, the places in a fixed order), so two real games that
differ only in what the seat cannot see give the same deals for the same generator.
A deal counts only if every card played in this hand could have been played from the
hand it implies by the file's follow rule, and the seat's observation of it is the one
it has. Engine code, as it builds games from hands; the bot that uses it reads nothing
else of a game's insides."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from jassdsl.core.cards import mask_cards
from jassdsl.core.deal import trick_seats
from jassdsl.engine.chance import Chance
from jassdsl.engine.game import Game
from jassdsl.engine.guided import CardChoice
from jassdsl.engine.records import HAND_LIMIT
from jassdsl.engine.redeal import Redeal

SAMPLE_TRIES = 10  # deals tried per sample before the last one is taken as it is
REPAIRS = 60  # swaps tried to mend a deal that breaks the follow rule


def follows_played(game: Game, hands: Sequence[int], seats: Sequence[int]) -> bool:
    """Whether every card the `seats` played in this hand (finished tricks and the open
    one) could be played, by the follow rule of its trick, from the hand it implies (the
    cards `hands` gives the seat now, and those it played since)."""
    return breaks(game, hands, seats) == 0


def hand_played(game: Game) -> tuple[Any, tuple[tuple[int, ...], ...]] | None:
    """What replaying this hand's cards needs: the mode's plan (per trick, its follow
    rule and beat table) and the seats in play order from each leader; None while no
    trump is set or no card has been played."""
    s = game.s
    if s.mode < 0 or (not s.tricks and not s.trick):
        return None
    return game.chain.play.plan(s.mode), trick_seats(game.n, s.playing or (1 << game.n) - 1)


def late_cards(game: Game) -> list[list[int]] | None:
    """Per trick of this hand, per seat, the cards it now holds that joined its hand only
    after that trick (`Phase.joined`: a table card turned up), as masks: the replays below
    leave them out of the hand they rebuild for that trick. None where no phase lets a
    card join a hand."""
    if not game.hooks("joined"):
        return None
    n, k = game.n, len(game.s.tricks) + 1
    late = [[0] * n for _ in range(k)]
    for phase in game.hooks("joined"):
        for seat, card, first in phase.joined(game):
            for trick in range(min(first, k)):
                late[trick][seat] |= 1 << card
    return late


def breaks(game: Game, hands: Sequence[int], seats: Sequence[int]) -> int:
    """How many cards the `seats` played in this hand could not have been played from the
    hands `hands` implies (see `follows_played`)."""
    played = hand_played(game)
    if played is None:
        return 0
    s, (plan, order) = game.s, played
    held = list(hands)
    tricks = [(len(s.tricks), s.leader, tuple(s.trick))] if s.trick else []
    tricks += [(k, t.leader, t.cards) for k, t in reversed(list(enumerate(s.tricks)))]
    late = late_cards(game)
    wrong = 0
    for k, leader, cards in tricks:
        in_order = order[leader]
        for x, card in zip(in_order, cards, strict=False):
            held[x] |= 1 << card  # the hand before this trick
        follow, beats = plan[k]
        led, top = cards[0] // 9, cards[0]
        for x, card in zip(in_order[1:], cards[1:], strict=False):
            hand = held[x] & ~late[k][x] if late is not None else held[x]
            if x in seats and not follow(hand, led, top) >> card & 1:
                wrong += 1
            if beats[top][card]:
                top = card
    return wrong


def surprises(game: Game, hands: Sequence[int], seats: Sequence[int],
              choose: CardChoice) -> int:
    """How many cards the `seats` played in this hand, from a choice of more than one,
    were not the card `choose` (a policy over the trick loop's locals, as
    `guided.CardChoice`) would have played from the hands `hands` implies: the hand
    replayed trick by trick from its start."""
    played = hand_played(game)
    if played is None:
        return 0
    s, (plan, order) = game.s, played
    held = list(hands)
    tricks = [(k, t.leader, t.cards) for k, t in enumerate(s.tricks)]
    if s.trick:
        tricks.append((len(s.tricks), s.leader, tuple(s.trick)))
    for _, leader, cards in tricks:
        for x, card in zip(order[leader], cards, strict=False):
            held[x] |= 1 << card  # the hands as the hand's play began
    wanted = set(seats)
    late = late_cards(game)
    odd = 0
    for k, leader, cards in tricks:
        follow, beats = plan[k]
        trick: list[int] = []
        led, top, win = cards[0] // 9, cards[0], leader
        for x, card in zip(order[leader], cards, strict=False):
            hand = held[x] & ~late[k][x] if late is not None else held[x]
            legal = follow(hand, led, top) if trick else hand
            if x in wanted and legal & (legal - 1) and choose(
                    k, leader, x, hand, legal, trick, win, top if trick else -1) != card:
                odd += 1
            held[x] = hand & ~(1 << card)
            if trick and beats[top][card]:
                top, win = card, x
            trick.append(card)
    return odd


class Places(NamedTuple):
    """The hidden cards of a game as one seat sees it: the places holding them (masks, in
    a fixed order: the other seats' hands in seat order, then the phases'), the hidden
    cards in card order, and per seat the index of its hand among the places (-1: none)."""

    masks: tuple[int, ...]
    pool: tuple[int, ...]
    hand_of: tuple[int, ...]


def known_cards(game: Game, seat: int) -> int:
    """The cards whose place the seat knows: those it was dealt in this hand and holds
    (less those a phase keeps out of its sight: a card dealt face down to it), the cards
    of the tricks, a card shown to all, and what the phases show it (`Phase.known`: a
    talon it took). (The hands as play began are not read: before play they are still
    the last hand's.)"""
    s = game.s
    known = s.hands[seat] | sum(1 << c for c in s.trick)
    for t in s.tricks:
        known |= sum(1 << c for c in t.cards)
    if len(s.dealt) > seat:
        unseen = sum(phase.unseen_dealt(game, seat) for phase in game.hooks("unseen_dealt"))
        known |= s.dealt[seat] & ~unseen
    if s.shown >= 0:
        known |= 1 << s.shown
    for phase in game.hooks("known"):
        known |= phase.known(game, seat)
    return known


def hidden_places(game: Game, seat: int) -> Places:
    """Where the cards the seat cannot see lie (see `Places`)."""
    s = game.s
    hidden = ~known_cards(game, seat)
    masks: list[int] = []
    hand_of = [-1] * game.n
    for x, hand in enumerate(s.hands):
        if x != seat and hand & hidden:
            hand_of[x] = len(masks)
            masks.append(hand & hidden)
    taken = sum(masks)
    for phase in game.hooks("hidden"):
        for mask in phase.hidden(game, seat):
            mask &= hidden & ~taken
            if mask:
                masks.append(mask)
                taken |= mask
    return Places(tuple(masks), tuple(mask_cards(taken)), tuple(hand_of))


def sample_deal(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of the game (no history, no events) where the cards the seat cannot see are
    dealt anew among their places, consistent with what it has seen (see the module
    docstring); its chance is seeded anew from `rng` (`Sampler`, for one deal)."""
    return Sampler(game, seat).deal(rng)


class Sampler:
    """Deals for one seat at one point of a game: what the seat knows and where the hidden
    cards lie are read once, for all the deals a decision samples.

    `checks` bounds the follow checks (`breaks`: one per deal shuffled or mended) of all
    its deals (None: no bound). Where the played cards leave few hands possible, most
    deals break the follow rule and are mended and redrawn again and again; once the
    checks are spent, a deal is drawn among the deals found to keep the rule so far
    (`likely_deal`), or taken as it falls (`deal`). A count, not a time: the deals replay
    exactly, and until the bound is reached they are the unbounded ones."""

    def __init__(self, game: Game, seat: int, checks: int | None = None) -> None:
        self.game, self.seat = game, seat
        self.checks_left = checks
        self.found: list[tuple[list[int], float]] = []  # (pool, weight) that kept the rule
        self.places = places = hidden_places(game, seat)
        self.seen = game.observe(seat)
        self.owner = [i for i, mask in enumerate(places.masks)
                      for _ in range(mask.bit_count())]  # per slot, its place
        self.others = [x for x in range(game.n) if places.hand_of[x] >= 0]
        self.kept = [game.s.hands[x] & ~places.masks[places.hand_of[x]]
                     if places.hand_of[x] >= 0 else 0 for x in range(game.n)]

    def hands_of(self, cards: list[int]) -> list[int]:
        """The hands with the hidden places holding `cards`, slot by slot."""
        new = [0] * len(self.places.masks)
        owner = self.owner
        for i, c in enumerate(cards):
            new[owner[i]] |= 1 << c
        hands = list(self.game.s.hands)
        for x in self.others:
            hands[x] = self.kept[x] | new[self.places.hand_of[x]]
        return hands

    @property
    def spent(self) -> bool:
        """Whether the follow checks are spent (see the class docstring)."""
        return self.checks_left is not None and self.checks_left <= 0

    def broken(self, pool: list[int]) -> int:
        """`breaks` for the hands `pool` gives the hidden places, one check spent."""
        if self.checks_left is not None:
            self.checks_left -= 1
        return breaks(self.game, self.hands_of(pool), self.others)

    def deal(self, rng: random.Random) -> Game:
        """One deal. A deal whose hands break the follow rule is mended by swapping two
        cards of different places, a swap kept where it breaks it no more often (`REPAIRS`
        swaps at most), before the next deal is tried; after `SAMPLE_TRIES`, or once the
        checks are spent, the last one is taken as it is."""
        game = self.game
        pool = list(self.places.pool)
        if self.spent:
            rng.shuffle(pool)
        for _ in range(0 if self.spent else SAMPLE_TRIES):
            if not self.mend(pool, rng):
                sample = redealt(game, self.places, pool, rng)
                if sample.observe(self.seat) == self.seen:
                    return sample
            if self.spent:
                break
        return redealt(game, self.places, pool, rng)

    def mend(self, pool: list[int], rng: random.Random) -> int:
        """Shuffle the hidden cards (in place) and mend the follow rule by swaps (see
        `deal`); how many played cards the hands still could not have played."""
        owner = self.owner
        rng.shuffle(pool)
        wrong = self.broken(pool)
        for _ in range(REPAIRS if len(self.places.masks) > 1 else 0):
            if not wrong or self.spent:
                break
            i, j = rng.randrange(len(pool)), rng.randrange(len(pool))
            if owner[i] == owner[j]:
                continue
            pool[i], pool[j] = pool[j], pool[i]
            now = self.broken(pool)
            if now <= wrong:
                wrong = now
            else:
                pool[i], pool[j] = pool[j], pool[i]
        return wrong

    def likely_deal(self, rng: random.Random, choose: CardChoice, trust: float,
                    candidates: int) -> Game:
        """One deal drawn in proportion to how well it explains the other seats' cards
        in this hand (a Bayesian step, by sampling-importance-resampling): `candidates`
        deals that keep the follow rule, each weighted `trust` to the power of its
        `surprises` under the policy `choose`, and one of them drawn by weight. Once the
        checks are spent, the draw is among every deal found so far (for this policy and
        trust: one decision's). Where the seat's observation of the drawn one is not its
        own, a `deal` instead."""
        pools: list[list[int]] = []
        weights: list[float] = []
        pool = list(self.places.pool)
        for _ in range(candidates * SAMPLE_TRIES):
            if self.spent:
                break
            if not self.mend(pool, rng):
                pools.append(list(pool))
                weights.append(trust ** surprises(self.game, self.hands_of(pool),
                                                  self.others, choose))
                self.found.append((pools[-1], weights[-1]))
                if len(pools) == candidates:
                    break
        if self.spent and len(pools) < candidates:
            pools, weights = [p for p, _ in self.found], [w for _, w in self.found]
        if pools:
            if not sum(weights):  # trust 0 and every candidate surprised: the least so
                weights = [float(w == max(weights)) for w in weights]
            picked = rng.choices(pools, weights)[0]
            sample = redealt(self.game, self.places, picked, rng)
            if sample.observe(self.seat) == self.seen:
                return sample
        return self.deal(rng)


def redealt(game: Game, places: Places, cards: Sequence[int], rng: random.Random) -> Game:
    """A copy of the game with the hidden places holding `cards` (slot by slot, in the
    places' order), no history or events, and its own chance from `rng`: each place's
    cards, in card order, become its new ones in card order (`Redeal`), carried over in
    the hands (now, as dealt, as play began), the cards won and every phase's part."""
    to = list(range(64))
    at = 0
    for mask in places.masks:
        k = mask.bit_count()
        for old, new in zip(mask_cards(mask), sorted(cards[at:at + k]), strict=True):
            to[old] = new
        at += k
    deal = Redeal(to, sum(places.masks))
    g = game.copy(Chance(rng.getrandbits(62)))
    s = g.s
    s.hands = [deal.mask(h) for h in s.hands]
    s.dealt = tuple(deal.mask(h) for h in s.dealt)
    s.in_hands = tuple(deal.mask(h) for h in s.in_hands)
    s.won = [deal.mask(w) for w in s.won]
    s.in_cards = deal.mask(s.in_cards)
    for phase in g.hooks("redeal"):
        phase.redeal(g, deal)
    return g


def playout_copy(deal: Game, seed: int) -> Game:
    """A copy of a sampled deal for one playout: its own chance from `seed`, the game
    ending with this hand (no next deal is made) and no invariant checks (the real game
    checks them)."""
    g = deal.copy(Chance(seed))
    g.s.redeals = HAND_LIMIT  # the hand limit is reached once this hand is scored
    g.check_invariants = False
    return g
