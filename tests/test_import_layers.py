"""The layers of the package, read from its import statements (an AST walk, no import):
the engine's modules import each other without a circle, scoring and the expressions it
compiles do not import each other, and the engine does not load the parser."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "jassdsl"
PARSER = {"jassdsl.language.syntax", "jassdsl.language.check", "lark"}


def module_imports() -> dict[str, set[str]]:
    """Per module of the package: what its module-level statements import (those under
    `if TYPE_CHECKING:` too; imports inside functions are loaded only when called)."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found: set[str] = set()
        todo: list[ast.stmt] = list(ast.parse(path.read_text()).body)
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


def test_scoring_and_its_expressions_do_not_import_each_other() -> None:
    graph = module_imports()
    assert "jassdsl.compile.exprsource" in graph["jassdsl.compile.scoring"]
    assert "jassdsl.compile.scoring" not in reaches(graph, "jassdsl.compile.exprsource")


def test_the_engine_does_not_load_the_parser() -> None:
    graph = module_imports()
    assert "jassdsl.language.check" in reaches(graph, "jassdsl.registry")  # the walk sees the parser
    loads = {m: sorted(reaches(graph, m) & PARSER) for m in graph
             if m.startswith("jassdsl.engine")}
    assert not {m: p for m, p in loads.items() if p}
