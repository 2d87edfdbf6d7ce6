"""Table Weis and table Stöck of a batch of hands (mechanism `table_weis`): the Weise
and the trump King and Queen lying in one trick, counted for the side that took it when
the hand is over, from the kernel's tricks.

The engine's own functions decide (`compile.weis.table_weise` in the hand's settled mode,
`trick_bonuses`' Stöck from the trick in which trump was made on); only the tricks that can
hold a Weis at all (three cards of a suit, or four of a rank) are looked up, once per mode
and cards."""

from __future__ import annotations

import numpy as np

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.weis import stoeck_pair, table_weise
from jassdsl.engine.weis import weis_in

Array = np.ndarray
SUITS = np.array([511 << (9 * s) for s in range(4)], np.int64)
RANKS = np.array([(1 << r) | (1 << (r + 9)) | (1 << (r + 18)) | (1 << (r + 27))
                  for r in range(9)], np.int64)


def used_by(rules: CompiledRules) -> bool:
    """Whether the file counts table Weis (`mechanisms.weis.TableBonuses.used_by`)."""
    return "table_weis" in rules.configs


class TableWeis:
    """One file's table Weis, with the value of each trick's cards kept per mode."""

    def __init__(self, rules: CompiledRules) -> None:
        self.rules = rules
        self.values: dict[tuple[int, int], int] = {}
        # the trump King and Queen per mode (row mode + 1; 0 without a trump suit)
        self.pairs = np.array([stoeck_pair(m) for m in range(-1, max(rules.modes) + 1)],
                              np.int64)

    def value(self, mode: int, cards: int) -> int:
        known = self.values.get((mode, cards))
        if known is None:
            table = weis_in(self.rules, mode)
            known = sum(w.value for w in table_weise(cards, table)) if table is not None else 0
            self.values[(mode, cards)] = known
        return known

    def facts(self, cards: Array, takers: Array, mode: Array, n: int, first_void: bool
              ) -> tuple[Array, Array]:
        """Per game and subject: the table Weis and table Stöck of the hands whose tricks
        are `cards` (games, tricks, seats), taken by the subjects `takers` (games, tricks),
        in the settled `mode` (games,). With `first_void` trump is made in the first trick
        with a card off the suit led; otherwise it is known before the first card."""
        k, each = takers.shape
        masks = np.bitwise_or.reduce(np.left_shift(1, cards), axis=2)  # (k, tricks)
        weis = np.zeros((k, n), np.int64)
        stoeck = np.zeros((k, n), np.int64)
        suited = np.zeros((k, each), bool)
        for s in SUITS:
            suited |= np.bitwise_count(masks & s) >= 3
        for r in RANKS:
            suited |= (masks & r) == r
        for g, t in zip(*np.nonzero(suited), strict=True):
            weis[g, takers[g, t]] += self.value(int(mode[g]), int(masks[g, t]))
        bonus = self.rules.stoeck_bonus
        if bonus:
            pair = self.pairs[mode + 1]
            if first_void:
                off = (cards // 9 != cards[:, :, :1] // 9).any(axis=2)
                since = np.where(off.any(axis=1), off.argmax(axis=1), each)
            else:
                since = np.zeros(k, np.int64)
            lying = ((masks & pair[:, None]) == pair[:, None]) & (pair[:, None] != 0) & (
                np.arange(each)[None, :] >= since[:, None])
            for g, t in zip(*np.nonzero(lying), strict=True):
                stoeck[g, takers[g, t]] += bonus
        return weis, stoeck
