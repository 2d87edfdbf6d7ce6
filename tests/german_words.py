"""The English words a German screen must not show: the project's own English words (the
vocabulary's English side) and a few common ones, less the words German uses too (the
vocabulary's German side, the names of both packs, the German texts and names of the rule
files, proper names). For the German table tests (browser and page states) and the
terminal's."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from jassdsl.core.cards import RANK_NAMES, SUIT_NAMES
from jassdsl.registry import load_rules, variant_names
from jassdsl.rulebook.words import TEXT

WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
CARD = re.compile(r"\b[DHSC](?:A|K|Q|J|10|9|8|7|6)\b")
# common English words that the tables might not hold as words of their own
COMMON = {"the", "and", "you", "your", "with", "of", "is", "not", "yes", "no", "to", "by",
          "game", "over", "trick", "hand", "points", "seat", "written", "difference",
          "heuristic", "bots", "options", "none", "ace", "big", "small", "six", "scored"}


# what German sentences quote of the rules language or fill in: `code`, 'words', {fields}
QUOTED = re.compile(r"`[^`]*`|'[^']*'|\"[^\"]*\"|\{[^}]*\}|\*[^*]*\*|\w+\.\w+")


def words_of(texts: Any) -> set[str]:
    return {w.lower() for t in texts for w in WORD.findall(t)}


def german_words_of(texts: Any) -> set[str]:
    """The words of German sentences, without what they quote of the rules language."""
    return words_of(QUOTED.sub(" ", t) for t in texts)


@cache
def forbidden() -> frozenset[str]:
    """English words of the vocabulary and common ones, less the words German uses too:
    the German side of the vocabulary, the names of both packs, the German texts and
    names of the shipped rule files (their modes, clauses, options), their names."""
    english = words_of(en for en, _ in TEXT.values()) | COMMON
    german = german_words_of(de for _, de in TEXT.values()) | words_of(
        [*SUIT_NAMES["fr"].values(), *SUIT_NAMES["ch"].values(), *RANK_NAMES["fr"].values(),
         *RANK_NAMES["ch"].values()])
    for variant in variant_names():
        model = load_rules(variant).model
        german |= german_words_of([model.name, *(n.german for n in model.german_names),
                            *(o.german for o in model.options),
                            *(c.title_german for c in model.clauses),
                            *(d.title_german for d in model.modes)])
    return frozenset(w for w in english - german - {"english"} if len(w) > 1)  # a name


URL = re.compile(r"https?://\S+|/\w+/\S*")  # an address shown (a seat's link) is no prose


def leaky(text: str) -> bool:
    """Whether a text names a card by code or says an English word (addresses aside)."""
    bad, prose = forbidden(), URL.sub(" ", text)
    return bool(CARD.search(prose)) or any(w.lower() in bad for w in WORD.findall(prose))


def leaks_in(texts: Any) -> list[str]:
    """The texts with an English word or a card code in them."""
    return [t for t in texts if leaky(t)]


