"""Card notation: the one place where cards get their names.

Cards are written as in the HSLU jass-kit engine: a suit letter and a rank,
``DA DK DQ DJ D10 D9 D8 D7 D6 HA ... C6``. The card's index is ``suit * 9 + rank``,
so the deck order and the indices match jass-kit.

Suits (French / German-Swiss, the pairing of Swisslos):

====  ===============  ==============
code  French           German-Swiss
====  ===============  ==============
D     Ecken (Karo)     Eicheln
H     Herz             Rosen
S     Schaufel (Pik)   Schilten
C     Kreuz            Schellen
====  ===============  ==============

The two packs have no official correspondence. Swisslos, whose Schieber doubles
"Schilten/Schaufel" and "Schellen/Kreuz" and counts "Rose/Herz" and "Eichel/Ecken" once,
pairs them as above (other Schieber rules for the German-Swiss pack double Schellen and
Schilten too): with it a Schieber to 2500 doubles the same cards in both packs, and a
rule file names each card once, by its letter.

It is one pairing, not one per pack, because a table and a rulebook page show both
names of a card at once (each reader picks a pack): a card must be the same card,
whatever it is called. The Allmedias text pairs the packs otherwise and not even
consistently (Guggitaler equates Herz with Schellen and Kreuz with Rosen, Schellenjass
Herz with Schellen, Schiltenober Ecken with Schilten, Schaufeldame Schaufel with Rosen). Where a
source's two names of a card disagree with this pairing, the rule file keeps the card
the variant's name says (Schellenjass counts the Schellen, Schiltenober the Schilten
Ober, Schaufeldame the Schaufel queen), otherwise the German-Swiss name, which the game's
other descriptions use too (Guggitaler's Schellen and Rosen König), and says so in a
decision. In those games no suit is trump, or trump is turned up at random, so the
source's other names give the same game with the suits renamed.

Symbols: the French pack shows its suits as ♦ ♥ ♠ ♣ (``SUIT_SYMBOLS``, red for D and H);
the German-Swiss symbols are drawn for the rulebook in docs/overrides/partials/suits.html,
one per German-Swiss suit name above.

The pack a screen shows (``shown_in``): the terminal and the table name cards in running
text by the words of one pack ("Stich 1: du Rosen Under"), never by code, once a person
chose a pack or German; without one (English, the corpus, the tests' reports) running text
keeps the codes. ``shown_card`` names one card, ``named_codes`` the codes in a sentence the
engine made ("3 Blatt bis C9"), and ``shown_suit`` a suit, all by the pack in force.

Ranks: A (Ass), K (König), Q (Dame / Ober), J (Bube / Under, the trump one is the
Puur), 10 (Zehn / Banner), 9 (the trump one is the Nell), 8, 7, 6.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

SUITS = ("D", "H", "S", "C")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
SUIT_NAMES = {
    "en": {"D": "Diamonds", "H": "Hearts", "S": "Spades", "C": "Clubs"},
    "fr": {"D": "Ecken", "H": "Herz", "S": "Schaufel", "C": "Kreuz"},
    "ch": {"D": "Eicheln", "H": "Rosen", "S": "Schilten", "C": "Schellen"},
}
SUIT_SYMBOLS = {"D": "\u2666", "H": "\u2665", "S": "\u2660", "C": "\u2663"}  # ♦ ♥ ♠ ♣
RED_SUITS = frozenset({"D", "H"})
RANK_NAMES = {
    "en": {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "10": "Ten"},
    "fr": {"A": "Ass", "K": "König", "Q": "Dame", "J": "Bube", "10": "Zehn"},
    "ch": {"A": "Ass", "K": "König", "Q": "Ober", "J": "Under", "10": "Banner"},
}
CARD_NAMES = tuple(s + r for s in SUITS for r in RANKS)
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
SUIT_MASKS = tuple(0x1FF << (9 * s) for s in range(4))
RANK_MASKS = tuple(sum(1 << (9 * s + r) for s in range(4)) for r in range(9))  # four of a rank
ALL_CARDS = (1 << 36) - 1


def suit_of(card: int) -> int:
    return card // 9


def card_words(card: int, names: str) -> str:
    """A card in a pack's words: 'Herz Bube' ('fr'), 'Rosen Under' ('ch'), 'Hearts
    Jack' ('en'); a plain number keeps its digits ('Ecken 9')."""
    suit, rank = SUITS[card // 9], RANKS[card % 9]
    return f"{SUIT_NAMES[names][suit]} {RANK_NAMES[names].get(rank, rank)}"


def rank_of(card: int) -> int:
    return card % 9


def card_index(name: str) -> int:
    """The index of a card written in jass-kit notation (``"D10"`` -> 4)."""
    key = name.strip().upper()
    if key not in CARD_INDEX:
        raise ValueError(f"not a card: {name!r} (cards are written like DA, H10, C6)")
    return CARD_INDEX[key]


def _chunk_cards(k: int) -> tuple[tuple[int, ...], ...]:
    """Per value of the k-th 9 bits of a mask (a suit's worth), the cards they stand for."""
    return tuple(tuple(9 * k + i for i in range(9) if v >> i & 1) for v in range(512))


_CHUNK0, _CHUNK1, _CHUNK2, _CHUNK3 = (_chunk_cards(k) for k in range(4))


def mask_cards(mask: int) -> list[int]:
    """The card indices in a bitmask, lowest first (a mask of the 36 cards read 9 bits at
    a time from tables: a hand at a third of the cost of a loop over its bits)."""
    if 0 <= mask < 1 << 36:
        return [*_CHUNK0[mask & 511], *_CHUNK1[mask >> 9 & 511], *_CHUNK2[mask >> 18 & 511],
                *_CHUNK3[mask >> 27]]
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_mask(cards: list[int] | tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def all_follow(led: int, hands: tuple[int, ...]) -> bool:
    """Whether each of these hands holds a card of suit `led` (nobody is void in it)."""
    suit = SUIT_MASKS[led]
    return all(hand & suit for hand in hands)


def card_label(card: int, names: str = "ch") -> str:
    """A person's name for a card, e.g. ``Rosen Under`` or ``Herz Bube``."""
    suit, rank = SUITS[suit_of(card)], RANKS[rank_of(card)]
    return f"{SUIT_NAMES[names][suit]} {RANK_NAMES[names].get(rank, rank)}"


# Sets of cards that rule files may name, e.g. ``won(hearts)`` or ``won(queens)``.
CARD_CLASSES: dict[str, int] = {
    "diamonds": SUIT_MASKS[0],
    "hearts": SUIT_MASKS[1],
    "spades": SUIT_MASKS[2],
    "clubs": SUIT_MASKS[3],
    **{
        plural: sum(1 << (s * 9 + r) for s in range(4))
        for r, plural in enumerate(
            ("aces", "kings", "queens", "jacks", "tens", "nines", "eights", "sevens", "sixes")
        )
    },
    **{name: 1 << i for i, name in enumerate(CARD_NAMES)},
}


# The words running text names cards in ('en', 'fr', 'ch'), or None: by their codes.
SHOWN: ContextVar[str | None] = ContextVar("SHOWN", default=None)
CARD_CODE = re.compile(r"(?<![\w-])([DHSC])(A|K|Q|J|10|9|8|7|6)(?![\w-])")


def pack_words(lang: str, pack: str | None) -> str | None:
    """The words a screen in `lang` names cards with, for the pack chosen ('fr', 'ch' or
    None): English with the French pack speaks English ('Hearts Jack'), German the
    French pack's German ('Herz Bube'); English without a pack keeps codes (None)."""
    if pack == "ch":
        return "ch"
    if lang == "en":
        return "en" if pack == "fr" else None
    return "fr"


@contextmanager
def shown_in(names: str | None) -> Iterator[None]:
    """Name the cards of the text made inside the block in `names` ('en', 'fr', 'ch')."""
    token = SHOWN.set(names)
    try:
        yield
    finally:
        SHOWN.reset(token)


def shown_card(card: int) -> str:
    """A card in running text: its name in the pack shown, else its code."""
    names = SHOWN.get()
    return CARD_NAMES[card] if names is None else card_words(card, names)


def named_codes(text: str) -> str:
    """A sentence with card codes in it (the engine's 'sequence of 3 to C9') with each code
    named in the pack shown; as it is without a pack."""
    names = SHOWN.get()
    if names is None:
        return text
    return CARD_CODE.sub(lambda found: card_words(CARD_INDEX[found.group(0)], names), text)


def shown_set(cards: Sequence[int]) -> str:
    """Cards in running text: 'SK SQ SJ' by code, 'Schilten König, Ober, Under' in a pack
    (a suit named once for the cards of it that follow each other)."""
    names = SHOWN.get()
    if names is None:
        return " ".join(CARD_NAMES[c] for c in cards)
    out: list[str] = []
    for k, c in enumerate(cards):
        rank = RANKS[c % 9]
        word = RANK_NAMES[names].get(rank, rank)
        same = k > 0 and cards[k - 1] // 9 == c // 9
        out.append(f", {word}" if same else f"{'; ' if k else ''}{card_words(c, names)}")
    return "".join(out)


def shown_suit(suit: str) -> str | None:
    """A suit's name in the pack shown ('Schellen'), None without a pack."""
    names = SHOWN.get()
    return None if names is None else SUIT_NAMES[names][suit]
