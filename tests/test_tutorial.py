"""The tutorial, followed literally: its commands and file edits run verbatim.

Each language's tutorial is replayed in a fresh copy of the checkout (the package, rules/,
docs/, the corpus, mkdocs.yml) with `jassdsl` on PATH running that copy, so the tutorial's new rule
file never touches the real rules/. Shell blocks run line by line and must succeed. A
`jass` block is an edit of the file the tutorial checks; the comment above it says where
it goes (`replace "A" .. "B"`: from the line starting with A to the last line before the
line starting with B; `replace "A"`: the line starting with A). The error example (a
`text` block marked `output of check with "typo" for "word"`) must be exactly what
`jassdsl check` prints for that typo. `mkdocs serve` runs as `mkdocs build --strict` (the
same build, without the server), and the new variant's pages must then exist, with its
name, and be in the menu of both languages: a new rule file needs no other edit to get its
page. This build, made once per session (conftest's `tutorial`), is the session's site:
the docs and browser checks read it (conftest's `site`) instead of building the project
again.

The German tutorial is not replayed a second time: its blocks (commands, edits, the error
example) are the English ones, character for character (test_both_languages_run_the_same_steps),
so its replay would run the very same steps on the very same files.
"""

from __future__ import annotations

import html
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = [ROOT / "docs" / lang / "tutorial.md" for lang in ("en", "de")]
BLOCK = re.compile(r"(?:<!-- tutorial: (?P<how>.*?) -->\n)?```(?P<lang>\w+)\n(?P<body>.*?)```",
                   re.S)


@dataclass
class Block:
    lang: str
    body: str
    how: str | None


def blocks(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    return [Block(m["lang"], m["body"], m["how"]) for m in BLOCK.finditer(text)]


def quoted(how: str) -> list[str]:
    return re.findall(r'"([^"]*)"', how)


def edit(lines: list[str], block: Block) -> list[str]:
    """The file's lines with the block put where its comment says."""
    assert block.how is not None and block.how.startswith("replace"), block.how
    anchors = quoted(block.how)
    start = next(i for i, line in enumerate(lines) if line.startswith(anchors[0]))
    if len(anchors) == 1:
        end = start + 1
    else:
        end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(anchors[1]))
        while not lines[end - 1].strip():  # the blank lines before the next part stay
            end -= 1
    return lines[:start] + block.body.splitlines() + lines[end:]


def checkout(folder: Path) -> dict[str, str]:
    """A copy of the checkout in `folder` and an environment whose `jassdsl` runs that copy.
    The package's bytecode is copied with it (conftest writes it once per session; the
    copies keep their sources' times, which Python checks against the bytecode): each
    command of the tutorial would otherwise compile every module again. The corpus comes
    too, so the pages that quote its figures are the project's, and the strength runs, so
    the strength page is the project's."""
    for part in ("jassdsl", "rules", "docs", "tests/corpus"):
        shutil.copytree(ROOT / part, folder / part)
    (folder / "bench" / "results").mkdir(parents=True)
    shutil.copy(ROOT / "bench" / "results" / "strength.json", folder / "bench" / "results")
    shutil.copy(ROOT / "mkdocs.yml", folder / "mkdocs.yml")
    bin_dir = folder / ".bin"
    bin_dir.mkdir()
    shim = bin_dir / "jassdsl"
    shim.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m jassdsl "$@"\n')
    shim.chmod(0o755)
    return dict(os.environ, PYTHONPATH=str(folder), NO_COLOR="1",
                PATH=os.pathsep.join([str(bin_dir), str(Path(sys.executable).parent),
                                      os.environ.get("PATH", "")]))


def run(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, shell=True, cwd=cwd, env=env, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=600)


@dataclass
class Followed:
    """The tutorial followed once in a copy of the checkout (conftest's `tutorial`)."""

    folder: Path
    target: Path  # the rule file the tutorial writes
    ran: list[str]  # the commands that ran, in order
    failure: AssertionError | None  # the step that went wrong (None: every step ran)

    @property
    def site(self) -> Path | None:
        """The site its step `mkdocs serve` built (run as `mkdocs build --strict`)."""
        built = self.failure is None and "mkdocs build --strict" in self.ran
        return self.folder / "site" if built else None


def follow(folder: Path) -> Followed:
    """The English steps, which are the German ones (see the module's docstring), run in
    a copy of the checkout made in `folder`; a failing step ends the run."""
    env = checkout(folder)
    steps = blocks(TUTORIALS[0])
    commands = [line for b in steps if b.lang == "sh" for line in b.body.splitlines()]
    checked = next(c.split()[-1] for c in commands if c.startswith("jassdsl check "))
    target = folder / checked
    ran: list[str] = []
    try:
        for block in steps:
            if block.lang == "jass":
                lines = edit(target.read_text(encoding="utf-8").splitlines(), block)
                target.write_text("\n".join(lines) + "\n", encoding="utf-8")
            elif block.lang == "text" and block.how and block.how.startswith("output of check"):
                typo, word = quoted(block.how)
                check_error_example(folder, env, target, block.body, typo, word)
            elif block.lang == "sh":
                for command in block.body.splitlines():
                    if command == "mkdocs serve":
                        command = "mkdocs build --strict"
                    done = run(command, folder, env)
                    assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}" \
                                                 f"\n{done.stderr[-2000:]}"
                    ran.append(command)
    except AssertionError as failure:
        return Followed(folder, target, ran, failure)
    return Followed(folder, target, ran, None)


def test_the_tutorial_works_as_written(tutorial: Followed) -> None:
    """Every step succeeds, and the new variant gets its pages and its menu entries. Its
    build is the session's site (conftest's `site`), which the docs and browser checks read."""
    if tutorial.failure is not None:
        raise tutorial.failure
    folder, variant = tutorial.folder, tutorial.target.stem
    assert any(c.startswith(f"jassdsl simulate {variant}") for c in tutorial.ran)
    assert (folder / "pages" / "en" / "variants" / f"{variant}.md").is_file()
    # a new rule file gets its page and its place in the menu with no other edit (the build
    # of the whole project that test_docs_build would otherwise make once more)
    name = re.search(r'^variant "(.*)"$', tutorial.target.read_text(encoding="utf-8"), re.M)
    assert name and name[1] not in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for lang in ("en", "de"):
        page = folder / "site" / lang / "variants" / variant / "index.html"
        assert html.escape(name[1], quote=False) in page.read_text(encoding="utf-8"), lang
        menu = (folder / "site" / lang / "index.html").read_text(encoding="utf-8")
        assert f"variants/{variant}/" in menu, lang


def check_error_example(folder: Path, env: dict[str, str], target: Path, shown: str,
                        typo: str, word: str) -> None:
    """Put the typo into the line the example quotes; check must print the example."""
    good = target.read_text(encoding="utf-8")
    wrong = shown.splitlines()[1].strip()
    lines = good.splitlines(keepends=True)
    at = [i for i, line in enumerate(lines) if line.strip() == wrong.replace(typo, word)]
    assert at, f"the example quotes a line the file does not have: {wrong}"
    lines[at[0]] = lines[at[0]].replace(word, typo)
    target.write_text("".join(lines), encoding="utf-8")
    try:
        done = run(f"jassdsl check {target.relative_to(folder)}", folder, env)
    finally:
        target.write_text(good, encoding="utf-8")
    assert done.returncode == 1
    assert done.stderr == shown


def test_every_jass_block_says_where_it_goes() -> None:
    """A block without its place could not be followed literally."""
    for tutorial in TUTORIALS:
        for block in blocks(tutorial):
            if block.lang == "jass":
                assert block.how and block.how.startswith("replace"), (tutorial, block.body)


def test_both_languages_run_the_same_steps() -> None:
    """The German and English tutorials build the same file with the same commands."""
    en, de = (blocks(t) for t in TUTORIALS)
    assert [(b.lang, b.body, b.how) for b in en] == [(b.lang, b.body, b.how) for b in de]


def test_mkdocs_serve_watches_the_rule_files() -> None:
    """The tutorial sends authors to `mkdocs serve` after editing a rule file."""
    from mkdocs.config import load_config

    config = load_config(str(ROOT / "mkdocs.yml"))
    watched = {Path(p).resolve() for p in config.watch}
    assert (ROOT / "rules").resolve() in watched
