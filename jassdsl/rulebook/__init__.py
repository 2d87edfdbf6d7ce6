"""The rulebook: every variant's rules as Markdown pages in English and German.

`load_variants` reads rule files, `rulebook_pages` renders the pages by site path, and
`site_nav` gives the site's navigation. `jassdsl docs` writes the pages to a folder; the
MkDocs hook in docs/hooks/ feeds them to the site build.

`textview` tells a game at the terminal in the same words, and the worked example is told
by it. The pages are loaded on first use, so that the vocabulary (`jassdsl.rulebook.words`)
can be read by `textview` without a circular import.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jassdsl.rulebook.site import load_variants, rulebook_pages, site_nav, write_pages

__all__ = ["load_variants", "rulebook_pages", "site_nav", "write_pages"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from jassdsl.rulebook import site

        return getattr(site, name)
    raise AttributeError(f"module 'jassdsl.rulebook' has no attribute {name!r}")
