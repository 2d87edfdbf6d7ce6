"""Yes/no declarations (`declare NAME yes or no`): the same engine values as the range
0 to 0 with `yes` worth 1, asked and shown as yes and no, a question on the rulebook page."""

from __future__ import annotations

from pathlib import Path

from snippets import completed

from jassdsl.cli.play import choices_text, interpret
from jassdsl.compile.compiler import compile_rules
from jassdsl.engine import Game
from jassdsl.language.check import load_model
from jassdsl.rulebook.render import variant_page
from jassdsl.rulebook.site import load_variant

FIXTURE = Path(__file__).parent / "fixtures" / "language" / "declare-yes-no.jass"
BASE = Path(__file__).parent / "fixtures" / "language" / "_base.jass"


def source(declaration: str = "declare alone yes or no, starting after the chooser") -> str:
    text = FIXTURE.read_text(encoding="utf-8").replace(
        "declare alone yes or no, starting after the chooser", declaration)
    return completed(text, BASE.read_text(encoding="utf-8"))


def at_the_question(text: str) -> Game:
    game = Game(compile_rules(load_model(text, "alone.jass")), seed=4)
    while game.phase != "declare":
        game.apply(game.legal_actions()[0])
    return game


def test_the_question_is_the_range_0_to_0_with_yes_worth_1() -> None:
    plain = compile_rules(load_model(source(
        "declare alone from 0 to 0, starting after the chooser, or yes worth 1"), "a.jass"))
    question = compile_rules(load_model(source(), "b.jass"))
    a, b = plain.declarations[0], question.declarations[0]
    assert (a.low, a.high, a.values) == (b.low, b.high, b.values) == (0, 0, (0, 1))
    assert b.names == ((0, "no"), (1, "yes"))


def test_a_player_answers_yes_or_no() -> None:
    game = at_the_question(source())
    assert game.legal_names() == ["alone no", "alone yes"]
    legal = game.legal_actions()
    assert choices_text(game, legal) == "alone no, alone yes"
    assert interpret(game, "yes", legal).value == 1  # type: ignore[union-attr]
    assert interpret(game, "no", legal).value == 0  # type: ignore[union-attr]
    seat = game.s.current
    game.apply("alone yes")
    assert game.observe(seat).declared["alone"][seat] == 1


def test_the_rulebook_asks_the_question(tmp_path: Path) -> None:
    path = tmp_path / "alone.jass"
    path.write_text(source(), encoding="utf-8")
    v = load_variant(path)
    en, de = variant_page("en", v), variant_page("de", v)
    assert "every player in turn answers the question *alone?*: yes or no, starting " \
        "with the player to the right of the player who chose trump" in en
    assert "beantwortet reihum jeder Spieler die Frage *alone?*: ja oder nein" in de
    assert "Beside the numbers" not in en and "Neben den Zahlen" not in de
    for page, yes, no in ((en, "yes", "no"), (de, "ja", "nein")):
        line = next(x for x in page.splitlines() if "P0 " in x and "alone" in x)
        assert f" {yes}" in line or f" {no}" in line, line


def test_a_yes_no_answer_is_told_in_the_language_with_the_files_german_noun() -> None:
    """Schieber's `double "der Konter"`: the German terminal and table say `Konter ja`,
    the English ones `double yes` (the action's own text)."""
    from jassdsl.registry import load_rules
    from jassdsl.rulebook.textview import Narrator
    from jassdsl.table.view import Words

    game = Game(load_rules("schieber", {"konter": "yes"}), seed=3)
    while game.phase != "declare":
        game.apply(game.legal_actions()[0])
    yes = next(a for a in game.legal_actions() if game.action_text(a) == "double yes")
    assert Words(game, "de").action(yes) == "Konter ja"
    assert Words(game, "en").action(yes) == "double yes"
    seat = game.current_player
    mark = len(game.events)
    game.apply(yes)
    told = {lang: Narrator(game, [f"P{x}" for x in range(4)], you=(seat + 1) % 4, lang=lang)
            .tell(game.events[mark:]) for lang in ("de", "en")}
    assert f"P{seat}: Konter ja" in told["de"]
    assert f"P{seat}'s double: yes" in told["en"]
