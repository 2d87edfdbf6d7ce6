"""Put a `Game` into a recorded situation: a given deal, or a given point of play.

The corpus's records name cards and modes; this module turns them into the engine's
public constructors (`jassdsl.engine.position`): `at_deal` and `deal_again` deal the
recorded cards through the engine's own deal with scripted chance (the recorded trump
draw and lots), `at_play` sets up a position in the middle of play. What the engine
cannot be put into is a `ReplayError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.cards import CARD_NAMES, card_index, mask_cards
from jassdsl.core.errors import JassError
from jassdsl.core.tables import MODE_INDEX, MODE_NAMES
from jassdsl.engine.chance import ChanceError, ScriptedChance
from jassdsl.engine.game import Game
from jassdsl.engine.position import PositionError, at_deal, at_play, deal_again


class ReplayError(JassError):
    """A record that the engine cannot be put into."""


def card_ids(names: Sequence[str]) -> list[int]:
    return [card_index(c) for c in names]


def card_names(cards: Sequence[int] | int) -> list[str]:
    """Card names in deck order, from a list of indices or a bitmask."""
    ids = mask_cards(cards) if isinstance(cards, int) else sorted(cards)
    return [CARD_NAMES[c] for c in ids]


def mode_index(trump: str | None) -> int:
    return -1 if trump is None else MODE_INDEX[trump]


def mode_name(mode: int) -> str | None:
    return MODE_NAMES[mode] if mode >= 0 else None


def recorded(hand: Any) -> dict[str, Any]:
    """A record's hand start as the engine's constructors take it."""
    return {
        "piles": {name: card_ids(cards) for name, cards in
                  (getattr(hand, "piles", None) or {}).items()},
        "shown": card_index(hand.shown) if hand.shown is not None else -1,
        "trump": mode_index(hand.trump),
        "lots": [(lot.of, lot.index) for lot in hand.lots],
    }


def replay_game(rules: CompiledRules, first_dealer: int, hand: Any, hand_number: int = 1,
                totals: dict[str, list[int]] | None = None,
                held: Sequence[Any] = (), sheets: Sequence[Sequence[str]] = (),
                record: bool = True, kept: dict[str, int] | None = None) -> Game:
    """A game at the start of a recorded hand, with the given totals, held units and
    columns played on the scoresheets and the numbers kept across hands. `record=False` for a game only played forward
    (no undo copies: a third of the time of deriving a hand or a game)."""
    try:
        return at_deal(rules, [card_ids(h) for h in hand.deal], first_dealer % rules.players,
                       hand_number=hand_number, totals=totals,
                       held=[(h.unit, h.among, h.amount) for h in held], sheets=sheets,
                       kept={"kept": kept} if kept else None, record=record,
                       **recorded(hand))
    except (PositionError, ChanceError) as err:
        raise ReplayError(str(err)) from None


def start_dealt(game: Game, hand: Any) -> None:
    """Deal the game's next hand as recorded."""
    try:
        deal_again(game, [card_ids(h) for h in hand.deal], **recorded(hand))
    except (PositionError, ChanceError) as err:
        raise ReplayError(str(err)) from None


def expect_used(game: Game, what: str) -> None:
    """The record's draws were all drawn by the engine, or we stop."""
    chance = game.chance
    if isinstance(chance, ScriptedChance) and chance.draws:
        raise ReplayError(f"the record gives {len(chance.draws)} {what} the engine never "
                          "drew")


def play_position(rules: CompiledRules, hands: Sequence[Sequence[str]],
                  trick: Sequence[str], leader: int, trump: str | None) -> Game:
    """A game in the middle of play: remaining hands, the open trick, its leader, trump."""
    try:
        mode = -1 if trump is None else rules.mode_schedule.number(trump)
        if trump is not None and mode < 0:
            raise PositionError(f"no mode {trump!r} in {rules.name}")
        return at_play(rules, [card_ids(h) for h in hands], card_ids(trick), leader, mode)
    except PositionError as err:
        raise ReplayError(str(err)) from None
