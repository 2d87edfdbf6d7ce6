"""Cards in prose: the kinds a file may count (`won(aces)`), suits and single cards by
their French and German-Swiss names. The names themselves are kept in one place,
`jassdsl.core.cards` (`SUIT_NAMES`, `RANK_NAMES`, per pack); this module only phrases them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jassdsl.core.cards import RANK_NAMES, SUIT_NAMES, shown_suit
from jassdsl.core.lang import Lang

if TYPE_CHECKING:
    pass


# -- cards --------------------------------------------------------------------------------------
GENDER_EVERY = {"m": "jeden", "f": "jede", "n": "jedes"}
GENDER_TAKEN = {"m": "gewonnenen", "f": "gewonnene", "n": "gewonnene"}

# Card kinds a rule file may count with won(...): English (sg, pl), German (sg, pl, gender).
RANK_CLASSES: dict[str, tuple[str, tuple[str, str], tuple[str, str, str]]] = {
    "aces": ("A", ("Ace", "Aces"), ("Ass", "Asse", "n")),
    "kings": ("K", ("King", "Kings"), ("König", "Könige", "m")),
    "queens": ("Q", ("Queen (Ober)", "Queens (Obers)"), ("Dame (Ober)", "Damen (Ober)", "f")),
    "jacks": ("J", ("Jack (Under)", "Jacks (Unders)"), ("Bube (Under)", "Buben (Under)", "m")),
    "tens": ("10", ("Ten (Banner)", "Tens (Banners)"), ("Zehn (Banner)", "Zehnen (Banner)", "f")),
    "nines": ("9", ("Nine", "Nines"), ("Neun", "Neunen", "f")),
    "eights": ("8", ("Eight", "Eights"), ("Acht", "Achten", "f")),
    "sevens": ("7", ("Seven", "Sevens"), ("Sieben", "Sieben", "f")),
    "sixes": ("6", ("Six", "Sixes"), ("Sechs", "Sechsen", "f")),
}
SUIT_CLASSES = {"diamonds": "D", "hearts": "H", "spades": "S", "clubs": "C"}

RANK_FULL = {
    "en": {"9": "Nine", "8": "Eight", "7": "Seven", "6": "Six"},
    "de": {"9": "Neun", "8": "Acht", "7": "Sieben", "6": "Sechs"},
}


def suit_both(suit: str) -> str:
    """A suit by both German names: 'Herz/Rosen'."""
    return f"{SUIT_NAMES['fr'][suit]}/{SUIT_NAMES['ch'][suit]}"


def suit_name(lang: Lang, suit: str) -> str:
    """A suit for prose: 'Hearts (Herz/Rosen)' or 'Herz (Rosen)'; on a screen that shows
    one pack (`cards.shown_in`) only its name: 'Rosen'."""
    shown = shown_suit(suit)
    if shown is not None:
        return shown
    if lang == "en":
        return f"{SUIT_NAMES['en'][suit]} ({suit_both(suit)})"
    return f"{SUIT_NAMES['fr'][suit]} ({SUIT_NAMES['ch'][suit]})"


def taken_out(lang: Lang, name: str) -> str:
    """Cards a pack is without, for prose: 'the Sixes', 'die Sechsen', a suit 'the cards
    of Hearts', a card 'the Six of Hearts (H6: ...)'."""
    if name in RANK_CLASSES:
        _, (_, en), (_, de, _) = RANK_CLASSES[name]
        return f"the {en}" if lang == "en" else f"die {de}"
    if name in SUIT_CLASSES:
        suit = SUIT_CLASSES[name]
        names = f"{SUIT_NAMES['fr'][suit]} / {SUIT_NAMES['ch'][suit]}"
        return f"the cards of {SUIT_NAMES['en'][suit]} ({names})" if lang == "en" \
            else f"die Karten der Farbe {names}"
    return card_name(lang, name[0], name[1:])


def rank_name(system: str, rank: str) -> str:
    """'Under', 'Bube', 'Jack', or the number for plain ranks."""
    names = RANK_NAMES[system]
    if rank in names:
        return names[rank]
    return RANK_FULL["en"].get(rank, rank) if system == "en" else rank


def card_name(lang: Lang, suit: str, rank: str) -> str:
    """A single card for prose, with the notation: 'King of Clubs (CK: Kreuz König, ...)'."""
    fr = f"{SUIT_NAMES['fr'][suit]} {rank_name('fr', rank)}"
    ch = f"{SUIT_NAMES['ch'][suit]} {rank_name('ch', rank)}"
    if lang == "en":
        en = f"{rank_name('en', rank)} of {SUIT_NAMES['en'][suit]}"
        return f"the {en} ({suit}{rank}: {fr} / {ch})"
    return f"die Karte {suit}{rank} ({fr} / {ch})"
