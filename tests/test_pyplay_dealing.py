"""The shuffle and the deal written per rule file (`jassdsl.pyplay.dealing`) deal what
`Chance.shuffle` (`core.deal.shuffle_deck`) and the deal plan deal: for packs of 36, 32
and 9 cards, three to six players, packets of one size or several, every forehand and
many seeds, the same hands, the same card at the dealer's last place, and the generator
left in the same state (the same draws)."""

from __future__ import annotations

import random

import pytest

from jassdsl.core.deal import BITS, deal_places, shuffle_deck
from jassdsl.pyplay.dealing import deal_writer

SHAPES = (  # cards of the pack, players, cards each, packets
    (36, 4, 9, 3), (36, 4, 9, (2, 3, 4)), (36, 3, 12, 4), (36, 6, 6, 3), (32, 4, 8, (3, 2, 3)),
    (30, 5, 6, 2), (36, 2, 18, 9), (9, 3, 3, 1), (2, 2, 1, 1))


@pytest.mark.parametrize(("size", "players", "each", "packet"), SHAPES)
def test_the_written_deal_deals_as_the_shuffle_and_the_plan(
        size: int, players: int, each: int, packet: int | tuple[int, ...]) -> None:
    deck = [BITS[c] for c in range(0, 36, 36 // size)][:size] if size != 32 else \
        [BITS[c] for c in range(36) if c % 9 < 8]
    last = players * each - 1
    deal = deal_writer(deck, players, each, packet, last)
    places = deal_places(players, each, packet)
    for seed in range(40):
        fore = seed % players
        want_rng, got_rng = random.Random(seed), random.Random(seed)
        shuffled = deck[:]
        shuffle_deck(shuffled, want_rng.getrandbits)
        by_fore = [sum(shuffled[p] for p in ps) for ps in places]
        want = [by_fore[(seat - fore) % players] for seat in range(players)]
        hands, bottom = deal(got_rng.getrandbits, fore)
        assert (hands, bottom) == (want, shuffled[last])
        assert got_rng.getstate() == want_rng.getstate()
