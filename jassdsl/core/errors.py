"""One family of user-facing errors, each able to point at a place in a rule file."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, replace

from jassdsl.core.errors_de import ALSO, german
from jassdsl.core.pos import Pos


def close_words(word: str, known: Iterable[str], n: int = 2) -> list[str]:
    """The known words nearest to a misspelt one (difflib), nearest first; a word differing
    only in case counts as nearest."""
    pool = sorted(set(known) - {word})
    same_case = [k for k in pool if k.lower() == word.lower() and k != word]
    near = difflib.get_close_matches(word.lower(), [k.lower() for k in pool], n=n, cutoff=0.6)
    lower = {k.lower(): k for k in pool}
    return list(dict.fromkeys([*same_case, *(lower[w] for w in near)]))[:n]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`did you mean 'undertrump'? ` for a near miss, else the empty string; put it where the
    message names the word."""
    near = close_words(word, known)
    return f"did you mean {' or '.join(repr(w) for w in near)}? " if near else ""


def listing(words: Iterable[str], none: str = "none") -> str:
    """Words for a message, in the order given, or `none` when there are none."""
    return ", ".join(words) or none


class JassError(Exception):
    """Base of every error jassdsl raises on purpose."""


MAX_ALSO = 8  # further places of one error shown; the rest are counted


@dataclass(frozen=True)
class RuleError:
    """One problem in a rule file: where, what kind, and a message for a person."""

    path: str
    pos: Pos
    kind: str
    message: str
    also: tuple[Pos, ...] = ()  # the same problem at further places (the same name, ...)

    def render(self, source: str | None = None, lang: str = "en") -> str:
        """`file:line:col: message`, then the source line and a caret under the span; the
        message in German with `lang` "de" (`errors_de`)."""
        message = german(self.message) if lang == "de" else self.message
        head = f"{self.path}:{self.pos.line}:{self.pos.column}: {message}"
        if self.also:
            shown = [f"{p.line}:{p.column}" for p in self.also[:MAX_ALSO]]
            more = len(self.also) - len(shown)
            also, many = ALSO["de" if lang == "de" else "en"]
            head += also.format(places=", ".join(shown),
                                more=many.format(n=more) if more else "")
        if source is None:
            return head
        # lines as the parser counts them: only "\n" ends one (not U+2028, U+0085, ...)
        lines = [line.removesuffix("\r") for line in source.split("\n")]
        if not 1 <= self.pos.line <= len(lines):
            return head
        # a control character of a hostile file is not sent to the terminal as it is
        text = "".join("?" if (ord(c) < 32 and c != "\t") or 0x7F <= ord(c) < 0xA0
                       or c in "\u2028\u2029" else c for c in lines[self.pos.line - 1])
        width = 1
        if self.pos.end_line == self.pos.line and self.pos.end_column > self.pos.column:
            width = self.pos.end_column - self.pos.column
        caret = " " * (self.pos.column - 1) + "^" * max(1, min(width, len(text) + 1))
        return f"{head}\n    {text}\n    {caret}"


# kinds of error that are about their place, not a name: the same message elsewhere is
# another problem (a second syntax error reads the same as the first)
PLACE_KINDS = frozenset({"syntax", "limit"})


def merged(errors: Iterable[RuleError]) -> list[RuleError]:
    """One error per problem, sorted by position: the same message (an unknown name used
    five times, a let checked in two contexts) is reported once, at its first place, with
    the other places in `also`; an error found twice at one place is reported once."""
    first: dict[tuple[str, str, str, Pos | None], RuleError] = {}
    places: dict[tuple[str, str, str, Pos | None], set[Pos]] = {}
    for e in sorted(errors, key=where):
        own = e.pos if e.kind in PLACE_KINDS else None
        key = (e.path, e.kind, e.message, own)
        if key not in first:
            first[key] = e
            places[key] = set()
        places[key] |= {e.pos, *e.also}
    out = [replace(e, also=tuple(sorted(places[k] - {e.pos}, key=line_col)))
           for k, e in first.items()]
    return sorted(out, key=where)


def line_col(p: Pos) -> tuple[int, int]:
    return (p.line, p.column)


def where(e: RuleError) -> tuple[str, int, int]:
    return (e.path, e.pos.line, e.pos.column)


class RuleFileErrors(JassError):
    """All problems found in one rule file, sorted by position, each reported once; `notes`
    say what was not checked (after a syntax error) and are printed after the errors."""

    def __init__(self, errors: list[RuleError], source: str | None = None,
                 notes: Iterable[str] = ()) -> None:
        self.errors = merged(errors)
        self.source = source
        self.notes = tuple(notes)
        super().__init__(self.render())

    def render(self, lang: str = "en") -> str:
        notes = [german(n) for n in self.notes] if lang == "de" else self.notes
        return "\n".join([*(e.render(self.source, lang) for e in self.errors), *notes])


class IllegalActionError(JassError):
    """Anything `Game.apply` is given that is not a legal action now (a card not allowed,
    a malformed action, text it cannot read, a value that is no action at all); names the
    legal ones. The game is unchanged."""

    def __init__(self, action: object, legal: list[str], why: str = "") -> None:
        self.action = action
        self.legal = legal
        reason = f" ({why})" if why else ""
        super().__init__(f"illegal action {action}{reason}; legal now: "
                         f"{', '.join(legal) or 'none'}")


class ApiUsageError(JassError):
    """A call of the Python API with an argument it cannot take (a seat outside the table,
    rules that are neither a variant nor compiled rules, undo with nothing to undo); the
    message names what was expected. Nothing is changed."""


class OptionError(JassError):
    """Options a rule file does not offer, or of the wrong type: the message names the
    values it offers."""


class UnknownVariantError(JassError):
    """A variant name that is neither in rules/ nor a readable file."""

    def __init__(self, name: str, suggestions: list[str], known: list[str]) -> None:
        hint = f"; did you mean {' or '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"unknown variant {name!r}{hint} (known: {', '.join(known)})")


class MissingRuleFile(UnknownVariantError):
    """A path given for a variant where there is no rule file."""

    def __init__(self, path: str, why: str = "") -> None:
        JassError.__init__(self, f"no rule file at {path!r}{why} (a variant is a name from "
                           "rules/ or a path to a .jass file)")


class UnreadableRuleFile(JassError):
    """A rule file that exists but is not UTF-8 text; the message starts with its path."""


@dataclass(frozen=True)
class BrokenInvariant:
    """What a failed invariant is about, for a sentence in any language: where the file
    writes it, the hand, the scoring clause that fired, and what was compared (the card
    points and what the hand scored, per player or team: P0, P0+P2)."""

    path: str
    name: str
    pos: Pos
    hand: int
    clause: str  # the id of the scoring clause that fired ('' when none)
    points: tuple[tuple[str, int], ...]
    scored: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]  # per unit


class InvariantError(JassError):
    """A rule file's invariant failed after a hand: the rules contradict themselves. The
    action that ended the hand is not applied (see `Game.apply`). `broken` holds the
    parts of the message, for the table's words in its players' languages; `invariant`
    and `clause` are the ids of the invariant and of the clause that scored the hand (''
    where unknown), `facts` the hand's facts as the invariant saw them (for a report that
    shows what it compared: `jassdsl check` explores a file so)."""

    def __init__(self, message: str, broken: BrokenInvariant | None = None,
                 invariant: str = "", clause: str = "", facts: object = None) -> None:
        super().__init__(message)
        self.broken = broken
        self.invariant, self.clause, self.facts = invariant, clause, facts
