"""What a bot is and what it sees: the `Bot` contract, a seat's observation with cards
as indices (`View`), and the card tables of the mode in play, read from the compiled rules."""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_INDEX
from jassdsl.core.deal import trick_seats
from jassdsl.core.tables import ModeTable
from jassdsl.engine import Game


class Bot(Protocol):
    """Anything that picks the next action for a seat."""

    def choose(self, game: Game, seat: int) -> Action: ...


class View(NamedTuple):
    """The observation of one seat, with cards as indices (a named tuple: one per decision)."""

    seat: int
    hand: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    trump: int  # mode index, or -1 while unset
    seats: tuple[int, ...] = ()  # the seats of the current trick in play order
    order: int = -1  # the mode that ranks the cards of the current trick (trump if unset)

    @classmethod
    def of(cls, game: Game, seat: int) -> View:
        """What ``game.observation(seat)`` shows a bot, as indices.

        A real game is read through its cheap public accessors: its own hand as a mask and
        the public table (trick, leader, trump, seats in play), without building the whole
        observation and parsing card names back (that was half of a heuristic bot's time).
        `tests/test_bots.py` checks that both ways give the same view at every decision of
        every rule file; anything else that looks like a game (a test's hand-made scene) is
        read through its observation."""
        if type(game) is Game:
            mode = game.mode
            return cls(seat, hand_cards(game.hand_mask(seat)), game.trick, game.leader,
                       mode, game.trick_order, trick_order(game.rules, mode, game.tricks_played))
        return cls.observed(game, seat)

    @classmethod
    def observed(cls, game: Game, seat: int) -> View:
        """The view parsed from ``game.observation(seat)`` (card names to indices)."""
        obs: dict[str, Any] = game.observation(seat)
        trump = obs["trump"]
        mode = game.rules.mode_schedule.number(trump) if trump is not None else -1
        return cls(
            seat,
            tuple(CARD_INDEX[c] for c in obs["hand"]),
            tuple(CARD_INDEX[c] for c in obs["trick"]),
            int(obs["leader"]),
            mode,
            trick_seats(game.n, sum(1 << x for x in obs.get("playing", ())) or
                        (1 << game.n) - 1)[int(obs["leader"])],
            trick_order(game.rules, mode, len(obs.get("tricks", ()))),
        )


def trick_order(rules: CompiledRules, mode: int, played: int) -> int:
    """The mode whose order ranks the open trick: a file's mode plays each trick in the
    base mode of its schedule."""
    return rules.trick_mode(mode, played) if mode >= 0 else mode


# per suit, per 9-bit chunk of a hand mask: the cards it holds
SUIT_CARDS = tuple(tuple(tuple(9 * suit + c for c in range(9) if chunk >> c & 1)
                         for chunk in range(512)) for suit in range(4))


def hand_cards(mask: int) -> tuple[int, ...]:
    """The cards of a hand mask, lowest index first (as `cards.mask_cards`)."""
    d, h, s, c = SUIT_CARDS
    return d[mask & 511] + h[mask >> 9 & 511] + s[mask >> 18 & 511] + c[mask >> 27 & 511]


def table_for(rules: CompiledRules, mode: int) -> ModeTable:
    """The table that ranks and counts cards under a mode (the fallback while unset)."""
    table = rules.modes.get(rules.settled_mode(mode))
    return table if table is not None else next(iter(rules.modes.values()))


def hand_total(rules: CompiledRules, table: ModeTable) -> int:
    """Points at stake in one hand under a table (157 with the usual tables)."""
    return sum(table.points) + rules.last_bonus
