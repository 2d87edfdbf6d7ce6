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

Ranks: A (Ass), K (König), Q (Dame / Ober), J (Bube / Under, the trump one is the
Puur), 10 (Zehn / Banner), 9 (the trump one is the Nell), 8, 7, 6.
"""

from __future__ import annotations

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


def mask_cards(mask: int) -> list[int]:
    """The card indices in a bitmask, lowest first."""
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
