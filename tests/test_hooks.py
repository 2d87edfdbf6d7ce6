"""The hooks through which the layers read a mechanism without naming it (issue 19: a
mechanism is one module). A toy mechanism, defined here and nowhere else, forms sides per
hand through them alone; the talon's and the sides' keys are read by name; and the
footprint script holds both within the issue's bar."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from jassdsl.bots.declaring import forms_sides
from jassdsl.bots.heuristic import HeuristicBot
from jassdsl.compile.compiler import CompiledRules, compile_rules
from jassdsl.compile.handfacts import HandFacts
from jassdsl.core.mechanism import Mechanism, Runtime, defaults_of, partners_in
from jassdsl.engine import Game
from jassdsl.engine.phase import Phase, Table
from jassdsl.language.check import load_model
from jassdsl.mechanisms import MECHANISMS
from jassdsl.registry import variant_path
from jassdsl.rulebook import textview as tv

ROOT = Path(__file__).resolve().parents[1]
PAIRED = (0, 0, 1)  # the toy's sides: the first two seats against the third


class Pairs(Phase):
    """A toy keeper: the first two seats play every hand as one side."""

    place = "keeper"
    part_key = "pairs"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "pairs" in rules.configs

    def partners(self, g: Table) -> tuple[int, ...] | None:
        return PAIRED

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        return {"pairs": PAIRED}

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        return {"pairs": PAIRED}


PAIRS = Mechanism(
    "pairs",
    runtime=Runtime(
        compile=lambda rf, options: "on",
        phase=Pairs,
        partners="pairs",
        defaults={"pairs": ()}))


def paired_rules() -> CompiledRules:
    """Dreier-Bieter with the toy's sides in place of the bidder's."""
    path = variant_path("dreier-bieter")
    model = load_model(path.read_text(encoding="utf-8"), path.name)
    return compile_rules(model, mechanisms=(
        *(x for x in MECHANISMS if x.name != "sides"), PAIRS))


def test_a_toy_mechanism_forms_sides_through_the_hooks_alone() -> None:
    rules = paired_rules()
    assert "sides" not in rules.configs and forms_sides(rules)
    # the file's invariants speak of the bidder's side; the toy's sides are others
    game = Game(rules, seed=3, check_invariants=False, events=True)
    bots = [HeuristicBot(random.Random(3 + x)) for x in range(3)]
    while game.phase != "over" and len(game.results) < 4:
        game.apply(bots[game.current_player].choose(game, game.current_player))
    assert game.results
    names = tv.seat_names(3)
    for r in game.results:
        assert partners_in(rules.mechanisms, r.parts) == PAIRED
        assert r.points[0] == r.points[1]  # the side's card points, for each of its players
        assert r.points[0] + r.points[2] in (157, 257)
        weis = r.bonuses.get("weis", (0, 0, 0))
        assert weis[0] == weis[1]  # a Weis counts for the whole side
        lines = tv.hand_summary(rules, r, game.hand_events(r.number), names, False)
        points = [x for x in lines if "card points:" in x]
        assert all(x.split(": ", 1)[1].startswith(f"{names[0]}+{names[1]} ")
                   for x in points)


def test_the_mechanisms_keys_are_read_by_name_with_their_defaults() -> None:
    game = Game("dreier-bieter", seed=2)
    bot = HeuristicBot(random.Random(2))
    while not game.results:
        game.apply(bot.choose(game, game.current_player))
    r = game.results[0]
    assert r.talon == r.part("talon", "talon", ()) and len(r.talon) == 6
    assert r.sides == r.part("sides", "sides", ()) and sorted(r.sides) == [0, 1, 1]
    assert r.in_hands and r.in_hands != r.hands
    assert game.observe(r.roles["bidder"]).laid_count == 0  # a new hand: nothing laid yet
    plain = Game("schieber", seed=2)
    assert plain.observe(0).talon == () and plain.observe(0).sides == ()
    with pytest.raises(AttributeError):
        _ = r.no_such_key
    with pytest.raises(ValueError, match="repeats the keys"):
        defaults_of((PAIRS, Mechanism(
            "twice",
            runtime=Runtime(
                defaults={"pairs": ()}))))


def test_sides_and_the_talon_are_named_in_at_most_six_package_files(footprint: str) -> None:
    out = footprint
    counts = {line.split(":")[0]: int(line.split(": ")[1].split()[0])
              for line in out.splitlines()}
    assert counts.keys() >= {x.name for x in MECHANISMS}
    assert counts["sides"] <= 6 and counts["talon"] <= 6, out
