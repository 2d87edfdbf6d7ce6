"""The hand's end written per rule file (`jassdsl.pyplay.ending`) ends the hands that
`Playout.generic_end` ends: on the very inputs of seeded games' hands (the totals, the
amounts pending and the game's chance copied for each), the same facts, clause, totals,
change, `count first:` end and draws, for files of every shape it writes (teams and
players, conditions with quantifiers, `others`, lots, amounts held in abeyance, three to six players, Weis, Stöck,
declarations, factors for the hand, count first with its gate), the language fixtures
and accepted mutants it writes; and what it does not write ends by `generic_end`."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

import pytest
from twin_games import fixture_rules, mutants

from jassdsl.compile.compiler import CompiledRules
from jassdsl.pyplay.cover import reasons
from jassdsl.pyplay.ending import why_not
from jassdsl.pyplay.hand import Playout
from jassdsl.registry import load_rules

FILES = (("schieber", {}), ("schieber", {"konter": "yes", "target": 2500}),
         ("differenzler", {}), ("differenzler-offen", {}), ("molotow", {}),
         ("molotow-allmedias", {}), ("mittlere", {}), ("mittlere-fuenf", {}),
         ("slalom", {}), ("sechserschieber", {}), ("guggitaler", {}), ("schellenjass", {}),
         ("schaufeldame", {}), ("schiltenober", {}), ("schieber-32", {}),
         ("plus-minus", {"seats": 4}), ("plusminus-allmedias", {}))
FACTS = ("n", "players", "hand", "points", "tricks", "won", "trick_winners", "declared",
         "totals", "options", "bound", "change", "weis", "stoeck", "playing", "in_play",
         "roles", "role_seats", "seat_declared", "mode", "kept")


def ends_of(playout: Playout, seeds: list[int]) -> list[tuple[Any, ...]]:
    """The arguments of every hand's end in seeded games, copied before it."""
    out: list[tuple[Any, ...]] = []
    generic = playout.generic_end

    def record(*args: Any) -> Any:
        out.append(copy.deepcopy(args))
        return generic(*args)

    playout.end_hand = record
    for seed in seeds:
        playout.game(seed)
    return out


def outcome(end: Any, args: tuple[Any, ...]) -> tuple[Any, ...]:
    """What one end gives and leaves behind, on a copy of its arguments."""
    args = copy.deepcopy(args)
    got = end(*args)
    chance, pending = args[-2], args[-1]
    left = (args[-3], pending, chance.rng.getstate(), chance.drawn)
    if got is None:
        return None, left
    facts, clause, early, weis_said, held = got
    return ({x: getattr(facts, x) for x in FACTS}, clause, early, weis_said, held), left


def check_hands(rules: CompiledRules, seeds: list[int], least: int) -> None:
    playout = Playout(rules)
    written = playout.end_hand
    assert written != playout.generic_end, why_not(playout)
    cases = ends_of(playout, seeds)
    assert len(cases) >= least
    for args in cases:
        assert outcome(written, args) == outcome(playout.generic_end, args)


@pytest.mark.parametrize(("name", "options"), FILES, ids=[f"{n}{o or ''}" for n, o in FILES])
def test_the_written_end_ends_the_generic_ends_hands(name: str, options: dict[str, Any]
                                                      ) -> None:
    check_hands(load_rules(name, options), [100, 101], 4)


# the fixtures of each shape of scoring the writer has a branch for (targets, verbs,
# floors, quantifiers, declarations, roles, modes, the points in play)
FIXTURES = ("target-bound", "target-by-lot", "target-others", "target-sole-and-exactly",
            "verbs", "unit-never-below", "unit-cancels", "quantifier-count",
            "quantifier-all-but-one", "quantifier-no-some", "declare-by", "roles-declare",
            "in-mode", "winner-fewest", "bonus-match", "expressions", "if-else")


def test_the_language_fixtures_and_mutants_it_writes() -> None:
    for name in FIXTURES:
        rules = fixture_rules(f"{name}.jass")
        assert not reasons(rules), name
        check_hands(rules, [3], 1)
    written = 0
    for _, rules in mutants(41, 60):  # test_pyplay's, made once
        if not reasons(rules) and not why_not(Playout(rules)):
            check_hands(rules, [3], 1)
            written += 1
    assert written >= 4


def test_the_points_in_play(tmp_path: Path) -> None:
    """A file that reads the card points in play (Molotow with an invariant on them)."""
    source = Path("rules/molotow.jass").read_text(encoding="utf-8")
    path = tmp_path / "in-play.jass"
    path.write_text(source + '\ninvariant in-play "the tricks hold the points in play": '
                    "sum(points) = points-in-play\n", encoding="utf-8")
    rules = load_rules(str(path))
    assert rules.reads_in_play and not reasons(rules)
    check_hands(rules, [5, 6], 4)


def test_a_clause_counted_first_but_not_a_plain_addition_ends_by_the_generic_end() -> None:
    rules = dataclasses.replace(load_rules("schieber"), count_adds={})  # scored again
    playout = Playout(rules)
    assert why_not(playout) == "a clause counted first that is not a plain addition"
    assert playout.end_hand == playout.generic_end
