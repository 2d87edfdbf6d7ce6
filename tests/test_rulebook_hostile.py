"""A rule file with markup in every free text builds a rulebook with no markup from it.

The file is made here from a small valid variant: each quoted string of the grammar gets
its own payload (a script, an event attribute, an attribute list, a `javascript:` link,
Markdown emphasis, a table bar, a code span, a heading marker), numbered so that a test
can find each one again. `jassdsl docs` writes its Markdown and `mkdocs build --strict`
its site; neither may carry the markup, and both must still show the text.
"""

from __future__ import annotations

import re
import typing
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pydantic import BaseModel
from sitebuild import build
from test_docs_build import small_project

from jassdsl.cli import main
from jassdsl.core import model as m
from jassdsl.core.mechanism import fragments, installed
from jassdsl.language.check import load_model
from jassdsl.mechanisms.sheet import Column
from jassdsl.rulebook import safe

ROOT = Path(__file__).parents[1]


def payload(n: int) -> str:
    """Text for a quoted string of a rule file; `\\"` is the file's escaped quote."""
    return (f'1. <script>alert(\\"f{n}\\")</script><img src=x onerror=alert({n})> '
            f'{{: onmouseover=\\"alert({n})\\" }} [x{n}](javascript:alert({n})) '
            f'<a href=\\"javascript:alert({n})\\">a{n}</a></title><iframe src=//e{n}> '
            f'*em{n}* _u{n}_ `c{n}` |bar{n}| # &amp; f{n}-end')


def shown(n: int) -> str:
    """How the payload must read on the page: the same characters, as text."""
    return payload(n).replace('\\"', '"')


# Every statement of the grammar with a quoted string, and the strings this test fills.
TEMPLATE = """\
variant "{0}"
summary "{1}"
    german "{2}"
source A "{3}"
    german "{10}"
decision d: "{4}"
    german "{5}"
option target "{6}" german "{7}" default 3 choices 3, 5
players 4
deal all cards in packets of 3
first dealer: lot
next dealer: right
first lead: forehand
ranks obenabe: A K Q J 10 9 8 7 6
card points obenabe: A 11, K 4, Q 3, J 2, 10 10, 8 8
bonus last-trick 5
mode own "{14}" german "{15}": obenabe
sheet per player
column o "{16}" german "{17}": own times 2
trump: forehand chooses from the sheet
follow: suit
unit point/points
keep streak "{18}" german "{19}" starting at 0:
    after a hand when streak > 0: streak - 1
let sign = 1 if hand > 0 else 0
names in german: sign "{13}"
score each hand, first rule that applies:
  all "{8}"
      german "{11}":
      otherwise
      then every player gets sign * points points
invariant total "{9}"
    german "{12}":
    sum(points) = 157
game ends after target hands
winner: most points
"""
FIELDS = 20
STATEMENTS_WITH_STRINGS = {"variant", "summary", "source", "decision", "option", "german",
                           "clause", "invariant", "german_name", "mode_def",
                           "sheet_column",  # a mechanism's (its grammar lines)
                           "kept_numbers"}  # a mechanism's: the text the sheet shows


def hostile_text() -> str:
    return TEMPLATE.format(*(payload(n) for n in range(FIELDS)))


@pytest.fixture(scope="module")
def evil(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("evil") / "zz-evil.jass"
    path.write_text(hostile_text(), encoding="utf-8")
    return path


def test_the_file_fills_every_quoted_string_of_the_grammar() -> None:
    grammar = "\n".join(((ROOT / "jassdsl" / "language" / "grammar.lark").read_text(
        encoding="utf-8"), *fragments(installed())))
    with_strings = {rule for rule, body in re.findall(r"^(\w+):(.*(?:\n\s+[|].*)*)", grammar,
                                                      re.M) if "STRING" in body}
    assert with_strings == STATEMENTS_WITH_STRINGS
    assert hostile_text().count("alert(\\\"f") == FIELDS


# Identifier fields of the model: the grammar allows only letters, digits, '_' and '-'.
IDENTIFIERS = {"path", "id", "key", "name", "text", "singular", "plural", "unit", "func",
               "op", "kind", "quantifier", "subject", "direction", "option", "role",
               "mode", "by", "seating",
               "marks"}  # the keys of the options a mechanism adds (`auction_before_trump`)


def string_fields(cls: type[BaseModel]) -> set[str]:
    hints = typing.get_type_hints(cls, None, vars(m))  # each class's module, then the model
    return {name for name, hint in hints.items() if name in cls.model_fields
            and "str" in str(hint) and "tuple" not in str(hint)}


@pytest.mark.parametrize("cls", [*(c for c in vars(m).values() if isinstance(c, type)
                                   and issubclass(c, BaseModel) and c.__module__ == m.__name__),
                                 *(c for x in installed() for c in x.owns)])
def test_every_string_of_the_model_is_free_text_or_an_identifier(cls: type[BaseModel]) -> None:
    free = set(safe.FREE_TEXT.get(cls, getattr(cls, "free_text", ())))
    assert string_fields(cls) - free <= IDENTIFIERS, cls.__name__


def test_every_free_text_is_made_inert() -> None:
    rf = safe.shown(load_model(hostile_text(), "evil.jass"))
    column = rf.parts_of("sheet", Column)[0]
    texts = [rf.name, rf.summary, rf.summary_german, rf.sources[0].text, rf.sources[0].german,
             rf.decisions[0].text, rf.decisions[0].german, rf.options[0].description,
             rf.options[0].german, rf.clauses[0].title, rf.clauses[0].title_german,
             rf.invariants[0].title, rf.invariants[0].title_german, rf.german_names[0].german,
             rf.modes[0].title or "", rf.modes[0].title_german,
             column.title or "", column.title_german]
    assert all(t for t in texts)
    for t in texts:
        assert not re.search(r"[<>\[\]{}=*_`|\"]", t.replace("&#", "")), t


# What a payload would leave behind as markup (the renderer's own suit symbols are SVG).
MARKUP = re.compile(r"<script|<iframe|<img|<svg[^>]*onload|href=\"?javascript|onmouseover=|"
                    r"onerror=|\]\(javascript:|\{:", re.I)


def test_docs_markdown_carries_no_markup_from_the_file(evil: Path, tmp_path: Path) -> None:
    assert main(["docs", "--out", str(tmp_path), "--lang", "both", str(evil)]) == 0
    pages = sorted(tmp_path.rglob("*.md"))
    assert len(pages) == 2
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert text.startswith("# "), page  # nothing a file says can become front matter
        assert MARKUP.search(text) is None, (page, MARKUP.search(text))


# The site's own pictures (the plot of the research page): a relative path into assets/.
OWN_IMAGE = re.compile(r"^(\.\./)*assets/[\w/.-]+\.(png|svg)$")


class Seen(HTMLParser):
    """Markup from the payloads (anything that says 'alert'), and the text of the page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.bad: list[str] = []
        self.text: list[str] = []
        self.tag = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tag = tag
        for name, value in attrs:
            slug = name == "id" or (value or "").startswith("#")  # a heading's anchor
            if name.startswith("on") or ("alert" in (value or "") and not slug) or (
                    name in ("href", "src") and (value or "").lower().startswith("javascript:")
                    and value != "javascript:void(0)"):
                self.bad.append(f"<{tag} {name}={value!r}>")
        src = dict(attrs).get("src") or ""
        if tag == "iframe" or (tag == "img" and not OWN_IMAGE.match(src)):
            self.bad.append(f"<{tag}>")

    def handle_data(self, data: str) -> None:
        if self.tag == "script" and "alert" in data:
            self.bad.append(f"<script>{data}")
        self.text.append(data)


def test_the_built_site_shows_the_texts_and_runs_none(evil: Path, tmp_path: Path,
                                                       site: Path) -> None:
    """The file's pages, and every page whose menu, overview or neighbour link names it, in
    a small project (home, one hand-written page, the overview, the file's page; the
    hand-written pages say nothing a rule file says but for these). The other hand-written
    pages are read in the project's own site (conftest's `site`)."""
    project = small_project(tmp_path / "project", [evil])
    done = build(project, tmp_path / "site")
    assert done.returncode == 0, done.stderr
    html = sorted((tmp_path / "site").rglob("*.html"))
    assert len(html) >= 10  # per language: home, cards, overview, the file's page; 2 more
    hand = [path for path in sorted(site.rglob("*.html"))
            if "variants" not in path.relative_to(site).parts]
    assert len(hand) > 10
    for path in html + hand:
        seen = Seen()
        seen.feed(path.read_text(encoding="utf-8"))
        assert seen.bad == [], (path, seen.bad[:3])
    english = {0, 1, 3, 4, 6, 8, 9, 14}
    for lang, fields in (("en", english), ("de", {0, 2, 5, 7, 10, 11, 12, 13, 15})):
        seen = Seen()
        page = tmp_path / "site" / lang / "variants" / "zz-evil" / "index.html"
        seen.feed(page.read_text(encoding="utf-8"))
        text = "".join(seen.text)
        for n in fields:  # escaped, not deleted: the reader sees the file's characters
            assert shown(n) in text, (lang, n)
