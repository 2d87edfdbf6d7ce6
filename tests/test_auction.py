"""The trick auction and the declarations after it, played through Sticheln's rule file.

Expectations come from the Allmedias text: bidding from forehand, each bid higher or a
pass; all pass -> the next dealer deals anew; the highest bidder names trump and leads;
the others call from the bidder's right; the last caller may not make the calls 9; the
highest bidder deals the next hand (the rule file's decision)."""

from __future__ import annotations

import pytest

from jassdsl.actions import Action
from jassdsl.engine.events import Dealt
from jassdsl.errors import IllegalActionError
from jassdsl.game import Game


def fresh(seed: int = 3) -> Game:
    return Game("sticheln", seed=seed)


def test_everybody_passes_and_the_next_dealer_deals_anew() -> None:
    game = fresh()
    dealer, dealt = game.dealer, [game.hand_of(x) for x in range(4)]
    assert game.phase == "auction" and game.current_player == (dealer + 1) % 4
    for _ in range(4):
        game.apply("pass")
    assert game.phase == "auction" and game.hand_number == 1 and not game.results
    assert game.dealer == (dealer + 1) % 4 and game.current_player == (dealer + 2) % 4
    again = game.hand_events()[-1]
    assert isinstance(again, Dealt) and again.redeals == 1 and again.dealer == game.dealer
    assert [game.hand_of(x) for x in range(4)] != dealt


def test_a_bid_must_be_higher_and_three_passes_end_the_auction() -> None:
    game = fresh()
    first = game.current_player
    game.apply("bid 3")
    assert [str(a) for a in game.legal_actions()] == [f"bid {v}" for v in range(4, 10)] + ["pass"]
    with pytest.raises(IllegalActionError):
        game.apply("bid 3")
    game.apply("pass")
    game.apply("bid 5")  # the third player outbids
    for _ in range(2):
        game.apply("pass")
    assert game.phase == "auction"  # the first bidder may still answer
    game.apply("pass")
    assert game.phase == "trump" and game.current_player == (first + 2) % 4
    bids = [0] * 4
    bids[first], bids[(first + 2) % 4] = 3, 5
    assert game.observe(0).declared["bid"] == tuple(bids)  # a pass counts 0


def test_a_bid_of_nine_ends_the_auction_at_once() -> None:
    game = fresh()
    bidder = game.current_player
    game.apply("bid 9")
    assert game.phase == "trump" and game.current_player == bidder


def test_calls_start_right_of_the_bidder_and_the_last_may_not_make_nine() -> None:
    game = fresh()
    bidder = (game.current_player + 1) % 4
    game.apply("pass")
    game.apply("bid 4")
    for _ in range(3):
        game.apply("pass")
    game.apply("trump obenabe")
    assert game.phase == "declare" and game.current_player == (bidder + 1) % 4
    assert game.observe(0).declared["call"][bidder] == 4  # the bid is the bidder's call
    game.apply("call 2")
    game.apply("call 1")
    last = game.current_player
    assert last == (bidder + 3) % 4
    legal = [a.value for a in game.legal_actions()]
    assert 2 not in legal and legal == [0, 1, 3, 4, 5, 6, 7, 8, 9]  # 4 + 2 + 1 + 2 = 9
    with pytest.raises(IllegalActionError):
        game.apply("call 2")
    game.apply("call 0")
    assert game.phase == "play" and game.current_player == bidder == game.leader


def test_the_highest_bidder_deals_the_next_hand() -> None:
    game = fresh(5)
    bidder = game.current_player
    game.apply("bid 2")
    for _ in range(3):
        game.apply("pass")
    game.apply("trump H")
    while game.phase == "declare":
        game.apply(game.legal_actions()[0])
    while not game.results:
        game.apply(game.legal_actions()[0])
    assert game.dealer == bidder and game.hand_number == 2
    assert game.current_player == (bidder + 1) % 4 and game.phase == "auction"


def test_pass_reads_as_an_action() -> None:
    assert Action.parse("pass") == Action("pass") and str(Action("pass")) == "pass"
