"""MkDocs hook: add the generated variant pages and the navigation to the site.

All rendering lives in `jassdsl.rulebook`; this file only hands its output to MkDocs. Rule
files are read from the rules/ folder next to mkdocs.yml, so a new rule file gets its page
with no other edit. A rule file with errors stops the build with the checker's message.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from jassdsl.core.errors import RuleFileErrors
from jassdsl.corpus.store import read_manifest
from jassdsl.rulebook.corpus_pages import figures as corpus_pages
from jassdsl.rulebook.reference import fill as fill_references
from jassdsl.rulebook.site import (
    FIGURE,
    corpus_figures,
    corpus_root,
    counterpart,
    fill_figures,
    load_variants,
    page_language,
    rulebook_pages,
    site_nav,
)
from jassdsl.rulebook.strength_page import figures as strength_page
from jassdsl.rulebook.words import say


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    rules = Path(config.config_file_path).parent / "rules"
    try:
        variants = load_variants(rules)
    except RuleFileErrors as err:
        raise PluginError(f"a rule file has errors:\n{err.render()}") from None
    for path, text in rulebook_pages(variants).items():
        files.append(File.generated(config, path, content=text))
    present = {f.src_uri for f in files.documentation_pages()}
    config["nav"] = site_nav(variants, present)
    return files


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig,
                    **_: Any) -> dict[str, Any]:
    """The site's title in the page's language (the header, the drawer and <title>)."""
    config["site_name"] = say(page_language(page.file.src_uri), "site.title")
    return context


def on_page_markdown(markdown: str, page: Page, files: Files, config: MkDocsConfig,
                     **_: Any) -> str:
    """Tell the templates the page's language and where its other-language twin is, and
    fill in the mechanisms' reference paragraphs and the corpus figures a hand-written
    page names."""
    present = {f.src_uri for f in files.documentation_pages()}
    page.meta["lang"] = page_language(page.file.src_uri)
    page.meta["alternates"] = {
        lang: files.get_file_from_path(path).url  # type: ignore[union-attr]
        for lang, path in counterpart(page.file.src_uri, present).items()
        if files.get_file_from_path(path) is not None
    }
    markdown = fill_references(markdown, page.meta["lang"])
    if FIGURE.search(markdown) is None:
        return markdown
    root = corpus_root(Path(config.config_file_path).parent)
    figures = corpus_figures(page.meta["lang"], read_manifest(root))
    figures |= corpus_pages(page.meta["lang"], Path(config.config_file_path).parent, root)
    figures |= strength_page(page.meta["lang"], Path(config.config_file_path).parent)
    try:
        return fill_figures(markdown, figures)
    except KeyError as err:
        raise PluginError(f"{page.file.src_uri}: {err.args[0]}") from None
