"""The German plural of a card rank is one word wherever it is said: the rulebook's card
kinds (`won(sixes)`, 'ohne die Sechsen'), the table's Weis ('vier Sechsen, 100') and the
German texts of the rule files and the language reference. The sources say "Sechsen",
"Neunen", "Zehnen", "Achten" (the seeds' "vier Sechsen", "vier Neunen"); "Sechser" there
is one card (der Trumpf-Sechser), never the plural."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jassdsl.rulebook.card_words import RANK_CLASSES
from jassdsl.rulebook.words import TEXT

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("kind", sorted(RANK_CLASSES))
def test_the_table_says_a_ranks_plural_as_the_rulebook_does(kind: str) -> None:
    rank, _, (_, plural, _) = RANK_CLASSES[kind]
    assert TEXT[f"live.weis.ranks.{rank}"][1] == plural.split(" (")[0]


def test_no_german_text_calls_the_sixes_sechser() -> None:
    texts = [*ROOT.glob("rules/*.jass"), *ROOT.glob("docs/de/**/*.md"),
             *ROOT.glob("jassdsl/**/*.py")]
    said = [f"{path.relative_to(ROOT)}: {line.strip()[:80]}" for path in texts
            for line in path.read_text(encoding="utf-8").splitlines()
            if re.search(r"\bSechser\b", line)]  # the Sechserschieber is a name
    assert said == []
