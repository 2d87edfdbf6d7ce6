"""A quantifier where the grammar takes it only in parentheses.

A quantifier (`some team has match`) begins a whole condition or stands in parentheses:
it takes everything after `has` to the end of its condition, so the grammar has it
only there. After `and`, `or`, `not`, and inside `x if ... else ...`, it must be written
`(some team has match)`. The parser then reads the quantifier word as a name and stops
at the subject after it (`unexpected 'team'; expected 'then'`), which says nothing of
the cause; `misplaced` finds the case from the text so the error can say it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

QUANTIFIER = r"some|no|every|each|one|two|three|four|all\s+but\s+one"
SUBJECTS = frozenset({"player", "players", "team", "teams"})
# the quantifier (its words), right before the subject the parser stopped at
BEFORE_SUBJECT = re.compile(rf"(?<![\w-])({QUANTIFIER})\s+$")
BEFORE_BUT = re.compile(r"(?<![\w-])(all)\s+$")  # `all but one`: it stops at 'but'
# what the quantifier follows: a word that takes no quantifier without parentheses
AFTER = re.compile(r"(?<![\w-])(and|or|not|if|else)\s+$")
VERB = re.compile(r"\s+(has|have|with)(?![\w-])")


@dataclass(frozen=True)
class Misplaced:
    """A quantifier written where it needs parentheses: its offset in the text, the end
    of what the message shows, the quantifier as written (`some team has`) and the word
    it follows (`and`)."""

    start: int
    end: int
    said: str
    after: str


def misplaced(text: str, at: int, token: str) -> Misplaced | None:
    """The quantifier before the token the parser stopped at (offset `at`), when that
    token is its subject (or the `but` of `all but one`) and it follows `and`, `or`,
    `not`, `if` or `else`."""
    before = text[:at]
    if token in SUBJECTS:
        found = BEFORE_SUBJECT.search(before)
    elif token == "but":
        found = BEFORE_BUT.search(before)
    else:
        return None
    if found is None:
        return None
    follows = AFTER.search(before[:found.start()])
    if follows is None:
        return None
    end = at + len(token)
    if token == "but":  # the rest of `all but one SUBJECT`
        rest = re.match(r"\s+but\s+one\s+(\w+)", text[at - 1:])
        end = at - 1 + rest.end() if rest else end
    verb = VERB.match(text, end)
    words = " ".join(text[found.start():verb.end() if verb else end].split())
    return Misplaced(found.start(), end, words, follows.group(1))


def message(found: Misplaced) -> str:
    """What the error says, with the fix."""
    return (f"{found.said!r} is a quantifier, which cannot follow {found.after!r} as it "
            f"is; put the quantifier in parentheses: ({found.said} ...)")
