"""Table cards (rules/zweierjass.jass): each player's row of face-down cards under face-up
ones. The face-up cards are public and played by their owner as cards of the hand, a
face-down card is seen by nobody (its owner neither) until the card on it is played."""

from __future__ import annotations

import io
import random
from functools import cache
from typing import Any

import numpy as np

from jassdsl.bots.kinds import make_bots
from jassdsl.bots.tricks import play_bots
from jassdsl.bots.view import View, table_for
from jassdsl.cli.play import HumanPlayer
from jassdsl.core.cards import CARD_NAMES, mask_cards, shown_card
from jassdsl.engine import Game
from jassdsl.engine.determinize import breaks, hidden_places, sample_deal
from jassdsl.mechanisms.table_cards import TableCardsPart, TurnedUp
from jassdsl.rulebook import textview as tv
from jassdsl.rulebook.textview import Narrator
from jassdsl.table.session import Tables
from jassdsl.table.view import seat_view

NAME = "zweierjass"


def part(game: Game) -> TableCardsPart:
    p = game.s.parts["table_cards"]
    assert isinstance(p, TableCardsPart)
    return p


def to_play(game: Game) -> None:
    """Choose trump (the first choice) so that play begins."""
    while game.phase != "play":
        game.apply(game.legal_actions()[0])


@cache
def played() -> Game:
    """One whole hand, played by random choices, with its events."""
    game = Game(NAME, seed=5)
    rng = random.Random(5)
    while len(game.results) < 1:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_each_row_is_laid_from_the_cards_dealt_and_the_face_down_ones_leave_the_hand() -> None:
    game = Game(NAME, seed=1)
    p = part(game)
    for seat in range(2):
        downs, ups = p.laid[seat]
        assert len(downs) == 6 and len(ups) == 6
        hand = game.hand_mask(seat)
        assert bin(hand).count("1") == 12  # 6 in the hand, 6 face up
        assert all(hand >> c & 1 for c in ups) and not any(hand >> c & 1 for c in downs)
        assert p.covers[seat] == dict(zip(ups, downs, strict=True))
    every = [c for seat in range(2) for c in (*p.laid[seat][0], *mask_cards(game.hand_mask(seat)))]
    assert sorted(every) == list(range(36))


def test_the_face_up_cards_are_public_and_the_face_down_ones_seen_by_nobody() -> None:
    game = Game(NAME, seed=1)
    p = part(game)
    for seat in range(2):
        obs = game.observe(seat)
        assert obs.table_up == tuple(tuple(p.laid[x][1]) for x in range(2))
        assert obs.table_covering == obs.table_up  # each lies on a face-down card
        assert not set(obs.hand) & set(p.laid[seat][0])  # not even the owner's


def test_a_face_down_card_turns_up_when_the_card_on_it_is_played() -> None:
    game = Game(NAME, seed=1)
    to_play(game)
    seat = game.current_player
    ups = [a.value for a in game.legal_actions() if a.value in part(game).covers[seat]]
    assert ups, "forehand may lead any card, a face-up table card too"
    card = ups[0]
    under = part(game).covers[seat][card]
    game.apply(next(a for a in game.legal_actions() if a.value == card))
    assert game.hand_mask(seat) >> under & 1
    assert under in game.observe(1 - seat).table_up[seat]
    assert under not in game.observe(1 - seat).table_covering[seat]
    told = [e for e in game.hand_events() if isinstance(e, TurnedUp)]
    assert told and told[-1].card == under and told[-1].under == card


def test_a_whole_hand_plays_all_36_cards_in_18_tricks() -> None:
    game = played()
    r = game.results[0]
    assert len(r.tricks) == 18 and sum(r.points) in (157, 257)
    laid = r.parts["table_cards"]["table_laid"]
    turned = [e.card for e in game.hand_events(1) if isinstance(e, TurnedUp)]
    assert sorted(turned) == sorted(c for downs, _ in laid for c in downs)


def test_the_search_bot_deals_the_face_down_cards_anew_and_keeps_the_face_up_ones() -> None:
    game = Game(NAME, seed=3)
    to_play(game)
    seat = game.current_player
    p = part(game)
    places = hidden_places(game, seat)
    own_down = set(p.laid[seat][0])
    other_up = set(p.laid[1 - seat][1])
    assert own_down <= set(places.pool)  # its own face-down cards: unseen
    assert not other_up & set(places.pool)  # the other's face-up cards: seen
    moved = 0
    for k in range(4):
        sample = sample_deal(game, seat, random.Random(k))
        q = part(sample)
        assert q.up == p.up and sample.hand_mask(seat) == game.hand_mask(seat)
        assert set(q.covers[seat]) == set(p.covers[seat])  # the same cards lie on them
        moved += q.covers != p.covers
        assert sample.observe(seat) == game.observe(seat)
    assert moved  # what lies face down is not known


def test_a_replay_of_the_tricks_holds_a_turned_card_only_once_it_turned_up() -> None:
    """The real hands never break the follow rule in the searching bot's replay, though a
    card turned up mid-hand was not in the hand in the tricks before."""
    game = Game(NAME, seed=6)
    rng = random.Random(6)
    checked = 0
    while len(game.results) < 2:
        if game.phase == "play" and game.s.tricks:
            seat = game.current_player
            checked += any(part(game).turned)
            assert breaks(game, game.s.hands, [1 - seat]) == 0
        game.apply(rng.choice(game.legal_actions()))
    assert checked


def test_bots_play_whole_games() -> None:
    for kind in ("heuristic", "search:easy"):
        game = Game(NAME, seed=2)
        play_bots(game, make_bots(kind, 2, 2), hands=1)
        assert len(game.results) >= 1


def test_the_terminal_shows_the_rows_and_tells_the_turn_up_in_both_languages() -> None:
    for lang, row, yours in (("en", "P1's table cards:", "your table cards:"),
                             ("de", "Tischkarten von P1:", "deine Tischkarten:")):
        game = Game(NAME, seed=4)
        to_play(game)
        seat = game.current_player
        out = io.StringIO()
        names = ["you", "P1"] if seat == 0 else ["P0", "you"]
        player = HumanPlayer(io.StringIO("1\n"), out, names, lang=lang)
        player.choose(game, seat)
        text = out.getvalue()
        assert (row if seat == 0 else "P0") in text and yours in text, text
    game = played()
    for lang, word in (("en", "turn"), ("de", "deck")):
        n = Narrator(game, ["you", "P1"], you=0, lang=lang)
        assert any(word in line for line in n.tell(game.hand_events(1))), lang


def test_the_browser_table_draws_each_row() -> None:
    session = Tables().open(NAME, {}, 2, ["person", "random"])
    for lang, word in (("en", "6 face down"), ("de", "6 verdeckt")):
        rows = seat_view(session, 0, lang, [])["seat_rows"]
        assert [r["seat"] for r in rows] == [0, 1]
        assert all(len(r["cards"]) == 6 and r["text"] == word for r in rows)


def test_the_rulebook_says_it_in_both_languages() -> None:
    from jassdsl.rulebook.render import variant_page
    from jassdsl.rulebook.site import load_variants

    variant = next(v for v in load_variants() if v.name == NAME)
    en, de = (variant_page(lang, variant) for lang in ("en", "de"))
    assert "## Table cards" in en and "the face-down card turns up" in en
    assert "## Tischkarten" in de and "wird die verdeckte aufgedeckt" in de


def layouts() -> tuple[Any, Any]:
    from jassdsl.research.actionspace import ActionSpace
    from jassdsl.research.tensors import Layout

    rules = Game(NAME, seed=1).rules
    space = ActionSpace.of(rules)
    return Layout(rules, space, False), Layout(rules, space, True)


def test_the_dict_and_the_tensors_hold_the_face_up_table_cards() -> None:
    game = Game(NAME, seed=1)
    to_play(game)
    p = part(game)
    plain, recall = layouts()
    for seat in range(2):
        d = game.observation(seat)
        assert d["table_up"] == [[CARD_NAMES[c] for c in p.up[x]] for x in range(2)]
        assert d["table_covering"] == d["table_up"]  # every one lies on a face-down card
        for lay in (plain, recall):
            v = lay.views(lay.vector(game, seat, True) if lay is plain
                          else np.array(lay.numbers(game, seat, True), np.float32))
            for x in range(2):
                up = set(np.flatnonzero(v["table_up"][36 * x:36 * x + 36]))
                assert up == set(p.up[x]) == set(
                    np.flatnonzero(v["table_covering"][36 * x:36 * x + 36]))
            downs = {c for x in range(2) for c in p.laid[x][0]}
            assert not downs & set(np.flatnonzero(v["hand"]))


def test_a_seat_sees_nothing_of_which_card_lies_face_down() -> None:
    """Twin games that differ only in two face-down cards (one of each row, swapped):
    every seat's observation, dict and vectors are the same in both."""
    plain, recall = layouts()
    for seed in (1, 2):
        games = [Game(NAME, seed=seed), Game(NAME, seed=seed)]
        q = part(games[1])
        (u0, d0), (u1, d1) = next(iter(q.covers[0].items())), next(iter(q.covers[1].items()))
        q.covers[0][u0], q.covers[1][u1] = d1, d0
        q.laid = [(tuple(d1 if c == d0 else d0 if c == d1 else c for c in downs), ups)
                  for downs, ups in q.laid]
        assert part(games[0]).covers != q.covers
        for _ in range(3):  # trump, then two cards that turn up other face-down cards
            for seat in range(2):
                a, b = (g.observe(seat) for g in games)
                assert a == b and a.as_dict() == b.as_dict()
                for lay in (plain, recall):
                    assert lay.numbers(games[0], seat, True) == lay.numbers(games[1], seat, True)
                assert (plain.vector(games[0], seat, True)
                        == plain.vector(games[1], seat, True)).all()
            legal = games[0].legal_actions()
            action = next(a for a in legal if a.kind != "play" or a.value not in (u0, u1))
            for g in games:
                g.apply(action)


def test_the_terminal_shows_a_face_up_table_card_once_and_it_can_be_chosen() -> None:
    game = Game(NAME, seed=4)
    to_play(game)
    seat = game.current_player
    own = part(game).up[seat]
    trump = View.of(game, seat).trump
    legal = tv.in_hand_order(game.legal_actions(), table_for(game.rules, trump))
    pick = next(i for i, a in enumerate(legal, 1) if a.value in own)
    out = io.StringIO()
    names = ["you", "P1"] if seat == 0 else ["P0", "you"]
    chosen = HumanPlayer(io.StringIO(f"{pick}\n"), out, names).choose(game, seat)
    assert chosen.value in own
    text = out.getvalue()
    hand_line = next(line for line in text.splitlines() if "your hand:" in line)
    row_line = next(line for line in text.splitlines() if "your table cards:" in line)
    for c in own:
        assert shown_card(c) not in hand_line and shown_card(c) in row_line
    rest = [c for c in game.observe(seat).hand if c not in own]
    assert rest and all(shown_card(c) in hand_line for c in rest)


def test_the_browser_draws_its_own_face_up_cards_in_the_row_alone() -> None:
    session = Tables().open(NAME, {}, 2, ["person", "random"])
    game = session.game
    state = seat_view(session, 0, "en", [])
    own = next(r for r in state["seat_rows"] if r["seat"] == 0)
    hand = {c["code"] for c in state["hand"]}
    row = {c["code"] for c in own["cards"]}
    assert row and not hand & row
    assert hand | row == {CARD_NAMES[c] for c in game.observe(0).hand}


def test_the_heuristic_bot_turns_a_card_up_among_equally_cheap_ones() -> None:
    """Where the cheapest card to follow with ties with a face-up card lying on a
    face-down one, the heuristic bot plays that one (the turn-up is information)."""
    from jassdsl.bots.heuristic import HeuristicBot, cheapest, cheapest_keys

    bot, found = HeuristicBot(random.Random(0)), 0
    for seed in (15, 21, 25, 30):  # hands where such a tie comes up
        game = Game(NAME, seed=seed)
        rng = random.Random(seed)
        while not game.results:
            seat = game.current_player
            if game.phase == "play" and game.trick:
                view = View.of(game, seat)
                table = table_for(game.rules, view.order)
                cards = [a.value for a in game.legal_actions()]
                keys = cheapest_keys(table)
                plain = cheapest(cards, table)
                covering = set(part(game).covers[seat])
                ties = {c for c in cards if keys[c] == keys[plain]}
                chosen = bot.choose(game, seat).value
                if plain not in covering and ties & covering and chosen in ties | {plain}:
                    found += 1
                    assert chosen in covering
            game.apply(rng.choice(game.legal_actions()))
    assert found
