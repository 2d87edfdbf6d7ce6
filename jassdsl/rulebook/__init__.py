"""The rulebook: every variant's rules as Markdown pages in English and German.

`load_variants` reads rule files, `rulebook_pages` renders the pages by site path, and
`site_nav` gives the site's navigation. `jassdsl docs` writes the pages to a folder; the
MkDocs hook in docs/hooks/ feeds them to the site build.
"""

from jassdsl.rulebook.site import load_variants, rulebook_pages, site_nav, write_pages

__all__ = ["load_variants", "rulebook_pages", "site_nav", "write_pages"]
