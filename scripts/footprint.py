#!/usr/bin/env python3
"""How far each mechanism reaches outside its own module: issue 19's measure ("a new
mechanism lands as one merge that touches at most 6 package files besides its own
module, its tests and its docs").

    python scripts/footprint.py [--names] [--max N]

For each mechanism of `MECHANISMS`, in list order, one line: how many package files
(`jassdsl/**/*.py`) outside its own module(s) name it, and which. Its own modules are
`jassdsl/mechanisms/NAME.py`, any `jassdsl/*/NAME.py` and the module of its phase. A file
names it where its code (not its comments or docstrings) has, as a whole token:

- an identifier that is the mechanism's name or its phase's part key, or a class or
  the record defined in its own modules (statement nodes, config, phase, events, part);
- a string that is one of those names, one of its word keys (`Rulebook.words`), one of
  the action kinds it asks for (`Runtime.kinds`, the engine's own left out) or one of
  the keys of its parts (`Runtime.defaults`, `Runtime.shows`).

The `MECHANISMS` list itself (`jassdsl/mechanisms/__init__.py`) counts as one file, and so
does a module split by concern into a package of its parts (`SPLIT`): the checker
(`language/check.py` with `language/checking/`) and the parser (`language/syntax.py` with
`language/parsing/`) are one place each, however many modules they are written in.
`--names` adds, per file, the names found; `--max N` exits 1 when a mechanism with a
module of its own is named in more than N files (the issue's bar is 6).
"""

from __future__ import annotations

import argparse
import ast
import inspect
import io
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jassdsl.core.actions import BASE_KINDS  # noqa: E402
from jassdsl.core.mechanism import Mechanism  # noqa: E402
from jassdsl.mechanisms import MECHANISMS  # noqa: E402

PACKAGE = ROOT / "jassdsl"
# a module and the package of its parts, counted as the one file they were
SPLIT = {"language/checking": "language/check.py", "language/parsing": "language/syntax.py"}


def tokens(path: Path) -> tuple[set[str], set[str]]:
    """The identifiers and the string values of a file's code (comments and docstrings
    left out: a docstring is a string statement of its own)."""
    text = path.read_text(encoding="utf-8")
    docstrings = {(n.lineno, n.col_offset) for n in ast.walk(ast.parse(text))
                  if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
                  and isinstance(n.value.value, str)}
    names: set[str] = set()
    strings: set[str] = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.NAME:
            names.add(tok.string)
        elif tok.type == tokenize.STRING and tok.start not in docstrings:
            try:
                value = ast.literal_eval(tok.string)
            except (ValueError, SyntaxError):  # an f-string: its literal text
                value = tok.string
            if isinstance(value, str):
                strings.add(value)
    return names, strings


def package_tokens() -> dict[Path, tuple[set[str], set[str]]]:
    """The tokens of every package file, a split module's parts joined under its entry."""
    files: dict[Path, tuple[set[str], set[str]]] = {}
    for p in sorted(PACKAGE.rglob("*.py")):
        rel = p.relative_to(PACKAGE).parent.as_posix()
        unit = (PACKAGE / SPLIT[rel]).resolve() if rel in SPLIT else p.resolve()
        names, strings = tokens(p)
        have = files.setdefault(unit, (set(), set()))
        have[0].update(names)
        have[1].update(strings)
    return files


def own_modules(x: Mechanism) -> set[Path]:
    """The files that are the mechanism's own."""
    own = set(PACKAGE.glob(f"*/{x.name}.py"))
    if x.runtime.phase is not None:
        own.add(Path(inspect.getfile(x.runtime.phase)).resolve())
    return {p.resolve() for p in own}


def names_of(x: Mechanism, own: set[Path]) -> tuple[set[str], set[str]]:
    """(identifiers, strings) that name the mechanism."""
    words = {x.name}
    if x.runtime.phase is not None:
        words |= {x.runtime.phase.part_key} - {""}
    classes: set[str] = set()
    for path in own:
        if path.parent.parent != PACKAGE:
            continue
        module = sys.modules.get(f"jassdsl.{path.parent.name}.{path.stem}")
        if module is None:
            continue
        for name, value in inspect.getmembers(module):
            if (inspect.isclass(value) and value.__module__ == module.__name__) or \
                    value is x:
                classes.add(name)
    reach = set(x.runtime.kinds) - {k.name for k in BASE_KINDS} | set(x.runtime.defaults) | set(x.runtime.shows)
    return words | classes, words | set(x.rulebook.words) | reach


def footprint(x: Mechanism, files: dict[Path, tuple[set[str], set[str]]]
              ) -> dict[Path, set[str]]:
    own = own_modules(x)
    idents, strings = names_of(x, own)
    hits: dict[Path, set[str]] = {}
    for path, (names, values) in files.items():
        if path in own:
            continue
        found = (names & idents) | (values & strings)
        if found:
            hits[path] = found
    return hits


def footprints() -> dict[str, list[Path]]:
    """Per mechanism of the list, in order: the package files outside its own modules
    that name it (the list itself among them)."""
    files = package_tokens()
    return {x.name: sorted(footprint(x, files)) for x in MECHANISMS}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--names", action="store_true", help="the names found, per file")
    ap.add_argument("--max", type=int, default=None,
                    help="exit 1 when a mechanism with a module is named in more files")
    args = ap.parse_args(argv)
    files = package_tokens()
    over = []
    for x in MECHANISMS:
        hits = footprint(x, files)
        shown = ", ".join(
            str(p.relative_to(PACKAGE)) + (f" ({' '.join(sorted(hits[p]))})" if args.names else "")
            for p in sorted(hits))
        print(f"{x.name}: {len(hits)} files: {shown}")
        modular = (PACKAGE / "mechanisms" / f"{x.name}.py").exists()
        if args.max is not None and modular and len(hits) > args.max:
            over.append(x.name)
    if over:
        print(f"named in more than {args.max} files: {', '.join(over)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
