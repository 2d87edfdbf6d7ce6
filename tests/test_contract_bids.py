"""A named bid that plays a contract (docs/en/language.md, "Declarations before play"):
`or misere worth 105 playing misere` ranks the Misère between the bids of 100 and 110;
when it is the highest bid, the hand is played in the mode `misere` without anybody
choosing, and the heuristic bot, told by the mode's goal (`, for the fewest points`),
stays out of tricks."""

from __future__ import annotations

import random
from pathlib import Path

from test_language_fixtures import read_fixture

from jassdsl.bots.heuristic import HeuristicBot, duck
from jassdsl.bots.view import View, table_for
from jassdsl.compile.compiler import compile_rules
from jassdsl.core.actions import Action
from jassdsl.engine import Game
from jassdsl.language.check import load_model

FIXTURE = Path(__file__).parent / "fixtures" / "language" / "declare-auction-contract.jass"


def fresh(seed: int = 3) -> Game:
    fx = read_fixture(FIXTURE)
    return Game(compile_rules(load_model(fx.source, FIXTURE.name)), seed=seed)


def test_the_misere_bid_ranks_between_100_and_110() -> None:
    game = fresh()
    game.apply("bid 100")
    names = game.legal_names()
    assert "bid misere" in names and "bid 100" not in " ".join(names).split(", ")
    game.apply("bid misere")
    assert all(a.value > 105 for a in game.legal_actions() if a.kind == "bid")


def test_the_highest_misere_bid_sets_the_mode_and_nobody_chooses() -> None:
    game = fresh()
    bidder = game.current_player
    game.apply("bid misere")
    for _ in range(3):
        game.apply("pass")
    assert game.phase == "play"
    assert game.rules.mode_names[game.mode] == "misere"
    assert game.current_player == bidder  # the bidder leads


def test_a_point_bid_leaves_the_choice_to_the_bidder() -> None:
    game = fresh()
    game.apply("bid 110")
    for _ in range(3):
        game.apply("pass")
    assert game.phase == "trump"


def test_the_bots_duck_under_a_contract_wanting_the_fewest_points() -> None:
    """Every card the heuristic bot plays in the Misère is the card that stays out of the
    trick (`duck`); in the same deal played in a suit it does not always duck."""
    def cards_played(bid: str) -> tuple[int, int]:
        game, bot = fresh(), HeuristicBot(random.Random(1))
        game.apply(f"bid {bid}")
        for _ in range(3):
            game.apply("pass")
        if game.phase == "trump":
            game.apply("trump H")
        ducked = decisions = 0
        while game.phase == "play":
            seat = game.current_player
            view = View.of(game, seat)
            cards = [a.value for a in game.legal_actions()]
            chosen = bot.choose(game, seat)
            table = table_for(game.rules, view.order)
            ducked += chosen == Action("play", duck(game.rules, view, cards, table))
            decisions += 1
            game.apply(chosen)
        return ducked, decisions

    ducked, decisions = cards_played("misere")
    assert decisions == 36 and ducked == decisions
    ducked, decisions = cards_played("110")
    assert ducked < decisions


def test_the_bot_bids_the_misere_with_a_hand_that_takes_few_points() -> None:
    """After a bid of 100, the next player's bid over 60 deals: the Misère only where its
    hand promises at most `CONTRACT_BELOW` of the points in Obenabe, and never a pass with
    such a hand."""
    from jassdsl.bots.declaring import expected_points
    from jassdsl.bots.view import hand_total
    from jassdsl.mechanisms.auction import CONTRACT_BELOW

    said = []
    for seed in range(60):
        game = fresh(seed)
        game.apply("bid 100")
        seat, rules = game.current_player, game.rules
        view = View.of(game, seat)
        said.append(game.action_text(HeuristicBot(random.Random(seed)).choose(game, seat)))
        table = rules.modes[rules.mode_names.index("misere")]
        share = expected_points(rules, view.hand, table) / hand_total(rules, table)
        assert said[-1] != "bid misere" or share <= CONTRACT_BELOW
        assert said[-1] != "pass" or share > CONTRACT_BELOW
    assert "bid misere" in said and "pass" in said, said
