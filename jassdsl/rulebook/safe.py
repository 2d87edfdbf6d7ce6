"""The one door through which a rule file's own text reaches the rulebook's Markdown.

A rule file may come from anywhere, and its free texts (the variant name, summary, German
texts, sources, decisions, option descriptions, clause, invariant and mode titles, German
words)
go into Markdown that MkDocs turns into HTML with attribute lists and raw HTML enabled.
`text` makes such a text inert there: every character that could start HTML, an entity,
a link, an attribute list, emphasis, a code span or a table cell, and the `=` and `"` of
an attribute, becomes a numeric character reference, which Markdown passes on untouched and
the browser shows as the character itself. So the text stays readable and nothing in it
is markup. Names a file spells as identifiers (options, piles, units, clause ids) cannot
hold any of these characters (the grammar allows letters, digits, `_` and `-`), and go
through `text` wherever they stand in prose all the same.

`listing` shows the whole rule file as highlighted HTML whose text is escaped the same way,
so not even the file listing carries a raw `<script` or `](javascript:`.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from typing import TypeVar

from pydantic import BaseModel
from pygments import highlight  # type: ignore[import-untyped,unused-ignore]
from pygments.formatters import HtmlFormatter  # type: ignore[import-untyped,unused-ignore]

from jassdsl.core import model as m
from jassdsl.language.lexer import JassLexer

Model = TypeVar("Model", bound=BaseModel)

# Characters with a meaning in Markdown, attr_list, tables or HTML, as character references:
# without '<' no tag, without '[' no link, without '{' no attribute list, without '&' no
# entity of the file's own; '=' and '"' keep even the text of an event attribute inert.
INERT = str.maketrans({ch: f"&#{ord(ch)};" for ch in "&<>\"=[]{}*_`\\|#"})
# Characters that break a line in Markdown or in a browser's view of text.
LINE_BREAKS = re.compile(r"[\r\n\t\v\f\x1c-\x1e\x85\u2028\u2029]")
# What starts a list or a heading when it stands first on a line ("1. ", "- ", "+ ").
LINE_START = re.compile(r"^([ ]*)([0-9+\-])")


def entities(text: str) -> str:
    """Every markup character of `text` as a character reference (line breaks kept)."""
    return text.translate(INERT)


def text(raw: str) -> str:
    """A rule file's text as one line of inert Markdown that reads as the text itself."""
    line = entities(LINE_BREAKS.sub(" ", raw))
    return LINE_START.sub(lambda lead: f"{lead.group(1)}&#{ord(lead.group(2))};", line, count=1)


# A file's listing is the same on its page in each language (and again when the pages are
# made once more: the docs command, then the site, or the tests); highlighting a large file
# takes seconds.
@lru_cache(maxsize=32)
def listing(source: str, title: str, anchor: str = "__codelineno-rules") -> str:
    """The rule file as highlighted HTML with line numbers, every text node escaped."""
    formatter = HtmlFormatter(linenos="table", filename=title, lineanchors=anchor,
                              anchorlinenos=True, wrapcode=True,
                              cssclass="language-jass highlight")
    out: str = highlight(source, JassLexer(), formatter)
    return re.sub(r">([^<]+)<", lambda m: f">{entities(html.unescape(m.group(1)))}<", out)


# The fields of the model that hold a rule file's free text (a quoted string in the file).
# Every other string of the model is an identifier the grammar limits to letters, digits,
# '_' and '-'; a test checks that each string field of the model is in one list or the other.
FREE_TEXT: dict[type[BaseModel], tuple[str, ...]] = {
    m.RuleFile: ("name", "summary", "summary_german"),
    m.Source: ("text", "german"),
    m.Decision: ("text", "german"),
    m.Option: ("description", "german"),
    m.Clause: ("title", "title_german"),
    m.Invariant: ("title", "title_german"),
    m.GermanName: ("german", "plural"),
    m.ModeDef: ("title", "title_german"),
}


def shown(node: Model) -> Model:
    """A copy of a model (a rule file or any part) with every free text made inert by
    `text`; identifiers, numbers and positions stay as they are."""
    update: dict[str, object] = {}
    for field, value in node:
        if field in FREE_TEXT.get(type(node), getattr(node, "free_text", ())) \
                and isinstance(value, str):
            update[field] = text(value)
        elif isinstance(value, BaseModel):
            update[field] = shown(value)
        elif isinstance(value, tuple):
            update[field] = tuple(shown(v) if isinstance(v, BaseModel) else v for v in value)
        elif isinstance(value, dict):  # RuleFile.parts: each mechanism's statements
            update[field] = {k: tuple(shown(v) if isinstance(v, BaseModel) else v for v in vs)
                             for k, vs in value.items()}
    return node.model_copy(update=update)


def code(raw: str) -> str:
    """A code span holding `raw` as it is: its fence is longer than any backtick run in it,
    and Markdown escapes whatever HTML a code span holds."""
    longest = max((len(run) for run in re.findall(r"`+", raw)), default=0)
    ticks = "`" * (longest + 1)
    pad = " " if raw.startswith("`") or raw.endswith("`") else ""
    return f"{ticks}{pad}{LINE_BREAKS.sub(' ', raw)}{pad}{ticks}"
