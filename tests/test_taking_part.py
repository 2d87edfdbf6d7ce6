"""Piles, the turned trump and robbing, taking part and leaving the table, played through
the engine with the Handjass rule file (Allmedias: Handjass with four, three and two)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_language_fixtures import FOLDER, read_fixture

from jassdsl.compile.compiler import CompiledRules, compile_rules
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_NAMES, mask_cards
from jassdsl.core.errors import IllegalActionError
from jassdsl.engine import Game, Outcome
from jassdsl.engine.events import Dealt
from jassdsl.language.check import load_model
from jassdsl.registry import variant_path


def names(cards: int | tuple[int, ...] | list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in (mask_cards(cards) if isinstance(cards, int) else cards)]


def laid(game: Game) -> dict[str, tuple[int, ...]]:
    """The piles of the hand as the deal laid them, each from its top card."""
    dealt = [e for e in game.hand_events() if isinstance(e, Dealt)][-1]
    return dict(dealt.piles)


def sizes(game: Game) -> dict[str, int]:
    return {k: len(v) for k, v in game.piles.items()}


def test_two_players_see_the_turned_top_and_the_bottom_of_the_stock_only() -> None:
    """A: with two, 3x9 cards: the middle nine are the blind, the rest the stock; its top
    card is turned as trump, its bottom card may be seen by both."""
    game = Game("handjass", seed=5, options={"seats": 2})
    assert [len(game.hand_of(x)) for x in range(2)] == [9, 9]
    assert sizes(game) == {"blind": 9, "stock": 9}
    stock = laid(game)["stock"]
    assert sorted(stock) == list(game.piles["stock"])
    for seat in (0, 1):
        obs = game.observation(seat)
        assert obs["turned"] == CARD_NAMES[stock[0]] and obs["seen"] == CARD_NAMES[stock[-1]]
        assert obs["trump"] == CARD_NAMES[stock[0]][0]
        assert obs["piles"] == {"blind": 9, "stock": 9}
    assert game.legal_actions() == [Action("join"), Action("swap")]  # nobody folds with two


def test_taking_the_blind_swaps_the_hand_and_ends_that_right() -> None:
    """A: forehand may exchange his cards for the blind; declining passes the right on;
    who took the blind must play."""
    game = Game("handjass", seed=2, options={"seats": 3})
    first = game.current_player
    blind, own = game.piles["blind"], game.hand_of(first)
    game.apply("swap")
    assert tuple(game.hand_of(first)) == blind and game.piles["blind"] == ()
    assert game.out_of_play == tuple(own)
    assert game.playing == (first,)
    assert Action("swap") not in game.legal_actions()
    assert game.observation(first)["swapped"] == first


def test_robbing_takes_the_turned_card_for_the_trump_six() -> None:
    """Every player taking part is asked in turn from forehand (issue 29: who is asked
    tells nothing); those without the trump six have only the answer no."""
    for seed in range(200):
        game = Game("handjass", seed=seed, options={"seats": 3})
        while game.phase == "take part":
            game.apply("join")
        asked = []
        while game.phase == "rob" and game.forced_action() is not None:
            asked.append(game.current_player)
            assert game.legal_actions() == [Action("rob", 0)]
            with pytest.raises(IllegalActionError, match="does not hold the card that may rob"):
                game.apply("rob 1")
            game.apply("rob 0")
        if game.phase == "rob":
            break
    else:
        raise AssertionError("nobody who plays held the trump six")
    seat = game.current_player
    forehand = (game.dealer + 1) % 3
    assert [*asked, seat] == [(forehand + i) % 3 for i in range(len(asked) + 1)]
    turned = game.observe(seat).turned
    six = turned // 9 * 9 + 8
    assert six in game.hand_of(seat)
    game.apply("rob 1")
    assert turned in game.hand_of(seat) and six not in game.hand_of(seat)
    assert six in game.piles["blind"] and game.phase in ("play", "weis")


def test_with_two_the_blind_taker_leaves_the_turned_card_on_the_stock_to_be_robbed() -> None:
    """A, two players: the turned card lies on the stock, not on the blind, and the trump
    six may rob it before the first card, whoever took the blind (seed 20: DJ turned on
    the stock, P1 holds D6, P0 takes the blind)."""
    game = Game("handjass", seed=20, options={"seats": 2})
    turned = game.observe(0).turned
    assert CARD_NAMES[turned] == "DJ" and laid(game)["stock"][0] == turned
    assert CARD_NAMES.index("D6") in game.hand_of(1) and game.current_player == 1
    game.apply("join")
    game.apply("swap")  # P0 takes the blind; the turned card stays on the stock
    assert game.phase == "rob" and game.current_player == 1
    game.apply("rob 1")
    assert names(game.hand_of(1)).count("DJ") == 1
    assert CARD_NAMES.index("D6") in game.piles["stock"]


def test_with_three_the_blind_taker_takes_the_turned_card_along_and_nobody_robs() -> None:
    """A, three players: the turned card is the top card of the blind; whoever takes the
    blind takes it along, so it no longer lies on the table to be robbed."""
    for seed in range(200):
        game = Game("handjass", seed=seed, options={"seats": 3})
        turned = game.observe(0).turned
        six = turned // 9 * 9 + 8
        if not any(six in game.hand_of(x) for x in range(3) if x != game.current_player):
            continue  # the trump six must be in the hand of a player who joins
        game.apply("swap")
        while game.phase == "take part":
            game.apply("join")
        assert turned in game.hand_of(game.observe(0).swapped) and game.phase != "rob"
        return
    raise AssertionError("no deal found")


def test_four_players_show_the_dealers_last_card_and_never_rob() -> None:
    """A: with four the bottom card (Ablupf) is trump and cannot be robbed."""
    for seed in range(30):
        game = Game("handjass", seed=seed)
        seen = game.observe(0)
        assert game.piles == {"blind": (), "stock": ()} and seen.turned == -1
        assert seen.shown in game.hand_of(game.dealer)
        while game.phase == "take part":
            game.apply("join")
        assert game.phase != "rob"


def test_folded_cards_are_out_of_play_and_tricks_hold_one_card_per_player() -> None:
    game = Game("handjass", seed=3)
    order = []
    for answer in ("fold", "join", "fold", "join"):
        order.append(game.current_player)
        game.apply(answer)
    playing = sorted(order[1::2])
    assert len(game.out_of_play) == 18 and all(game.hand_of(x) == [] for x in order[0::2])
    rng = random.Random(3)
    while not game.results:
        game.apply(rng.choice(game.legal_actions()))
    r = game.results[0]
    assert list(r.playing) == playing
    assert all(len(t.cards) == 2 for t in r.tricks) and len(r.tricks) == 9


def test_nobody_playing_voids_the_hand() -> None:
    game = Game("handjass", seed=4)
    dealer = game.dealer
    for _ in range(4):
        game.apply("fold")
    r = game.results[0]
    assert r.clause == "nobody" and not r.tricks and r.totals["strokes"] == (0, 0, 0, 0)
    assert game.dealer == (dealer + 1) % 4 and game.phase == "take part"


def test_a_winner_leaves_and_three_play_on_with_a_blind() -> None:
    """A: who reaches the target has won and leaves; with three left, 9 cards each and
    the remaining nine form the blind."""
    game = Game("handjass", seed=8, options={"target": 5})
    rng = random.Random(8)
    while not any(r.left for r in game.results):
        game.apply(rng.choice(game.legal_actions()))
    gone = game.results[-1].left
    table = game.observe(0).table
    assert len(table) == 4 - len(gone) and not set(table) & set(gone)
    assert all(game.hand_of(x) == [] for x in gone)
    if len(table) == 3:
        assert sizes(game) == {"blind": 9, "stock": 0}
        assert game.observation(0)["turned"] is not None
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    outcome = game.outcome()
    assert outcome is not None and outcome.left[0][0] in gone
    assert set(outcome.winners) <= set(gone)


# --- Handjass mit Bessern ------------------------------------------------------------------------
def test_three_players_get_three_bessern_each_and_the_dealer_sees_his_first() -> None:
    """A: with three, 3x3 cards each, the dealer's ninth card is trump, each gets three
    Bessern face down; only the dealer takes all twelve up and then lays three away."""
    game = Game("handjass-bessern", seed=6, options={"seats": 3})
    dealer, shown = game.dealer, game.observe(0).shown
    assert shown in game.hand_of(dealer) and game.observation(0)["trump"] == \
        CARD_NAMES[shown][0]
    assert game.phase == "improve" and game.current_player == dealer
    assert len(game.hand_of(dealer)) == 12
    assert sorted(v for k, v in sizes(game).items() if k.startswith("bessern")) == [0, 3, 3]
    assert game.legal_actions() == [Action("discard", c) for c in game.hand_of(dealer)]
    for card in game.hand_of(dealer)[:3]:
        game.apply(Action("discard", card))
    assert len(game.hand_of(dealer)) == 9 and len(game.out_of_play) == 3
    forehand = (dealer + 1) % 3
    assert game.current_player == forehand and game.legal_actions() == [Action("take"),
                                                                         Action("decline")]


def test_taking_the_bessern_lays_away_three_of_the_own_cards_first() -> None:
    game = Game("handjass-bessern", seed=6, options={"seats": 3})
    for card in game.hand_of(game.dealer)[:3]:
        game.apply(Action("discard", card))
    seat = game.current_player
    own, better = game.hand_of(seat), game.piles[f"bessern:{seat}"]
    game.apply("take")
    assert [a.value for a in game.legal_actions()] == own  # not the Bessern
    for card in own[-3:]:
        game.apply(Action("discard", card))
    assert game.hand_of(seat) == sorted(own[:-3] + list(better))
    assert game.piles[f"bessern:{seat}"] == ()
    other = game.current_player
    hidden = names(game.piles[f"bessern:{other}"])
    assert game.observation(other)["looked"] == []
    game.apply("decline")  # said aloud: now the player may look at them
    assert game.observation(other)["looked"] == hidden
    assert all(game.observation(x)["looked"] == [] for x in range(3) if x != other)
    assert game.phase == "take part"


def test_two_players_turn_the_top_of_the_stock_after_the_bessern() -> None:
    game = Game("handjass-bessern", seed=9, options={"seats": 2})
    stock = laid(game)["stock"]
    assert len(game.piles["stock"]) == 12 and game.observe(0).turned == stock[0]
    assert sorted(len(v) for k, v in laid(game).items() if k != "stock") == [3, 3]
    assert len(game.hand_of(game.dealer)) == 12  # the dealer has taken his up
    assert game.observation(0)["seen"] == CARD_NAMES[stock[-1]]


def test_four_players_play_ordinary_handjass() -> None:
    """A: with four, Handjass mit Bessern is played exactly like ordinary Handjass."""
    one, two = Game("handjass", seed=12), Game("handjass-bessern", seed=12)
    rng1, rng2 = random.Random(1), random.Random(1)
    while not (one.is_over or two.is_over):
        assert one.legal_actions() == two.legal_actions()
        one.apply(rng1.choice(one.legal_actions()))
        two.apply(rng2.choice(two.legal_actions()))
        if len(one.results) == 2:
            break
    assert [r.points for r in one.results] == [r.points for r in two.results]
    assert [r.clause for r in one.results] == [r.clause for r in two.results]


def play_out(rules: CompiledRules | str, seed: int) -> Outcome:
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    outcome = game.outcome()
    assert outcome is not None
    return outcome


def test_the_first_to_leave_wins_as_the_file_says_and_most_strokes_is_another_rule() -> None:
    """A: 'Wer die vereinbarte Strichzahl erreicht hat, hat gewonnen und scheidet aus':
    the file says the first to leave wins; a copy that says 'most strokes' ranks by the
    strokes alone, so the two differ where a later leaver ends with more strokes."""
    path = variant_path("handjass")
    text = path.read_text(encoding="utf-8")
    first = "winner: first to leave the table, then most strokes"
    assert text.rstrip().endswith(first)
    most = compile_rules(load_model(text.replace(first, "winner: most strokes"), "m.jass"), {})
    for seed in range(100):
        leaving, by_strokes = play_out("handjass", seed), play_out(most, seed)
        assert leaving.first_out and not by_strokes.first_out
        first_gone = leaving.left[0][1]
        assert set(leaving.winners) == {x for x, h in leaving.left if h == first_gone} & {
            x for x, v in leaving.standings if v == leaving.standings[0][1]}
        best = max(v for _, v in by_strokes.standings)
        assert set(by_strokes.winners) == {x for x, v in by_strokes.standings if v == best}
        if leaving.winners != by_strokes.winners:
            return
    raise AssertionError("no game where the first to leave is not the one with most strokes")


def test_stoeck_counts_in_handjass_for_the_hand_played_and_the_option_turns_it_off() -> None:
    """G: Stöck (trump King and Queen in one hand) counts 20 in general, and naming the
    small Weis does not abolish it. It belongs to the hand a player plays with: a player
    who took the blind holding trump King and Queen has Stöck, whatever was dealt."""
    for seed in range(400):
        game, off = (Game("handjass", seed=seed, options={"seats": 3, "stoeck-counts": v})
                     for v in ("yes", "no"))
        rng, rng_off = random.Random(seed), random.Random(seed)
        while not game.results:
            action = rng.choice(game.legal_actions())
            game.apply(action)
            off.apply(rng_off.choice(off.legal_actions()))
        r = game.results[0]
        if r.swapped < 0 or not r.bonuses.get("stoeck", (0,))[r.swapped]:
            continue
        trump = "DHSC".index(r.trump)
        pair = 1 << trump * 9 + 1 | 1 << trump * 9 + 2  # trump King and Queen
        assert r.in_hands[r.swapped] & pair == pair and r.hands[r.swapped] & pair != pair
        assert r.bonuses["stoeck"][r.swapped] == 20
        assert off.results[0].bonuses["stoeck"] == (0, 0, 0)
        return
    raise AssertionError("nobody took the blind with Stöck in it")


def test_who_folds_is_not_playing_where_nobody_leaves_the_table() -> None:
    """The fact `playing` follows who took part in every file that asks who plays: in
    Dreierputz (taking part, nobody leaves the table) it read 1 for every player, so a
    player who folded was scored as one who played and lost (a zero)."""
    path = Path(__file__).parent / "fixtures" / "outsider" / "dreierputz.jass"
    rules = compile_rules(load_model(path.read_text(encoding="utf-8"), str(path)), {})
    folded = 0
    for seed in range(6):
        game, rng = Game(rules, seed=seed), random.Random(seed)
        while not game.is_over and len(game.results) < 4:
            game.apply(rng.choice(game.legal_actions()))
        for result in game.results:
            out = set(range(rules.players)) - set(result.playing)
            folded += len(out)
            assert not [g for g in result.grants if g.subject in out and g.amount], \
                (seed, result.number, result.playing, result.grants)
    assert folded > 0, "no player folded: the test saw nothing"


def test_forehand_chooses_trump_after_everybody_said_whether_they_play() -> None:
    """Issue 29 §5: the trump phase names the seat it asks; it asked whoever spoke last
    in the taking part (the dealer) while naming forehand as the chooser. Forehand of
    those who play chooses: forehand itself, or the next one where forehand folds."""
    fx = read_fixture(FOLDER / "trump-forehand-chooses-after-take-part.jass")
    rules = compile_rules(load_model(fx.source, "fixture.jass"))
    for folds in ((), (0,), (0, 1)):  # places from forehand that fold
        game = Game(rules, seed=5)
        forehand = (game.dealer + 1) % 4
        while game.phase == "take part":
            place = (game.current_player - forehand) % 4
            game.apply("fold" if place in folds else "join")
        chooser = (forehand + len(folds)) % 4
        assert game.phase == "trump" and game.current_player == chooser, folds
        game.apply("trump H")
        assert game.hand_events()[-1].seat == chooser  # TrumpSet: who named it
        assert game.observe(0).roles.get("chooser", chooser) == chooser
