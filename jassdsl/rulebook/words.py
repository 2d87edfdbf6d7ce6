"""The rulebook's own words: every phrase of the generated pages, in English and German.

Templates are keyed by a short id; ``say(lang, key, **fields)`` fills one in. `TEXT` holds
the rulebook's own and those of each installed mechanism (its module's `words`). The German and
English entries of a key must name the same fields (a test checks this), so a page never
misses a value in one language. The templates are kept by concern: the pages' in
`page_words`, the played game's (table, terminal, narration) in `table_words`; grammar
that depends on a word (gender, case, number) in `grammar_words`, cards in prose in
`card_words`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from jassdsl.core.lang import LANGS as LANGS
from jassdsl.core.lang import Lang as Lang
from jassdsl.core.mechanism import installed_words
from jassdsl.rulebook.page_words import PAGE_WORDS
from jassdsl.rulebook.table_words import TABLE_WORDS

LANG_NAMES = {"en": "English", "de": "Deutsch"}

# the rulebook's own templates: its pages' (`page_words`) and the played game's (`table_words`)
OWN: dict[str, tuple[str, str]] = {**PAGE_WORDS, **TABLE_WORDS}


class Vocabulary(Mapping[str, tuple[str, str]]):
    """The rulebook's own templates and those of the installed mechanisms, as one table
    (the mechanisms' are read when asked: they are installed after this module loads)."""

    def __init__(self, own: dict[str, tuple[str, str]]) -> None:
        self.own = own

    def __getitem__(self, key: str) -> tuple[str, str]:
        found = self.own.get(key)
        return found if found is not None else installed_words()[key]

    def __contains__(self, key: object) -> bool:
        return key in self.own or key in installed_words()

    def __iter__(self) -> Iterator[str]:
        yield from self.own
        yield from (k for k in installed_words() if k not in self.own)

    def __len__(self) -> int:
        return len(self.own.keys() | installed_words().keys())


TEXT: Mapping[str, tuple[str, str]] = Vocabulary(OWN)


def say(lang: Lang, key: str, **fields: object) -> str:
    """The template `key` in `lang`, filled with `fields`."""
    en, de = TEXT[key]
    return (en if lang == "en" else de).format(**fields)


def join_words(lang: Lang, items: list[str], word: str = "and") -> str:
    """'a, b and c' / 'a, b und c'."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {say(lang, word)} {items[-1]}"
