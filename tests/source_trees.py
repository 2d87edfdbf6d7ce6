"""The checkout's Python files parsed once per test session: the import layers, the
mechanisms' imports and the engine boundary each walk every package module's syntax tree,
and only read it (a pass over the package is a third of a CPU-second)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


@cache
def tree(path: Path) -> ast.Module:
    """The module at `path`, parsed; shared between tests, so walk it, never change it."""
    return ast.parse(path.read_text(encoding="utf-8"))
