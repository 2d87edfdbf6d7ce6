"""The rulebook renderer: pages from rule files, prose from expressions, the docs' examples.

The page tests check structure and consistency (every clause appears, in order; the worked
example is a legal, complete hand whose points add up); the pages' text is pinned whole in
tests/golden/rulebook/ (test_rulebook_golden.py). The wording tests pin a few sentences that
are the specification of how a construct reads.
"""

from __future__ import annotations

import hashlib
import html
import re
import string
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from snippets import NAMED, completed

from jassdsl.cli import main
from jassdsl.compile.compiler import CompiledRules, names_used
from jassdsl.core import model as m
from jassdsl.language.check import load_model
from jassdsl.language.facts import FACTS
from jassdsl.mechanisms.auction import index_of
from jassdsl.mechanisms.weis import weis_in
from jassdsl.registry import load_rules
from jassdsl.rulebook.cardview import card_mark
from jassdsl.rulebook.expressions import Speaker, formula
from jassdsl.rulebook.grammar_words import UNIT_DE
from jassdsl.rulebook.render import Variant, cap, compare_page, in_lang, variant_page
from jassdsl.rulebook.site import (
    counterpart,
    load_variant,
    load_variants,
    page_language,
    rulebook_pages,
    site_nav,
)
from jassdsl.rulebook.words import LANGS, TEXT, say

ROOT = Path(__file__).parents[1]
RULES = sorted((ROOT / "rules").glob("*.jass"))
DOCS = ROOT / "docs"
# the rule texts, beside the checkout (or its worktree folder) where we work
SEEDS = next((p for p in (ROOT.parent / "shared" / "seeds", ROOT.parents[1] / "shared" / "seeds")
              if p.is_dir()), ROOT.parent / "shared" / "seeds")
SEED_SHINGLES = ROOT / "tests" / "fixtures" / "seed-shingles.txt"  # their fingerprints, vendored
VARIANTS: dict[str, Variant] = {}


def variant(path: Path) -> Variant:
    """Load each rule file once per session."""
    if path.stem not in VARIANTS:
        VARIANTS[path.stem] = load_variant(path)
    return VARIANTS[path.stem]


# --- the phrase book ---------------------------------------------------------------------------
def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(TEXT))
def test_both_languages_fill_the_same_fields(key: str) -> None:
    en, de = TEXT[key]
    assert fields(en) == fields(de), key
    assert en.strip() and de.strip()


def test_every_unit_of_the_rule_files_has_a_german_word() -> None:
    for path in RULES:
        for unit in variant(path).model.units:
            assert unit.singular in UNIT_DE, f"{path.name}: no German word for {unit.singular}"


def test_the_renderer_knows_every_field_of_a_rule_file() -> None:
    """A new field in the model must get a place on the page (then add it here)."""
    rendered = {"path", "name", "summary", "summary_german", "sources", "decisions", "options", "players", "modes",
                "teams", "seating", "deal", "pack", "settings", "ranks", "points", "bonuses", "trump", "units",
                "declarations", "lets", "clauses", "scoring_pos", "invariants",
                "end", "winner", "piles", "show", "parts",
                "count_first", "german_names"}
    assert set(m.RuleFile.model_fields) == rendered


# --- variant pages ------------------------------------------------------------------------------
SECTIONS = {
    "en": ["Overview", "Cards, ranks and points", "How trump is set", "Playing to a trick",
           "Declarations before play", "Scoring a hand", "End of the game",
           "Options for house rules", "Sources and decisions", "Worked example",
           "The rule file"],
    "de": ["Überblick", "Karten, Rangfolge und Punkte", "Wie der Trumpf bestimmt wird",
           "Zugeben", "Ansagen vor dem Spiel", "Abrechnung einer Runde", "Spielende",
           "Optionen für Hausregeln", "Quellen und Entscheidungen", "Durchgespieltes Beispiel",
           "Die Regeldatei"],
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_variant_page_has_every_section_in_order(path: Path, lang: str) -> None:
    page = variant_page(lang, variant(path))  # type: ignore[arg-type]
    headings = re.findall(r"^## (.+)$", page, re.M)
    assert [h for h in headings if h in SECTIONS[lang]] == SECTIONS[lang]
    other = SECTIONS["de" if lang == "en" else "en"]
    assert not set(headings) & (set(other) - set(SECTIONS[lang]))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_variant_page_lists_the_clauses_in_file_order(path: Path, lang: str) -> None:
    v = variant(path)
    page = variant_page(lang, v)  # type: ignore[arg-type]
    scoring = page.split("\n## ")[[s.split("\n")[0] for s in page.split("\n## ")].index(
        SECTIONS[lang][5])]
    ids = re.findall(r"^\d+\. `([\w-]+)`", scoring, re.M)
    assert ids == [c.id for c in v.model.clauses]


@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_variant_page_shows_the_rule_file_and_titles(path: Path) -> None:
    v = variant(path)
    en = variant_page("en", v)
    listing = en.split('<td class="code">')[1]
    assert f'<span class="filename">rules/{path.stem}.jass</span>' in en
    assert html.unescape(re.sub(r"<[^>]*>", "", listing)).rstrip("\n") == v.text.rstrip("\n")
    for c in v.model.clauses:
        if c.title:
            assert f"*{c.title}*" in en
    for d in v.model.decisions:
        assert d.text in en and d.text in variant_page("de", v)


@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_german_prose_does_not_fall_back_to_formulas_where_english_does_not(path: Path) -> None:
    """Both languages render the same constructs in words; code spans appear in pairs."""
    v = variant(path)
    for c in v.model.clauses:
        en = Speaker("en", v.model).clause_text(c)
        de = Speaker("de", v.model).clause_text(c)
        assert en.count("`") == de.count("`"), (en, de)


def test_rendering_is_deterministic() -> None:
    path = RULES[0]
    again = load_variant(path)
    for lang in LANGS:
        assert variant_page(lang, variant(path)) == variant_page(lang, again)


# --- the worked example -----------------------------------------------------------------------
@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_worked_example_is_a_whole_hand_that_adds_up(path: Path) -> None:
    v = variant(path)
    ex, r = v.example, v.rules
    played = [c for row in ex.rows for c in row.cards]
    dealt = [c for hand in ex.hands for c in hand]
    assert sorted(played) == sorted(dealt)
    playing = len(ex.result.playing) or r.players  # a file may let players fold
    assert len(set(played)) == len(played) == playing * r.cards_each
    lead = ex.leads_first
    if r.lead_bidder:  # the highest bidder of the auction leads: the highest value of it
        bids = ex.result.declared[r.declarations[index_of(r)].name]
        lead = bids.index(max(bids))
    assert ex.rows[0].leader == lead
    for before, after in zip(ex.rows, ex.rows[1:], strict=False):
        assert after.leader == before.winner
    for row in ex.rows:
        assert len(row.cards) == playing and row.seats[0] == row.leader
        seat_of = dict(zip(row.cards, row.seats, strict=True))
        assert all(c in ex.hands[seat_of[c]] for c in row.cards)
    bonus = [p - s for p, s in zip(ex.result.points, ex.trick_sums, strict=True)]
    assert all(b >= 0 for b in bonus)
    assert sum(ex.trick_sums) == sum(row.points for row in ex.rows)
    assert ex.result.clause in {c.id for c in v.model.clauses}


@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_worked_example_table_matches_the_record(path: Path) -> None:
    v = variant(path)
    page = re.sub(r'<span class="rb-label">[^<]*</span> ', "", variant_page("en", v))
    rows = re.findall(r"^\| (\d+)(?: \((\w+)\))? \| P(\d) \| (.+?) \| P(\d) \| (\d+) \|$",
                      page, re.M)
    assert len(rows) == len(v.example.rows)
    for (no, mode, lead, cards, win, pts), row in zip(rows, v.example.rows, strict=True):
        assert (int(no), int(lead), int(win), int(pts)) == (row.number, row.leader,
                                                            row.winner, row.points)
        assert mode.lower() == row.mode  # a Slalom's trick shows the mode it is played in
        assert cards.count("**") == 2  # exactly one winning card in bold
        at = [cards.index(card_mark(c)) for c in row.cards]  # every card, in playing order
        assert at == sorted(at)
        assert [int(x) for x in re.findall(r"P(\d)&nbsp;", cards)] == list(row.seats)
    assert f"`{v.example.result.clause}`" in page.split("## Worked example")[1]


@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_worked_example_reasons_agree_with_the_engine(path: Path) -> None:
    """Every reason the example keeps is true of the hand: a forced card was played by
    its seat in its trick; an 'only' card leaves every other card of the hand excluded
    by a named statement; a trick needs a reason exactly where the highest card of the
    suit led did not win it, and a trump reason only where a trump won."""
    v = variant(path)
    ex = v.example
    for f in ex.forced:
        row = ex.rows[f.trick - 1]
        assert row.cards[row.seats.index(f.seat)] == f.card
        if f.only and not f.exception:
            before = [x for rw in ex.rows[:f.trick - 1] for x in rw.cards]
            # table cards: a face-down card is not held while the card on it lies there
            laid = ex.result.part("table_cards", "table_laid", ())
            down = [d for downs, ups in laid for d, u in zip(downs, ups, strict=False)
                    if u not in before]
            held = [c for c in ex.hands[f.seat] if c not in before and c not in down]
            assert sorted([f.card, *(c for _, cs in f.excluded for c in cs)]) == held
        assert f.only or f.exception or any(k == "undertrump" for k, _ in f.excluded)
    for row in ex.rows:
        card = row.cards[row.seats.index(row.winner)]
        led = row.cards[0] // 9
        face = min((c for c in row.cards if c // 9 == led), key=lambda c: c % 9)
        assert (row.won_by == "") == (card == face), row
        if row.won_by.startswith("trump"):
            assert card // 9 != led or row.won_by == "trump-order"


def test_the_reasons_are_said_in_both_languages() -> None:
    """The words cover every statement `play.excluded_reasons` names and every exception
    path the example tells, and each path is one of the corpus's legality paths."""
    from jassdsl.compile.play import FOLLOW, TRUMP_LED, UNDERTRUMP
    from jassdsl.corpus.coverage import PATHS
    from jassdsl.rulebook.example import EXCEPTIONS
    for reason in (FOLLOW, TRUMP_LED, UNDERTRUMP):
        assert f"ex.reason.{reason}" in TEXT
    for path in EXCEPTIONS:
        assert path in PATHS and f"ex.allowed.{path}" in TEXT


@pytest.mark.parametrize(("name", "lang", "said"), [
    ("schieber", "en", "the only legal card: trump was led and must be followed."),
    ("schieber", "de", "die einzige erlaubte Karte: die ausgespielte Farbe muss bedient"),
    ("schieber", "en", "the highest trump wins whatever suit was led."),
    ("differenzler", "en", "a lower trump: allowed, since the hand holds no card of the suit"),
    ("differenzler", "de", "(kein Untertrumpfen)"),
    ("misere-molotow", "en", "need not be played."),
    ("dreier-coiffeur", "en", "in Undenufe the cards of the suit led rank 6 7 8 9 10 J Q K A."),
    ("slalom", "de", "bei Undenufe gilt in der ausgespielten Farbe die Rangfolge 6 7 8"),
])
def test_worked_example_says_why(name: str, lang: str, said: str) -> None:
    """The heuristic bots' hand of a few files, said where a rule decided (seed 11)."""
    page = variant_page(lang, variant(ROOT / "rules" / f"{name}.jass"))
    why = page.split(say(lang, "ex.why"))[1].split("\n\n")[1]
    assert said in re.sub(r'<span class="jc-card".*?</span>(\w+)</span>', r"\1", why)


def test_first_void_example_names_the_card_that_set_trump() -> None:
    v = variant(ROOT / "rules" / "mittlere.jass")
    assert v.example.set_by_card is not None
    number, _seat, card = v.example.set_by_card
    row = v.example.rows[number - 1]
    led = row.cards[0] // 9
    assert card // 9 != led and card in row.cards
    assert all(c // 9 == r.cards[0] // 9 for r in v.example.rows[: number - 1] for c in r.cards)
    assert v.example.result.trump == "DHSC"[card // 9]


# --- wording: how constructs read --------------------------------------------------------------
def clause_of(snippet: str) -> tuple[m.RuleFile, m.Clause]:
    text = (ROOT / "rules" / "mittlere.jass").read_text(encoding="utf-8")
    start = text.index("score each hand")
    end = text.index("invariant")
    rf = load_model(text[:start] + snippet + "\n" + text[end:], "x.jass")
    return rf, rf.clauses[0]


@pytest.mark.parametrize(("snippet", "en", "de"), [
    ("  a: when one player has match then that player gets 2 sticks",
     "If exactly one player took every trick: that player gets 2 sticks.",
     "Wenn genau ein Spieler alle Stiche gemacht hat: dieser Spieler erhält 2 Striche."),
    ("  a: when one player has tricks = 0 then that player gets 1 potato, the others get 1 "
     "stick",
     "If exactly one player took no trick: that player gets 1 potato; every other player gets "
     "1 stick.",
     "Wenn genau ein Spieler keinen Stich gemacht hat: dieser Spieler erhält 1 Herdöpfel; "
     "jeder andere Spieler erhält 1 Strich."),
    ("  a: when two players have sharing = 2 then those players get 1 potato",
     "If exactly two players share the same card points: those players get 1 potato each.",
     "Wenn genau zwei Spieler gleich viele Punkte haben: diese Spieler erhalten je 1 "
     "Herdöpfel."),
    ("  a: otherwise then players with rank = 2 get 2 potatoes",
     "In every case: every player who ranks second in card points gets 2 potatoes.",
     "In jedem Fall: jeder Spieler, der nach Punkten auf dem zweiten Platz liegt, "
     "erhält 2 Herdöpfel."),
    ("  a: when hand = 1 or hand = 6 then every player gets 5 * tricks sticks",
     "If this is hand 1 or 6: every player gets 5 sticks for each trick they took.",
     "Wenn es Runde 1 oder 6 ist: jeder Spieler erhält 5 Striche für jeden gewonnenen Stich."),
    ("  a: otherwise then the sole player with least(points) gets 1 stick",
     "In every case: if exactly one player has the fewest card points, that player "
     "gets 1 stick.",
     "In jedem Fall: wenn genau ein Spieler die wenigsten Punkte hat, erhält "
     "dieser Spieler 1 Strich."),
    ("  a: otherwise then every player scores points + tricks",
     "In every case: every player scores sticks: 1 for each card point they took, plus 1 "
     "for each trick they took.",
     "In jedem Fall: jeder Spieler schreibt Striche an: 1 für jeden gewonnenen Punkt, "
     "plus 1 für jeden gewonnenen Stich."),
    ("  a: otherwise then every player scores points - tricks",
     "In every case: every player scores sticks equal to their card points minus the "
     "number of tricks they took.",
     "In jedem Fall: jeder Spieler schreibt so viele Striche an, wie seine "
     "Kartenpunkte minus die Zahl seiner Stiche beträgt."),
    ("  a: otherwise then every player scores points * tricks",
     "In every case: every player scores sticks equal to `points * tricks`.",
     "In jedem Fall: jeder Spieler schreibt so viele Striche an, wie `points * tricks` "
     "beträgt."),
])
def test_clause_wording(snippet: str, en: str, de: str) -> None:
    rf, clause = clause_of("score each hand, first rule that applies:\n" + snippet)
    assert Speaker("en", rf).clause_text(clause) == en
    assert Speaker("de", rf).clause_text(clause) == de


def test_an_unusual_expression_falls_back_to_its_formula() -> None:
    rf, clause = clause_of("score each hand, first rule that applies:\n"
                           "  a: when one player has tricks * tricks > hand * 3 then that "
                           "player gets 1 stick")
    assert "`tricks * tricks > hand * 3`" in Speaker("en", rf).clause_text(clause)
    assert "`tricks * tricks > hand * 3`" in Speaker("de", rf).clause_text(clause)


POS = m.Pos(line=1, column=1, end_line=1, end_column=2)
LEAVES = st.one_of(
    st.integers(0, 200).map(lambda v: m.Num(pos=POS, value=v)),
    st.sampled_from(["points", "tricks", "match", "last", "rank", "sharing", "hand",
                     "players"]).map(lambda n: m.Name(pos=POS, name=n)),
    st.just(m.Total(pos=POS, unit="sticks")),
    st.sampled_from(["hearts", "queens", "CK"]).map(
        lambda c: m.Call(pos=POS, func="won", args=(m.Name(pos=POS, name=c),))),
)


def extend(inner: st.SearchStrategy[m.Expr]) -> st.SearchStrategy[m.Expr]:
    ops = ["and", "or", "=", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/"]
    return st.one_of(
        st.builds(lambda o, a, b: m.Binary(pos=POS, op=o, left=a, right=b),
                  st.sampled_from(ops), inner, inner),
        st.builds(lambda a: m.Unary(pos=POS, op="not", arg=a), inner),
        st.builds(lambda f, a: m.Call(pos=POS, func=f, args=(a,)),
                  st.sampled_from(["most", "least", "abs", "count", "sum"]), inner),
        st.builds(lambda c, a, b: m.IfElse(pos=POS, cond=c, then=a, other=b),
                  inner, inner, inner),
        st.builds(lambda k, b: m.Quant(pos=POS, quantifier="count", count=k,
                                       subject="player", body=b), st.integers(1, 3), inner),
    )


EXPRS = st.recursive(LEAVES, extend, max_leaves=8)


@given(EXPRS)
def test_any_expression_renders_in_both_languages(e: m.Expr) -> None:
    rf = variant(ROOT / "rules" / "mittlere.jass").model
    for lang in LANGS:
        s = Speaker(lang, rf)  # type: ignore[arg-type]
        for text in (s.stmt(e).main(), s.stmt(e).sub(), s.pred(e).main(True),
                     s.amount(e, "sticks"), s.noun_phrase(e)[0]):
            assert text.strip()
            assert "None" not in text


def test_formula_round_trips_through_the_parser() -> None:
    for path in RULES:
        rf = variant(path).model
        text = path.read_text(encoding="utf-8")
        start = text.index("score each hand")
        end = text.index("\ninvariant", start)
        who = "team" if rf.teams else "player"
        for c in rf.clauses:
            if c.condition is None:
                continue
            # the clause alone in its own file, so that its lets and facts are known
            snippet = (f"score each hand, first rule that applies:\n  a: when "
                       f"{formula(c.condition)} then every {who} gets 1 {rf.units[0].plural}")
            again = load_model(text[:start] + snippet + text[end:], "x.jass").clauses[0]
            assert again.condition is not None
            assert formula(again.condition) == formula(c.condition)


# --- pages, navigation, languages ---------------------------------------------------------------
def test_pages_and_navigation_cover_every_variant(tmp_path: Path) -> None:
    variants = [variant(p) for p in RULES]
    pages = rulebook_pages(variants)
    for lang in LANGS:
        assert f"{lang}/variants/index.md" in pages
        for v in variants:
            assert f"{lang}/variants/{v.name}.md" in pages
    nav = site_nav(variants, {"en/index.md", "de/index.md", "en/engine-authors.md"})
    flat = str(nav)
    assert all(f"en/variants/{v.name}.md" in flat for v in variants)
    assert "en/engine-authors.md" in flat and "de/engine-authors.md" not in flat
    assert "en/cards.md" not in flat  # only pages that exist


def test_a_new_rule_file_gets_its_pages(tmp_path: Path) -> None:
    text = (ROOT / "rules" / "mittlere.jass").read_text(encoding="utf-8")
    (tmp_path / "house-mittlere.jass").write_text(
        text.replace('variant "Mittlere"', 'variant "House Mittlere"'), encoding="utf-8")
    pages = rulebook_pages(load_variants(tmp_path))
    assert pages["en/variants/house-mittlere.md"].startswith("# House Mittlere\n")
    assert "[House Mittlere](house-mittlere.md)" in pages["de/variants/index.md"]


def test_comparison_page_has_one_row_per_variant() -> None:
    variants = [variant(p) for p in RULES]
    for lang in LANGS:
        page = compare_page(lang, variants)  # type: ignore[arg-type]
        rows = [line for line in page.splitlines() if line.startswith("| [")]
        assert [re.match(r"\| \[(.+?)\]", r).group(1) for r in rows] == \
            [v.model.name for v in variants]  # type: ignore[union-attr]
        assert all(r.count("|") == 7 for r in rows)


def test_comparison_page_speaks_to_players() -> None:
    """No 'points; 1 clause' (it says nothing to a player); the golden page pins what the
    rows say."""
    variants = [variant(p) for p in RULES]
    for lang, clause in (("en", "clause"), ("de", "Regel")):
        page = compare_page(lang, variants)  # type: ignore[arg-type]
        assert not re.search(rf"\b{clause}(s|n)?\b", page)


# the bonuses a comparison cell lists: the compiled rules' amount, and the phrase's key
BONUSES = (("stoeck_bonus", "short.bonus.stoeck"), ("match_bonus", "short.bonus.match"),
           ("last_bonus", "short.bonus.last-trick"))


def compare_cells(lang: str, v: Variant) -> list[str]:
    """The cells of a variant's row of the comparison page, without their labels."""
    page = compare_page(lang, [v])  # type: ignore[arg-type]
    row = next(line for line in page.splitlines() if line.startswith("| ["))
    return [re.sub(r"<span class=\"rb-label\">[^<]*</span> ", "", c).strip()
            for c in row.strip("|").split(" | ")]


def plain(cell: str) -> str:
    """A cell with what is in brackets left out: what holds with the file's defaults."""
    return re.sub(r" \([^()]*\)", "", cell)


def cell_facts(r: CompiledRules) -> dict[str, tuple[int, object]]:
    """What the compiled rules play, each with the column of the comparison page that says
    it: players, Weis and each bonus, the number of hands."""
    facts: dict[str, tuple[int, object]] = {"players": (1, r.players),
                                            "weis": (4, weis_in(r, -1) is not None),
                                            "hands": (5, r.end_hands)}
    facts |= {key: (4, getattr(r, field)) for field, key in BONUSES}
    return facts


@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_every_cell_of_the_comparison_page_holds_with_the_defaults_and_names_its_options(
        path: Path) -> None:
    """Issue 18 §5: what a cell states (players, Weis and each bonus, the hands) is what
    the compiled rules play with the file's defaults; where a value of an option changes
    it (the rules compiled with that value), the cell names the option, and for Weis and a
    bonus the value too (`count-stoeck=yes`); an option the end of the game reads is named
    in the end's cell. Both languages."""
    v = variant(path)
    rf = v.model
    assert isinstance(rf, m.RuleFile)
    default = cell_facts(load_rules(str(path)))
    for lang in LANGS:
        cells = compare_cells(lang, v)
        scored = plain(cells[4])
        assert re.match(rf"{default['players'][1]}\b", plain(cells[1])), cells[1]
        assert ("Weis" in scored) == default["weis"][1], cells[4]
        for _, key in BONUSES:
            amount = default[key][1]
            name = say(lang, key, points="").strip()
            assert (name in scored) == bool(amount), (key, cells[4])
            assert not amount or say(lang, key, points=amount) in scored, (key, cells[4])
        if default["hands"][1] is not None:
            assert f" {default['hands'][1]} " in plain(cells[5]), cells[5]
        ends = names_used(rf.end) | {n for x in rf.parts.get("leave", ()) for n in names_used(x)}
        for option in rf.options:
            if option.name in ends:
                assert f"`{option.name}`" in cells[5], (option.name, cells[5])
            for choice in option.choices:
                value = choice.word()
                if value == option.default.word():
                    continue
                facts = cell_facts(load_rules(str(path), {option.name: choice.number
                                                          if choice.number is not None
                                                          else value}))
                for fact, (column, shown) in facts.items():
                    if shown == default[fact][1]:
                        continue
                    named = f"`{option.name}={value}`" if column == 4 else f"`{option.name}"
                    assert named in cells[column], (fact, option.name, value, cells[column])


def test_base_variants_come_before_their_variants() -> None:
    names = [v.model.name for v in load_variants()]
    assert names.index("Differenzler") + 1 == names.index("Differenzler (Allmedias)")
    assert names.index("Handjass") + 1 == names.index("Handjass mit Bessern")
    assert names.index("Molotow") + 1 == names.index("Molotow (Allmedias)")
    assert names == sorted(names, key=lambda n: n.replace("è", "e").casefold())


@pytest.mark.parametrize(("path", "lang"), [("de/variants/x.md", "de"), ("en/cards.md", "en"),
                                            ("index.md", "en"), ("de/index.md", "de")])
def test_page_language(path: str, lang: str) -> None:
    assert page_language(path) == lang


def test_counterpart_falls_back_to_the_home_page() -> None:
    present = {"en/a.md", "de/a.md", "en/b.md", "en/index.md", "de/index.md"}
    assert counterpart("en/a.md", present) == {"en": "en/a.md", "de": "de/a.md"}
    assert counterpart("en/b.md", present) == {"en": "en/b.md", "de": "de/index.md"}


# --- the command ---------------------------------------------------------------------------------
def test_docs_command_writes_the_pages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", "--out", str(tmp_path), "--lang", "de", "mittlere"]) == 0
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.md"))
    assert written == ["de/variants/mittlere.md"]
    assert "de/variants/mittlere.md" in capsys.readouterr().out


def test_docs_command_with_no_variant_writes_all(tmp_path: Path) -> None:
    assert main(["docs", "--out", str(tmp_path)]) == 0
    assert len(list(tmp_path.rglob("*.md"))) == 2 * (len(RULES) + 1)


def test_docs_command_rejects_an_unknown_variant(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", "--out", str(tmp_path), "no-such-variant"]) == 1
    assert "unknown variant" in capsys.readouterr().err


# --- the hand-written docs -------------------------------------------------------------------
BASE = """variant "Example"
players 4
deal all cards in packets of 3
first dealer: lot
next dealer: right
first lead: forehand
ranks trump:    J 9 A K Q 10 8 7 6
ranks side:     A K Q J 10 9 8 7 6
ranks obenabe:  A K Q J 10 9 8 7 6
ranks undenufe: 6 7 8 9 10 J Q K A
card points trump:    J 20, 9 14, A 11, K 4, Q 3, 10 10
card points side:     A 11, K 4, Q 3, J 2, 10 10
card points obenabe:  A 11, K 4, Q 3, J 2, 10 10, 8 8
card points undenufe: A 11, K 4, Q 3, J 2, 10 10, 8 8
bonus last-trick 5
trump: first void, else obenabe
follow: suit or trump
undertrump: weak
puur: exempt
unit point/points
score each hand, first rule that applies:
  most "the most card points":
      otherwise
      then players with most(points) get 1 point
game ends after 2 hands
winner: most points
"""
RULEBOOK_NAMED = {**NAMED, "unit": 2}


def complete(snippet: str) -> str:
    """A whole file as is; a snippet followed by the base statements it does not replace."""
    if re.search(r"^variant ", snippet, re.M) and re.search(r"^winner:", snippet, re.M):
        return snippet
    return completed(snippet, BASE, RULEBOOK_NAMED)


def jass_examples(page: Path) -> list[str]:
    return re.findall(r"^```jass\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S)


# The tutorial's blocks are edits of a copied file: tests/test_tutorial.py applies and runs them.
REFERENCE = [DOCS / "en" / "language.md", DOCS / "de" / "language.md"]
EXAMPLES = [(page, i, ex) for page in REFERENCE for i, ex in enumerate(jass_examples(page))]


@pytest.mark.parametrize(("page", "index", "example"), EXAMPLES,
                         ids=[f"{p.parent.name}-{p.stem}-{i}" for p, i, _ in EXAMPLES])
def test_docs_example_compiles(page: Path, index: int, example: str) -> None:
    from jassdsl.compile.compiler import compile_rules

    compile_rules(load_model(complete(example), f"{page.name}#{index}"))


def test_the_whole_file_example_needs_no_base() -> None:
    first = jass_examples(DOCS / "en" / "language.md")[0]
    assert complete(first) == first


def test_both_references_show_the_same_examples() -> None:
    assert jass_examples(DOCS / "en" / "language.md") == \
        jass_examples(DOCS / "de" / "language.md")


@pytest.mark.parametrize("lang", LANGS)
def test_reference_names_every_fact(lang: str) -> None:
    text = (DOCS / lang / "language.md").read_text(encoding="utf-8")
    missing = [name for name in FACTS if f"`{name}" not in text]
    assert missing == []


def test_reference_examples_use_every_keyword_of_the_grammar() -> None:
    grammar = (ROOT / "jassdsl" / "language" / "grammar.lark").read_text(encoding="utf-8")
    keywords = set(re.findall(r'"([a-z][a-z-]*)"', grammar))
    used = set(re.findall(r"[a-z][a-z-]*", "\n".join(jass_examples(DOCS / "en" /
                                                                   "language.md"))))
    assert sorted(keywords - used) == []


# --- our own words ------------------------------------------------------------------------------
def shingles(text: str, n: int = 8) -> set[str]:
    """The fingerprints of every run of n words (a short hash each: the fixture keeps the
    seed texts' fingerprints, never their sentences)."""
    words = re.findall(r"\w+", text.lower())
    return {hashlib.blake2b(" ".join(words[i:i + n]).encode(), digest_size=6).hexdigest()
            for i in range(len(words) - n + 1)}


def seed_shingles(update: bool) -> set[str]:
    """The seed texts' fingerprints from tests/fixtures (a clone has no ../shared/seeds);
    where the texts are beside the checkout, the fixture must be theirs."""
    header = "# 8-word fingerprints of ../shared/seeds (test_no_sentence_of_the_seed_texts" \
        "_is_copied; pytest --update-golden rewrites)\n"
    if SEEDS.is_dir():
        fresh = set().union(*(shingles(p.read_text(encoding="utf-8"))
                              for p in sorted(SEEDS.iterdir())))
        text = header + "".join(f"{h}\n" for h in sorted(fresh))
        if update:
            SEED_SHINGLES.write_text(text, encoding="utf-8")
        assert SEED_SHINGLES.read_text(encoding="utf-8") == text, (
            f"{SEED_SHINGLES.name} is not the fingerprints of {SEEDS}: run pytest "
            "tests/test_rulebook.py -k seed --update-golden")
    lines = SEED_SHINGLES.read_text(encoding="utf-8").splitlines()
    return {line for line in lines if not line.startswith("#")}


def test_no_sentence_of_the_seed_texts_is_copied(update_golden: bool) -> None:
    seed = seed_shingles(update_golden)
    assert len(seed) > 5000
    pages = rulebook_pages([variant(p) for p in RULES])
    docs = {str(p): p.read_text(encoding="utf-8") for p in DOCS.rglob("*.md")}
    phrases = [(f"{key}[{i}]", text) for key, pair in TEXT.items() for i, text in enumerate(pair)]
    for name, text in [*pages.items(), *docs.items(), *phrases]:
        common = shingles(text) & seed
        assert not common, f"{name} repeats a seed text (8 words in a row)"


def test_a_copied_sentence_is_found() -> None:
    text = next(p for p in sorted(SEEDS.iterdir())).read_text(encoding="utf-8") \
        if SEEDS.is_dir() else ""
    if text:
        assert shingles(text[:2000]) & seed_shingles(False)
    assert not shingles("our own words about the game, nothing else") & seed_shingles(False)


def test_weis_tables_and_stoeck_are_rendered() -> None:
    text = (ROOT / "rules" / "mittlere.jass").read_text(encoding="utf-8")
    weis = ('option table "which Weis table" default small choices small, big\n'
            "weis small: sequence 3 = 20, sequence 5 or more = 100, four J = 200; "
            "each card once\n"
            "weis big: sequence 3 = 20, four 9 = 150; cards may count twice\n"
            "weis: table\nbonus stoeck 20\n")
    path = Path("rules/weis-mittlere.jass")
    model = load_model(text.replace("unit stick/sticks", weis + "unit stick/sticks"),
                       str(path))
    from jassdsl.compile.compiler import compile_rules
    from jassdsl.rulebook.example import play_example

    rules = compile_rules(model)
    v = Variant("weis-mittlere", text, model, rules, play_example(rules))
    en, de = variant_page("en", v), variant_page("de", v)
    assert "## Weis" in en and "## Weis" in de
    assert "| 5 or more cards in sequence in one suit | 100 |" in en
    assert "| vier J (Bube/Under) | 200 |" in de and "| four 9 (Nine) | 150 |" in en
    assert "| vier 9 (Neun) | 150 |" in de and "(König/König)" not in de
    assert "The option `table` chooses the Weis table" in en and "Stöck" in en and "Stöck" in de


def test_german_texts_of_the_file_show_on_the_german_page(tmp_path: Path) -> None:
    fixtures = ROOT / "tests" / "fixtures" / "language"
    text = completed((fixtures / "german.jass").read_text(encoding="utf-8"),
                     (fixtures / "_base.jass").read_text(encoding="utf-8"))
    path = tmp_path / "german.jass"
    path.write_text(text, encoding="utf-8")
    v = load_variant(path)
    # the prose of each page, without the rule file quoted at its end
    de = variant_page("de", v).split("## Die Regeldatei")[0]
    en = variant_page("en", v).split("## The rule file")[0]
    for german in ("> Vier Spieler, jeder für sich", "Die Quellen nennen keine Länge",
                   "Anzahl Runden eines Spiels"):
        assert german in de and german not in en
    assert "The sources give no length" in en and "The sources give no length" not in de
    # a text without German shows in English on the German page, marked as such
    assert in_lang("de", "English only", "") == "*(englisch)* English only"
    assert in_lang("en", "English", "Deutsch") == "English"


def test_a_declaration_is_named_by_the_files_german_noun(tmp_path: Path) -> None:
    """`names in german: alone "das Solo" plural "Soli"`: the German page asks for the
    noun, lists the plural and fits the article; English cites the German word; the
    terminal takes the same noun. Without the file's words the value keeps its name."""
    from jassdsl.rulebook.textview import declared_noun

    fixtures = ROOT / "tests" / "fixtures" / "language"
    text = completed((fixtures / "german-names-declarations.jass").read_text(encoding="utf-8"),
                     (fixtures / "_base.jass").read_text(encoding="utf-8"))
    path = tmp_path / "names.jass"
    path.write_text(text, encoding="utf-8")
    v = load_variant(path)
    de, en = variant_page("de", v), variant_page("en", v)
    assert "die Frage *Solo?*" in de and "\nSoli: P0 " in de
    assert "eine Wette an" in de and "\nWetten: P0 " in de and "seiner Wette" in de
    assert "declares a wager (Wette):" in en and "\nWagers: P0 " in en
    assert (declared_noun(v.rules, "alone", "de"), declared_noun(v.rules, "alone")) == \
        ("Solo", "alone")
    path.write_text(re.sub(r"^names in german:.*$", "", text, flags=re.M), encoding="utf-8")
    plain = variant_page("de", load_variant(path)).split("## Die Regeldatei")[0]
    assert "Solo" not in plain and "einen Wert *wager*" in plain


def missing_german(rf: m.RuleFile) -> list[str]:
    """The header texts of a rule file that have no German text (or just the English one)."""
    texts = [("summary", rf.summary, rf.summary_german)]
    texts += [(f"decision {d.key}", d.text, d.german) for d in rf.decisions]
    texts += [(f"option {o.name}", o.description, o.german) for o in rf.options]
    texts += [(f"clause {c.id}", c.title or "", c.title_german) for c in rf.clauses]
    texts += [(f"invariant {i.id}", i.title or "", i.title_german) for i in rf.invariants]
    return [name for name, english, german in texts
            if english and (not german.strip() or german.strip() == english.strip())]


@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_every_rule_file_speaks_german(path: Path) -> None:
    """Each German page shows the file's own texts: a summary, a decision or an option
    without 'german "..."' would appear there in English, so a new rule file must bring
    its German texts along."""
    missing = missing_german(variant(path).model)  # the file as its pages read it
    assert not missing, f"rules/{path.name}: no German text for {', '.join(missing)}"


def test_a_rule_file_without_german_is_caught() -> None:
    text = (ROOT / "rules" / "schieber.jass").read_text(encoding="utf-8")
    stripped = re.sub(r'\n\s+german "[^"]*"| german "[^"]*"', "", text)
    rf = load_model(stripped, "rules/schieber.jass")
    assert missing_german(rf) == (["summary"] + [f"decision {d.key}" for d in rf.decisions]
                                  + [f"option {o.name}" for o in rf.options]
                                  + [f"clause {c.id}" for c in rf.clauses]
                                  + [f"invariant {i.id}" for i in rf.invariants])
    assert "decision stoeck" in missing_german(rf)


# English rule words that have no place in German prose (code, the rule-file listing and
# names the file's texts quote as 'name' aside).
ENGLISH = {"the", "and", "of", "with", "for", "every", "each", "player", "players", "point",
           "points", "trick", "tricks", "hand", "hands", "card", "cards", "trump", "stroke",
           "strokes", "stick", "sticks", "potato", "penalty", "penalties", "zero", "zeros",
           "blind", "stock", "small", "big", "yes", "none", "six", "ace", "score", "sign",
           "clause", "clauses", "action", "round", "rounds", "team", "teams", "winner", "bid",
           "estimate", "call", "table", "undertrump", "strict", "weak", "exempt", "lot",
           "forehand", "dealer", "last", "first", "most", "fewest", "common", "rules", "from",
           "takes", "gets", "scores", "who", "not", "one", "two", "three", "four"}


def german_prose(page: str) -> str:
    """The words of a German page a reader reads as German: no code, no rule file."""
    text = page.split("## Die Regeldatei")[0]
    text = re.sub(r"(`+).*?\1|<[^>]*>", " ", text)  # code spans and HTML tags
    text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets
    return re.sub(r"'[\w-]+'", " ", text)  # a name the file's text quotes


def english_words(page: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z]+", german_prose(page)) if w in ENGLISH}


def test_german_pages_speak_no_english() -> None:
    pages = rulebook_pages([variant(path) for path in RULES], langs=("de",))
    found = {path: english_words(text) for path, text in pages.items()}
    assert {path: words for path, words in found.items() if words} == {}


def test_english_words_on_a_german_page_are_found() -> None:
    assert english_words("Der Haufen *blind* zählt `points` nicht; 'stock' ist ein Name.\n"
                         "## Die Regeldatei\nthe points") == {"blind"}


@pytest.mark.parametrize(("snippet", "en", "de"), [
    ("invariant x: count(not playing and change(points) != 0) = 0",
     "Every player who does not play this hand has a gain in points this hand equal to 0",
     "Jeder Spieler, der diese Runde nicht mitspielt, hat einen Zuwachs an Punkten gleich 0"),
    ("invariant x: not (sum(bid) = 9)",
     "The bids of all players together do not add up to 9",
     "Die Gebote aller Spieler zusammen ergeben nicht 9"),
    ("invariant x: count(last = 0 and points > 100) <= 1",
     "did not take the last trick", "den letzten Stich nicht gemacht haben"),
])
def test_negations_read_without_a_double_negative(snippet: str, en: str, de: str) -> None:
    text = (ROOT / "rules" / "sticheln.jass").read_text(encoding="utf-8") + "\n" + snippet + "\n"
    rf = load_model(text, "x.jass")
    inv = rf.invariants[-1]
    said = {lang: cap(Speaker(lang, rf).stmt(inv.expr).main()) for lang in LANGS}
    assert en in said["en"] and de in said["de"], said
    for lang in LANGS:
        assert not re.search(r"not one of|not among|nicht zu denen|trifft nicht zu|"
                             r"not the case|^No .* not ", said[lang]), said[lang]


def test_handjass_reads_as_players_say_it() -> None:
    """What the Handjass pages must not say (the golden pages pin what they say)."""
    v = variant(ROOT / "rules" / "handjass.jass")
    en, de = variant_page("en", v), variant_page("de", v)
    # the game ends by leaving the table, and the first to leave wins: no "most strokes" line
    assert "The winner is the player with the most strokes" not in en
    assert "Es gewinnt der Spieler mit den meisten Strichen" not in de
    # a place among the players, said without "the highest value of the value"
    assert "Wert von *Wert*" not in de
    prose = en.split("## The rule file")[0]
    assert "The first scoring rule that applies is `" in prose
    assert not re.search(r"\bclauses?\b", re.sub(r"`[^`]*`", "", prose))


@pytest.mark.parametrize("name", ["handjass", "handjass-bessern"])
def test_handjass_pages_state_the_winner_rule_once(name: str) -> None:
    """The first to leave the table wins (Allmedias, Handjass); the page says so once and
    never also crowns the most strokes."""
    v = variant(ROOT / "rules" / f"{name}.jass")
    en, de = variant_page("en", v), variant_page("de", v)
    assert en.count("to leave the table wins") == 1 and "The winner is" not in en
    assert de.count("gewinnt, wer zuerst den Tisch verlässt") == 1
    assert "mit den meisten Strichen;" not in de and "Wer zuerst geht, gewinnt" not in de


@pytest.mark.parametrize(("op", "en", "de"), [
    ("=", "the option `target` is `2500`", "die Option `target` auf `2500` steht"),
    ("!=", "the option `target` is not `2500`", "die Option `target` nicht auf `2500` steht"),
    (">=", "the option `target` is at least `2500`", "die Option `target` mindestens `2500` ist"),
])
def test_an_option_compared_with_a_value_reads_as_the_option(op: str, en: str, de: str) -> None:
    """`target = 2500` is said as the option having that value, not as a formula that
    'holds' (Schieber's factor)."""
    rf = load_model((ROOT / "rules" / "schieber.jass").read_text(encoding="utf-8"),
                    "schieber.jass")
    pos = rf.options[0].pos
    e = m.Binary(pos=pos, op=op, left=m.Name(pos=pos, name="target"),
                 right=m.Num(pos=pos, value=2500))
    assert Speaker("en", rf).stmt(e).sub() == en
    assert Speaker("de", rf).stmt(e).sub() == de


def test_schieber_factor_names_the_option_target() -> None:
    for lang, said in (("en", "if either the option `target` is `2500` or the option"),
                       ("de", "wenn entweder die Option `target` auf `2500` steht oder")):
        page = variant_page(lang, variant(ROOT / "rules" / "schieber.jass"))
        prose = page.split(f"## {say(lang, 'h.file')}")[0]  # the file itself says it
        assert said in prose and "`target = 2500`" not in prose


def test_a_quoted_bracket_shows_as_a_bracket() -> None:
    """Bieter's German decision quotes «darf [wer gepasst hat] …»: the Markdown keeps the
    brackets inert as character references, and the HTML shows them as brackets."""
    from html.parser import HTMLParser

    import markdown

    class Text(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.parts: list[str] = []

        def handle_data(self, data: str) -> None:
            self.parts.append(data)

    page = variant_page("de", variant(ROOT / "rules" / "bieter.jass"))
    assert "&#91;wer gepasst hat&#93;" in page  # inert in the Markdown
    seen = Text()
    seen.feed(markdown.markdown(page, extensions=["attr_list", "md_in_html", "tables"]))
    text = "".join(seen.parts)
    assert "«darf [wer gepasst hat] nachträglich" in text and "&#91;" not in text
