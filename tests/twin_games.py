"""Twin games: one seed played by the fast loop (`play_random`) and through `Game.apply`.

Shared by `test_playout.py` (the loop's entry points: mid-trick, after some hands, with
history), `test_differential.py` (every rule file the project has, and fuzzed ones) and
`scripts/differential.py` (the same for longer). Both twins take the random policy
`playout.choose` from generators of the same seed, so they must deal, play and score
the same hands, end the same way and draw the same numbers.

The rule files compared: the shipped ones with every option set (`conftest`), the
language fixtures that compile (completed as `test_language_fixtures.py` does), the
hostile inputs in `fixtures/hostile/` that `check` accepts, and mutants of the shipped
files (`fuzzing.py`) that `check` accepts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from fuzzing import mutant, random_mutations
from test_language_fixtures import FIXTURES, read_fixture

from jassdsl.compile.compiler import CompiledRules, compile_rules
from jassdsl.core.errors import RuleFileErrors
from jassdsl.engine import Game
from jassdsl.engine.playout import choose, play_random, uncovered
from jassdsl.language.check import load_model
from jassdsl.registry import load_rules, rules_dir

HOSTILE = Path(__file__).parent / "fixtures" / "hostile"
STEPS_PER_HAND = 5_000  # a hand of Game.apply that takes more actions does not end


def drive(game: Game, rng: random.Random, hands: int | None = None,
          actions: int | None = None) -> int:
    """The slow twin of play_random: `choose` and `Game.apply`, one action at a time.

    Stops when the game is over, after `hands` finished hands or after `actions`
    actions, whichever comes first; returns the number of hands finished."""
    start, done = len(game.results), 0
    while (not game.is_over and (hands is None or len(game.results) - start < hands)
           and (actions is None or done < actions)):
        game.apply(choose(rng.getrandbits, game.legal_actions()))
        done += 1
    return len(game.results) - start


def assert_same_hands(fast: Game, slow: Game) -> None:
    """Hand by hand (readable failures): the deal, tricks, points, clause, grants and
    totals, then the whole record (`HandResult`)."""
    assert len(fast.results) == len(slow.results), "a different number of hands"
    for a, b in zip(fast.results, slow.results, strict=True):
        where = f"hand {b.number}"
        assert a.hands == b.hands, where
        assert a.tricks == b.tricks, where
        assert a.points == b.points, where
        assert a.clause == b.clause, where
        assert a.grants == b.grants, where
        assert a.totals == b.totals, where
        assert a == b, where


def assert_same(fast: Game, slow: Game, fast_rng: random.Random,
                slow_rng: random.Random) -> None:
    """The hands, then the outcome, the whole state and both generators."""
    assert_same_hands(fast, slow)
    assert fast.outcome() == slow.outcome()
    assert fast.s == slow.s  # white-box: the engine's whole state
    assert fast_rng.getstate() == slow_rng.getstate(), "the policy drew differently"
    assert fast.chance.getstate() == slow.chance.getstate(), "the deals drew differently"


@dataclass(frozen=True)
class Compared:
    """What one comparison saw: hands compared, whether the fast loop played them (the
    file is one it covers), and the error both paths stopped at ('' when none)."""

    hands: int
    fast: bool
    error: str = ""


def stopped_at(run: Callable[[], object]) -> str:
    """The error a run of a game ends in, as 'Type: message' ('' when none)."""
    try:
        run()
    except Exception as e:  # a mutant may break the engine: both paths must break alike
        return f"{type(e).__name__}: {e}"
    return ""


def compare(rules: CompiledRules, seed: int, hands: int | None = None) -> Compared:
    """Play one seed on both paths (`hands` hands, or whole games) and assert they agree.

    Where a file breaks the engine (a fuzzed file may), both paths must stop at the same
    error after the same hands. A game the slow path does not end within
    `STEPS_PER_HAND` actions a hand is not compared (its error says so)."""
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    games: list[Game] = []
    start = stopped_at(lambda: games.extend(
        Game(rules, seed=seed, record=False) for _ in range(2)))
    covered = not uncovered(rules)
    if start:
        return Compared(0, covered, f"at the first deal: {start}")
    fast, slow = games
    limit = STEPS_PER_HAND * (hands if hands is not None else 1000)
    slow_error = stopped_at(lambda: drive(slow, slow_rng, hands, limit))
    if not slow_error and not slow.is_over and (hands is None or len(slow.results) < hands):
        return Compared(len(slow.results), covered, f"no end within {limit} actions")
    fast_error = stopped_at(lambda: play_random(fast, fast_rng, hands))
    assert fast_error == slow_error, f"fast: {fast_error!r}, Game.apply: {slow_error!r}"
    if slow_error:
        assert_same_hands(fast, slow)
    else:
        assert_same(fast, slow, fast_rng, slow_rng)
    return Compared(len(slow.results), covered, slow_error)


# --- the rule files compared -------------------------------------------------------------------
def fixture_rules(name: str) -> CompiledRules:
    """A language fixture that compiles, completed from `_base.jass`, with its options."""
    fx = read_fixture(next(p for p in FIXTURES if p.name == name))
    return compile_rules(load_model(fx.source, name), fx.options)


def fixture_names() -> list[str]:
    """The language fixtures that are meant to compile (`# expect: ok`)."""
    return [p.name for p in FIXTURES if read_fixture(p).errors is None]


def hostile_paths() -> tuple[Path, ...]:
    """The vendored hostile inputs that are rule files `check` accepts (the rejected
    ones are `test_hostile`'s)."""
    return tuple(hostile_rules())


@cache
def hostile_rules() -> dict[Path, CompiledRules]:
    """The hostile files `check` accepts, each with its rules as `load_rules` gives them;
    loaded once and kept here for the session (reading 09-lets-20000 takes seconds, and
    the registry's own cache lets it go among the many files loaded before a test plays
    it)."""
    found: dict[Path, CompiledRules] = {}
    for path in sorted(HOSTILE.rglob("*.jass")):
        try:
            found[path] = load_rules(path)
        except RuleFileErrors:  # not UTF-8 is one of them
            continue
    return found


def accepted(text: str, name: str = "mutant.jass") -> CompiledRules | None:
    """The compiled rules of a text that `check` accepts, else None."""
    try:
        model = load_model(text, name)
    except RuleFileErrors:
        return None
    return compile_rules(model)


@cache
def mutants(seed: int, count: int) -> tuple[tuple[str, CompiledRules], ...]:
    """The first `count` mutants of `fuzzed(seed)`, made once in a run and shared by the
    tests that play the same ones (each costs a check and a compile)."""
    found = fuzzed(seed)
    return tuple(next(found) for _ in range(count))


def fuzzed(seed: int) -> Iterator[tuple[str, CompiledRules]]:
    """Mutants of the shipped files that `check` accepts, endlessly, from one seed:
    (a label that replays it: file and mutations, compiled rules)."""
    rng = random.Random(seed)
    sources = {p.name: p.read_text(encoding="utf-8") for p in sorted(rules_dir().glob("*.jass"))}
    names = sorted(sources)
    while True:
        name = rng.choice(names)
        mutations = random_mutations(rng)
        try:
            rules = accepted(mutant(sources[name], mutations))
        except Exception:  # accepted but not compiled: the fuzzer's finding, not ours
            continue
        if rules is not None:
            yield f"{name} {mutations}", rules
