"""A seat's observation as a flat vector of numbers, for learning (OpenSpiel, PettingZoo).

The layout is fixed per rule file (its seats, modes, declarations, units and action
kinds) and is data: `layout(rules)` gives each piece's name, offset, size and scaling
(the research page prints it per shipped file). The vector is filled from the engine's
observation of the seat (`Game.observe`), so it holds nothing the seat may not see.
Pieces, each a run of the vector: the seat, whose turn it is, the dealer and the leader
(one-hot per seat); the kinds of action the seat may take, when it is its turn; the mode
(one-hot, first entry: none yet); the seat's hand, the open trick (a block of 36 per
place in the trick), the cards of the hand's finished tricks, the shown and turned card;
tricks taken per seat (/9); the seats playing and at the table; per declaration and seat
whether its value is known and the value (/ highest); the totals per unit and subject
(/1000); then the pieces of the mechanisms the file uses that add their own
(`Runtime.tensor`: a seat's table cards). With `recall`: who played which card this
hand (36 per seat).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache
from operator import is_
from typing import Any, NamedTuple, Protocol

import numpy as np

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.deal import trick_seats
from jassdsl.engine import Game
from jassdsl.engine.observation import Observation
from jassdsl.engine.records import Trick
from jassdsl.research.actionspace import ActionSpace
from jassdsl.research.packed import Packed


class Piece(NamedTuple):
    """One run of the vector: its name, where it starts, how many numbers, and how a
    value is scaled into it (``1``: marks of 0 or 1; ``1/9``: a count divided by 9;
    ``1/1000``; ``0/1, value/H``: per seat a pair, known or not and the value divided by
    the declaration's highest value H, listed per declaration)."""

    name: str
    offset: int
    size: int
    scale: str


class Pieces(Protocol):
    """A mechanism's pieces of the vector (`Runtime.tensor`), for a file using it."""

    def pieces(self, rules: CompiledRules) -> list[tuple[str, int, str]]:
        """Its pieces: name, size and scale, in order."""

    def ones(self, obs: Observation, start: dict[str, int]) -> list[int]:
        """The places of its pieces holding a 1, from the pieces' offsets (`start`)."""


def added(rules: CompiledRules) -> tuple[tuple[Pieces, str], ...]:
    """The mechanisms of the file adding pieces of their own: their pieces and part key."""
    return tuple((x.runtime.tensor, x.part_key) for x in rules.used
                 if x.runtime.tensor is not None)


def layout(rules: CompiledRules, recall: bool = False,
           space: ActionSpace | None = None) -> tuple[Piece, ...]:
    """The pieces of a rule file's vector, in order (`recall`: the information state's,
    with the history of the hand); `space` is the file's action space (made if not given:
    the `kinds` piece has one place per kind of action it numbers)."""
    space = space if space is not None else ActionSpace.of(rules)
    n = rules.players
    highs = ", ".join(f"{d.name} {max(1, d.high)}" for d in rules.declarations)
    sizes = [("seat", n, "1"), ("current", n, "1"), ("dealer", n, "1"), ("leader", n, "1"),
             ("kinds", len(space.kinds), "1"), ("trump", len(rules.mode_names) + 1, "1"),
             ("hand", 36, "1"), ("trick", n * 36, "1"), ("played", 36, "1"),
             ("shown", 36, "1"), ("turned", 36, "1"), ("tricks_won", n, "1/9"),
             ("playing", n, "1"), ("table", n, "1"),
             ("declared", 2 * n * len(rules.declarations),
              f"0/1, value/H ({highs})" if highs else "0/1, value/H"),
             ("totals", len(rules.units) * rules.subjects, "1/1000")]
    sizes += [piece for tensor, _ in added(rules) for piece in tensor.pieces(rules)]
    if recall:
        sizes.append(("history", n * 36, "1"))
    out, start = [], 0
    for name, size, scale in sizes:
        out.append(Piece(name, start, size, scale))
        start += size
    return tuple(out)


def utility_sign(rules: CompiledRules) -> int:
    """+1 where more of the unit that decides the game is better, -1 where less is: the
    sign that turns a score into a reward."""
    _, sign = rules.winner_unit
    return sign if rules.winner_most else -sign


class Layout:
    """The pieces of one rule file's vector, and how to fill them."""

    def __init__(self, rules: CompiledRules, space: ActionSpace, recall: bool) -> None:
        self.rules, self.space, self.recall = rules, space, recall
        # per kind of action, its place among the space's kinds (read once, not per fill)
        self.kind_place = {kind: k for k, kind in enumerate(space.kinds)}
        self.layout = layout(rules, recall, space)
        self.pieces = [(p.name, p.size) for p in self.layout]
        self.size = sum(p.size for p in self.layout)
        self.zeros = array("f", bytes(4 * self.size))  # a vector of zeros, to copy
        # per piece: where it starts, its size
        self.runs: dict[str, tuple[int, int]] = {p.name: (p.offset, p.size)
                                                 for p in self.layout}
        self.start = {p.name: p.offset for p in self.layout}
        # the runs of the mode and of the declared values, by what they hold (`incremental`)
        self.mode_run, self.declared_run = self.runs["trump"], self.runs["declared"]
        # per declaration: the places of its pairs and the divisor of its values
        n = rules.players
        at = self.start["declared"]
        self.declared = [(d.name, at + 2 * k * n, max(1, d.high))
                         for k, d in enumerate(rules.declarations)]
        self.totals = [(unit, self.start["totals"] + u * rules.subjects)
                       for u, unit in enumerate(rules.units)]
        # per run of seats, a seat's place as a view of the run reads an index (negative
        # from its end; none outside it: `marks` raises IndexError), made once
        self.seat_places = {name: {i: self.runs[name][0] + i % n for i in range(-n, n)}
                            for name in ("seat", "current", "dealer", "leader")}
        self.trick_places = [self.start["trick"] + i * 36 for i in range(n)]
        # the mechanisms whose parts of an observation the vector reads (`declared`,
        # `turned`): an observation made for it alone needs no other
        self.added_parts = added(rules)  # (pieces, part key) per such mechanism
        self.added = [tensor for tensor, _ in self.added_parts]
        self.parts_read = frozenset(("declare", "piles", *(key for _, key in added(rules))))
        # the finished tricks last asked about, their cards' places and the tricks taken
        # per seat (`finished`)
        # per seats playing and at the table, their places; the totals last written, with
        # their places and values
        self.seat_marks: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}
        self.kept_totals: tuple[Any, list[int], list[float]] = (None, [], [])
        self.kept: tuple[tuple[Trick, ...], list[int], list[int],
                         tuple[list[int], list[int], list[float]]] = (
            (), [], [0] * n, ([], [], []))

        # the finished tricks and seats of the history last asked for, its numbers
        self.kept_history: tuple[tuple[Trick, ...] | None, tuple[int, ...], list[float]] = (
            None, (), [])
        # the observation's vector as blocks of bytes (`packed`; not the history's)
        self.packed: Packed | None = None if recall else Packed(self, WON)

    @staticmethod
    def declared_in(parts: dict[str, Any]) -> dict[str, Any]:
        """The declared values in a seat's observation parts, per declaration
        (`Observation.declared`: a value hidden from the seat is None)."""
        out: dict[str, Any] = parts.get("declare", {}).get("declared", {})
        return out

    def views(self, tensor: Any) -> dict[str, Any]:
        """The named runs of a flat tensor (views: writing them writes the tensor)."""
        return {name: tensor[at:at + size] for name, (at, size) in self.runs.items()}

    def vector(self, game: Game | None, seat: int, playing: bool,
               obs: Observation | None = None, cards: int = -1) -> Any:
        """The seat's vector as a new float32 numpy array: written into a float32
        `array` and handed to numpy as it is (numpy's writes of a list of places cost more
        than the loop: the same numbers, rounded to float32 alike)."""
        if self.packed is not None and game is not None:  # the same numbers, as blocks
            if obs is None:
                obs = game.observe(seat)
            mode = obs.trump.number + 1 if obs.trump.is_set else 0
            return np.frombuffer(bytearray(self.packed.vector(game, seat, playing, obs, cards,
                                                              mode)), np.float32)
        out = self.zeros[:]
        ones, places, values = self.marks(game, seat, playing, obs, cards)
        for i in ones:
            out[i] = 1.0
        for i, v in zip(places, values, strict=True):
            out[i] = v
        return np.frombuffer(out, np.float32)

    def fill(self, tensor: Any, game: Game | None, seat: int, playing: bool,
             obs: Observation | None = None) -> None:
        """Fill the flat tensor from the seat's observation (`obs`, where the caller has
        it: `game.observe(seat)`); `playing`: someone is to act. The places are gathered
        first (`marks`) and written at once (a numpy write per place was most of an
        observation's cost)."""
        tensor.fill(0)
        ones, places, values = self.marks(game, seat, playing, obs)
        tensor[ones] = 1
        if places:
            tensor[places] = values

    def numbers(self, game: Game | None, seat: int, playing: bool,
                obs: Observation | None = None) -> list[float]:
        """The vector `fill` writes, as a list of floats (OpenSpiel's tensors are lists):
        written straight into a list, the values rounded to float32 as the tensor holds
        them, without a numpy tensor to convert."""
        out = [0.0] * self.size
        ones, places, values = self.marks(game, seat, playing, obs)
        for i in ones:
            out[i] = 1.0
        for i, v in zip(places, array("f", values), strict=True):  # float32, as stored
            out[i] = v
        return out

    def finished(self, tricks: tuple[Trick, ...]
                 ) -> tuple[list[int], list[int], list[float]]:
        """The places of the finished tricks' cards (`played`), and of the tricks taken
        per seat with their values (`tricks_won`). The last seat's answer is kept and
        carried on by the tricks finished since (a hand's tricks only grow, and an
        observation asks at every step): the tricks so far equal the kept ones (as
        tuples of named tuples: the same cards, leaders and winners), so are their places."""
        kept, played, won, answer = self.kept
        k, now = len(kept), len(tricks)
        if k > now or (k and not all(map(is_, tricks, kept)) and tricks[:k] != kept):
            # (the same trick objects, as a game and its copies share them, are the same
            # tricks: their values are compared only where they are other objects)
            k, played, won = 0, [], [0] * self.rules.players
        elif k == now:
            return answer  # (read, never written, by the callers)
        if k < now:
            first = self.start["played"]
            played = played + [first + c for trick in tricks[k:] for c in trick.cards]
            won = list(won)
            for trick in tricks[k:]:
                won[trick.winner] += 1  # an IndexError for a seat outside, as a view gives
        first = self.start["tricks_won"]
        counted = [(first + x, count) for x, count in enumerate(won) if count]
        answer = played, [x for x, _ in counted], [WON[c] for _, c in counted]
        self.kept = (tricks, played, won, answer)
        return answer

    def marks(self, game: Game | None, seat: int, playing: bool,
              obs: Observation | None, cards: int = -1
              ) -> tuple[list[int], list[int], list[float]]:
        """The places of the vector that hold a 1, and the other places with their
        values (written after the ones), from offsets worked out once per layout; a seat
        in a run of seats is read as an index of that run alone, as a view of it would
        read it (negative from its end, and never outside); a card (0-35, from a hand
        mask or the table) is placed without that check."""
        start, seat_places = self.start, self.seat_places
        try:
            ones = [seat_places["seat"][seat]]
        except KeyError:
            raise IndexError(f"index {seat} is out of the run seat") from None
        places: list[int] = []
        values: list[float] = []
        if game is None:
            return ones, places, values
        if obs is None:
            obs = game.observe(seat)
        n = self.rules.players
        try:
            if playing:
                ones.append(seat_places["current"][obs.current])
            if playing and obs.current == seat:  # its own choices only: they may tell a hand
                kinds, first = self.kind_place, start["kinds"]
                # in play: cards, and only cards (`cards`: the legal mask, where the
                # caller has it; -1: not known)
                if game.legal_mask() if cards < 0 else cards:
                    ones.append(first + kinds["play"])
                else:
                    ones += {first + kinds[a.kind] for a in game.legal_actions()}
            ones.append(seat_places["dealer"][obs.dealer])
            ones.append(seat_places["leader"][obs.leader])
        except KeyError as e:
            raise IndexError(f"index {e.args[0]} is out of a run of {n} seats") from None
        ones.append(start["trump"] + (obs.trump.number + 1 if obs.trump.is_set else 0))
        first = start["hand"]
        ones += [first + c for c in obs.hand]
        ones += [place + card for place, card in zip(self.trick_places, obs.trick,
                                                     strict=False)]
        played, won_places, won_values = self.finished(obs.tricks)
        ones += played
        places += won_places
        values += won_values
        shown, turned = obs.shown, obs.turned
        if shown >= 0:
            ones.append(start["shown"] + shown)
        if turned >= 0:
            ones.append(start["turned"] + turned)
        seats = obs.playing, obs.table  # seats of the table (`seats_in`): in the runs
        at = self.seat_marks.get(seats)
        if at is None:
            at = self.seat_marks[seats] = [start["playing"] + x for x in obs.playing] + \
                [start["table"] + x for x in obs.table]
        ones += at
        if self.declared:
            declared = obs.declared
            for name, first, high in self.declared:
                for x, v in enumerate(declared.get(name, ())):
                    if v is not None:
                        ones.append(first + 2 * x)
                        places.append(first + 2 * x + 1)
                        values.append(v / high)
        totals, kept = obs.totals, self.kept_totals
        if totals != kept[0]:  # (the totals change once a hand: their places kept)
            at, scaled = [], []
            for unit, first in self.totals:
                for x, v in enumerate(totals.get(unit, ())):
                    at.append(first + x)
                    scaled.append(v / 1000)
            kept = self.kept_totals = (totals, at, scaled)
        places += kept[1]
        values += kept[2]
        for tensor in self.added:
            ones += tensor.ones(obs, start)
        if self.recall:
            ones += self.history(obs.playing, obs.tricks, obs.leader, obs.trick)
        return ones, places, values

    def history(self, playing: tuple[int, ...], tricks: Sequence[Trick], leader: int,
                trick: Sequence[int]) -> list[int]:
        """The places of the history piece holding a 1: who played which card this hand,
        from the finished tricks and the open one (led by `leader`)."""
        order = seat_orders(self.rules.players, playing)
        first = self.start["history"]
        ones = []
        for done in tricks:
            ones += [first + who * 36 + card
                     for who, card in zip(order[done.leader], done.cards, strict=False)]
        ones += [first + who * 36 + card for who, card in zip(order[leader], trick, strict=False)]
        return ones

    def history_numbers(self, playing: tuple[int, ...], tricks: tuple[Trick, ...], leader: int,
                        trick: Sequence[int]) -> list[float]:
        """The history piece as a list of floats (the information state's tensor ends
        with it): the finished tricks' part kept while they stay the same (they change
        once a trick), the open trick's cards added to a copy."""
        first = self.start["history"]
        kept_tricks, kept_playing, kept = self.kept_history
        if tricks != kept_tricks or playing != kept_playing:
            kept = [0.0] * (self.size - first)
            for i in self.history(playing, tricks, leader, ()):
                kept[i - first] = 1.0
            self.kept_history = (tricks, playing, kept)
        out = kept[:]
        for i in self.history(playing, (), leader, trick):
            out[i - first] = 1.0
        return out


@cache
def seat_orders(players: int, playing: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per leader, the seats of a trick in play order, among those playing (all where
    none are named yet): made once per set of seats."""
    mask = sum(1 << x for x in playing) or (1 << players) - 1
    return trick_seats(players, mask)


def tricks_won() -> list[Any]:
    """Tricks taken as the vector has always counted them: 1/9 added per trick to a
    float32 place (so k tricks read exactly as k such additions, not as k/9)."""
    place = np.zeros(1, np.float32)
    out = [place[0]]
    for _ in range(36):
        place[0] += 1 / 9
        out.append(place[0])
    return out


WON = tricks_won()  # per number of tricks taken: the value of its place


def layout_rows(names: list[str]) -> list[str]:
    """The research page's table of the layouts: a row per rule file (by name), its
    vector's size (observation / information state) and every piece as offset+size, the
    information state's history last (it follows the observation's pieces)."""
    from jassdsl.registry import load_rules  # the parser, only where the page is made

    rows = ["| rule file | size | pieces (offset+size) |", "| --- | ---: | --- |"]
    for name in names:
        rules = load_rules(name)
        pieces = layout(rules, recall=True)
        plain = pieces[:-1]  # the observation: all but the history
        cells = []
        for p in pieces:
            text = f"{p.name} {p.offset}+{p.size}"
            if p.name == "declared" and rules.declarations:
                text += " (÷ " + ", ".join(f"{d.name} {max(1, d.high)}"
                                           for d in rules.declarations) + ")"
            cells.append(text)
        size = f"{sum(p.size for p in plain)} / {sum(p.size for p in pieces)}"
        rows.append(f"| {name} | {size} | {' · '.join(cells)} |")
    return rows
