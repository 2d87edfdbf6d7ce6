"""Hand records and observations hold one part per mechanism, under the mechanism's name,
filled by its phase (`Phase.record`, `Phase.observe`); the flat names the records, the
corpus and the observation dict have always used read the same values from the parts."""

from __future__ import annotations

import random

import pytest

from jassdsl.engine import Game
from jassdsl.engine.observation import keys as observation_keys
from jassdsl.registry import load_rules

# together: declarations and an auction, Weis, a scoresheet, piles with robbing and
# bettering, taking part, leaving the table; and a file with none of them (plus-minus)
VARIANTS: tuple[tuple[str, dict[str, int | str]], ...] = (
    ("schieber", {}), ("bieter", {}), ("coiffeur", {}), ("differenzler", {}),
    ("plus-minus", {}), ("handjass", {"seats": 2}), ("handjass", {"seats": 3}),
    ("handjass-bessern", {"seats": 2}), ("handjass-bessern", {"seats": 3}))
# the flat names of the hand record, by the mechanism that fills them
RECORD_FLAT = {"declare": ("declared",), "weis": ("weis",),
               "take_part": ("playing", "in_hands"), "leave": ("left",),
               "piles": ("swapped", "robbed", "turned", "improved"),
               "sheet": ("column", "sheet")}
RECORD_EMPTY = {"declared": {}, "weis": (), "playing": (), "in_hands": (), "left": (),
                "swapped": -1, "robbed": -1, "turned": -1, "improved": (), "column": "",
                "sheet": -1}


@pytest.mark.parametrize(("variant", "options"), VARIANTS,
                         ids=[f"{v}-{o.get('seats', '')}" for v, o in VARIANTS])
def test_records_and_observations_hold_a_part_per_mechanism(
        variant: str, options: dict[str, int | str]) -> None:
    game = Game(variant, seed=5, options=options)
    recording = {p.part_key for p in game.hooks("record")}
    observing = {p.part_key for p in game.hooks("observe")}
    assert "" not in recording | observing, "a phase that records names its part"
    assert len(recording) == len(game.hooks("record"))
    rng = random.Random(5)
    while len(game.results) < 3 and not game.is_over:
        obs = game.observe(game.s.current)
        assert set(obs.parts) == observing
        plain = game.observation(game.s.current)
        assert list(plain) == list(observation_keys())
        if "sheet" in obs.parts:
            assert plain["column"] == obs.parts["sheet"]["column"]
        game.apply(rng.choice(game.legal_actions()))
    for r in game.results:
        assert set(r.parts) == recording
        for mechanism, names in RECORD_FLAT.items():
            for name in names:
                part = r.parts.get(mechanism, {})
                assert getattr(r, name) == part.get(name, RECORD_EMPTY[name]), (mechanism,
                                                                                 name)


def test_a_mechanism_the_file_lacks_reads_as_empty() -> None:
    game = Game("differenzler", seed=1)
    while not game.results:
        game.apply(game.legal_actions()[0])
    r, obs = game.results[0], game.observe(0)
    assert "sheet" not in r.parts and (r.column, r.sheet, r.robbed) == ("", -1, -1)
    assert set(r.declared) == {"estimate"} and obs.sheets == () and obs.piles == {}


def test_an_observation_holds_every_field_of_its_class() -> None:
    """`observe` writes the frozen dataclass's fields at once (not through __init__): each
    field is there, and the observation equals one made through __init__."""
    from dataclasses import fields, replace

    from jassdsl.engine.observation import Observation

    game = Game(load_rules("schieber"), seed=4, record=False)
    obs = game.observe(1)
    assert set(vars(obs)) == {f.name for f in fields(Observation)}
    assert replace(obs) == obs
