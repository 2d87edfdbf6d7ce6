"""The end of a game in the middle of a hand. Where a rule file counts the tricks one by
one (`count first: ... tricks`, as Schieber's game end), a game can be won at a trick
before the hand's last; the engine still plays the hand to its last card, which changes
nothing. The table shows the end at once: it lays the rest of the hand itself.

Whether the game has ended is found as the engine finds it, not worked out again: a copy
of the game plays the rest of the hand with its first legal actions, and the hand's
record says at which trick the game was won (`HandResult.won_with`, 'trick K'). A trick
already taken is the same in every rest, and each trick is booked as taken (the checker
makes every clause add the card points), so a game won at it is won whatever is played
after. A game won with a fact counted before the tricks (Stöck, Weis) is left to the
hand's end: what makes those facts may lie in cards still to be played."""

from __future__ import annotations

from jassdsl.core.actions import Action
from jassdsl.core.count_order import TRICKS
from jassdsl.engine import Game


def rest_of_a_won_hand(game: Game) -> list[Action]:
    """Where the game is already won at a trick taken in the hand being played: the rest
    of the hand, each seat's first legal action, as a copy played it to find that out
    (else none)."""
    if game.is_over or game.phase != "play" or TRICKS not in game.rules.count_first:
        return []
    taken = game.tricks_played
    if not taken or game.trick:  # checked as a trick is taken, not at every card
        return []
    rest, hand = game.copy(), game.hand_number
    laid: list[Action] = []
    while not rest.is_over and rest.hand_number == hand:
        laid.append(rest.legal_actions()[0])
        rest.apply(laid[-1])
    result = rest.results[-1]
    won = result.won_with if result.number == hand else ""
    return laid if won.startswith("trick ") and int(won.split()[1]) <= taken else []


def lay_the_rest(game: Game) -> int:
    """Play the rest of a hand the game was won in, with each seat's first legal action
    (the rest changes nothing); the number of actions laid."""
    rest = rest_of_a_won_hand(game)
    for action in rest:
        game.apply(action)
    return len(rest)
