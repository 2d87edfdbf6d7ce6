"""Put a `Game` into a recorded situation: a given deal, or a given point of play.

A recorded hand is replayed by letting the engine start its hand as usual and then giving
the players the recorded cards. Chance is scripted: the game's generator returns the
recorded draws (a random trump, lots while scoring) and otherwise runs freely; when a card
is shown (the bottom card), the free generator is re-seeded until the engine shows the
recorded card ("seed and check"), so the engine's own hand start sets trump from it.

This module is the one place in the corpus code that writes the engine's state (`Game.s`)
and calls its hand start; everything else goes through the public `Game` API. The result
is checked through the public API, so a change in the engine is reported, not replayed
wrongly.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from typing import Any

from jassdsl.cards import CARD_NAMES, card_index, cards_mask, mask_cards
from jassdsl.compiler import CompiledRules
from jassdsl.errors import JassError
from jassdsl.game import Game
from jassdsl.tables import MODE_INDEX, MODE_NAMES

SEED_TRIES = 5000  # re-seeds allowed to make the engine show a recorded card


class ReplayError(JassError):
    """A record that the engine cannot be put into."""


class ScriptedRandom(random.Random):
    """Returns the queued draws for `randrange`; every other use of chance runs freely."""

    def __init__(self) -> None:
        super().__init__(0)
        self.draws: deque[tuple[int, int]] = deque()

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if not self.draws:
            return super().randrange(start, stop, step)
        n = start if stop is None else stop - start
        of, value = self.draws.popleft()
        if of != n or not 0 <= value < n:
            raise ReplayError(f"the engine draws among {n}; the record has {value} of {of}")
        return value + (0 if stop is None else start)

    def expect_used(self, what: str) -> None:
        if self.draws:
            raise ReplayError(f"the record gives {len(self.draws)} {what} the engine never "
                              "drew")


class RecordingRandom(random.Random):
    """A normal generator that notes every `randrange` draw, and with a mark (-1, -1) the
    first other use of chance after it (the next hand's shuffle): draws before the mark
    are the lots of the hand just scored."""

    def __init__(self, state: Any) -> None:
        super().__init__(0)
        self.setstate(state)
        self.log: list[tuple[int, int]] = []
        self.inside = False

    def getrandbits(self, k: int) -> int:
        if not self.inside and (not self.log or self.log[-1] != (-1, -1)):
            self.log.append((-1, -1))
        return super().getrandbits(k)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        self.inside = True
        try:
            value = super().randrange(start, stop, step)
        finally:
            self.inside = False
        n = start if stop is None else stop - start
        self.log.append((n, value - (0 if stop is None else start)))
        return value


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


def start_dealt(game: Game, script: ScriptedRandom, hand: Any) -> None:
    """Start the engine's next hand as recorded (hand: deal, shown, trump, lots)."""
    s, rules = game.s, game.rules
    cards = [c for h in hand.deal for c in h]
    seated = [seat for seat, h in enumerate(hand.deal) if h]  # a seat may have left the table
    if len(hand.deal) != rules.players or any(len(h) != rules.cards_each
                                              for h in hand.deal if h) or \
            (len(seated) < rules.players and rules.leave is None):
        raise ReplayError(f"the rules deal {rules.cards_each} cards to each of "
                          f"{rules.players} players")
    recorded = getattr(hand, "piles", None) or {}  # piles are optional in a record
    laid = [c for pile in recorded.values() for c in pile]
    if len(set(cards + laid)) != len(cards) + len(laid):
        raise ReplayError("a card is dealt twice")
    if {name.split(":")[0] for name in recorded} - {name for name, _ in rules.piles}:
        raise ReplayError(f"the rules have no pile {sorted(recorded)}")
    s.table = sum(1 << seat for seat in seated)
    if hand.shown is not None and hand.shown not in hand.deal[s.dealer]:
        raise ReplayError(f"the shown card {hand.shown} is not in the dealer's hand")
    draws = [(4, MODE_INDEX[hand.trump])] if hand.trump is not None else []
    for attempt in range(SEED_TRIES):
        script.seed(attempt)
        script.draws = deque(draws)
        game._start_hand()  # the engine's own hand start
        if game.observation(s.dealer)["shown"] == hand.shown:
            break
    else:
        raise ReplayError(f"the engine never shows the recorded card ({hand.shown})")
    script.expect_used("trump draws")
    s.hands = [cards_mask(card_ids(h)) for h in hand.deal]
    s.dealt = tuple(s.hands)
    if rules.piles:
        game.lay_piles({name: card_ids(cards) for name, cards in recorded.items()}, s.shown)
    if s.phase in ("play", "weis") and rules.weis is not None:
        game._start_play()  # play began at once: the Weise on offer come from these hands
    check_deal(game, hand)
    if rules.improve is not None:  # the own piles come into play with the recorded cards
        game.begin_after_deal()
    script.draws = deque((lot.of, lot.index) for lot in hand.lots)


def replay_game(rules: CompiledRules, first_dealer: int, hand: Any, hand_number: int = 1,
                totals: dict[str, list[int]] | None = None,
                held: Sequence[Any] = ()) -> tuple[Game, ScriptedRandom]:
    """A game at the start of a recorded hand, with the given totals and held units."""
    game = Game(rules, seed=0)
    script = ScriptedRandom()
    game.rng = script
    s = game.s
    s.hand_no, s.dealer = hand_number, first_dealer % rules.players
    if totals is not None:
        if set(totals) != set(s.totals):
            raise ReplayError(f"the record's units {sorted(totals)} are not the rules' "
                              f"units {sorted(s.totals)}")
        s.totals = {u: list(v) for u, v in totals.items()}
    s.pending = [(h.unit, tuple(h.among), h.amount) for h in held]
    start_dealt(game, script, hand)
    return game, script


def check_deal(game: Game, hand: Any) -> None:
    """The engine holds the recorded cards and shows the recorded card, or we stop."""
    for seat, cards in enumerate(hand.deal):
        if card_names(game.hand_of(seat)) != sorted(cards, key=CARD_NAMES.index):
            raise ReplayError(f"the engine did not take the recorded hand of seat {seat}")


def play_position(rules: CompiledRules, hands: Sequence[Sequence[str]],
                  trick: Sequence[str], leader: int, trump: str | None) -> Game:
    """A game in the middle of play: remaining hands, the open trick, its leader, trump."""
    n = rules.players
    if len(hands) != n:
        raise ReplayError(f"the position has {len(hands)} hands; the rules seat {n}")
    mode = mode_index(trump)
    if mode >= 0 and mode not in rules.modes:
        raise ReplayError(f"the rules have no tables for trump {trump}")
    everything = [c for h in hands for c in h] + list(trick)
    if len(set(everything)) != len(everything):
        raise ReplayError("a card appears twice in the position")
    # a position is not a whole hand: the rule file's hand invariants do not apply to it
    game = Game(rules, seed=0, check_invariants=False)
    s = game.s
    s.phase = "play"
    s.hands = [cards_mask(card_ids(h)) for h in hands]
    s.trick = card_ids(trick)
    s.leader = leader % n
    s.current = (leader + len(trick)) % n
    s.mode = mode
    s.tricks, s.won = [], [0] * n
    s.table = s.playing = (1 << n) - 1  # in a position every seat plays
    s.weis_todo = 0  # a position in the middle of play asks nobody about Weis
    return game
