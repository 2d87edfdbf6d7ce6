"""Weis finding, counting and comparison, from the examples of the common Swiss rules (G).

The tables here are written out from the rule text, independently of any rule file; the
last tests check that a rule file's Weis table and its options compile to the same tables.
"""

from __future__ import annotations

import random

import pytest

from jassdsl.compile.compiler import compile_rules
from jassdsl.compile.weis import (
    WeisTable,
    best_seat,
    declaration,
    find_weise,
    hand_weise,
    search_declaration,
    stoeck_holder,
)
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_INDEX, CARD_NAMES, RANKS
from jassdsl.core.errors import IllegalActionError
from jassdsl.engine import Game
from jassdsl.language.check import load_model
from jassdsl.mechanisms.weis import weis_in
from jassdsl.registry import load_rules

FOURS = {RANKS.index(r): v for r, v in
         (("10", 100), ("Q", 100), ("K", 100), ("A", 100), ("J", 200))}
SMALL = WeisTable({3: 20, 4: 50, 5: 100}, FOURS, reuse=False)
BIG = WeisTable({3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}, FOURS, reuse=True)
HEARTS, OBENABE, UNDENUFE = 1, 4, 5


def hand(*cards: str) -> int:
    return sum(1 << CARD_INDEX[c] for c in cards)


def total(h: int, table: WeisTable, mode: int = HEARTS) -> int:
    return sum(w.value for w in declaration(h, table, mode))


# G: all four Kings with the Ober, Under and Banner of one suit (G: Schellen; any suit will do).
FOUR_KINGS_AND_RUN = hand("DK", "HK", "SK", "CK", "HQ", "HJ", "H10")


def test_small_weis_uses_each_card_once() -> None:
    """Small Weis: four Kings plus a three-sequence (120) beats the four-sequence (50)."""
    d = declaration(FOUR_KINGS_AND_RUN, SMALL, OBENABE)
    assert sorted((w.kind, w.value) for w in d) == [("four", 100), ("sequence", 20)]
    assert total(FOUR_KINGS_AND_RUN, SMALL) == 120


def test_big_weis_lets_a_card_count_twice() -> None:
    """Big Weis: the King counts in the four Kings and in the four-sequence: 150."""
    d = declaration(FOUR_KINGS_AND_RUN, BIG, OBENABE)
    assert sorted((w.kind, w.value) for w in d) == [("four", 100), ("sequence", 50)]


def test_long_sequences_in_the_small_table() -> None:
    """Small Weis: seven cards score like five; eight split into five plus three."""
    seven = hand("HA", "HK", "HQ", "HJ", "H10", "H9", "H8")
    eight = seven | hand("H7")
    assert total(seven, SMALL) == 100
    assert total(eight, SMALL) == 120
    assert total(eight | hand("H6"), SMALL) == 150  # five plus four
    assert total(eight, BIG) == 250
    assert total(eight | hand("H6"), BIG) == 300


def test_sequences_follow_the_natural_order_in_every_suit() -> None:
    """A K Q J 10 9 8 7 6 is the sequence order, also in the trump suit."""
    assert total(hand("HJ", "H9", "HA"), SMALL, HEARTS) == 0
    assert total(hand("H10", "H9", "H8"), SMALL, HEARTS) == 20


def best_of(*weise_by_seat: int, table: WeisTable = SMALL, mode: int = HEARTS) -> int:
    declared = {seat: declaration(h, table, mode) for seat, h in enumerate(weise_by_seat)}
    return best_seat(declared, list(range(len(weise_by_seat))))


def test_the_higher_value_wins() -> None:
    assert best_of(hand("S10", "S9", "S8"), hand("DK", "DQ", "DJ", "D10")) == 1


def test_a_longer_sequence_beats_a_shorter_one_of_equal_value() -> None:
    """Small Weis: seven and five cards are both worth 100, but seven is better."""
    five = hand("SA", "SK", "SQ", "SJ", "S10")
    seven = hand("D10", "D9", "D8", "D7", "D6", "DJ", "DQ")
    assert best_of(five, seven) == 1


def test_a_sequence_of_five_beats_four_of_a_kind_worth_the_same() -> None:
    assert best_of(hand("DA", "HA", "SA", "CA"), hand("C10", "C9", "C8", "C7", "C6")) == 1


def test_a_higher_top_card_wins_between_equal_sequences() -> None:
    assert best_of(hand("S9", "S8", "S7"), hand("DK", "DQ", "DJ")) == 1


def test_undenufe_reverses_the_comparison() -> None:
    assert best_of(hand("S8", "S7", "S6"), hand("DK", "DQ", "DJ"), mode=UNDENUFE) == 0


def test_the_trump_suit_wins_between_identical_sequences() -> None:
    assert best_of(hand("SK", "SQ", "SJ"), hand("HK", "HQ", "HJ"), mode=HEARTS) == 1


def test_the_earlier_player_wins_identical_side_sequences() -> None:
    first, second = hand("SK", "SQ", "SJ"), hand("DK", "DQ", "DJ")
    assert best_of(first, second, mode=HEARTS) == 0
    declared = {0: declaration(first, SMALL, HEARTS), 1: declaration(second, SMALL, HEARTS)}
    assert best_seat(declared, [1, 0]) == 1


def test_four_jacks_beat_four_aces() -> None:
    assert best_of(hand("DA", "HA", "SA", "CA"), hand("DJ", "HJ", "SJ", "CJ")) == 1


def test_stoeck_is_the_trump_king_and_queen_in_one_hand() -> None:
    hands = [hand("HK", "SQ"), hand("HQ", "DK"), hand("SK", "SQ"), 0]
    assert stoeck_holder(hands, HEARTS) == -1
    assert stoeck_holder(hands, 2) == 2
    assert stoeck_holder(hands, OBENABE) == -1


RULES = """
variant "Weis test"
players 4 in teams across
deal all cards in packets of 3
ranks trump: J 9 A K Q 10 8 7 6
ranks side: A K Q J 10 9 8 7 6
card points trump: J 20, 9 14, A 11, K 4, Q 3, 10 10
card points side: A 11, K 4, Q 3, J 2, 10 10
bonus last-trick 5
bonus stoeck 20
trump: random suit
option table "which Weis table" default small choices small, big
option four-nines "four nines count" default no choices no, yes
weis small: sequence 3 = 20, sequence 4 = 50, sequence 5 or more = 100,
    four 10 = 100, four Q = 100, four K = 100, four A = 100, four 9 = 150 if four-nines,
    four J = 200; each card once
weis big: sequence 3 = 20, sequence 4 = 50, sequence 5 = 100, sequence 6 = 150,
    sequence 7 = 200, sequence 8 = 250, sequence 9 = 300,
    four 10 = 100, four Q = 100, four K = 100, four A = 100, four 9 = 150 if four-nines,
    four J = 200; cards may count twice
weis: table
unit point/points
score each hand, first rule that applies:
  all: otherwise then every team scores points
game ends after 1 hands
winner: most points
"""


@pytest.mark.parametrize(("options", "expected"), [
    ({}, SMALL), ({"table": "big"}, BIG),
    ({"four-nines": "yes"}, WeisTable(SMALL.sequences | {6: 100, 7: 100, 8: 100, 9: 100},
                                      FOURS | {RANKS.index("9"): 150}, False)),
])
def test_rule_file_tables_and_options(options: dict[str, int | str], expected: WeisTable) -> None:
    rules = compile_rules(load_model(RULES, "weis.jass"), options)
    assert weis_in(rules, -1) is not None
    got = weis_in(rules, -1)
    small_seq = {n: v for n, v in expected.sequences.items()}
    if not expected.reuse:
        small_seq |= {n: 100 for n in range(5, 10)}
    assert got.sequences == small_seq
    assert got.fours == expected.fours
    assert got.reuse == expected.reuse
    assert rules.stoeck_bonus == 20


def test_four_nines_only_when_the_option_allows() -> None:
    nines = hand("D9", "H9", "S9", "C9")
    plain = weis_in(compile_rules(load_model(RULES, "weis.jass"), {}), -1)
    allowed = weis_in(compile_rules(load_model(RULES, "weis.jass"), {"four-nines": "yes"}), -1)
    assert plain is not None and allowed is not None
    assert find_weise(nines, plain, HEARTS) == []
    assert total(nines, allowed) == 150


# --- Weis in a game of Schieber --------------------------------------------------------------
def first_weis_decision(seed_from: int = 0) -> tuple[int, Game]:
    """A Schieber game stopped at the first seat that decides on a Weis."""
    for seed in range(seed_from, seed_from + 200):
        game = Game("schieber", seed=seed)
        rng = random.Random(seed)
        while game.phase in ("trump", "declare"):
            game.apply(rng.choice(game.legal_actions()))
        for _ in range(8):  # every seat is asked before its first card, then plays it
            if game.phase == "weis" and game.forced_action() is None:
                return seed, game
            game.apply(game.legal_actions()[0])
    raise AssertionError("no Weis in 200 deals")


def test_a_seat_with_a_weis_decides_before_its_first_card() -> None:
    _, game = first_weis_decision()
    assert [str(a) for a in game.legal_actions()] == ["weis 1", "weis 0"]
    with pytest.raises(IllegalActionError, match="legal now: weis 1, weis 0"):
        game.apply("play " + CARD_NAMES[game.hand_of(game.current_player)[0]])
    seat = game.current_player
    game.apply("weis 1")
    assert game.phase == "play"
    said = game.observation((seat + 1) % 4)["weis"][seat]
    assert said and all("(" in label for label in said)  # public to every seat


def test_every_seat_is_asked_and_one_without_a_weis_has_only_no() -> None:
    """Being asked tells nothing (issue 29): every seat is asked before its first card, in
    the order of the first trick; a seat without a Weis may only say no, which the bots
    give at once (`Game.forced_action`), and a yes from it is refused."""
    holders = without = 0
    for seed in range(6):
        game = Game("schieber", seed=seed)
        while game.phase != "weis":
            game.apply(game.legal_actions()[0])
        asked = []
        while not game.observe(0).tricks:
            assert game.phase == "weis"
            seat = game.current_player
            asked.append(seat)
            offer = game.observe(seat).weis_offer
            if offer:
                holders += 1
                assert game.forced_action() is None
                assert [str(a) for a in game.legal_actions()] == ["weis 1", "weis 0"]
            else:
                without += 1
                assert [str(a) for a in game.legal_actions()] == ["weis 0"]
                assert game.forced_action() == Action("weis", 0)
                with pytest.raises(IllegalActionError, match="this hand holds no Weis to declare"):
                    game.apply("weis 1")
            game.apply("weis 0")
            assert game.phase == "play" and game.current_player == seat
            game.apply(game.legal_actions()[0])
        leader = game.observe(0).tricks[0].leader
        assert asked == [(leader + i) % 4 for i in range(4)]  # the order of the first trick
    assert holders and without


def test_declining_a_weis_scores_nothing_for_it() -> None:
    _, game = first_weis_decision()
    seat = game.current_player
    game.apply("weis 0")
    assert game.observation(seat)["weis"][seat] == []


def test_only_the_best_side_scores_weis_and_stoeck_needs_a_trump_suit() -> None:
    """Over many hands: Weis points go to at most one team, and never beyond the declared."""
    seen_two_sides = 0
    for seed in range(40):
        game = Game("schieber", seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.results) < 3:
            game.apply(rng.choice(game.legal_actions()))
        for r in game.results:
            sides = {game.rules.team_of[seat] for seat, said in enumerate(r.weis) if said}
            seen_two_sides += len(sides) == 2
            if r.trump in ("obenabe", "undenufe"):
                scored = sum(g.amount for g in r.grants)
                assert scored >= sum(r.points)  # Weis may add, Stöck cannot be there
    assert seen_two_sides > 0  # the comparison was exercised; the engine checks invariants


@pytest.mark.parametrize("table", [SMALL, BIG], ids=["small", "big"])
def test_per_suit_tables_find_what_the_search_finds(table: WeisTable) -> None:
    """hand_weise (per-suit tables) gives exactly search_declaration's Weise, in its order,
    for random 9-card hands and for hands built to hold long runs and fours."""
    rng = random.Random(7)
    fresh = WeisTable(table.sequences, table.fours, table.reuse)  # an empty cache
    for i in range(3000):
        if i % 3:
            h = sum(1 << c for c in rng.sample(range(36), 9))
        else:  # a four of a kind plus a run in one suit, sometimes overlapping
            rank, suit, start = rng.randrange(9), rng.randrange(4), rng.randrange(5)
            h = sum(1 << (s * 9 + rank) for s in range(4))
            h |= sum(1 << (suit * 9 + r) for r in range(start, start + rng.randrange(3, 6)))
        for mode in range(6):
            assert hand_weise(h, fresh, mode) == tuple(search_declaration(h, table, mode))


# --- G, Varianten: with the Six counting 11 in Undenufe, four Sixes replace four Aces --------
def deal_with_four(rank: str, options: dict[str, int | str]) -> tuple[Game, int]:
    """A Schieber game, trump not yet chosen, in which one seat holds all four of a rank."""
    four = {CARD_INDEX[s + rank] for s in "DHSC"}
    for seed in range(2000):
        game = Game("schieber", seed=seed, options=options)
        seat = next((x for x in range(4) if four <= set(game.hand_of(x))), -1)
        if seat >= 0:
            return game, seat
    raise AssertionError(f"no deal with four {rank}")


@pytest.mark.parametrize(("eleven", "mode", "rank", "counts"), [
    ("six", "undenufe", "A", False), ("six", "undenufe", "6", True),
    ("six", "obenabe", "A", True), ("six", "obenabe", "6", False),
    ("ace", "undenufe", "A", True), ("ace", "undenufe", "6", False),
])
def test_the_four_worth_100_follows_the_card_that_counts_11(
        eleven: str, mode: str, rank: str, counts: bool) -> None:
    """The rule file's `if in undenufe and undenufe-eleven = six` entries: the house rule
    moves the Weis of 100 from four Aces to four Sixes, in Undenufe only."""
    game, seat = deal_with_four(rank, {"undenufe-eleven": eleven})
    game.apply(f"trump {mode}")
    offered = game.observation(seat)["weis_offer"]
    assert (f"four {rank} (100)" in offered) == counts, offered


@pytest.mark.parametrize("variant", ["schieber", "misere-molotow"])
def test_four_nines_follow_the_base_rule_of_the_common_rules(variant: str) -> None:
    """G lists four nines (150) only 'wenn sie erlaubt werden': the default leaves them
    out, the option 'four-nines' allows them."""
    nine = RANKS.index("9")
    plain, allowed = weis_in(load_rules(variant), -1), weis_in(load_rules(variant, {"four-nines": "yes"}), -1)
    assert plain is not None and allowed is not None
    assert nine not in plain.fours and allowed.fours[nine] == 150
