"""One small rule file per language construct, in tests/fixtures/language/.

A fixture starts with comment lines that the test reads:

    # expect: ok                              (it loads, compiles and plays a whole game)
    # expect: error 12:5 unknown-name, 14:1 card   (exactly these errors: line:col kind)
    # options: seats=3                        (optional: options to compile with)
    # warnings: 9:30 team-sum                 (an ok file's warnings: line:col kind; none
                                               when the line is missing)
    # base: none                              (optional: a complete file, not a snippet)

Other comment lines explain the construct: the fixtures double as the examples of the
language reference. A snippet is completed from `_base.jass`: its statements replace the
base statements of the same kind and the rest of the base follows the snippet, so line
numbers in a fixture are its own.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from snippets import completed, statements

from jassdsl.compile.compiler import compile_rules
from jassdsl.core.errors import RuleFileErrors
from jassdsl.engine import Game
from jassdsl.language.check import file_warnings, load_model

FOLDER = Path(__file__).parent / "fixtures" / "language"
BASE = FOLDER / "_base.jass"
EXPECT = re.compile(r"^# expect: (ok|error (.+))$")
ERROR = re.compile(r"^(\d+):(\d+) ([a-z-]+)$")


@dataclass
class Fixture:
    path: Path
    text: str
    errors: list[tuple[int, int, str]] | None  # None: the file is fine
    options: dict[str, int | str] = field(default_factory=dict)
    complete: bool = False
    warnings: list[tuple[int, int, str]] = field(default_factory=list)

    @property
    def source(self) -> str:
        return self.text if self.complete else with_base(self.text)


def read_fixture(path: Path) -> Fixture:
    text = path.read_text(encoding="utf-8")
    fx = Fixture(path, text, None)
    found = False
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        if m := EXPECT.match(line):
            found = True
            if m.group(2):
                fx.errors = [parse_error(e.strip()) for e in m.group(2).split(",")]
        elif line.startswith("# options:"):
            for pair in line.removeprefix("# options:").split():
                key, value = pair.split("=")
                fx.options[key] = int(value) if value.isdigit() else value
        elif line.startswith("# warnings:"):
            fx.warnings = [parse_error(w.strip())
                           for w in line.removeprefix("# warnings:").split(",")]
        elif line.strip() == "# base: none":
            fx.complete = True
    assert found, f"{path.name}: the first comment lines need '# expect: ...'"
    return fx


def parse_error(item: str) -> tuple[int, int, str]:
    m = ERROR.match(item)
    assert m, f"cannot read expected error {item!r} (write line:col kind)"
    return int(m.group(1)), int(m.group(2)), m.group(3)


def with_base(snippet: str) -> str:
    """The snippet, then every base statement of a kind the snippet does not have."""
    return completed(snippet, BASE.read_text(encoding="utf-8"))


FIXTURES = sorted(p for p in FOLDER.glob("*.jass") if not p.name.startswith("_"))


def test_there_are_fixtures() -> None:
    assert len(FIXTURES) >= 40


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture(path: Path) -> None:
    fx = read_fixture(path)
    name = path.name
    if fx.errors is not None:
        with pytest.raises(RuleFileErrors) as info:
            load_model(fx.source, name)
        got = sorted({(p.line, p.column, e.kind) for e in info.value.errors
                      for p in (e.pos, *e.also)})
        assert got == sorted(fx.errors), str(info.value)
        assert all(e.path == name for e in info.value.errors)
        return
    try:
        model = load_model(fx.source, name)
    except RuleFileErrors as err:  # pragma: no cover - shown when a fixture breaks
        pytest.fail(f"{name} should load:\n{err}")
    warned = sorted((w.pos.line, w.pos.column, w.kind) for w in file_warnings(fx.source, name))
    assert warned == sorted(fx.warnings), "\n".join(
        w.render(fx.source) for w in file_warnings(fx.source, name))
    rules = compile_rules(model, fx.options)
    for key, value in fx.options.items():
        assert rules.options[key] == value
    play_whole_game(rules)


def play_whole_game(rules: object) -> None:
    """Every ok fixture must also run: a whole seeded game of random legal actions."""
    game = Game(rules, seed=11)  # type: ignore[arg-type]
    rng = random.Random(11)
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, f"no legal action in phase {game.phase}"
        game.apply(rng.choice(legal))
        steps += 1
        assert steps < 20_000, "the game does not end"
    assert game.outcome() is not None and game.results


def test_base_alone_is_a_valid_file() -> None:
    play_whole_game(compile_rules(load_model(BASE.read_text(encoding="utf-8"), "_base.jass")))


def test_snippet_replaces_statements_of_its_kind() -> None:
    merged = with_base("players 3\nranks trump: J 9 A K Q 10 8 7 6\n")
    keys = [key for key, _ in statements(merged)]
    assert keys.count("players") == 1 and keys.count("ranks trump") == 1
    assert keys.count("ranks side") == 1 and merged.startswith("players 3\n")


def test_never_below_keeps_totals_at_the_floor() -> None:
    """The floor of unit-never-below.jass holds while losses do happen."""
    fx = read_fixture(FOLDER / "unit-never-below.jass")
    text = fx.source.replace("game ends after 2 hands", "game ends after 12 hands")
    game = Game(compile_rules(load_model(text, "floor.jass")), seed=5)
    rng = random.Random(5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert any(g.amount < 0 for r in game.results for g in r.grants), "nobody ever lost"
    assert min(min(r.totals["points"]) for r in game.results) == 0
