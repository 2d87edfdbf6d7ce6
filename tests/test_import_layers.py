"""The layers of the package, read from its import statements (an AST walk, no import):
each module imports only its own layer and the layers below it, at every level (module
level, inside functions, `if TYPE_CHECKING:`); the package has no import circle at any
level; scoring and the expressions it compiles do not import each other, and the engine
does not load the parser."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest
from source_trees import tree

PACKAGE = Path(__file__).resolve().parents[1] / "jassdsl"
PARSER = {"jassdsl.language.syntax", "jassdsl.language.check", "lark"}


def module_imports() -> dict[str, set[str]]:
    """Per module of the package: what its module-level statements import (those under
    `if TYPE_CHECKING:` too; imports inside functions are loaded only when called). A
    fresh copy of the graph read once per session (the files do not change under a run)."""
    return {k: set(v) for k, v in _module_imports().items()}


@cache
def _module_imports() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found: set[str] = set()
        todo: list[ast.stmt] = list(tree(path).body)
        while todo:
            node = todo.pop()
            if isinstance(node, ast.If | ast.Try):
                todo += [*node.body, *node.orelse]
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found |= {f"{node.module}.{a.name}\t{node.module}" for a in node.names}
        graph[name] = found

    def target(i: str) -> str:  # `from p import m`: the module p.m if there is one, else p
        sub, _, module = i.partition("\t")
        return sub if sub in graph or not module else module

    return {k: {t for i in v if (t := target(i)) in graph or t.split(".")[0] == "lark"}
            for k, v in graph.items()}


def reaches(graph: dict[str, set[str]], start: str, inside: str = "") -> set[str]:
    """The modules `start` loads, directly or through others (those under `inside`)."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt not in seen and nxt.startswith(inside):
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_the_engine_modules_import_each_other_without_a_circle() -> None:
    graph = module_imports()
    engine = [m for m in graph if m.startswith("jassdsl.engine.")]
    assert len(engine) > 15
    circles = sorted(m for m in engine if m in reaches(graph, m, "jassdsl.engine."))
    assert not circles, f"in an import circle: {circles}"


def circles(graph: dict[str, set[str]]) -> list[str]:
    """The package's modules that reach themselves through the graph."""
    graph = {k: {t for t in v if t.startswith("jassdsl")} for k, v in graph.items()}
    return sorted(m for m in graph if m in reaches(graph, m))


def test_the_package_has_no_import_circle_type_hints_included() -> None:
    """What a module loads as it loads, and what a type checker reads of it (`if
    TYPE_CHECKING:`), form no circle anywhere in the package, its top included (imports
    inside functions run late and are the exceptions' business)."""
    graph = module_imports()
    assert "jassdsl.rulebook.site" in graph["jassdsl.rulebook"]  # a type hint, read
    assert circles(graph) == []
    graph["jassdsl.core.mechanism"] |= {"jassdsl.engine.phase"}  # the circle that was
    assert "jassdsl.core.mechanism" in circles(graph)


def test_the_package_has_no_import_circle_at_any_level() -> None:
    """Imports inside functions too (what a call loads late) form no circle: a module
    that needs one of a later layer is handed it instead (`Game(name)` loads through
    `engine.game.load_by_name`, which the registry sets; the cluster plays with the run
    function the simulation passes in), so the graph read at every level is a layering."""
    graph = loads()
    assert "jassdsl.research.cluster" in graph["jassdsl.research.simulate"]  # in a function
    assert circles(graph) == []
    graph["jassdsl.engine.game"] |= {"jassdsl.registry"}  # the circle that was
    assert circles(graph) == ["jassdsl.engine.game", "jassdsl.registry"]


def test_scoring_and_its_expressions_do_not_import_each_other() -> None:
    graph = module_imports()
    assert "jassdsl.compile.exprsource" in graph["jassdsl.compile.scoring"]
    assert "jassdsl.compile.scoring" not in reaches(graph, "jassdsl.compile.exprsource")


def test_the_engine_does_not_load_the_parser() -> None:
    graph = module_imports()
    assert "jassdsl.language.check" in reaches(graph, "jassdsl.registry")  # the walk sees it
    loads = {m: sorted(reaches(graph, m) & PARSER) for m in graph
             if m.startswith("jassdsl.engine")}
    assert not {m: p for m, p in loads.items() if p}


# The layers, lowest first: a module may import its own layer and the layers before it.
# The pipeline reads language -> core model -> compile -> engine -> front ends: `language`
# turns a file's text into the typed model of `core`, `compile` turns that model into what
# the engine runs, and the front ends (rulebook, research, cli, table) use all of them. In
# imports `core` is the floor: the model, the settings a file may say and what `count
# first:` may read off a file, which the checker and the compiler both ask. Neither of
# those two imports the other (`compile` reads the model and never the text), and the
# engine loads nothing of the language. Layers of one module stay at the top of the package.
LAYERS = ("core", "language", "compile", "engine", "fast", "pyplay", "registry", "bots", "corpus",
          "rulebook", "research", "cli", "table", "mechanisms", "front")
NOT_BELOW = {("compile", "language"), ("engine", "language"),
             ("fast", "language"), ("pyplay", "language"), ("pyplay", "fast")}  # (layer, earlier layer it may still not import)
# imports against the order, each inside a function and for a reason
EXCEPTIONS = {
    ("jassdsl.corpus.explain", "rulebook"): "a failed case is told in the rulebook's words",
}


def layer_of(module: str) -> str | None:
    """`jassdsl.core.cards` -> core; the package itself, `__main__` and the researchers'
    entry points (`jassdsl.openspiel`, `jassdsl.pettingzoo`) are its front."""
    if module in ("jassdsl", "jassdsl.__main__", "jassdsl.openspiel", "jassdsl.pettingzoo"):
        return "front"
    name = module.split(".")[1]
    return name if name in LAYERS else None


def loads() -> dict[str, set[str]]:
    """Per module: the package's modules its import statements name, wherever they stand
    (inside functions too), those imported only for annotations (`if TYPE_CHECKING:`)
    included: a type hint from a later layer ties the layers as an import does. A fresh
    copy (a test may plant an import in it) of the graph read once per session."""
    return {k: set(v) for k, v in _loads().items()}


@cache
def _loads() -> dict[str, set[str]]:
    modules = {".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(
        ".__init__") for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        found: set[str] = set()
        todo: list[ast.AST] = [tree(path)]
        while todo:
            node = todo.pop()
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules
                          else node.module for a in node.names}
            todo += ast.iter_child_nodes(node)
        graph[name.removesuffix(".__init__")] = {
            m for m in found if m in modules and m != "jassdsl"}  # the root: loaded first
    return graph


def violations(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a later layer (or of one its layer may not import), as text."""
    out = []
    for module, targets in sorted(graph.items()):
        here = layer_of(module)
        for target in sorted(targets):
            there = layer_of(target)
            if here is None or there is None or (module, there) in EXCEPTIONS:
                continue
            if LAYERS.index(there) > LAYERS.index(here) or (here, there) in NOT_BELOW:
                out.append(f"{module} ({here}) imports {target} ({there})")
    return out


def test_every_module_is_in_a_layer() -> None:
    graph = loads()
    assert "jassdsl.rulebook.site" in graph["jassdsl.rulebook"]  # under TYPE_CHECKING
    assert len(graph) > 100
    assert sorted(m for m in graph if layer_of(m) is None) == []


def test_no_module_imports_a_later_layer() -> None:
    assert violations(loads()) == []


def test_each_exception_is_still_an_import_against_the_order() -> None:
    graph = loads()
    for module, there in EXCEPTIONS:
        assert any(layer_of(t) == there for t in graph[module]), (module, there)


@pytest.mark.parametrize(("module", "target"), [
    ("jassdsl.core.cards", "jassdsl.compile.compiler"),  # a later layer
    ("jassdsl.engine.tricks", "jassdsl.language.syntax"),  # beside the engine, not below
    ("jassdsl.compile.scoring", "jassdsl.rulebook.words"),
    ("jassdsl.corpus.store", "jassdsl.rulebook.site"),  # an exception is one module's
    ("jassdsl.language.check", "jassdsl.compile.compiler"),  # beside the language
    ("jassdsl.bots.view", "jassdsl.cli.play"),
])
def test_a_planted_import_against_the_order_is_found(module: str, target: str) -> None:
    graph = loads()
    graph[module] = graph[module] | {target}
    assert violations(graph) == [f"{module} ({layer_of(module)}) imports {target} "
                                 f"({layer_of(target)})"]


def test_the_engine_loads_nothing_of_the_language() -> None:
    graph = loads()
    assert "jassdsl.language.check" in reaches(graph, "jassdsl.registry")
    language = {m for m in graph if layer_of(m) == "language"}
    assert {m: reaches(graph, m) & language for m in graph
            if layer_of(m) == "engine" and reaches(graph, m) & language} == {}


def test_the_researchers_entry_points_show_the_research_layer() -> None:
    """`import jassdsl.openspiel` and `jassdsl.pettingzoo.env` (issue 21's paths) are the
    research layer's own objects, not copies."""
    import importlib

    for name, attr in (("openspiel", "resample"), ("pettingzoo", "env")):
        entry = importlib.import_module(f"jassdsl.{name}")
        research = importlib.import_module(f"jassdsl.research.{name}")
        assert getattr(entry, attr) is getattr(research, attr)
