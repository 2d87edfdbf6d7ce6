"""A Pygments lexer for rule files (``*.jass``), registered as the ``jass`` lexer.

Keywords are the statement words of the grammar (those of a mechanism's own statements come
from its grammar lines, `Mechanism.first_words` and `Mechanism.keywords`); the names a scoring expression may use
(from `jassdsl.language.facts`) are builtins; cards (``DA``, ``H10``) and ranks are constants; clause
labels before their colon are labels. The lexer never raises on odd input: anything it
does not know is plain text, so a half-written file still highlights.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

# Pygments ships without type information; the ignores stay valid if stubs get installed.
from pygments import highlight as _highlight  # type: ignore[import-untyped,unused-ignore]
from pygments.formatters import (  # type: ignore[import-untyped,unused-ignore]
    TerminalFormatter,
)
from pygments.lexer import (  # type: ignore[import-untyped,unused-ignore]
    RegexLexer,
    bygroups,
    words,
)
from pygments.token import (  # type: ignore[import-untyped,unused-ignore]
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

from jassdsl.core.cards import CARD_CLASSES
from jassdsl.core.mechanism import Mechanism, installed
from jassdsl.core.roles import ROLES
from jassdsl.core.settings import TABLE
from jassdsl.language.facts import FACTS

STATEMENT_WORDS = (
    "variant", "summary", "source", "decision", "option", "default", "choices", "players",
    "german",
    "in", "teams", "across", "alternating", "pack", "deal", "all", "cards", "packets", "of",
    "each", "first",
    "dealer", "next", "lead", "ranks", "card", "points", "bonus", "trump", "follow",
    "undertrump", "puur", "unit", "cancels", "never", "below", "declare", "from", "to",
    "hidden", "let", "score", "hand", "rule", "that", "applies", "when", "otherwise", "then",
    "invariant", "game", "ends", "after", "hands", "winner", "four",
    "may", "count", "before", "starting", "declares",
    "last", "make", "pile", "show", "take", "part", "leave",
    "improve", "names", "mode",
)
PHRASE_WORDS = (
    "void", "else", "random", "suit", "bottom", "none", "play", "as", "forehand", "chooses",
    "pushes", "partner", "gets", "get", "loses", "lose", "scores", "holds", "hold",
    "abeyance", "the", "others", "every", "with", "sole", "one", "by", "lot", "those",
    "they", "has", "have", "no", "some", "but", "two", "three", "total", "if", "most",
    "fewest", "highest", "bidder", "rest", "top", "turned", "turn", "fold", "at", "table",
    "swap", "for", "their", "seeing", "them", "unless", "steps", "worth", "alternating",
    "without", "only", "standard",
    "Swiss", "yes", "until", "plural", "naming", "ending",
)
OPERATOR_WORDS = ("and", "or", "not")
# the values a setting may take (jassdsl.core.settings) are constants, unless the word is also
# a keyword or a fact (`by lot`, `random suit`, `highest bidder`, `match`)
MODES = tuple(dict.fromkeys(
    w for row in TABLE for value in row.allowed for w in value.split()
    if len(w) > 1 and w not in STATEMENT_WORDS + PHRASE_WORDS + tuple(FACTS)))
SUBJECTS = ("player", "players", "team", "teams")
ROLE_WORDS = tuple(ROLES)
CARD_WORDS = tuple(sorted(CARD_CLASSES, key=len, reverse=True))
RANK_PATTERN = r"\b[AKQJDHSC]\b"  # a rank letter, or a suit letter in a trump list
ID = r"[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*"


class Keywords(words):  # type: ignore[misc,unused-ignore]
    """These words and those the installed mechanisms' grammar lines add (`pick`), read
    when the lexer is first used: the package installs the mechanisms after this module
    loads."""

    def __init__(self, own: tuple[str, ...], pick: Callable[[Mechanism], tuple[str, ...]],
                 prefix: str, suffix: str) -> None:
        super().__init__(own, prefix=prefix, suffix=suffix)
        self.own, self.pick = own, pick

    def get(self) -> str:
        self.words = tuple(dict.fromkeys([*self.own,
                                          *(w for x in installed() for w in self.pick(x))]))
        return str(super().get())


class JassLexer(RegexLexer):  # type: ignore[misc,unused-ignore]
    """Rule files of jassdsl: Swiss Jass variants written as data."""

    name = "Jass rules"
    aliases: ClassVar[list[str]] = ["jass", "jassdsl"]
    filenames: ClassVar[list[str]] = ["*.jass"]
    mimetypes: ClassVar[list[str]] = ["text/x-jass"]
    url = "https://pypi.org/project/jassdsl/"

    tokens: ClassVar[dict[str, list[object]]] = {
        "root": [
            # a clause label at the start of an indented line: `  tie "...":`
            (rf"^([ \t]+)({ID})(?=[ \t]*(?:\"[^\"\n]*\"[ \t]*)?:)",
             bygroups(Whitespace, Name.Label)),
            # the name of an invariant or a decision
            (rf"^(invariant|decision)([ \t]+)({ID})",
             bygroups(Keyword.Declaration, Whitespace, Name.Label)),
            (r"\n", Whitespace),
            (r"[ \t\r]+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"', String.Double, "string"),
            (r"^(card)(\s+)(points)\b", bygroups(Keyword.Declaration, Whitespace,
                                                 Keyword.Declaration)),
            # `count first:` is a statement, not the count() of an expression
            (r"^(count)(\s+)(first)\b", bygroups(Keyword.Declaration, Whitespace, Keyword)),
            (words(OPERATOR_WORDS, prefix=r"\b", suffix=r"\b"), Operator.Word),
            (words(SUBJECTS, prefix=r"\b", suffix=r"\b"), Name.Class),
            (words(tuple(FACTS), prefix=r"\b", suffix=r"\b(?!-)"), Name.Builtin),
            # the roles of a hand (jassdsl/core/roles.py) are facts too: `the team with bidder`
            (words(ROLE_WORDS, prefix=r"\b", suffix=r"\b(?!-)"), Name.Builtin),
            (words(MODES, prefix=r"\b", suffix=r"\b(?!-)"), Name.Constant),
            (words(CARD_WORDS, prefix=r"\b", suffix=r"\b(?!-)"), Name.Constant),
            (Keywords(STATEMENT_WORDS, lambda x: x.first_words, prefix=r"^",
                      suffix=r"\b(?!-)"), Keyword.Declaration),
            (Keywords(STATEMENT_WORDS + PHRASE_WORDS, lambda x: x.keywords, prefix=r"\b",
                      suffix=r"\b(?!-)"), Keyword),
            (RANK_PATTERN, Name.Constant),
            (r"\d+", Number.Integer),
            (r"<=|>=|!=|==|[=<>+\-*/]", Operator),
            (r"[:,;()]", Punctuation),
            (ID, Name),
            (r".", Text),
        ],
        "string": [
            (r'\\.', String.Escape),
            (r'"', String.Double, "#pop"),
            (r'[^"\\\n]+', String.Double),
            (r"\n", String.Double, "#pop"),
        ],
    }


def highlight_terminal(source: str) -> str:
    """Rule-file text with ANSI colours (no trailing newline added)."""
    out = str(_highlight(source, JassLexer(), TerminalFormatter()))
    return out if source.endswith("\n") else out.rstrip("\n")


def color_excerpts(rendered: str) -> str:
    """An error report with its quoted rule-file lines highlighted.

    The report of `RuleError.render` quotes a source line indented by four spaces and
    puts a line of carets under it; only such quoted lines are coloured."""
    lines = rendered.split("\n")
    for i, line in enumerate(lines[:-1]):
        below = lines[i + 1].strip()
        if line.startswith("    ") and below and set(below) == {"^"}:
            lines[i] = "    " + highlight_terminal(line[4:])
    return "\n".join(lines)
