"""Bids that name the mode (`naming the mode`) and a Kontra that ends the auction
(`ending the auction`), as Sidi Barrani plays them: the actions, their text, who may say
what, what the auction leaves behind, the terminal's entries and the heuristic bot."""

from __future__ import annotations

import random

import pytest

from jassdsl.bots.heuristic import HeuristicBot
from jassdsl.cli.play import interpret
from jassdsl.core.actions import PASS, Action
from jassdsl.core.cards import CARD_INDEX
from jassdsl.core.errors import IllegalActionError
from jassdsl.engine import Game
from jassdsl.registry import new_game
from jassdsl.research.actionspace import ActionSpace

NAME = "sidi-barrani"


def game(seed: int = 5, **options: int | str) -> Game:
    return new_game(NAME, seed=seed, options=dict(options) or None)


def give(g: Game, seat: int, cards: list[str]) -> None:
    """Hand these cards to a seat before the auction, swapping them with its others (the
    deal stays a deal: every card once)."""
    want = [CARD_INDEX[c] for c in cards]
    spare = [c for c in range(36) if g.s.hands[seat] >> c & 1 and c not in want]
    for card in want:
        holder = next(x for x in range(4) if g.s.hands[x] >> card & 1)
        if holder != seat:
            other = spare.pop()
            g.s.hands[holder] ^= 1 << card | 1 << other
            g.s.hands[seat] ^= 1 << card | 1 << other


def said(g: Game, text: str) -> None:
    g.apply(g.parse_action(text))


def test_a_bid_is_a_number_and_a_mode_read_and_written_alike() -> None:
    g = game()
    assert g.phase == "bidding"
    texts = [g.action_text(a) for a in g.legal_actions()]
    assert texts[:7] == ["bid 70 D", "bid 70 H", "bid 70 S", "bid 70 C", "bid 70 obenabe",
                         "bid 70 undenufe", "bid 80 D"]
    assert texts[-1] == "pass" and "bid 157 undenufe" in texts
    assert len(texts) == 10 * 6 + 1  # 70..150 and 157, six modes each, pass; no Kontra yet
    for a in g.legal_actions():
        assert g.parse_action(g.action_text(a)) == a


def test_a_higher_bid_needs_a_higher_number_whatever_its_mode() -> None:
    g = game()
    said(g, "bid 100 H")
    numbers = {g.action_text(a).split()[1] for a in g.legal_actions() if a.kind == "bid"}
    assert numbers == {"110", "120", "130", "140", "150", "157"}
    with pytest.raises(IllegalActionError, match="higher than 100") as refused:
        said(g, "bid 100 obenabe")
    assert str(refused.value).startswith("illegal action bid 100 obenabe ")
    assert refused.value.legal == [
        "bid 110..150 by 10 naming D, H, S, C, obenabe, undenufe",
        "bid 157 naming D, H, S, C, obenabe, undenufe", "double yes", "pass"]


def test_the_highest_bid_sets_trump_and_nobody_chooses_it() -> None:
    g = game()
    bidder = g.current_player
    said(g, "bid 90 undenufe")
    for _ in range(3):
        said(g, "pass")
    assert g.phase != "trump" and g.observe(bidder).trump == "undenufe"
    assert g.observe(0).roles["bidder"] == bidder
    assert g.observe(0).declared["bid"][bidder] == 90  # the number, as scoring reads it


def test_only_an_opponent_says_kontra_and_it_ends_the_auction_at_once() -> None:
    g = game()
    bidder = g.current_player
    said(g, "bid 80 S")
    opponent = g.current_player
    assert Action("double", 1) in g.legal_actions()
    said(g, "pass")
    partner = g.current_player
    assert partner % 2 == bidder % 2 and Action("double", 1) not in g.legal_actions()
    with pytest.raises(IllegalActionError):
        g.apply(Action("double", 1))
    said(g, "pass")
    assert g.current_player % 2 == opponent % 2
    said(g, "double yes")
    assert g.phase != "bidding" and g.observe(0).trump == "S"
    assert g.observe(0).declared["double"] == tuple(int(x == (bidder + 3) % 4)
                                                    for x in range(4))


def test_a_bid_of_157_may_still_be_doubled() -> None:
    """pagat.com lets an opponent double a bid, with no exception for the highest: after
    157 nobody may bid, but the others are still asked; the partner may only pass, an
    opponent may say Kontra, and three passes end the auction."""
    g = game()
    bidder = g.current_player
    said(g, "bid 157 H")
    assert g.phase == "bidding"
    assert g.legal_actions() == [Action("double", 1), PASS]
    said(g, "pass")
    assert g.legal_actions() == [PASS]  # the partner cannot double its own team
    said(g, "pass")
    said(g, "double yes")
    assert g.phase != "bidding" and g.observe(0).trump == "H"
    assert g.observe(0).declared["double"][(bidder + 3) % 4] == 1
    g = game()
    said(g, "bid 157 obenabe")
    for _ in range(3):
        said(g, "pass")
    assert g.phase != "bidding" and g.observe(0).declared["double"] == (0, 0, 0, 0)


def test_kontra_is_not_offered_before_a_bid() -> None:
    g = game()
    assert all(a.kind != "double" for a in g.legal_actions())
    with pytest.raises(IllegalActionError, match="no bid to answer"):
        g.apply(Action("double", 1))


@pytest.mark.parametrize("re", ["yes", "no"])
def test_the_bidders_may_answer_a_kontra_with_re_under_the_option(re: str) -> None:
    g = game(re=re)
    bidder = g.current_player
    said(g, "bid 120 C")
    said(g, "double yes")
    if re == "no":
        assert g.phase in ("weis", "play")  # nobody is asked for a Re
        return
    assert g.phase == "declare" and g.current_player % 2 == bidder % 2
    assert {a.kind for a in g.legal_actions()} == {"redouble"}


def test_the_action_space_holds_every_bid_in_every_mode() -> None:
    g = game()
    space = ActionSpace.of(g.rules)
    bids = [a for a in space.actions if a.kind == "bid"]
    assert len(bids) == (157 - 70 + 1) * 6  # every number of the range, in six modes
    for a in [*g.legal_actions(), Action("double", 1), Action("redouble", 1)]:
        assert space.action(space.id(a)) == a


def test_the_terminal_reads_a_number_and_a_mode() -> None:
    g = game()
    legal = g.legal_actions()
    assert interpret(g, "100 H", legal) == g.parse_action("bid 100 H")
    assert interpret(g, "bid 150 obenabe", legal) == g.parse_action("bid 150 obenabe")
    assert interpret(g, "pass", legal) == PASS
    said(g, "bid 80 D")
    assert interpret(g, "double", g.legal_actions()) == Action("double", 1)
    assert "as a bid" in str(interpret(g, "100 x", g.legal_actions()))
    said(g, "bid 100 H")
    answer = interpret(g, "90 S", g.legal_actions())
    assert isinstance(answer, str) and "not allowed" in answer


def test_the_bot_bids_its_best_mode_and_says_kontra_with_a_strong_hand() -> None:
    g = game(seed=11)
    first = g.current_player
    give(g, first, ["SJ", "S9", "SA", "SK", "SQ", "S10", "HA", "DA", "CA"])
    bot = HeuristicBot(random.Random(1))
    bid = bot.choose(g, first)
    assert g.action_text(bid).split()[2] == "S"  # spades: its best mode
    said(g, "bid 70 H")  # an opening bid in Hearts instead
    opponent = g.current_player
    give(g, opponent, ["HJ", "H9", "HK", "HQ", "H10", "H8", "DA", "SA", "CA"])
    assert bot.choose(g, opponent) == Action("double", 1)


def test_the_bot_leaves_a_weak_hand_alone() -> None:
    g = game(seed=11)
    said(g, "bid 150 H")
    opponent = g.current_player
    give(g, opponent, ["D6", "D7", "C6", "C7", "S6", "S7", "D8", "C8", "S8"])
    assert HeuristicBot(random.Random(1)).choose(g, opponent) == PASS
