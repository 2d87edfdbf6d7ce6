"""Lark's syntax errors in our own words: what came, a guess at what was meant (a phrasing
the language says otherwise, a missing concept, a quantifier needing parentheses) and
everything the parser could take there."""

from __future__ import annotations

import re

from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedInput,
    UnexpectedToken,
)

from jassdsl.core import model as m
from jassdsl.core.errors import RuleError, did_you_mean
from jassdsl.core.roles import role_name
from jassdsl.language import concepts, quantifier_parens
from jassdsl.language.parsing.grammar import Language
from jassdsl.language.parsing.nodes import (
    WORD,
    offset_pos,
)


def expected_words(lang: Language, expected: set[str], near: str = "") -> str:
    """Every terminal the parser could take, in words; where a new statement may begin,
    the statements' first words come as one group, the likest to the word `near` (the
    word that came instead) first."""
    statements = set(lang.statement_words)
    group = statements <= expected
    rest = expected - statements - {"$END"} if group else expected
    words = sorted({lang.terminal_text(t) for t in rest})
    if group:
        firsts = sorted(set(lang.statement_words.values()))
        if near:
            firsts = concepts.likest_first(near, firsts)
        words.append(f"a new statement ({', '.join(repr(w) for w in firsts)})")
    return ", ".join(words)


def syntax_error(lang: Language, path: str, err: UnexpectedInput, text: str) -> RuleError:
    """One readable error for Lark's exception, with our own wording: what came, a guess
    at what was meant, and everything the parser could take there."""
    line, col = max(err.line, 1), max(err.column, 1)
    expected = set(getattr(err, "accepts", None) or getattr(err, "allowed", None) or set())
    if isinstance(err, UnexpectedToken) and err.token.type == "$END":
        what = "the file ends too early"
    elif isinstance(err, UnexpectedToken):
        at = err.token.start_pos or 0
        token = str(err.token)
        said = said_otherwise(lang, path, token, at, expected, text)
        if said is not None:
            return said
        hint = phrase_hint(lang, text[text.rfind("\n", 0, at) + 1:at], token, expected)
        what = f"unexpected {token!r}{hint}" if hint else \
            unexpected_word(lang, token, at, expected, text)
    elif isinstance(err, UnexpectedCharacters):
        what = f"unexpected character {err.char!r}"
    else:
        what = "the file ends too early"
    near = str(err.token) if isinstance(err, UnexpectedToken) else ""
    msg = f"{what}; expected {expected_words(lang, expected, near)}" if expected else what
    end = col + (len(str(err.token)) if isinstance(err, UnexpectedToken) else 1)
    return RuleError(path, m.Pos(line, col, line, end), "syntax", msg)


def said_otherwise(lang: Language, path: str, token: str, at: int, expected: set[str],
                   text: str) -> RuleError | None:
    """The error for a cause the parser's own words would hide: a quantifier that needs
    parentheses (at the quantifier), or a first word naming a concept the language lacks
    or has under another name (`concepts`: the statements that come nearest, in place of
    every keyword); None otherwise."""
    found = quantifier_parens.misplaced(text, at, token)
    if found is not None:
        return RuleError(path, place(text, found.start, found.end), "syntax",
                         quantifier_parens.message(found))
    concept = concepts.concept_of(token)
    starts_line = text[text.rfind("\n", 0, at) + 1:at].strip() == ""
    if concept is None or not starts_line or not set(lang.statement_words) <= expected:
        return None
    return RuleError(path, place(text, at, at + len(token)), "syntax",
                     f"no statement starts with {token!r}: {concept.says}")


def place(text: str, start: int, end: int) -> m.Pos:
    """The position of text[start:end], cut at its line's end (a caret is one line)."""
    at = offset_pos(text, start)
    stop = text.find("\n", start)
    end = min(end, stop) if stop >= 0 else end
    return m.Pos(at.line, at.column, at.line, at.column + max(1, end - start))


def phrase_hint(lang: Language, before: str, token: str, expected: set[str]) -> str:
    """What to write instead, for a few phrasings a player reaches for that the language
    says otherwise; `before` is the line up to the unexpected token ("" when none fits)."""
    words = {lang.keyword(t) for t in expected}
    if token == "partner" and re.search(r"\bpushes\s+to\s+the\s*$", before):
        return " (write 'pushes to partner', without 'the', or 'pushes to the next player')"
    if token == "," and words == {"times"} and re.match(r"\s*column\b", before):
        return " (a column of several modes is written 'free choice of A, B times N')"
    if role_name(token) is not None and words & {"player", "team", "players", "teams"}:
        role = role_name(token)
        return (f" (a role is no subject: write 'the player with {role}' or "
                f"'the team with {role}')")
    return ""


def unexpected_word(lang: Language, token: str, at: int, expected: set[str],
                    text: str) -> str:
    """`unexpected 'gts'`, with a near keyword the parser could take; a word that begins a
    line where a new statement could begin is said to begin no statement."""
    starts_line = text[text.rfind("\n", 0, at) + 1:at].strip() == ""
    new_statement = set(lang.statement_words) <= expected
    # a word after a whole statement is no misspelt statement word unless it begins a line
    words = [w for t, w in ((t, lang.keyword(t)) for t in expected) if w is not None
             and (starts_line or not new_statement or t not in lang.statement_words)]
    hint = did_you_mean(token, words).strip() if WORD.fullmatch(token) else ""
    hint = f" ({hint})" if hint else ""
    if new_statement and WORD.fullmatch(token) and starts_line:
        return f"no statement starts with {token!r}{hint}"
    return f"unexpected {token!r}{hint}"

