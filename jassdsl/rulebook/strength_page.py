"""The strength table of the searching bot, filled into the hand-written strength pages at
build time from bench/results/strength.json (which `scripts/strength_table.py` writes from
its `simulate` runs).

The pages name it as the figure ``[[strength-table]]`` (and ``[[strength-machine]]``), so
the text around it stays hand-written in each language while the figures come from the
runs: a page never shows a number no run gave.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jassdsl
from jassdsl.rulebook.words import Lang

RESULTS = Path("bench") / "results" / "strength.json"
WORDS: dict[str, tuple[str, str]] = {
    "family": ("Rule file", "Regeldatei"),
    "level": ("Level", "Stufe"),
    "against": ("against", "gegen"),
    "games": ("Games", "Spiele"),
    "wins": ("Won by the search bot (95% Wilson interval)",
             "Gewonnen vom Suchbot (95%-Wilson-Intervall)"),
    "shared": ("shared", "geteilt"),
    "chance": ("by chance", "durch Zufall"),
    "ms": ("CPU ms a decision", "CPU-ms je Entscheidung"),
    "jobs": ("jobs", "Prozesse"),
    "none": ("No runs yet: `python scripts/strength_table.py` makes them.",
             "Noch keine Läufe: `python scripts/strength_table.py` macht sie."),
    "heuristic": ("heuristic", "Heuristik"),
    "cell": ("`search:{level}` against {against}: {wins} of {games} games won ({rate}%, "
             "95% interval {low}-{high}%, with `--jobs {jobs}`), {ms} CPU ms a decision",
             "`search:{level}` gegen {against}: {wins} von {games} Spielen gewonnen ({rate} %, "
             "95-%-Intervall {low}-{high} %, mit `--jobs {jobs}`), {ms} CPU-ms pro Entscheidung"),
    "verdict": ("`search:{level}` against the heuristic: above chance (the interval's lower "
                "bound over the share of seats held) in {above} of the {run} families run "
                "({names})",
                "`search:{level}` gegen die Heuristik: über dem Zufall (die untere Grenze des "
                "Intervalls über dem Anteil der Plätze) in {above} der {run} gespielten "
                "Familien ({names})"),
    "not run": ("`search:{level}` against {against}: not run yet",
                "`search:{level}` gegen {against}: noch nicht gespielt"),
    "random": ("random", "Zufall"),
    "deals": ("Deals, each played from both sides", "Verteilungen, jede von beiden Seiten gespielt"),
    "gain": ("Advantage a hand, in the unit that decides the game (95% interval)",
             "Vorsprung pro Runde, in der Einheit, die das Spiel entscheidet (95-%-Intervall)"),
    "ms both": ("CPU ms a decision (mean, longest)",
                "CPU-ms je Entscheidung (Mittel, längste)"),
    "no duplicate": ("No duplicate runs yet: `python scripts/strength_table.py --duplicate "
                     "schieber:hard:search:medium` makes one.",
                     "Noch keine Duplikat-Läufe: `python scripts/strength_table.py --duplicate "
                     "schieber:hard:search:medium` macht einen."),
    "duplicate": ("`search:{level}` against {against}, {pairs} deals each played twice with "
                  "the seats swapped: {wins} of {games} games won ({rate}%, 95% interval "
                  "{low}-{high}%), a mean advantage of {gain} `{unit}` a hand over its "
                  "opponent (95% interval {glow} to {ghigh}, {hands} hands); {verdict}",
                  "`search:{level}` gegen {against}, {pairs} Verteilungen, jede zweimal mit "
                  "getauschten Plätzen gespielt: {wins} von {games} Spielen gewonnen ({rate} %, "
                  "95-%-Intervall {low}-{high} %), ein mittlerer Vorsprung von {gain} `{unit}` "
                  "pro Runde gegenüber seinem Gegner (95-%-Intervall {glow} bis {ghigh}, "
                  "{hands} Runden); {verdict}"),
    "stronger": ("stronger: the interval of its advantage lies above zero",
                 "stärker: das Intervall seines Vorsprungs liegt über null"),
    "weaker": ("weaker: the interval of its advantage lies below zero",
               "schwächer: das Intervall seines Vorsprungs liegt unter null"),
    "not shown": ("not shown stronger: the interval of its advantage holds zero",
                  "nicht als stärker gezeigt: das Intervall seines Vorsprungs enthält null"),
}


def word(lang: Lang, key: str) -> str:
    en, de = WORDS[key]
    return de if lang == "de" else en


def read_results(project: Path) -> dict[str, Any]:
    """The results of the project being built, or of the jassdsl checkout in use (a copy
    of docs/ and rules/ alone, as the tests build, has no bench/)."""
    path = project / RESULTS
    if not path.is_file():
        path = Path(jassdsl.__file__).resolve().parents[1] / RESULTS
    if not path.is_file():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def percent(x: float, lang: Lang) -> str:
    text = f"{100 * x:.1f}"
    return text.replace(".", ",") if lang == "de" else text


def opponent(lang: Lang, kind: str) -> str:
    if kind.startswith("search:"):
        return kind
    return word(lang, kind) if kind in ("heuristic", "random") else kind


def strength_table(lang: Lang, data: dict[str, Any]) -> str:
    """One row per run: the rule file, the level, the opponent, the games, the search
    bot's wins with their interval (and the share it would win by chance: the seats it
    held), and its mean time per decision."""
    cells = data.get("cells", [])
    if not cells:
        return word(lang, "none")
    head = (f"| {word(lang, 'family')} | {word(lang, 'level')} | {word(lang, 'against')} "
            f"| {word(lang, 'games')} | {word(lang, 'wins')} | {word(lang, 'ms')} |")
    lines = [head, "|---|---|---|--:|---|--:|"]
    for c in cells:
        wins = c["wins"]
        low, high = wins["ci95"]
        shared = f", {c['shared']} {word(lang, 'shared')}" if c["shared"] else ""
        ms = c["decision_ms"]
        ms_text = (f"{ms:.0f}" if ms >= 10 else f"{ms:.1f}") if ms is not None else "-"
        if lang == "de":
            ms_text = ms_text.replace(".", ",")
        lines.append(
            f"| {c['name']} | {c['level']} | {opponent(lang, c['opponent'])} | {c['games']} "
            f"| {wins['count']} ({percent(wins['rate'], lang)}%, {percent(low, lang)}-"
            f"{percent(high, lang)}%; {word(lang, 'chance')} "
            f"{percent(c['seat_share'], lang)}%{shared}) | {ms_text} |")
    return "\n".join(lines)


def number(x: float, lang: Lang) -> str:
    text = f"{x:+.1f}"
    return text.replace(".", ",") if lang == "de" else text


def ms_pair(ms: dict[str, Any], lang: Lang) -> str:
    if ms.get("mean") is None:
        return "-"
    text = f"{ms['mean']:.0f}, {ms['max']:.0f}"
    return text.replace(", ", "; ") if lang == "de" else text


def duplicate_table(lang: Lang, data: dict[str, Any]) -> str:
    """One row per duplicate run: the rule file, the level, the opponent, the deals, the
    games won with their interval, the advantage a hand with its interval, and the search
    bot's decision times (mean and longest)."""
    runs = data.get("duplicates", [])
    if not runs:
        return word(lang, "no duplicate")
    head = (f"| {word(lang, 'family')} | {word(lang, 'level')} | {word(lang, 'against')} "
            f"| {word(lang, 'deals')} | {word(lang, 'wins')} | {word(lang, 'gain')} "
            f"| {word(lang, 'ms both')} |")
    lines = [head, "|---|---|---|--:|---|---|--:|"]
    for d in runs:
        wins, gain = d["wins"], d["hand_difference"]
        low, high = wins["ci95"]
        glow, ghigh = gain["ci95"]
        lines.append(
            f"| {d['name']} | {d['level']} | {opponent(lang, d['opponent'])} | {d['pairs']} "
            f"| {wins['count']} / {wins['of']} ({percent(wins['rate'], lang)}%, "
            f"{percent(low, lang)}-{percent(high, lang)}%) "
            f"| {number(gain['mean'], lang)} `{d['unit']}` ({number(glow, lang)} .. "
            f"{number(ghigh, lang)}; n = {gain['n']}) | {ms_pair(d['decision_ms'], lang)} |")
    return "\n".join(lines)


def duplicate_sentence(lang: Lang, data: dict[str, Any], variant: str, level: str,
                       against: str) -> str | None:
    """A duplicate run in words, with what it shows (None: no such run)."""
    d = next((d for d in data.get("duplicates", []) if d["variant"] == variant
              and d["level"] == level and d["opponent"] == against), None)
    if d is None:
        return None
    wins, gain = d["wins"], d["hand_difference"]
    low, high = wins["ci95"]
    glow, ghigh = gain["ci95"]
    verdict = word(lang, "stronger" if glow > 0 else "weaker" if ghigh < 0 else "not shown")
    return word(lang, "duplicate").format(
        level=level, against=opponent(lang, against), pairs=d["pairs"], wins=wins["count"],
        games=wins["of"], rate=percent(wins["rate"], lang), low=percent(low, lang),
        high=percent(high, lang), gain=number(gain["mean"], lang), unit=d["unit"],
        glow=number(glow, lang), ghigh=number(ghigh, lang), hands=gain["n"], verdict=verdict)


def cell_sentence(lang: Lang, data: dict[str, Any], variant: str, level: str,
                  against: str) -> str:
    """One run of the table in words (for the goals the page states)."""
    cell = next((c for c in data.get("cells", []) if c["variant"] == variant
                 and c["level"] == level and c["opponent"] == against), None)
    if cell is None:
        return word(lang, "not run").format(level=level, against=opponent(lang, against))
    wins = cell["wins"]
    low, high = wins["ci95"]
    ms = cell["decision_ms"]
    ms_text = f"{ms:.0f}" if ms is not None else "-"
    return word(lang, "cell").format(
        level=level, against=opponent(lang, against), wins=wins["count"],
        games=cell["games"], rate=percent(wins["rate"], lang), low=percent(low, lang),
        high=percent(high, lang), jobs=cell.get("jobs", 1), ms=ms_text)


def verdict(lang: Lang, data: dict[str, Any], level: str) -> str:
    """In how many families a level beat the heuristic beyond chance."""
    cells = [c for c in data.get("cells", []) if c["level"] == level
             and c["opponent"] == "heuristic"]
    above = [c["name"] for c in cells if c["wins"]["ci95"][0] > c["seat_share"]]
    return word(lang, "verdict").format(level=level, above=len(above), run=len(cells),
                                        names=", ".join(above) or "-")


def figures(lang: Lang, project: Path) -> dict[str, str]:
    """The figures the strength pages name, for a page in `lang`."""
    data = read_results(project)
    return {"strength-table": strength_table(lang, data),
            "strength-machine": str(data.get("machine", "?")),
            "strength-schieber-medium": cell_sentence(lang, data, "schieber", "medium",
                                                      "heuristic"),
            "strength-schieber-hard": cell_sentence(lang, data, "schieber", "hard",
                                                    "heuristic"),
            "strength-hard-medium": duplicate_sentence(lang, data, "schieber", "hard",
                                                       "search:medium")
            or cell_sentence(lang, data, "schieber", "hard", "search:medium"),
            "strength-duplicate": duplicate_table(lang, data),
            **{f"strength-verdict-{level}": verdict(lang, data, level)
               for level in ("easy", "medium", "hard")}}
