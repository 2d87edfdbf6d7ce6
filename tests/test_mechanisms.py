"""A mechanism is one module, registered once: the layers take the list by injection.

These tests hold the shape: no layer imports `jassdsl.mechanisms`, the one list runs in
the order of a hand, and what a layer does for a mechanism comes from the list it is
given (take a mechanism out of the list and every layer forgets it)."""

from __future__ import annotations

import ast
from dataclasses import fields, replace
from pathlib import Path

import pytest

from jassdsl.compile.compiler import CompiledRules, compile_rules
from jassdsl.core.cards import RANKS
from jassdsl.core.errors import RuleFileErrors
from jassdsl.core.mechanism import Mechanism, installed
from jassdsl.engine import Game
from jassdsl.engine.rob import RobConfig
from jassdsl.language.check import load_model
from jassdsl.mechanisms import MECHANISMS
from jassdsl.registry import variant_path

PACKAGE = Path(__file__).resolve().parents[1] / "jassdsl"
TOP = {PACKAGE / "__init__.py"}  # the top installs the list; nothing else below it may


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def test_no_layer_imports_the_mechanisms() -> None:
    inside = PACKAGE / "mechanisms"
    offenders = [str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                 if inside not in p.parents and p not in TOP
                 and any(n == "jassdsl.mechanisms" or n.startswith("jassdsl.mechanisms.")
                         for n in imported(p))]
    assert offenders == []


def test_the_list_is_installed_once_in_hand_order() -> None:
    assert installed() == MECHANISMS
    names = [x.name for x in MECHANISMS]
    assert len(names) == len(set(names))
    # robbing comes after taking part and before the auction, as at the table
    assert names.index("take_part") < names.index("rob") < names.index("auction")


def handjass() -> str:
    return variant_path("handjass").read_text(encoding="utf-8")


def without(name: str) -> tuple[Mechanism, ...]:
    return tuple(x for x in MECHANISMS if x.name != name)


def test_robbing_keeps_its_settings_in_its_own_config() -> None:
    names = {f.name for f in fields(CompiledRules)}
    assert not {n for n in names if n.startswith("rob")}
    rules = compile_rules(load_model(handjass(), "handjass.jass"), {"seats": 2})
    assert rules.config("rob", RobConfig) == RobConfig(rank=RANKS.index("6"))
    assert rules.mechanisms == MECHANISMS


def test_a_mechanism_left_out_of_the_list_is_unknown_to_check_and_play() -> None:
    # robbing without a turned card is an error only where robbing is a mechanism
    text = handjass().replace("trump: top card of stock, else top card of blind, else "
                              "bottom card", "trump: bottom card")
    with pytest.raises(RuleFileErrors, match="only a turned trump card"):
        load_model(text, "x.jass")
    load_model(text, "x.jass", mechanisms=without("rob"))
    bare = compile_rules(load_model(handjass(), "handjass.jass"), {"seats": 2},
                         mechanisms=without("rob"))
    assert "rob" not in bare.configs
    for seed in range(40):  # never asked to rob, though the file says who may
        game = Game(bare, seed=seed)
        while not game.is_over and game.hand_number == 1:
            assert game.phase != "rob"
            game.apply(game.legal_actions()[0])


def test_every_layer_reads_the_list_the_rules_carry() -> None:
    """A game whose rules carry no robbing mechanism neither asks, tells nor labels it:
    what the terminal, the bots and the action space know of robbing is in its module."""
    from jassdsl.research.actionspace import ActionSpace

    rules = compile_rules(load_model(handjass(), "handjass.jass"), {"seats": 2})
    stripped = replace(rules, mechanisms=without("rob"))
    assert any(a.kind == "rob" for a in ActionSpace.of(rules).actions)
    assert not any(a.kind == "rob" for a in ActionSpace.of(stripped).actions)


def test_the_chain_and_the_narrator_take_the_mechanisms_the_rules_carry() -> None:
    from jassdsl.engine.events import TookPart
    from jassdsl.rulebook.textview import Narrator

    rules = compile_rules(load_model(handjass(), "handjass.jass"), {"seats": 3})
    stripped = replace(rules, mechanisms=without("take_part"))
    assert Game(rules, seed=1).phase == "take part"
    assert Game(stripped, seed=1).phase != "take part"  # the chain has no such phase
    assert TookPart in Narrator(Game(rules, seed=1), ["a", "b", "c"]).narrate
    assert TookPart not in Narrator(Game(stripped, seed=1), ["a", "b", "c"]).narrate
