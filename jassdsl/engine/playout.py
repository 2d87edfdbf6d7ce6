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
as `play.beat_rows`, a table of `trick_winner`), both gathered per trick by `Play.plan`.
Trump choice, declarations, scoring and the end of the game go through `Game`.

The loop plays the rest of a hand only where it is known to play it as `Game.apply`
would: the rule file's trump method is one it covers (`uncovered`, decided once per
`play_random` call), the game keeps no history or events, every seat in play holds as
many cards, and no subscriber of play's hooks will act on a card or a turn in this hand
(`Play.quiet`: the Weis question still open, trump still to be set by the first void), or
none will in the next trick (`Phase.calm`: while trump waits for the first void, a trick
in which every follower can follow). Otherwise it goes through `Game.apply`, one action
at a time, with the same draws; the
loop calls the `on_trick` subscribers for the tricks it plays. `tests/test_differential.py`
plays both paths over every shipped file, option set, language fixture and fuzzed file
that `check` accepts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TypeVar

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.deal import trick_seats
from jassdsl.core.roles import ROLE_LIST
from jassdsl.engine.game import Game
from jassdsl.engine.phase import Phase
from jassdsl.engine.records import Trick
from jassdsl.engine.state import State

T = TypeVar("T")


def choose(getrandbits: Callable[[int], int], options: Sequence[T]) -> T:
    """The random policy: option (b * k) >> 32 of k, drawing b only if there is a choice."""
    k = len(options)
    return options[0] if k == 1 else options[getrandbits(32) * k >> 32]


def pick(getrandbits: Callable[[int], int], mask: int) -> int:
    """`choose` over the cards of a mask in index order (as `Game.legal_actions` lists
    them): the same draw, without making the actions."""
    k = mask.bit_count()
    if k > 1:
        for _ in range(getrandbits(32) * k >> 32):
            mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def uncovered(rules: CompiledRules) -> tuple[str, ...]:
    """What in a rule file the fast loop does not play (empty: it plays all of it).

    A whitelist: the loop covers the base grammar's trump methods (trump known before
    the first card: set at the deal, by a schedule, a turned card, a player's or the
    scoresheet's choice), a method a mechanism adds where it says so (`TrumpWay.fast`:
    trump set in play by its phase, which is played through `Game.apply` until it is
    quiet, as the first void's), and roles that are known before the first card (a file that reads who first could not follow is played
    through `Game.apply` whole). Follow regimes, the file's own modes and the fallback
    without trump are the functions `Play` uses, so every file has them alike; what
    subscribes to play's hooks is played through `Game.apply` while it acts
    (`Play.quiet`)."""
    out = []
    way = rules.trump_way
    if way is not None and not way.fast:
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


def play_random(game: Game, rng: random.Random, hands: int | None = None,
                steps: int | None = None) -> int:
    """Play random legal actions until the game is over, or until `hands` more hands end,
    or (where `steps` is given) after that many steps: an action, or the tricks the loop
    plays at once (a bound for a file whose hand might never end).

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
    play = game.chain.play
    left = -1 if steps is None else steps
    while s.phase != "over" and (stop is None or len(results) < stop) and left:
        left -= 1
        if fast and s.phase == "play":
            restless = play.restless(game) if not s.trick and even_hands(s, players) else None
            if restless is not None and all(p.calm(game, -1, ()) for p in restless):
                play_tricks(game, bits, restless)
            else:  # a subscriber still acts: one card as `Game.apply` plays it
                play.play(game, pick(bits, game.legal_mask()))
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


def play_tricks(game: Game, getrandbits: Callable[[int], int],
                restless: tuple[Phase, ...] = ()) -> None:
    """Play out the current hand from a trick boundary with random cards, then score it.

    Only for a game `play_random` lets it play (see the module docstring): no subscriber
    of play acts on its cards and turns any more (`Play.quiet`), or those that still may
    (`restless`) are calm on the leader's turn and card. Each trick k is played in the
    regime and decided by the table that `Play` names for (mode, k). After each lead the
    restless subscribers are asked whether they are `calm` in this trick (the first void:
    every follower can follow); if one is not, the loop stops there and the lead is
    played as `Game.apply` plays it (`Play.play`, hooks and all), the rest of the hand
    card by card until play is quiet or calm again. The tricks' subscribers (`on_trick`:
    the Weis counted after the first, table Weis) see each trick as it is added, once the
    loop's cards are played."""
    s, r = game.s, game.rules
    play = game.chain.play
    hands, won = s.hands, s.won
    mode = s.mode
    after = followers(r.players, s.playing)
    n = len(after[s.leader]) + 1  # cards in a trick: one per seat in play
    played: list[int] = []  # the cards in play order
    play_card = played.append
    leaders = [s.leader]  # the leader of every trick, and finally the next leader
    lead = leaders.append
    leader = s.leader
    k = len(s.tricks)  # the trick being played, from 0
    plan = play.plan(mode)  # per trick: Play's follow regime and beat rows
    pending = -1  # a lead that a restless subscriber is not calm about
    while hands[leader]:
        follow, beats = plan[k]
        legal = hand = hands[leader]
        m = legal.bit_count()
        if m > 1:
            j = getrandbits(32) * m >> 32
            while j:
                legal &= legal - 1  # drop the lowest cards until the chosen one is lowest
                j -= 1
        taken = legal & -legal
        top = card = taken.bit_length() - 1
        led = card // 9
        if restless:
            held = tuple([hands[seat] for seat in after[leader]])
            if not all(p.calm(game, led, held) for p in restless):
                pending = card
                break
        hands[leader] = hand ^ taken
        play_card(card)
        row = beats[card]
        win = leader
        for seat in after[leader]:
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
            if row[card]:
                top, win, row = card, seat, beats[card]
        won[win] |= taken
        lead(win)
        leader = win
        k += 1
    close_tricks(game, played, leaders, n, pending)


def close_tricks(game: Game, played: list[int], leaders: list[int], n: int,
                 pending: int) -> None:
    """After a loop over tricks: add them to the hand as `Trick` records (`played`: their
    cards in play order, `n` a trick; `leaders`: every trick's leader, then the next
    one), call the `on_trick` subscribers for each, then play the `pending` lead as
    `Game.apply` plays it, or (-1) finish the hand if the loop played it to its end."""
    s, play = game.s, game.chain.play
    tricks = s.tricks
    new_trick = tuple.__new__
    per_trick = [iter(played)] * n  # zip over n references to one iterator groups by n
    by_trick = zip(*per_trick, strict=False)
    s.leader = s.current = leaders[-1]
    hooks = play.trick_hooks
    for record in zip(leaders, by_trick, leaders[1:], strict=False):
        done = new_trick(Trick, record)  # Trick(*record) without Python code
        tricks.append(done)
        for p in hooks:
            p.on_trick(game, done)
    if pending >= 0:
        play.play(game, pending)
    else:
        game.finish_hand()
