"""The engine's boundary: nothing outside `jassdsl/engine/` touches a game's insides.

Issue 11's bar: code outside the engine package (the rest of `jassdsl/`, `bench/`,
`scripts/`) neither reads nor writes a game's state (`Game.s`, the phase chain, the event
log's raw list `log`), nor a chance's generator, nor calls or reads a private
(underscore) member of the engine, nor assigns to a game's attributes or mutates its
lists. The finder works on the syntax tree without types, so it over-approximates on
purpose: a name the engine uses for its insides is suspicious on any object but `self`.
Its honesty is tested below on planted violations and on look-alikes it must let pass.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest
from source_trees import tree

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "jassdsl" / "engine"

INSIDES = frozenset({"s", "chain", "log"})  # a game's state, its phases, its raw log
FIELDS = frozenset({"rules", "seed", "chance", "record", "history", "events", "log", "s",
                    "chain", "check_invariants"})  # a game's attributes: never assigned
LISTS = frozenset({"history", "events", "results"})  # a game's lists: never mutated
MUTATORS = frozenset({"append", "extend", "insert", "pop", "clear", "remove", "sort",
                      "reverse"})
REFLECTION = frozenset({"getattr", "setattr", "delattr", "hasattr"})


@cache
def engine_privates() -> frozenset[str]:
    """Every underscore name the engine package defines: functions, methods, classes,
    module names and attributes set on `self` (dunder names are not private)."""
    names: set[str] = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return frozenset(n for n in names if n.startswith("_") and not n.endswith("__"))


def scanned() -> list[Path]:
    """The modules outside the engine that the bar covers."""
    paths = [p for p in (ROOT / "jassdsl").rglob("*.py") if ENGINE not in p.parents]
    return sorted(paths + list((ROOT / "bench").rglob("*.py"))
                  + list((ROOT / "scripts").rglob("*.py")))


def is_self(node: ast.expr, game_classes: set[str], cls: str) -> bool:
    """`self`/`cls`/`super()` of a class that is not a Game subclass: its own members."""
    own = ((isinstance(node, ast.Name) and node.id in ("self", "cls"))
           or (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
           and node.func.id == "super"))
    return own and cls not in game_classes


def rooted_in_list(node: ast.expr) -> bool:
    """An expression such as `game.results[0]` or `g.history` (a game's list, or a part)."""
    while isinstance(node, ast.Subscript | ast.Attribute):
        if isinstance(node, ast.Attribute) and node.attr in LISTS:
            return True
        node = node.value
    return False


def base_name(node: ast.expr) -> str:
    """`Phase` of `Phase` or `phase.Phase`, '' for anything else."""
    return node.id if isinstance(node, ast.Name) else \
        node.attr if isinstance(node, ast.Attribute) else ""


@cache
def phase_classes() -> frozenset[str]:
    """`Phase` and every class of the package built on it, however deep (a mechanism's
    phase may extend another mechanism's, as bids naming the mode extend the auction)."""
    bases: dict[str, set[str]] = {}
    for path in (ROOT / "jassdsl").rglob("*.py"):
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.ClassDef):
                bases.setdefault(node.name, set()).update(base_name(b) for b in node.bases)
    found = {"Phase"}
    while grown := {c for c, bs in bases.items() if c not in found and bs & found}:
        found |= grown
    return frozenset(found)


class Finder(ast.NodeVisitor):
    """Collects (line, what) for every crossing of the engine's boundary in one module."""

    def __init__(self, privates: frozenset[str], phases: frozenset[str] = frozenset({"Phase"})
                 ) -> None:
        self.privates = privates
        self.phases = phases
        self.found: list[tuple[int, str]] = []
        self.cls = ""
        self.game_classes: set[str] = set()

    def flag(self, node: ast.AST, what: str) -> None:
        self.found.append((getattr(node, "lineno", 0), what))

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        if any(base_name(b) in self.phases for b in node.bases):
            return  # a mechanism's phase is the engine's slice of it: it sees the `Table`
        if any((isinstance(b, ast.Name) and b.id == "Game")
               or (isinstance(b, ast.Attribute) and b.attr == "Game") for b in node.bases):
            self.game_classes.add(node.name)
            self.flag(node, f"class {node.name} subclasses Game")
        outer, self.cls = self.cls, node.name
        self.generic_visit(node)
        self.cls = outer

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if (node.module or "").startswith("jassdsl.engine"):
            for alias in node.names:
                if alias.name in self.privates:
                    self.flag(node, f"imports the engine's private {alias.name}")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        mine = is_self(node.value, self.game_classes, self.cls)
        if not mine and node.attr in INSIDES:
            self.flag(node, f"reads a game's .{node.attr}")
        elif not mine and node.attr in self.privates:
            self.flag(node, f"uses the engine's private .{node.attr}")
        elif node.attr == "rng" and isinstance(node.value, ast.Attribute) \
                and node.value.attr == "chance":
            self.flag(node, "uses a game's chance generator .chance.rng")
        if isinstance(node.ctx, ast.Store | ast.Del) and not mine and node.attr in FIELDS:
            self.flag(node, f"assigns a game's .{node.attr}")
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if isinstance(node.ctx, ast.Store | ast.Del) and rooted_in_list(node.value):
            self.flag(node, "writes into a game's list")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr in MUTATORS and rooted_in_list(f.value):
            self.flag(node, f"mutates a game's list with .{f.attr}")
        if isinstance(f, ast.Name) and f.id in REFLECTION and len(node.args) >= 2:
            name = node.args[1]
            if isinstance(name, ast.Constant) and isinstance(name.value, str) and (
                    name.value in INSIDES or name.value in self.privates
                    or (f.id != "getattr" and f.id != "hasattr" and name.value in FIELDS)):
                self.flag(node, f"{f.id}(..., {name.value!r})")
        if isinstance(f, ast.Name) and f.id == "vars" and node.args:
            self.flag(node, "vars() of an object")
        self.generic_visit(node)


def crossings(source: str | Path, privates: frozenset[str] | None = None,
              phases: frozenset[str] = frozenset({"Phase"})) -> list[tuple[int, str]]:
    """What Finder flags in a source text, or in a file (its tree parsed once a session)."""
    finder = Finder(engine_privates() if privates is None else privates, phases)
    finder.visit(tree(source) if isinstance(source, Path) else ast.parse(source))
    return sorted(finder.found)


def test_the_finder_knows_the_engines_private_names() -> None:
    privates = engine_privates()
    assert {"_dispatch", "_restore", "_seat", "_undo", "_failed"} <= privates
    assert not any(n.endswith("__") for n in privates)
    paths = scanned()
    assert len(paths) > 40 and not any(ENGINE in p.parents for p in paths)
    assert ROOT / "bench" / "bench_engine.py" in paths


def test_a_phase_built_on_another_mechanisms_phase_is_engine_code_too() -> None:
    phases = phase_classes()
    assert {"Phase", "Play"} <= phases and "Game" not in phases and "Mechanism" not in phases
    source = ("class Bids(Auction):\n    def take(self, g, a):\n        g.s.current = 1\n"
              "class Board(Panel):\n    def show(self, game):\n        return game.s.hands\n")
    assert crossings(source, frozenset(), frozenset({"Phase", "Auction"})) == [
        (6, "reads a game's .s")]


def test_a_mechanisms_phase_is_engine_code_and_nothing_around_it_is() -> None:
    source = ("class Peek(Phase):\n    def take(self, g, a):\n        g.s.current = 1\n"
              "def policy(game, view, legal):\n    return game.s.hands\n")
    assert crossings(source, frozenset()) == [(5, "reads a game's .s")]


def test_nothing_outside_the_engine_touches_a_games_insides() -> None:
    privates, phases = engine_privates(), phase_classes()
    found = [f"{p.relative_to(ROOT)}:{line}: {what}" for p in scanned()
             for line, what in crossings(p, privates, phases)]
    assert not found, "\n".join(found)


PLANTED = '''
from jassdsl.engine.game import Game, _helper
game = Game("schieber", seed=1)
game.s.hands[0] = 5
x = game.chain.play
game.log.append(1)
game._dispatch(a)
game._undo.clear()
game.history.append(a)
game.results[0] = None
del game.events[:]
game.record = False
game.chance.rng.random()
getattr(game, "s")
setattr(game, "seed", 3)
vars(game)
class Mine(Game):
    def f(self):
        return self.s
'''


def test_the_finder_catches_every_planted_violation() -> None:
    found = crossings(PLANTED, frozenset({"_dispatch", "_undo", "_helper"}))
    lines = {line for line, _ in found}
    assert lines == set(range(2, 20)) - {3, 18}, found


LOOK_ALIKES = '''
from jassdsl.engine import Game
class View:
    def __init__(self):
        self.log = []
        self.log.append(1)
        self._cache = {}
game = Game("schieber", seed=1)
game.apply(game.legal_actions()[0])
hands = [game.hand_of(x) for x in range(game.n)]
seen = game.observe(0).hand
other._rng = None
results = list(game.results)
results.append(None)
'''


def test_the_finder_lets_the_public_api_and_foreign_privates_pass() -> None:
    assert crossings(LOOK_ALIKES, frozenset({"_dispatch"})) == []


@pytest.mark.parametrize("line", PLANTED.strip().splitlines()[2:15])
def test_each_planted_line_alone_is_caught(line: str) -> None:
    assert crossings(line, frozenset({"_dispatch", "_undo"})), line
