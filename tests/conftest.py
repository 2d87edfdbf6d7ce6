"""Shared test setup: Hypothesis profiles, the variant cases, and helpers to play random games.

Profiles: Hypothesis itself loads its ``ci`` profile when the ``CI`` variable is set; we
extend that profile (same parent, fewer examples) instead of replacing it. Outside CI the
``dev`` profile is loaded, or the one named by ``HYPOTHESIS_PROFILE`` (``thorough`` runs
many more examples, for a nightly job or before a release).

Whole-game tests draw ``scaled(k)`` examples: k times the profile's ``max_examples``, so one
knob in the profile sets the cost of the whole suite.

A property that holds hand by hand (replay, undo, the same seed, the events, the API
promises, the deals) plays at most ``MAX_HANDS`` hands; the oracle
(``test_random_games_keep_the_rules``) plays the first game of each case to its end (and,
in the thorough profile, every game). Fixed-seed games are
played once per session (``played``) and shared by the tests that check them.
"""

from __future__ import annotations

import compileall
import contextlib
import importlib.util
import io
import os
import random
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings
from sitebuild import ROOT, build

from jassdsl.cli import explore
from jassdsl.compile.compiler import CompiledRules, option_value
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_NAMES, mask_cards
from jassdsl.engine import Game, HandResult, Outcome
from jassdsl.engine.events import Dealt, Event, LotDrawn, TrumpSet
from jassdsl.registry import load_rules, variant_names

if TYPE_CHECKING:
    from test_tutorial import Followed

SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large]

# `jassdsl check` plays every file it accepts (jassdsl/cli/explore.py); in the suite at a
# small size, and each shipped file once (test_cli's checks of rules/ share the report)
SUITE_HANDS = 20
explore.HANDS = SUITE_HANDS


def only_rare_clauses(err: str) -> bool:
    """What `check` of a shipped file may print on stderr: a warning that a clause scored
    none of the hands it played (a rare hand: one player takes every trick), with its
    line and caret."""
    heads = [line for line in err.splitlines() if not line.startswith("    ")]
    return all(re.search(r"\.jass:\d+:\d+: warning: clause '[\w-]+' scored none of", line)
               for line in heads)

settings.register_profile(
    "ci", settings.get_profile("ci"), max_examples=16, deadline=None, suppress_health_check=SLOW_OK
)
settings.register_profile("dev", max_examples=16, deadline=None, suppress_health_check=SLOW_OK)
settings.register_profile(
    "thorough", max_examples=400, deadline=None, suppress_health_check=SLOW_OK
)
if settings.get_current_profile_name() != "ci":  # Hypothesis chose "ci" when CI is set
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
# the nightly run: whole games in every property, the whole corpus in every corpus check
THOROUGH = settings.get_current_profile_name() == "thorough"


def pytest_sessionstart(session: pytest.Session) -> None:
    """The package's bytecode, written once: the Python processes the tests start (the CLI,
    simulate's workers, the conformance adapters) read it, and where the environment says
    not to write bytecode (PYTHONDONTWRITEBYTECODE) each of them would compile every module
    of the package again (about 0.4 CPU-s a process). Python rechecks each file's source
    against its bytecode, so an edited module is never read stale."""
    if sys.dont_write_bytecode:
        compileall.compile_dir(ROOT / "jassdsl", quiet=2)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium for the table's browser tests, one per test module (a module of
    its own, such as test_browser.py, may define another `browser`)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="needs the 'table' extra")
    from test_table_browser import ARGS, CHROMIUM

    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the browser tests put their screenshots ($JASSDSL_SHOTS, to look at them)."""
    folder = Path(os.environ.get("JASSDSL_SHOTS") or tmp_path_factory.mktemp("shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session", autouse=True)
def user_data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The user's data folder of the test run (the table keeps its server secret there,
    `jassdsl.table.seal`): a folder of its own, never the user's."""
    folder = tmp_path_factory.mktemp("user-data")
    before = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = before


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite the golden files under tests/golden/ from what the code "
                     "makes now (then review them with git diff)")


@pytest.fixture(scope="session")
def update_golden(request: pytest.FixtureRequest) -> bool:
    """Whether this run rewrites the golden files instead of comparing with them."""
    return bool(request.config.getoption("--update-golden"))


def scaled(factor: float) -> int:
    """max_examples for a test that costs `factor` times an ordinary one (at least 3)."""
    return max(3, round(settings().max_examples * factor))


# --- the variants under test -----------------------------------------------------------------
def option_sets(variant: str) -> list[dict[str, int | str]]:
    """Every value of every option the file offers, in as few games as that takes: set i
    gives each option its i-th value (wrapping around); a file without options plays once."""
    options = load_rules(variant).model.options
    width = max((len(o.choices) for o in options), default=1)
    return [{o.name: option_value(o.choices[i % len(o.choices)]) for o in options}
            for i in range(width)]


@dataclass(frozen=True)
class VariantCase:
    name: str
    options: dict[str, int | str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.name}[{extra}]" if extra else self.name


def variant_cases() -> list[VariantCase]:
    """Every rule file in rules/, with every value of its options (see option_sets)."""
    return [VariantCase(name, opts) for name in variant_names() for opts in option_sets(name)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test that asks for `variant_case` runs once per variant and option set."""
    if "variant_case" in metafunc.fixturenames:
        cases = variant_cases()
        metafunc.parametrize("variant_case", cases, ids=[c.id for c in cases])


# --- playing random games ----------------------------------------------------------------------
@dataclass
class Decision:
    """One decision point of a game, seen before the action was applied."""

    seat: int
    phase: str
    hand_number: int
    hand: int  # the deciding seat's cards as a bitmask
    trick: tuple[int, ...]
    legal: tuple[Action, ...]
    action: Action


Observer = Callable[[Game, Decision], None]


def random_action(game: Game, rng: random.Random) -> Action:
    return rng.choice(game.legal_actions())


# Per-hand properties play at most 12 hands, about a game of Schieber: random bidders in
# Bieter and Sticheln never reach their target and run to the file's limit of 100 or 200
# hands (8,400 actions). Game ends stay checked by the oracle, which plays the first game
# of each case to its end, and by every game that ends within 12 hands (Schieber, ...).
MAX_HANDS: int | None = None if THOROUGH else 12


def decisions(game: Game, rng: random.Random, limit: int | None = None,
              hands: int | None = None) -> Iterator[Decision]:
    """Apply random legal actions until the game ends (or `limit` actions, or `hands`
    hands are finished), yielding each."""
    done = 0
    while not game.is_over and (limit is None or done < limit) and (
            hands is None or len(game.results) < hands):
        legal = tuple(game.legal_actions())
        action = rng.choice(legal) if legal else Action("none")
        seat = game.current_player
        hand = game.s.hands[seat]  # white-box: the mask hand_of reads, not rebuilt from it
        seen = Decision(seat, game.phase, game.hand_number, hand, game.trick, legal, action)
        game.apply(action)
        done += 1
        yield seen


def play_random_game(
    case: VariantCase, seed: int, policy_seed: int, record: bool = False,
    observe: Observer | None = None, hands: int | None = None,
) -> Game:
    """A whole game of random legal actions (or its first `hands` hands); `observe` sees
    every decision."""
    game = Game(case.name, seed=seed, options=case.options, record=record)
    for d in decisions(game, random.Random(policy_seed), hands=hands):
        if observe is not None:
            observe(game, d)
    return game


@pytest.fixture(scope="session")
def random_game() -> Callable[..., Game]:
    """play_random_game as a fixture (session scope, so Hypothesis tests may use it)."""
    return play_random_game


# --- a seeded game, taken apart into its deals (what at_deal/deal_again take) -------------
@dataclass
class Deal:
    """One deal of a seeded game as `at_deal`/`deal_again` take it, and where it came."""

    at: int  # the number of actions applied before it
    event: Dealt
    trump: int = -1  # the mode drawn at random at the deal, or -1
    lots: list[tuple[int, int]] = field(default_factory=list)

    def hands(self) -> list[list[int]]:
        return [mask_cards(h) for h in self.event.hands]

    def piles(self) -> dict[str, list[int]]:
        return {name: list(cards) for name, cards in self.event.piles}


def take_apart(new: list[Event], at: int, deals: list[Deal]) -> None:
    """Note the deals, drawn trumps and lots among the events an action made."""
    for event in new:
        if isinstance(event, Dealt):
            deals.append(Deal(at, event))
        elif isinstance(event, TrumpSet) and event.how == "drawn":
            deals[-1].trump = event.mode.number  # drawn at the deal, logged after its Dealt
        elif isinstance(event, LotDrawn):
            deals[-1].lots.append((event.of, event.value))


def seeded_game(rules: CompiledRules, seed: int, policy: int, hands: int | None = None
                ) -> tuple[Game, list[Action], list[Deal]]:
    """A seeded game of random legal actions (its first `hands` hands), with its deals
    (its events are logged; no undo copies are kept)."""
    game = Game(rules, seed=seed, record=False, events=True)
    deals: list[Deal] = []
    take_apart(game.events, 0, deals)
    rng = random.Random(policy)
    actions: list[Action] = []
    while not game.is_over and (hands is None or len(game.results) < hands):
        before = len(game.events)
        action = rng.choice(game.legal_actions())
        game.apply(action)
        actions.append(action)
        take_apart(game.events[before:], len(actions), deals)
    return game, actions, deals


@dataclass(frozen=True)
class Played:
    """A seeded game as the tests check it: played once per session, shared (read only)."""

    rules: CompiledRules
    history: tuple[Action, ...]
    results: tuple[HandResult, ...]
    events: tuple[Event, ...]
    deals: tuple[Deal, ...]
    outcome: Outcome | None
    over: bool


PLAYED: dict[tuple[str, int, int, int | None], Played] = {}


def played(case: VariantCase, seed: int, policy: int, hands: int | None = MAX_HANDS) -> Played:
    """The game of `case` from `seed`, random legal actions drawn from `policy` (its first
    `hands` hands), played once per session: a test replays it or reads it, never
    changes it."""
    key = (case.id, seed, policy, hands)
    if key not in PLAYED:
        rules = load_rules(case.name, case.options)
        game, actions, deals = seeded_game(rules, seed, policy, hands)
        PLAYED[key] = Played(rules, tuple(actions), tuple(game.results), tuple(game.events),
                             tuple(deals), game.outcome(), game.is_over)
    return PLAYED[key]


def names(cards: int | list[int] | tuple[int, ...]) -> list[str]:
    """Card names in deck order, for a bitmask or a list of indices."""
    idx = mask_cards(cards) if isinstance(cards, int) else sorted(cards)
    return [CARD_NAMES[c] for c in idx]


def snapshot(game: Game) -> dict[str, Any]:
    """Everything a player or a program can see of a game, for every seat: the typed
    observations and actions (their dicts and texts are made from them alone, and
    test_events.py checks that they agree; building them would cost most of the time)."""
    return {
        "observations": [game.observe(seat) for seat in range(game.n)],
        "legal": list(game.legal_actions()),
        "results": list(game.results),
        "phase": game.phase,
        "current": game.current_player,
    }


# --- the conformance corpus ---------------------------------------------------------------------
WHOLE_VARIANT = "schieber"  # the corpus sample holds every case of this variant


def corpus_sample(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A stratified sample of corpus cases for a second pass over the corpus (the first,
    test_committed_corpus_verifies, checks every case): the first case of each variant,
    option set and kind, and every case of WHOLE_VARIANT. The thorough profile takes all."""
    if THOROUGH:
        return list(cases)
    seen: set[tuple[str, str, str]] = set()
    out = []
    for case in cases:
        key = (case["variant"], repr(sorted(case["options"].items())), case["kind"])
        if case["variant"] == WHOLE_VARIANT or key not in seen:
            out.append(case)
        seen.add(key)
    return out


# --- the tutorial and the rulebook site -------------------------------------------------------
@pytest.fixture(scope="session")
def tutorial(tmp_path_factory: pytest.TempPathFactory) -> Followed:
    """The tutorial followed literally, once per session, in a copy of the checkout
    (test_tutorial.py checks each step; its last builds the site)."""
    from test_tutorial import follow

    return follow(tmp_path_factory.mktemp("tutorial"))


@pytest.fixture(scope="session")
def site(tutorial: Followed, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's rulebook, built once per session with `mkdocs build --strict`: the
    tutorial's build, of a copy of the checkout (package, rules/, docs/, corpus) with the
    tutorial's one new rule file beside the project's (a whole build takes 14 CPU-s, and
    the session would otherwise make two). Where the tutorial failed before its build
    (test_tutorial.py says why), the project is built on its own."""
    if tutorial.site is not None:
        return tutorial.site
    out = tmp_path_factory.mktemp("site")
    done = build(ROOT, out)
    assert done.returncode == 0, done.stderr
    return out


# --- the project's scripts -----------------------------------------------------------------------
def script_module(name: str) -> ModuleType:
    """scripts/NAME.py loaded as a module, so a test calls its functions in this process:
    kept in sys.modules under its name (its dataclasses look it up there), and sys.path
    left as it was (a script puts the checkout first)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    saved = list(sys.path)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved
    return module


# --- the footprint of the mechanisms ----------------------------------------------------------
@pytest.fixture(scope="session")
def footprint() -> str:
    """What `python scripts/footprint.py` prints (per mechanism, the package files outside
    its module that name it), run once per session: three modules hold a mechanism to
    issue 19's bar, and each run reads every package file. Its main() runs in this process,
    which has jassdsl imported already (a second interpreter spent half of its 3 CPU-s
    importing it again)."""
    module = script_module("footprint")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert module.main([]) == 0
    return out.getvalue()
