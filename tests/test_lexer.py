"""The Pygments lexer for rule files: registered, total on any input, sensible tokens."""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, String, _TokenType

from jassdsl.core.errors import RuleFileErrors
from jassdsl.language.lexer import JassLexer, color_excerpts, highlight_terminal

RULES = sorted((Path(__file__).parents[1] / "rules").glob("*.jass"))


def tokens(text: str) -> list[tuple[_TokenType, str]]:
    return list(JassLexer(stripnl=False, ensurenl=False).get_tokens(text))


def kind_of(text: str, word: str) -> _TokenType:
    """The token type of the first token whose text is `word`."""
    return next(k for k, v in tokens(text) if v == word)


def test_entry_point_is_registered() -> None:
    found = {ep.name: ep.value for ep in entry_points(group="pygments.lexers")}
    assert found.get("jass") == "jassdsl.language.lexer:JassLexer"


@pytest.mark.parametrize("alias", ["jass", "jassdsl"])
def test_pygments_finds_the_lexer_by_name(alias: str) -> None:
    assert isinstance(get_lexer_by_name(alias), JassLexer)


def test_pygments_finds_the_lexer_by_file_name() -> None:
    assert isinstance(get_lexer_for_filename("rules/mittlere.jass"), JassLexer)


@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_every_rule_file_lexes_without_errors(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    toks = tokens(text)
    assert "".join(v for _, v in toks) == text
    assert [v for k, v in toks if k in Error] == []
    assert any(k in Keyword for k, _ in toks) and any(k in Name.Label for k, _ in toks)


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_any_text_lexes_and_round_trips(text: str) -> None:
    expected = text.replace("\r\n", "\n").replace("\r", "\n")  # Pygments' own newlines
    assert "".join(v for _, v in tokens(text)) == expected


CLAUSE = '''# a comment
score each hand, first rule that applies:
  all-tricks "one player takes every trick":
      when one player has match and not last
      then that player gets 2 sticks, players with won(CK) = 1 get 1 stick
'''


@pytest.mark.parametrize(("word", "kind"), [
    ("# a comment", Comment.Single),
    ("score", Keyword.Declaration),
    ("when", Keyword),
    ("all-tricks", Name.Label),
    ("one player takes every trick", String.Double),
    ("match", Name.Builtin),
    ("won", Name.Builtin),
    ("CK", Name.Constant),
    ("and", Operator.Word),
    ("player", Name.Class),
    ("2", Number.Integer),
])
def test_token_kinds(word: str, kind: _TokenType) -> None:
    assert kind_of(CLAUSE, word) in kind


TAKE_PART = """take part: in turn from forehand, play or fold with 3 or more at the table
rob: trump 6 may take the turned card
players leave the table when total strokes >= target
"""


@pytest.mark.parametrize(("word", "kind"), [
    ("take", Keyword.Declaration),
    ("fold", Keyword),
    ("rob", Keyword.Declaration),
    ("turned", Keyword),
    ("leave", Keyword),
    ("table", Keyword),
])
def test_taking_part_words(word: str, kind: _TokenType) -> None:
    assert kind_of(TAKE_PART, word) in kind


def test_a_dashed_name_is_one_token() -> None:
    assert kind_of("decision points-counted-at-end: \"x\"\n", "points-counted-at-end") \
        in Name


def test_table_weis_and_table_stoeck_are_one_builtin_each() -> None:
    text = "then every player scores points + table-weis + table-stoeck - weis\n"
    assert kind_of(text, "table-weis") in Name.Builtin
    assert kind_of(text, "table-stoeck") in Name.Builtin


def test_error_excerpts_are_coloured_and_nothing_else() -> None:
    from jassdsl.language.check import load_model

    text = RULES[0].read_text(encoding="utf-8").replace("winner:", "winner: most pionts\n#")
    with pytest.raises(RuleFileErrors) as info:
        load_model(text, "x.jass")
    plain = info.value.render()
    coloured = color_excerpts(plain).split("\n")
    lines = plain.split("\n")
    assert len(coloured) == len(lines)
    for i, (before, after) in enumerate(zip(lines, coloured, strict=True)):
        quoted = before.startswith("    ") and i + 1 < len(lines) and \
            set(lines[i + 1].strip()) == {"^"}
        assert ("\x1b[" in after) == quoted, before
        assert strip_ansi(after) == before


def test_highlight_terminal_keeps_the_text() -> None:
    text = RULES[0].read_text(encoding="utf-8")
    assert strip_ansi(highlight_terminal(text)) == text


def strip_ansi(text: str) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_a_statement_keyword_before_a_colon_is_not_a_label() -> None:
    text = "trump: first void, else obenabe\nwinner: most sticks\n"
    assert kind_of(text, "trump") in Keyword.Declaration
    assert kind_of(text, "winner") in Keyword.Declaration


WEIS_IF = """weis small: four A = 100 unless in undenufe and undenufe-eleven = six,
    four 6 = 100 if in undenufe and undenufe-eleven = six; each card once
count first: stoeck, then weis
"""


@pytest.mark.parametrize(("word", "kind"), [
    ("unless", Keyword),
    ("in", Keyword),
    ("undenufe", Name),
    ("count", Keyword.Declaration),
    ("then", Keyword),
    ("stoeck", Name.Builtin),
])
def test_conditional_weis_and_counting_order_words(word: str, kind: _TokenType) -> None:
    assert kind_of(WEIS_IF, word) in kind


SHEET = """sheet per team
column joker-1 "first Joker": free choice of suits, obenabe times 7
trump: forehand chooses from the sheet or pushes to the next player
game ends when the sheets are full
"""


@pytest.mark.parametrize(("word", "kind"), [
    ("sheet", Keyword.Declaration),
    ("column", Keyword.Declaration),
    ("free", Keyword),
    ("times", Keyword),
    ("next", Keyword),
    ("full", Keyword),
    ("obenabe", Name.Constant),
])
def test_scoresheet_words(word: str, kind: _TokenType) -> None:
    assert kind_of(SHEET, word) in kind


ROLES_TEXT = """first lead: bidder
next dealer: first-void
trump: bidder chooses suits
score each hand, first rule that applies:
  made: when one team has bidder and points >= bid of bidder and team bid > 0
      then the team with chooser scores points
"""

MODES_TEXT = """mode slalom "Slalom": obenabe and undenufe alternating by trick
mode guschti: obenabe for 5 tricks, then undenufe
let factor = 2 if in spades or in clubs else 3 if in slalom else 1
"""


@pytest.mark.parametrize(("word", "kind"), [
    ("bidder", Name.Builtin),
    ("first-void", Name.Builtin),
    ("chooser", Name.Builtin),
    ("chooses", Keyword),
    ("of", Keyword),
    ("team", Name.Class),
])
def test_role_words(word: str, kind: _TokenType) -> None:
    assert kind_of(ROLES_TEXT, word) in kind


@pytest.mark.parametrize(("word", "kind"), [
    ("mode", Keyword.Declaration),
    ("alternating", Keyword),
    ("obenabe", Name),
    ("in", Keyword),
    ("spades", Name.Constant),
])
def test_mode_words(word: str, kind: _TokenType) -> None:
    assert kind_of(MODES_TEXT, word) in kind


STANDARD_TEXT = """cards: the standard Swiss ranks and points for trump and side
card points undenufe: 6 11, K 4, Q 3, J 2, 10 10, 8 8
"""


@pytest.mark.parametrize(("word", "kind"), [
    ("cards", Keyword.Declaration),
    ("standard", Keyword),
    ("Swiss", Keyword),
    ("ranks", Keyword),
    ("side", Name.Constant),
])
def test_standard_tables_words(word: str, kind: _TokenType) -> None:
    assert kind_of(STANDARD_TEXT, word) in kind


@pytest.mark.parametrize(("word", "kind"), [
    ("declare", Keyword.Declaration),
    ("yes", Keyword),
    ("no", Keyword),
    ("alone", Name),
])
def test_yes_no_declaration_words(word: str, kind: _TokenType) -> None:
    assert kind_of("declare alone yes or no, starting after the chooser\n", word) in kind
