"""The robbing rank is read from the rule file everywhere: the engine, the terminal
prompt and report, the text view, the bot and the rulebook's worked example. A test-made
copy of Handjass robs with the trump Jack instead of the Six."""

from __future__ import annotations

import io
import random

from jassdsl.bots.heuristic import HeuristicBot
from jassdsl.cli.play import HumanPlayer
from jassdsl.compile.compiler import CompiledRules, compile_rules
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_INDEX, CARD_NAMES
from jassdsl.engine import Game
from jassdsl.engine.rob import robbing_card
from jassdsl.language.check import load_model
from jassdsl.mechanisms.rob import ROB_NO
from jassdsl.registry import variant_path
from jassdsl.rulebook.cardview import card_mark
from jassdsl.rulebook.example import play_example
from jassdsl.rulebook.render import Variant, trump_story
from jassdsl.rulebook.textview import trump_how

SIX = "rob: trump 6 may take the turned card"
JACK = "rob: trump J may take the turned card"


def jack_robs(rob: str = JACK) -> tuple[str, CompiledRules]:
    text = variant_path("handjass").read_text(encoding="utf-8")
    assert SIX in text
    text = text.replace(SIX, rob)
    return text, compile_rules(load_model(text, "jack-robs.jass"), {"seats": 2})


def rob_asked(rules: CompiledRules) -> Game:
    for seed in range(300):
        game = Game(rules, seed=seed)
        while game.phase == "take part":
            game.apply("join")
        if game.phase == "rob":
            return game
    raise AssertionError("nobody held the robbing card")


def test_the_holder_of_the_files_rank_is_asked_and_every_view_names_that_card() -> None:
    _, rules = jack_robs()
    game = rob_asked(rules)
    seat = game.current_player
    turned = game.observe(seat).turned
    jack = CARD_NAMES[turned][0] + "J"
    assert CARD_NAMES[robbing_card(rules, turned)] == jack
    assert CARD_NAMES.index(jack) in game.hand_of(seat)
    out = io.StringIO()
    player = HumanPlayer(io.StringIO("yes\n"), out, ["you", "P1"])
    assert player.choose(game, seat) == Action("rob", 1)
    assert f"take the turned {CARD_NAMES[turned]} for your {jack}?" in out.getvalue()
    # the bot knows the Jack is the better trump and keeps it
    assert HeuristicBot(random.Random(1)).choose(game, seat) == ROB_NO
    game.apply("rob 1")
    rng = random.Random(2)
    while not game.results:
        game.apply(rng.choice(game.legal_actions()))
    text = trump_how(rules, game.results[0], game.hand_events(1), ["P0", "P1"])
    assert f"robbed by P{seat} with the {jack}" in text and "six" not in text


def test_the_worked_example_names_the_files_robbing_card() -> None:
    """The example's heuristic bots rob when the turned card is the stronger trump: never
    with the Jack, so this copy robs with the trump Seven (still not the Six)."""
    text, rules = jack_robs(SIX.replace("6", "7"))
    for seed in range(300):
        example = play_example(rules, seed)
        if example.result.robbed >= 0:
            break
    else:
        raise AssertionError("no example robs")
    seven = CARD_NAMES[example.result.turned][0] + "7"
    variant = Variant("seven-robs", text, rules.model, rules, example)
    for lang in ("en", "de"):
        line = " ".join(trump_story(lang, variant))
        assert f"with {card_mark(CARD_INDEX[seven])}." in line or \
            f"mit {card_mark(CARD_INDEX[seven])}." in line, line
        assert "six" not in line and "Sechs" not in line
