"""Table Weis and table Stöck (Allmedias, Misère Molotow), from hand-made deals.

The text: a Weis lying in one trick (club Ace, King, Queen and Jack: 50) is added to the
player who must take the trick; trump King and Queen lying in one trick are added to that
player too, if trump was made in this trick or an earlier one. Hand Weis and hand Stöck
are subtracted; a match counts minus 157. Each deal below is written so that its first
tricks are forced; the rest of the hand is played with the first legal card and checked
against the naive reference of tests/reference.py.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from jassdsl.compile.scoring import HandFacts
from jassdsl.compile.weis import table_weise, trick_bonuses, trump_made_in
from jassdsl.core.cards import CARD_INDEX, CARD_NAMES
from jassdsl.corpus.position import replay_game
from jassdsl.engine import HandResult
from jassdsl.mechanisms.weis import weis_in
from jassdsl.registry import load_rules

try:
    import reference as ref
except ImportError:  # tests/ turned into a package
    from tests import reference as ref

RULES = load_rules("misere-molotow")


def mask(*cards: str) -> int:
    return sum(1 << CARD_INDEX[c] for c in cards)


def ids(*cards: str) -> tuple[int, ...]:
    return tuple(CARD_INDEX[c] for c in cards)


def play_deal(deal: list[str], first: list[str], weis: bool = False) -> HandResult:
    """Deal these hands (dealer seat 3, so seat 0 leads), play the given cards, then the
    first legal card until the hand is over; a seat asked about its Weis answers `weis`."""
    hand = SimpleNamespace(deal=[d.split() for d in deal], shown=None, trump=None, lots=[])
    game = replay_game(RULES, 3, hand)
    script = list(first)
    while not game.results:
        if game.phase == "weis":
            game.apply("weis 1" if weis else "weis 0")
        elif script:
            game.apply(script.pop(0))
        else:
            game.apply(game.legal_actions()[0])
    return game.results[0]


def naive_bonuses(result: HandResult) -> tuple[list[int], list[int]]:
    """Table Weis and table Stöck per player, from the reference written from the text."""
    cards = [[CARD_NAMES[c] for c in t.cards] for t in result.tricks]
    trump = None if result.trump == "none" else result.trump
    weis, stoeck = [0] * 4, [0] * 4
    for t, lying, has in zip(result.tricks, cards, ref.table_stoeck(cards, trump), strict=True):
        weis[t.winner] += ref.table_weis(lying)
        stoeck[t.winner] += 20 if has else 0
    return weis, stoeck


# Trick 1: club Ace, King, Queen and Jack, all following suit; P2 takes it with the Ace.
# Trick 2: P3 must follow spades, P0 cannot and plays C7: clubs become trump only now, so
# club King and Queen of trick 1 lay there before trump was made.
CLUBS_IN_ONE_TRICK = [
    "CK C7 DA DK DQ DJ D10 D9 D8",
    "CQ C6 HA HK HQ HJ H10 H9 H8",
    "CA SA SK SQ SJ S10 S9 S8 S7",
    "CJ C10 C9 C8 D7 D6 H7 H6 S6",
]


def test_club_ace_king_queen_jack_in_one_trick_add_50_to_its_taker() -> None:
    result = play_deal(CLUBS_IN_ONE_TRICK, ["CK", "CQ", "CA", "CJ", "SA", "S6", "C7"])
    first = result.tricks[0]
    assert first.cards == ids("CK", "CQ", "CA", "CJ") and first.winner == 2
    assert result.trump == "C"
    assert [w.value for w in table_weise(mask("CA", "CK", "CQ", "CJ"), weis_in(RULES, -1))] == [50]
    weis, stoeck = naive_bonuses(result)
    assert weis[2] >= 50
    assert list(result.bonuses["table-weis"]) == weis
    assert list(result.bonuses["table-stoeck"]) == stoeck == [0, 0, 0, 0]  # before trump


def test_trump_king_and_queen_before_trump_was_made_are_no_stoeck() -> None:
    cards = [ids("CK", "CQ", "CA", "CJ"), ids("SA", "S6", "C7", "H8")]
    since = trump_made_in(cards, by_card=True)
    assert since == 1
    assert [s for _, s in trick_bonuses(cards, weis_in(RULES, -1), CARD_INDEX["C7"] // 9, since)] \
        == [False, False]
    assert ref.table_stoeck([["CK", "CQ", "CA", "CJ"], ["SA", "S6", "C7", "H8"]], "C") \
        == [False, False]


# Trick 1: P0 leads DA; P1 has no diamond and plays SK, which makes spades trump in this
# trick; P2 has no diamond either and plays SQ; P3 follows with D6. The trump King wins:
# King and Queen of trump lie in the trick in which trump was made, 20 for P1.
STOECK_IN_ONE_TRICK = [
    "DA DK DQ DJ D10 D9 D8 D7 C6",
    "SK HA HK HQ HJ H10 H9 H8 H7",
    "SQ SA SJ S10 S9 S8 S7 S6 H6",
    "D6 CA CK CQ CJ C10 C9 C8 C7",
]


def test_stoeck_lying_in_one_trick_add_20_to_its_taker() -> None:
    result = play_deal(STOECK_IN_ONE_TRICK, ["DA", "SK", "SQ", "D6"])
    first = result.tricks[0]
    assert first.cards == ids("DA", "SK", "SQ", "D6") and first.winner == 1
    assert result.trump == "S"
    assert result.bonuses["table-stoeck"] == (0, 20, 0, 0)
    assert result.bonuses["stoeck"] == (0, 0, 0, 0)  # nobody was dealt both
    weis, _ = naive_bonuses(result)
    assert list(result.bonuses["table-weis"]) == weis
    change = [t for t in result.totals["points"]]  # the first hand: totals are changes
    assert change[1] == result.points[1] + weis[1] + 20


def test_hand_weis_and_hand_stoeck_are_subtracted() -> None:
    """Every hand holds an eight-card sequence (250); the best is P0's diamonds (Ace high,
    P0 plays first to the first trick), so P0 alone subtracts it. P3 holds club King and
    Queen; clubs become trump when P1, void in spades, first plays a club."""
    deal = [
        "DA DK DQ DJ D10 D9 D8 D7 S6",
        "HA HK HQ HJ H10 H9 H8 H7 C6",
        "SA SK SQ SJ S10 S9 S8 S7 H6",
        "CA CK CQ CJ C10 C9 C8 C7 D6",
    ]
    result = play_deal(deal, ["S6", "C6"], weis=True)
    assert result.trump == "C"
    assert result.bonuses["weis"] == (250, 0, 0, 0)
    assert result.bonuses["stoeck"] == (0, 0, 0, 20)
    weis, stoeck = naive_bonuses(result)
    for seat in range(4):
        own = result.points[seat] + weis[seat] + stoeck[seat]
        assert result.totals["points"][seat] == own - (250, 0, 0, 20)[seat]


def facts(tricks: list[int], points: list[int], **bonus: list[int]) -> HandFacts:
    winners = [s for s in range(4) for _ in range(tricks[s])]
    return HandFacts(4, 4, 1, points, tricks, [0] * 4, winners, {},
                     {"points": [0] * 4}, dict(RULES.options), random.Random(0), **bonus)


@pytest.mark.parametrize(("bonus", "want"), [
    ({}, [-157, 0, 0, 0]),
    ({"table_weis": [70, 0, 0, 0], "weis": [0, 0, 50, 0], "stoeck": [0, 20, 0, 0],
      "table_stoeck": [0, 0, 0, 0]}, [-87, -20, -50, 0]),
])
def test_a_match_counts_minus_157(bonus: dict[str, list[int]], want: list[int]) -> None:
    f = facts([9, 0, 0, 0], [157, 0, 0, 0], **bonus)
    clause = next(c for c in RULES.clauses if c.applies(f))
    assert clause.id == "match"
    got = [0] * 4
    for g in clause.grants(f):
        got[g.subject] += g.amount
    assert got == want


def test_without_a_match_everyone_adds_card_points() -> None:
    f = facts([3, 2, 4, 0], [60, 40, 57, 0], table_weis=[0, 50, 0, 0], weis=[20, 0, 0, 0],
              stoeck=[0, 0, 0, 0], table_stoeck=[0, 0, 20, 0])
    clause = next(c for c in RULES.clauses if c.applies(f))
    assert clause.id == "card-points"
    got = [0] * 4
    for g in clause.grants(f):
        got[g.subject] += g.amount
    assert got == [40, 90, 77, 0]


@pytest.mark.parametrize("nines", ["no", "yes"])
def test_table_weis_agrees_with_the_reference_on_random_tricks(nines: str) -> None:
    """Random tricks, many of one suit (sequences) or one rank (fours): engine and
    reference find the same worth, four nines counting only where the option allows."""
    rules = load_rules("misere-molotow", {"four-nines": nines})
    assert weis_in(rules, -1) is not None
    rng = random.Random(3)
    seen = set()
    for _ in range(3000):
        kind = rng.randrange(3)
        if kind == 0:  # one suit
            suit = rng.choice("DHSC")
            cards = [f"{suit}{r}" for r in rng.sample(ref.RANKS, 4)]
        elif kind == 1:  # one rank, sometimes with one card of another rank
            rank = rng.choice(ref.RANKS)
            cards = [f"{s}{rank}" for s in "DHSC"]
            if rng.random() < 0.3:
                cards[rng.randrange(4)] = rng.choice(ref.deck())
        else:
            cards = rng.sample(ref.deck(), 4)
        if len(set(cards)) < 4:
            continue
        want = ref.table_weis(cards, nines == "yes")
        got = sum(w.value for w in table_weise(mask(*cards), weis_in(rules, -1)))
        assert got == want, cards
        seen.add(want)
    assert {0, 20, 50, 100, 200} <= seen and (150 in seen) == (nines == "yes")
