"""`mask_cards` reads a mask of the 36 cards from tables 9 bits at a time: the cards of
every mask, lowest first, as reading the bits one by one gives them."""

from __future__ import annotations

import random

from jassdsl.core.cards import mask_cards


def bit_by_bit(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def test_the_cards_of_a_mask_are_its_bits_lowest_first() -> None:
    rng = random.Random(8)
    masks = [rng.getrandbits(36) & rng.getrandbits(36) for _ in range(3000)]
    masks += [0, 1, 1 << 35, (1 << 36) - 1, 511 << 9, 511 << 27, 1 << 36, (1 << 40) | 6]
    for mask in masks:
        assert mask_cards(mask) == bit_by_bit(mask)
