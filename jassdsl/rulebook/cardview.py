"""Cards as players see them on the rulebook's pages: suit symbols and names of a pack.

Every suit symbol and pack-dependent name is written once per pack, in spans the site's
stylesheet shows or hides (docs/assets/rulebook.css, switched by docs/assets/pack.js): the
French pack by default and without JavaScript, the German-Swiss pack when the reader picks
it. The French symbols are the Unicode suit signs; the German-Swiss ones are drawn in
docs/overrides/partials/suits.html and used by id. All names come from jassdsl.core.cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from jassdsl.core.cards import (
    RANK_NAMES,
    RANKS,
    RED_SUITS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    card_label,
    rank_of,
    suit_of,
)
from jassdsl.rulebook.words import Lang

TEXT_STYLE = "\ufe0e"  # show the suit sign as text, never as a coloured emoji


def pack(french: str, swiss: str) -> str:
    """A name that differs between the packs: both, one of them shown at a time."""
    if french == swiss:
        return french
    return f'<span class="jc-fr">{french}</span><span class="jc-ch">{swiss}</span>'


def symbol_id(suit: str) -> str:
    """The id of the drawn German-Swiss symbol of a suit code: 'jc-rosen' for H."""
    return "jc-" + SUIT_NAMES["ch"][suit].lower()


def suit_symbol(suit: str) -> str:
    """The suit's symbol in both packs (no label: for use inside a labelled card)."""
    colour = " jc-red" if suit in RED_SUITS else ""
    return (f'<span class="jc-suit{colour}"><span class="jc-fr">{SUIT_SYMBOLS[suit]}'
            f'{TEXT_STYLE}</span><svg class="jc-ch" aria-hidden="true">'
            f'<use href="#{symbol_id(suit)}"></use></svg></span>')


def suit_mark(suit: str) -> str:
    """A suit's symbol that names the suit to screen readers and on hover."""
    label = f"{SUIT_NAMES['fr'][suit]} / {SUIT_NAMES['ch'][suit]}"
    return f'<span class="jc-mark" role="img" title="{label}" aria-label="{label}">' \
           f'{suit_symbol(suit)}</span>'


def rank_mark(rank: str) -> str:
    """A rank's letter in the reader's pack: the notation's (Q, J) with the French pack,
    the German-Swiss initial (O, U, B for Ober, Under, Banner) with the other."""
    word = RANK_NAMES["ch"].get(rank)
    return pack(rank, word[0]) if word and rank not in ("A", "K") else rank


def card_mark(card: int) -> str:
    """One card as symbol and rank, e.g. ♥10, labelled with its names in both packs."""
    label = f"{card_label(card, 'fr')} / {card_label(card, 'ch')}"
    return (f'<span class="jc-card" role="img" title="{label}" aria-label="{label}">'
            f'{suit_symbol(SUITS[suit_of(card)])}{rank_mark(RANKS[rank_of(card)])}</span>')


def hand_marks(cards: Iterable[int]) -> str:
    """A hand grouped by suit, the symbol once per group: '♦ A K 9 · ♥ 10 7'."""
    ordered = sorted(cards)
    groups = [[c for c in ordered if suit_of(c) == s] for s in range(len(SUITS))]
    return " · ".join(
        f"{suit_mark(SUITS[s])} " + " ".join(rank_mark(RANKS[rank_of(c)]) for c in group)
        for s, group in enumerate(groups) if group)


def suit_prose(lang: Lang, suit: str) -> str:
    """A suit in a sentence: its symbol, then its name in the reader's pack ('♥ Herz' or
    'Rosen' with its symbol; the cards page pairs the names)."""
    return f"{suit_mark(suit)} {suit_label(lang, suit)}"


def suit_label(lang: Lang, suit: str) -> str:
    """The suit's name in the reader's pack: Hearts/Herz or Rosen."""
    return pack(SUIT_NAMES[french_names(lang)][suit], SUIT_NAMES["ch"][suit])


def rank_label(lang: Lang, rank: str) -> str:
    """A named rank in the reader's pack (Jack/Bube or Under); '' for plain numbers."""
    french = RANK_NAMES[french_names(lang)].get(rank, "")
    return pack(french, RANK_NAMES["ch"].get(rank, "")) if french else ""


def suits_legend(lang: Lang) -> str:
    """The four suits with notation, symbol and name: the key to the tables below it."""
    return " · ".join(f'<span class="jc-legend">{suit_mark(s)} `{s}` {suit_label(lang, s)}</span>'
                      for s in SUITS)


def french_names(lang: Lang) -> str:
    """English readers know the French pack by its English names."""
    return "en" if lang == "en" else "fr"
