"""Chance: every random draw of a game goes through one `Chance`.

A game draws in three ways: it shuffles the deck before each deal, it draws a number
among n (the first dealer by lot, a trump suit drawn at random, a lot in scoring), and
nothing else. `Chance(seed)` makes those draws from one seeded generator, in the same
order and with the same numbers as always, so a seed replays a game on any machine.
`ScriptedChance` takes recorded decks and draws first and falls back to its generator
when the script runs out: that is how a game is put at a recorded deal.

Every draw among n is noted in `drawn` (n, value), so what chance decided can be read
back, as the hand's events do for lots.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from jassdsl.core.deal import shuffle_deck
from jassdsl.core.errors import JassError


class ChanceError(JassError):
    """A script that does not fit what the game draws."""


class Chance:
    """One seeded source for a game's shuffles and draws.

    A recorded game asks for `getstate` before every action, and the generator's state is
    a tuple of 625 numbers that changes only at a shuffle or a draw: it is built once
    after each of them and handed out again until the next (`_state`)."""

    _state: Any = None  # the generator's state since the last shuffle or draw, or None

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.drawn: list[tuple[int, int]] = []  # (n, value) of every draw among n

    def shuffle(self, deck: list[int]) -> None:
        """Shuffle the deck in place (the cards as bits)."""
        self._state = None
        shuffle_deck(deck, self.rng.getrandbits)

    def bits(self) -> Callable[[int], int]:
        """The generator's getrandbits, for a shuffle written out elsewhere that draws as
        `shuffle` draws (the pure-Python playout's, per rule file); the state kept for
        `getstate` is dropped, as the draws change it."""
        self._state = None
        return self.rng.getrandbits

    def draw(self, n: int) -> int:
        """A number from 0 to n-1."""
        self._state = None
        value = self.rng.randrange(n)
        self.drawn.append((n, value))
        return value

    def randrange(self, n: int) -> int:
        """`draw` under the name scoring uses for a lot."""
        return self.draw(n)

    def getstate(self) -> tuple[Any, ...]:
        if self._state is None:
            self._state = self.rng.getstate()
        return (self._state, len(self.drawn))

    def setstate(self, state: tuple[Any, ...]) -> None:
        self.rng.setstate(state[0])
        self._state = state[0]
        del self.drawn[state[1]:]


class ScriptedChance(Chance):
    """Chance that first gives the recorded decks and draws, then runs freely."""

    def __init__(self, seed: int | None = 0) -> None:
        super().__init__(seed)
        self.decks: deque[list[int]] = deque()
        self.draws: deque[tuple[int, int]] = deque()

    def script(self, decks: Iterable[list[int]] = (), draws: Iterable[tuple[int, int]] = ()
               ) -> None:
        """Queue decks (card bits in deck order) and draws ((n, value) each)."""
        self.decks.extend(list(d) for d in decks)
        self.draws.extend(draws)

    def shuffle(self, deck: list[int]) -> None:
        if not self.decks:
            super().shuffle(deck)
            return
        scripted = self.decks.popleft()
        if sorted(scripted) != sorted(deck):
            raise ChanceError("a scripted deck does not hold the cards of the deck")
        deck[:] = scripted

    def draw(self, n: int) -> int:
        if not self.draws:
            return super().draw(n)
        of, value = self.draws.popleft()
        if of != n or not 0 <= value < n:
            raise ChanceError(f"the game draws among {n}; the script has {value} of {of}")
        self.drawn.append((n, value))
        return value

    def getstate(self) -> tuple[Any, ...]:
        return (*super().getstate(), tuple(self.draws), tuple(tuple(d) for d in self.decks))

    def setstate(self, state: tuple[Any, ...]) -> None:
        super().setstate(state[:2])
        self.draws = deque(state[2])
        self.decks = deque(list(d) for d in state[3])

    def unused(self) -> str:
        """What the script still holds ('' when all of it was used)."""
        parts = [f"{len(self.decks)} decks"] if self.decks else []
        parts += [f"{len(self.draws)} draws"] if self.draws else []
        return " and ".join(parts)
