"""Bids in steps and named bids (docs/en/language.md, "Declarations before play"):
`declare bid from 60 to 157 in steps of 10, ..., or match worth 257` offers 60, 70, ...,
150, 157 and `match` (257); a game prints and reads the named bid by its name."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_language_fixtures import read_fixture

from jassdsl.cli.play import choices_text, interpret
from jassdsl.compile.compiler import compile_rules
from jassdsl.core.actions import Action
from jassdsl.core.errors import IllegalActionError
from jassdsl.engine import Game
from jassdsl.engine.improve import improve
from jassdsl.engine.take_part import take_part
from jassdsl.language.check import load_model
from jassdsl.mechanisms.weis import weis_in

FIXTURE = Path(__file__).parent / "fixtures" / "language" / "declare-steps.jass"
VALUES = [*range(60, 151, 10), 157]  # from the rule text: the steps, and 157 itself


def fresh(seed: int = 0) -> Game:
    fx = read_fixture(FIXTURE)
    return Game(compile_rules(load_model(fx.source, FIXTURE.name)), seed=seed)


def test_the_legal_bids_are_the_steps_the_top_and_the_named_bid() -> None:
    game = fresh()
    assert game.phase == "auction"
    assert [a.value for a in game.legal_actions() if a.kind == "bid"] == [*VALUES, 257]
    assert game.legal_names() == ["bid 60..150 by 10", "bid 157", "bid match", "pass"]
    game.apply("bid 80")
    assert game.legal_names() == ["bid 90..150 by 10", "bid 157", "bid match", "pass"]
    with pytest.raises(IllegalActionError):
        game.apply("bid 85")  # not a step


def test_the_named_bid_is_read_by_name_and_ends_the_auction_at_once() -> None:
    game = fresh()
    bidder = game.current_player
    game.apply("bid match")
    assert game.phase == "trump" and game.current_player == bidder
    assert game.observe(0).declared["bid"][bidder] == 257
    assert game.action_text(Action("bid", 257)) == "bid match"


def test_the_command_line_names_and_reads_the_named_bid() -> None:
    game = fresh()
    legal = game.legal_actions()
    assert choices_text(game, legal) == "bid 60..150 by 10, bid 157, bid match, or pass"
    assert interpret(game, "match", legal) == Action("bid", 257)
    assert interpret(game, "70", legal) == Action("bid", 70)
    assert interpret(game, "75", legal) == "75 is not allowed now"


@pytest.mark.parametrize("seed", range(8))
def test_a_match_bid_is_made_only_by_taking_every_trick(seed: int) -> None:
    """made: the bidder took every trick after bidding match, or at least the bid in card
    points; the bidder then gets the bid, else loses it."""
    game, rng = fresh(seed), random.Random(seed)
    while len(game.results) < 2 and not game.is_over:
        legal = game.legal_actions()
        bids = [a for a in legal if a.kind == "bid"]
        pick = bids[-1] if bids and rng.random() < 0.3 else legal[rng.randrange(len(legal))]
        game.apply(pick)
    for r in game.results:
        bids = r.declared["bid"]
        top = bids.index(max(bids))
        took_all = all(t.winner == top for t in r.tricks)
        made = took_all if bids[top] == 257 else r.points[top] >= bids[top]
        assert r.clause == ("made" if made else "failed")
        assert [g.amount for g in r.grants if g.subject == top] == [bids[top] if made
                                                                    else -bids[top]]


def compiled(name: str, options: dict[str, int | str]) -> Any:
    fx = read_fixture(FIXTURE.parent / f"{name}.jass")
    return compile_rules(load_model(fx.source, name), options)


@pytest.mark.parametrize(("options", "want"), [
    ({}, (100, 20, 0, (*range(0, 158, 10), 157, 257), 100)),
    ({"match-bonus": 150, "short": 30, "floor": 50, "step": 5, "hook": 157},
     (150, 30, 50, (*range(0, 158, 5), 157, 257), 157)),
])
def test_an_option_stands_where_a_number_stands(options: dict[str, int | str],
                                                 want: tuple[Any, ...]) -> None:
    """The reference ("Options"): the match bonus, a Weis, a unit's floor, the steps and
    named value of a declaration and the total the last may not make follow the option."""
    r = compiled("option-numbers", options)
    d = r.declarations[0]
    assert (r.match_bonus, weis.sequences[3] if (weis := weis_in(r, -1)) else None,
            r.units["points"].floor, tuple(sorted(set(d.values))), d.hook) == \
        (want[0], want[1], want[2], tuple(sorted(set(want[3]))), want[4])


@pytest.mark.parametrize(("swap", "fold"), [(2, 3), (3, 4)])
def test_pile_sizes_swaps_and_folding_follow_their_options(swap: int, fold: int) -> None:
    r = compiled("option-numbers-piles", {"seats": 3, "swap": swap, "fold-from": fold})
    bettering, taking_part = improve(r), take_part(r)
    assert bettering is not None and taking_part is not None
    assert (dict(r.piles)["bessern"], bettering.cards, taking_part.fold_from) == \
        (swap, swap, fold)
    own = {k: len(v) for k, v in Game(r, seed=1).piles.items() if k.startswith("bessern:")}
    assert sorted(own.values()) == [swap] * 3, "each player's own pile holds the option's cards"
