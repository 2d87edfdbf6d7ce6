"""What the suite reads belongs to the repository. Every file in rules/ joins every
parametrised test, every rulebook page and the corpus notes, so a stray copy that git does
not track (an editor's backup, a half-written variant) must not lie there unnoticed."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from jassdsl.registry import rules_dir

ROOT = Path(__file__).resolve().parents[1]


def tracked(folder: Path) -> set[str] | None:
    """The files of a folder that git tracks; None outside a git checkout."""
    try:
        done = subprocess.run(["git", "ls-files", "-z", "--", "."], cwd=folder,
                              capture_output=True, text=True, check=False)
    except FileNotFoundError:  # no git on this machine
        return None
    if done.returncode != 0:
        return None
    return {name for name in done.stdout.split("\0") if name}


def untracked_rule_files(folder: Path) -> list[str]:
    known = tracked(folder)
    if known is None:
        if os.environ.get("CI"):
            pytest.fail(f"{folder} is not in a git checkout: cannot tell stray rule files")
        pytest.skip("not a git checkout")
    return sorted(p.name for p in folder.glob("*.jass") if p.name not in known)


def test_every_rule_file_is_tracked_by_git() -> None:
    stray = untracked_rule_files(rules_dir())
    assert not stray, (f"rules/ holds files git does not track: {', '.join(stray)}; every "
                       "test plays them: `git add` them or move them out of rules/")


def test_a_stray_rule_file_is_found(tmp_path: Path) -> None:
    if tracked(ROOT) is None:
        pytest.skip("git is not here to make a checkout")
    folder = tmp_path / "rules"
    folder.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=folder, check=True)
    (folder / "schieber.jass").write_text("variant x\n", encoding="utf-8")
    subprocess.run(["git", "add", "schieber.jass"], cwd=folder, check=True)
    (folder / "zz-copy.jass").write_text("variant x\n", encoding="utf-8")
    assert untracked_rule_files(folder) == ["zz-copy.jass"]
