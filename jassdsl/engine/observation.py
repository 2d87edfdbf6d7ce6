"""What one seat may see: its own hand, the table, the public declarations.

`Observation` is typed (cards as card numbers, the mode as a `Mode`); `as_dict` gives
the same as plain values with card names, as the JSON of the CLI and the corpus write it.
Each mechanism fills its own part (`Phase.observe`, in `parts` by mechanism name); a
value of a mechanism the rule file does not use reads as its empty default. The dict
keeps the mechanisms' values flat under their documented keys (`keys()`: the engine's own,
then those each mechanism shows, `Runtime.shows`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from jassdsl.core.cards import CARD_NAMES, mask_cards
from jassdsl.core.mechanism import (
    Mechanism,
    installed,
    installed_cards,
    installed_defaults,
    installed_shows,
)
from jassdsl.core.modes import Mode
from jassdsl.core.roles import BIDDER, ROLE_LIST
from jassdsl.engine.phase import Table
from jassdsl.engine.records import Trick


def _name(card: int) -> str | None:
    return CARD_NAMES[card] if card >= 0 else None


def _plain(value: Any) -> Any:
    """Tuples as lists, all the way down."""
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _named(value: Any) -> Any:
    """Tuples as lists and card numbers as card names, all the way down."""
    return [_named(v) for v in value] if isinstance(value, tuple) else CARD_NAMES[value]


_used: tuple[tuple[Mechanism, ...] | None, tuple[tuple[str, tuple[str, ...]], ...]] = (None, ())


def _shown_where_used() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Per mechanism showing keys only where a file uses it (`Runtime.shows_used`,
    keys of cards, per seat: their numbers read as card names): its part's key and
    those keys (worked out again only when other mechanisms are installed)."""
    global _used
    now = installed()
    if _used[0] is not now:
        _used = (now, tuple((x.part_key, x.runtime.shows_used) for x in now
                             if x.runtime.shows_used))
    return _used[1]


@dataclass(frozen=True)
class Observation:
    seat: int
    hand: tuple[int, ...]  # its own cards, in deck order
    trick: tuple[int, ...]  # the open trick, in play order
    leader: int
    trump: Mode  # NO_MODE while no trump is set
    shown: int  # a card shown to all (the bottom card), or -1
    phase: str
    current: int
    dealer: int
    bidder: int  # the highest bidder of an auction so far, or -1
    hand_number: int
    tricks: tuple[Trick, ...]
    totals: dict[str, tuple[int, ...]] = field(default_factory=dict)
    table: tuple[int, ...] = ()  # seats still at the table
    playing: tuple[int, ...] = ()  # seats taking part (so far, while asked)
    roles: dict[str, int] = field(default_factory=dict)  # role: seat so far, -1: nobody
    # per mechanism: what its phase lets this seat see (`Phase.observe`), by mechanism name
    parts: dict[str, dict[str, Any]] = field(default_factory=dict)

    def part(self, mechanism: str, key: str, default: Any) -> Any:
        """A value a mechanism shows, or its default where the file lacks the mechanism."""
        return self.parts.get(mechanism, {}).get(key, default)

    def __getattr__(self, key: str) -> Any:
        """A value a mechanism shows under a key it declares (`Runtime.defaults`), by
        that key (`observation.talon`), or its default where the file lacks it."""
        if key.startswith("_") or key not in installed_defaults():
            raise AttributeError(key)
        mechanism, default = installed_defaults()[key]
        return self.part(mechanism, key, default)

    @property
    def declared(self) -> dict[str, tuple[int | None, ...]]:
        """Per declaration, each seat's value; a value hidden from this seat is None."""
        return self.part("declare", "declared", {})  # type: ignore[no-any-return]

    @property
    def piles(self) -> dict[str, int]:
        """The piles' sizes (only the sizes)."""
        return self.part("piles", "piles", {})  # type: ignore[no-any-return]

    @property
    def turned(self) -> int:
        """The turned trump card while it lies on a pile, or -1."""
        return self.part("piles", "turned", -1)  # type: ignore[no-any-return]

    @property
    def swapped(self) -> int:
        return self.part("piles", "swapped", -1)  # type: ignore[no-any-return]

    @property
    def robbed(self) -> int:
        return self.part("piles", "robbed", -1)  # type: ignore[no-any-return]

    @property
    def seen(self) -> int:
        """A pile's bottom card that everybody sees, or -1."""
        return self.part("piles", "seen", -1)  # type: ignore[no-any-return]

    @property
    def looked(self) -> tuple[int, ...]:
        """Its own pile, declined."""
        return self.part("piles", "looked", ())  # type: ignore[no-any-return]

    def as_dict(self) -> dict[str, Any]:
        """Plain values with card names (None for no card or no trump), under the keys
        of `keys()`: the mechanisms' values flat, as the dict has always had them. Written
        out rather than read key by key through `getattr` (a bot or a research adapter
        asks for it at every decision): the same dict, at half the cost."""
        defaults, cards = installed_defaults(), installed_cards()
        fields = self.__dict__  # the dataclass's fields (no property shares a name)
        out: dict[str, Any] = {}
        keys, properties = _keys(installed_shows())
        for key in keys:
            if key in fields:
                out[key] = fields[key]
            elif key in defaults and key not in properties:  # what __getattr__ finds
                mechanism, default = defaults[key]
                out[key] = self.part(mechanism, key, default)
            else:
                out[key] = getattr(self, key)
        for key in ("hand", "trick", "looked", *cards):
            out[key] = [CARD_NAMES[c] for c in out[key]]
        for key in defaults:  # a mechanism's tuples as lists, all the way down, as JSON has them
            if key in out and key not in cards:
                out[key] = _plain(out[key])
        for key in ("shown", "turned", "seen"):
            out[key] = _name(out[key])
        out["trump"] = str(self.trump) if self.trump.is_set else None
        out["tricks"] = [(t.leader, [CARD_NAMES[c] for c in t.cards], t.winner)
                         for t in self.tricks]
        out["declared"] = {k: list(v) for k, v in self.declared.items()}
        out["totals"] = {k: list(v) for k, v in self.totals.items()}
        out["table"], out["playing"] = list(self.table), list(self.playing)
        out["piles"] = dict(self.piles)
        out["roles"] = dict(self.roles)
        for part_key, shown in _shown_where_used():  # (a file using it only)
            part = self.parts.get(part_key)
            if part is not None:
                for key in shown:
                    out[key] = _named(part[key])
        return out


# The engine's own keys of `Observation.as_dict` (and of `Game.observation`), in their
# order; the installed mechanisms' (`Runtime.shows`) follow. Public and documented
# (docs/*/engine-authors.md), the same for every rule file.
OWN_KEYS = ("seat", "hand", "trick", "leader", "trump", "shown", "phase", "current",
            "dealer", "bidder", "hand_number", "tricks", "declared", "totals", "table",
            "playing", "piles", "turned", "swapped", "robbed", "seen", "looked", "roles")


@cache
def _keys(shows: tuple[str, ...]) -> tuple[tuple[str, ...], frozenset[str]]:
    """The keys, and those of them `Observation` reads through a property of its own."""
    keys = (*OWN_KEYS, *shows)
    return keys, frozenset(k for k in keys
                           if isinstance(getattr(Observation, k, None), property))


def keys() -> tuple[str, ...]:
    """The keys of an observation's dict, in their order: the engine's own, then those
    the installed mechanisms show, in list order."""
    return _keys(installed_shows())[0]


def keys_used(rules: Any) -> tuple[str, ...]:
    """The keys a file's observation dict adds after `keys()`: those its mechanisms show
    only where a file uses them (`Runtime.shows_used`), in list order."""
    return tuple(key for x in rules.used for key in x.runtime.shows_used)


@cache
def seats_in(mask: int, players: int) -> tuple[int, ...]:
    """The seats of a bitmask (made once per mask: every observation asks twice)."""
    return tuple(x for x in range(players) if mask >> x & 1)


@cache
def roles_shown(read: frozenset[int], made: frozenset[int]) -> tuple[tuple[str, int], ...]:
    """The roles an observation names (those the file reads or makes), by name and
    index: worked out once per rule file rather than at every observation."""
    return tuple((role.name, role.index) for role in ROLE_LIST
                 if role.index in read or role.index in made)


def observe(g: Table, seat: int, parts_of: frozenset[str] | None = None) -> Observation:
    """The seat's observation; `parts_of`: only these mechanisms' parts (a reader that
    needs no other, such as a tensor, is spared the rest), None: all."""
    s, r = g.s, g.rules
    hooks = g.hooks("observe")
    parts = {phase.part_key: phase.observe(g, seat) for phase in hooks
             if parts_of is None or phase.part_key in parts_of}
    roles = s.roles
    # the frozen dataclass's fields written at once (its __init__ sets them one by one
    # through object.__setattr__: most of an observation's cost); the same object
    obs: Observation = object.__new__(Observation)
    obs.__dict__.update(
        seat=seat, hand=tuple(mask_cards(s.hands[seat])), trick=tuple(s.trick),
        leader=s.leader, trump=r.mode(s.mode), shown=s.shown, phase=s.phase,
        current=s.current, dealer=s.dealer, bidder=roles[BIDDER], hand_number=s.hand_no,
        tricks=tuple(s.tricks), totals={u: tuple(v) for u, v in s.totals.items()},
        table=seats_in(s.table, r.players), playing=seats_in(s.playing, r.players),
        roles={name: roles[index] for name, index in roles_shown(r.roles_read, r.roles_made)},
        parts=parts)
    return obs
