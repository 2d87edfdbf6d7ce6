"""A searching bot: perfect-information Monte Carlo over deals the seat cannot tell apart.

At each decision with a choice, `SearchBot` deals the cards it cannot see anew K times
(`sample_deal`), plays every legal action on each of those deals and the rest of the hand
with heuristic bots (`bots.tricks.play_bots`: whole tricks in the fast guided loop where it covers
the file), and takes the action whose hands end best for its seat on average; the deals
are played in rounds, the worse half of the actions dropped after each (sequential
halving), so most playouts go to the actions that might be best. "Best" is
what the file scores: the hand's result in the unit that decides the game, signed so that
more is better where the most win and less where the fewest win (`score_of`), the seat's
side against the mean of the others. Nothing here knows a variant: every decision kind a
file has (trump, push, bids, declarations, Weis, the talon, cards) is searched alike.

Where a decision has more than `MAX_CHOICES` options (an estimate with 158 values), it
searches the heuristic's value and those around it (`around`). It answers as
`HeuristicBot` does where an action is forced, and on a tie (the heuristic's action is
tried first and kept unless another one is strictly better).

The sample reads only what the seat may see (`engine.determinize`): every card whose
place it cannot see (the other hands, hidden piles such as a talon, cards laid away out of
its sight, folded hands) is dealt anew among those places, each keeping its count, and
what mechanisms derive from the hands (the Weise a seat may declare) is derived again; a
deal counts only if every card played in this hand could have been played by the file's
follow rule from the hand it implies, and if the seat's observation of the sampled game
is the one it has. So a decision depends on nothing the seat cannot see
(`tests/test_search_bot.py` plays twin games that differ only there). The bot's own
generator (seeded from the game seed and the seat, as every bot's) draws the deals and
seeds each rollout's chance, and the budgets are counts, so a game replays exactly.

The hard level also infers (`Level.trust`): a deal is drawn among a few that keep the
follow rule, weighted by how well it explains the cards the other seats played in this
hand (each card the heuristic would not have played from the hand the deal gives that
seat weighs `trust`, `determinize.surprises`): a seat that did not take a trick with
points at stake likely had nothing to take it with. It reads only what the seat saw
(the cards played, and the deal it samples); easy and medium deal without it, as
they did when their games were measured. Where the cards played leave few hands
possible, most deals break the follow rule and are mended and redrawn; hard checks at
most `Level.checks` deals a decision against it (a count) and then draws among those it
found to keep it, so its longest decision stays under a second (`Sampler`).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from jassdsl.bots.heuristic import HeuristicBot
from jassdsl.bots.tricks import TrickCards, play_bots
from jassdsl.core.actions import Action
from jassdsl.engine import Game
from jassdsl.engine.determinize import Sampler, follows_played, playout_copy, sample_deal
from jassdsl.engine.guided import CardChoice, hand_cards
from jassdsl.engine.playout import uncovered

__all__ = ["LEVELS", "Level", "SearchBot", "follows_played", "sample_deal"]

MAX_CHOICES = 16  # more options than this: those around the heuristic's (`around`)


class Level(NamedTuple):
    """A search budget, in counts (never in time, so that a game replays exactly): deals
    sampled per decision, each action played out on each, but no more than `rollouts`
    playouts in all (a decision among many actions samples fewer deals)."""

    samples: int
    rollouts: int = 1 << 30
    # inference (0: none): each deal drawn from `candidates` by how well it explains the
    # other seats' cards in this hand, a card the heuristic would not have played
    # weighing `trust` times a card it would (`Sampler.likely_deal`)
    trust: float = 0.0
    candidates: int = 1
    # follow checks of all the decision's deals, at most (0: no bound; `Sampler`): where
    # the cards played leave few hands possible, deals are redrawn no longer than that
    checks: int = 0

    def deals(self, actions: int) -> int:
        """How many deals a decision among this many actions samples (2 at least)."""
        return max(2, min(self.samples, self.rollouts // actions))


# the mean per decision over a Schieber game, on this 2-core machine, in CPU time: about
# 4 ms and 30 ms; hard, with its inference, about 0.2 s, its longest under a second (the
# strength table, bench/results/strength.json): without its bound on follow checks, the
# deals redrawn where the cards played leave few hands possible took up to 7 s
LEVELS = {"easy": Level(7), "medium": Level(60), "hard": Level(200, 1000, 0.3, 6, 30_000)}


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


def around(plan: Action, legal: list[Action]) -> list[Action]:
    """Where a decision has too many options to play out (an estimate of 0 to 157), the
    heuristic's action, the few of other kinds (a pass beside the bids) and the legal
    values of its kind around it, evenly spaced over about a third of their range
    (`MAX_CHOICES` in all): the search then corrects the heuristic's number."""
    values = {a.value: a for a in legal if a.kind == plan.kind and a != plan}
    others = [a for a in legal if a.kind != plan.kind]
    out = [plan, *(others if len(others) <= 3 else [])]
    stride = max(1, len(values) // (3 * MAX_CHOICES))
    near = [values[v] for k in range(1, len(values) + 1) for v in
            (plan.value - k * stride, plan.value + k * stride) if v in values]
    return [*out, *near[:MAX_CHOICES - len(out)]]


def heuristic_cards(game: Game) -> CardChoice | None:
    """The heuristic's cards in this hand's tricks as a policy over the trick loop's
    locals (`bots.tricks.TrickCards`), for the inference of `Sampler.likely_deal`; None while no
    trump is set, where the trick loop does not cover the file, or where a mechanism
    forms sides per hand (the heuristic reads those from its observation)."""
    if game.mode < 0 or uncovered(game.rules) or game.hooks("partners"):
        return None
    bots = [HeuristicBot(random.Random(0))] * game.rules.players  # its cards draw nothing
    return hand_cards(game, TrickCards(game, bots))


class SearchBot:
    """Perfect-information Monte Carlo with heuristic rollouts (see the module docstring)."""

    def __init__(self, rng: random.Random, level: Level = LEVELS["easy"]) -> None:
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
        actions = [plan, *(a for a in legal if a != plan)]
        if len(legal) > MAX_CHOICES:
            actions = around(plan, legal)
            if len(actions) == 1:
                return plan
        best, best_score = plan, float("-inf")
        for action, score in self.scores(game, seat, actions):
            if score > best_score:
                best, best_score = action, score
        return best

    def scores(self, game: Game, seat: int, actions: list[Action]) -> list[tuple[Action, float]]:
        """The actions still in the race at the end, in their order, each with the sum of
        its hands' scores over the same sampled deals (the deals, and each deal's rollout
        seed, are drawn once for all the actions). Sequential halving: the deals are
        played in rounds, and after each round the better half of the actions goes on
        (two at least; ties keep the earlier action), so most playouts go to the actions
        that might be best (about half the playouts among nine cards)."""
        level = self.level
        sampler = Sampler(game, seat, level.checks or None)
        k = level.deals(len(actions))
        policy = heuristic_cards(game) if level.trust else None
        if policy is not None:
            deals = [sampler.likely_deal(self.rng, policy, level.trust, level.candidates)
                     for _ in range(k)]
        else:
            deals = [sampler.deal(self.rng) for _ in range(k)]
        seeds = [self.rng.getrandbits(62) for _ in deals]  # one per deal, for every action
        rounds = max(1, (len(actions) - 1).bit_length())  # halvings down to two actions
        totals = dict.fromkeys(actions, 0.0)
        alive = list(actions)
        start = 0
        for r in range(rounds):
            end = k * (r + 1) // rounds
            for action in alive:
                totals[action] += sum(self.rollout(deals[i], seeds[i], seat, action)
                                      for i in range(start, end))
            start = end
            if r < rounds - 1:
                ranked = sorted(alive, key=lambda a: -totals[a])  # stable: ties keep order
                keep = set(ranked[:max(2, (len(alive) + 1) // 2)])
                alive = [a for a in alive if a in keep]
        return [(action, totals[action]) for action in alive]

    def rollout(self, deal: Game, seed: int, seat: int, action: Action) -> float:
        """The action on a copy of the sampled deal, the rest of the hand played by
        heuristic bots; the hand's score for the seat."""
        g = playout_copy(deal, seed)
        done = len(g.results)
        g.apply(action)
        if len(g.results) == done and not g.is_over:
            rng = random.Random(seed)
            play_bots(g, [HeuristicBot(rng)] * g.n, hands=1)
        if len(g.results) == done:  # the game ended without a hand's result
            return 0.0
        return score_of(g, seat, done)
