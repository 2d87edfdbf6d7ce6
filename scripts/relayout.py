"""Lay `jassdsl/` out by layer (issue 19): move each module to its layer's package and
rewrite every reference to its old place, in any file of the repository.

The table `MOVES` is the whole layout; everything else follows from it. The script is
idempotent and made to be re-run on a later tree (other branches merged, some files moved
already, new files importing old paths):

1. `git mv` each file that still sits at its old path; create the layers' `__init__.py`;
   `git rm` the two old re-export modules (`game`, `playout`) while they only re-export.
2. Rewrite references in every tracked or new text file: `from jassdsl import model`,
   dotted names (`import jassdsl.x`, `from jassdsl.x import`, `"jassdsl.x.f"` mock
   targets, entry points), paths (`jassdsl/x.py`, `"jassdsl" / "grammar.lark"`,
   `resources.files("jassdsl")` for package data), then sort the touched imports (ruff).
3. Print what it did, and the modules no layer holds yet (add them to `MOVES`).

Modules split by concern (issue 30: `bots.py` into `bots/`, `rulebook/words.py` into its
word tables, what the checker read of `compile/`) are in `SPLITS`: an import of a moved
name from the old module is rewritten to its new one, so a branch made before the split
merges, then runs this script.

    python scripts/relayout.py            # do it
    python scripts/relayout.py --check    # change nothing; exit 1 if anything would change

On a main where other branches changed moved modules, merge this branch, keep main's side
of every conflict (they are import lines, which this script rewrites) and run it again:

    git merge layout
    git checkout --ours -- $(git diff --name-only --diff-filter=U)  # not README.md or
    python scripts/relayout.py           # tests/test_import_layers.py: merge those by hand
    git add -A && git commit --no-edit
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "jassdsl"

# old path -> new path, both under jassdsl/; a layer's order and its rule are stated in
# tests/test_import_layers.py
MOVES: dict[str, str] = {
    # core: what every layer shares, with no rule file's text behind it
    "cards.py": "core/cards.py",
    "pos.py": "core/pos.py",
    "limits.py": "core/limits.py",
    "errors.py": "core/errors.py",
    "model.py": "core/model.py",
    "nesting.py": "core/nesting.py",
    "roles.py": "core/roles.py",
    "german.py": "core/german.py",
    "deal.py": "core/deal.py",
    "tables.py": "core/tables.py",
    "modes.py": "core/modes.py",
    "actions.py": "core/actions.py",
    "mechanism.py": "core/mechanism.py",
    # compile: a checked model turned into what the engine runs
    "compiler.py": "compile/compiler.py",
    "settings.py": "core/settings.py",
    "counting.py": "compile/counting.py",
    "scoring.py": "compile/scoring.py",
    "exprsource.py": "compile/exprsource.py",
    "handfacts.py": "compile/handfacts.py",
    "play.py": "compile/play.py",
    "weis.py": "compile/weis.py",
    # language: rule-file text to a checked model
    "grammar.lark": "language/grammar.lark",
    "syntax.py": "language/syntax.py",
    "check.py": "language/check.py",
    "lexer.py": "language/lexer.py",
    "facts.py": "language/facts.py",
    "standard.py": "language/standard.py",
    "team_sums.py": "language/team_sums.py",
    # rulebook: the game in words (pages, and the terminal's narration)
    "textview.py": "rulebook/textview.py",
    "corpus/pages.py": "rulebook/corpus_pages.py",
    # research: many games, and the game for learning frameworks
    "simulate.py": "research/simulate.py",
    "simulation.py": "research/simulation.py",
    "stats.py": "research/stats.py",
    "records.py": "research/records.py",
    "cluster.py": "research/cluster.py",
    "jobs.py": "research/jobs.py",
    "tensors.py": "research/tensors.py",
    "actionspace.py": "research/actionspace.py",
    "openspiel.py": "research/openspiel.py",
    "pettingzoo.py": "research/pettingzoo.py",
    # cli: one module per command
    "cli.py": "cli/__init__.py",
    "cli_play.py": "cli/play.py",
    "cli_simulate.py": "cli/simulate.py",
    "cli_check.py": "cli/check.py",
    "cli_docs.py": "cli/docs.py",
    "cli_corpus.py": "cli/corpus.py",
    "progress.py": "cli/progress.py",
    # issue 30: the settings below the checker and the compiler; the search bot in bots/
    "compile/settings.py": "core/settings.py",
    "search_bot.py": "bots/search.py",
}

# modules split by concern (issue 30): per (old module, new module) the names that moved;
# `from OLD import NAME` is rewritten to import each name from where it lives now (a name
# not listed stays in OLD). `bots.py` became the package `bots/`; `search_bot.py` moved
# whole (MOVES); the words, `count first:`'s reading of a file and the declarations under
# options went to their concern's module, below the layer that used to hold them.
SPLITS: dict[tuple[str, str], tuple[str, ...]] = {
    ("jassdsl.bots", "jassdsl.bots.declaring"): (
        "bid_gain", "bid_or_pass", "card_odds", "clamp_declaration", "declared_range",
        "declaring_now", "expected_points", "forms_sides", "PUSH_BELOW", "RUFF_RISK",
        "scaled", "SIDE_WIN", "STRONG_FROM", "TRUMP_WIN", "win_chance", "worth_rows",
        "yes_if_strong",),
    ("jassdsl.bots", "jassdsl.bots.heuristic"): (
        "cheapest", "cheapest_keys", "duck", "duck_lead", "ducks", "HeuristicBot",
        "lead_card", "takers", "takes_trick",),
    ("jassdsl.bots", "jassdsl.bots.kinds"): (
        "bot_factory", "bot_kinds", "BOT_KINDS", "bot_rng", "BotFactory", "is_reference",
        "make_bot", "make_bots", "REFERENCE", "seat_kinds", "Timed", "timed",),
    ("jassdsl.bots", "jassdsl.bots.random_bot"): ("PolicyBot", "RandomBot",),
    ("jassdsl.bots", "jassdsl.bots.tricks"): (
        "card_tables", "CardTables", "COUNT_KEYS", "firsts", "lead_keys", "lead_of",
        "least", "picks", "Picks", "play_bots", "trick_plan", "TrickCards",),
    ("jassdsl.bots", "jassdsl.bots.view"): (
        "Bot", "hand_cards", "hand_total", "SUIT_CARDS", "table_for", "trick_order", "View",),
    ("jassdsl.compile.counting", "jassdsl.core.count_order"): (
        "Additions", "additions", "declared_only", "end_gate", "factor_of", "FIXED",
        "fixed_for_hand", "fixed_names", "Gate", "known", "may_end", "read_as", "reads",
        "scales", "split_scale", "TABLE_NAMES", "TRICK_FACT", "TRICKS",),
    ("jassdsl.compile.exprsource", "jassdsl.core.options"): (
        "chosen", "declared_under", "marks_under",),
    ("jassdsl.rulebook.words", "jassdsl.rulebook.card_words"): (
        "card_name", "GENDER_EVERY", "GENDER_TAKEN", "RANK_CLASSES", "RANK_FULL",
        "rank_name", "suit_both", "SUIT_CLASSES", "suit_name", "taken_out",),
    ("jassdsl.rulebook.words", "jassdsl.rulebook.grammar_words"): (
        "A_ACCUSATIVE", "CMP_BEFORE", "CMP_IS", "CMP_THAN", "de_dative", "DECLARED",
        "declared_words", "noun", "Noun", "number_word", "NUMBER_WORDS", "ORDINALS",
        "role_words", "SUBJECTS", "SubjectWords", "UNIT_DE", "unit_word",),
    ("jassdsl.rulebook.words", "jassdsl.rulebook.page_words"): ("PAGE_WORDS",),
    ("jassdsl.rulebook.words", "jassdsl.rulebook.table_words"): ("TABLE_WORDS",),
}
SPLIT_NAMES: dict[str, str] = {f"{old}.{name}": new for (old, new), names in SPLITS.items()
                               for name in names}

# modules that only re-exported the engine's names: removed, their names read from here
RETIRED: dict[str, str] = {"game.py": "jassdsl.engine", "playout.py": "jassdsl.engine.playout"}

# modules that stay where they are: the package's front and the layers of one module
STAY = {"__init__.py", "__main__.py", "registry.py"}
# moved, and kept at the top as entry points of the import paths researchers use
ENTRY_POINTS = {"openspiel.py", "pettingzoo.py"}

LAYERS: dict[str, str] = {
    "core": "What every layer shares: cards, the deal, actions, modes and their card tables, "
            "roles, the typed rule model with its positions, limits and errors, the settings "
            "a file may say, and the shape of a mechanism.",
    "compile": "A checked rule model turned into what the engine runs: `CompiledRules`, the "
               "scoring expressions as Python, the follow rules and the Weis table.",
    "language": "The rules language: its grammar, the parser into the typed model, the "
                "checker, the standard tables a file may take, and the Pygments lexer.",
    "research": "Many games and their figures, and every rule file as an OpenSpiel game or "
                "a PettingZoo environment.",
}

TEXT = {".py", ".md", ".toml", ".yml", ".yaml", ".cfg", ".ini", ".txt", ".sh", ".json", ".lark"}
KEEP = ("tests/corpus/", "tests/golden/", "scripts/relayout.py")  # data pinned byte for byte


def module(path: str) -> str:
    """`cli/__init__.py` -> `jassdsl.cli`, `core/cards.py` -> `jassdsl.core.cards`."""
    parts = Path("jassdsl", path).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


NAMES: dict[str, str] = {module(o): module(n) for o, n in MOVES.items()
                         if o.endswith(".py") and module(o) != module(n)
                         and o not in ENTRY_POINTS}
NAMES |= {module(o): n for o, n in RETIRED.items()}
PATHS: dict[str, str] = {f"jassdsl/{o}": f"jassdsl/{n}" for o, n in MOVES.items()
                         if o not in ENTRY_POINTS}
DOTTED = re.compile(r"(?<![\w.])(" + "|".join(
    re.escape(n) for n in sorted(NAMES, key=len, reverse=True)) + r")(?![\w])")
SLASHED = re.compile(r"(?<![\w./-])(" + "|".join(
    re.escape(p) for p in sorted(PATHS, key=len, reverse=True)) + r")(?![\w])")
DATA = {Path(o).name: module(str(Path(n).parent / "__init__.py"))
        for o, n in MOVES.items() if not o.endswith(".py") and "/" not in o}
JOINED = re.compile(r"""(["'])jassdsl\1(\s*/\s*)(["'])(""" + "|".join(
    re.escape(Path(o).name) for o in MOVES if "/" not in o) + r")\3")
RESOURCE = re.compile(r"""files\((["'])jassdsl\1\)(\.joinpath\(|\s*/\s*)(["'])("""
                      + "|".join(re.escape(d) for d in DATA) + r")\3")


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout


def only_reexports(path: Path, source: str) -> bool:
    """The file holds nothing but a docstring, imports from `source` and `__all__`."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(source):
            continue
        if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] \
                == ["__all__"]:
            continue
        return False
    return True


def move_files(check: bool, done: list[str]) -> None:
    for old, new in MOVES.items():
        src, dst = PKG / old, PKG / new
        if not src.exists() or (old in ENTRY_POINTS and dst.exists()):
            continue
        if dst.exists():
            done.append(f"CONFLICT jassdsl/{old} and jassdsl/{new} both exist: merge by hand")
            continue
        done.append(f"move     jassdsl/{old} -> jassdsl/{new}")
        if not check:
            dst.parent.mkdir(parents=True, exist_ok=True)
            git("mv", str(src.relative_to(ROOT)), str(dst.relative_to(ROOT)))
    for layer, doc in LAYERS.items():
        init = PKG / layer / "__init__.py"
        if not init.exists():
            done.append(f"create   jassdsl/{layer}/__init__.py")
            if not check:
                init.parent.mkdir(exist_ok=True)
                init.write_text(f'"""{doc}"""\n', encoding="utf-8")
                git("add", str(init.relative_to(ROOT)))
    for old, source in RETIRED.items():
        path = PKG / old
        if not path.exists():
            continue
        if not only_reexports(path, source):
            done.append(f"KEPT     jassdsl/{old}: it holds more than re-exports of {source}")
            continue
        done.append(f"remove   jassdsl/{old} (its names: {source})")
        if not check:
            git("rm", "-q", str(path.relative_to(ROOT)))


def import_line(indent: str, frm: str, names: list[str]) -> str:
    return f"{indent}from {frm} import {', '.join(names)}"


def rewrite_from_imports(text: str) -> str:
    """`from jassdsl[.pkg] import m [as a]` where `pkg.m` moved: the statement split by the
    package each name now comes from (the local names stay)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.ImportFrom) and not node.level and node.module
                and (node.module == "jassdsl" or node.module.startswith("jassdsl."))):
            continue
        groups: dict[str, list[str]] = {}
        moved = False
        for a in node.names:
            new = NAMES.get(f"{node.module}.{a.name}")
            split = SPLIT_NAMES.get(f"{node.module}.{a.name}")
            if split is not None:  # a name whose module was split: from its new module
                moved = True
                groups.setdefault(split, []).append(a.name + (f" as {a.asname}" if a.asname
                                                              else ""))
                continue
            if new is None:
                groups.setdefault(node.module, []).append(
                    a.name + (f" as {a.asname}" if a.asname else ""))
                continue
            moved = True
            parent, _, leaf = new.rpartition(".")
            local = a.asname or a.name
            groups.setdefault(parent, []).append(leaf + (f" as {local}" if local != leaf else ""))
        if not moved:
            continue
        first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        head = lines[first]
        indent = head[: len(head) - len(head.lstrip())]
        tail = lines[last].rstrip("\n")
        comment = tail[tail.index("#"):] if "#" in tail and first == last else ""
        new_lines = [import_line(indent, frm, names) for frm, names in groups.items()]
        if comment:
            new_lines[0] += f"  {comment}"
        edits.append((first, last, "".join(line + "\n" for line in new_lines)))
    for first, last, new_text in sorted(edits, reverse=True):
        lines[first: last + 1] = [new_text]
    return "".join(lines)


def joined(m: re.Match[str]) -> str:
    """`"jassdsl" / "check.py"` -> `"jassdsl" / "language" / "check.py"`."""
    q, sep = m.group(1), m.group(2)
    return sep.join(f"{q}{part}{q}" for part in ("jassdsl", *Path(MOVES[m.group(4)]).parts))


def rewrite(text: str, python: bool) -> str:
    if python:
        text = rewrite_from_imports(text)
    text = DOTTED.sub(lambda m: NAMES[m.group(1)], text)
    text = SLASHED.sub(lambda m: PATHS[m.group(1)], text)
    text = JOINED.sub(joined, text)
    return RESOURCE.sub(lambda m: f'files({m.group(1)}{DATA[m.group(4)]}{m.group(1)})'
                        f'{m.group(2)}{m.group(3)}{m.group(4)}{m.group(3)}', text)


def text_files() -> list[Path]:
    listed = git("ls-files", "-co", "--exclude-standard").splitlines()
    return [ROOT / f for f in sorted(set(listed))
            if (Path(f).suffix in TEXT or not Path(f).suffix)  # `.ci/run`, a Makefile
            and not f.startswith(KEEP) and (ROOT / f).is_file()]


def rewrite_files(check: bool, done: list[str]) -> list[Path]:
    changed: list[Path] = []
    for path in text_files():
        try:
            old = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        new = rewrite(old, path.suffix == ".py")
        if new != old:
            changed.append(path)
            done.append(f"rewrite  {path.relative_to(ROOT)}")
            if not check:
                path.write_text(new, encoding="utf-8")
    return changed


def sort_imports(changed: list[Path], done: list[str]) -> None:
    python = [str(p) for p in changed if p.suffix == ".py"]
    ruff = shutil.which("ruff")
    if not python:
        return
    if ruff is None:
        done.append("WARNING  ruff not found: run `ruff check --select I --fix` on the files above")
        return
    subprocess.run([ruff, "check", "--select", "I", "--fix", "--quiet", *python], cwd=ROOT,
                   check=False)
    done.append(f"sorted   the imports of {len(python)} Python files (ruff --select I --fix)")


def unplaced() -> list[str]:
    """Modules directly under jassdsl/ that no layer holds: new ones from other branches."""
    return sorted(p.name for p in PKG.glob("*.py")
                  if p.name not in STAY | MOVES.keys() | RETIRED.keys())


def warn_file_paths(done: list[str]) -> None:
    """A moved module that finds files next to itself may now look one folder off."""
    for new in MOVES.values():
        path = PKG / new
        if path.suffix == ".py" and path.exists() and "__file__" in path.read_text("utf-8"):
            done.append(f"REVIEW   jassdsl/{new} reads __file__: is the path still right?")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if anything would change")
    check = parser.parse_args().check
    done: list[str] = []
    move_files(check, done)
    changed = rewrite_files(check, done)
    if not check:
        sort_imports(changed, done)
    warn_file_paths(done)
    left = unplaced()
    done += [f"UNPLACED jassdsl/{n}: add it to MOVES (or STAY) and run again" for n in left]
    print("\n".join(done) if done else "relayout: nothing to do, the layout is in place")
    changes = [d for d in done if not d.startswith(("REVIEW", "sorted"))]
    return 1 if (check and changes) or any(d.startswith(("CONFLICT", "UNPLACED"))
                                            for d in done) else 0


if __name__ == "__main__":
    sys.exit(main())
