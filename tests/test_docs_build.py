"""The rulebook site: `mkdocs build --strict` of the real project, read back as HTML.

The project is built once per session (the `site` fixture in conftest.py, shared with the
browser check): the tutorial's build, of a copy of the checkout with the tutorial's one new
rule file (test_tutorial.py, which checks that the new file gets its page and its menu
entry with no other edit). Two more small builds work on copies of the project: one with
a broken link and one with a broken rule file (both must fail).
"""

from __future__ import annotations

import functools
import json
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from sitebuild import build

ROOT = Path(__file__).parents[1]
RULES = sorted((ROOT / "rules").glob("*.jass"))
LANGS = ("en", "de")


def copy_project(target: Path, rules: list[Path]) -> Path:
    """mkdocs.yml, docs/ and the given rule files, as a project of its own."""
    target.mkdir()
    shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    shutil.copytree(ROOT / "docs", target / "docs")
    (target / "rules").mkdir()
    for path in rules:
        shutil.copy(path, target / "rules" / path.name)
    return target


def small_project(target: Path, rules: list[Path]) -> Path:
    """The project with few pages: mkdocs.yml, the site's own parts of docs/ (the hook, the
    templates, the assets), per language a short home page and one hand-written page, and
    the given rule files. A check of what a build does with a rule file or a link needs
    no more, and builds a few pages instead of every hand-written one."""
    target.mkdir()
    shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    docs = target / "docs"
    shutil.copytree(ROOT / "docs", docs, ignore=lambda folder, names: [
        name for name in names if Path(folder) == ROOT / "docs" and name in LANGS])
    for lang in LANGS:
        (docs / lang).mkdir()
        home = (ROOT / "docs" / lang / "index.md").read_text(encoding="utf-8")
        (docs / lang / "index.md").write_text(home.split("\n", 1)[0] + "\n",
                                              encoding="utf-8")
        shutil.copy(ROOT / "docs" / lang / "cards.md", docs / lang / "cards.md")
    (target / "rules").mkdir()
    for path in rules:
        shutil.copy(path, target / "rules" / path.name)
    return target


class Page(HTMLParser):
    """The bits of a built page the tests look at."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.lang = ""
        self.links: list[tuple[str, str]] = []  # (hreflang, href) of the language switch
        self.classes: list[str] = []
        self.tables = 0
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang") or ""
        if tag == "a" and "rulebook-lang__link" in (a.get("class") or ""):
            self.links.append((a.get("hreflang") or "", a.get("href") or ""))
        if tag == "table":
            self.tables += 1
        if a.get("class"):
            self.classes.extend((a.get("class") or "").split())


@functools.cache
def parsed(path: Path) -> Page:
    """A built page, parsed once per session (the tests only read what it found)."""
    return Page(path.read_text(encoding="utf-8"))


def read(site: Path, rel: str) -> Page:
    return parsed(site / rel)


def pages(site: Path, lang: str) -> list[Path]:
    return sorted((site / lang).rglob("index.html"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_variant_has_a_page(site: Path, lang: str) -> None:
    for path in RULES:
        assert (site / lang / "variants" / path.stem / "index.html").is_file(), path.stem
    assert (site / lang / "variants" / "index.html").is_file()


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_declares_its_language(site: Path, lang: str) -> None:
    found = pages(site, lang)
    assert len(found) >= len(RULES) + 5
    for path in found:
        assert parsed(path).lang == lang, path


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_links_to_itself_in_the_other_language(site: Path, lang: str) -> None:
    other = "de" if lang == "en" else "en"
    for path in pages(site, lang):
        page = parsed(path)
        assert [h for h, _ in page.links] == [other], path
        target = (path.parent / page.links[0][1]).resolve() / "index.html"
        assert target.is_file(), (path, page.links)
        twin = path.relative_to(site / lang)
        if (site / other / twin).is_file():
            assert target == (site / other / twin).resolve()


@pytest.mark.parametrize("lang", LANGS)
def test_variant_pages_have_tables_and_highlighted_rules(site: Path, lang: str) -> None:
    for path in RULES:
        page = read(site, f"{lang}/variants/{path.stem}/index.html")
        assert page.tables >= 4, path.stem  # overview, cards, deal, tricks
        assert "language-jass" in page.classes
        for token_class in ("c1", "s2", "k", "nb", "mi"):  # comment, string, keyword, ...
            assert token_class in page.classes, (path.stem, token_class)


def test_the_comparison_page_links_every_variant(site: Path) -> None:
    text = (site / "en" / "variants" / "index.html").read_text(encoding="utf-8")
    for path in RULES:
        assert f'href="{path.stem}/"' in text


@pytest.mark.parametrize(("lang", "title"), [("en", "Jass rulebook"), ("de", "Jass-Regelbuch")])
def test_the_site_title_is_in_the_page_language(site: Path, lang: str, title: str) -> None:
    for path in [site / lang / "index.html", site / lang / "variants" / "schieber" / "index.html"]:
        text = path.read_text(encoding="utf-8")
        assert f" - {title}</title>" in text or f"<title>{title}</title>" in text, path
        assert f'class="md-ellipsis">\n          {title}' in text or title in text.split(
            'class="md-header__topic"')[1][:200], path


def test_the_english_site_title_is_the_one_of_mkdocs_yml() -> None:
    assert "\nsite_name: Jass rulebook\n" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_engine_authors_page_gives_the_corpus_figures(site: Path, lang: str) -> None:
    manifest = json.loads((ROOT / "tests" / "corpus" / "manifest.json").read_text("utf-8"))
    text = (site / lang / "engine-authors" / "index.html").read_text(encoding="utf-8")
    assert f"{manifest['total']}" in text and manifest["corpus_version"] in text
    assert f'"corpus": "{manifest["corpus_version"]}"}}</code>' in text
    for variant, counts in manifest["counts"].items():
        row = f"<code>{variant}</code></td>\n<td>" + "</td>\n<td>".join(
            str(counts[k]) for k in sorted(counts))
        assert row in text, variant


def test_no_page_keeps_a_figure_unfilled(site: Path) -> None:
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert "[[corpus-" not in text and "[[strength-" not in text, path


@pytest.mark.parametrize("lang", LANGS)
def test_the_strength_page_is_built_from_the_runs(site: Path, lang: str) -> None:
    """Every run of bench/results/strength.json is a row of the page, with its games and
    wins, in both languages; so is every duplicate run, with its hands."""
    data = json.loads((ROOT / "bench" / "results" / "strength.json").read_text("utf-8"))
    text = (site / lang / "strength" / "index.html").read_text(encoding="utf-8")
    assert data["cells"]
    for cell in data["cells"]:
        row = (f"<td>{cell['name']}</td>\n<td>{cell['level']}</td>\n<td>")
        assert row in text, cell["bots"]
        assert f">{cell['games']}</td>\n<td>{cell['wins']['count']} (" in text
    for run in data.get("duplicates", []):  # each duplicate run, with its hands' interval
        wins, gain = run["wins"], run["hand_difference"]
        assert f">{run['pairs']}</td>\n<td>{wins['count']} / {wins['of']} (" in text
        assert f"; n = {gain['n']})" in text


def test_generated_pages_are_not_committed() -> None:
    for lang in LANGS:
        assert not (ROOT / "docs" / lang / "variants").exists()


def test_the_site_root_offers_both_languages(site: Path) -> None:
    text = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="en/"' in text and 'href="de/"' in text


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    """The broken link is the build's one warning (the small project builds clean)."""
    project = small_project(tmp_path / "project", [ROOT / "rules" / "mittlere.jass"])
    index = project / "docs" / "en" / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\n[gone](no-such-page.md)\n",
                     encoding="utf-8")
    done = build(project, tmp_path / "site")
    assert done.returncode != 0
    assert "no-such-page.md" in done.stderr
    assert done.stderr.count("WARNING") == 1, done.stderr


def test_a_broken_rule_file_fails_the_build(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", [ROOT / "rules" / "mittlere.jass"])
    rule = project / "rules" / "mittlere.jass"
    rule.write_text(rule.read_text(encoding="utf-8").replace("winner: most sticks",
                                                             "winner: most stiks"),
                    encoding="utf-8")
    done = build(project, tmp_path / "site")
    assert done.returncode != 0
    assert "rules/mittlere.jass:" in done.stderr and "no unit 'stiks'" in done.stderr


def test_serve_watches_the_rule_files_and_the_hook_reads_them_again(tmp_path: Path) -> None:
    """`mkdocs serve` rebuilds when a file in rules/ changes, and the rebuild shows it."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import Files

    project = copy_project(tmp_path / "project", [ROOT / "rules" / "mittlere.jass"])
    config = load_config(str(project / "mkdocs.yml"))
    assert str(project / "rules") in [str(Path(w).resolve()) for w in config.watch]
    page = "en/variants/mittlere.md"

    def generated() -> str:
        files = config.plugins.on_files(Files([]), config=config)  # what every build runs
        return str(files.get_file_from_path(page).content_string)

    assert generated().startswith("# Mittlere\n")  # the listing below is escaped HTML
    rule = project / "rules" / "mittlere.jass"
    rule.write_text(rule.read_text(encoding="utf-8").replace(
        'variant "Mittlere"', 'variant "Mittlere, edited"'), encoding="utf-8")
    assert "# Mittlere, edited" in generated()
