"""Random playouts: whole games of random legal actions, fast enough for statistics.

The random policy: at every decision the player takes option number ``(b * k) >> 32``
of the k legal options, ordered as `Game.legal_actions` lists them (cards lowest index
first), where ``b = rng.getrandbits(32)`` is drawn only when there is a choice (k > 1).
That is uniform up to a bias below k / 2**32. `choose` applies the policy to any list of
actions, so driving `Game.apply` with it plays exactly the games `play_random` plays,
only more slowly.

`play_random` plays the tricks of a hand in one loop over local variables
(`play_tricks`), but every decision in it is made by the functions `Game.apply` uses
(`tricks.Play`): trick k of a hand in a mode follows the regime of its base mode
(`Play.base_of`, `Play.follow_in`) and is decided by `Play.order_table(mode, k)` (read
as `play.beat_rows`, a table of `trick_winner`), both gathered per trick by `Play.plan`;
the first card that sets trump is `Play.sets_trump`'s; the Weis decisions are taken by
the Weis phase itself. Trump choice, declarations, scoring and the end of the game go
through `Game`.

The loop plays a hand only where it is known to play it as `Game.apply` would: the rule
file's constructs are all on its list (`uncovered`, decided once per `play_random`
call), the game keeps no history or events, and every seat in play holds as many cards
(checked where a hand's tricks would start on the loop). Anything else goes through `Game.apply`, one action at a time, with the same
draws. `tests/test_differential.py` plays both paths over every shipped file, option set,
language fixture and fuzzed file that `check` accepts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TypeVar

from jassdsl.compiler import CompiledRules
from jassdsl.deal import trick_seats
from jassdsl.engine.game import Game
from jassdsl.engine.records import Trick
from jassdsl.engine.state import State
from jassdsl.play import trick_winner
from jassdsl.roles import ROLE_LIST

T = TypeVar("T")


def choose(getrandbits: Callable[[int], int], options: Sequence[T]) -> T:
    """The random policy: option (b * k) >> 32 of k, drawing b only if there is a choice."""
    k = len(options)
    return options[0] if k == 1 else options[getrandbits(32) * k >> 32]


# The trump methods whose hands the loop plays: trump known before the first card (set
# at the deal, by a schedule, a turned card, a player's or the scoresheet's choice), or
# set by the first card of a player who cannot follow (`Play.sets_trump`). A method not
# listed here (a new one) sends the file's games through `Game.apply`.
FAST_TRUMP = frozenset({"first_void", "random_suit", "bottom_card", "none", "forehand_chooses",
                        "bidder_chooses", "turned", "fixed", "in_turn", "sheet"})


def uncovered(rules: CompiledRules) -> tuple[str, ...]:
    """What in a rule file the fast loop does not play (empty: it plays all of it).

    A whitelist: the loop covers the trump methods of `FAST_TRUMP`, and roles that are
    known before the first card (it writes no role, such as who first could not follow).
    Follow regimes, the file's own modes, the fallback without trump and Weis are the
    functions `Play` and the Weis phase use, so every file has them alike."""
    out = []
    if rules.trump_kind not in FAST_TRUMP:
        out.append(f"trump method {rules.trump_kind}")
    out += [f"role {ROLE_LIST[i].name}" for i in sorted(rules.roles_read)
            if not ROLE_LIST[i].before_play]
    return tuple(out)


def even_hands(s: State, players: int) -> bool:
    """At a trick boundary: every seat in play holds as many cards as the leader, at
    least one (the loop plays tricks until the leader's hand is empty)."""
    hands = s.hands
    size = hands[s.leader].bit_count()
    for seat in followers(players, s.playing)[s.leader]:
        if hands[seat].bit_count() != size:
            return False
    return size > 0


def play_random(game: Game, rng: random.Random, hands: int | None = None) -> int:
    """Play random legal actions until the game is over, or until `hands` more hands end.

    Returns the number of hands finished. Whole tricks are played by `play_tricks` where
    it covers the game (see the module docstring); otherwise, and for every other
    decision, through `Game.apply` and `choose`: the same draws, the same game."""
    bits = rng.getrandbits
    results = game.results
    stop = len(results) + hands if hands is not None else None
    done = len(results)
    s = game.s
    fast = not game.record and game.log is None and not uncovered(game.rules)
    players = game.rules.players
    while s.phase != "over" and (stop is None or len(results) < stop):
        if fast and s.phase in ("play", "weis") and not s.trick and even_hands(s, players):
            play_tricks(game, bits)
        else:
            game.apply(choose(bits, game.legal_actions()))
        s = game.s
        results = game.results
    return len(results) - done


def decide_weis(game: Game, seat: int, getrandbits: Callable[[int], int]) -> int:
    """A seat holding a Weis decides before its first card, as `Game.apply` asks it: the
    policy's choice among the Weis phase's actions, taken by that phase. Returns the
    seats still to decide."""
    weis, s = game.chain.weis, game.s
    assert weis is not None and s.weis is not None
    s.current = seat
    weis.take(game, choose(getrandbits, weis.legal(game)))
    return s.weis.todo


@cache
def followers(players: int, playing: int = -1) -> tuple[tuple[int, ...], ...]:
    """Per leading seat: the seats that follow it in a trick, in order, among the seats
    in `playing` (a bitmask; -1: everybody)."""
    mask = (1 << players) - 1 if playing < 0 else playing
    return tuple(seats[1:] for seats in trick_seats(players, mask))


def play_tricks(game: Game, getrandbits: Callable[[int], int]) -> None:
    """Play out the current hand from a trick boundary with random cards, then score it.

    Only for a game `play_random` lets it play (see the module docstring). Each trick k
    is played in the regime and decided by the table that `Play` names for (mode, k);
    when the first card that cannot follow sets trump, the rest of the trick follows the
    new mode and its winner so far is found anew. In the first trick of a hand with
    Weis, a seat holding one decides before its card (`decide_weis`); the Weis is counted
    when the hand's tricks are over, and booked (with `count first:`, before the tricks)
    when the end of the hand (`hand_end`) books it, on this path as on `Game.apply`."""
    s, r = game.s, game.rules
    play = game.chain.play
    sets_trump = play.sets_trump
    w = s.weis
    todo = w.todo if w is not None else 0  # seats still to decide on their Weis
    weis_here = w is not None and not s.tricks  # the first trick is played here
    hands, won, tricks = s.hands, s.won, s.tricks
    mode = s.mode
    open_trump = play.trump_open(mode)  # a card may still set trump (`sets_trump`)
    after = followers(r.players, s.playing)
    n = len(after[s.leader]) + 1  # cards in a trick: one per seat in play
    played: list[int] = []  # the cards in play order
    play_card = played.append
    leaders = [s.leader]  # the leader of every trick, and finally the next leader
    lead = leaders.append
    leader = s.leader
    new_trick = tuple.__new__
    k = len(tricks)  # the trick being played, from 0
    plan = play.plan(mode)  # per trick: Play's follow regime and beat rows
    while hands[leader]:
        follow, beats = plan[k]
        if todo and todo >> leader & 1:
            todo = decide_weis(game, leader, getrandbits)
        legal = hand = hands[leader]
        m = legal.bit_count()
        if m > 1:
            j = getrandbits(32) * m >> 32
            while j:
                legal &= legal - 1  # drop the lowest cards until the chosen one is lowest
                j -= 1
        taken = legal & -legal
        hands[leader] = hand ^ taken
        top = card = taken.bit_length() - 1
        play_card(card)
        led = card // 9
        row = beats[card]
        win = leader
        for seat in after[leader]:
            if todo and todo >> seat & 1:
                todo = decide_weis(game, seat, getrandbits)
            hand = hands[seat]
            legal = follow(hand, led, top)
            m = legal.bit_count()
            if m > 1:
                j = getrandbits(32) * m >> 32
                while j:
                    legal &= legal - 1
                    j -= 1
            bit = legal & -legal
            hands[seat] = hand ^ bit
            taken |= bit
            card = bit.bit_length() - 1
            play_card(card)
            if open_trump and sets_trump(mode, led, card):
                mode = s.mode = card // 9
                open_trump = False
                plan = play.plan(mode)
                follow, beats = plan[k]
                seats = (leader, *after[leader])
                cards = played[-seats.index(seat) - 1:]  # this trick so far
                top_i = trick_winner(cards, play.order_table(mode, k))
                top, win = cards[top_i], seats[top_i]
                row = beats[top]
            elif row[card]:
                top, win, row = card, seat, beats[card]
        won[win] |= taken
        lead(win)
        leader = win
        k += 1
    per_trick = [iter(played)] * n  # zip over n references to one iterator groups by n
    by_trick = zip(*per_trick, strict=False)
    for record in zip(leaders, by_trick, leaders[1:], strict=False):
        tricks.append(new_trick(Trick, record))  # Trick(*record) without Python code
    s.leader = s.current = leader
    if weis_here:
        assert game.chain.weis is not None
        game.chain.weis.count(game)
    game.finish_hand()
