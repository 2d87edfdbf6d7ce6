"""Each seat's observation vector kept from one call to the next: only the pieces whose
inputs changed since that seat's last vector are written again. The same bytes as
`jassdsl.research.packed.Packed.vector` of the seat's `Game.observe` (tested after every
step of seeded games of every shipped file).

PettingZoo asks for the acting seat's vector at every step; between two of them a few
pieces change (the hand, the trick, the leader), and making the seat's whole
`Observation` and every piece again cost three times the engine's step. The inputs
are read where `jassdsl.engine.observation.observe` reads them, without making an
`Observation`: the seat's own hand, the public table (trick, finished tricks, leader,
dealer, mode, seats, totals), and the parts of the mechanisms the layout reads through
their phases' `observe` hooks, which hide what the seat may not see (another seat's
declared value). A mechanism's own pieces (`Runtime.tensor`) are read from its part.
"""

from __future__ import annotations

import copy
from operator import attrgetter
from typing import Any

import numpy as np

from jassdsl.core.actions import Action
from jassdsl.engine import Game
from jassdsl.engine.observation import observe
from jassdsl.research.packed import CARD_RUN, NO_CARD, Packed, cards_run

UNSET = object()  # no piece written yet
NO_PARTS: dict[str, Any] = {}
KIND = attrgetter("kind")


class Kept:
    """One seat's vector and, per piece, the input it was last written from."""

    __slots__ = ("added", "array", "buf", "current", "dealer", "declared", "hand",
                 "kinds", "leader", "mode", "seats", "shown", "totals", "trick", "tricks",
                 "turned", "view")

    def __init__(self, size: int, seat_block: bytes, at: int) -> None:
        self.buf = bytearray(4 * size)
        self.view = memoryview(self.buf)  # a slice written with another size is an error
        self.view[at:at + len(seat_block)] = seat_block
        self.array = np.frombuffer(self.buf, np.float32)  # copied for each caller
        self.current = self.kinds = self.dealer = self.leader = self.mode = UNSET
        self.hand = self.trick = self.tricks = self.shown = self.turned = UNSET
        self.seats = self.declared = self.totals = self.added = UNSET


class SeatVectors:
    """The kept vectors of one layout's seats (`Layout`, without recall)."""

    def __init__(self, layout: Any) -> None:
        packed = layout.packed
        assert isinstance(packed, Packed)
        self.layout, self.packed = layout, packed
        self.n = n = layout.rules.players
        run = {name: (4 * at, 4 * (at + size)) for name, (at, size) in layout.runs.items()}
        self.run = run
        self.mode_bytes = (4 * layout.mode_run[0], 4 * sum(layout.mode_run))
        self.values_bytes = (4 * layout.declared_run[0], 4 * sum(layout.declared_run))
        self.kept = [Kept(layout.size, packed.seat[x], run["seat"][0]) for x in range(n)]
        self.hooks_of: tuple[Any, ...] | None = None
        self.hooks: tuple[Any, ...] = ()
        self.added_keys = tuple(key for _, key in layout.added_parts)
        self.kinds_kept: tuple[list[Action] | None, bytes] = (None, b"")  # (`kinds_of`)

    def __deepcopy__(self, memo: dict[int, Any]) -> SeatVectors:
        """A copy of the layout's (an environment copied) with no vector kept yet: each
        is written in full when first asked for (a memoryview is never copied)."""
        return SeatVectors(copy.deepcopy(self.layout, memo))

    def __reduce__(self) -> tuple[Any, ...]:
        return SeatVectors, (self.layout,)

    def kinds_of(self, actions: list[Action]) -> bytes:
        """The kinds piece of a seat whose legal actions these are, kept for the last
        list (an equal list, compared object by object first, has the same kinds)."""
        kept, made = self.kinds_kept
        if kept != actions:
            made = self.packed.kinds(frozenset(map(self.layout.kind_place.__getitem__,
                                                   set(map(KIND, actions)))))
            self.kinds_kept = (list(actions), made)
        return made

    def parts(self, game: Game, seat: int) -> dict[str, Any]:
        """The parts of the mechanisms the layout reads, as the seat's observation has
        them (their phases' hooks, picked once per chain)."""
        hooks = game.hooks("observe")
        if hooks is not self.hooks_of:
            read = self.layout.parts_read
            self.hooks = tuple(p for p in hooks if p.part_key in read)
            self.hooks_of = hooks
        if not self.hooks:
            return NO_PARTS
        return {p.part_key: p.observe(game, seat) for p in self.hooks}

    def vector(self, game: Game, seat: int, playing: bool, cards: int = -1,
               actions: list[Action] | None = None) -> Any:
        """The seat's vector as a new float32 numpy array; `cards`: the legal mask where
        the caller has it (-1: not known), `actions` the legal actions where it has them
        (None: not known). Errors as `Packed.vector` raises them."""
        return self.update(game, seat, playing, cards, actions).array.copy()

    def floats(self, game: Game, seat: int, playing: bool) -> list[float]:
        """The seat's vector as a list of floats (OpenSpiel's tensors are lists): the
        float32 numbers, as `Layout.numbers` gives them."""
        out: list[float] = self.update(game, seat, playing, -1).array.tolist()
        return out

    def update(self, game: Game, seat: int, playing: bool, cards: int,
               actions: list[Action] | None = None) -> Kept:
        """The seat's kept vector, brought up to `game` as it stands (any game of the
        layout's rules: every piece is compared with what it was written from)."""
        try:
            k = self.kept[seat]
        except (IndexError, TypeError):
            raise IndexError(f"index {seat} is out of the run seat") from None
        packed, run, view = self.packed, self.run, k.view
        one = packed.seat
        try:
            current = game.current_player if playing else None
            if current != k.current:
                a, b = run["current"]
                view[a:b] = packed.no_seat if current is None else one[current]
                k.current = current
            if current == seat:  # its own choices only
                if game.legal_mask() if cards < 0 else cards:
                    kinds = packed.kinds_play
                else:
                    if actions is None:
                        actions = game.legal_actions()
                    kinds = self.kinds_of(actions)
            else:
                kinds = packed.kinds_none
            if kinds is not k.kinds:
                a, b = run["kinds"]
                view[a:b] = kinds
                k.kinds = kinds
            dealer, leader = game.dealer, game.leader
            if dealer != k.dealer:
                a, b = run["dealer"]
                view[a:b] = one[dealer]
                k.dealer = dealer
            if leader != k.leader:
                a, b = run["leader"]
                view[a:b] = one[leader]
                k.leader = leader
        except KeyError as e:
            raise IndexError(f"index {e.args[0]} is out of a run of {self.n} seats") from None
        mode = game.mode
        if mode != k.mode:
            a, b = self.mode_bytes
            view[a:b] = packed.modes[mode + 1 if mode >= 0 else 0]
            k.mode = mode
        hand = game.hand_mask(seat)
        if hand != k.hand:
            a, b = run["hand"]
            view[a:b] = cards_run(hand)
            k.hand = hand
        trick = game.trick
        if trick != k.trick:
            n = self.n
            a, b = run["trick"]
            view[a:b] = b"".join([CARD_RUN[c] for c in trick[:n]] +
                                 [NO_CARD] * (n - len(trick)))
            k.trick = trick
        tricks = game.finished_tricks
        if tricks != k.tricks:
            played, won = packed.finished(tricks)
            a, b = run["played"]
            view[a:b] = played
            a, b = run["tricks_won"]
            view[a:b] = won
            k.tricks = tricks
        shown = game.shown_card
        if shown != k.shown:
            a, b = run["shown"]
            view[a:b] = CARD_RUN[shown] if shown >= 0 else NO_CARD
            k.shown = shown
        parts = self.parts(game, seat)
        turned = parts["piles"].get("turned", -1) if "piles" in parts else -1
        if turned != k.turned:
            a, b = run["turned"]
            view[a:b] = CARD_RUN[turned] if turned >= 0 else NO_CARD
            k.turned = turned
        seats = (game.playing, game.at_table)
        if seats != k.seats:
            a, b = run["playing"][0], run["table"][1]
            view[a:b] = packed.seats_of(*seats)
            k.seats = seats
        if packed.declared_size:
            declared = self.layout.declared_in(parts)
            if declared != k.declared:  # (kept as tuples: a list is never equal to them)
                a, b = self.values_bytes
                view[a:b] = packed.declared_of(declared)
                k.declared = {name: tuple(v) for name, v in declared.items()}
        totals = game.totals
        if totals != k.totals:
            a, b = run["totals"]
            view[a:b] = packed.totals_block(totals)
            k.totals = totals
        if self.added_keys:
            added = [parts.get(key) for key in self.added_keys]
            if added != k.added:
                block = packed.added_block(observe(game, seat, self.layout.parts_read))
                view[run["totals"][1]:] = block
                k.added = added
        return k
