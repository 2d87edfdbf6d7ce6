"""The Python API under misuse: every wrong call raises one documented error of
jassdsl.core.errors, whose message names what was expected, and changes nothing; `apply` is
atomic, also when the rules themselves fail during play (issue 10 item 5, issue 9 item 6).

The error classes are looked up by name when a test runs, so that each test fails on its
own account on an engine without them.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

import jassdsl.core.errors as errors
from jassdsl import Action, Game, load_rules

INVARIANT_FAILS = Path(__file__).parent / "fixtures" / "api" / "invariant-fails.jass"
TRUMP_LEGAL = ("legal now: trump D, trump H, trump S, trump C, trump obenabe, trump undenufe, "
               "push")
SEATS = r"a seat is a whole number from 0 to 3, not "


def schieber() -> Game:
    return Game("schieber", seed=1)


def at_play(name: str = "schieber") -> Game:
    """A game at its first card (declarations made with the first legal action)."""
    game = Game(name, seed=1)
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    return game


# (id, the call on a game, error class, a regular expression the message must match)
ON_A_GAME: list[tuple[str, Callable[[Game], Any], str, str]] = [
    ("play 99", lambda g: g.apply(Action("play", 99)), "IllegalActionError",
     r"^illegal action play 99 \(no such card: cards are 0 to 35\); " + TRUMP_LEGAL + "$"),
    ("play 36", lambda g: g.apply(Action("play", 36)), "IllegalActionError", TRUMP_LEGAL),
    ("trump 99", lambda g: g.apply(Action("trump", 99)), "IllegalActionError",
     r"^illegal action trump 99 \(no such trump mode: modes are 0 to 5\); " + TRUMP_LEGAL),
    ("trump -1 is not shown as undenufe", lambda g: g.apply(Action("trump", -1)),
     "IllegalActionError", r"^illegal action trump -1 \(no such trump mode"),
    ("text trump -1", lambda g: g.apply("trump -1"), "IllegalActionError",
     r"^illegal action trump -1 \("),
    ("push with a value", lambda g: g.apply(Action("push", 5)), "IllegalActionError",
     r"^illegal action push 5 \(push takes no value\); " + TRUMP_LEGAL),
    ("text push 1", lambda g: g.apply("push 1"), "IllegalActionError", r"push takes no value"),
    ("apply(5)", lambda g: g.apply(5), "IllegalActionError",
     r"^illegal action 5 \(not an Action or an action's text\); " + TRUMP_LEGAL),
    ("apply(None)", lambda g: g.apply(None), "IllegalActionError",
     r"^illegal action None \(not an Action or an action's text\); " + TRUMP_LEGAL),
    ("apply(list)", lambda g: g.apply([0]), "IllegalActionError", r"illegal action \[0\] "),
    ("apply(unreadable text)", lambda g: g.apply("trump X"), "IllegalActionError",
     r"^illegal action 'trump X' \(not an action's text\); " + TRUMP_LEGAL),
    ("apply(empty text)", lambda g: g.apply(""), "IllegalActionError", TRUMP_LEGAL),
    ("a card as text value", lambda g: g.apply(Action("play", "DA")), "IllegalActionError",
     r"the value must be a whole number, not str"),
    ("a float card", lambda g: g.apply(Action("play", 1.0)), "IllegalActionError",
     r"the value must be a whole number, not float"),
    ("a bool trump", lambda g: g.apply(Action("trump", True)), "IllegalActionError",
     r"the value must be a whole number, not bool"),
    ("a kind that is no text", lambda g: g.apply(Action(None)), "IllegalActionError",
     r"the kind must be text, not NoneType"),
    ("hand_of(-1)", lambda g: g.hand_of(-1), "ApiUsageError", SEATS + "-1$"),
    ("hand_of(4)", lambda g: g.hand_of(4), "ApiUsageError", SEATS + "4$"),
    ("hand_of(True)", lambda g: g.hand_of(True), "ApiUsageError", SEATS + "True$"),
    ("observation(4)", lambda g: g.observation(4), "ApiUsageError", SEATS + "4$"),
    ("observation(-1)", lambda g: g.observation(-1), "ApiUsageError", SEATS + "-1$"),
    ("observation(None)", lambda g: g.observation(None), "ApiUsageError", SEATS + "None$"),
    ("observation(1.0)", lambda g: g.observation(1.0), "ApiUsageError", SEATS + r"1\.0$"),
    ("why_illegal(99)", lambda g: g.why_illegal(99), "ApiUsageError",
     r"^a card is a whole number from 0 to 35, not 99$"),
    ("why_illegal('DA')", lambda g: g.why_illegal("DA"), "ApiUsageError", r"not 'DA'$"),
    ("action_text(text)", lambda g: g.action_text("DA"), "ApiUsageError",
     r"^action_text takes an Action, not str \(Game\.parse_action reads"),
    ("parse_action(5)", lambda g: g.parse_action(5), "ApiUsageError",
     r"^an action's text must be a str, not int$"),
    ("a 5000-digit value in text", lambda g: g.apply("bid " + "9" * 5000),
     "IllegalActionError", r"\(not an action's text\); "),
]


@pytest.mark.parametrize(("call", "error", "message"), [p[1:] for p in ON_A_GAME],
                         ids=[p[0] for p in ON_A_GAME])
@pytest.mark.parametrize("make", [schieber, at_play], ids=["asking trump", "at play"])
def test_misuse_of_a_game_raises_the_documented_error_and_changes_nothing(
        make: Callable[[], Game], call: Callable[[Game], Any], error: str,
        message: str) -> None:
    game = make()
    if make is at_play:  # the legal actions are cards now
        message = message.replace(TRUMP_LEGAL, "legal now: " + ", ".join(
            str(a) for a in game.legal_actions()))
    # white-box: "changes nothing" is checked on the engine's whole state (game.s)
    before, state, rng = snapshot(game), copy.deepcopy(game.s), game.chance.getstate()
    history = list(game.history)
    with pytest.raises(getattr(errors, error)) as info:
        call(game)
    assert type(info.value) is getattr(errors, error)
    assert re.search(message, str(info.value)), str(info.value)
    assert snapshot(game) == before
    assert game.s == state
    assert game.chance.getstate() == rng
    assert game.history == history


# (id, the call, error class, a regular expression the message must match)
MAKING: list[tuple[str, Callable[[], Any], str, str]] = [
    ("Game(None)", lambda: Game(None), "ApiUsageError",
     r"^a variant is a name from rules/ or a path to a \.jass file, not NoneType$"),
    ("Game(5)", lambda: Game(5), "ApiUsageError", r"not int$"),
    ("Game(bytes)", lambda: Game(b"schieber"), "ApiUsageError", r"not bytes$"),
    ("load_rules(None)", lambda: load_rules(None), "ApiUsageError", r"not NoneType$"),
    ("a folder for a rule file", lambda: Game(str(Path(__file__).parent)), "MissingRuleFile",
     r"^no rule file at '.*tests': it is a directory \(a variant is a name from rules/ or "
     r"a path"),
    ("a float option value", lambda: Game("schieber", options={"target": 1000.0}),
     "OptionError", r"^option target takes a whole number or text .*, not 1000\.0 \(float\)$"),
    ("a list option value", lambda: Game("schieber", options={"target": [1000]}),
     "OptionError", r"not \[1000\] \(list\)$"),
    ("a bool option value", lambda: Game("schieber", options={"four-nines": True}),
     "OptionError", r"not True \(bool\)$"),
    ("options as a list", lambda: Game("schieber", options=[("target", 1000)]),
     "OptionError", r"^options must be a dict of option names to values, e\.g\. "
     r"\{'target': 1000\}, not list$"),
    ("options as text", lambda: load_rules("schieber", "target=1000"), "OptionError",
     r"not str$"),
    ("an option name that is no text", lambda: Game("schieber", options={1: 2}),
     "OptionError", r"^an option name must be text, not 1$"),
    ("options with compiled rules", lambda: Game(load_rules("schieber"),
                                                 options={"target": 1200}),
     "OptionError", r"^options are fixed when rules are compiled: Schieber was compiled with "
     r"\{.*'target': 1000.*\}; pass options to load_rules\(name, options\)"),
    ("a negative seed (it would play as its absolute value)",
     lambda: Game("schieber", seed=-1), "ApiUsageError",
     r"^seed must be a whole number >= 0 or None, not -1$"),
    ("a float seed", lambda: Game("schieber", seed=1.5), "ApiUsageError", r"not 1\.5$"),
    ("a list seed", lambda: Game("schieber", seed=[1]), "ApiUsageError", r"not \[1\]$"),
    ("Action.parse(None)", lambda: Action.parse(None), "ApiUsageError",
     r"^an action's text must be a str, not NoneType$"),
]


@pytest.mark.parametrize(("call", "error", "message"), [p[1:] for p in MAKING],
                         ids=[p[0] for p in MAKING])
def test_misuse_of_the_api_raises_the_documented_error(call: Callable[[], Any], error: str,
                                                        message: str) -> None:
    with pytest.raises(getattr(errors, error)) as info:
        call()
    assert re.search(message, str(info.value)), str(info.value)


def test_undo_with_nothing_to_undo_says_why() -> None:
    with pytest.raises(errors.ApiUsageError, match=r"^nothing to undo: no action applied yet$"):
        Game("schieber", seed=1).undo()
    with pytest.raises(errors.ApiUsageError, match=r"^nothing to undo: the game keeps no "
                       r"history \(record=False\)$"):
        Game("schieber", seed=1, record=False).undo()


def test_options_with_compiled_rules_are_fine_when_empty_and_go_with_a_name() -> None:
    rules = load_rules("schieber", {"target": 1200})
    assert Game(rules, seed=1, options={}).rules.options["target"] == 1200
    assert Game("schieber", seed=1, options={"target": 1200}).rules is rules


def test_a_rule_file_may_be_given_as_a_path() -> None:
    path = Path(__file__).parents[1] / "rules" / "schieber.jass"
    assert Game(path, seed=1).rules is load_rules(str(path))


@pytest.mark.parametrize(("action", "text"), [
    (Action("play", 99), "play 99"), (Action("play", -1), "play -1"),
    (Action("trump", -1), "trump -1"), (Action("trump", 6), "trump 6"),
    (Action("discard", 36), "discard 36"), (Action("push", 5), "push 5"),
    (Action("play", None), "play None"), (Action("trump", "H"), "trump 'H'"),
    (Action("play", 0), "DA"), (Action("trump", 5), "trump undenufe"), (Action("push"), "push"),
])
def test_every_action_has_a_text_and_a_malformed_one_shows_its_value(action: Action,
                                                                      text: str) -> None:
    assert str(action) == text


# kinds and values an Action may be made of by mistake: the right kinds with values of
# every type and size, and kinds that are no text or no kind at all (issue 18, N6)
MALFORMED = st.builds(
    Action,
    st.one_of(st.sampled_from(("play", "trump", "column", "bid", "estimate", "push", "weis",
                               "discard", "zzz", "")),
              st.none(), st.integers(), st.lists(st.integers(), max_size=2), st.text()),
    st.one_of(st.integers(), st.integers(-10**30, 10**30), st.sampled_from((10**5000, -10**5000)),
              st.floats(), st.booleans(),
              st.none(), st.text(max_size=5), st.lists(st.integers(), max_size=2),
              st.dictionaries(st.text(max_size=2), st.integers(), max_size=1),
              st.tuples(st.integers())))
ASKING = (("schieber", 0), ("schieber", 9), ("coiffeur", 0), ("bieter", 0), ("bieter", 30),
          ("differenzler", 2))  # a variant and how many first legal actions to apply


@settings(max_examples=150)
@given(action=MALFORMED, where=st.sampled_from(ASKING))
def test_every_game_method_that_takes_an_action_takes_a_malformed_one_calmly(
        action: Action, where: tuple[str, int]) -> None:
    """`action_text` and `str` give a readable text (the value shown as it is), `apply`
    raises IllegalActionError naming the legal actions, and nothing changes (N6)."""
    name, first = where
    game = Game(name, seed=1)
    for _ in range(first):
        game.apply(game.legal_actions()[0])
    before, state = snapshot(game), copy.deepcopy(game.s)  # white-box: the whole state
    text = game.action_text(action)
    assert isinstance(text, str) and text == game.action_text(action)
    assert isinstance(str(action), str)
    legal = game.legal_actions()
    if action in legal:
        return
    with pytest.raises(errors.IllegalActionError) as info:
        game.apply(action)
    assert str(info.value).endswith("legal now: " + ", ".join(game.legal_names()))
    assert snapshot(game) == before and game.s == state


def test_a_range_of_declaration_values_is_named_as_a_range() -> None:
    game = Game("sticheln", seed=1)
    with pytest.raises(errors.IllegalActionError) as info:
        game.apply("bid 0")
    assert str(info.value) == "illegal action bid 0; legal now: bid 1..9, pass"
    game = Game("differenzler", seed=1)
    with pytest.raises(errors.IllegalActionError, match=r"; legal now: estimate 0\.\.157$"):
        game.apply(Action("estimate", 1.5))


# --- atomic apply: an invariant that fails during play (hostile input api/) -----------------
def play_until_the_invariant_fails(game: Game, rng: random.Random) -> Action:
    """Random legal actions until one raises InvariantError (after the first hand)."""
    while True:
        action = rng.choice(game.legal_actions())
        try:
            game.apply(action)
        except errors.JassError as err:
            assert type(err).__name__ == "InvariantError", err
            return action


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), policy=st.integers(0, 2**32 - 1))
def test_a_failing_invariant_leaves_the_game_as_before_and_undo_consistent(
        seed: int, policy: int) -> None:
    game = Game(str(INVARIANT_FAILS), seed=seed)
    rng = random.Random(policy)
    # white-box: the engine's whole state (game.s) before each action, to compare after
    saved: list[Any] = []  # (state, generator, history) before each applied action
    while True:
        action = rng.choice(game.legal_actions())
        before = (copy.deepcopy(game.s), game.chance.getstate(), list(game.history))
        try:
            game.apply(action)
        except errors.InvariantError:
            break
        saved.append(before)
    assert (game.s, game.chance.getstate(), game.history) == before
    assert game.results == []
    message = f"{game.rules.model.path}: invariant 'never' does not hold after hand 1"
    with pytest.raises(errors.InvariantError, match=re.escape(message)):
        game.apply(action)  # the same again: the same error, and still nothing changed
    assert (game.s, game.chance.getstate(), game.history) == before
    for state, rng_state, history in reversed(saved):  # every undo matches the history
        last = game.history[-1]
        assert game.undo() == last
        assert (game.s, game.chance.getstate(), game.history) == (state, rng_state, history)
    with pytest.raises(errors.ApiUsageError):
        game.undo()


def test_a_game_without_history_refuses_to_go_on_after_a_failing_invariant() -> None:
    game = Game(str(INVARIANT_FAILS), seed=7, record=False)
    play_until_the_invariant_fails(game, random.Random(7))
    with pytest.raises(errors.ApiUsageError, match=r"^the game stopped at an error that a "
                       r"game without history \(record=False\) cannot take back; start a new "
                       r"game: .*invariant 'never' does not hold"):
        game.apply(game.legal_actions()[0] if game.legal_actions() else "DA")


def test_the_command_line_reports_a_failing_invariant_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    from jassdsl.cli import main

    assert main(["play", str(INVARIANT_FAILS), "--seed", "1"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert re.match(r"jassdsl: error: .*invariant-fails\.jass: invariant 'never' does not "
                    r"hold after hand 1 \(seed 1\)", err), err
