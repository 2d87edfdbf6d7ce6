"""The corpus's parts of the rulebook site, filled into hand-written pages at build time:
the changelog (read from tests/corpus/README.md) and the conformance table (read from
docs/data/conformance.json, which `scripts/conformance_table.py` writes).

Pages name these as figures, ``[[corpus-changelog]]``, ``[[conformance-table]]`` and so
on (see `jassdsl.rulebook.site.fill_figures`), so the text around them stays hand-written
in each language while the facts come from the data.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from jassdsl.rulebook.words import Lang

CHANGELOG_SECTIONS = ("Ids, hashes and versions", "Changes for engine authors")
TABLE_DATA = Path("docs") / "data" / "conformance.json"
KINDS_SHOWN = ("legal", "trick", "hand", "game", "perft", "parse")
WORDS: dict[str, tuple[str, str]] = {
    "engine": ("Engine and its variants", "Engine und ihre Varianten"),
    "kind": ("Kind", "Art"),
    "variants": ("{n} variants", "{n} Varianten"),
    "passed": ("passed", "bestanden"),
    "failed": ("failed", "gescheitert"),
    "skipped": ("skipped", "ausgelassen"),
    "unsupported": ("not played", "nicht gespielt"),
    "cases": ("cases", "Fälle"),
    "case": ("case", "Fall"),
    "none": ("No differences: every case it plays passes.",
             "Keine Unterschiede: jeder Fall, den sie spielt, besteht."),
    "unexplained": ("not explained yet", "noch nicht erklärt"),
    "no corpus": ("This checkout has no corpus (`tests/corpus/`).",
                  "Dieser Checkout hat kein Korpus (`tests/corpus/`)."),
    "lacks": ("Says in its hello it does not play",
              "Sagt im Handschlag (in ihren eigenen, englischen Worten), sie spiele nicht"),
    "measured": ("measured with corpus {version}, {date}",
                 "gemessen mit Korpus {version}, {date}"),
    "skips": ("Skipped", "Ausgelassen"),
    "examples": ("for example", "zum Beispiel"),
    "probe": ("Beyond the corpus: {cases} Schieber positions and tricks ({per} from seeded "
              "games, {per} random positions, {per} hands of nothing but trumps, and the "
              "tricks of those games and {per} random ones; seed {seed}, answered by "
              "jassdsl): {passed} agree, {failed} differ.",
              "Ausserhalb des Korpus: {cases} Stellungen und Stiche des Schiebers (je {per} "
              "aus gesetzten Spielen, zufällige Stellungen und Hände aus lauter Trümpfen, "
              "dazu die Stiche dieser Spiele und {per} zufällige; Seed {seed}, beantwortet "
              "von jassdsl): {passed} stimmen überein, {failed} weichen ab."),
}


def word(lang: Lang, key: str) -> str:
    return WORDS[key][0 if lang == "en" else 1]


# --- the changelog ---------------------------------------------------------------------------
def sections(markdown: str) -> dict[str, str]:
    """The `## ` sections of a Markdown text by title (their bodies, headings excluded)."""
    out: dict[str, str] = {}
    parts = re.split(r"^## (.+)$", markdown, flags=re.MULTILINE)
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        out[title.strip()] = body.strip()
    return out


def changelog(readme: str) -> str:
    """The corpus's versions and what changed in each, from its README, as page Markdown
    (its sections one level down, under the page's own headings)."""
    found = sections(readme)
    missing = [t for t in CHANGELOG_SECTIONS if t not in found]
    if missing:
        raise KeyError(f"tests/corpus/README.md has no section {', '.join(missing)}")
    out = []
    for title in CHANGELOG_SECTIONS:
        body = re.sub(r"^(#+) ", r"\1# ", found[title], flags=re.MULTILINE)
        out += [f"### {title}", "", body, ""]
    return "\n".join(out)


# --- the conformance table ----------------------------------------------------------------------
def read_table(project: Path) -> dict[str, Any]:
    path = project / TABLE_DATA
    if not path.is_file():
        return {"engines": []}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def cell(counts: dict[str, int]) -> str:
    if not any(counts.get(k, 0) for k in ("passed", "failed", "skipped")):
        return "\u2013"  # an en dash: not played
    return f"{counts.get('passed', 0)} / {counts.get('failed', 0)} / {counts.get('skipped', 0)}"


def conformance_table(lang: Lang, data: dict[str, Any]) -> str:
    """Per engine and kind: passed / failed / skipped (cases its hello leaves out: a dash).
    The variants stand under the engine's name, so that every kind fits beside it."""
    head = [word(lang, "engine"), *[f"`{k}`" for k in KINDS_SHOWN]]
    rows = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for engine in data.get("engines", []):
        kinds = engine["by_kind"]
        variants = engine.get("variants", [])
        many = len(variants) > 3
        played = (word(lang, "variants").format(n=len(variants)) if many
                  else ", ".join(f"`{v}`" for v in variants))
        rows.append("| " + " | ".join([f"**{engine['engine']}**<br>{played}", *[
            cell(kinds.get(k, {})) for k in KINDS_SHOWN]]) + " |")
    when = word(lang, "measured").format(version=data.get("corpus_version", "?"),
                                         date=data.get("measured", "?"))
    return "\n".join([*rows, "", f"*{when}*"])


def differences(lang: Lang, data: dict[str, Any]) -> str:
    """Each engine with what it lacks, what it skips and every difference explained."""
    out: list[str] = []
    for engine in data.get("engines", []):
        out += [f"### {engine['engine']}", ""]
        text = engine.get("about", {}).get(lang)
        if text:
            out += [text, ""]
        lacks = engine.get("lacks", {}).get(lang)
        if lacks:
            out += [f"{word(lang, 'lacks')}: {lacks}", ""]
        for reason, n in engine.get("skipped", {}).items():
            cases = word(lang, "case" if n == 1 else "cases")
            out += [f"- {word(lang, 'skips')} ({n} {cases}): {reason}"]
        if engine.get("skipped"):
            out.append("")
        found = engine.get("differences", [])
        if not found:
            out += [word(lang, "none"), ""]
        out += [difference_item(lang, d) for d in found]
        probe = engine.get("probe")
        if probe:
            settings = data.get("probe", {})
            out += ["", word(lang, "probe").format(cases=probe["cases"],
                                                   per=settings.get("per_source", "?"),
                                                   seed=settings.get("seed", "?"),
                                                   passed=probe["passed"],
                                                   failed=probe["failed"]), ""]
            out += [difference_item(lang, d) for d in probe["differences"]]
        out.append("")
    return "\n".join(out)


def difference_item(lang: Lang, d: dict[str, Any]) -> str:
    """One known difference: its title, how many cases, examples (case ids, or the
    position of a probe), and which reading is right."""
    title = d["title"][lang] if d["title"] else word(lang, "unexplained")
    n = word(lang, "case" if d["cases"] == 1 else "cases")
    shown = [f"`{e}`" if isinstance(e, str) else
             f"`{json.dumps(e['input'], separators=(',', ':'))}`" for e in d["examples"]]
    return (f"- **{title}** ({d['cases']} {n}; {word(lang, 'examples')} {', '.join(shown)}): "
            f"{d['text'][lang]}")


def figures(lang: Lang, project: Path, corpus: Path) -> dict[str, str]:
    """The figures the corpus pages name, for a page in `lang`."""
    data = read_table(project)
    readme = corpus / "README.md"
    return {
        "corpus-changelog": (changelog(readme.read_text(encoding="utf-8")) if readme.is_file()
                             else word(lang, "no corpus")),
        "conformance-table": conformance_table(lang, data),
        "conformance-differences": differences(lang, data),
        "conformance-corpus": str(data.get("corpus_version", "?")),
    }
