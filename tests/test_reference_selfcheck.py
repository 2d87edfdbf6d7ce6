"""Hand-worked checks of the naive reference implementation in tests/reference.py."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

try:
    import reference as ref
except ImportError:  # tests/ turned into a package
    from tests import reference as ref

ALL_MODES = ["D", "H", "S", "C", "obenabe", "undenufe", None]


def first_legal(player: int, legal: list[str], state: dict[str, Any]) -> str:
    return legal[0]


def test_deck_order() -> None:
    cards = ref.deck()
    assert len(cards) == 36 and len(set(cards)) == 36
    assert cards[:3] == ["DA", "DK", "DQ"]
    assert cards[9] == "HA" and cards[13] == "H10" and cards[35] == "C6"


@pytest.mark.parametrize("mode", ALL_MODES)
def test_deck_is_worth_157(mode: str | None) -> None:
    assert sum(ref.card_points(c, mode) for c in ref.deck()) + 5 == 157


@pytest.mark.parametrize("mode", ALL_MODES)
def test_the_pack_without_sixes_is_32_cards_worth_157(mode: str | None) -> None:
    cards = ref.pack(["sixes"])
    assert len(cards) == 32 and not any(c.endswith("6") for c in cards)
    assert sum(ref.card_points(c, mode) for c in cards) + 5 == 157
    # with the Six worth 11 in Undenufe the 32 cards lose the four Sixes' 44 points
    assert sum(ref.card_points(c, "undenufe", True) for c in cards) + 5 == 157 - 44


def test_a_pack_is_read_from_the_rule_text() -> None:
    text = "players 4\npack: without sixes and spades, HA  # a comment\ndeal 5 each\n"
    cards = ref.pack_of_text(text)
    assert len(cards) == 36 - 4 - 8 - 1 and "HA" not in cards and "S10" not in cards
    assert ref.pack_of_text("players 4\n") == ref.deck()


def test_undenufe_six_is_11_also_157() -> None:
    assert sum(ref.card_points(c, "undenufe", True) for c in ref.deck()) + 5 == 157
    assert ref.card_points("H6", "undenufe", True) == 11
    assert ref.card_points("HA", "undenufe", True) == 0
    assert ref.card_points("H8", "undenufe", True) == 8


def test_points_tables() -> None:
    assert [ref.card_points("S" + r, "S") for r in ref.RANKS] == [11, 4, 3, 20, 10, 14, 0, 0, 0]
    assert [ref.card_points("H" + r, "S") for r in ref.RANKS] == [11, 4, 3, 2, 10, 0, 0, 0, 0]
    assert [ref.card_points("H" + r, None) for r in ref.RANKS] == [11, 4, 3, 2, 10, 0, 8, 0, 0]
    assert ref.card_points("H8", "obenabe") == 8 and ref.card_points("H8", "undenufe") == 8


def test_rank_orders() -> None:
    assert ref.rank_order("S", "S") == ["J", "9", "A", "K", "Q", "10", "8", "7", "6"]
    assert ref.rank_order("S", "H") == ref.RANKS
    assert ref.rank_order(None, "H") == ref.RANKS
    assert ref.rank_order("undenufe", "H") == ref.RANKS[::-1]


def test_trick_winner() -> None:
    assert ref.trick_winner(["HA", "H6", "S6"], "S") == 2  # any trump beats the led suit
    assert ref.trick_winner(["HA", "H6", "DA"], "S") == 0  # off-suit discard never wins
    assert ref.trick_winner(["SA", "S9", "SJ", "SK"], "S") == 2  # Puur > Naell > Ace
    assert ref.trick_winner(["HK", "SQ", "S10"], "S") == 1  # trump Q outranks trump 10
    assert ref.trick_winner(["H10", "H6", "HA"], "undenufe") == 1
    assert ref.trick_winner(["HJ", "HA"], None) == 1  # no trump yet: obenabe ranks


def test_no_trump_modes_follow_suit() -> None:
    for mode in ("obenabe", "undenufe", None):
        assert ref.legal_cards(["SA", "H6", "H9"], ["HA"], mode, "strict") == ["H6", "H9"]
        assert ref.legal_cards(["SA", "D6"], ["HA"], mode, "weak") == ["SA", "D6"]
    assert ref.legal_cards(["SA", "D6"], [], "obenabe", "weak") == ["SA", "D6"]


def test_trump_led() -> None:
    # must play a trump, even a low one: no need to beat
    assert ref.legal_cards(["HA", "S7", "SK"], ["SA"], "S", "strict") == ["S7", "SK"]
    # only the Puur: free choice (unless the exemption is switched off)
    assert ref.legal_cards(["SJ", "H7", "D8"], ["S6"], "S", "strict") == ["SJ", "H7", "D8"]
    assert ref.legal_cards(["SJ", "H7", "D8"], ["S6"], "S", "weak", False) == ["SJ"]
    # Puur plus another trump: must play a trump, either one
    assert ref.legal_cards(["SJ", "S6", "H7"], ["SA"], "S", "weak") == ["SJ", "S6"]
    # no trump at all: anything
    assert ref.legal_cards(["H7", "D8"], ["S6"], "S", "strict") == ["H7", "D8"]


def test_side_suit_led_may_trump_instead_of_following() -> None:
    hand = ["H7", "S6", "D7"]
    assert ref.legal_cards(hand, ["HA"], "S", "strict") == ["H7", "S6"]
    assert ref.legal_cards(hand, ["HA"], "S", "weak") == ["H7", "S6"]


def test_holding_led_suit_no_undertrump_in_either_regime() -> None:
    hand = ["H7", "S6", "SA", "D7"]
    for regime in ("strict", "weak"):
        assert ref.legal_cards(hand, ["HA", "SQ"], "S", regime) == ["H7", "SA"]


def test_void_with_side_cards_regimes_differ() -> None:
    hand = ["S6", "SA", "D7"]
    assert ref.legal_cards(hand, ["HA", "SQ"], "S", "strict") == ["SA", "D7"]
    assert ref.legal_cards(hand, ["HA", "SQ"], "S", "weak") == ["S6", "SA", "D7"]


def test_all_trump_hand_may_undertrump_in_both_regimes() -> None:
    hand = ["S6", "S7"]
    assert ref.legal_cards(hand, ["HA", "SQ"], "S", "strict") == ["S6", "S7"]
    assert ref.legal_cards(hand, ["HA", "SQ"], "S", "weak") == ["S6", "S7"]


def test_undertrump_compares_rank_and_highest_trump() -> None:
    # trump 10 has more points than trump Q but ranks below it
    assert ref.legal_cards(["S10", "D6"], ["HA", "SQ"], "S", "strict") == ["D6"]
    # compared with the highest trump in the trick, not the first one
    assert ref.legal_cards(["SQ", "SA", "D6"], ["HA", "S6", "SK"], "S", "strict") == ["SA", "D6"]


def test_first_void_sets_trump_in_that_trick() -> None:
    hands = [["HK", "C6"], ["SQ", "DA"], ["H7", "S6"], ["S7", "D6"]]
    seen: list[tuple[int, list[str], Any]] = []

    def record(player: int, legal: list[str], state: dict[str, Any]) -> str:
        seen.append((player, legal, state["trump"]))
        return legal[0]

    result = ref.play_first_void_hand(hands, 0, record)
    # P1 is void in hearts and discards SQ: spades become trump at once
    assert seen[1] == (1, ["SQ", "DA"], None)
    # P2 still holds a heart, so the weak rule forbids the lower S6
    assert seen[2] == (2, ["H7"], "S")
    # P3 is void in hearts: weak rule allows any card, even the lower trump
    assert seen[3] == (3, ["S7", "D6"], "S")
    assert result["trump"] == "S"
    assert result["tricks"][1][0] == ["HK", "SQ", "H7", "S7"]


def test_first_void_earlier_tricks_rescored_with_final_trump() -> None:
    hands = [["HJ", "D6"], ["HA", "DA"], ["H6", "H7"]]
    result = ref.play_first_void_hand(hands, 0, first_legal)
    # trick 1 is decided with obenabe ranks: the ace beats the jack
    assert result["tricks"][1] == [["HJ", "HA", "H6"]]
    # trick 2: P2 is void in diamonds and plays H7, so hearts become trump
    assert result["trump"] == "H"
    assert result["tricks"][2] == [["DA", "H7", "D6"]]
    assert result["points"] == [0, 20 + 11, 11 + 5]


def test_first_void_no_void_ever_counts_eights() -> None:
    result = ref.play_first_void_hand([["H8", "D8"], ["H7", "D7"]], 0, first_legal)
    assert result["trump"] is None
    assert result["points"] == [8 + 8 + 5, 0]


def random_chooser(rng: random.Random) -> ref.Chooser:
    return lambda player, legal, state: rng.choice(legal)


def deal(rng: random.Random, players: int) -> list[list[str]]:
    cards = ref.deck()
    rng.shuffle(cards)
    size = 36 // players
    return [cards[i * size : (i + 1) * size] for i in range(players)]


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([3, 4]))
def test_random_first_void_hands_total_157(rng: random.Random, players: int) -> None:
    result = ref.play_first_void_hand(deal(rng, players), 0, random_chooser(rng))
    assert sum(result["points"]) == 157
    assert sum(len(t) for t in result["tricks"]) == 36 // players


@settings(max_examples=60, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(ALL_MODES),
    st.sampled_from(["strict", "weak"]),
)
def test_random_fixed_mode_hands_total_157(rng: random.Random, mode: Any, regime: str) -> None:
    result = ref.play_hand(deal(rng, 4), 1, mode, regime, random_chooser(rng))
    assert sum(result["points"]) == 157


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["D", "H", "S", "C"]))
def test_strict_is_never_looser_than_weak(rng: random.Random, trump: str) -> None:
    cards = ref.deck()
    rng.shuffle(cards)
    trick, hand = cards[: rng.randint(0, 3)], cards[4 : 4 + rng.randint(1, 9)]
    strict = ref.legal_cards(hand, trick, trump, "strict")
    weak = ref.legal_cards(hand, trick, trump, "weak")
    assert strict and set(strict) <= set(weak) <= set(hand)
