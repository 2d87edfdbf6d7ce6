"""German at the terminal: `jassdsl play --lang de` speaks German from the rulebook's
vocabulary, and every sentence `interpret` says of a wrong answer is found again in it."""

from __future__ import annotations

import io
import re
import sys

import pytest

from jassdsl import cli
from jassdsl.cli.play import interpret, locale_lang, wrong_text
from jassdsl.engine import Game
from jassdsl.registry import load_rules
from jassdsl.rulebook.words import TEXT


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str],
         entries: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(entries))
    assert cli.main(["play", *args]) == 0
    out = capsys.readouterr()
    return out.out + out.err


def test_the_terminal_speaks_german(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    text = play(monkeypatch, capsys, ["schieber", "--seed", "0", "--human", "0", "--lang", "de"],
                "1\nZZ\nH6\n1\nq\n")
    for said in ("Plätze im Gegenuhrzeigersinn: du, P1, P2, P3; Teams du+P2 und P1+P3",
                 "--- Runde 1, Geber P3 ---", "Trumpf noch nicht bestimmt; deine Karten:",
                 "Trumpf Ecken;", "'ZZ' ist nicht lesbar; erlaubt: 1) DA",
                 "Herz 6 ist nicht erlaubt: du hast sie nicht", "Stich 1: du Ecken Ass",
                 "P1: weist 3 Blatt bis Schaufel Bube (20)", "Bots: Heuristik",
                 "erlaubt: 1) Ecken  2) Herz", "Optionen: welche Karte bei Undenufe 11 zählt: Ass; ", "Punkte zum Sieg: 1000;",
                 "du hast den Tisch verlassen; Spiel verlassen nach 0 beendeten Runden"):
        assert said in text
    assert "legal:" not in text and "your hand" not in text
    assert not re.search(r"(Stich \d|weist|Trumpf) [^\n]*\b[DHSC](A|K|Q|J|10|9|8|7|6)\b", text)


@pytest.mark.parametrize(("args", "offered", "not_said"), [
    (["--lang", "de"], "1) DA (Ecken Ass)", "Eicheln Ass"),
    (["--lang", "de", "--pack", "ch"], "1) DA (Eicheln Ass)", "Ecken Ass"),
    (["--lang", "en", "--pack", "fr"], "1) DA (Diamonds Ace)", "(Ecken Ass)"),
    (["--lang", "en"], "1) DA  ", "(Diamonds"),
])
def test_the_cards_offered_are_named_in_the_packs_words(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str],
        offered: str, not_said: str) -> None:
    """The cards one may play carry their names in the pack's words beside the code one
    types; German names the French pack unless `--pack ch`; English keeps the codes."""
    text = play(monkeypatch, capsys, ["schieber", "--seed", "0", "--human", "0", *args],
                "1\nq\n")
    assert offered in text and not_said not in text


def test_a_whole_german_game_ends_with_the_standings(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    text = play(monkeypatch, capsys, ["differenzler", "--seed", "1", "--lang", "de"], "")
    assert "Stand:" in text and "Spiel beendet nach" in text and "gezählt nach:" in text
    assert re.search(r"Spiel beendet nach \d+ Runden \((Spielende|Rundenlimit erreicht)\)",
                     text)
    assert "standings" not in text and "scored by" not in text
    # the dative after 'mit': 'mit 97 Strafpunkten', never 'mit 97 Strafpunkte'
    assert re.search(r"mit -?\d+ Strafpunkt(en)?\b", text), text[-300:]


def test_the_locale_chooses_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    assert locale_lang() == "en"
    monkeypatch.setenv("LANG", "de_CH.UTF-8")
    assert locale_lang() == "de"
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert locale_lang() == "en"


def sentences() -> list[str]:
    """What `interpret` says of wrong answers in several phases of several files."""
    said = []
    game = Game("schieber", seed=0)
    legal = game.legal_actions()
    said += [interpret(game, t, legal) for t in ("", "99", "ZZ", "trump nonsense")]
    game.apply(legal[0])
    legal = game.legal_actions()
    said += [interpret(game, t, legal) for t in ("H6", "push")]  # asked about the Weis
    game.apply(legal[-1])  # weis 0
    legal = game.legal_actions()
    said += [interpret(game, t, legal) for t in ("H6", "push")]  # asked for a card
    estimate = Game("differenzler", seed=0)
    while estimate.phase != "declare":
        estimate.apply(estimate.legal_actions()[0])
    legal = estimate.legal_actions()
    said += [interpret(estimate, t, legal) for t in ("lots", "999")]
    sheet = Game("coiffeur", seed=9)
    legal = sheet.legal_actions()
    said += [interpret(sheet, t, legal) for t in ("nonsense", "slalom")]
    return [s for s in said if isinstance(s, str)]


def test_every_wrong_answer_is_said_in_german_from_the_vocabulary() -> None:
    found = sentences()
    assert len(found) >= 8
    for sentence in found:
        german = wrong_text("de", sentence)
        assert german != sentence, sentence
        assert not any(w in german.split() for w in ("is", "not", "your", "enter")), german
        assert wrong_text("en", sentence) == sentence


def test_the_table_words_have_both_languages_with_the_same_fields() -> None:
    import string

    for key, (en, de) in TEXT.items():
        if key.startswith("live."):
            fields = [{f for _, f, _, _ in string.Formatter().parse(t) if f} for t in (en, de)]
            assert en and de and fields[0] == fields[1], key


def test_serve_without_its_packages_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the extra were not installed
    assert cli.main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'jassdsl[table]'" in err and "Traceback" not in err


@pytest.mark.parametrize(("args", "says"), [(["--port", "0"], "--port"),
                                             (["--pace", "-1"], "--pace"),
                                             (["--watch", "notes.txt"], ".jass")])
def test_serve_refuses_impossible_settings(capsys: pytest.CaptureFixture[str], args: list[str],
                                           says: str) -> None:
    pytest.importorskip("uvicorn")
    assert cli.main(["serve", *args]) == 2
    assert says in capsys.readouterr().err


def test_a_files_german_names_name_its_options_and_clauses() -> None:
    """`names in german` names an option and a clause on German screens; without one the
    German description or title says it; English keeps the names."""
    from pathlib import Path

    from snippets import completed  # noqa: F401  (the fixtures' own completion)
    from test_language_fixtures import read_fixture

    from jassdsl.compile.compiler import compile_rules
    from jassdsl.language.check import load_model
    from jassdsl.registry import load_rules
    from jassdsl.rulebook import textview as tv

    path = Path(__file__).parent / "fixtures" / "language" / "german-names-options-clauses.jass"
    rules = compile_rules(load_model(read_fixture(path).source, path.name))
    assert tv.clause_name(rules, "best", "de") == "Bestwert"
    assert tv.clause_name(rules, "best", "en") == "best"
    assert tv.option_text(rules, "bonus", "de") == "Bonus"
    schieber = load_rules("schieber")
    assert tv.clause_name(schieber, "card-points", "de").startswith("jedes Team schreibt")
    assert tv.option_text(schieber, "target", "de") == "Punkte zum Sieg"
    assert tv.option_text(schieber, "ace", "de") == "Ass"


# what a page state holds that a page does not show as text: codes, links, the protocol
UNSHOWN = {"code", "suit", "rank", "svg", "symbol", "text", "card", "rulebook", "link",
           "type", "phase", "prefix", "weis_offer", "weis", "fr", "fr_rank",
           "game"}  # game: the id the page keeps its links by, never shown


def shown_texts(state: object) -> list[str]:
    """The strings of a seat's page state that the page shows (a barred card's reason)."""
    if isinstance(state, str):
        return [state]
    if isinstance(state, dict):
        return [t for k, v in state.items() if k not in UNSHOWN
                for t in shown_texts(list(v.values()) if k == "barred" else v)]
    if isinstance(state, list):
        return [t for v in state for t in shown_texts(v)]
    return []


def test_every_variants_table_speaks_german_in_the_german_swiss_pack() -> None:
    """The first actions of a game of every shipped file, all seats a person's: seat 0's
    page in German with the German-Swiss pack names no card by code and says no English
    word (a cheap sweep of what the browser test reads for Schieber)."""
    import random

    from german_words import leaks_in

    from jassdsl.registry import variant_names
    from jassdsl.table.session import Tables
    from jassdsl.table.view import Journal, page_state

    found = {}
    for variant in variant_names():
        session = Tables().open(variant, {}, 4, ["person"] * load_rules(variant).players)
        game, rng = session.game, random.Random(1)
        journal = Journal(game, 0, "de")
        for _ in range(40):
            if game.is_over:
                break
            state = page_state(session, 0, "de", journal.update, "ch")
            if leaks_in(shown_texts(state)):
                found[variant] = leaks_in(shown_texts(state))
            session.act(game.current_player, session.turn,
                        game.action_text(rng.choice(game.legal_actions())))
    assert not found, found
