"""One way to play a file: the fast loop and `Game.apply` play every rule file alike.

`simulate --bots random` plays through `play_random`, whose loop (`play_tricks`) plays
whole tricks over local variables; `play` and the bots go through `Game.apply`. For
every shipped file and option set, every language fixture that compiles, the hostile
input B1 (issue 18: Slalom until the first void) and mutants of the shipped files that
`check` accepts, seeded games on both paths must give the same hands (deal, tricks,
points, clause, grants, totals: the whole `HandResult`), outcome, state and random
draws (`twin_games.compare`). A few hands per case here (and one whole game per
shipped file and option set); `scripts/differential.py` plays more seeds and mutants.

The loop emits no events (a game that logs them goes through `Game.apply`), so the
comparison is of what both paths make: the hand records, the state and the outcome.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from conftest import VariantCase, variant_cases
from twin_games import (
    compare,
    drive,
    fixture_names,
    fixture_rules,
    fuzzed,
    hostile_paths,
    hostile_rules,
)

from jassdsl.compile.compiler import CompiledRules
from jassdsl.engine import Game
from jassdsl.engine.events import CardPlayed
from jassdsl.engine.playout import choose, play_random, play_tricks, uncovered
from jassdsl.registry import load_rules

SEEDS = (0, 1)
HANDS = 3  # per seed and case: a few, so that the many cases stay quick
FUZZED = 12  # accepted mutants
B1 = "b1-slalom-before-first-void.jass"


def compare_seeds(rules: CompiledRules) -> int:
    """Both paths over SEEDS; the hands compared."""
    return sum(compare(rules, seed, HANDS).hands for seed in SEEDS)


def test_every_shipped_file_and_option_set(variant_case: VariantCase) -> None:
    """A whole game (its end too: a target reached, `count first:`), then a few hands."""
    rules = load_rules(variant_case.name, variant_case.options)
    assert not uncovered(rules), "a shipped file must stay on the fast loop (its speed)"
    whole = compare(rules, 2)
    assert not whole.error and whole.hands >= 1
    assert compare_seeds(rules) >= len(SEEDS)


@pytest.mark.parametrize("name", fixture_names())
def test_every_language_fixture(name: str) -> None:
    assert compare_seeds(fixture_rules(name)) >= len(SEEDS)


@pytest.mark.parametrize("path", hostile_paths(), ids=lambda p: p.name)
def test_every_hostile_rule_file(path: Path) -> None:
    """The hostile files `check` accepts; one that breaks in play (an invariant that
    fails) must break alike on both paths, which `compare` asserts."""
    rules = hostile_rules()[path]
    for seed in SEEDS:
        assert not compare(rules, seed, HANDS).error.startswith("no end"), path.name


@cache
def mutants() -> list[tuple[str, CompiledRules]]:
    found = fuzzed(18)
    return [next(found) for _ in range(FUZZED)]


@pytest.mark.parametrize("index", range(FUZZED))
def test_accepted_mutants(index: int) -> None:
    label, rules = mutants()[index]
    for seed in SEEDS:
        seen = compare(rules, seed, HANDS)
        assert not seen.error.startswith("no end"), label  # the comparison is not void


def test_b1_plays_slalom_until_the_first_void() -> None:
    """B1 on the fast loop, against the rule itself: before the first card that cannot
    follow, tricks 1, 3, 5, ... go to the highest card of the suit led (Obenabe), tricks
    2, 4, ... to the lowest (Undenufe); a card's index is suit * 9 + rank, Ace first."""
    rules = next(r for p, r in hostile_rules().items() if p.name == B1)
    assert not uncovered(rules), "B1 is played by the fast loop"
    game = Game(rules, seed=4, record=False)
    play_random(game, random.Random(4), 12)
    checked = {True: 0, False: 0}
    for result in game.results:
        void = result.first_off_suit()
        last = void[0] - 1 if void is not None else len(result.tricks)
        for k, trick in enumerate(result.tricks[:last]):
            cards = trick.cards
            best = min(cards) if k % 2 == 0 else max(cards)
            assert result.trick_order(trick.leader)[cards.index(best)] == trick.winner, (
                f"hand {result.number}, trick {k + 1}")
            checked[k % 2 == 0] += 1
    assert checked[True] and checked[False], "no trick of either kind before a void"


def forced(game: Game, rng: random.Random, hands: int) -> None:
    """Play `hands` hands with the fast loop even where `uncovered` refuses it."""
    stop = len(game.results) + hands
    while not game.is_over and len(game.results) < stop:
        if game.phase in ("play", "weis") and not game.trick:
            play_tricks(game, rng.getrandbits)
        else:
            game.apply(choose(rng.getrandbits, game.legal_actions()))


def test_what_the_loop_does_not_cover_would_be_played_differently() -> None:
    """The whitelist is not idle: the loop keeps no role made in play, so a file that
    scores who first could not follow (`roles.jass`) is refused, and forced through the
    loop it would score other hands."""
    rules = fixture_rules("roles.jass")
    assert uncovered(rules) == ("role first-void",)
    differ = 0
    for seed in range(4):
        fast, slow = Game(rules, seed=seed, record=False), Game(rules, seed=seed, record=False)
        forced(fast, random.Random(seed), HANDS)
        compare(rules, seed, HANDS)  # through play_random: the same as Game.apply
        drive(slow, random.Random(seed), HANDS)
        differ += fast.results != slow.results
    assert differ


def test_a_trump_method_a_mechanism_adds_is_covered_where_it_says_so() -> None:
    """The loop covers the base grammar's trump methods, and a mechanism's where its
    `TrumpWay.fast` says so: the same file, its method's mechanism not saying so, is
    refused (its games go through `Game.apply`), and this file compares both paths on
    every fixture that the loop covers."""
    rules = load_rules("wunsch-molotow")
    way = rules.trump_way
    assert way is not None and way.fast and not uncovered(rules)
    slow = tuple(replace(x, trump=replace(way, fast=False)) if x.name == rules.trump_kind
                 else x for x in rules.mechanisms)
    assert uncovered(replace(rules, mechanisms=slow)) == (f"trump method {rules.trump_kind}",)
    assert load_rules("schieber").trump_way is None  # a method of the base grammar


def test_a_game_that_logs_events_logs_every_card() -> None:
    """The loop emits no events, so a game that logs them is played through `Game.apply`:
    the same hands, and a card event for every card of them."""
    rules = next(r for p, r in hostile_rules().items() if p.name == B1)
    logged = Game(rules, seed=3, record=False, events=True)
    quiet = Game(rules, seed=3, record=False)
    play_random(logged, random.Random(3), HANDS)
    play_random(quiet, random.Random(3), HANDS)
    assert logged.results == quiet.results and len(quiet.results) == HANDS
    played = [(e.hand, e.card) for e in logged.events if isinstance(e, CardPlayed)]
    assert played == [(r.number, c) for r in quiet.results for t in r.tricks for c in t.cards]


def test_the_cases_are_all_there() -> None:
    """The differential test sees every kind of file it promises."""
    assert len(variant_cases()) >= 22
    assert len(fixture_names()) >= 40
    assert B1 in [p.name for p in hostile_paths()]
    assert len({label.split()[0] for label, _ in mutants()}) > 1
