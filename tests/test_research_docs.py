"""The research page (docs/en/research.md, docs/de/research.md): its Python runs, both
languages show the same code, and its figures are those of the committed run."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = {lang: ROOT / "docs" / lang / "research.md" for lang in ("en", "de")}
DATA = ROOT / "docs" / "assets" / "research"


def blocks(lang: str, kind: str = "python") -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", PAGES[lang].read_text("utf-8"), re.S)


def code(block: str) -> list[str]:
    """The lines of a block without comments (the languages comment differently)."""
    return [line.split("  #")[0].rstrip() for line in block.splitlines()
            if not line.lstrip().startswith("#")]


def test_both_languages_show_the_same_code() -> None:
    for kind in ("python", "sh"):
        assert [code(b) for b in blocks("en", kind)] == [code(b) for b in blocks("de", kind)]


def test_the_python_on_the_page_runs() -> None:
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyarrow")
    namespace: dict[str, object] = {}
    for block in blocks("en"):
        exec(compile(block, "research.md", "exec"), namespace)


def test_the_figures_on_the_page_are_the_committed_runs() -> None:
    data = json.loads((DATA / "house-rules.json").read_text("utf-8"))
    big, none = data["reports"]["big"], data["reports"]["none"]
    for lang in ("en", "de"):
        text = PAGES[lang].read_text("utf-8")
        commands = [" ".join(b.replace("\\\n", "").split()) for b in blocks(lang, "sh")]
        assert data["command"] in commands
        for report in (big, none):
            hands = report["hands_per_game"]
            assert f"| {hands['mean']} (95" in text
            low, high = hands["ci95"]
            assert f"{low:.2f}-{high:.2f}" in text
            rate = report["win_rates"]["P0+P2"]["rate"]
            assert f"{100 * rate:.1f}%" in text
        weis = big["weis_hands"]
        assert f"{100 * weis['rate']:.1f}%" in text
    assert (DATA / "house-rules.png").stat().st_size > 10_000
    assert big["games"] == none["games"] == 400
