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

from collections.abc import Callable
from typing import Any, Protocol
from weakref import WeakKeyDictionary

from jassdsl.compile.play import trick_winner
from jassdsl.core.actions import Action
from jassdsl.core.deal import trick_seats
from jassdsl.core.errors import ApiUsageError
from jassdsl.core.tables import ModeTable
from jassdsl.engine.game import Game
from jassdsl.engine.phase import Phase
from jassdsl.engine.playout import close_tricks, even_hands, followers, uncovered
from jassdsl.engine.tricks import Play


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


OrderTable = Callable[[int, int], ModeTable]  # (mode, trick) -> the table that decides it


class CardSource(CardChoice, Protocol):
    """Where cards come from in `play_guided`: told the hand's mode, the seats of a trick
    per leader among the seats in play, the table deciding each trick (`Play.order_table`)
    and a memo shared by the games of one chain (for what depends only on the rules and
    the mode), then asked as a `CardChoice`."""

    def at(self, mode: int, seats: tuple[tuple[int, ...], ...], order_table: OrderTable,
           memo: dict[int, Any]) -> CardChoice: ...


# per phase of play (one per chain, which `simulate`'s games share): a card source's memo
MEMOS: WeakKeyDictionary[Play, dict[int, Any]] = WeakKeyDictionary()


def loop_covers(game: Game) -> bool:
    """Whether a policy's cards may be played in `guided_tricks`: a game without history
    or events, whose file the loop covers (`playout.uncovered`), where no mechanism forms
    sides per hand (a bot reads a hand's sides from its observation)."""
    return not (game.record or game.log is not None or uncovered(game.rules)
                or game.hooks("partners"))


def hand_cards(game: Game, source: CardSource) -> CardChoice:
    """What `source` plays in this hand's tricks, as `play_guided` asks it: its plan for
    the mode now and the seats in play (for a policy that replays a hand's tricks)."""
    play, players = game.chain.play, game.rules.players
    full = (1 << players) - 1
    seats = trick_seats(players, game.s.playing & full or full)
    return source.at(game.s.mode, seats, play.order_table, MEMOS.setdefault(play, {}))


def play_guided(game: Game, source: CardSource, act: Callable[[int], Action],
                hands: int | None = None) -> int:
    """Play until the game is over (or `hands` more hands end): the cards from `source`,
    whole tricks in `guided_tricks` where the random playout would play its loop (see
    `playout.play_random`), other cards one by one as `Game.apply` plays them; every
    other decision `act(seat)` through `Game.apply`. Only for a game `loop_covers`.
    Returns the number of hands finished."""
    play = game.chain.play
    memo = MEMOS.setdefault(play, {})
    players = game.rules.players
    full = (1 << players) - 1
    s = game.s
    done = len(s.results)
    stop = done + hands if hands is not None else None
    while s.phase != "over" and (stop is None or len(s.results) < stop):
        if s.phase == "play":
            seats = trick_seats(players, s.playing & full or full)
            cards = source.at(s.mode, seats, play.order_table, memo)
            restless = play.restless(game) if not s.trick and even_hands(s, players) else None
            if restless is not None and all(p.calm(game, -1, ()) for p in restless):
                guided_tricks(game, cards, restless)
            else:  # one card as `Game.apply` plays it
                trick, k, seat = s.trick, len(s.tricks), s.current
                win, top = s.leader, -1
                if trick:
                    i = trick_winner(trick, play.order_table(s.mode, k))
                    win, top = seats[s.leader][i], trick[i]
                play.play(game, cards(k, s.leader, seat, s.hands[seat], game.legal_mask(),
                                      trick, win, top))
        else:
            game.apply(act(s.current))
        s = game.s
    return len(s.results) - done
