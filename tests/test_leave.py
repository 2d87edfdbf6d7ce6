"""Leaving the table is one mechanism (`jassdsl/mechanisms/leave.py`): its statement,
check, compiled condition, phase, event, report line and rulebook sentences are its own,
and the layers reach it through general hooks alone."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path

import pytest

from jassdsl.compile.compiler import CompiledRules, compile_rules
from jassdsl.core.errors import RuleFileErrors
from jassdsl.core.mechanism import Mechanism
from jassdsl.engine import Game
from jassdsl.language.check import load_model
from jassdsl.mechanisms import MECHANISMS
from jassdsl.mechanisms.leave import LeaveConfig, Leaving, LeftTable
from jassdsl.registry import variant_path

ROOT = Path(__file__).resolve().parents[1]


def handjass() -> str:
    return variant_path("handjass").read_text(encoding="utf-8")


def without(name: str) -> tuple[Mechanism, ...]:
    return tuple(x for x in MECHANISMS if x.name != name)


def test_the_condition_is_compiled_into_its_own_config() -> None:
    assert "leave" not in {f.name for f in fields(CompiledRules)}
    rules = compile_rules(load_model(handjass(), "handjass.jass"), {"seats": 3})
    config = rules.config("leave", LeaveConfig)
    assert config is not None and callable(config.when)
    plain = compile_rules(load_model(variant_path("schieber").read_text(encoding="utf-8"),
                                     "schieber.jass"), {})
    assert plain.config("leave", LeaveConfig) is None


def test_players_leave_and_the_last_one_ends_the_game() -> None:
    """Who reaches the target leaves after the hand (told by an event and the record);
    the game is over once at most one player is seated."""
    game = Game("handjass", seed=3, options={"seats": 3})
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    gone = [e.seats for e in game.events if isinstance(e, LeftTable)]
    assert gone and [r.left for r in game.results if r.left] == gone
    assert game.s.table.bit_count() <= 1
    outcome = game.outcome()
    assert outcome is not None and [seat for seat, _ in outcome.left] == \
        [seat for seats in gone for seat in seats]


def test_without_the_mechanism_nobody_leaves_and_its_statement_is_unknown() -> None:
    with pytest.raises(RuleFileErrors, match="a second 'players N' statement"):
        load_model(handjass(), "handjass.jass", mechanisms=without("leave"))
    rules = compile_rules(load_model(handjass(), "handjass.jass"), {"seats": 3})
    stripped = replace(rules, mechanisms=without("leave"))
    assert any(isinstance(p, Leaving) for p in Game(rules, seed=1).chain.phases)
    assert not any(isinstance(p, Leaving) for p in Game(stripped, seed=1).chain.phases)

