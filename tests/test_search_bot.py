"""The searching bot: legal in every file, replayable, blind to other hands, and better
and sampling only deals the seat cannot tell from the real one."""

from __future__ import annotations

import random

import pytest
from conftest import VariantCase

from jassdsl.bots import bot_kinds, make_bots, play_bots
from jassdsl.engine import Game
from jassdsl.registry import load_rules
from jassdsl.search_bot import Level, SearchBot, follows_played, sample_deal

TINY = Level(1)


def test_one_hand_of_every_file(variant_case: VariantCase) -> None:
    """One hand of every shipped file and option set with a searching bot at every seat
    (one sampled deal a decision): every action legal (`Game.apply` checks), the hand ends."""
    rules = load_rules(variant_case.name, variant_case.options)
    game = Game(rules, seed=11, record=False)
    bots = [SearchBot(random.Random(seat), TINY) for seat in range(rules.players)]
    assert play_bots(game, bots, hands=1) == 1 or game.is_over


def two_hands(seed: int) -> Game:
    rules = load_rules("schieber")
    game = Game(rules, seed=seed, record=False)
    play_bots(game, make_bots("search:easy,heuristic", 4, seed), hands=1)
    return game


def test_a_game_with_search_bots_replays_exactly() -> None:
    first, again, other = two_hands(5), two_hands(5), two_hands(6)
    assert first.results == again.results and len(first.results) == 1
    assert first.results != other.results


def in_play(seed: int) -> Game:
    rules = load_rules("schieber")
    game = Game(rules, seed=seed, record=False)
    bots = make_bots("heuristic", 4, seed)
    while game.s.phase != "play" or len(game.s.tricks) < 3:
        game.apply(bots[game.current_player].choose(game, game.current_player))
    return game


def test_sampled_deals_keep_what_the_seat_knows() -> None:
    """A deal sampled for seat 0 keeps its hand and the others' counts and cards, moves
    them between the others, and is one the cards played allow."""
    game = in_play(2)
    s = game.s
    rng = random.Random(1)
    moved = 0
    for _ in range(20):
        sample = sample_deal(game, 0, rng)
        assert sample.s.hands[0] == s.hands[0]
        assert [h.bit_count() for h in sample.s.hands] == [h.bit_count() for h in s.hands]
        assert sample.s.hands[1] | sample.s.hands[2] | sample.s.hands[3] == (
            s.hands[1] | s.hands[2] | s.hands[3])
        moved += sample.s.hands[1] != s.hands[1]
        assert follows_played(game, sample.s.hands, (1, 2, 3))
    assert moved


def test_a_deal_that_breaks_the_follow_rule_is_refused() -> None:
    """A seat that played neither the led suit nor trump had none of the led suit: a deal
    giving it one is not one the observer can be in (the rule is the file's: Play.plan)."""
    found = 0
    for seed in range(40):
        game = in_play(seed)
        s = game.s
        trump = game.rules.modes[s.mode].trump
        for t in s.tricks:
            led = t.cards[0] // 9
            seats = [(t.leader + i) % 4 for i in range(4)]
            for x, card in zip(seats[1:], t.cards[1:], strict=True):
                if x == 0 or card // 9 in (led, trump) or led == trump:
                    continue
                donor = next((y for y in (1, 2, 3) if y != x and any(
                    s.hands[y] >> c & 1 for c in range(9 * led, 9 * led + 9))), None)
                if donor is None or not s.hands[x]:
                    continue
                give = next(c for c in range(9 * led, 9 * led + 9) if s.hands[donor] >> c & 1)
                take = (s.hands[x] & -s.hands[x]).bit_length() - 1
                hands = list(s.hands)
                hands[x] ^= 1 << take | 1 << give
                hands[donor] ^= 1 << take | 1 << give
                assert follows_played(game, s.hands, (1, 2, 3))
                assert not follows_played(game, hands, (1, 2, 3))
                found += 1
        if found >= 3:
            break
    assert found


def test_kinds_by_comma_take_the_seats_in_turn() -> None:
    assert bot_kinds("mixed") == ["heuristic", "random"]
    kinds = [type(b).__name__ for b in make_bots("search:easy,heuristic", 4, 1)]
    assert kinds == ["SearchBot", "HeuristicBot"] * 2
    turned = [type(b).__name__ for b in make_bots("search:easy,heuristic", 4, 1, turn=1)]
    assert turned == ["HeuristicBot", "SearchBot"] * 2
    with pytest.raises(ValueError, match="search:easy"):
        bot_kinds("search:clever")
