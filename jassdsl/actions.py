"""The actions of a game: card plays and every declaration, as small immutable values.

Declarations (trump choice, push, bids, estimates, Weis, taking part, robbing, bettering)
are actions just like card plays, so one `Game.apply` drives every phase; the common ones
are made once here and shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from jassdsl.cards import CARD_INDEX, CARD_NAMES
from jassdsl.errors import JassError
from jassdsl.tables import MODE_INDEX, MODE_NAMES


@dataclass(frozen=True, slots=True)
class Action:
    """A card play (``kind="play"``, value = card index) or a declaration."""

    kind: str
    value: int = -1

    def __str__(self) -> str:
        if self.kind == "play":
            return CARD_NAMES[self.value]
        if self.kind == "trump":
            return f"trump {MODE_NAMES[self.value]}"
        if self.kind in ("push", "pass", "join", "fold", "swap", "take", "decline"):
            return self.kind
        if self.kind == "discard":
            return f"discard {CARD_NAMES[self.value]}"
        return f"{self.kind} {self.value}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """``DA``, ``play DA``, ``trump H``, ``trump obenabe``, ``push``, ``pass``, ``bid 4``."""
        words = text.strip().split()
        if not words:
            raise JassError("empty action")
        if words[0].lower() == "play" and len(words) == 2:
            words = words[1:]
        if len(words) == 1 and words[0].upper() in CARD_INDEX:
            return PLAYS[CARD_INDEX[words[0].upper()]]
        if words[0].lower() in ("push", "pass", "join", "fold", "swap", "take",
                                "decline") and len(words) == 1:
            return cls(words[0].lower())
        if words[0].lower() == "discard" and len(words) == 2 and words[1].upper() in CARD_INDEX:
            return DISCARDS[CARD_INDEX[words[1].upper()]]
        if words[0].lower() == "trump" and len(words) == 2:
            key = words[1] if words[1] in MODE_INDEX else words[1].upper()
            if key in MODE_INDEX:
                return cls("trump", MODE_INDEX[key])
        if len(words) == 2 and words[1].lstrip("-").isdigit():
            return cls(words[0].lower(), int(words[1]))
        raise JassError(f"cannot read action {text!r} (write e.g. DA, trump H, push, "
                        "pass, join, fold, swap, rob 1, take, discard DA, estimate 40)")


PLAYS = tuple(Action("play", c) for c in range(36))
TRUMPS = tuple(Action("trump", mode) for mode in range(len(MODE_NAMES)))
PUSH = Action("push")
PASS = Action("pass")  # in an auction: no bid this turn
WEIS_YES, WEIS_NO = Action("weis", 1), Action("weis", 0)  # declare one's best Weis, or not
JOIN, FOLD, SWAP = Action("join"), Action("fold"), Action("swap")  # taking part in a hand
ROB_YES, ROB_NO = Action("rob", 1), Action("rob", 0)  # take the turned trump card, or not
TAKE, DECLINE = Action("take"), Action("decline")  # swap cards for one's own pile, or not
DISCARDS = tuple(Action("discard", c) for c in range(36))  # lay a card of the hand away



def _chunk_plays(suit: int) -> tuple[tuple[Action, ...], ...]:
    """Per 9-bit chunk of a card mask: the play actions of its cards, lowest first."""
    return tuple(tuple(PLAYS[9 * suit + r] for r in range(9) if x >> r & 1) for x in range(512))


PLAY_CHUNKS = tuple(_chunk_plays(s) for s in range(4))


def mask_plays(mask: int) -> list[Action]:
    """The play actions of the cards in a mask, lowest card first."""
    a, b, c, d = PLAY_CHUNKS
    return list(a[mask & 511] + b[mask >> 9 & 511] + c[mask >> 18 & 511] + d[mask >> 27])


@cache
def declare_actions(name: str, low: int, high: int) -> tuple[Action, ...]:
    """The actions of a declaration phase (made once: an estimate of 0 to 157 offers 158 values)."""
    return tuple(Action(name, v) for v in range(low, high + 1))
