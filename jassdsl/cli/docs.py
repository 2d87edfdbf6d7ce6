"""`jassdsl docs`: write the rulebook's generated Markdown pages to a folder.

The same pages the site build adds (see docs/hooks/rulebook.py): one page per variant and
language, and the comparison page when no variant is named. Useful to read the generated
wording of a new rule file without building the whole site.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from jassdsl.core.errors import JassError
from jassdsl.registry import rules_dir, variant_path
from jassdsl.rulebook.site import load_variant, load_variants, rulebook_pages, write_pages
from jassdsl.rulebook.words import LANGS, Lang


def register(sub: Any) -> None:
    p = sub.add_parser("docs", help="write the rulebook pages of variants as Markdown",
                       description="Render each variant's rulebook page (and, with no "
                                   "variant named, the comparison page) from its rule file.")
    p.add_argument("variants", nargs="*", metavar="VARIANT",
                   help="variant names or .jass paths (default: every file in rules/)")
    p.add_argument("--out", default="build/rulebook", metavar="DIR",
                   help="folder to write into (default: build/rulebook)")
    p.add_argument("--lang", choices=["en", "de", "both"], default="both",
                   help="language of the pages (default: both)")
    p.set_defaults(handler=run)


def languages(choice: str) -> tuple[Lang, ...]:
    return LANGS if choice == "both" else (choice,)  # type: ignore[return-value]


def run(args: argparse.Namespace) -> int:
    if args.variants:
        variants = [load_variant(path_of(name)) for name in args.variants]
    else:
        variants = load_variants(rules_dir())
    pages = rulebook_pages(variants, languages(args.lang), compare=not args.variants)
    for path in write_pages(pages, Path(args.out)):
        print(path)
    return 0


def path_of(name: str) -> Path:
    path = variant_path(name)
    if not path.is_file():
        raise JassError(f"no rule file at {path}")
    return path
