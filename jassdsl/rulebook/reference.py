"""The language reference's paragraphs that mechanisms carry (`Rulebook.reference`),
written into docs/*/language.md between `<!-- reference: NAME -->` and
`<!-- /reference -->`: the mkdocs hook rewrites them at build time, and a test holds the
committed pages to the generated text, so a mechanism's words live in its module alone."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from jassdsl.core.lang import Lang
from jassdsl.core.mechanism import Mechanism, installed

BLOCK = re.compile(r"(<!-- reference: (\w+) -->\n)(.*?)(<!-- /reference -->)", re.S)


def paragraph(mechanism: Mechanism, lang: Lang) -> str:
    """A mechanism's reference paragraph and its example, as the page shows them."""
    ref = mechanism.rulebook.reference
    if ref is None:
        raise ValueError(f"mechanism {mechanism.name!r} carries no reference")
    text = ref.text_en if lang == "en" else ref.text_de
    return f"{text.strip()}\n\n```jass\n{ref.example.strip()}\n```\n"


def fill(markdown: str, lang: Lang, mechanisms: Sequence[Mechanism] | None = None) -> str:
    """The page with every reference block rewritten from its mechanism's paragraph."""
    by_name = {x.name: x for x in (installed() if mechanisms is None else mechanisms)}

    def one(match: re.Match[str]) -> str:
        name = match.group(2)
        if name not in by_name:
            raise ValueError(f"no mechanism {name!r} for its reference block")
        return match.group(1) + paragraph(by_name[name], lang) + match.group(4)
    return BLOCK.sub(one, markdown)


def names_in(markdown: str) -> list[str]:
    """The mechanisms whose reference blocks a page holds."""
    return [m.group(2) for m in BLOCK.finditer(markdown)]


def main() -> None:
    """Rewrite the reference blocks of docs/*/language.md in place (run from the project's
    root: `python -m jassdsl.rulebook.reference`; the package's top installs the mechanisms)."""
    for lang in ("en", "de"):
        path = Path("docs") / lang / "language.md"
        path.write_text(fill(path.read_text(encoding="utf-8"), lang), encoding="utf-8")


if __name__ == "__main__":
    main()
