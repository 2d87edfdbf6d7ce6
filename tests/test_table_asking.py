"""Which decision a seat's page asks: the mechanism found by the game's phase, as the
terminal finds it, and a declaration labelled by the file's own words first."""

from __future__ import annotations

import dataclasses

import pytest

pytest.importorskip("starlette", reason="the table needs the 'table' extra")

from jassdsl.bots.kinds import bot_rng, make_bot
from jassdsl.core.mechanism import asking
from jassdsl.engine import Game
from jassdsl.registry import load_rules
from jassdsl.rulebook.words import say
from jassdsl.table.session import Session, Tables
from jassdsl.table.view import seat_view


def bots_until(session: Session, phase: str, limit: int = 400) -> None:
    bot = make_bot("heuristic", bot_rng(1, 0))
    game = session.game
    for _ in range(limit):
        if game.phase == phase:
            return
        game.apply(bot.choose(game, game.current_player))
    raise AssertionError(f"no {phase!r} phase in {limit} actions")


def test_the_talon_taker_is_asked_to_lay_away_not_to_better_the_hand() -> None:
    """`discard` is an action of the talon and of improving: the phase says which asks."""
    session = Tables().open("dreier-bieter", {}, 1, ["person"] * 3)
    bots_until(session, "talon")
    game = session.game
    assert asking(game) is not None and asking(game).name == "talon"  # type: ignore[union-attr]
    for lang in ("en", "de"):
        view = seat_view(session, game.current_player, lang, [])
        assert view["prompt"] == say(lang, "live.prompt.talon")
        assert view["prompt"] != say(lang, "live.prompt.improve")
    labels = [a["label"] for a in seat_view(session, game.current_player, "en", [])["legal"]]
    assert labels and all(label.startswith("Lay away ") for label in labels), labels


def test_a_declaration_sharing_a_mechanisms_kind_is_labelled_by_the_file() -> None:
    """A mechanism this file does not use asks for `estimate` too (as `column` is the
    sheet's): the page still asks for the file's own estimate, with its words."""
    rules = load_rules("differenzler")
    clash = tuple(dataclasses.replace(x, runtime=dataclasses.replace(
        x.runtime, kinds=(*x.runtime.kinds, "estimate"))) if x.name == "sheet"
                  else x for x in rules.mechanisms)
    game = Game(dataclasses.replace(rules, mechanisms=clash), seed=2, record=True,
                events=True)
    session = Session("differenzler", {}, 2, ("person",) * 4, "en", game)
    bots_until(session, "declare")
    view = seat_view(session, game.current_player, "en", [])
    assert view["prompt"] == "Your estimate"
    assert [a["label"] for a in view["legal"]][:2] == ["estimate 0", "estimate 1"]
