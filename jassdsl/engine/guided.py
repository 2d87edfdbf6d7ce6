"""Guided playouts: the tricks of a hand in one loop, each card chosen by a policy.

`playout.play_tricks` plays random cards in a loop over local variables; bots that
think about their cards (`jassdsl simulate --bots heuristic`) would otherwise go
through `Game.apply` card by card. `guided_tricks` is that loop with the card taken
from a `CardChoice`: a function of what the loop has at hand when a seat is to play.
Everything else is the random loop's: the follow regime and deciding table of each
trick from `Play.plan`, the `restless` subscribers asked whether they are calm after
each lead, the tricks added and their `on_trick` subscribers called afterwards
(`playout.close_tricks`). It plays where `play_random` would play its loop (the
caller checks `playout.uncovered`, the hooks and even hands at a trick boundary), so a
policy that picks the card `Game.apply`'s bot picks plays the same game.
`tests/test_differential.py` plays both paths with the heuristic bots.
"""

from __future__ import annotations

from typing import Protocol

from jassdsl.core.errors import ApiUsageError
from jassdsl.engine.game import Game
from jassdsl.engine.phase import Phase
from jassdsl.engine.playout import close_tricks, followers


class CardChoice(Protocol):
    """A seat's card, from the loop's locals: trick `k` of the hand (from 0) led by
    `leader`; the seat, its hand and legal cards (bitmasks); the cards of the trick so
    far in play order (empty: the seat leads; the list is the loop's, do not keep it);
    the seat and card winning it so far (the leader and -1 when it is empty)."""

    def __call__(self, k: int, leader: int, seat: int, hand: int, legal: int,
                 trick: list[int], win: int, top: int) -> int: ...


def guided_tricks(game: Game, choose: CardChoice, restless: tuple[Phase, ...] = ()) -> None:
    """Play out the current hand from a trick boundary with the chosen cards, then score
    it; as `playout.play_tricks`, whose docstring says where it may run, but with the
    card from `choose` instead of a random draw. A card that is not legal raises
    ApiUsageError (the policy is wrong; the hand is left half played)."""
    s, r = game.s, game.rules
    play = game.chain.play
    hands, won = s.hands, s.won
    mode = s.mode
    after = followers(r.players, s.playing)
    n = len(after[s.leader]) + 1  # cards in a trick: one per seat in play
    played: list[int] = []  # the cards in play order
    leaders = [s.leader]  # the leader of every trick, and finally the next leader
    leader = s.leader
    k = len(s.tricks)  # the trick being played, from 0
    plan = play.plan(mode)  # per trick: Play's follow regime and beat rows
    pending = -1  # a lead that a restless subscriber is not calm about
    while hands[leader]:
        follow, beats = plan[k]
        hand = hands[leader]
        trick: list[int] = []
        card = choose(k, leader, leader, hand, hand, trick, leader, -1)
        if not (0 <= card < 36 and hand >> card & 1):
            raise ApiUsageError(f"a policy chose card {card}, which seat {leader} cannot lead")
        led = card // 9
        if restless:
            held = tuple([hands[seat] for seat in after[leader]])
            if not all(p.calm(game, led, held) for p in restless):
                pending = card
                break
        taken = 1 << card
        hands[leader] = hand ^ taken
        trick.append(card)
        top, row, win = card, beats[card], leader
        for seat in after[leader]:
            hand = hands[seat]
            legal = follow(hand, led, top)
            card = choose(k, leader, seat, hand, legal, trick, win, top)
            if not (0 <= card < 36 and legal >> card & 1):
                raise ApiUsageError(f"a policy chose card {card}, which seat {seat} may not play")
            bit = 1 << card
            hands[seat] = hand ^ bit
            taken |= bit
            trick.append(card)
            if row[card]:
                top, win, row = card, seat, beats[card]
        played += trick
        won[win] |= taken
        leaders.append(win)
        leader = win
        k += 1
    close_tricks(game, played, leaders, n, pending)
