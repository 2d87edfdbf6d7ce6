"""Going on after a syntax error: the statement with the error is skipped (or only its
broken scoring clause), reading resumes at the next line that begins a statement, and
what was skipped is told so the checker knows what it may be missing."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lark import Token, Tree
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedInput,
    UnexpectedToken,
)
from lark.parsers.lalr_interactive_parser import InteractiveParser

from jassdsl.core import model as m
from jassdsl.core.errors import RuleError, close_words
from jassdsl.core.limits import MAX_SYNTAX_ERRORS
from jassdsl.language.parsing.grammar import Language
from jassdsl.language.parsing.messages import syntax_error
from jassdsl.language.parsing.nodes import (
    WORD,
    offset_pos,
)

NOT_NEWLINE = re.compile(r"[^\n]+")
LINE_WORD = re.compile(r"^[ \t]*(" + WORD.pattern + ")", re.M)
QUOTED = r'"(?:[^"\\\n]|\\.)*"'
LABEL_REST = re.compile(rf"\s*(?:{QUOTED}\s*(?:german\s*{QUOTED}\s*)?)?:")


@dataclass(frozen=True)
class Skipped:
    """Text the parser skipped after a syntax error, to the next line that begins a
    statement; `statements` are the first words of the statements it held (as far as
    they can be told: a misspelt first word counts as the keyword it is near)."""

    pos: m.Pos
    statements: tuple[str, ...]
    leftover: bool = False  # words after a whole statement on its line, beginning none
    unknown: str = ""  # the first word as written where it begins no statement (the


@dataclass
class Parsed:
    """What could be read of a file: its statements, in file order, the syntax and limit
    errors, and the text skipped after each syntax error. `stopped` is where reading
    stopped after MAX_SYNTAX_ERRORS syntax errors (None: the file was read to its end)."""

    statements: list[m.Statement]
    errors: list[RuleError]
    skipped: list[Skipped] = field(default_factory=list)
    stopped: m.Pos | None = None


def blank_before(text: str, start: int) -> str:
    """The text with what comes before `start` blanked (line breaks kept): lines, columns
    and offsets stay those of the file."""
    if start == 0:
        return text
    return NOT_NEWLINE.sub(lambda run: " " * len(run.group(0)), text[:start]) + text[start:]


def error_offset(err: UnexpectedInput, text: str) -> int:
    if isinstance(err, UnexpectedToken):
        return len(text) if err.token.type == "$END" else (err.token.start_pos or 0)
    return int(getattr(err, "pos_in_stream", 0) or 0)


def statement_start(err: UnexpectedInput, at: int) -> int:
    """Where the statement the error is in begins: the first value on the parser's stack
    after the statements read whole; `at` itself when those end right before the error."""
    ip = getattr(err, "interactive_parser", None)
    if ip is None or reads_whole(ip):
        return at
    for v in ip.parser_state.value_stack:
        if isinstance(v, Tree) and str(v.data).startswith("__start"):
            continue  # the statements read whole
        start = v.start_pos if isinstance(v, Token) else getattr(v.meta, "start_pos", None) \
            if isinstance(v, Tree) else None
        if start is not None:
            return min(int(start), at)
    return at


def reads_whole(ip: InteractiveParser) -> bool:
    """Whether what the parser has read so far is a whole file: the error is then at the
    start of a statement. (Whether the file may end here is not enough to know: a parser
    state shared by several statements lists the end of the file after `column NAME "text"
    german "text"` too, though a column still needs its colon.)"""
    try:
        ip.copy().feed_eof()  # type: ignore[no-untyped-call]
    except UnexpectedInput:
        return False
    return True


def begins_statement(lang: Language, line: str) -> bool:
    """Whether a line reads as the start of a statement: its first word does, and the
    second is a word or is read after it (a line that goes on an expression, such as
    `count(weis > 0) <= 1` or `weis + stoeck`, is not)."""
    ip = lang.lark.parse_interactive(line)
    read: list[Token] = []
    try:
        for tok in ip.iter_parse():
            if len(read) == 2:
                return True
            read.append(tok)
    except UnexpectedInput as err:
        at = error_offset(err, line)
        before = [t for t in read if (t.start_pos or 0) < at]
        if len(before) != 1:
            return len(before) >= 2
        # a word or number may be a mistake in a statement; `(`, `+`, `,` go on an expression
        second = str(err.token) if isinstance(err, UnexpectedToken) else line[at:at + 1]
        return second[:1].isalnum() or second[:1] in "_\""
    return True


def indent(text: str, at: int) -> int:
    """How far the line holding `at` is indented."""
    start = text.rfind("\n", 0, at) + 1
    return len(text[start:at + 1]) - len(text[start:at + 1].lstrip(" \t"))


def resume_at(lang: Language, text: str, at: int, after: bool, most: int) -> int:
    """The next line at or after `at` (after it, if `after`), indented at most `most`,
    whose first word begins a statement; the end of the text if none does. Lines indented
    deeper go on the statement before (`then players with ...`)."""
    firsts = set(lang.statement_words.values())
    for found in LINE_WORD.finditer(text, text.rfind("\n", 0, at) + 1):
        p = found.start(1)
        if p < at or (after and p == at) or found.start(1) - found.start(0) > most:
            continue
        if found.group(1) not in firsts:  # a misspelt statement word begins one too
            if close_words(found.group(1), firsts, n=1) and not is_label(text, found.end(1)):
                return p
            continue
        end = text.find("\n", p)
        if begins_statement(lang, text[p:end if end >= 0 else len(text)]):
            return p
    return len(text)


def stray_end(lang: Language, text: str, at: int) -> int | None:
    """Where to read on after a character that begins no statement: right after it, when a
    statement follows on its line; None otherwise."""
    found = WORD.match(text, at + 1 + len(text[at + 1:]) - len(text[at + 1:].lstrip(" \t")))
    if found is None or found.group(0) not in set(lang.statement_words.values()):
        return None
    end = text.find("\n", found.start())
    return found.start() if begins_statement(lang, text[found.start():end if end >= 0 else None]) \
        else None


def value_start(v: object) -> int | None:
    """Where a value of the parser's stack begins in the text (None: it has no place)."""
    if isinstance(v, Token):
        return v.start_pos
    meta = getattr(v, "meta", None)
    return getattr(meta, "start_pos", None) if isinstance(v, Tree) else None


def clause_span(lang: Language, err: UnexpectedInput, text: str, at: int,
                begin: int) -> tuple[int, int] | None:
    """The text of the scoring clause the error is in (the statement begins at `begin`), up
    to the next clause or statement: without it the scoring statement still reads. None
    when the error is not in a clause, or the clause would leave the statement none."""
    ip = getattr(err, "interactive_parser", None)
    stack = ip.parser_state.value_stack if ip is not None else []
    header = [i for i, v in enumerate(stack[:-1]) if isinstance(v, Token)
              and v.type == "APPLIES" and getattr(stack[i + 1], "type", "") == "COLON"]
    if not header:  # the error is in `score each hand, first rule that applies:`
        return None
    rest = stack[header[-1] + 2:]  # after `applies :`
    done = bool(rest) and isinstance(rest[0], Tree) and str(rest[0].data).startswith("__")
    first = min([*(p for p in map(value_start, rest[1:] if done else rest) if p is not None),
                 at])
    line_end = text.find("\n", at)
    firsts = set(lang.statement_words.values())
    for found in LINE_WORD.finditer(text, len(text) if line_end < 0 else line_end + 1):
        word, p = found.group(1), found.start(1)
        if word != "german" and is_label(text, found.end(1)):
            return first, p  # the next clause
        if word in firsts and p - found.start(0) <= indent(text, begin):
            end = text.find("\n", p)
            if begins_statement(lang, text[p:end if end >= 0 else len(text)]):
                return (first, p) if done else None  # the next statement
    return (first, len(text)) if done else None


def is_label(text: str, end: int) -> bool:
    """Whether the word ending at `end` labels a scoring clause (`name:`, `name "...":`,
    `name "..." german "...":`), where a word at the start of a line begins no statement."""
    return LABEL_REST.match(text, end) is not None


def skipped_statements(lang: Language, text: str, begin: int,
                       resume: int) -> tuple[str, ...]:
    """The first words of the statements in skipped text: the word it begins with (or the
    statement word it is near), and each statement word beginning a line in it."""
    firsts = set(lang.statement_words.values())
    words: list[str] = []
    head = WORD.match(text, begin)
    if head is not None:
        w = head.group(0)
        starts_line = text[text.rfind("\n", 0, begin) + 1:begin].strip() == ""
        words += [w] if w in firsts else close_words(w, firsts, n=1) if starts_line else []
    for found in LINE_WORD.finditer(text, text.rfind("\n", 0, begin) + 1):
        if begin < found.start(1) < resume and found.group(1) in firsts:
            words.append(found.group(1))
        if found.start(1) >= resume:
            break
    return tuple(dict.fromkeys(words))


def guessed_from(lang: Language, text: str, begin: int) -> str:
    """The word skipped text begins a line with where it is no statement word but near
    one (`skipped_statements` counts it as that one); "" otherwise."""
    head = WORD.match(text, begin)
    if head is None or text[text.rfind("\n", 0, begin) + 1:begin].strip():
        return ""
    firsts = set(lang.statement_words.values())
    w = head.group(0)
    return w if w not in firsts and close_words(w, firsts, n=1) else ""


def parse_tree(lang: Language, text: str, path: str) -> tuple[Tree[Token], list[RuleError], list[Skipped],
                                              m.Pos | None]:
    """Parse the whole text, going on after each syntax error at the next line that begins
    a statement: the statement with the error is skipped, the ones before and after it are
    read. Returns the tree of what was read, the syntax errors, what was skipped, and
    where reading stopped after MAX_SYNTAX_ERRORS syntax errors (None: at the end)."""
    pieces: list[Tree[Token]] = []
    errors: list[RuleError] = []
    skipped: list[Skipped] = []
    start = 0
    while True:
        view = blank_before(text, start)
        try:
            pieces.append(lang.parse(view))
            break
        except UnexpectedInput as err:
            errors.append(syntax_error(lang, path, err, view))
            at = error_offset(err, view)
            begin = max(statement_start(err, at), start)
            stray = isinstance(err, UnexpectedCharacters) and begin >= at
            clause = clause_span(lang, err, text, at, begin) if begin < at else None
        if clause is not None:  # blank the broken clause and read the statement again
            first, end = clause
            text = text[:first] + blank_before(text[first:end], end - first) + text[end:]
            skipped.append(Skipped(offset_pos(text, first), (), leftover=True))
            if len(errors) >= MAX_SYNTAX_ERRORS:
                return merge(pieces), errors, skipped, offset_pos(text, end)
            continue
        # a stray character between statements (`@players 4`): read on right after it
        after_stray = stray_end(lang, text, at) if stray else None
        resume = after_stray if after_stray is not None else \
            resume_at(lang, text, at, after=begin >= at, most=indent(text, begin))
        if begin > start:  # the statements before the one with the error
            try:
                pieces.append(lang.parse(blank_before(text[:begin], start)))
            except UnexpectedInput:  # not expected: skip them too
                begin = start
        words = skipped_statements(lang, text, begin, resume)
        # no statement word: words after a whole statement, or one stray character
        mid_line = text[text.rfind("\n", 0, begin) + 1:begin].strip() != ""
        leftover = after_stray is not None or (not words and mid_line)
        unknown = "" if after_stray else guessed_from(lang, text, begin)
        skipped.append(Skipped(offset_pos(text, begin), () if after_stray else words,
                               leftover, unknown))
        if resume >= len(text):
            break
        if len(errors) >= MAX_SYNTAX_ERRORS:
            return merge(pieces), errors, skipped, offset_pos(text, resume)
        start = resume
    return merge(pieces), errors, skipped, None


def merge(pieces: list[Tree[Token]]) -> Tree[Token]:
    """One tree of the statements of the pieces read."""
    if len(pieces) == 1:
        return pieces[0]
    return Tree("start", [c for p in pieces for c in p.children])

