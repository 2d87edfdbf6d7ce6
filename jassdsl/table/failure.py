"""Why a game at the table has stopped, in each seat's language.

A game stops when the engine cannot go on: a bot's or a person's action raises something
other than a refusal (the rule file's invariant, a bug of the engine), or a seat's page
cannot be drawn. Asking again would fail again, so the table stops asking and tells every
seat what failed; the game keeps its actions up to the last that worked, so it can still
be saved. A `Failure` is plain data (no exception, no traceback kept): who failed, the
action, and the error's parts, worded by `told` for any language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jassdsl.core.errors import BrokenInvariant, InvariantError, JassError
from jassdsl.core.errors_de import german
from jassdsl.core.model import RuleFile
from jassdsl.rulebook.expressions import Speaker, formula
from jassdsl.rulebook.render import in_lang
from jassdsl.rulebook.words import Lang, join_words, say

CAUSES = ("bot", "person", "view")
MAX_TEXT = 600  # characters of an error's own text that a page shows


@dataclass(frozen=True)
class Failure:
    """What stopped a game: a bot's action, a person's action or a seat's page."""

    cause: str  # one of CAUSES
    seat: int
    action: str  # the action's text ('' for a page)
    kind: str  # the error's class: InvariantError, KeyError, ...
    text: str  # the error's own message, without the game's seed
    broken: BrokenInvariant | None = None
    engine: bool = False  # an error jassdsl raises on purpose (JassError)

    @classmethod
    def of(cls, cause: str, seat: int, action: str, err: BaseException) -> Failure:
        """The failure of this error; the seed never reaches a page (it would tell the
        hidden cards of an open game)."""
        text = re.sub(r" ?\(seed \d+\)|\bseed \d+", "", str(err))
        broken = err.broken if isinstance(err, InvariantError) else None
        return cls(cause, seat, action, type(err).__name__, text[:MAX_TEXT], broken,
                   isinstance(err, JassError))

    def told(self, lang: Lang, names: list[str], rf: RuleFile) -> str:
        """The sentence every seat is shown: what failed, and why, in words."""
        return say(lang, "live.stopped", why=self.why(lang, names, rf))

    def why(self, lang: Lang, names: list[str], rf: RuleFile) -> str:
        error = self.error(lang, names, rf)
        seat = names[self.seat] if 0 <= self.seat < len(names) else f"P{self.seat}"
        return say(lang, f"live.stopped.{self.cause}", seat=seat, action=self.action,
                   error=error)

    def error(self, lang: Lang, names: list[str], rf: RuleFile) -> str:
        if self.broken is not None:
            return invariant_words(lang, self.broken, rf)
        if self.engine:  # the engine's own message, in German as the checker's are
            return say(lang, "live.stopped.rules",
                       text=german(self.text) if lang == "de" else self.text)
        return say(lang, "live.stopped.bug", kind=self.kind, text=self.text)


def plain(markdown: str) -> str:
    """The rulebook's words without their emphasis (a page shows them as text)."""
    return re.sub(r"\*([^*\s][^*]*)\*", r"\1", markdown)


def invariant_words(lang: Lang, b: BrokenInvariant, rf: RuleFile) -> str:
    """A failed invariant as the engine says it, in the page's language: `file:line:col`,
    its id and title, the hand, what it says (in words and as written), the card points,
    what the hand scored and the clause that scored it."""
    found = next((i for i in rf.invariants if i.id == b.name), None)
    title, said, written = "", "", b.name
    if found is not None:
        if found.title:
            title = f' ("{plain(in_lang(lang, found.title, found.title_german))}")'
        written = formula(found.expr)
        try:
            said = plain(Speaker(lang, rf).stmt(found.expr).main())
        except Exception:  # the rulebook's words are a courtesy: the formula says it too
            said = written
    nothing = say(lang, "live.stopped.nothing")

    def each(values: tuple[tuple[str, int], ...], sign: str = "") -> str:
        return join_words(lang, [f"{who} {v:{sign}d}" for who, v in values])

    scored = "; ".join(f"{each(v, '+')} {unit}" for unit, v in b.scored)
    scoring = next((c for c in rf.clauses if c.id == b.clause), None)
    named = repr(b.clause) + (f" ({scoring.pos.line}:{scoring.pos.column})" if scoring else "")
    clause = say(lang, "live.stopped.clause", clause=named) if b.clause else ""
    return say(lang, "live.stopped.invariant",
               where=f"{b.path}:{b.pos.line}:{b.pos.column}", name=repr(b.name),
               title=title, hand=b.hand, said=said, formula=written,
               points=each(b.points) or nothing, scored=scored or nothing, clause=clause)
