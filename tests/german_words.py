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


def words_of(texts: Any) -> set[str]:
    return {w.lower() for t in texts for w in WORD.findall(t)}


@cache
def forbidden() -> frozenset[str]:
    """English words of the vocabulary and common ones, less the words German uses too:
    the German side of the vocabulary, the names of both packs, the German texts and
    names of the shipped rule files (their modes, clauses, options), their names."""
    english = words_of(en for en, _ in TEXT.values()) | COMMON
    german = words_of(de for _, de in TEXT.values()) | words_of(
        [*SUIT_NAMES["fr"].values(), *SUIT_NAMES["ch"].values(), *RANK_NAMES["fr"].values(),
         *RANK_NAMES["ch"].values()])
    for variant in variant_names():
        model = load_rules(variant).model
        german |= words_of([model.name, *(n.german for n in model.german_names),
                            *(o.german for o in model.options),
                            *(c.title_german for c in model.clauses),
                            *(d.title_german or d.title or "" for d in model.modes)])
    return frozenset(w for w in english - german - {"english"} if len(w) > 1)  # a name


def leaks_in(texts: Any) -> list[str]:
    """The texts with an English word or a card code in them."""
    bad = forbidden()
    return [t for t in texts if CARD.search(t) or any(w.lower() in bad for w in WORD.findall(t))]


