"""The action kinds are open: the engine's own and those the installed mechanisms
contribute (`Runtime.codec`) are written and read by one codec (`core/actions.py`), so a
mechanism's card-carrying kind needs no edit of a hand-kept list anywhere."""

from __future__ import annotations

import pytest

from jassdsl.core.actions import Action, ActionKind, add_kinds, flaw, kinds_carrying, value_of
from jassdsl.core.errors import ApiUsageError
from jassdsl.core.mechanism import installed


@pytest.fixture
def with_kinds():  # type: ignore[no-untyped-def]
    """Contribute kinds for one test, then the installed mechanisms' again."""
    def contribute(*kinds: ActionKind) -> None:
        add_kinds([*(k for x in installed() for k in x.runtime.codec), *kinds])
    yield contribute
    add_kinds(k for x in installed() for k in x.runtime.codec)


def test_the_installed_kinds_are_the_engines_and_the_mechanisms() -> None:
    assert kinds_carrying("card")[:2] == ("play", "discard")
    assert {"push", "pass", "join", "fold", "swap", "take", "decline"} <= set(
        kinds_carrying("none"))
    assert value_of("trump") == "mode" and value_of("estimate") == "number"


def test_a_contributed_card_kind_is_written_and_read(with_kinds) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ApiUsageError, match="cannot read action 'toss DA'"):
        Action.parse("toss DA")  # unknown: not read as a card
    with_kinds(ActionKind("toss", "card"), ActionKind("knock", "none"))
    assert Action.parse("toss DA") == Action("toss", 0) and str(Action("toss", 0)) == "toss DA"
    assert Action.parse("knock") == Action("knock") and str(Action("knock")) == "knock"
    assert flaw(Action("toss", 36)).startswith("no such card")
    assert flaw(Action("knock", 2)) == "knock takes no value"


def test_a_kind_named_with_two_values_is_refused(with_kinds) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="'fold' carries both"):
        with_kinds(ActionKind("fold", "card"))
    with pytest.raises(ValueError, match="a value of"):
        ActionKind("x", "colour")
