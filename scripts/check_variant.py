#!/usr/bin/env python3
"""Check one rule file after changing it, in a minute or two instead of the whole suite.

    python scripts/check_variant.py NAME [--update-golden] [PYTEST OPTIONS...]

Runs, and stops at the first that fails:

1. `jassdsl check NAME`: parse, check and compile, with every value of each option;
2. NAME's corpus cases through jassdsl's own adapter (`jassdsl conformance --variants
   NAME`), skipped with a note for a file the corpus does not know yet;
3. every test whose id names NAME (`pytest tests -k NAME`): the oracle and the
   properties of each option set, the reference engine, the replays, the events, the
   terminal, the pages and their golden files. `-k` matches parts of names, so `molotow`
   also runs `misere-molotow` and `molotow-allmedias`.

`--update-golden` rewrites NAME's golden pages (then review `git diff tests/golden`).
The whole suite (README's test command) still runs before a merge.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from jassdsl.core.errors import JassError  # noqa: E402
from jassdsl.corpus import store  # noqa: E402
from jassdsl.registry import variant_path  # noqa: E402


def steps(name: str, pytest_args: list[str]) -> list[list[str]]:
    """The commands that check the variant NAME, in order."""
    py = sys.executable
    out = [[py, "-m", "jassdsl", "check", name]]
    if name in store.read_manifest(store.default_dir())["rules"]:
        out.append([py, "-m", "jassdsl", "conformance", "--engine",
                    f"{shlex.quote(py)} -m jassdsl.corpus.adapter", "--variants", name])
    out.append([py, "-m", "pytest", "tests", "-p", "no:cacheprovider", "-k", name,
                *pytest_args])
    return out


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    name, rest = argv[0], argv[1:]
    try:
        path = variant_path(name)
    except JassError as err:
        print(f"check_variant: {err}", file=sys.stderr)
        return 2
    if path.parent.resolve() != (ROOT / "rules").resolve():
        print(f"check_variant: {name} is not a rule file in rules/", file=sys.stderr)
        return 2
    name = path.stem
    commands = steps(name, rest)
    if not any(c[3:4] == ["conformance"] for c in commands):
        print(f"note: {name} is not in the corpus yet (`jassdsl corpus generate --variants "
              f"{name}` adds its cases)")
    for command in commands:
        print("+ " + " ".join(shlex.quote(c) for c in command), flush=True)
        done = subprocess.run(command, cwd=ROOT, check=False)
        if done.returncode != 0:
            return done.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
