"""The table of settings (`jassdsl.core.settings`) is the one place a setting is known: the
grammar, the parser, the checker, the lexer, the rulebook and the language reference all
agree with it."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest
from snippets import completed
from test_language_fixtures import FIXTURES, read_fixture

from jassdsl.compile.compiler import compile_rules
from jassdsl.core import model as m
from jassdsl.core import settings
from jassdsl.core.errors import RuleFileErrors
from jassdsl.core.mechanism import installed
from jassdsl.core.settings import TABLE
from jassdsl.language.check import load_model
from jassdsl.language.facts import FACTS
from jassdsl.language.lexer import MODES, OPERATOR_WORDS, PHRASE_WORDS, STATEMENT_WORDS
from jassdsl.rulebook.words import TEXT

ROOT = Path(__file__).resolve().parents[1]
BASE = ROOT / "tests" / "fixtures" / "language" / "_base.jass"
TEXTS = [*[(p.name, p.read_text(encoding="utf-8"))
           for p in sorted((ROOT / "rules").glob("*.jass"))],
         *[(p.name, read_fixture(p).source) for p in FIXTURES]]
# statements of the grammar that set no value from a fixed list or range: texts, names the
# file gives, expressions, the tables of cards and the modes a file defines
NOT_SETTINGS = {"variant", "summary", "source", "decision", "option", "german_names",
                "points_table", "unit", "let", "scoring", "invariant", "show", "mode_def",
                "standard_tables"}


def base_statements() -> set[str]:
    """The statement rules of the grammar itself."""
    grammar = (ROOT / "jassdsl" / "language" / "grammar.lark").read_text(encoding="utf-8")
    body = re.search(r"^_statement:(.*?)^\n", grammar, re.M | re.S)
    assert body is not None
    return set(re.findall(r"[a-z_]+", body.group(1)))


def mechanism_statements() -> set[str]:
    """The statement rules each installed mechanism's grammar lines add: read by its own
    module, a setting of the table only where the table says so."""
    added = [line for x in installed()
             for line in re.findall(r"^%extend _statement:(.*)$", x.syntax.grammar, re.M)]
    return set(re.findall(r"[a-z_]+", " ".join(added)))


def statements() -> set[str]:
    """The statement rules: of the grammar, and those each mechanism's lines add."""
    return base_statements() | mechanism_statements()


def test_every_statement_of_the_grammar_is_a_setting_or_said_not_to_be() -> None:
    rules = {row.rule for row in TABLE}
    assert {"rob", "talon", "sheet"} <= mechanism_statements() - rules  # read: not empty
    assert sorted(base_statements() - rules - NOT_SETTINGS) == []
    assert sorted(rules - statements()) == []
    assert sorted(rules & NOT_SETTINGS) == []


def test_names_are_unique() -> None:
    assert len(settings.SETTINGS) == len(TABLE)


def parsed_settings() -> set[str]:
    keys: set[str] = set()
    for name, text in TEXTS:
        try:
            rf = load_model(text, name)
        except RuleFileErrors:
            continue
        keys |= {s.key for s in rf.settings}
    return keys


def test_every_setting_the_parser_makes_is_in_the_table() -> None:
    keys = parsed_settings()
    assert {"first dealer", "next dealer", "first lead", "follow", "undertrump", "puur",
            "weis"} <= keys
    assert sorted(keys - set(settings.SETTINGS)) == []


def test_the_trump_methods_are_the_models() -> None:
    kinds = typing.get_args(m.BaseTrumpKind)
    assert settings.get("trump").codes == kinds
    # a method a mechanism adds is named as the mechanism, not in the table
    added = {x.name for x in installed() if x.trump is not None}
    assert added and not added & set(kinds)


WORD_SETTINGS = [row for row in TABLE if row.rule in ("first_dealer", "next_dealer",
                                                      "first_lead", "undertrump", "puur")]


AUCTION = "declare bid from 1 to 9, auction before trump\n"
# what a file needs for somebody to hold a role (jassdsl/core/roles.py), as statements
ROLE_NEEDS = {
    "highest bidder": AUCTION, "bidder": AUCTION, "first-void": "",
    "chooser": "trump: forehand chooses suits\n",
    "pusher": "players 4 in teams across\ntrump: forehand chooses suits or pushes to partner\n"
              "score each hand, first rule that applies:\n"
              "  all: otherwise then every team scores points\n",
}


def with_setting(row: settings.Setting, value: str) -> str:
    needs = ROLE_NEEDS.get(value, "") if row.name in ("first lead", "next dealer") else ""
    return completed(f"{row.written} {value}\n{needs}", BASE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("row", WORD_SETTINGS, ids=[r.name for r in WORD_SETTINGS])
def test_every_value_of_a_word_setting_is_accepted_and_others_are_named(
        row: settings.Setting) -> None:
    for value in row.allowed:
        load_model(with_setting(row, value), "ok.jass")
    with pytest.raises(RuleFileErrors) as info:
        load_model(with_setting(row, "sideways"), "bad.jass")
    assert [e.message for e in info.value.errors] == [
        f"{row.name}: 'sideways' is not known; choose {' or '.join(sorted(row.allowed))}"]


def test_unsaid_settings_compile_to_their_defaults() -> None:
    text = "\n".join(line for line in BASE.read_text(encoding="utf-8").splitlines()
                     if not re.match(r"(first dealer|next dealer|first lead|follow|"
                                     r"undertrump|puur):", line))
    rules = compile_rules(load_model(text, "unsaid.jass"))
    assert settings.words(rules.model, "follow") == settings.get("follow").default
    assert rules.play.trump_while_following
    assert rules.play.strict == (settings.get("undertrump").default == "strict")
    assert rules.play.puur_exempt == (settings.get("puur").default == "exempt")
    assert rules.first_dealer_lot == (settings.get("first dealer").default == "lot")
    assert not rules.lead_bidder and not rules.next_dealer_bidder


def test_the_lexer_knows_every_word_of_every_setting() -> None:
    known = {*STATEMENT_WORDS, *PHRASE_WORDS, *OPERATOR_WORDS, *MODES, *FACTS,
             *(w for x in installed() for w in x.keywords)}  # a mechanism's own words
    words = {w for row in TABLE for phrase in (row.written, *row.allowed)
             for w in re.findall(r"[a-z][a-z0-9-]*", phrase.rstrip(":"))}
    assert sorted(words - known) == []


def test_the_rulebook_has_a_sentence_for_every_value_it_narrates() -> None:
    missing = [key.format(code) for row in TABLE for key in row.says
               for code in (row.codes or row.allowed) if key.format(code) not in TEXT]
    assert missing == []


UNSAID = {"en": ("required", "not used"), "de": ("verlangt", "nicht verwendet")}


def reference_row(lang: str, row: settings.Setting) -> str:
    """The row of a setting in the language reference's table of settings."""
    if row.kind == "number":
        values = f"{row.low} to {row.high}" if lang == "en" else f"{row.low} bis {row.high}"
    else:
        values = ", ".join(f"`{v}`" for v in row.allowed) or "—"
    default = row.default
    if default is None:
        shown = UNSAID[lang][0]
    elif not default:
        shown = UNSAID[lang][1]
    else:
        shown = f"`{' or '.join(default) if isinstance(default, tuple) else default}`"
    return f"| `{row.written}` | {values} | {shown} |"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_language_reference_lists_every_setting(lang: str) -> None:
    text = (ROOT / "docs" / lang / "language.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| `")
            and line.split(" | ")[0][3:-1] in {row.written for row in TABLE}]
    assert rows == [reference_row(lang, row) for row in TABLE]
