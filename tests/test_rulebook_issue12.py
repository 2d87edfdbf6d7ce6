"""Wording pins from the pages of issue 12 (Bieter, Slalom, Trumpf doppelt, Coiffeur): how
a construct reads when a rule file is changed (a snippet, in English and German), and
what a page must never say. The sentences a reader checked on the shipped pages are
pinned whole in tests/golden/rulebook/ (test_rulebook_golden.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jassdsl.language.check import load_model
from jassdsl.rulebook.expressions import Speaker
from jassdsl.rulebook.render import Variant, variant_page
from jassdsl.rulebook.site import load_variant

ROOT = Path(__file__).parents[1]
PAGES: dict[str, Variant] = {}


def page(name: str, lang: str) -> str:
    """The prose of a variant's page (without the rule file quoted at its end), with the
    phone labels of stacked tables taken out."""
    if name not in PAGES:
        PAGES[name] = load_variant(ROOT / "rules" / f"{name}.jass")
    text = variant_page(lang, PAGES[name])
    text = re.split(r"## (The rule file|Die Regeldatei)", text)[0]
    return re.sub(r'<span class="rb-label">[^<]*</span> ', "", text)


def clause(name: str, key: str, lang: str, replace: tuple[str, str] = ("", "")) -> str:
    text = (ROOT / "rules" / f"{name}.jass").read_text(encoding="utf-8")
    rf = load_model(text.replace(*replace), f"{name}.jass")
    return Speaker(lang, rf).clause_text(next(c for c in rf.clauses if c.id == key))


def test_bieter_scoring_names_the_highest_bidder_and_the_team_of_the_highest_bidder() -> None:
    """How `one team has bidder` and `the team with bidder` read (a construct's wording,
    on the shipped file that uses both)."""
    assert clause("bieter", "made-match", "en") == (
        "If exactly one team has the highest bidder and took every trick and the bid of the "
        "highest bidder is 257: every team scores *contract*.")
    assert clause("bieter", "made-match", "de") == (
        "Wenn genau ein Team den Höchstbietenden stellt und alle Stiche gemacht hat und das "
        "Gebot des Höchstbietenden 257 beträgt: jedes Team schreibt *Vertragswert* an.")
    # `the team with bidder`: the one team of the highest bidder, not 'if exactly one team'
    assert clause("bieter", "failed", "en") == (
        "In every other case: the team of the highest bidder loses points equal to the bid of "
        "the highest bidder; every other team scores *contract*.")
    assert clause("bieter", "failed", "de") == (
        "In allen anderen Fällen: das Team des Höchstbietenden verliert so viele Punkte, wie "
        "das Gebot des Höchstbietenden beträgt; jedes andere Team schreibt *Vertragswert* an.")


def test_a_role_named_by_a_relative_clause_still_reads_in_a_target() -> None:
    swap = ("then the team with bidder loses", "then the team with chooser loses")
    assert clause("bieter", "failed", "en", swap).startswith(
        "In every other case: the team of the player who chose trump loses points")
    assert clause("bieter", "failed", "de", swap).startswith(
        "In allen anderen Fällen: das Team des Spielers, der den Trumpf gewählt hat, "
        "verliert so viele Punkte")


def test_steps_that_reach_the_top_name_no_extra_value(tmp_path: Path) -> None:
    text = (ROOT / "rules" / "bieter.jass").read_text(encoding="utf-8").replace(
        "from 60 to 157 in steps of 10", "from 60 to 150 in steps of 10")
    path = tmp_path / "bieter.jass"
    path.write_text(text, encoding="utf-8")
    en = variant_page("en", load_variant(path))
    assert "Only these numbers may be bid: 60, 70 and so on in steps of 10 up to 150." in en


@pytest.mark.parametrize(("lang", "first", "second", "note"), [
    ("en", "| 1 (Obenabe) | P0 |", "| 2 (Undenufe) | P2 |",
     "Beside each trick number is the mode the trick was played in: it decides which card "
     "wins it."),
    ("de", "| 1 (Obenabe) | P0 |", "| 2 (Undenufe) | P2 |",
     "Neben jeder Stichnummer steht die Spielart, in der der Stich gespielt wurde: sie "
     "entscheidet, welche Karte ihn macht."),
])
def test_slalom_example_shows_the_mode_of_each_trick(lang: str, first: str, second: str,
                                                      note: str) -> None:
    text = page("slalom", lang)
    assert first in text and second in text and note in text


def test_a_hand_in_one_mode_shows_no_mode_per_trick() -> None:
    assert "| 1 (" not in page("bieter", "en")
    assert "Beside each trick number" not in page("bieter", "en")


SCHIEBER_LET = "let mode-factor = 2 if multiplied and (in spades or in clubs)\n" \
    "    else 3 if multiplied and (in obenabe or in undenufe) else 1"


def factor(lang: str, let: str) -> str:
    text = (ROOT / "rules" / "schieber.jass").read_text(encoding="utf-8")
    assert SCHIEBER_LET in text
    rf = load_model(text.replace(SCHIEBER_LET, f"let mode-factor = {let}"), "schieber.jass")
    text = Speaker(lang, rf).let_value(next(x.expr for x in rf.lets if x.name == "mode-factor"))
    french = re.sub(r'<span class="jc-ch">[^<]*</span>', "", text)  # as the French pack reads
    return re.sub(r"</?span[^>]*>", "", re.sub(r"<svg.*?</svg>", "", french))  # suit marks


@pytest.mark.parametrize(("let", "en", "de"), [
    # as the rule file's (with the option for its let): a shared 'is trump' keeps the or
    # inside the and
    ("2 if trump-double and (in spades or in clubs) else 1",
     "2 if the option `trump-double` is `yes` and ♠︎ Spades or ♣︎ Clubs is trump, "
     "otherwise 1",
     "2, wenn die Option `trump-double` auf *ja* (`yes`) steht und ♠︎ Schaufel oder ♣︎ "
     "Kreuz Trumpf ist, sonst 1"),
    # brackets the other way: the and is a group, closed by a comma
    ("2 if (trump-double and in spades) or in clubs else 1",
     "2 if both the option `trump-double` is `yes` and ♠︎ Spades is "
     "trump, or ♣︎ Clubs is trump, otherwise 1",
     "2, wenn entweder sowohl die Option `trump-double` auf *ja* (`yes`) steht als auch ♠︎ "
     "Schaufel Trumpf ist, oder ♣︎ Kreuz Trumpf ist, sonst 1"),
    ("2 if in spades or (in clubs and trump-double) else 1",
     "2 if ♠︎ Spades is trump or both ♣︎ Clubs is trump "
     "and the option `trump-double` is `yes`, otherwise 1",
     "2, wenn entweder ♠︎ Schaufel Trumpf ist oder sowohl ♣︎ Kreuz "
     "Trumpf ist als auch die Option `trump-double` auf *ja* (`yes`) steht, sonst 1"),
    # an or inside an and, with different verbs: 'either ... or', closed by a comma
    ("2 if (in spades or hand > 8) and trump-double else 1",
     "2 if either ♠︎ Spades is trump or the hand number is more than 8, "
     "and the option `trump-double` is `yes`, otherwise 1",
     "2, wenn entweder ♠︎ Schaufel Trumpf ist oder die Nummer der Runde grösser als "
     "8 ist, und die Option `trump-double` auf *ja* (`yes`) steht, sonst 1"),
])
def test_and_or_read_with_the_brackets_of_the_file(let: str, en: str, de: str) -> None:
    assert factor("en", let) == en
    assert factor("de", let) == de


def test_a_mode_condition_in_an_amount_is_said_in_words() -> None:
    swap = ("then every team scores points + weis",
            "then every team scores points + weis + (50 if in slalom-obenabe else 0)")
    assert clause("slalom", "card-points", "en", swap) == (
        "In every case: every team scores points equal to its card points plus its Weis "
        "points plus (50 if the hand is played in Slalom from the top, otherwise 0).")
    assert clause("slalom", "card-points", "de", swap) == (
        "In jedem Fall: jedes Team schreibt so viele Punkte an, wie die Summe aus "
        "seinen Kartenpunkten, seinen Weispunkten und (50, wenn die Runde in Slalom von oben "
        "gespielt wird, sonst 0) beträgt.")


# --- Coiffeur and Dreier-Coiffeur, read against their rule files -------------------------
@pytest.mark.parametrize("lang", ["en", "de"])
def test_what_all_the_others_took_reads_as_words(lang: str) -> None:
    """Coiffeur's Misère column writes `sum(points) - points`: the others' points, not a
    formula in the sentence (the golden page has the sentence)."""
    sections = page("coiffeur", lang).split("\n## ")
    scoring = next(x for x in sections if x.startswith(("Scoring a hand", "Abrechnung einer Runde")))
    assert "sum(points)" not in scoring


# What a shipped page must never say again (each was once there); the golden pages pin
# what they say instead.
NEVER = [
    ("bieter", "de", "in der nächsten Runde"),  # a Runde is a hand: wrong for the turn
    ("bieter", "en", "| 1 ("),  # a hand in one mode shows no mode per trick
    ("bieter", "en", "Beside each trick number"),
    ("slalom", "de", "dann Trumpf"),  # a Weis tie without trump says there is no trump
    ("bieter", "de", "Angesagt ("),  # declared values are listed by their noun
    ("differenzler-offen", "de", "Angesagt ("),
    # twelve each to three players leaves nothing aside; in a scoresheet game somebody
    # always chooses, so no 'forehand, when nobody is'
    *[(name, lang, phrase) for name in ("coiffeur", "dreier-coiffeur")
      for lang, phrases in (("en", ("the rest stays aside", "when nobody is")),
                            ("de", ("der Rest bleibt liegen", "wenn es keinen gibt")))
      for phrase in phrases],
    # an only rule applies in every case, not 'in every other case'
    ("dreier-coiffeur", "en", "In every other case"),
    ("dreier-coiffeur", "de", "In allen anderen Fällen"),
]


@pytest.mark.parametrize(("name", "lang", "phrase"), NEVER)
def test_a_page_never_says_what_was_wrong_once(name: str, lang: str, phrase: str) -> None:
    assert phrase not in page(name, lang)
