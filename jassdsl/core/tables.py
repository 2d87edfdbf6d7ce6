"""Card tables per trump mode, compiled from a rule file's rank and point tables.

A mode is an int: 0-3 the suit D H S C is trump, 4 Obenabe, 5 Undenufe. For each mode we
keep a trick strength per card (trumps 100 and up, then the rank within its suit), the
card points, and for each trump the mask of trumps ranked below it (for the undertrump
rule). Everything the play loop needs is a tuple lookup.

Trumps get strengths from TRUMP_BASE + 1 up and other cards 1..9, so a trick with a trump
in it is won by its highest trump; the play regimes rely on that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jassdsl.core import model as m
from jassdsl.core.cards import RANKS, SUIT_MASKS, SUITS

OBENABE, UNDENUFE = 4, 5
MODE_NAMES = (*SUITS, "obenabe", "undenufe")
MODE_INDEX = {name: i for i, name in enumerate(MODE_NAMES)}
TRUMP_BASE = 100


@dataclass(frozen=True)
class ModeTable:
    mode: int
    trump: int  # the trump suit, or -1
    strength: tuple[int, ...]
    points: tuple[int, ...]
    lower_trumps: tuple[int, ...]  # per card: trumps that rank below it (0 for non-trumps)
    puur: int  # bit of the trump Jack, or 0
    pack: int = (1 << 36) - 1  # the cards of the pack (jassdsl.core.pack); others never dealt
    # tables derived on first use (follow rules, beat table, point chunks); not compared
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)


def rank_order(rf: m.RuleFile, table: str) -> list[int]:
    """Rank indices high to low as the file lists them."""
    r = next(x for x in rf.ranks if x.table.text == table)
    return [RANKS.index(w.text) for w in r.ranks]


def point_values(rf: m.RuleFile, table: str) -> list[int]:
    values = [0] * 9
    p = next(x for x in rf.points if x.table.text == table)
    for w, v in p.values:
        values[RANKS.index(w.text)] = v
    return values


def has_table(rf: m.RuleFile, table: str) -> bool:
    return any(x.table.text == table for x in rf.ranks) and any(
        x.table.text == table for x in rf.points
    )


def build_mode(rf: m.RuleFile, mode: int) -> ModeTable:
    strength = [0] * 36
    points = [0] * 36
    lower = [0] * 36
    if mode < 4:
        side_order, side_points = rank_order(rf, "side"), point_values(rf, "side")
        trump_order, trump_points = rank_order(rf, "trump"), point_values(rf, "trump")
        for s in range(4):
            order, pts = (trump_order, trump_points) if s == mode else (side_order, side_points)
            base = TRUMP_BASE if s == mode else 0
            for pos, r in enumerate(order):
                card = s * 9 + r
                strength[card] = base + 9 - pos
                points[card] = pts[r]
        for pos, r in enumerate(trump_order):
            below = trump_order[pos + 1 :]
            lower[mode * 9 + r] = sum(1 << (mode * 9 + b) for b in below)
        return ModeTable(mode, mode, tuple(strength), tuple(points), tuple(lower),
                         1 << (mode * 9 + RANKS.index("J")))
    name = MODE_NAMES[mode]
    order, pts = rank_order(rf, name), point_values(rf, name)
    for s in range(4):
        for pos, r in enumerate(order):
            strength[s * 9 + r] = 9 - pos
            points[s * 9 + r] = pts[r]
    return ModeTable(mode, -1, tuple(strength), tuple(points), tuple(lower), 0)


def build_modes(rf: m.RuleFile) -> dict[int, ModeTable]:
    """Every mode the file has tables for: the base modes, then the file's own modes
    (numbered 6, 7, ... in file order)."""
    modes: dict[int, ModeTable] = {}
    if has_table(rf, "trump") and has_table(rf, "side"):
        for s in range(4):
            modes[s] = build_mode(rf, s)
    for mode in (OBENABE, UNDENUFE):
        if has_table(rf, MODE_NAMES[mode]):
            modes[mode] = build_mode(rf, mode)
    base = {name: i for i, name in enumerate(MODE_NAMES)}
    for i, d in enumerate(rf.modes):
        parts = [base.get(w.text, -1) for w in d.parts]
        if all(p in modes for p in parts):  # the checker has named a missing table
            modes[len(MODE_NAMES) + i] = file_mode(rf, d.name, len(MODE_NAMES) + i,
                                                   [modes[p] for p in parts])
    return modes


def file_mode(rf: m.RuleFile, name: str, number: int, parts: list[ModeTable]) -> ModeTable:
    """The table of a mode the file defines: the first trick's rank order (each trick
    takes its own from the schedule), the trump where every part has the same one, and
    the card points of its own `card points NAME` table, else of its parts (the checker
    has made sure they agree)."""
    first = parts[0]
    trump = first.trump if all(p.trump == first.trump for p in parts) else -1
    points = first.points
    if any(x.table.text == name for x in rf.points):
        values = point_values(rf, name)
        points = tuple(values[c % 9] for c in range(36))
    return ModeTable(number, trump, first.strength, points,
                     first.lower_trumps if trump >= 0 else (0,) * 36,
                     first.puur if trump >= 0 else 0)


def suit_mask(suit: int) -> int:
    return SUIT_MASKS[suit]


def chunk_points(table: ModeTable) -> tuple[tuple[int, ...], ...]:
    """Per suit, the points of every set of its cards (a 9-bit chunk of a card mask).

    The points of a mask are then ``sum(chunks[s][mask >> 9 * s & 511] for s in 0..3)``.
    Built on first use and cached on the table, so compiling a rule file stays cheap."""
    chunks = table.cache.get("points")
    if chunks is None:
        chunks = table.cache["points"] = tuple(
            suit_chunk(table.points[9 * s : 9 * s + 9]) for s in range(4)
        )
    out: tuple[tuple[int, ...], ...] = chunks
    return out


def suit_chunk(values: tuple[int, ...]) -> tuple[int, ...]:
    """sums[x] = the sum of values[r] over the bits r set in x (x < 512)."""
    sums = [0] * 512
    for x in range(1, 512):
        low = x & -x
        sums[x] = sums[x ^ low] + values[low.bit_length() - 1]
    return tuple(sums)


def mask_points(chunks: tuple[tuple[int, ...], ...], mask: int) -> int:
    """Card points of a mask, from `chunk_points`."""
    return (chunks[0][mask & 511] + chunks[1][mask >> 9 & 511] + chunks[2][mask >> 18 & 511]
            + chunks[3][mask >> 27])
