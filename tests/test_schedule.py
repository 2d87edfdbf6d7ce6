"""Trump by a schedule (`jassdsl/mechanisms/schedule.py`): a fixed mode, an option naming
it, or modes by the hand's number in turn; nobody chooses."""

from __future__ import annotations

import random
from pathlib import Path

from test_language_fixtures import read_fixture

from jassdsl.core import model as m
from jassdsl.engine import Game
from jassdsl.engine.playout import play_random
from jassdsl.language.check import load_model
from jassdsl.mechanisms.schedule import ScheduleConfig, config
from jassdsl.registry import load_rules
from jassdsl.rulebook.render import has_trump

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "language"


def fixture_file(tmp_path: Path, name: str, replace: tuple[str, str] = ("", "")) -> Path:
    path = tmp_path / f"{name}.jass"
    path.write_text(read_fixture(FIXTURES / f"{name}.jass").source.replace(*replace),
                    encoding="utf-8")
    return path


def test_an_option_names_the_mode_of_every_hand(tmp_path: Path) -> None:
    path = fixture_file(tmp_path, "trump-fixed-option")
    assert config(load_rules(str(path))) == ScheduleConfig((5,))
    assert config(load_rules(str(path), {"contract": "H"})) == ScheduleConfig((1,))


def test_hands_go_through_the_modes_in_turn_and_nobody_chooses(tmp_path: Path) -> None:
    """Hand n is played in the (n-1)-th listed mode, modulo the list: the fixture lists six
    modes and plays seven hands, so hand 7 is Ecken (D) again."""
    rules = load_rules(str(fixture_file(tmp_path, "trump-in-turn")))
    assert rules.trump_choices == ()
    assert rules.playable_modes == (0, 1, 2, 3, 4, 5)
    game = Game(rules, seed=3)
    play_random(game, random.Random(3))
    assert [r.trump for r in game.results] == ["D", "H", "S", "C", "obenabe", "undenufe", "D"]


def test_a_page_has_trump_only_where_a_mode_of_the_schedule_is_a_suit(tmp_path: Path) -> None:
    def file(text: str) -> m.RuleFile:
        return load_model(text, "x.jass")

    with_suit = fixture_file(tmp_path, "trump-fixed-option").read_text(encoding="utf-8")
    without = with_suit.replace("obenabe, undenufe, H", "obenabe, undenufe")
    assert has_trump(file(with_suit))
    assert not has_trump(file(without))
    turn = fixture_file(tmp_path, "trump-in-turn").read_text(encoding="utf-8")
    assert has_trump(file(turn))
    assert not has_trump(file(turn.replace("in turn D, H, S, C, obenabe", "in turn obenabe")))
