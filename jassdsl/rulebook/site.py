"""The generated part of the rulebook site: which pages exist, their Markdown, the navigation.

Nothing here knows about MkDocs: `rulebook_pages` returns Markdown by site path, `site_nav`
returns the navigation as plain lists and dicts, and the MkDocs hook in docs/hooks/ only
hands these over. Another static-site generator could use the same two functions.
"""

from __future__ import annotations

import html
import re
import unicodedata
from pathlib import Path
from typing import Any

import jassdsl
from jassdsl.compile.compiler import compile_rules
from jassdsl.corpus.store import MANIFEST
from jassdsl.language.check import load_model
from jassdsl.registry import read_rule_text, rules_dir
from jassdsl.rulebook import safe
from jassdsl.rulebook.example import play_example
from jassdsl.rulebook.render import Variant, compare_page, corpus_table, variant_page
from jassdsl.rulebook.words import LANG_NAMES, LANGS, Lang

VARIANTS_DIR = "variants"
# Hand-written pages in every language tree, in navigation order, with their titles.
HAND_PAGES: tuple[tuple[str, dict[str, str]], ...] = (
    ("index.md", {"en": "Home", "de": "Start"}),
    ("install.md", {"en": "Install", "de": "Installieren"}),
    ("cards.md", {"en": "Cards and notation", "de": "Karten und Schreibweise"}),
    ("language.md", {"en": "The rule language", "de": "Die Regelsprache"}),
    ("playing.md", {"en": "Play a game", "de": "Spielen"}),
    ("tutorial.md", {"en": "Write your own variant", "de": "Eine eigene Variante schreiben"}),
    ("engine-authors.md", {"en": "For engine authors", "de": "Für Engine-Autoren"}),
    ("conformance.md", {"en": "Conformance", "de": "Konformität"}),
    ("corpus-changes.md", {"en": "Corpus changelog", "de": "Änderungen am Korpus"}),
    ("research.md", {"en": "For researchers", "de": "Für Forschende"}),
    ("strength.md", {"en": "How strong the bots are", "de": "Wie stark die Bots spielen"}),
)
SECTION = {"en": "Variants", "de": "Varianten"}
OVERVIEW = {"en": "All variants", "de": "Alle Varianten"}


def load_variant(path: Path) -> Variant:
    """Parse, check, compile and play the example of one rule file (raises RuleFileErrors)."""
    text = read_rule_text(path)
    shown = f"rules/{path.name}" if path.parent.name == "rules" else str(path)
    model = load_model(text, shown)
    rules = compile_rules(model)
    return Variant(path.stem, text, safe.shown(model), rules, play_example(rules))


def load_variants(directory: Path | None = None, names: list[str] | None = None) -> list[Variant]:
    """Every rule file of a directory (rules/ by default), or only the named ones, in the
    order of `reading_order`."""
    folder = directory or rules_dir()
    paths = sorted(folder.glob("*.jass"))
    if names:
        wanted = set(names)
        missing = wanted - {p.stem for p in paths}
        if missing:
            raise FileNotFoundError(f"no rule file for {', '.join(sorted(missing))} in {folder}")
        paths = [p for p in paths if p.stem in wanted]
    return sorted((load_variant(p) for p in paths), key=reading_order)


def reading_order(v: Variant) -> tuple[str, str]:
    """Variants in alphabetical order of their names, accents and case aside; a name that
    begins another comes first, so a base variant stands right before the variants named
    after it ('X', then 'X (Allmedias)' and 'X mit Bessern').
    The file name settles equal names."""
    plain = unicodedata.normalize("NFKD", html.unescape(v.model.name))
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold(), v.name


def variant_path(lang: Lang, name: str) -> str:
    return f"{lang}/{VARIANTS_DIR}/{name}.md"


def rulebook_pages(
    variants: list[Variant], langs: tuple[Lang, ...] = LANGS, compare: bool = True
) -> dict[str, str]:
    """Markdown of the generated pages by site path ('en/variants/NAME.md', ...)."""
    pages: dict[str, str] = {}
    for lang in langs:
        if compare:
            pages[f"{lang}/{VARIANTS_DIR}/index.md"] = compare_page(lang, variants)
        for v in variants:
            pages[variant_path(lang, v.name)] = variant_page(lang, v)
    return pages


def site_nav(variants: list[Variant], present: set[str]) -> list[dict[str, object]]:
    """One top-level section per language; hand-written pages only where they exist."""
    nav: list[dict[str, object]] = []
    for lang in LANGS:
        items: list[object] = []
        for page, titles in HAND_PAGES:
            path = f"{lang}/{page}"
            if path in present:
                items.append({titles[lang]: path})
            if page == "index.md":
                section: list[object] = [{OVERVIEW[lang]: f"{lang}/{VARIANTS_DIR}/index.md"}]
                section += [{v.model.name: variant_path(lang, v.name)} for v in variants]
                items.append({SECTION[lang]: section})
        nav.append({LANG_NAMES[lang]: items})
    return nav


# Figures of the conformance corpus that hand-written pages name as [[key]]; filled in from
# tests/corpus/manifest.json when the site is built, so the page never goes stale.
FIGURE = re.compile(r"\[\[([a-z-]+)\]\]")


def corpus_root(project: Path) -> Path:
    """The corpus of the project being built, or of the jassdsl checkout in use."""
    here = project / "tests" / "corpus"
    return here if (here / MANIFEST).is_file() else Path(jassdsl.__file__).parents[1] / \
        "tests" / "corpus"


def corpus_figures(lang: Lang, manifest: dict[str, Any]) -> dict[str, str]:
    """The version, the case counts and the table of cases per variant and kind."""
    counts: dict[str, dict[str, int]] = manifest.get("counts", {})
    return {
        "corpus-version": str(manifest.get("corpus_version", "?")),
        "corpus-protocol": str(manifest.get("protocol", "?")),
        "corpus-cases": str(manifest.get("total", sum(map(sum, (c.values() for c in
                                                                 counts.values()))))),
        "corpus-variants": str(len(counts)),
        "corpus-table": "\n".join(corpus_table(lang, counts)),
    }


def fill_figures(markdown: str, figures: dict[str, str]) -> str:
    """Every [[key]] of a page replaced by its figure; an unknown key is an error."""
    unknown = sorted({key for key in FIGURE.findall(markdown) if key not in figures})
    if unknown:
        raise KeyError(f"no corpus figure named {', '.join(unknown)}; figures: "
                       f"{', '.join(sorted(figures))}")
    return FIGURE.sub(lambda found: figures[found.group(1)], markdown)


def page_language(src_path: str) -> Lang:
    """The language of a page from its path: 'de/...' is German, everything else English."""
    first = src_path.replace("\\", "/").split("/", 1)[0]
    return "de" if first == "de" else "en"


def counterpart(src_path: str, present: set[str]) -> dict[Lang, str]:
    """For each language, the same page in that language (or that language's home page)."""
    path = src_path.replace("\\", "/")
    lang = page_language(path)
    rest = path.split("/", 1)[1] if path.startswith(f"{lang}/") else "index.md"
    out: dict[Lang, str] = {}
    for other in LANGS:
        candidate = f"{other}/{rest}"
        out[other] = candidate if candidate in present else f"{other}/index.md"
    return out


def write_pages(pages: dict[str, str], out: Path) -> list[Path]:
    """Write generated pages below `out`; returns the files written."""
    written = []
    for rel, text in sorted(pages.items()):
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return written
