"""The compiled path (`jassdsl.fast`) plays the engine's games: every shipped file and
option set it covers, the language fixtures and accepted mutants it covers, seeded
games on both paths give the same hands, scores, outcomes and draws (`fast_twins`);
`simulate` gives the same report on either path. A few games per case here;
`scripts/differential_fast.py` plays more seeds and mutants.
"""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest

pytest.importorskip("numba")

from conftest import VariantCase, variant_cases
from fast_twins import compare
from twin_games import fixture_names, fixture_rules, fuzzed

from jassdsl.compile.compiler import CompiledRules
from jassdsl.fast import twister
from jassdsl.fast.games import reasons
from jassdsl.pyplay.cover import reasons as pyplay_reasons
from jassdsl.registry import load_rules
from jassdsl.research.simulate import simulate

SEEDS = [3, 17, 2024]
HANDS = 3  # per fixture and mutant: a few hands
MUTANTS = 24  # accepted mutants looked at (those the path covers are compared)
# the shipped files the path must cover (a file falling back would lose its speed)
COVERED = ("schieber", "coiffeur", "differenzler", "molotow", "mittlere", "guggitaler",
           "slalom", "dreier-coiffeur", "plus-minus", "plusminus-allmedias", "misere-molotow",
           "wunsch-molotow", "handjass", "handjass-bessern")


def test_the_twister_draws_as_cpython() -> None:
    rng = random.Random(99)
    row = np.zeros(625, np.uint32)
    twister.pack(rng, row)
    mine = [twister.bits(row, 32) for _ in range(700)] + [twister.below(row, 158)
                                                         for _ in range(50)]
    assert mine == [rng.getrandbits(32) for _ in range(700)] + [rng.randrange(158)
                                                               for _ in range(50)]
    assert twister.unpack(row).getstate() == rng.getstate()
    seeds = [0, 7, 2**32 - 1]  # seeded in compiled code as `random.Random(seed)` is
    rows = np.zeros((3, 625), np.uint32)
    twister.seed_rows_32(rows, seeds)
    keyed = np.zeros((1, 625), np.uint32)
    twister.seed_rows(keyed, [twister.seed_key("a seed")])
    assert [twister.unpack(r).getstate() for r in (*rows, keyed[0])] == [
        random.Random(s).getstate() for s in (*seeds, "a seed")]


@cache
def shipped_cases() -> list[VariantCase]:
    return [c for c in variant_cases() if not reasons(load_rules(c.name, c.options))]


def test_the_path_covers_the_files_it_promises() -> None:
    for name in COVERED:
        assert reasons(load_rules(name)) == (), name
    assert len(shipped_cases()) >= 38
    # the table's deal in every option set: four, three and two seats at the start
    assert sum(c.name.startswith("handjass") for c in shipped_cases()) == 6


def test_every_covered_shipped_file_and_option_set() -> None:
    """Whole games of every covered file and option set, all in one test (the cases
    share the compiled kernel; each costs a few engine games)."""
    whole = 0
    for case in shipped_cases():
        seen = compare(load_rules(case.name, case.options), SEEDS[:2])
        assert seen.games == 2, case.id
        whole += seen.whole
    assert whole >= 2 * len(shipped_cases()) - 2  # the games end (a few may stop at a limit)


def covered(rules: CompiledRules) -> bool:
    return not reasons(rules)


def test_the_language_fixtures_it_covers() -> None:
    names = [n for n in fixture_names() if covered(fixture_rules(n))]
    assert len(names) >= 10
    for name in names:
        assert compare(fixture_rules(name), SEEDS[:2], HANDS).games == 2, name


@cache
def mutants() -> list[tuple[str, CompiledRules]]:
    found = fuzzed(33)
    picked = [next(found) for _ in range(MUTANTS)]
    return [(label, r) for label, r in picked if covered(r)]


def test_accepted_mutants_it_covers() -> None:
    assert len(mutants()) >= 6
    hands = 0
    for label, rules in mutants():
        seen = compare(rules, SEEDS[:2], HANDS)
        hands += seen.hands
        assert seen.games + seen.broken == 2, label
    assert hands >= 6


def test_a_file_it_does_not_cover_says_why() -> None:
    """An auction, bids for a mode, numbers kept from hand to hand are not played
    compiled; the reasons name the constructs."""
    assert "mechanism kept_numbers" in reasons(load_rules("schieber-bock"))
    assert "mechanism auction" in reasons(load_rules("bieter"))
    assert "mechanism mode_bids" in reasons(load_rules("sidi-barrani"))


@pytest.mark.parametrize("name", ["schieber", "coiffeur", "handjass"])
def test_simulate_gives_the_same_report_on_both_paths(name: str) -> None:
    compiled = simulate(name, 12, seed=5, bots="random").to_json()
    python = simulate(name, 12, seed=5, bots="random", compiled=False).to_json()
    assert compiled["games_by_path"] == {"compiled": 12}
    assert compiled["compiled_path"] == {"played": True, "why_not": ""}
    slow = "python" if pyplay_reasons(load_rules(name)) else "playout"  # pure Python either way
    assert python["games_by_path"] == {slow: 12}
    assert python["compiled_path"]["why_not"] == "turned off"
    for key in ("seconds", "hands_per_sec", "games_per_sec", "games_by_path", "compiled_path",
                "playout_path"):
        compiled.pop(key)
        python.pop(key)
    assert compiled == python


def test_simulate_says_why_the_engine_played() -> None:
    report = simulate("sidi-barrani", 2, seed=1, bots="random").to_json()
    assert report["games_by_path"] == {"python": 2}
    assert "mode_bids" in report["compiled_path"]["why_not"]
    heuristic = simulate("schieber", 1, seed=1, bots="heuristic").to_json()
    assert heuristic["compiled_path"]["why_not"] == "the bots are not random"
