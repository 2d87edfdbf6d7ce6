"""Card tables per trump mode, compiled from a rule file's rank and point tables.

A mode is an int: 0-3 the suit D H S C is trump, 4 Obenabe, 5 Undenufe. For each mode we
keep a trick strength per card (trumps 100 and up, then the rank within its suit), the
card points, and for each trump the mask of trumps ranked below it (for the undertrump
rule). Everything the play loop needs is a tuple lookup.
"""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl import model as m
from jassdsl.cards import RANKS, SUIT_MASKS, SUITS

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
    """Every mode the file has tables for."""
    modes: dict[int, ModeTable] = {}
    if has_table(rf, "trump") and has_table(rf, "side"):
        for s in range(4):
            modes[s] = build_mode(rf, s)
    for mode in (OBENABE, UNDENUFE):
        if has_table(rf, MODE_NAMES[mode]):
            modes[mode] = build_mode(rf, mode)
    return modes


def suit_mask(suit: int) -> int:
    return SUIT_MASKS[suit]
