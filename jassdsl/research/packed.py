"""A seat's observation vector written as float32 bytes, piece by piece, from blocks made
once: the vector of `jassdsl.research.tensors.Layout.marks`, the same numbers.

A step's vector is mostly runs of zeros with a few ones; written place by place it
cost more than the engine's step. Here each piece of the layout is one block: a one-hot
run of a seat or a mode, a card's run of 36, a hand's 36 from its mask 9 cards at a time,
and the pieces that change once a trick or a hand (the finished tricks, the seats, the
totals) kept as bytes while they stay the same. The blocks are joined in layout order.
Only the observation's layout (no recall's history) is packed; `Layout` uses it for
PettingZoo's numpy vectors (OpenSpiel's tensors are lists of floats, which its list of
places fills at less cost than a list made from the bytes).
"""

from __future__ import annotations

from array import array
from typing import Any

from jassdsl.engine import Game
from jassdsl.engine.observation import Observation
from jassdsl.engine.records import Trick

ONE = array("f", [1.0]).tobytes()
ZERO = bytes(4)
CARD_RUN = [ZERO * c + ONE + ZERO * (35 - c) for c in range(36)]  # a card's run of 36
NO_CARD = ZERO * 36
NINE = [b"".join(ONE if m >> i & 1 else ZERO for i in range(9)) for m in range(512)]
BITS = [1 << c for c in range(36)]


def cards_run(mask: int) -> bytes:
    """The run of 36 of a mask of cards, 9 cards a piece."""
    return b"".join((NINE[mask & 511], NINE[mask >> 9 & 511], NINE[mask >> 18 & 511],
                     NINE[mask >> 27 & 511]))


def one_hot(size: int) -> dict[int, bytes]:
    """Per index a run of `size` may be read by (negative from its end, as a view of it
    reads one), its block."""
    return {i: ZERO * (i % size) + ONE + ZERO * (size - 1 - i % size)
            for i in range(-size, size)}


class Packed:
    """The blocks of one layout, and the pieces kept while they stay the same."""

    def __init__(self, layout: Any, won: list[Any]) -> None:
        """`layout`: the `tensors.Layout` it packs (typed loosely: tensors imports this
        module, not the other way round)."""
        self.layout = layout
        self.won = won  # per number of tricks taken, its value (`tensors.WON`)
        rules, n = layout.rules, layout.rules.players
        self.n = n
        self.seat = one_hot(n)
        self.no_seat = ZERO * n
        kinds = len(layout.space.kinds)
        self.kinds_none = ZERO * kinds
        self.kinds_made: dict[frozenset[int], bytes] = {}
        self.kinds_play = self.kinds(frozenset((layout.kind_place["play"],))) \
            if "play" in layout.kind_place else b""
        self.modes = one_hot(len(rules.mode_names) + 1)
        self.seats: dict[tuple[tuple[int, ...], tuple[int, ...]], bytes] = {}
        self.declared: dict[Any, bytes] = {}
        self.declared_size = 2 * n * len(rules.declarations)
        self.totals: tuple[Any, bytes] = (None, b"")
        self.totals_size = len(rules.units) * rules.subjects
        self.tricks: tuple[tuple[Trick, ...], tuple[bytes, bytes]] = (
            (), (cards_run(0), array("f", [won[0]] * n).tobytes()))

    def kinds(self, places: frozenset[int]) -> bytes:
        """The kinds piece with these places (of the kinds) set."""
        made = self.kinds_made.get(places)
        if made is None:
            out = array("f", self.kinds_none)
            for k in places:
                out[k] = 1.0
            made = self.kinds_made[places] = out.tobytes()
        return made

    def finished(self, tricks: tuple[Trick, ...]) -> tuple[bytes, bytes]:
        """The played piece and the tricks_won piece (the caller puts shown and turned
        between them), kept while the tricks are the same."""
        kept, made = self.tricks
        if tricks == kept:  # (a tuple's comparison takes the same objects as equal at once)
            return made
        played = 0
        won = [0] * self.n
        for trick in tricks:
            for c in trick.cards:
                played |= BITS[c]
            won[trick.winner] += 1  # an IndexError for a seat outside, as a view gives
        made = cards_run(played), array("f", [self.won[c] for c in won]).tobytes()
        self.tricks = (tricks, made)
        return made

    def vector(self, game: Game, seat: int, playing: bool, obs: Observation,
               cards: int, mode: int) -> bytes:
        """The seat's vector as bytes; errors as `Layout.marks` raises them. `mode`: the
        place of the observation's mode in its piece (0: none yet), as the layout reads it."""
        layout, n = self.layout, self.n
        one = self.seat
        try:
            pieces = [one[seat]]
        except KeyError:
            raise IndexError(f"index {seat} is out of the run seat") from None
        try:
            pieces.append(one[obs.current] if playing else self.no_seat)
            if playing and obs.current == seat:  # its own choices only
                kinds = layout.kind_place
                if game.legal_mask() if cards < 0 else cards:
                    pieces.append(self.kinds_play)
                else:
                    pieces.append(self.kinds(frozenset(kinds[a.kind]
                                                       for a in game.legal_actions())))
                pieces[2:2] = [one[obs.dealer], one[obs.leader]]
            else:
                pieces += (one[obs.dealer], one[obs.leader], self.kinds_none)
        except KeyError as e:
            raise IndexError(f"index {e.args[0]} is out of a run of {n} seats") from None
        pieces.append(self.modes[mode])
        pieces.append(cards_run(sum(map(BITS.__getitem__, obs.hand))))  # (distinct cards)
        trick = obs.trick
        pieces += [CARD_RUN[c] for c in trick[:n]]
        pieces += [NO_CARD] * (n - len(trick))
        played, won = self.finished(obs.tricks)
        pieces.append(played)
        shown, turned = obs.shown, obs.turned
        pieces.append(CARD_RUN[shown] if shown >= 0 else NO_CARD)
        pieces.append(CARD_RUN[turned] if turned >= 0 else NO_CARD)
        pieces.append(won)
        pieces.append(self.seats_of(obs.playing, obs.table))
        if self.declared_size:
            pieces.append(self.declared_of(obs.declared))
        totals, kept = obs.totals, self.totals
        if totals != kept[0]:
            kept = self.totals = (totals, self.totals_block(totals))
        pieces.append(kept[1])
        if layout.added:  # the mechanisms' own pieces, after the totals
            pieces.append(self.added_block(obs))
        return b"".join(pieces)

    def seats_of(self, playing: tuple[int, ...], table: tuple[int, ...]) -> bytes:
        """The playing and table pieces, side by side (made once per pair of seat sets)."""
        key = playing, table
        seats = self.seats.get(key)
        if seats is None:
            n = self.n
            runs = array("f", bytes(8 * n))
            for x in playing:
                runs[x] = 1.0
            for x in table:
                runs[n + x] = 1.0
            seats = self.seats[key] = runs.tobytes()
        return seats

    def totals_block(self, totals: dict[str, Any]) -> bytes:
        """The totals piece: per unit and subject, the total / 1000."""
        layout = self.layout
        out = array("f", bytes(4 * self.totals_size))
        for unit, first in layout.totals:
            first -= layout.start["totals"]
            for x, v in enumerate(totals.get(unit, ())):
                out[first + x] = v / 1000
        return out.tobytes()

    def added_block(self, obs: Observation) -> bytes:
        """The pieces the file's mechanisms add (`Runtime.tensor`), after the totals."""
        layout = self.layout
        first = layout.start["totals"] + self.totals_size
        out = array("f", bytes(4 * (layout.size - first)))
        for tensor in layout.added:
            for i in tensor.ones(obs, layout.start):
                out[i - first] = 1.0
        return out.tobytes()

    def declared_of(self, declared: dict[str, Any]) -> bytes:
        """The declared piece: per declaration and seat, known or not and the value."""
        key = tuple((name, tuple(declared.get(name, ()))) for name, _, _ in
                    self.layout.declared)
        made = self.declared.get(key)
        if made is None:
            out = array("f", bytes(4 * self.declared_size))
            base = self.layout.start["declared"]
            for (_name, values), (_, first, high) in zip(key, self.layout.declared,
                                                       strict=True):
                for x, v in enumerate(values):
                    if v is not None:
                        out[first - base + 2 * x] = 1.0
                        out[first - base + 2 * x + 1] = v / high
            made = self.declared[key] = out.tobytes()
        return made
