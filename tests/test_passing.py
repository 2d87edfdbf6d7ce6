"""Passing cards before play (`jassdsl/mechanisms/passing.py`, rules/schaufeldame-weitergeben.jass):
the cards change hands at once, in the way of the hand, and are known to the giver and the
receiver alone; the terminal, the table, the bots and the rulebook take the mechanism from
its one record. One game is played once and shared."""

from __future__ import annotations

import io
import json
from functools import cache

import pytest

from jassdsl.bots.declaring import win_chance
from jassdsl.bots.heuristic import HeuristicBot
from jassdsl.bots.kinds import bot_rng
from jassdsl.bots.tricks import play_bots
from jassdsl.bots.view import View, table_for
from jassdsl.cli.play import HumanPlayer
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_NAMES, mask_cards
from jassdsl.core.errors import IllegalActionError
from jassdsl.engine import Game
from jassdsl.mechanisms.passing import CardsPassed
from jassdsl.rulebook.textview import Narrator
from jassdsl.table.session import Tables
from jassdsl.table.view import seat_view

NAME = "schaufeldame-weitergeben"
RIGHT, LEFT = 1, -1  # seats sit counter-clockwise: forehand, the dealer's right, is +1


def passing_done(game: Game) -> None:
    """Each seat passes its first legal cards until play begins."""
    while game.phase == "passing":
        game.apply(game.legal_actions()[0])


@cache
def played() -> tuple[Game, list[list[int]]]:
    """A game stopped as play of hand 1 begins, and the hands as dealt."""
    game = Game(NAME, seed=4)
    dealt = [list(game.hand_of(x)) for x in range(4)]
    while game.phase == "passing":
        seat = game.current_player
        assert game.observation(seat)["cards_received"] == []  # nothing comes in early
        game.apply(game.legal_actions()[0])
    return game, dealt


def test_the_cards_change_hands_at_once_to_the_left_in_the_first_hand() -> None:
    game, dealt = played()
    passed = {e.seat: (e.to, e.cards) for e in game.hand_events() if isinstance(e, CardsPassed)}
    assert sorted(passed) == [0, 1, 2, 3]
    for giver, (to, cards) in passed.items():
        assert to == (giver + LEFT) % 4 and len(cards) == 3
        assert set(cards) <= set(dealt[giver])  # its own dealt cards: none received
        assert set(cards) <= set(game.hand_of(to)) and not set(cards) & set(game.hand_of(giver))
    assert all(len(game.hand_of(x)) == 9 for x in range(4)) and game.phase == "play"


def test_in_turn_the_way_moves_on_each_hand() -> None:
    game = Game(NAME, seed=4)
    ways = []
    while game.hand_number <= 3:
        if game.phase == "passing":
            first = game.current_player
            passing_done(game)
            event = next(e for e in game.hand_events() if isinstance(e, CardsPassed)
                         and e.seat == first)
            ways.append((e.to - first) % 4 if (e := event) else None)
        game.apply(game.legal_actions()[0])
    assert ways == [LEFT % 4, RIGHT, 2]  # left, right, across


def test_only_the_giver_and_the_receiver_know_the_cards() -> None:
    game, _ = played()
    for e in (e for e in game.hand_events() if isinstance(e, CardsPassed)):
        names = {CARD_NAMES[c] for c in e.cards}
        assert game.observation(e.seat)["cards_passed"] == [CARD_NAMES[c] for c in e.cards]
        assert game.observation(e.to)["cards_received"] == [CARD_NAMES[c] for c in e.cards]
        for other in set(range(4)) - {e.seat, e.to}:
            seen = json.dumps(game.observation(other))
            assert not {n for n in names if f'"{n}"' in seen}, (other, e)
        # and the narration: the two hear the cards, the others only how many
        for you in range(4):
            said = Narrator(game, ["a", "b", "c", "d"], you=you).tell([e])
            shown = any(n in " ".join(said) for n in names)
            assert shown == (you in (e.seat, e.to)), (you, said)


def test_while_choosing_the_others_see_no_card_set_aside() -> None:
    game = Game(NAME, seed=9)
    first = game.current_player
    action = game.legal_actions()[0]
    game.apply(action)
    card = CARD_NAMES[action.value]
    assert game.observation(first)["cards_passed"] == [card]
    assert card not in game.observation(first)["hand"]  # set aside at once
    for other in set(range(4)) - {first}:
        assert f'"{card}"' not in json.dumps(game.observation(other))


def test_a_card_not_in_the_hand_is_refused_and_the_action_reads_as_give() -> None:
    game = Game(NAME, seed=4)
    mine = set(game.hand_of(game.current_player))
    other = next(c for c in range(36) if c not in mine)
    assert Action.parse(f"give {CARD_NAMES[other]}") == Action("give", other)
    assert str(game.legal_actions()[0]).startswith("give ")
    with pytest.raises(IllegalActionError):
        game.apply(Action("give", other))


def test_the_heuristic_bot_passes_its_strongest_cards_where_the_fewest_win() -> None:
    kept_weaker = 0
    for seed in range(6):
        game = Game(NAME, seed=seed)
        seat = game.current_player
        hand = list(game.hand_of(seat))
        bot = HeuristicBot(bot_rng(seed, seat))
        passed = []
        for _ in range(3):
            action = bot.choose(game, seat)
            passed.append(action.value)
            game.apply(action)
        table = table_for(game.rules, View.of(game, seat).order)
        chance = {c: win_chance(c, hand, table) for c in hand}
        kept = [c for c in hand if c not in passed]
        kept_weaker += min(chance[c] for c in passed) >= max(chance[c] for c in kept) - 0.05
        assert sum(chance[c] for c in passed) / 3 > sum(chance[c] for c in kept) / 6
    assert kept_weaker >= 4


def test_bots_play_whole_games() -> None:
    for kind in ("heuristic", "search:easy"):
        from jassdsl.bots.kinds import make_bots

        game = Game(NAME, seed=2)
        play_bots(game, make_bots(kind, 4, 2), hands=2)
        assert game.hand_number >= 2 or game.is_over


def test_the_terminal_asks_in_both_languages() -> None:
    for lang, words in (("en", "pass which card to the left?"),
                        ("de", "welche Karte nach links weitergeben?")):
        game = Game(NAME, seed=4)
        seat = game.current_player
        first = mask_cards(game.hand_mask(seat))[0]
        out = io.StringIO()
        player = HumanPlayer(io.StringIO(f"{CARD_NAMES[first].lower()}\n"), out,
                             ["you", "P1", "P2", "P3"], lang=lang)
        assert player.choose(game, seat) == Action("give", first)
        assert words in out.getvalue(), out.getvalue()


def test_the_browser_table_offers_a_button_per_card() -> None:
    tables = Tables()  # in memory, no seal: a table for one test
    session = tables.open(NAME, {}, 4, ["person", "random", "random", "random"])
    game = session.game
    while game.current_player != 0 and game.phase == "passing":
        game.apply(game.legal_actions()[0])
    for lang, prompt, word in (("en", "Pass a card", "Pass "), ("de", "Eine Karte weitergeben",
                                                                 " weitergeben")):
        view = seat_view(session, 0, lang, [])
        assert view["prompt"].startswith(prompt), view["prompt"]
        assert all(word in b["label"] for b in view["legal"]) and len(view["legal"]) == 9


def test_the_rulebook_says_it_in_both_languages() -> None:
    from jassdsl.rulebook.render import variant_page
    from jassdsl.rulebook.site import load_variants

    variant = next(v for v in load_variants() if v.name == NAME)
    en, de = (variant_page(lang, variant) for lang in ("en", "de"))
    assert "in the first hand to the left, in the second to the right, in the third" in en
    assert "in der ersten Runde nach links, in der zweiten nach rechts" in de
