"""Deals a seat cannot tell apart from the real one, for a bot that searches them (the
determinization of perfect-information Monte Carlo): the cards the other seats hold now,
dealt anew among them, each keeping its count; a deal counts only if every card played in
this hand could have been played from the hand it implies by the file's follow rule, and
the seat's observation of it is the one it has. Engine code, as it builds games from
hands; the bot that uses it reads nothing else of a game's insides."""

from __future__ import annotations

import random
from collections.abc import Sequence

from jassdsl.core.cards import mask_cards
from jassdsl.core.deal import trick_seats
from jassdsl.engine.chance import Chance
from jassdsl.engine.game import Game

SAMPLE_TRIES = 10  # deals tried per sample before the last one is taken as it is
REPAIRS = 60  # swaps tried to mend a deal that breaks the follow rule


def follows_played(game: Game, hands: Sequence[int], seats: Sequence[int]) -> bool:
    """Whether every card the `seats` played in this hand (finished tricks and the open
    one) could be played, by the follow rule of its trick, from the hand it implies (the
    cards `hands` gives the seat now, and those it played since)."""
    return breaks(game, hands, seats) == 0


def breaks(game: Game, hands: Sequence[int], seats: Sequence[int]) -> int:
    """How many cards the `seats` played in this hand could not have been played from the
    hands `hands` implies (see `follows_played`)."""
    s, play = game.s, game.chain.play
    if s.mode < 0 or (not s.tricks and not s.trick):
        return 0
    plan = play.plan(s.mode)
    held = list(hands)
    order = trick_seats(game.n, s.playing or (1 << game.n) - 1)
    tricks = [(len(s.tricks), s.leader, tuple(s.trick))] if s.trick else []
    tricks += [(k, t.leader, t.cards) for k, t in reversed(list(enumerate(s.tricks)))]
    wrong = 0
    for k, leader, cards in tricks:
        in_order = order[leader]
        for x, card in zip(in_order, cards, strict=False):
            held[x] |= 1 << card  # the hand before this trick
        follow, beats = plan[k]
        led, top = cards[0] // 9, cards[0]
        for x, card in zip(in_order[1:], cards[1:], strict=False):
            if x in seats and not follow(held[x], led, top) >> card & 1:
                wrong += 1
            if beats[top][card]:
                top = card
    return wrong


def sample_deal(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of the game (no history, no events) where the cards the other seats hold are
    dealt anew among them, consistent with what the seat has seen (see the module
    docstring); its chance is seeded anew from `rng`. A deal whose hands break the follow
    rule is mended by swapping cards between two other seats, a swap kept where it breaks
    it no more often (`REPAIRS` swaps at most), before the next deal is tried."""
    s = game.s
    others = [x for x in range(game.n) if x != seat and s.hands[x]]
    pool = [c for x in others for c in mask_cards(s.hands[x])]
    seen = game.observe(seat)
    hands = list(s.hands)
    for _ in range(SAMPLE_TRIES):
        rng.shuffle(pool)
        at = 0
        for x in others:
            k = s.hands[x].bit_count()
            hands[x] = sum(1 << c for c in pool[at:at + k])
            at += k
        wrong = breaks(game, hands, others)
        for _ in range(REPAIRS if len(others) > 1 else 0):
            if not wrong:
                break
            x, y = rng.sample(others, 2)
            a, b = rng.choice(mask_cards(hands[x])), rng.choice(mask_cards(hands[y]))
            swap = 1 << a | 1 << b
            hands[x] ^= swap
            hands[y] ^= swap
            now = breaks(game, hands, others)
            if now <= wrong:
                wrong = now
            else:
                hands[x] ^= swap
                hands[y] ^= swap
        if not wrong:
            sample = dealt(game, hands, rng)
            if sample.observe(seat) == seen:
                return sample
    return dealt(game, hands, rng)


def dealt(game: Game, hands: Sequence[int], rng: random.Random) -> Game:
    """A copy of the game with these hands (what each seat held when play began changed
    alike), no history or events, and its own chance from `rng`."""
    g = game.copy(Chance(rng.getrandbits(62)))
    s = g.s
    old = game.s.hands
    s.hands = list(hands)
    if len(s.in_hands) == len(hands):
        s.in_hands = tuple((h & ~old[x]) | hands[x] for x, h in enumerate(s.in_hands))
    return g
