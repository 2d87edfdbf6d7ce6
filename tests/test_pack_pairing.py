"""The pairing of the two packs (issue 31): a variant that names a card by its
German-Swiss name counts that card, read through the names the pack gives, never a
letter written here.

Swisslos doubles "Schilten/Schaufel" and "Schellen/Kreuz" in the Schieber to 2500;
Schellenjass counts the Schellen, Schiltenober the Schilten Ober. Each test plays one
hand or a few: cheap.
"""

from __future__ import annotations

import pytest

from jassdsl.core.cards import CARD_NAMES, SUIT_NAMES, SUITS, suit_of
from jassdsl.engine import Game
from jassdsl.engine.records import HandResult

SWISS = SUIT_NAMES["ch"]
FRENCH = SUIT_NAMES["fr"]


def first_hand(variant: str, options: dict[str, str | int], first: str = "") -> HandResult:
    """The first hand of a seeded game, `first` applied first, then the first legal action."""
    game = Game(variant, seed=3, options=options)
    if first:
        game.apply(first)
    while not game.results:
        game.apply(game.legal_actions()[0])
    return game.results[0]


def factor(options: dict[str, str | int], trump: str) -> int:
    """What a Schieber hand in this trump is counted times: what the teams were booked,
    over what they made (card points, Weis and Stöck)."""
    r = first_hand("schieber", {"four-nines": "no", **options}, f"trump {trump}")
    made = sum(r.points) + sum(sum(r.bonuses.get(k, ())) for k in ("weis", "stoeck"))
    booked = sum(g.amount for g in r.grants)
    assert made and booked % made == 0, (trump, made, booked)
    return booked // made


@pytest.mark.parametrize("options", [{"trump-double": "yes"}, {"target": 2500}],
                         ids=["trump-double", "target-2500"])
def test_schieber_doubles_schilten_and_schellen_which_are_schaufel_and_kreuz(
        options: dict[str, str | int]) -> None:
    factors = {suit: factor(options, suit) for suit in SUITS}
    doubled = {suit for suit, f in factors.items() if f == 2}
    assert {SWISS[s] for s in doubled} == {"Schellen", "Schilten"}
    assert {FRENCH[s] for s in doubled} == {"Schaufel", "Kreuz"}
    assert {f for s, f in factors.items() if s not in doubled} == {1}
    assert factor(options, "obenabe") == 3


def test_schieber_to_1000_counts_every_suit_once() -> None:
    assert {factor({}, suit) for suit in SUITS} == {1}


def test_the_trump_double_option_names_the_doubled_suits_of_both_packs() -> None:
    from jassdsl.registry import load_rules

    option = next(o for o in load_rules("schieber").model.options if o.name == "trump-double")
    texts = f"{option.description} {option.german}"
    for name in ("Schilten", "Schellen", "Schaufel", "Kreuz"):
        assert name in texts
    for name in ("Eicheln", "Rosen"):
        assert name not in texts


def test_schellenjass_counts_the_cards_named_schellen() -> None:
    r = first_hand("schellenjass", {})
    schellen = [0] * 4
    for trick in r.tricks:
        schellen[trick.winner] += sum(SWISS[SUITS[suit_of(c)]] == "Schellen"
                                      for c in trick.cards)
    assert sum(schellen) == 9
    booked = [0] * 4
    for g in r.grants:
        booked[g.subject] += g.amount
    if 9 in schellen:
        assert booked == [-9 if n == 9 else 0 for n in schellen]
    else:
        assert booked == schellen


def test_schiltenober_counts_the_schilten_ober() -> None:
    r = first_hand("schiltenober", {})
    ober = next(c for c in range(36) if SWISS[SUITS[suit_of(c)]] == "Schilten"
                and CARD_NAMES[c].endswith("Q"))
    taker = next(t.winner for t in r.tricks if ober in t.cards)
    winners = [t.winner for t in r.tricks]
    booked = [0] * 4
    for g in r.grants:
        booked[g.subject] += g.amount
    assert booked == [int(s == taker) + int(winners[1] == s) + int(winners[7] == s)
                      for s in range(4)]
