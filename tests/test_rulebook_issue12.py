"""Wording pins for the pages of issue 12 (Bieter, Slalom, Trumpf doppelt): the sentences a
reader checked against the rule files, in English and German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jassdsl.check import load_model
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


@pytest.mark.parametrize(("lang", "sentences"), [
    ("en", ["The highest bidder of the auction (see the declarations) chooses any suit as "
            "trump.",
            "A pass is final: a player who passed may not bid again in this hand and is not "
            "asked again.",
            "or at once on a bid of *match*.",
            "2. Only these numbers may be bid: 60, 70 and so on in steps of 10 up to 150, and "
            "157 itself.",
            "3. Beside the numbers, *match* (worth 257) may be bid."]),
    ("de", ["Wer in der Versteigerung am höchsten geboten hat (siehe Ansagen), wählt eine "
            "beliebige Farbe als Trumpf.",
            "Passen ist endgültig: wer gepasst hat, darf in dieser Runde nicht mehr bieten und "
            "wird nicht mehr gefragt.",
            "oder sofort bei einem Gebot von *Match*.",
            "2. Nur diese Zahlen dürfen geboten werden: 60, 70 und so weiter in Schritten von "
            "10 bis 150, dazu 157 selbst.",
            "3. Neben den Zahlen kann *Match* (im Wert von 257) geboten werden."]),
])
def test_bieter_auction_bids_in_steps_and_the_named_bid(lang: str, sentences: list[str]) -> None:
    text = page("bieter", lang)
    for sentence in sentences:
        assert sentence in text
    assert "in der nächsten Runde" not in text  # a Runde is a hand: wrong for the turn


def test_steps_that_reach_the_top_name_no_extra_value(tmp_path: Path) -> None:
    text = (ROOT / "rules" / "bieter.jass").read_text(encoding="utf-8").replace(
        "from 60 to 157 in steps of 10", "from 60 to 150 in steps of 10")
    path = tmp_path / "bieter.jass"
    path.write_text(text, encoding="utf-8")
    en = variant_page("en", load_variant(path))
    assert "Only these numbers may be bid: 60, 70 and so on in steps of 10 up to 150." in en


@pytest.mark.parametrize(("lang", "first", "second", "note"), [
    ("en", "| 1 (Undenufe) | P0 |", "| 2 (Obenabe) | P1 |",
     "Beside each trick number is the mode the trick was played in: it decides which card "
     "wins it."),
    ("de", "| 1 (Undenufe) | P0 |", "| 2 (Obenabe) | P1 |",
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


SCHIEBER_LET = "let factor = 2 if multiplied and (in spades or in clubs)\n" \
    "    else 3 if multiplied and (in obenabe or in undenufe) else 1"


def factor(lang: str, let: str) -> str:
    text = (ROOT / "rules" / "schieber.jass").read_text(encoding="utf-8")
    assert SCHIEBER_LET in text
    rf = load_model(text.replace(SCHIEBER_LET, f"let factor = {let}"), "schieber.jass")
    text = Speaker(lang, rf).let_value(next(x.expr for x in rf.lets if x.name == "factor"))
    return re.sub(r"</?span[^>]*>", "", re.sub(r"<svg.*?</svg>", "", text))  # suit marks


@pytest.mark.parametrize(("let", "en", "de"), [
    # as the rule file's (with the option for its let): a shared 'is trump' keeps the or
    # inside the and
    ("2 if trump-double and (in spades or in clubs) else 1",
     "2 if the option `trump-double` is `yes` and ♠︎ Spades (Schaufel/Eicheln) or ♣︎ Clubs "
     "(Kreuz/Rosen) is trump, otherwise 1",
     "2, wenn die Option `trump-double` auf `yes` steht und ♠︎ Schaufel (Eicheln) oder ♣︎ "
     "Kreuz (Rosen) Trumpf ist, sonst 1"),
    # brackets the other way: the and is a group, closed by a comma
    ("2 if (trump-double and in spades) or in clubs else 1",
     "2 if both the option `trump-double` is `yes` and ♠︎ Spades (Schaufel/Eicheln) is "
     "trump, or ♣︎ Clubs (Kreuz/Rosen) is trump, otherwise 1",
     "2, wenn entweder sowohl die Option `trump-double` auf `yes` steht als auch ♠︎ "
     "Schaufel (Eicheln) Trumpf ist, oder ♣︎ Kreuz (Rosen) Trumpf ist, sonst 1"),
    ("2 if in spades or (in clubs and trump-double) else 1",
     "2 if ♠︎ Spades (Schaufel/Eicheln) is trump or both ♣︎ Clubs (Kreuz/Rosen) is trump "
     "and the option `trump-double` is `yes`, otherwise 1",
     "2, wenn entweder ♠︎ Schaufel (Eicheln) Trumpf ist oder sowohl ♣︎ Kreuz (Rosen) "
     "Trumpf ist als auch die Option `trump-double` auf `yes` steht, sonst 1"),
    # an or inside an and, with different verbs: 'either ... or', closed by a comma
    ("2 if (in spades or hand > 8) and trump-double else 1",
     "2 if either ♠︎ Spades (Schaufel/Eicheln) is trump or the hand number is more than 8, "
     "and the option `trump-double` is `yes`, otherwise 1",
     "2, wenn entweder ♠︎ Schaufel (Eicheln) Trumpf ist oder die Nummer der Runde grösser als "
     "8 ist, und die Option `trump-double` auf `yes` steht, sonst 1"),
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


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "- `scored` (*the teams score exactly their card points, Weis and Stöck, times the "
           "factor*): The points gained by all teams together in this hand add up to *factor* "
           "\u00d7 (the card points of all teams together plus the Weis points of all teams "
           "together plus the Stöck points of all teams together)."),
    ("de", "- `scored` (*die Teams schreiben genau ihre Kartenpunkte, Weis und Stöck, mal den "
           "Faktor*): Die in dieser Runde gewonnenen Punkte aller Teams zusammen ergeben "
           "*Faktor* \u00d7 (die Punkte aller Teams zusammen plus die Weispunkte aller Teams "
           "zusammen plus die Stöckpunkte aller Teams zusammen)."),
])
def test_schieber_check_of_the_factor_reads_as_words(lang: str, sentence: str) -> None:
    assert sentence in page("schieber", lang)


@pytest.mark.parametrize(("lang", "slalom", "schieber"), [
    ("en", "then the higher top card; there is no trump, so a full tie goes to whoever plays "
           "earlier to the first trick.",
     "then the higher top card, then trump; a full tie"),
    ("de", "dann die höhere oberste Karte; da es keinen Trumpf gibt, zählt bei vollem "
           "Gleichstand, wer früher zum ersten Stich zugibt.",
     "dann die höhere oberste Karte, dann Trumpf; bei vollem Gleichstand"),
])
def test_a_weis_tie_without_trump_says_no_trump(lang: str, slalom: str, schieber: str) -> None:
    assert slalom in page("slalom", lang)
    assert schieber in page("schieber", lang) and "dann Trumpf" not in page("slalom", lang)


@pytest.mark.parametrize(("name", "lang", "line"), [
    ("bieter", "en", "Bids: P0 0, P1 80, P2 90, P3 0."),
    ("bieter", "de", "Gebote: P0 0, P1 80, P2 90, P3 0."),
    ("differenzler-offen", "en", "Estimates: P0 48, P1 55, P2 49, P3 48."),
    ("differenzler-offen", "de", "Schätzungen: P0 48, P1 55, P2 49, P3 48."),
])
def test_the_example_lists_the_declared_values_by_their_noun(name: str, lang: str,
                                                             line: str) -> None:
    text = page(name, lang)
    assert f"\n{line}\n" in text and "Angesagt (" not in text


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "No player has a gain in penalties this hand different from the difference between "
           "their card points and their estimate minus (`credit` if they took exactly as many "
           "card points as their estimate and have an estimate of more than 0, otherwise 0)."),
    ("de", "Kein Spieler hat einen Zuwachs an Strafpunkten ungleich dem Unterschied zwischen "
           "seinen Kartenpunkten und seiner Schätzung minus (`credit`, wenn er genau so viele "
           "Punkte wie seine Schätzung gemacht hat und eine Schätzung von mehr als 0 hat, "
           "sonst 0)."),
])
def test_a_condition_about_the_player_inside_an_amount_is_said_in_words(lang: str,
                                                                        sentence: str) -> None:
    assert sentence in page("differenzler-offen", lang)


# --- Coiffeur and Dreier-Coiffeur, read against their rule files -------------------------
@pytest.mark.parametrize(("name", "lang", "sentence"), [
    ("dreier-coiffeur", "en", "| Deal | all cards, 12 to each player, in packets of 3; "),
    ("dreier-coiffeur", "de", "| Geben | alle Karten, 12 pro Spieler, in Paketen zu 3; "),
    ("coiffeur", "en", "| Lead | the player who chose trump leads the first trick; whoever "),
    ("coiffeur", "de", "| Ausspiel | der Spieler, der den Trumpf gewählt hat, eröffnet den "
                       "ersten Stich; wer "),
])
def test_coiffeur_overview_deals_every_card_and_the_chooser_always_leads(
        name: str, lang: str, sentence: str) -> None:
    """Twelve each to three players leaves nothing aside; in a scoresheet game somebody
    always chooses, so no 'forehand, when nobody is'."""
    text = page(name, lang)
    assert sentence in text
    assert "the rest stays aside" not in text and "der Rest bleibt liegen" not in text
    assert "when nobody is" not in text and "wenn es keinen gibt" not in text


EVERY_CASE = {
    # Coiffeur's rule after its Misère rule applies in every other case
    ("coiffeur", "en"): "In every other case:\n\n    - the team of the player who chose trump scores "
    "points equal to its card points \u00d7 the multiplier of the column played plus its Stöck "
    "points.",
    ("coiffeur", "de"): "In allen anderen Fällen:\n\n    - das Team des Spielers, der den Trumpf gewählt "
    "hat, schreibt so viele Punkte an, wie die Summe aus seinen Kartenpunkten \u00d7 dem "
    "Multiplikator der gespielten Spalte und seinen Stöckpunkten beträgt.",
    ("dreier-coiffeur", "en"): "In every case:\n\n    - the player who chose trump gets points "
    "equal to their card points \u00d7 the multiplier of the column played.",
    ("dreier-coiffeur", "de"): "In jedem Fall:\n\n    - der Spieler, der den Trumpf gewählt "
    "hat, erhält so viele Punkte, wie seine Kartenpunkte \u00d7 der Multiplikator der gespielten "
    "Spalte beträgt.",
}


@pytest.mark.parametrize(("name", "lang"), list(EVERY_CASE))
def test_coiffeur_scoring_names_the_one_chooser_in_every_case(name: str, lang: str) -> None:
    """An only rule applies in every case (not 'in every other case'), and the player
    holding the role is named as the one player it is (not 'every player who named
    trump')."""
    text = page(name, lang)
    assert EVERY_CASE[name, lang] in text
    if name == "dreier-coiffeur":  # its one rule
        assert "In every other case" not in text and "In allen anderen Fällen" not in text


@pytest.mark.parametrize(("name", "lang", "line"), [
    ("coiffeur", "en", "P0 takes the column **second Joker** (times 8)."),
    ("coiffeur", "de", "P0 nimmt die Spalte **zweiter Joker** (mal 8)."),
    ("dreier-coiffeur", "en", "P2 takes the column **Guschti** (times 8)."),
    ("dreier-coiffeur", "de", "P2 nimmt die Spalte **Guschti** (mal 8)."),
])
def test_the_example_names_the_column_by_its_title(name: str, lang: str, line: str) -> None:
    assert line in page(name, lang)


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "The winner is the team with the most points; equal totals share the win."),
    ("de", "Es gewinnt das Team mit den meisten Punkten; bei Gleichstand teilen sich die "
           "Punktgleichen den Sieg."),
])
def test_coiffeur_winner_sentence(lang: str, sentence: str) -> None:
    assert sentence in page("coiffeur", lang)


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "scores points equal to the card points of the other teams \u00d7 the multiplier "
           "of the column played."),
    ("de", "schreibt so viele Punkte an, wie die Punkte der anderen Teams \u00d7 der "
           "Multiplikator der gespielten Spalte beträgt."),
])
def test_what_all_the_others_took_reads_as_words(lang: str, sentence: str) -> None:
    """Coiffeur's Misère column writes `sum(points) - points`: the others' points, not a
    formula in the sentence."""
    sections = page("coiffeur", lang).split("\n## ")
    scoring = next(x for x in sections if x.startswith(("Scoring a hand", "Abrechnung einer Runde")))
    assert sentence in scoring
    assert "sum(points)" not in scoring
