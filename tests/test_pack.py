"""Another pack (docs/en/language.md, "The pack"): a file's smaller pack of the 36 and
packets that go round the table in turn; what follows from them (the deal, a hand's
worth, the bots' odds, positions) and what says it does not cover them (the compiled
playout). One compiled file and one seeded game, shared."""

from __future__ import annotations

import pytest

from jassdsl.bots.declaring import card_odds
from jassdsl.bots.view import hand_total
from jassdsl.core.cards import CARD_INDEX, RANK_MASKS, RANKS, mask_cards
from jassdsl.core.deal import deal_plan
from jassdsl.engine import Game
from jassdsl.engine.position import PositionError, at_deal
from jassdsl.fast import games
from jassdsl.registry import load_rules
from jassdsl.research.simulate import simulate

RULES = load_rules("schieber-32")
SIXES = RANK_MASKS[RANKS.index("6")]


def test_the_pack_is_the_36_without_the_sixes() -> None:
    assert RULES.pack == ((1 << 36) - 1) & ~SIXES and RULES.pack.bit_count() == 32
    assert (RULES.cards_each, RULES.packets) == (8, (3, 3, 2))
    assert load_rules("schieber").pack == (1 << 36) - 1  # unsaid: the 36 cards


def test_packets_go_round_the_table_in_turn() -> None:
    places = [list(get(range(32))) for get in deal_plan(4, 8, (3, 3, 2))]
    # the first round three each (0-11), then three each (12-23), then two each (24-31)
    assert places[0] == [0, 1, 2, 12, 13, 14, 24, 25]
    assert places[3] == [9, 10, 11, 21, 22, 23, 30, 31]
    assert sorted(p for seat in places for p in seat) == list(range(32))
    # one size is the old plan: packets of 3 to four players of nine
    assert [list(get(range(36))) for get in deal_plan(4, 9, 3)] == \
        [list(get(range(36))) for get in deal_plan(4, 9, (3,))]


def test_a_hand_is_worth_the_packs_points_in_every_mode() -> None:
    for mode, table in RULES.modes.items():
        assert not any(table.points[c] for c in mask_cards(SIXES)), mode
        assert hand_total(RULES, table) == 157, mode


def test_the_deal_gives_every_card_of_the_pack_once_and_no_six() -> None:
    game = Game(RULES, seed=5)
    hands = game.s.hands
    assert [h.bit_count() for h in hands] == [8] * 4
    union = 0
    for h in hands:
        assert not union & h
        union |= h
    assert union == RULES.pack


def test_the_compiled_playout_says_it_does_not_cover_the_pack() -> None:
    assert "a pack of fewer than the 36 cards" in games.reasons(RULES)
    assert "packets of different sizes" in games.reasons(RULES)
    assert "cards left over after the deal" not in games.reasons(RULES)  # 4 x 8 = 32
    assert not games.reasons(load_rules("schieber"))
    report = simulate("schieber-32", 2, seed=5, bots="random").to_json()
    assert report["games_by_path"] == {"playout": 2}  # the pure-Python playout instead
    assert "a pack of fewer than the 36 cards" in report["compiled_path"]["why_not"]


def test_in_undenufe_the_seven_is_top_for_the_bots() -> None:
    odds = card_odds(RULES.modes[5])  # Undenufe
    assert odds[CARD_INDEX["H7"]][0] == 0  # no card of the pack ranks above it
    assert card_odds(load_rules("schieber").modes[5])[CARD_INDEX["H7"]][0] == \
        1 << CARD_INDEX["H6"]


def test_a_position_with_a_card_outside_the_pack_is_refused() -> None:
    pack = mask_cards(RULES.pack)
    hands = [pack[i * 8:(i + 1) * 8] for i in range(4)]
    at_deal(RULES, hands, 0)  # the pack dealt: fine
    hands[0] = [CARD_INDEX["H6"], *hands[0][1:]]
    with pytest.raises(PositionError, match="H6 is not in the pack"):
        at_deal(RULES, hands, 0)
