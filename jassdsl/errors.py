"""One family of user-facing errors, each able to point at a place in a rule file."""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl.pos import Pos


class JassError(Exception):
    """Base of every error jassdsl raises on purpose."""


@dataclass(frozen=True)
class RuleError:
    """One problem in a rule file: where, what kind, and a message for a person."""

    path: str
    pos: Pos
    kind: str
    message: str

    def render(self, source: str | None = None) -> str:
        """`file:line:col: message`, then the source line and a caret under the span."""
        head = f"{self.path}:{self.pos.line}:{self.pos.column}: {self.message}"
        if source is None:
            return head
        # lines as the parser counts them: only "\n" ends one (not U+2028, U+0085, ...)
        lines = [line.removesuffix("\r") for line in source.split("\n")]
        if not 1 <= self.pos.line <= len(lines):
            return head
        # a control character of a hostile file is not sent to the terminal as it is
        text = "".join("?" if (ord(c) < 32 and c != "\t") or c == "\x7f" else c
                       for c in lines[self.pos.line - 1])
        width = 1
        if self.pos.end_line == self.pos.line and self.pos.end_column > self.pos.column:
            width = self.pos.end_column - self.pos.column
        caret = " " * (self.pos.column - 1) + "^" * max(1, min(width, len(text) + 1))
        return f"{head}\n    {text}\n    {caret}"


class RuleFileErrors(JassError):
    """All problems found in one rule file, sorted by position."""

    def __init__(self, errors: list[RuleError], source: str | None = None) -> None:
        self.errors = sorted(errors, key=lambda e: (e.path, e.pos.line, e.pos.column))
        self.source = source
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(e.render(self.source) for e in self.errors)


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


class InvariantError(JassError):
    """A rule file's invariant failed after a hand: the rules contradict themselves. The
    action that ended the hand is not applied (see `Game.apply`)."""
