"""The mechanisms' reference paragraphs (`Rulebook.reference`): the committed
docs/*/language.md hold exactly the generated text, and each example checks and plays a
hand to its end with bots."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from snippets import completed

from jassdsl.bots.random_bot import RandomBot
from jassdsl.bots.tricks import play_bots
from jassdsl.compile.compiler import compile_rules
from jassdsl.core.lang import Lang
from jassdsl.core.mechanism import Mechanism
from jassdsl.engine import Game
from jassdsl.language.check import load_model
from jassdsl.mechanisms import MECHANISMS
from jassdsl.rulebook.reference import fill, names_in

ROOT = Path(__file__).resolve().parents[1]
# an example shows the statements that matter; the language fixtures' base file gives the
# rest, as for every other snippet of the reference (tests/snippets.py)
BASE = (ROOT / "tests" / "fixtures" / "language" / "_base.jass").read_text(encoding="utf-8")
WITH = [x for x in MECHANISMS if x.rulebook.reference is not None]
# The mechanisms that carry no paragraph, each with the reason; every other one must.
WITHOUT = {
    "trump": "no syntax: the phase of `trump:`, whose ways are mechanisms of their own",
    "declare": "no syntax: the phase of `declare`, whose parts are mechanisms of their own",
    "hand_bonuses": "no syntax: it scores the hand's Weis and Stöck; their statements are weis's",
}


def test_every_mechanism_with_syntax_of_its_own_carries_a_reference() -> None:
    missing = {x.name for x in MECHANISMS if x.rulebook.reference is None} - set(WITHOUT)
    assert not missing, f"give these a Reference (or a reason in WITHOUT): {sorted(missing)}"
    for x in MECHANISMS:
        if x.name in WITHOUT:
            assert not x.syntax.grammar, f"{x.name} has syntax: it needs a Reference"
            assert x.rulebook.reference is None, f"{x.name} has a Reference: drop its exception"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_committed_language_page_is_the_generated_one(lang: Lang) -> None:
    page = (ROOT / "docs" / lang / "language.md").read_text(encoding="utf-8")
    assert fill(page, lang) == page  # rewrite with `python -m jassdsl.rulebook.reference`
    assert sorted(names_in(page)) == sorted(x.name for x in WITH)


@pytest.mark.parametrize("mechanism", WITH, ids=lambda x: x.name)
def test_each_example_checks_and_plays_a_hand(mechanism: Mechanism) -> None:
    ref = mechanism.rulebook.reference
    assert ref is not None
    rules = compile_rules(load_model(completed(ref.example, BASE), f"{mechanism.name}.jass"), {})
    # the example uses the mechanism it shows: its compiled setting, its way of trump or
    # its phase
    phase = mechanism.runtime.phase
    assert (mechanism.name in rules.configs or rules.trump_kind == mechanism.name
            or (phase is not None and phase.used_by(rules)))
    game = Game(rules, seed=1)
    bots = [RandomBot(random.Random(seat)) for seat in range(rules.players)]
    assert play_bots(game, bots, hands=1) == 1
