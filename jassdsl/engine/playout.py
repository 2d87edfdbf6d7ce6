"""Random playouts: whole games of random legal actions, fast enough for statistics.

The random policy: at every decision the player takes option number ``(b * k) >> 32``
of the k legal options, ordered as `Game.legal_actions` lists them (cards lowest index
first), where ``b = rng.getrandbits(32)`` is drawn only when there is a choice (k > 1).
That is uniform up to a bias below k / 2**32. `choose` applies the policy to any list of
actions, so driving `Game.apply` with it plays exactly the games `play_random` plays,
only more slowly.

`play_random` keeps the interpreter general: the tricks of a hand are played in one
loop over local variables, but legality comes from the rule file's follow regime
(`play.follow_rule`), trick winners from `play.beat_rows` (a table of `trick_winner`),
and trump choice, declarations, scoring and the end of the game from `Game` itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TypeVar

from jassdsl.deal import trick_seats
from jassdsl.engine.game import Game
from jassdsl.engine.records import Trick
from jassdsl.modes import BASE_MODES
from jassdsl.play import beat_rows, follow_plain, trick_winner

T = TypeVar("T")


def choose(getrandbits: Callable[[int], int], options: Sequence[T]) -> T:
    """The random policy: option (b * k) >> 32 of k, drawing b only if there is a choice."""
    k = len(options)
    return options[0] if k == 1 else options[getrandbits(32) * k >> 32]


def play_random(game: Game, rng: random.Random, hands: int | None = None) -> int:
    """Play random legal actions until the game is over, or until `hands` more hands end.

    Returns the number of hands finished. A game that records undo history is played
    through `Game.apply` only; otherwise whole tricks are played by `play_tricks`."""
    bits = rng.getrandbits
    results = game.results
    stop = len(results) + hands if hands is not None else None
    done = len(results)
    s = game.s
    while s.phase != "over" and (stop is None or len(results) < stop):
        if s.phase in ("play", "weis") and not s.trick and not game.record:
            play_tricks(game, bits)
        else:
            game.apply(choose(bits, game.legal_actions()))
        s = game.s
        results = game.results
    return len(results) - done


@cache
def followers(players: int, playing: int = -1) -> tuple[tuple[int, ...], ...]:
    """Per leading seat: the seats that follow it in a trick, in order, among the seats
    in `playing` (a bitmask; -1: everybody)."""
    mask = (1 << players) - 1 if playing < 0 else playing
    return tuple(seats[1:] for seats in trick_seats(players, mask))


def play_tricks(game: Game, getrandbits: Callable[[int], int]) -> None:
    """Play out the current hand from a trick boundary with random cards, then score it.

    In the first trick of a hand with Weis, a seat holding one decides before its card,
    as `Game.apply` asks it: option 0 of [weis 1, weis 0] declares. The Weis is scored
    when the hand's tricks are over, and counts (with `count first:`, before the tricks)
    when the end of the hand (`hand_end`) books it, on this path as on `Game.apply`."""
    s, r = game.s, game.rules
    w = s.weis
    todo = w.todo if w is not None else 0  # seats still to decide on their Weis
    said = list(w.said) if w is not None else []
    offer = w.offer if w is not None else ()
    weis_here = w is not None and not s.tricks  # the first trick is played here
    hands, won, tricks = s.hands, s.won, s.tricks
    mode = s.mode
    void_sets_trump = mode < 0 and r.trump_kind == "first_void"
    follow = game.chain.play.follow_by_mode[mode] if mode >= 0 else follow_plain
    beats = beat_rows(game.order_table())
    after = followers(r.players, s.playing)
    n = len(after[s.leader]) + 1  # cards in a trick: one per seat in play
    played: list[int] = []  # the cards in play order
    play = played.append
    leaders = [s.leader]  # the leader of every trick, and finally the next leader
    lead = leaders.append
    leader = s.leader
    new_trick = tuple.__new__
    scheduled = mode >= BASE_MODES  # a file's mode: each trick in its own base mode
    k_trick = len(tricks)
    while hands[leader]:
        if scheduled:
            base = r.trick_mode(mode, k_trick)
            follow = game.chain.play.follow_by_mode[base]
            beats = beat_rows(r.modes[base])
            k_trick += 1
        if todo and todo >> leader & 1:
            todo ^= 1 << leader
            if not getrandbits(32) >> 31:
                said[leader] = offer[leader]
        legal = hand = hands[leader]
        k = legal.bit_count()
        if k > 1:
            j = getrandbits(32) * k >> 32
            while j:
                legal &= legal - 1  # drop the lowest cards until the chosen one is lowest
                j -= 1
        taken = legal & -legal
        hands[leader] = hand ^ taken
        top = card = taken.bit_length() - 1
        play(card)
        led = card // 9
        row = beats[card]
        win = leader
        for seat in after[leader]:
            if todo and todo >> seat & 1:
                todo ^= 1 << seat
                if not getrandbits(32) >> 31:
                    said[seat] = offer[seat]
            hand = hands[seat]
            legal = follow(hand, led, top)
            k = legal.bit_count()
            if k > 1:
                j = getrandbits(32) * k >> 32
                while j:
                    legal &= legal - 1
                    j -= 1
            bit = legal & -legal
            hands[seat] = hand ^ bit
            taken |= bit
            card = bit.bit_length() - 1
            play(card)
            if void_sets_trump and card // 9 != led:
                # the first card of a player who cannot follow sets trump, as in `tricks.Play.play`
                void_sets_trump = False
                mode = s.mode = card // 9
                follow = game.chain.play.follow_by_mode[mode]
                beats = beat_rows(game.order_table())
                seats = (leader, *after[leader])
                cards = played[-seats.index(seat) - 1:]  # this trick so far
                top_i = trick_winner(cards, game.order_table())
                top, win = cards[top_i], seats[top_i]
                row = beats[top]
            elif row[card]:
                top, win, row = card, seat, beats[card]
        won[win] |= taken
        lead(win)
        leader = win
    per_trick = [iter(played)] * n  # zip over n references to one iterator groups by n
    by_trick = zip(*per_trick, strict=False)
    for record in zip(leaders, by_trick, leaders[1:], strict=False):
        tricks.append(new_trick(Trick, record))  # Trick(*record) without Python code
    s.leader = s.current = leader
    if weis_here:
        assert w is not None and game.chain.weis is not None
        w.todo, w.said, s.phase = 0, tuple(said), "play"
        game.chain.weis.count(game)
    game.finish_hand()
