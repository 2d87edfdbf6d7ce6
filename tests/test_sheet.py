"""Trump by rule and the scoresheet: worked examples through the public API.

The published rules (Swisslos "Coiffeur Jass-Regeln", jassverzeichnis.ch): each team plays
every column of its sheet once; the player asked takes an open column of the team's sheet
or pushes on to the next player; when it comes back to the first, they must choose; the
one who chose leads; only the choosing team writes, times the column's multiplier.
"""

from __future__ import annotations

import copy
import io
import random
from pathlib import Path

import pytest

from jassdsl.cli.play import HumanPlayer
from jassdsl.core.actions import Action
from jassdsl.core.errors import IllegalActionError
from jassdsl.engine import Game
from jassdsl.engine.position import PositionError, at_deal
from jassdsl.rulebook import textview as tv

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "language"


def at_choice(seed: int = 0) -> Game:
    game = Game("coiffeur", seed=seed)
    assert game.phase == "trump"
    return game


def test_the_first_choice_offers_every_column_and_push() -> None:
    game = at_choice()
    assert game.legal_names() == ["column spades", "column clubs", "column diamonds",
                                  "column hearts", "column obenabe", "column undenufe",
                                  "column joker-1", "column joker-2", "push"]
    assert game.current_player == (game.dealer + 1) % 4  # forehand is asked first


def test_a_free_column_then_its_mode_and_the_multiplier_counts() -> None:
    game = at_choice()
    chooser = game.current_player
    game.apply("column joker-1")
    assert game.phase == "trump" and game.current_player == chooser
    assert game.legal_names() == ["trump D", "trump H", "trump S", "trump C", "trump obenabe",
                                  "trump undenufe"]
    assert game.observe(chooser).column == "joker-1"
    game.apply("trump S")
    assert game.phase == "play" and game.leader == chooser  # who chose leads
    rng = random.Random(1)
    while len(game.results) < 1:
        game.apply(rng.choice(game.legal_actions()))
    r = game.results[0]
    assert (r.column, r.roles["chooser"], r.sheet, r.trump) == ("joker-1", chooser, chooser % 2, "S")
    team = chooser % 2
    assert r.totals["points"][team] == r.points[team] * 7
    assert r.totals["points"][1 - team] == 0
    # the column is played for that team: not offered to it again, still to the others
    while game.phase != "trump":
        game.apply(rng.choice(game.legal_actions()))
    open_ = game.observe(0).sheets
    assert "joker-1" not in open_[team] and "joker-1" in open_[1 - team]


def test_a_played_column_is_refused_with_the_legal_names() -> None:
    game = at_choice()
    team = game.current_player % 2
    game.apply("column hearts")
    rng = random.Random(2)
    while not game.results:
        game.apply(rng.choice(game.legal_actions()))
    while not (game.phase == "trump" and game.current_player % 2 == team):
        game.apply(rng.choice([a for a in game.legal_actions() if a.kind != "column"]
                              or game.legal_actions()))
    with pytest.raises(IllegalActionError) as info:
        game.apply("column hearts")
    assert "column clubs" in str(info.value) and "column hearts," not in str(info.value)


def test_pushing_goes_round_and_the_first_must_choose() -> None:
    game = at_choice()
    first = game.current_player
    for k in range(1, 4):
        game.apply("push")
        assert game.current_player == (first + k) % 4
        assert "push" in game.legal_names()
    game.apply("push")
    assert game.current_player == first
    assert "push" not in game.legal_names()
    game.undo()
    assert game.current_player == (first + 3) % 4 and "push" in game.legal_names()


def test_column_actions_read_by_name_or_number_and_print_by_name() -> None:
    game = at_choice()
    by_number = game.parse_action("column 7")
    assert by_number == game.parse_action("column joker-2") == Action("column", 7)
    assert game.action_text(by_number) == "column joker-2"
    with pytest.raises(IllegalActionError):
        game.apply("column joker-9")


def test_undo_and_determinism_keep_the_sheet() -> None:
    a, b = Game("coiffeur", seed=5), Game("coiffeur", seed=5)
    rng_a, rng_b = random.Random(3), random.Random(3)
    while not a.is_over:
        a.apply(rng_a.choice(a.legal_actions()))
        b.apply(rng_b.choice(b.legal_actions()))
    assert [r.column for r in a.results] == [r.column for r in b.results]
    assert a.totals == b.totals and len(a.results) == 16
    sheets_before = a.observe(0).sheets
    while a.history and a.phase != "trump":
        a.undo()
    assert a.observe(0).sheets != sheets_before  # the last column is open again
    game = copy.deepcopy(a, {id(a.rules): a.rules})
    assert game.observe(0) == a.observe(0)


def test_a_full_sheet_is_passed_over() -> None:
    """Late in a game one team's sheet may be full: its players are not asked."""
    for seed in range(30):
        game = Game("coiffeur", seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            if game.phase == "trump":
                sheets = game.observe(0).sheets
                seat = game.current_player
                assert sheets[seat % 2], "a player with a full sheet is asked"
                if (not sheets[0] or not sheets[1]) and "push" in game.legal_names():
                    game.apply("push")  # over the full team, to the partner
                    assert game.current_player == (seat + 2) % 4
                    return
            game.apply(rng.choice(game.legal_actions()))
    pytest.skip("no game filled one sheet first")


def test_the_human_sees_the_sheet_and_names_a_column() -> None:
    game = at_choice()
    seat = game.current_player
    out = io.StringIO()
    player = HumanPlayer(io.StringIO("joker-2\n"), out, tv.seat_names(4, seat))
    assert player.choose(game, seat) == Action("column", 7)
    text = out.getvalue()
    assert "7) joker-1 x7, free choice" in text and "column of your sheet" in text
    # the narrator shows every sheet when a hand is dealt, the played columns marked
    game.apply("column joker-2")
    game.apply("trump S")
    rng = random.Random(4)
    while not game.results:
        game.apply(rng.choice(game.legal_actions()))
    lines = tv.Narrator(game, tv.seat_names(4, seat), seat).tell(game.hand_events())
    team = tv.subject_names(game.rules, tv.seat_names(4, seat))[seat % 2]
    assert f"sheet {team}: spades x1, clubs x2, diamonds x3, hearts x4, obenabe x5, " \
           "undenufe x6, joker-1 x7, joker-2 x8 (played)" in lines


@pytest.mark.parametrize(("fixture", "modes"), [
    ("trump-fixed.jass", ["obenabe"] * 3),
    ("trump-in-turn.jass", ["D", "H", "S", "C", "obenabe", "undenufe", "D"]),
])
def test_trump_by_rule_sets_each_hand(fixture: str, modes: list[str], tmp_path: Path) -> None:
    from test_language_fixtures import read_fixture

    fx = read_fixture(FIXTURES / fixture)
    path = tmp_path / fixture
    path.write_text(fx.source.replace("game ends after 2 hands", "game ends after 3 hands")
                    if "in turn" not in fx.source else fx.source, encoding="utf-8")
    game = Game(str(path), seed=1)
    rng = random.Random(1)
    while not game.is_over:
        assert game.phase != "trump"
        game.apply(rng.choice(game.legal_actions()))
    assert [str(r.trump) for r in game.results] == modes


# the Obenabe and Undenufe card points by rank (A K Q J 10 9 8 7 6), from the rule text
NO_TRUMP_POINTS = (11, 4, 3, 2, 10, 0, 8, 0, 0)


@pytest.mark.parametrize("mode", ["misere-obenabe", "misere-undenufe", "misere-slalom-obenabe",
                                  "misere-slalom-undenufe"])
def test_the_misere_column_writes_the_opponents_points(mode: str) -> None:
    """Source Q (quoi-faire.ch): in Misère only the points the opponents make count for the
    choosing team; the file's decision counts the column nine times, the cards as in
    Obenabe/Undenufe, 5 for the last trick and 100 more for a match."""
    game = Game("coiffeur", seed=3, options={"misere": "yes"})
    assert game.legal_names()[-2:] == ["column misere", "push"]
    chooser = game.current_player
    game.apply("column misere")
    assert game.legal_names() == ["trump misere-obenabe", "trump misere-undenufe",
                                  "trump misere-slalom-obenabe", "trump misere-slalom-undenufe"]
    game.apply(f"trump {mode}")
    rng = random.Random(5)
    while not game.results:
        game.apply(rng.choice(game.legal_actions()))
    r = game.results[0]
    assert (r.column, r.clause, str(r.trump)) == ("misere", "misere", mode)
    team = chooser % 2
    taken = [0, 0]
    for trick in r.tricks:
        taken[trick.winner % 2] += sum(NO_TRUMP_POINTS[card % 9] for card in trick.cards)
    taken[r.tricks[-1].winner % 2] += 5
    if len({t.winner % 2 for t in r.tricks}) == 1:
        taken[r.tricks[-1].winner % 2] += 100
    assert list(r.points) == taken
    assert r.totals["points"][team] == taken[1 - team] * 9
    assert r.totals["points"][1 - team] == 0


def test_the_misere_column_is_off_by_default_and_ends_a_nine_column_sheet() -> None:
    assert "column misere" not in at_choice().legal_names()
    game = Game("coiffeur", seed=0, options={"misere": "yes"})
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.results) == 18
    assert sorted(r.column for r in game.results).count("misere") == 2


def test_the_columns_played_come_back_at_a_recorded_deal() -> None:
    """What the sheet keeps from hand to hand (`Phase.kept`) is what a position at the
    deal gives back (`Phase.restore`): the same columns are open, in any order played."""
    game, rng = Game("coiffeur", seed=4), random.Random(4)
    while game.hand_number < 6:
        game.apply(rng.choice(game.legal_actions()))
    keeper = next(p for p in game.chain.phases if p.kept_as == "sheets")
    kept = keeper.kept(game)
    assert sum(map(len, kept)) == 5 and all(len(set(k)) == len(k) for k in kept)
    hands = [list(range(9 * seat, 9 * seat + 9)) for seat in range(4)]
    again = at_deal(game.rules, hands, game.dealer, hand_number=game.hand_number,
                    sheets=kept)
    assert again.observe(0).sheets == game.observe(0).sheets
    with pytest.raises(PositionError, match="keep 2 scoresheets"):
        at_deal(game.rules, hands, game.dealer, sheets=[[]])
    with pytest.raises(PositionError, match="not an unplayed column"):
        at_deal(game.rules, hands, game.dealer, sheets=[["spades", "spades"], []])

