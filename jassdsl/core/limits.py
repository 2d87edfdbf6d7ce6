"""The limits of the rules language, each one named constant.

A rule file comes from anywhere; these bound what checking, compiling and playing one
can cost, so that a file `check` accepts always plays. The language reference
(`docs/*/language.md`, "Limits") states each of them.
"""

from __future__ import annotations

MAX_FILE_BYTES = 1_000_000
"""A rule file is at most this many bytes (the longest shipped file has about 12,000)."""

MAX_DIGITS = 9
"""A number in a rule file has at most this many digits."""

MAX_SYNTAX_ERRORS = 20
"""After a syntax error the parser reads on from the next statement; it reports at most
this many syntax errors of a file and stops reading there."""

MAX_DEPTH = 50
"""Expressions nest at most this deep: every operator, call, `if`/`else` and quantifier is
one level, and a `let` name counts as deep as the expression it names. Keeps the parser,
the checker and the generated Python far from their recursion limits."""

MAX_SIZE = 2_000
"""An expression, with the lets it names written out, has at most this many parts
(operators, calls, names, numbers). Lets are evaluated where they are named, so lets that
name each other twice (`let b = a + a`) would otherwise cost twice as much per line.
"""

MAX_RANGES = 3
"""At most this many quantifiers, `sum`, `count`, `most`, `least` and `place` nest inside
each other (through lets too). Each goes over every player, so evaluating a nest costs
players to the power of its depth."""

MAX_PRODUCT = 10**15
"""A product `a * b` beyond plus or minus this is cut to it: numbers stay small however
often a file multiplies (from hand to hand through totals, or through lets)."""

INLINE_LET_NODES = 24
"""A let whose expression names no other let and has at most this many parts is written
out where it is used; any other let is compiled once and called, so lets that use each
other never grow the compiled code."""
