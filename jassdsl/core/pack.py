"""The pack a file plays with: the 36 Swiss cards, or fewer of the same suits and ranks.

A club may play a Jass with a smaller pack (`pack: without sixes`: the 32 cards without
the Sixes). The cards keep their codes and their indices (``suit * 9 + rank``, see
`jassdsl.core.cards`), so a smaller pack is a mask of the 36: hands, tricks, tensors and
the corpus read a card the same whatever the pack. Everything counted "per pack" (the
cards dealt, the points a hand is worth) follows from the mask, never from 36 or 157.
"""

from __future__ import annotations

from collections.abc import Iterable

from jassdsl.core import model as m
from jassdsl.core.cards import ALL_CARDS, CARD_CLASSES

FULL_PACK = ALL_CARDS  # the 36 cards


def pack_mask(without: Iterable[str]) -> int:
    """The cards left when these are taken out of the 36: names of `CARD_CLASSES`
    (a card ``D6``, a rank ``sixes``, a suit ``spades``); an unknown name is the checker's."""
    mask = FULL_PACK
    for name in without:
        mask &= ~CARD_CLASSES.get(name, 0)
    return mask


def file_pack(rf: m.RuleFile) -> int:
    """The pack a rule file plays with (`pack: without ...`; unsaid, the 36 cards)."""
    return pack_mask(w.text for w in rf.pack.without) if rf.pack is not None else FULL_PACK


def pack_size(mask: int) -> int:
    """How many cards the pack has."""
    return mask.bit_count()


def hand_worth(points: Iterable[int], mask: int, last_trick: int) -> int:
    """What the cards of the pack and the last trick bring in one hand, for a table of the
    36 cards' points (index order): a card not in the pack is never dealt."""
    return sum(p for c, p in enumerate(points) if mask >> c & 1) + last_trick
