"""Completing a rule-file snippet with the statements of a base file it does not replace.

Shared by the language fixtures and the language-reference examples: a snippet's
statement replaces the base statement with the same leading words ("ranks trump",
"unit point", "trump", ...); `named` says how many leading words name a statement.
"""

from __future__ import annotations

import re

NAMED = {"ranks": 2, "card": 3, "bonus": 2, "option": 2, "declare": 2, "let": 2, "source": 2,
         "decision": 2, "first": 2, "next": 2, "invariant": 2, "weis": 2,
         "mode": 2}


def statements(text: str, named: dict[str, int] = NAMED) -> list[tuple[str, str]]:
    """(key, text) of each top-level statement: a line at column 1 and its indented tail."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            words = re.findall(r"[A-Za-z_][\w-]*", line)
            size = 2 if words[:2] == ["players", "leave"] else named.get(words[0], 1)
            out.append((" ".join(words[:size]), [line]))
        elif out:
            out[-1][1].append(line)
    return [(key, "\n".join(lines)) for key, lines in out]


def completed(snippet: str, base: str, named: dict[str, int] = NAMED) -> str:
    """The snippet, then every base statement of a kind the snippet does not have."""
    own = {key for key, _ in statements(snippet, named)}
    # `cards: the standard Swiss ranks and points` takes the place of the base's tables
    replaced = ("ranks ", "card points ") if "cards" in own else ()
    rest = [body for key, body in statements(base, named)
            if key not in own and not any(key.startswith(t) for t in replaced)]
    return snippet.rstrip("\n") + "\n" + "\n".join(rest) + "\n"
