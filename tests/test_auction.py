"""The trick auction and the declarations after it, played through Sticheln's rule file.

Expectations come from the Allmedias text: bidding from forehand, each bid higher or a
pass; all pass -> the next dealer deals anew; the highest bidder names trump and leads;
the others call from the bidder's right; the last caller may not make the calls 9; the
highest bidder deals the next hand (the rule file's decision)."""

from __future__ import annotations

import pytest

from jassdsl.core.actions import Action
from jassdsl.core.errors import IllegalActionError
from jassdsl.engine import Game
from jassdsl.engine.events import Dealt
from jassdsl.registry import new_game


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


def test_deals_made_anew_count_toward_the_engines_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Players who never bid would have the cards dealt anew without end: a deal made
    anew counts toward `HAND_LIMIT` like a hand played, and the game stops in words once
    the deals reach it (the limit lowered to 6: one hand played, then five passed)."""
    import jassdsl.engine.records
    from jassdsl.engine.events import GameOver

    monkeypatch.setattr(jassdsl.engine.records, "HAND_LIMIT", 6)
    game = fresh()
    for _ in range(4):  # a deal anew, then a hand played: the deals in a row start again
        game.apply("pass")
    game.apply("bid 3")
    while game.hand_number == 1:
        game.apply(game.legal_actions()[-1] if game.phase == "auction" else
                   game.legal_actions()[0])
    passes = 0
    while not game.is_over and passes < 100:  # bounded: without the limit it never ends
        assert game.legal_actions()[-1] == Action("pass")
        game.apply("pass")
        passes += 1
    assert passes == 4 * 4 and game.hand_number == 2 and len(game.results) == 1
    assert game.legal_actions() == []
    outcome = game.outcome()
    assert outcome is not None and outcome.hands == 1
    assert outcome.reason == "game stopped: 4 deals in a row nobody played"
    assert jassdsl.engine.records.stopped(outcome.reason)
    assert game.events[-1] == GameOver(2, outcome.reason)
    from jassdsl.rulebook.textview import outcome_line  # the words the table shows

    assert "(Spiel abgebrochen: 4 Mal in Folge neu gegeben, niemand hat gespielt)" in \
        outcome_line(game.rules, outcome, ["P0", "P1", "P2", "P3"], "de")


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


def test_in_bieter_a_pass_after_a_bid_is_final() -> None:
    """Bieter follows jassonkel.ch: who passes once there is an offer 'darf nachträglich
    nicht mehr bieten', is not asked again, and the auction ends when all but the highest
    bidder have passed. Sticheln's text makes no pass final (above)."""
    game = Game("bieter", seed=3)
    first = game.current_player
    game.apply("bid 60")
    game.apply("pass")  # first + 1 is out
    game.apply("bid 70")
    game.apply("pass")  # first + 3 is out
    assert game.current_player == first
    game.apply("bid 80")
    assert game.phase == "auction" and game.current_player == (first + 2) % 4  # skips + 1
    game.apply("pass")  # everybody but the highest bidder has passed
    assert game.phase == "trump" and game.current_player == first
    assert game.observe(0).declared["bid"][first] == 80


def test_in_bieter_a_pass_before_the_first_bid_is_not_final() -> None:
    """jassonkel.ch: who said 'fort' before the first bid may bid later."""
    game = Game("bieter", seed=3)
    first = game.current_player
    for action in ("pass", "pass", "bid 60"):  # first and first + 1 passed before any bid
        game.apply(action)
    game.apply("bid 90")
    assert game.current_player == first  # asked again: that pass was not final
    game.apply("bid 100")
    game.apply("pass")  # first + 1 passes after a bid: now it is out
    game.apply("pass")  # first + 2 is out
    assert game.current_player == (first + 3) % 4
    game.apply("pass")
    assert game.phase == "trump" and game.current_player == first


@pytest.mark.parametrize(("variant", "passing"), [("dreier-bieter", None),
                                                   ("bieter", "every")])
def test_with_passing_every_a_pass_before_the_first_bid_is_final(
        variant: str, passing: str | None) -> None:
    """jassverzeichnis.ch: every pass is final, a pass before the first bid too; Dreier-
    Bieter's default, Bieter's option 'passing=every' (and the other way round)."""
    game = new_game(variant, seed=3, options={"passing": passing} if passing else None)
    n = game.rules.players
    first = game.current_player
    game.apply("pass")  # first is out for good
    for bid in range(60, 60 + 10 * (n - 1), 10):
        game.apply(f"bid {bid}")
    assert game.current_player == (first + 1) % n  # first is skipped
    game.apply("pass")
    if n == 4:
        assert game.current_player == (first + 2) % n
        game.apply("pass")
    assert game.phase != "auction"
    other = new_game("dreier-bieter", seed=3, options={"passing": "after-bid"})
    first = other.current_player
    for action in ("pass", "bid 60", "bid 70"):
        other.apply(action)
    assert other.current_player == first  # asked again: that pass was not final


def test_in_bieter_everybody_passing_deals_anew() -> None:
    game = Game("bieter", seed=3)
    dealer = game.dealer
    for _ in range(4):
        game.apply("pass")
    assert game.phase == "auction" and game.dealer == (dealer + 1) % 4 and not game.results
    assert game.current_player == (dealer + 2) % 4
    game.apply("bid 60")  # passes of the void deal do not count in the new one
    assert game.current_player == (dealer + 3) % 4


@pytest.mark.parametrize(("passing", "rule"), [("every", "pass_final"),
                                               ("after-bid", "pass_final_after_bid")])
def test_an_option_chooses_the_rule_of_passing(passing: str, rule: str) -> None:
    """`a pass is final if passing = every, a pass after a bid is final if ...`: the
    compiled auction carries exactly the rule of the option's choice."""
    from test_language_fixtures import FOLDER, read_fixture

    from jassdsl.compile.compiler import compile_rules
    from jassdsl.language.check import load_model
    from jassdsl.mechanisms.auction import index_of

    fx = read_fixture(FOLDER / "declare-auction-pass-final-option.jass")
    rules = compile_rules(load_model(fx.source, fx.path.name), {"passing": passing})
    decl = rules.declarations[index_of(rules)]
    assert decl.marks & {"pass_final", "pass_final_after_bid"} == {rule}
