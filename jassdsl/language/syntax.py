"""Parse rule-file text into the rule model; Lark's errors are translated here and only here.

The entry point: `parse_file` and `parse_statements`, with the parser's parts in
jassdsl/language/parsing/ (one job a module), whose names other modules read from here."""

from __future__ import annotations

from collections.abc import Sequence

from lark import Token, Tree
from lark.exceptions import (
    VisitError,
)
from lark.tree import Meta

from jassdsl.core import model as m
from jassdsl.core.errors import RuleError, RuleFileErrors
from jassdsl.core.mechanism import Mechanism
from jassdsl.core.pos import FILE_START
from jassdsl.language.parsing.grammar import KEPT_PARSERS, Language, language, parser, parser_cache
from jassdsl.language.parsing.limits import limit_errors, string_errors, unprintable
from jassdsl.language.parsing.messages import syntax_error
from jassdsl.language.parsing.nodes import (
    pos_of,
    unquote,
    word,
)
from jassdsl.language.parsing.recovery import Parsed, Skipped, parse_tree

__all__ = ["KEPT_PARSERS", "Language", "Parsed", "Skipped", "language", "parse_file",
           "parse_statements", "parser", "parser_cache", "pos_of", "syntax_error", "unprintable",
           "unquote", "word"]


def parse_file(text: str, path: str, mechanisms: Sequence[Mechanism] | None = None) -> Parsed:
    """Parse text into typed statements, in file order, reading on after syntax errors;
    the errors say what could not be read. Statements over the language's limits make the
    file unreadable as a whole (no statements). The statements of the mechanisms (the
    installed ones by default) are read beside the base grammar's."""
    lang = language(mechanisms)
    tree, errors, skipped, stopped = parse_tree(lang, text, path)
    errors += string_errors(tree, path)
    limits = limit_errors(tree, path)
    if limits:
        return Parsed([], errors + limits, skipped, stopped)
    try:
        statements = lang.to_model.transform(tree)
    except VisitError as err:
        where = err.obj.meta if isinstance(err.obj, Tree) else err.obj
        pos = pos_of(where) if isinstance(where, Meta | Token) else FILE_START
        return Parsed([], [*errors, RuleError(path, pos, "syntax", str(err.orig_exc))],
                      skipped, stopped)
    return Parsed(statements, errors, skipped, stopped)


def parse_statements(text: str, path: str,
                     mechanisms: Sequence[Mechanism] | None = None) -> list[m.Statement]:
    """Parse text into typed statements, in file order; raises RuleFileErrors with every
    syntax error, and on a number or expression over the language's limits."""
    parsed = parse_file(text, path, mechanisms)
    if parsed.errors:
        raise RuleFileErrors(parsed.errors, text)
    return parsed.statements

