"""A searching bot: perfect-information Monte Carlo over deals the seat cannot tell apart.

At each decision with a choice, `SearchBot` deals the cards it cannot see anew K times
(`sample_deal`), plays every legal action on each of those deals and the rest of the hand
with heuristic bots (`bots.play_bots`: whole tricks in the fast guided loop where it covers
the file), and takes the action whose hands end best for its seat on average. "Best" is
what the file scores: the hand's result in the unit that decides the game, signed so that
more is better where the most win and less where the fewest win (`score_of`), the seat's
side against the mean of the others. Nothing here knows a variant: every decision kind a
file has (trump, push, bids, declarations, Weis, the talon, cards) is searched alike.

Where it does not search, it answers as `HeuristicBot` does: an action that is forced, a
decision with more than `MAX_CHOICES` options (an estimate with 158 values, a long
auction, many talon discards: too many to play out cheaply), and a tie (the heuristic's
action is tried first and kept unless another one is strictly better).

The sample reads only what the seat may see: its own hand, the cards played, the
observation. The other seats' cards now are dealt anew among them (each keeps its count);
a deal counts only if every card played in this hand could have been played by the
file's follow rule from the hand it implies, and if the seat's observation of the sampled
game is the one it has (a card shown to all stays where it was shown); a deal that breaks
the follow rule is mended by swaps first. After `SAMPLE_TRIES` misses the last deal is
taken as it is. Cards in hidden piles (a talon) and
what mechanisms keep about the hands are not dealt anew: the rollout reads them as the
real game has them. The bot's own generator (seeded from the game seed and the seat, as
every bot's) draws the deals and seeds each rollout's chance, so a game replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from jassdsl.core.actions import Action
from jassdsl.core.cards import mask_cards
from jassdsl.core.deal import trick_seats
from jassdsl.engine import Game
from jassdsl.engine.chance import Chance

MAX_CHOICES = 16  # more options than this: the heuristic's choice (too many to play out)
SAMPLE_TRIES = 10  # deals tried per sample before the last one is taken as it is
REPAIRS = 60  # swaps tried to mend a deal that breaks the follow rule


class Level(NamedTuple):
    """A search budget: deals sampled per decision (each action is played out on each)."""

    samples: int


# about 10 ms, 50 ms and 1 s per decision (the mean over a Schieber hand, on a 2-core machine)
LEVELS = {"easy": Level(7), "medium": Level(45), "hard": Level(900)}


def score_of(game: Game, seat: int, hand: int) -> float:
    """The hand's result (results[hand]) for the seat's side, as the file scores it: its
    amount in the unit that decides the game, signed so that more is better, less the mean
    of the other sides."""
    r = game.rules
    unit, sign = r.winner_unit
    sign = sign if r.winner_most else -sign
    totals = game.results[hand].totals[unit]
    mine = r.team_of[seat]
    others = [v for x, v in enumerate(totals) if x != mine]
    return sign * (totals[mine] - (sum(others) / len(others) if others else 0))


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


class SearchBot:
    """Perfect-information Monte Carlo with heuristic rollouts (see the module docstring)."""

    def __init__(self, rng: random.Random, level: Level = LEVELS["easy"]) -> None:
        from jassdsl.bots import HeuristicBot

        self.rng = rng
        self.level = level
        self.heuristic = HeuristicBot(rng)

    def choose(self, game: Game, seat: int) -> Action:
        forced = game.forced_action()
        if forced is not None:
            return forced
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        plan = self.heuristic.choose(game, seat)
        if len(legal) > MAX_CHOICES:
            return plan
        actions = [plan, *(a for a in legal if a != plan)]
        deals = [sample_deal(game, seat, self.rng) for _ in range(self.level.samples)]
        seeds = [self.rng.getrandbits(62) for _ in deals]  # one per deal, for every action
        best, best_score = plan, float("-inf")
        for action in actions:
            total = sum(self.rollout(deal, seed, seat, action)
                        for deal, seed in zip(deals, seeds, strict=True))
            if total > best_score:
                best, best_score = action, total
        return best

    def rollout(self, deal: Game, seed: int, seat: int, action: Action) -> float:
        """The action on a copy of the sampled deal, the rest of the hand played by
        heuristic bots; the hand's score for the seat."""
        from jassdsl.bots import HeuristicBot, play_bots

        g = deal.copy(Chance(seed))
        done = len(g.results)
        g.apply(action)
        if len(g.results) == done and not g.is_over:
            rng = random.Random(seed)
            play_bots(g, [HeuristicBot(rng)] * g.n, hands=1)
        if len(g.results) == done:  # the game ended without a hand's result
            return 0.0
        return score_of(g, seat, done)
