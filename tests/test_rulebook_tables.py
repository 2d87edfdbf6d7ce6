"""Every variant page shows the card tables its rule file uses, with the engine's numbers.

Walks every file in rules/. What the page must show is read from the engine, not from the
renderer: the modes hands are really counted in (seeded random hands), the modes the compiled
rules allow, and per mode the rank order and card points of the compiled tables, once per
choice of every option (so a `card points T if OPTION = CHOICE` line shows as a column).
"""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path

import pytest
from test_rulebook import variant  # each rule file loaded once per session

from jassdsl.compile.compiler import CompiledRules, compile_rules
from jassdsl.core.cards import RANK_MASKS, RANKS, SUITS
from jassdsl.core.tables import MODE_INDEX, ModeTable
from jassdsl.engine import Game
from jassdsl.language.check import load_model
from jassdsl.rulebook.render import variant_page
from jassdsl.rulebook.words import LANGS, Lang, say

ROOT = Path(__file__).parents[1]
RULES = sorted((ROOT / "rules").glob("*.jass"))
HANDS = 24


def played_modes(rules: CompiledRules, seed: int = 5) -> set[int]:
    """The modes finished hands were counted in, over a few games of random legal play."""
    rng = random.Random(seed)
    seen: set[int] = set()
    for game_no in range(HANDS):
        game = Game(rules, seed=seed + game_no)
        while not game.results:
            game.apply(rng.choice(game.legal_actions()))
        if game.results:
            trump = game.results[0].trump
            number = rules.mode_names.index(trump) if trump in rules.mode_names else -1
            seen.add(number if number >= 0 else 4 if rules.fallback is None else rules.fallback)
    return seen


def page_tables(page: str, lang: Lang) -> dict[str, list[list[str]]]:
    """The card tables of a page by name: rows of (rank, points column, ...)."""
    cards = page.split(f"## {say(lang, 'h.cards')}")[1].split("\n## ")[0]
    found: dict[str, list[list[str]]] = {}
    for name in ("trump", "side", "obenabe", "undenufe"):
        head = f"### {say(lang, 'table.' + name)}\n"
        if head not in cards:
            continue
        block = cards.split(head)[1].split("###")[0]
        rows = []
        for line in block.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            # the rank as written (the French pack's span where the packs differ)
            rank = re.match(r'\*\*(?:<span class="jc-fr">)?(\w+)', cells[1]) \
                if len(cells) > 2 else None
            if line.startswith("| ") and rank:
                rows.append([rank.group(1), *cells[2:]])
        found[name] = rows
    return found


def expected(table: ModeTable, suit: int) -> list[tuple[str, int]]:
    """One suit of a compiled table, strongest card first: (rank, points); the ranks of
    its pack only (a page leaves out a rank the pack lacks, and shows a rank that another
    suit still has: the pack without H6 keeps the Sixes of D, S and C)."""
    cards = sorted((c for c in range(suit * 9, suit * 9 + 9) if table.pack & RANK_MASKS[c % 9]),
                   key=lambda c: -table.strength[c])
    return [(RANKS[c % 9], table.points[c]) for c in cards]


def option_choices(path: Path) -> list[dict[str, int | str]]:
    rf = load_model(path.read_text(encoding="utf-8"), str(path))
    out: list[dict[str, int | str]] = [{}]
    for opt in rf.options:
        for choice in opt.choices:
            value = choice.number if choice.number is not None else choice.word()
            out.append({opt.name: value})
    return out


@functools.cache
def engine_facts(path: Path) -> tuple[frozenset[int], tuple[tuple[dict[str, int | str],
                                                                 CompiledRules], ...]]:
    """What the pages of both languages are checked against, found once per file: the
    modes hands were counted in, and the rules compiled for every option choice."""
    v = variant(path)
    return frozenset(played_modes(v.rules)), tuple(
        (chosen, compile_rules(v.model, chosen)) for chosen in option_choices(path))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_every_page_has_the_tables_its_file_uses(path: Path, lang: Lang) -> None:
    v = variant(path)
    tables = page_tables(variant_page(lang, v), lang)
    played, compiled = engine_facts(path)
    assert played <= set(v.rules.playable_modes)
    assert v.rules.playable_modes, path.stem
    for chosen, rules in compiled:
        # a mode the file defines plays its tricks in its parts: their tables show
        parts = {part for mode in rules.playable_modes for part in rules.mode_schedule.parts(mode)}
        for mode in sorted(parts):
            names = [("trump", mode), ("side", (mode + 1) % 4)] if mode < len(SUITS) else \
                [("obenabe" if mode == MODE_INDEX["obenabe"] else "undenufe", 0)]
            for name, suit in names:
                assert name in tables, f"{path.stem} ({lang}): no table '{name}'"
                rows = tables[name]
                want = expected(rules.modes[mode], suit)
                assert [r[0] for r in rows] == [rank for rank, _ in want], (path.stem, name)
                columns = [[int(r[i]) for r in rows] for i in range(1, len(rows[0]))]
                assert [p for _, p in want] in columns, (path.stem, name, chosen)


def test_handjass_pages_show_trump_and_side_tables() -> None:
    """The bug this file was written for: turned-card trump drew no tables at all."""
    for name in ("handjass", "handjass-bessern"):
        v = variant(ROOT / "rules" / f"{name}.jass")
        for lang in LANGS:
            assert set(page_tables(variant_page(lang, v), lang)) == {"trump", "side"}
