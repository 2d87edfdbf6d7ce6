"""German nouns for declared values: a file names its declaration's noun with its article
("der Konter"), and the article gives the gender that the sentences around it need
("seinen Konter", "ihre Ansage", "das höchste Gebot")."""

from __future__ import annotations

from typing import Literal

Gender = Literal["m", "f", "n"]
ARTICLES: dict[str, Gender] = {"der": "m", "die": "f", "das": "n"}


def german_noun(word: str) -> tuple[Gender, str] | None:
    """The gender and the noun of "der Konter"; None without an article or a noun."""
    article, _, noun = word.strip().partition(" ")
    gender = ARTICLES.get(article.lower())
    return (gender, noun.strip()) if gender is not None and noun.strip() else None


def de_plural(noun: str) -> str:
    """The plural of a declared noun by the common endings: Ansage-n, Schätzung-en,
    Gebot-e; a file gives any other plural itself (`plural "Konter"`)."""
    if noun.endswith("e"):
        return noun + "n"
    if noun.endswith("ung") or "*" in noun:
        return noun + "en"
    return noun + "e"
