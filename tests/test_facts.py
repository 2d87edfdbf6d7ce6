"""The scoring facts said once (`jassdsl.core.facts`) and found in every place that needs
them: the checker's vocabulary, what `count first` and a declaration's `by` may read, the
evaluator's source over HandFacts, the rulebook's bonus nouns, the reference's table."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest

from jassdsl.compile.exprsource import FACT_SOURCE
from jassdsl.compile.handfacts import HandFacts
from jassdsl.core import facts as cf
from jassdsl.language import count_known
from jassdsl.language.checking import base as check
from jassdsl.language.facts import FACTS
from jassdsl.rulebook import facts_table
from jassdsl.rulebook.expressions import BONUS_NOUNS

DOCS = Path(__file__).resolve().parents[1] / "docs"
PLAIN = [f for f in cf.FACTS if f.arity is None]


def hand_facts() -> HandFacts:
    """A hand of two subjects where every list a fact reads is filled."""
    return HandFacts(n=2, players=4, hand=3, points=[100, 57], tricks=[6, 3], won=[5, 2],
                     trick_winners=[0, 1, 0, 0, 1, 0, 0, 1, 0], declared={}, totals={},
                     options={}, rng=random.Random(1), weis=[20, 0], stoeck=[0, 20],
                     playing=[1, 1], in_play=157, table_weis=[0, 50], table_stoeck=[20, 0],
                     multiplier=2)


def test_every_fact_is_in_the_checkers_vocabulary() -> None:
    assert list(FACTS) == [f.name for f in cf.FACTS]
    assert sorted(f.name for f in cf.FACTS if f.arity is not None) == check.FUNCTIONS


@pytest.mark.parametrize("fact", PLAIN, ids=lambda f: f.name)
def test_every_plain_fact_has_its_source_over_hand_facts(fact: cf.Fact) -> None:
    assert FACT_SOURCE[fact.name] == fact.source
    fields = {f.name for f in dataclasses.fields(HandFacts)} | {"rank", "sharing"}
    assert set(re.findall(r"\bf\.(\w+)", fact.source)) <= fields
    value = eval(fact.source.format(s="0"), {"len": len}, {"f": hand_facts()})
    assert isinstance(value, int)  # bool is one


def test_the_sources_read_the_hand() -> None:
    """Two facts read two different things of the same hand (no copy-paste source)."""
    f = hand_facts()
    got = {x.name: eval(x.source.format(s="1"), {"len": len}, {"f": f}) for x in PLAIN}
    assert got["points"] == 57 and got["tricks"] == 3 and got["stoeck"] == 20
    assert got["match"] is False and got["last"] is False and got["table-weis"] == 50
    assert got["hand"] == 3 and got["multiplier"] == 2 and got["points-in-play"] == 157


def test_when_a_fact_is_known_decides_count_first_and_declarations() -> None:
    early = {f.name for f in PLAIN if f.known in (cf.TABLE, cf.DEALT)}
    assert early == count_known.KNOWN_FACTS
    assert {f.name for f in PLAIN if f.known == cf.TABLE} == check.BEFORE_PLAY_FACTS
    assert {"hand", "players", "multiplier"} <= check.BEFORE_PLAY_FACTS < early
    assert count_known.LATE_CALLS == check.AFTER_PLAY_CALLS == {"won", "trick", "change"}


def test_bonus_facts_have_their_nouns_in_the_rulebook() -> None:
    assert {f.name: f.bonus for f in cf.FACTS if f.bonus} == BONUS_NOUNS
    assert set(BONUS_NOUNS) == {"weis", "stoeck", "table-weis", "table-stoeck"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_references_table_is_the_generated_one(lang: str) -> None:
    text = (DOCS / lang / "language.md").read_text(encoding="utf-8")
    assert facts_table.rewrite(text, lang) == text
    table = facts_table.table(lang)
    for f in cf.FACTS:  # every fact about a subject in the table, the table's in prose
        if f.subject == "subject":
            assert f"`{f.name}" in table
        else:
            assert f"`{f.name}" in text.replace(table, "")


def test_one_record_is_enough_for_a_new_fact() -> None:
    new = cf.Fact("bergpreis", "subject", cf.PLAY, "won the mountain prize",
                  "hat den Bergpreis gewonnen", source="f.kept['berg']",
                  bonus=("mountain points", "Bergpunkte"))
    facts = (*cf.FACTS, new)
    assert cf.vocabulary(facts)["bergpreis"] is new
    assert cf.sources(facts)["bergpreis"] == "f.kept['berg']"
    assert "bergpreis" not in cf.known_by(facts, cf.TABLE, cf.DEALT)
    early = (dataclasses.replace(x, known=cf.TABLE) if x is new else x for x in facts)
    assert "bergpreis" in cf.known_by(early, cf.TABLE)
    assert cf.bonus_nouns(facts)["bergpreis"] == ("mountain points", "Bergpunkte")
    assert "| `bergpreis` | hat den Bergpreis gewonnen |" in facts_table.table("de", facts)
    assert "bergpreis" not in facts_table.table("en")


@pytest.mark.parametrize("broken", [
    cf.Fact("points", "subject", cf.PLAY, "again", "nochmals", source="f.points[{s}]"),
    cf.Fact("x", "subject", cf.PLAY, "no source", "keine Quelle"),
    cf.Fact("y", "somebody", cf.PLAY, "whom?", "wer?", source="f.hand"),
    cf.Fact("z", "table", "soon", "when?", "wann?", source="f.hand"),
], ids=["twice", "no-source", "subject", "known"])
def test_a_broken_record_is_refused(broken: cf.Fact) -> None:
    with pytest.raises(ValueError, match=repr(broken.name)):
        cf.vocabulary((*cf.FACTS, broken))
