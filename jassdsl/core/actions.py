"""The actions of a game: card plays and every declaration, as small immutable values.

Declarations (trump choice, push, bids, estimates, Weis, taking part, robbing, bettering)
are actions just like card plays, so one `Game.apply` drives every phase; the common ones
are made once here and shared.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from jassdsl.core.cards import CARD_INDEX, CARD_NAMES
from jassdsl.core.errors import ApiUsageError
from jassdsl.core.limits import MAX_DIGITS
from jassdsl.core.tables import MODE_NAMES

MAX_MODES = 64  # a trump action's value: a base mode 0-5, or a mode the file defines
VALUES = ("none", "card", "mode", "number")  # what an action of a kind carries


@dataclass(frozen=True)
class ActionKind:
    """How the actions of one kind are written and read: by the value they carry. A
    mechanism contributes the kinds it asks for that carry no number
    (`Runtime.codec`); a kind nobody names so carries a number (`bid 40`, `rob 1`)."""

    name: str
    value: str = "number"  # "none": a bare word (`fold`); "card": a card (`discard DA`,
    # written `DA` for a play); "mode": a trump mode (`trump H`); "number": `estimate 40`

    def __post_init__(self) -> None:
        if self.value not in VALUES:
            raise ValueError(f"action kind {self.name!r}: a value of {VALUES}, "
                             f"not {self.value!r}")


# the engine's own kinds: a card played, trump chosen, a card laid away, push and pass
BASE_KINDS = (ActionKind("play", "card"), ActionKind("trump", "mode"),
              ActionKind("discard", "card"), ActionKind("push", "none"),
              ActionKind("pass", "none"))
_values: dict[str, str] = {k.name: k.value for k in BASE_KINDS}


def add_kinds(kinds: Iterable[ActionKind]) -> None:
    """The engine's own kinds and these, contributed by the installed mechanisms (by
    `jassdsl.core.mechanism.install`); a kind named twice with two values is a mistake."""
    values = {k.name: k.value for k in BASE_KINDS}
    for k in kinds:
        if values.setdefault(k.name, k.value) != k.value:
            raise ValueError(f"action kind {k.name!r} carries both {values[k.name]!r} "
                             f"and {k.value!r}")
    _values.clear()
    _values.update(values)


def value_of(kind: str) -> str:
    """What an action of this kind carries (a kind nobody names: a number)."""
    return _values.get(kind, "number")


def kinds_carrying(value: str) -> tuple[str, ...]:
    """The known kinds whose actions carry this value, in the order they were named (the
    engine's first, then the mechanisms' in list order)."""
    return tuple(k for k, v in _values.items() if v == value)


def named_kinds() -> tuple[str, ...]:
    """The kinds shown by a name, never as a range of numbers."""
    return tuple(k for k, v in _values.items() if v != "number")


def is_index(value: object, size: int) -> bool:
    """A whole number (not a bool) from 0 to size - 1."""
    return type(value) is int and 0 <= value < size


def whole_number(word: str) -> int | None:
    """The whole number a word writes in ASCII digits with an optional minus (``40``,
    ``-3``), or None: for other digits (``²``), and for more than MAX_DIGITS of them, a
    number no game offers (Python refuses to read one past 4,300 digits)."""
    digits = word.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
        return None
    return int(word)


def shown_value(value: object) -> str:
    """A malformed value as a message shows it: its repr, but a whole number too long to
    print (Python writes none of more than 4,300 digits) by its size."""
    if isinstance(value, int) and value.bit_length() > 256:
        sign = "negative " if value < 0 else ""
        return f"<a {sign}number of about {int(value.bit_length() * 0.30103) + 1} digits>"
    return repr(value)


@dataclass(frozen=True, slots=True)
class Action:
    """A card play (``kind="play"``, value = card index) or a declaration."""

    kind: str
    value: int = -1

    def __str__(self) -> str:
        """The action as `parse` reads it; a malformed value is shown as it is."""
        return self.text()

    def text(self, modes: tuple[str, ...] = MODE_NAMES,
             names: Mapping[tuple[str, int], str] | None = None) -> str:
        """The action as a game reads it: a trump mode by its name in `modes` (a game's
        `mode_names` name the modes its rule file defines), a named value of a
        declaration by its name in `names` (``bid match``); a malformed value as it is."""
        kind, value = self.kind, self.value
        if names and isinstance(kind, str) and type(value) is int and (kind, value) in names:
            return f"{kind} {names[(kind, value)]}"
        carries = _values.get(kind, "number") if isinstance(kind, str) else "number"
        if carries == "card" and is_index(value, len(CARD_NAMES)):
            return CARD_NAMES[value] if kind == "play" else f"{kind} {CARD_NAMES[value]}"
        if carries == "mode" and is_index(value, len(modes)):
            return f"{kind} {modes[value]}"
        if carries == "none" and value == -1:
            return str(kind)
        return f"{kind} {shown_value(value)}"

    @classmethod
    def parse(cls, text: str, modes: tuple[str, ...] = MODE_NAMES) -> Action:
        """``DA``, ``play DA``, ``trump H``, ``trump obenabe``, ``push``, ``pass``, ``bid 4``;
        a trump mode by its name in `modes` (a game's `mode_names`: ``trump slalom``).

        Raises ApiUsageError for anything else, naming the forms it reads."""
        if not isinstance(text, str):
            raise ApiUsageError(f"an action's text must be a str, not {type(text).__name__}")
        words = text.strip().split()
        if not words:
            raise ApiUsageError("empty action (write e.g. DA, trump H, push, estimate 40)")
        if words[0].lower() == "play" and len(words) == 2:
            words = words[1:]
        if len(words) == 1 and words[0].upper() in CARD_INDEX:
            return PLAYS[CARD_INDEX[words[0].upper()]]
        carries = value_of(words[0].lower())
        if carries == "none" and len(words) == 1:
            return cls(words[0].lower())
        if carries == "card" and len(words) == 2 and words[1].upper() in CARD_INDEX:
            return cls(words[0].lower(), CARD_INDEX[words[1].upper()])
        if carries == "mode" and len(words) == 2:
            key = words[1] if words[1] in modes else words[1].upper()
            if key in modes:
                return cls(words[0].lower(), modes.index(key))
        if len(words) == 2 and (value := whole_number(words[1])) is not None:
            return cls(words[0].lower(), value)
        raise ApiUsageError(f"cannot read action {text!r} (write e.g. DA, trump H, push, "
                        "pass, join, fold, swap, rob 1, take, discard DA, estimate 40)")


def flaw(action: Action, modes: int = len(MODE_NAMES)) -> str:
    """Why an Action cannot be an action of any game ('' when it is well-formed): a kind
    that is not text, a value that is not a whole number, a card or trump mode that does
    not exist (a game's rule file may define more than the six base modes), a value on a
    kind that takes none."""
    kind, value = action.kind, action.value
    if not isinstance(kind, str):
        return f"the kind must be text, not {type(kind).__name__}"
    if type(value) is not int:
        return f"the value must be a whole number, not {type(value).__name__}"
    carries = value_of(kind)
    if carries == "card" and not 0 <= value < len(CARD_NAMES):
        return f"no such card: cards are 0 to {len(CARD_NAMES) - 1}"
    if carries == "mode" and not 0 <= value < min(modes, MAX_MODES):
        return f"no such trump mode: modes are 0 to {min(modes, MAX_MODES) - 1}"
    if carries == "none" and value != -1:
        return f"{kind} takes no value"
    return ""


def legal_names(actions: list[Action], modes: tuple[str, ...] = MODE_NAMES,
                names: Mapping[tuple[str, int], str] | None = None) -> list[str]:
    """Actions as a message names them; three or more values of a declaration in a row
    (``estimate 0``, ``estimate 1``, ... ``estimate 157``) as one range, ``estimate 0..157``,
    or in steps (``bid 60..150 by 10``); a named value by its name (``bid match``)."""
    names = names or {}
    runs: list[list[Action]] = []
    for a in actions:
        run = runs[-1] if runs else []
        last = run[-1] if run else None
        step = run[1].value - run[0].value if len(run) > 1 else None
        if last is not None and a.kind == last.kind and value_of(a.kind) == "number" \
                and (a.kind, a.value) not in names and (last.kind, last.value) not in names \
                and a.value > last.value and (step is None or a.value - last.value == step):
            run.append(a)
        else:
            runs.append([a])
    out: list[str] = []
    for run in runs:
        if len(run) > 2:
            step = run[1].value - run[0].value
            by = f" by {step}" if step != 1 else ""
            out.append(f"{run[0].kind} {run[0].value}..{run[-1].value}{by}")
        else:
            out += (a.text(modes, names) for a in run)
    return out


PLAYS = tuple(Action("play", c) for c in range(36))
TRUMPS = tuple(Action("trump", mode) for mode in range(MAX_MODES))
PUSH = Action("push")
PASS = Action("pass")  # in an auction: no bid this turn
DISCARDS = tuple(Action("discard", c) for c in range(36))  # lay a card of the hand away

# A bid that names the contract's mode with its number (`bid 100 H`) is one action whose
# value holds both: the number times MODE_BID plus the mode (100 in mode 1 is 10001).
MODE_BID = 100  # more than MAX_MODES


def mode_bid(name: str, number: int, mode: int) -> Action:
    """The bid of `number` naming `mode`, of the declaration `name`."""
    return Action(name, number * MODE_BID + mode)


def bid_parts(value: int) -> tuple[int, int]:
    """A bid naming the mode, as its number and its mode."""
    number, mode = divmod(value, MODE_BID)
    return number, mode



def _chunk_plays(suit: int) -> tuple[tuple[Action, ...], ...]:
    """Per 9-bit chunk of a card mask: the play actions of its cards, lowest first."""
    return tuple(tuple(PLAYS[9 * suit + r] for r in range(9) if x >> r & 1) for x in range(512))


PLAY_CHUNKS = tuple(_chunk_plays(s) for s in range(4))


def mask_plays(mask: int) -> list[Action]:
    """The play actions of the cards in a mask, lowest card first."""
    a, b, c, d = PLAY_CHUNKS
    return list(a[mask & 511] + b[mask >> 9 & 511] + c[mask >> 18 & 511] + d[mask >> 27])


@cache
def declare_actions(name: str, values: tuple[int, ...]) -> tuple[Action, ...]:
    """The actions of a declaration phase (made once: an estimate of 0 to 157 offers 158 values)."""
    return tuple(Action(name, v) for v in values)
