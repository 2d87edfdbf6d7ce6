"""The table of facts in the language reference (docs/en and docs/de `language.md`),
written from `jassdsl.core.facts` between two markers, so the page cannot drift from
the facts the checker accepts. `python -m jassdsl.rulebook.facts_table` rewrites both.
"""

from __future__ import annotations

import sys
from pathlib import Path

from jassdsl.core.facts import FACTS, Fact, rows

BEGIN = "<!-- facts table: generated from jassdsl/core/facts.py -->"
END = "<!-- end of the facts table -->"
HEAD = {"en": ("| name | meaning |", "|---|---|"), "de": ("| Name | Bedeutung |", "|---|---|")}
# rows of the table that are no facts: the running total after `change`, then what a
# file names itself (roles and declarations)
TOTAL = {"en": "| `total UNIT` | its running total of a unit |",
         "de": "| `total EINHEIT` | der laufende Stand in einer Einheit |"}
TAIL = {"en": ("| `chooser`, `pusher`, `bidder`, `first-void` | holds that role in this hand, "
               "or (a team) has the player who does (see [Roles](#roles)) |",
               "| a declaration's name, `team NAME` | the value it declared; in a team game "
               "only `team NAME`, both partners' values added |"),
        "de": ("| `chooser`, `pusher`, `bidder`, `first-void` | hat diese Rolle in der Runde, "
               "oder (ein Team) stellt den Spieler, der sie hat (siehe [Rollen](#rollen)) |",
               "| Name einer Ansage, `team NAME` | der angesagte Wert; im Teamspiel nur "
               "`team NAME`, die Werte beider Partner zusammen |")}


def table(lang: str, facts: tuple[Fact, ...] = FACTS) -> str:
    """The table with its markers, as the page holds it."""
    lines = [BEGIN, "", *HEAD[lang]]
    for f in facts:
        lines += rows((f,), de=lang == "de")
        if f.name == "change":
            lines.append(TOTAL[lang])
    lines += [*TAIL[lang], "", END]
    return "\n".join(lines)


def rewrite(text: str, lang: str, facts: tuple[Fact, ...] = FACTS) -> str:
    """The page with the text between the markers (markers included) written anew."""
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + table(lang, facts) + text[end:]


def main(docs: Path = Path("docs")) -> None:
    for lang in HEAD:
        page = docs / lang / "language.md"
        text = page.read_text(encoding="utf-8")
        page.write_text(rewrite(text, lang), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs"))
