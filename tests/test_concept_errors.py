"""Diagnostics that say a concept is missing (issue 30 §1): a first word naming a concept
the language lacks or has under another name gets the statements that come nearest; an
unknown word gets every statement, the likest first; a quantifier that needs parentheses
after `and`, `or`, `not`, `if` or `else` says so at the quantifier. Each in English and
German, with file:line:col, the line and a caret."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from snippets import completed

from jassdsl.core.errors import RuleFileErrors
from jassdsl.core.errors_de import german
from jassdsl.language.check import load_model
from jassdsl.language.concepts import CONCEPTS
from jassdsl.language.syntax import language

FIXTURES = Path(__file__).parent / "fixtures" / "language"
HEAD = 'variant "X"\nplayers 4 in teams across\n'


def whole(snippet: str) -> str:
    """The snippet completed by the fixtures' base file (its line numbers stay)."""
    return completed(snippet, (FIXTURES / "_base.jass").read_text(encoding="utf-8"))


def errors(text: str) -> RuleFileErrors:
    with pytest.raises(RuleFileErrors) as caught:
        load_model(whole(text), "mine.jass")
    return caught.value


def test_every_concept_names_statements_that_exist_and_words_that_begin_none() -> None:
    firsts = set(language().statement_words.values())
    for concept in CONCEPTS:
        assert set(concept.statements) <= firsts, concept.statements
        assert not set(concept.words) & firsts, concept.words  # a statement is no concept
        for name in concept.statements:
            assert f"'{name}" in concept.says, (name, concept.says)
        assert german(concept.says) != concept.says, concept.says


def test_passing_cards_says_which_statements_exchange_cards() -> None:
    fixture = (FIXTURES / "error-concept-missing.jass").read_text(encoding="utf-8")
    caught = errors(fixture)
    first = caught.errors[0]
    assert (first.pos.line, first.pos.column, first.pos.end_column) == (7, 1, 5)
    text = caught.render("en")
    assert "mine.jass:7:1: no statement starts with 'pass': cards are passed between " \
        "players with 'passing: each player passes 3 cards to the left'" in text
    assert all(f"'{w}" in first.message for w in ("passing", "talon", "improve", "rob",
                                                   "take part"))
    assert "expected" not in first.message  # the nearest statements, not every keyword
    assert "\n    pass 3 cards to the left\n    ^^^^" in text
    de = caught.render("de")
    assert "mine.jass:7:1: keine Anweisung beginnt mit 'pass': Karten werden zwischen " \
        "Spielern mit 'passing: each player passes 3 cards to the left' weitergegeben" in de
    assert "\n    pass 3 cards to the left\n    ^^^^" in de


@pytest.mark.parametrize(("line", "words"), [
    ("bock: 3 hands after a match", ["'score each hand'", "'unit'", "no state across hands"]),
    ("konter: yes", ["'declare double yes or no"]),
    ("misere: fewest points", ["'mode'", "'column'"]),
    ("Schieben: to partner", ["pushes to partner"]),
])
def test_other_concepts(line: str, words: list[str]) -> None:
    caught = errors(HEAD + line + "\n")
    word = line.split(":")[0]
    assert caught.errors[0].message.startswith(f"no statement starts with {word!r}: ")
    assert all(w in caught.errors[0].message for w in words)
    assert german(caught.errors[0].message) != caught.errors[0].message


def test_an_unknown_word_gets_every_statement_likest_first() -> None:
    caught = errors(HEAD + "winer: most points\n")
    message = caught.errors[0].message
    assert message.startswith("no statement starts with 'winer' (did you mean 'winner'?); "
                              "expected a new statement ('winner', ")
    listed = re.findall(r"'([a-z]+)'", message.split("a new statement")[1])
    assert sorted(listed) == sorted(set(language().statement_words.values()))
    assert listed.index("winner") < listed.index("variant") < listed.index("bonus")


QUANTIFIED = [  # a condition or amount, the quantifier as the message quotes it, after
    ("when hand > 1 and some team has match", "some team has", "and"),
    ("when hand > 1 or no team has match", "no team has", "or"),
    ("when not some team has match", "some team has", "not"),
    ("when some team has match and one player has points > 9", "one player has", "and"),
    ("when hand > 1 and all but one team has points > 9", "all but one team has", "and"),
    ("when hand > 1 and two players have points > 9", "two players have", "and"),
    ("when hand > 1\n      and every team has points > 9", "every team has", "and"),
    ("otherwise then every team scores points * (3 if some team has match else 1)",
     "some team has", "if"),
    ("otherwise then every team scores points * (3 if hand > 2 else some team has match)",
     "some team has", "else"),
]


@pytest.mark.parametrize(("condition", "said", "after"), QUANTIFIED)
def test_a_quantifier_that_needs_parentheses_says_so(condition: str, said: str,
                                                     after: str) -> None:
    rule = condition if condition.startswith("otherwise") else \
        f"{condition} then every team scores points"
    text = whole(HEAD + "bonus match 100\nscore each hand, first rule that applies:\n"
                 f"  a: {rule}\n  b: otherwise then every team scores points\n")
    caught = errors(text)
    assert len(caught.errors) == 1
    first = caught.errors[0]
    assert first.message == (f"{said!r} is a quantifier, which cannot follow {after!r} as "
                             f"it is; put the quantifier in parentheses: ({said} ...)")
    start = text.index(" ".join(said.split()[:2]), text.index("  a: "))
    line = text.count("\n", 0, start) + 1
    assert (first.pos.line, first.pos.column) == (line, start - text.rfind("\n", 0, start))
    caret = "^" * len(" ".join(said.split()[:-1]))  # to the subject the parser stopped at
    assert f"\n    {text.splitlines()[line - 1]}\n    {' ' * (first.pos.column - 1)}{caret}" \
        in caught.render("en")
    assert german(first.message) == (f"{said!r} ist ein Quantor und kann so nicht nach "
                                     f"{after!r} stehen; setze den Quantor in Klammern: "
                                     f"({said} ...)")


@pytest.mark.parametrize("condition", ["some team has match",
                                       "hand > 1 and (some team has match)",
                                       "not (no team has match) or (every team has tricks > 0)"])
def test_a_quantifier_first_or_in_parentheses_reads(condition: str) -> None:
    text = (HEAD + "bonus match 100\nscore each hand, first rule that applies:\n"
            f"  a: when {condition} then every team scores points\n"
            "  b: otherwise then every team scores points\n")
    load_model(whole(text), "mine.jass")
