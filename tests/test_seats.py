"""Tables of two to six: `players N` and `in teams alternating` (issue 30 §1).

The checker takes 2 to 6 players and refuses the rest, and a team form the count cannot
have, in both languages at the number; a deal the pack does not divide is refused, naming
what is left over. The six-player Schieber (rules/sechserschieber.jass) seats its teams
on every second seat and pushes two seats on; both new files deal every card of their
pack once a hand, play each card once and count the pack's points. The compiled path
plays the six, and says why it leaves the five to the engine.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_NAMES
from jassdsl.core.errors import RuleFileErrors
from jassdsl.engine import Game
from jassdsl.engine.events import Pushed
from jassdsl.language.check import load_model
from jassdsl.registry import load_rules
from jassdsl.research.actionspace import ActionSpace
from jassdsl.research.simulate import simulate
from jassdsl.research.tensors import Layout, layout

SCORE = """score each hand, first rule that applies:
  card-points "the card points":
      otherwise
      then every {who} scores points
"""


def table(players: str, deal: str = "deal 6 each in packets of 3", pack: str = "") -> str:
    """A small whole file around a `players` line (line 2) and a deal (line 4)."""
    who = "team" if "teams" in players else "player"
    return (f'variant "Seats"\n{players}\n{pack or "# the 36 cards"}\n{deal}\n'
            "first dealer: lot\nnext dealer: right\nfirst lead: forehand\n"
            "cards: the standard Swiss ranks and points\nbonus last-trick 5\n"
            "trump: forehand chooses suits\nfollow: suit or trump\nundertrump: strict\n"
            "puur: exempt\nunit point/points\n" + SCORE.format(who=who) +
            "game ends after 2 hands\nwinner: most points\n")


def refused(text: str, lang: str = "en") -> list[str]:
    """Each error of a refused file: its `line:col: message` line (the line and caret
    follow it in the rendering)."""
    with pytest.raises(RuleFileErrors) as caught:
        load_model(text, "seats.jass")
    shown = caught.value.render(lang)
    assert "^" in shown  # a caret under the place
    return [line for line in shown.splitlines() if line.startswith("seats.jass:")]


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_two_to_six_players_are_taken(n: int) -> None:
    rf = load_model(table(f"players {n}", f"deal {36 // n} each in packets of 1"), "s.jass")
    assert rf.players.number == n and not rf.teams


@pytest.mark.parametrize("n", [0, 1, 7, 12])
def test_a_count_outside_two_to_six_is_one_error_in_both_languages(n: int) -> None:
    (en,) = refused(table(f"players {n}", "deal 1 each in packets of 1"))
    assert en == f"seats.jass:2:9: the number of players must be between 2 and 6, not {n}"
    (de,) = refused(table(f"players {n}", "deal 1 each in packets of 1"), "de")
    assert de == f"seats.jass:2:9: die Zahl der Spieler muss zwischen 2 und 6 liegen, nicht {n}"


@pytest.mark.parametrize("n", [4, 6])
def test_alternating_teams_sit_on_every_second_seat(n: int) -> None:
    rf = load_model(table(f"players {n} in teams alternating",
                          f"deal {36 // n} each in packets of 3"), "s.jass")
    assert rf.teams and rf.seating == "alternating"


@pytest.mark.parametrize("n", [2, 3, 5])
def test_alternating_teams_need_an_even_table_of_four_or_more(n: int) -> None:
    errors = refused(table(f"players {n} in teams alternating",
                           "deal 1 each in packets of 1"))
    assert errors == [f"seats.jass:2:9: alternating teams need an even number of players, "
                      f"4 or more, not {n}"]
    de = refused(table(f"players {n} in teams alternating", "deal 1 each in packets of 1"),
                 "de")
    assert de[0].startswith("seats.jass:2:9: abwechselnde Teams brauchen eine gerade Zahl")


def test_teams_across_stay_four() -> None:
    assert refused(table("players 6 in teams across")) == [
        "seats.jass:2:9: teams across need exactly 4 players; a larger even table is "
        "'players N in teams alternating'"]


SHEET = (Path(__file__).parents[1] / "rules" / "coiffeur.jass").read_text(
    encoding="utf-8").replace("players 4 in teams across", "players 4")


@pytest.mark.parametrize(("text", "starts"), [
    (table("players 6 in teams across"), ("teams across need", "Teams über Kreuz")),
    (table("players 3").replace("chooses suits", "chooses suits or pushes to partner"),
     ("pushing to the partner", "das Schieben zum Partner")),
    (table("players 4 in teams across").replace("# the 36 cards", "sides: chooser against "
                                                "the rest"),
     ("the teams are fixed", "die Teams sind")),
    (SHEET, ("a sheet per team", "eine Tafel pro Team")),
    (SHEET.replace("to the next player", "to partner"), ("pushing to the partner", "das Schieben"))],
    ids=["across-six", "push", "sides", "sheet", "sheet-push"])
def test_team_hints_name_both_team_forms_in_both_languages(
        text: str, starts: tuple[str, str]) -> None:
    for lang, start in zip(("en", "de"), starts, strict=True):
        hints = [e.split(": ", 1)[1] for e in refused(text, lang)
                 if e.split(": ", 1)[1].startswith(start)]
        assert len(hints) == 1 and "'players N in teams alternating'" in hints[0], hints


@pytest.mark.parametrize(("players", "pack", "left"), [
    ("players 5", "", 1), ("players 4", "pack: without H6", 3),
    ("players 6", "pack: without H6", 5)])
def test_a_deal_the_pack_does_not_divide_is_refused(players: str, pack: str, left: int) -> None:
    n = int(players.split()[1])
    deck = 35 if pack else 36
    errors = refused(table(players, "deal all cards in packets of 1", pack))
    assert errors == [f"seats.jass:4:1: {deck} cards do not split evenly among {n} players "
                      f"({left} left over): take cards out with 'pack: without ...', or deal "
                      "N each with a pile for the rest"]
    (de,) = refused(table(players, "deal all cards in packets of 1", pack), "de")
    assert de.startswith(f"seats.jass:4:1: {deck} Karten lassen sich nicht gleichmässig auf "
                         f"{n} Spieler verteilen ({left} bleiben übrig)")


def test_the_six_are_two_teams_of_three() -> None:
    r = load_rules("sechserschieber")
    assert (r.players, r.subjects, r.cards_each) == (6, 2, 6)
    assert r.team_of == (0, 1, 0, 1, 0, 1)


def random_games(name: str, seeds: range) -> list[Game]:
    """Whole games with random choices (two hands each at most: enough to see each
    deal, push and count many times over the seeds)."""
    games = []
    for seed in seeds:
        game = Game(name, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.results) < 2:
            legal = game.legal_actions()
            game.apply(rng.choice(legal) if legal else Action("none"))
        games.append(game)
    return games


def test_a_push_at_six_goes_two_seats_on_to_a_partner() -> None:
    r = load_rules("sechserschieber")
    pushes = [e for g in random_games("sechserschieber", range(12)) for e in g.events
              if isinstance(e, Pushed)]
    assert len(pushes) >= 3  # random choices push about one hand in seven
    for e in pushes:
        assert e.to == (e.seat + 2) % 6
        assert r.team_of[e.to] == r.team_of[e.seat]


@pytest.mark.parametrize(("name", "pack", "per_trick", "tricks"), [
    ("sechserschieber", 36, 6, 6), ("mittlere-fuenf", 35, 5, 7)])
def test_every_card_of_the_pack_is_played_once_and_the_points_add_up(
        name: str, pack: int, per_trick: int, tricks: int) -> None:
    hands = [h for g in random_games(name, range(6)) for h in g.results]
    assert len(hands) >= 6
    for h in hands:
        dealt = [c for mask in h.hands for c in range(36) if mask >> c & 1]
        played = [c for t in h.tricks for c in t.cards]
        assert len(h.tricks) == tricks
        assert all(len(t.cards) == per_trick for t in h.tricks)
        assert sorted(played) == sorted(dealt) and len(set(played)) == pack
        if pack == 35:
            assert CARD_NAMES.index("H6") not in played
        # the pack's points with the last trick: 157, or 257 with the Schieber's match
        assert sum(h.points) in ((157, 257) if name == "sechserschieber" else (157,))


def test_the_compiled_path_plays_six_and_says_why_not_five() -> None:
    six = simulate("sechserschieber", 6, seed=3, bots="random").to_json()
    assert six["games_by_path"] == {"compiled": 6}
    five = simulate("mittlere-fuenf", 6, seed=3, bots="random").to_json()
    assert five["games_by_path"] == {"playout": 6}  # the pure-Python playout instead
    assert "fewer than the 36 cards" in five["compiled_path"]["why_not"]


def test_bots_finish_games_of_five_and_six() -> None:
    for name in ("sechserschieber", "mittlere-fuenf"):
        report = simulate(name, 2, seed=1, bots="heuristic").to_json()
        assert report["games"] == 2 and report["stopped_by_hand_limit"] == 0


@pytest.mark.parametrize(("name", "seats"), [("sechserschieber", 6), ("mittlere-fuenf", 5)])
def test_the_research_vector_has_a_place_per_seat(name: str, seats: int) -> None:
    rules = load_rules(name)
    pieces = {p.name: p.size for p in layout(rules)}
    for per_seat in ("seat", "current", "dealer", "leader", "tricks_won", "table"):
        assert pieces[per_seat] == seats, per_seat
    assert pieces["trick"] == seats * 36
    game = Game(name, seed=4)
    vector = Layout(rules, ActionSpace.of(rules), False).vector(game, game.current_player,
                                                                 True)
    assert len(vector) == sum(pieces.values())



@pytest.mark.parametrize(("players", "pack", "fold", "high"), [
    ("players 6", "", 6, 0), ("players 6", "", 7, 6),
    ("players 5", "pack: without H6", 5, 0), ("players 5", "pack: without H6", 6, 5),
    ("players 4", "", 5, 4)])
def test_folding_counts_up_to_the_files_players(players: str, pack: str, fold: int,
                                                high: int) -> None:
    """`play or fold with N or more at the table` takes 2 up to the file's seats."""
    text = table(players, "deal all cards in packets of 1", pack).replace(
        "first lead: forehand\n", "first lead: forehand\ntake part: in turn from forehand, "
        f"play or fold with {fold} or more at the table\n")
    if not high:
        load_model(text, "seats.jass")
        return
    assert refused(text) == [f"seats.jass:8:53: folding: the players at the table must be "
                             f"between 2 and {high}, not {fold}"]
    assert refused(text, "de") == [f"seats.jass:8:53: Aussetzen: die Spieler am Tisch muss "
                                   f"zwischen 2 und {high} liegen, nicht {fold}"]
