"""The generated rulebook pages, pinned whole as golden files: `tests/golden/rulebook/
NAME.LANG.md` for each variant page (without the rule file quoted at its end, which
test_rulebook.py compares with the file itself) and `index.LANG.md` for the comparison page.

A change of wording is reviewed as a diff: `pytest tests/test_rulebook_golden.py
--update-golden` rewrites the files from what the code makes now; `git diff tests/golden`
shows what a reader will see differently. How a construct reads (a snippet, in English
and German) is pinned in test_rulebook.py and test_rulebook_issue12.py instead.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from jassdsl.registry import rules_dir
from jassdsl.rulebook.site import load_variants, rulebook_pages
from jassdsl.rulebook.words import LANGS

GOLDEN = Path(__file__).parent / "golden" / "rulebook"
QUOTED_FILE = re.compile(r"^## (The rule file|Die Regeldatei)$", re.M)
PAGES: dict[str, str] = {}


def golden_name(site_path: str) -> str:
    """'en/variants/schieber.md' -> 'schieber.en.md'."""
    lang, _, page = site_path.split("/")
    return f"{page.removesuffix('.md')}.{lang}.md"


def pages() -> dict[str, str]:
    """The generated pages by golden file name, each rendered once per session."""
    if not PAGES:
        for path, text in rulebook_pages(load_variants()).items():
            PAGES[golden_name(path)] = QUOTED_FILE.split(text)[0]
    return PAGES


def expected_names() -> list[str]:
    """The golden files there must be: the comparison page and every variant's page."""
    names = ["index", *(p.stem for p in sorted(rules_dir().glob("*.jass")))]
    return [f"{name}.{lang}.md" for name in names for lang in LANGS]


@pytest.mark.parametrize("name", expected_names())
def test_the_page_is_its_golden_file(name: str, update_golden: bool) -> None:
    page = pages()[name]
    golden = GOLDEN / name
    if update_golden:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        golden.write_text(page, encoding="utf-8")
        return
    assert golden.is_file(), (f"no golden file {golden.name}: run `pytest "
                              "tests/test_rulebook_golden.py --update-golden` and review it")
    want = golden.read_text(encoding="utf-8")
    if page != want:
        diff = difflib.unified_diff(want.splitlines(), page.splitlines(),
                                    f"golden/{name}", "generated now", lineterm="", n=1)
        pytest.fail(f"the page differs from tests/golden/rulebook/{name} (if the change is "
                    "meant, run `pytest tests/test_rulebook_golden.py --update-golden` and "
                    "review `git diff tests/golden`):\n" + "\n".join(list(diff)[:60]))


def test_every_golden_file_belongs_to_a_page(update_golden: bool) -> None:
    """A golden file of a page that is gone (a renamed or removed rule file) goes too."""
    stale = sorted({p.name for p in GOLDEN.glob("*.md")} - set(expected_names()))
    if update_golden:
        for name in stale:
            (GOLDEN / name).unlink()
        return
    assert not stale, f"golden files of no page: {stale} (`--update-golden` removes them)"
