"""The English words a German screen must not show: the project's own English words (the
vocabulary's English side) and a few common ones, less the words German uses too (the
vocabulary's German side, the names of both packs, the German texts and names of the rule
files, proper names). For the German table tests (browser and page states) and the
terminal's."""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
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


# every text node (scripts aside) and the attributes a person reads or hears
READ = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const tag = n.parentElement && n.parentElement.tagName;
    if (tag !== "SCRIPT" && tag !== "STYLE" && n.textContent.trim()) out.push(n.textContent);
  }
  for (const e of document.querySelectorAll("[title],[aria-label],[placeholder],[value]")) {
    for (const a of ["title", "aria-label", "placeholder", "value"]) {
      const v = e.getAttribute(a);
      if (v) out.push(v);
    }
  }
  out.push(document.title);
  return out;
}"""


def screen_leaks(page: Any) -> list[str]:
    """The texts of a browser's screen (Playwright) with an English word or a card code."""
    return leaks_in(page.evaluate(READ))


FRENCH_PACK = re.compile(r"\b(Ecken|Herz|Schaufel|Kreuz|Bube|Dame)\b")  # not German-Swiss


class _Texts(HTMLParser):
    """The texts of a page as tests/german_words.READ reads them in a browser."""

    ATTRS = ("title", "aria-label", "placeholder", "value")

    def __init__(self, skip: str, attrs: bool) -> None:
        super().__init__()
        self.out: list[str] = []
        self.skip, self.hidden = skip, 0  # class of the elements left out, depth inside
        self.attrs = self.ATTRS if attrs else ()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.hidden or tag in ("script", "style") or (
                self.skip and self.skip in (dict(attrs).get("class") or "").split()):
            self.hidden += 1
            return
        self.out += [v for k, v in attrs if k in self.attrs and v]

    def handle_endtag(self, tag: str) -> None:
        self.hidden = max(0, self.hidden - 1) if self.hidden else 0

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self.hidden:
            self.out += [v for k, v in attrs if k in self.attrs and v]

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.out.append(data)


def html_texts(page: str, skip: str = "", attrs: bool = True) -> list[str]:
    """The text nodes and read attributes of a page made on the server (`skip`: leave out
    the elements of this class and what they hold: the other pack's `jc-fr` texts;
    `attrs`: with the attributes read, as a card's title naming it in both packs)."""
    reader = _Texts(skip, attrs)
    reader.feed(page)
    return reader.out
