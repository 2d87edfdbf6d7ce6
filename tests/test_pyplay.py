"""The pure-Python playout (`jassdsl.pyplay`) plays the engine's games: every shipped file
and option set it covers, the language fixtures and accepted mutants it covers, seeded
games give the same summary (hands, clauses, winners, totals, modes, Weis, Stöck,
matches, card points) as the engine's `play_random`; `simulate` gives the same report
on it as on the compiled path and says why it did not play a file.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from conftest import VariantCase, variant_cases
from twin_games import fixture_names, fixture_rules, hostile_rules, mutants

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.errors import JassError
from jassdsl.pyplay.cover import reasons
from jassdsl.pyplay.hand import Playout
from jassdsl.registry import load_rules
from jassdsl.research.simulate import SimulationError, game_seeds, play_numbered, simulate

COVERED = ("schieber", "sechserschieber", "slalom", "schaufeldame", "schiltenober", "guggitaler",
           "totaler-guggitaler", "schellenjass", "differenzler", "differenzler-allmedias",
           "differenzler-offen", "molotow", "molotow-allmedias", "mittlere", "plus-minus",
           "plusminus-allmedias", "schieber-32", "mittlere-fuenf")  # one falling back loses speed


def compare(rules: CompiledRules, seeds: list[int]) -> tuple[int, int]:
    """Play each seed on both; (games compared, games broken on both by an invariant)."""
    playout = Playout(rules)
    games = broken = 0
    for i, seed in enumerate(seeds):
        got = playout.game(seed)
        try:
            want = play_numbered(rules, "random", i + 1, seed)
        except SimulationError as e:
            assert got.broken, f"seed {seed}: the engine broke ({e}) but the playout did not"
            broken += 1
            continue
        assert not got.broken, f"seed {seed}: the playout broke an invariant, not the engine"
        assert (got.hands, got.clauses, got.winners, got.stopped, got.totals, got.modes,
                got.weis, got.stoeck, got.match, got.points) == tuple(want)[:10], seed
        games += 1
    return games, broken


@cache
def shipped_cases() -> list[VariantCase]:
    return [c for c in variant_cases() if not reasons(load_rules(c.name, c.options))]


def test_it_covers_the_files_it_promises() -> None:
    for name in COVERED:
        assert reasons(load_rules(name)) == (), name
    assert len(shipped_cases()) >= 28  # their option sets, Schieber's with Konter too


def test_every_covered_shipped_file_and_option_set() -> None:
    seeds = game_seeds(11, 3)
    for case in shipped_cases():
        assert compare(load_rules(case.name, case.options), seeds) == (3, 0), case.id


def test_many_schieber_games() -> None:
    """Enough games that the rare paths come up: a push, Weis of both sides, four of a
    kind, a match, a game won in the middle of a hand."""
    assert compare(load_rules("schieber"), game_seeds(5, 60)) == (60, 0)


def test_konter_and_re() -> None:
    """Declarations in turn with `by` a role's team and `only when`: the opponents of the
    chooser double, then the chooser's team may redouble, each only once."""
    rules = load_rules("schieber", {"konter": "yes"})
    assert reasons(rules) == ()
    assert compare(rules, game_seeds(9, 25)) == (25, 0)


def test_estimates_with_a_hook(tmp_path: Path) -> None:
    """A declaration of 158 values by every seat (Differenzler's estimate); with a hook the
    last may not make the total (estimates of 0 to 3, the four not adding up to 4)."""
    assert compare(load_rules("differenzler"), game_seeds(13, 8)) == (8, 0)
    source = Path("rules/differenzler.jass").read_text(encoding="utf-8")
    hooked = source.replace("declare estimate from 0 to 157 hidden",
                            "declare estimate from 0 to 3 hidden,\n    last may not make the total 4")
    assert hooked != source
    path = tmp_path / "hooked.jass"
    path.write_text(hooked, encoding="utf-8")
    rules = load_rules(str(path))
    assert reasons(rules) == () and rules.declarations[0].hook == 4
    assert compare(rules, game_seeds(13, 8)) == (8, 0)


def test_trump_set_by_the_first_void() -> None:
    """The hand begins without trump; the first card of a player who cannot follow makes
    its suit trump in the middle of a trick (the trick so far is decided again in the new
    order), and Molotow's lots settle ties."""
    rules = load_rules("molotow")
    assert reasons(rules) == () and rules.fallback is not None
    assert compare(rules, game_seeds(21, 12)) == (12, 0)
    tied = [497605342, 3132389263]  # games of game_seeds(21, 600) with a three-way tie
    assert all("three-tie" in Playout(rules).game(seed).clauses for seed in tied)
    assert compare(rules, tied) == (2, 0)


def test_the_language_fixtures_it_covers() -> None:
    names = [n for n in fixture_names() if not reasons(fixture_rules(n))]
    assert len(names) >= 3
    for name in names:
        games, broken = compare(fixture_rules(name), [3, 17])
        assert games + broken == 2, name


def test_accepted_mutants_it_covers() -> None:
    covered = [(label, r) for label, r in mutants(41, 60) if not reasons(r)]
    assert len(covered) >= 3
    for label, rules in covered:
        games, broken = compare(rules, [3, 17])
        assert games + broken == 2, label


def test_the_hostile_inputs_it_covers() -> None:
    """Every vendored hostile file `check` accepts and the playout covers (400 options,
    20,000 lets, a division by zero, 1000-hand games, ...) plays the engine's games."""
    covered = [(path, r) for path, r in hostile_rules().items() if not reasons(r)]
    assert len(covered) >= 10
    for path, rules in covered:
        games, broken = compare(rules, [5, 23])
        assert games + broken == 2, path.name


def test_a_file_it_does_not_cover_says_why() -> None:
    assert "phase Auction" in reasons(load_rules("bieter"))
    assert "trump method sheet" in reasons(load_rules("coiffeur"))
    assert "phase Keeping" in reasons(load_rules("schieber-bock"))
    report = simulate("coiffeur", 2, seed=1, bots="random", compiled=False).to_json()
    assert report["games_by_path"] == {"python": 2}
    assert "trump method sheet" in report["playout_path"]["why_not"]


def test_simulate_gives_the_same_report_on_the_playout() -> None:
    pytest.importorskip("numba")
    fast = simulate("schieber", 12, seed=5, bots="random").to_json()
    slow = simulate("schieber", 12, seed=5, bots="random", compiled=False).to_json()
    assert slow["games_by_path"] == {"playout": 12}
    assert slow["playout_path"] == {"played": True, "why_not": ""}
    for key in ("seconds", "hands_per_sec", "games_per_sec", "games_by_path", "compiled_path",
                "playout_path"):
        fast.pop(key)
        slow.pop(key)
    assert fast == slow


def test_workers_play_the_same_games() -> None:
    """`--jobs 2` plays the playout in two processes: the same report."""
    one = simulate("differenzler", 24, seed=3, bots="random", compiled=False).to_json()
    two = simulate("differenzler", 24, seed=3, bots="random", compiled=False, jobs=2).to_json()
    assert one["games_by_path"] == two["games_by_path"] == {"playout": 24}
    for key in ("seconds", "hands_per_sec", "games_per_sec"):
        one.pop(key)
        two.pop(key)
    assert one == two


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_broken_invariant_is_the_engine_error(tmp_path: Path, jobs: int) -> None:
    """A file whose invariant fails: the playout notices, and `simulate` raises the
    engine's own error for that game, in a worker too."""
    source = Path("rules/schieber.jass").read_text(encoding="utf-8")
    broken = source.replace("sum(points) = 157 or sum(points) = 257", "sum(points) = 150")
    assert broken != source
    path = tmp_path / "broken.jass"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(JassError, match="card-total"):
        simulate(str(path), 3, seed=1, bots="random", compiled=False, jobs=jobs)
