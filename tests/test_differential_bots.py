"""The bots' loop plays the bots' games: `play_bots` against `Game.apply` with `choose`.

`jassdsl simulate --bots heuristic` (and `mixed`) plays whole tricks in one loop
(`engine.guided.guided_tricks`), each card from `bots.tricks.TrickCards`: the card that
`HeuristicBot.choose_card` (or `RandomBot.choose`) picks, worked out from the loop's
locals and per-table chunk tables. For every shipped file and option set, seeded games
on both paths must play the same cards (every trick of every hand: `HandResult`), end
alike, leave the same state and draw the same numbers from the deal's and every bot's
generator. `test_differential.py` does the same for the random policy's loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from conftest import VariantCase
from twin_games import assert_same_hands

import jassdsl.engine.guided as guided_module
from jassdsl.bots.heuristic import HeuristicBot, cheapest, duck, lead_card, takers
from jassdsl.bots.kinds import make_bots
from jassdsl.bots.random_bot import RandomBot
from jassdsl.bots.tricks import TrickCards, card_tables, lead_of, least, play_bots
from jassdsl.bots.view import Bot, View
from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.cards import mask_cards
from jassdsl.core.errors import ApiUsageError
from jassdsl.engine import Game
from jassdsl.engine.guided import CardChoice, guided_tricks
from jassdsl.engine.phase import Phase
from jassdsl.registry import load_rules

SEEDS = (0, 1)
HANDS = 3  # per seed and case; one whole game besides
KINDS = ("heuristic", "mixed")


def by_apply(game: Game, bots: list[Bot], hands: int | None) -> None:
    """The slow twin: each bot's `choose`, then `Game.apply`, one action at a time."""
    stop = len(game.results) + hands if hands is not None else None
    while not game.is_over and (stop is None or len(game.results) < stop):
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))


def twins(rules: CompiledRules, kind: str, seed: int, hands: int | None,
          counted: Callable[[], int]) -> int:
    """Play one seed both ways and assert the same game; the cards the loop chose."""
    fast, slow = Game(rules, seed=seed, record=False), Game(rules, seed=seed, record=False)
    fast_bots = make_bots(kind, rules.players, seed)
    slow_bots = make_bots(kind, rules.players, seed)
    before = counted()
    play_bots(fast, fast_bots, hands)
    by_apply(slow, slow_bots, hands)
    assert_same_hands(fast, slow)
    assert fast.outcome() == slow.outcome()
    assert fast.s == slow.s  # white-box: the engine's whole state
    assert fast.chance.getstate() == slow.chance.getstate(), "the deals drew differently"
    for seat, (a, b) in enumerate(zip(fast_bots, slow_bots, strict=True)):
        assert isinstance(a, HeuristicBot | RandomBot)
        assert isinstance(b, HeuristicBot | RandomBot)
        assert a.rng.getstate() == b.rng.getstate(), f"seat {seat}'s bot drew differently"
    return counted() - before


@pytest.fixture
def loop_cards(monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    """Counts the cards chosen in the loop (so a comparison that never ran it shows)."""
    seen = [0]
    real = guided_module.guided_tricks

    def counting(game: Game, choose: CardChoice, restless: tuple[Phase, ...] = ()) -> None:
        def counted(k: int, leader: int, seat: int, hand: int, legal: int,
                    trick: list[int], win: int, top: int) -> int:
            seen[0] += 1
            return choose(k, leader, seat, hand, legal, trick, win, top)
        real(game, counted, restless)

    monkeypatch.setattr(guided_module, "guided_tricks", counting)
    return lambda: seen[0]


@pytest.mark.parametrize("kind", KINDS)
def test_every_shipped_file_and_option_set(variant_case: VariantCase, kind: str,
                                           loop_cards: Callable[[], int]) -> None:
    """A whole game, then a few hands of other seeds; the loop must have played cards
    in every file it covers (all but those with sides, which a bot reads from its
    observation)."""
    rules = load_rules(variant_case.name, variant_case.options)
    covered = TrickCards.of(Game(rules, seed=0, record=False),
                            make_bots(kind, rules.players, 0)) is not None
    assert covered == (not any(x.runtime.partners and x.name in rules.configs for x in rules.mechanisms))
    cards = twins(rules, kind, 2, None, loop_cards)
    cards += sum(twins(rules, kind, seed, HANDS, loop_cards) for seed in SEEDS)
    assert (cards > 0) == covered


def masks(rng: random.Random, count: int) -> Iterator[int]:
    """Every set of cards of one suit, then random sets of 1 to 9 cards of any suits."""
    yield from (chunk << 9 * suit for suit in range(4) for chunk in range(1, 512))
    for _ in range(count):
        yield sum(1 << c for c in rng.sample(range(36), rng.randint(1, 9)))


@pytest.mark.parametrize("name", ["schieber", "molotow", "slalom", "misere-molotow"])
def test_the_chunk_tables_choose_as_the_functions_do(name: str) -> None:
    """Per table of the file, hands and tricks: `CardTables` picks the card that
    `cheapest`, `lead_card`, `takers` and `duck` pick from the list of cards."""
    rules = load_rules(name)
    rng = random.Random(name)
    for mode, table in rules.modes.items():
        q = card_tables(table, ducking=True)
        for mask in masks(rng, 500):
            cards = mask_cards(mask)
            assert least(q.cheapest, mask) == cheapest(cards, table), (mode, cards)
            assert lead_of(q, mask) == lead_card(cards, table), (mode, cards)
            top = rng.choice([x for x in range(36) if not mask >> x & 1])
            view = View(0, tuple(cards), (top,), 1, mode, (1, 0), mode)
            winning = mask & q.beaten[top]
            assert mask_cards(winning) == takers(rules, view, [top], cards), (mode, cards)
            losing = mask & ~winning
            ducked = least(q.losing, losing) if losing else least(q.taking, mask)
            assert ducked == duck(rules, view, cards, table), (mode, cards)


def test_a_policy_that_chooses_an_illegal_card_is_refused() -> None:
    """The loop checks every chosen card against the seat's legal cards: a card not in
    the leader's hand, then the lowest card of a hand whatever was led."""
    rules = load_rules("schieber", {"weis-table": "none"})

    def at_play() -> Game:
        game = Game(rules, seed=1, record=False)
        bots = make_bots("heuristic", rules.players, 1)
        while game.phase != "play":
            game.apply(bots[game.current_player].choose(game, game.current_player))
        return game

    game = at_play()
    absent = next(c for c in range(36) if not game.s.hands[game.s.leader] >> c & 1)
    with pytest.raises(ApiUsageError, match=f"card {absent}, which seat"):
        guided_tricks(game, lambda k, leader, seat, hand, legal, trick, win, top: absent)
    with pytest.raises(ApiUsageError, match="may not play"):
        guided_tricks(at_play(), lambda k, leader, seat, hand, legal, trick, win, top:
                      (hand & -hand).bit_length() - 1)
