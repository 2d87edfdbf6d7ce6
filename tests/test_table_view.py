"""The terminal table as a person sees it: what is shown while playing and after a hand."""

from __future__ import annotations

import io
import random
import re
import sys

import pytest

from jassdsl import cli
from jassdsl.bots.view import View, table_for
from jassdsl.cli.play import HumanPlayer, InputClosed, forced
from jassdsl.core.cards import CARD_NAMES, SUIT_NAMES
from jassdsl.engine import Game
from jassdsl.registry import load_rules, variant_names
from jassdsl.rulebook import textview as tv


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *argv: str,
         stdin: str = "1\n" * 600) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    assert cli.main(["play", *argv]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return out


def human(entries: str, names: list[str]) -> tuple[HumanPlayer, io.StringIO]:
    out = io.StringIO()
    return HumanPlayer(io.StringIO(entries), out, names), out


def test_others_weis_is_shown_when_declared(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(20):
        out = play(monkeypatch, capsys, "schieber", "--seed", str(seed), "--human", "0",
                   stdin="1\n" * 40 + "q\n")
        said = re.search(r"^(P\d) declares Weis: (.+)$", out, re.M)
        if said:
            break
    else:
        raise AssertionError("no bot declared a Weis in 20 games")
    assert said.start() < out.index("\ntrick 2: ")  # in the first trick, as it is declared
    assert re.match(r"(sequence of \d+ to \S+|four \S+) \(\d+\)", said.group(2))


def test_trick_lines_show_their_points(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = play(monkeypatch, capsys, "guggitaler", "--seed", "2", "--human", "0")
    lines = re.findall(r"^trick (\d+): .* -> \S+ \((\d+)\)$", out, re.M)
    assert len(lines) == 90
    per_hand = [sum(int(p) for _, p in lines[k:k + 9]) for k in range(0, 90, 9)]
    assert per_hand == [157] * 10  # guggitaler counts its cards as obenabe: 152 + 5


def test_running_count_of_tricks_points_and_declarations(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    teams = play(monkeypatch, capsys, "schieber", "--seed", "5", "--human", "0",
                 stdin="1\n" * 60 + "q\n")
    assert "so far: you 0 tricks; team you+P2 0 tricks, 0 points" in teams
    assert re.search(r"^so far: you [1-9] tricks?; team you\+P2 [1-9] tricks?, \d+ points?$",
                     teams, re.M)
    alone = play(monkeypatch, capsys, "differenzler", "--seed", "5", "--human", "0",
                 stdin="45\n" + "1\n" * 20 + "q\n")
    assert "so far: you 0 tricks, 0 points; your estimate 45" in alone


def test_running_count_adds_up_the_tricks_taken() -> None:
    rules = load_rules("schieber")
    game = Game(rules, seed=5)
    rng = random.Random(1)
    while len(game.observation(0)["tricks"]) < 4:
        game.apply(rng.choice(game.legal_actions()))
    obs = game.observe(0)
    table = table_for(rules, View.of(game, 0).trump)
    mine = [t for t in obs.tricks if rules.team_of[t.winner] == rules.team_of[0]]
    points = sum(table.points[c] for t in mine for c in t.cards)
    text = tv.running_count(rules, obs, 0, ["you", "P1", "P2", "P3"])
    assert f"team you+P2 {tv.plural(len(mine), 'trick')}, {tv.plural(points, 'point')}" in text


def test_the_legal_cards_are_listed_in_the_order_of_the_hand() -> None:
    for seed in range(30):
        game = Game("schieber", seed=seed)
        rng = random.Random(seed)
        while game.phase != "play" or game.current_player != 0:
            game.apply(rng.choice(game.legal_actions()))
        if len(game.legal_actions()) >= 4:
            break
    player, out = human("3\n", ["you", "P1", "P2", "P3"])
    action = player.choose(game, 0)
    text = out.getvalue()
    hand = re.search(r"your hand: (.*)$", text, re.M)
    legal = re.search(r"^legal: (.*)$", text, re.M)
    assert hand and legal
    hand_cards = hand.group(1).split()
    listed = re.findall(r"\d+\) (\S+)", legal.group(1))
    assert listed == [c for c in hand_cards if c in listed]
    assert CARD_NAMES[action.value] == listed[2]


@pytest.mark.parametrize("variant", variant_names())
def test_the_hand_summary_shows_the_facts_of_the_clause_that_fired(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        variant: str) -> None:
    """Card points only where the clause reads them; tricks or cards taken where those do."""
    rules = load_rules(variant)
    out = play(monkeypatch, capsys, variant, "--seed", "4")
    for block in re.split(r"^(?=hand \d+, dealer )", out, flags=re.M)[1:]:
        clause = re.search(r"^  scored by: (\S+)", block, re.M)
        assert clause
        names, _ = tv.clause_reads(rules, clause.group(1))
        reads_points = bool(names & (tv.POINT_FACTS | {"most", "least", "place"}))
        assert ("\n  card points: " in block) == reads_points, (clause.group(1), block)
        assert ("\n  tricks: " in block) == bool(names & {"tricks", "match"})


def test_sticheln_shows_tricks_and_schellenjass_schellen_not_card_points(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    sticheln = play(monkeypatch, capsys, "sticheln", "--seed", "1")
    assert "\n  tricks: P0 " in sticheln and "card points" not in sticheln
    schellen = next(code for code, name in SUIT_NAMES["ch"].items() if name == "Schellen")
    out = play(monkeypatch, capsys, "schellenjass", "--seed", "1")
    assert f"\n  {SUIT_NAMES['en'][schellen].lower()} taken: P0 " in out
    assert "card points" not in out


def test_a_lone_player_does_not_click_through_certain_tricks() -> None:
    game = Game("handjass", seed=2, options={"seats": 3})
    while game.phase == "take part":
        seat = game.current_player
        game.apply("join" if seat == 0 else "fold")
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    assert game.observation(0)["playing"] == [0] and forced(game)
    player, out = human("", ["you", "P1", "P2"])  # no input: a question would close it
    for _ in range(9):
        player.choose(game, 0)
        game.apply(game.legal_actions()[0])
    assert out.getvalue().count("the rest of this hand is forced") == 1


def test_forced_only_when_every_play_left_has_one_card() -> None:
    """At every card play of 40 hands. The games keep no undo copies: `forced` tries the
    rest out on a deep copy of the game, and copying the copies was 7/8 of the time."""
    seen = {True: 0, False: 0}
    for seed in range(40):
        game = Game("handjass", seed=seed, options={"seats": 2}, record=False)
        rng = random.Random(seed)
        while not game.results:
            if game.phase == "play":
                trial_left = len(game.hand_of(game.current_player))
                is_forced = forced(game)
                seen[is_forced] += 1
                if trial_left == 1:
                    assert is_forced  # the last trick: one card each
                if len(game.legal_actions()) > 1:
                    assert not is_forced
            game.apply(rng.choice(game.legal_actions()))
    assert seen[True] and seen[False]


def test_a_forced_ending_is_played_out_at_the_table(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = play(monkeypatch, capsys, "handjass", "--seed", "3", "--human", "0", "--option",
               "seats=2")
    assert "the rest of this hand is forced: playing it out for you" in out
    assert "your hand: " in out and not re.search(r"your hand: \S+$", out, re.M)  # last card


def test_wording() -> None:
    assert tv.plural(1, "finished hand") == "1 finished hand"
    assert tv.plural(2, "finished hand") == "2 finished hands"
    assert tv.and_list(["P0"]) == "P0"
    assert tv.and_list(["P0", "P1"]) == "P0 and P1"
    assert tv.and_list(["P0", "P1", "P2"]) == "P0, P1 and P2"


def test_no_trump_is_not_called_trump(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = play(monkeypatch, capsys, "guggitaler", "--seed", "1")
    assert "trump no trump" not in out and "\nhand 1, dealer P" in out
    assert re.search(r"^hand 1, dealer P\d, no trump \(cards rank as obenabe\)", out, re.M)


def test_leaving_after_one_hand_says_hand(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 9 + "q\n"))
    assert cli.main(["play", "guggitaler", "--seed", "2", "--human", "0"]) == 0
    _, err = capsys.readouterr()
    assert "left the game after 1 finished hand\n" in err


def test_a_shared_win_lists_the_winners() -> None:
    rules = load_rules("mittlere")
    from jassdsl.engine import Outcome

    outcome = Outcome((0, 1, 2), ((0, 3), (1, 3), (2, 3)), "game end", 12)
    line = tv.outcome_line(rules, outcome, ["P0", "P1", "P2"])
    assert "P0, P1 and P2 share the win with 3 sticks" in line


def test_closed_input_still_closes_when_nothing_is_forced() -> None:
    game = Game("schieber", seed=1)
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    player, _ = human("", ["you", "P1", "P2", "P3"])
    with pytest.raises(InputClosed):
        player.choose(game, game.current_player)


def journal_of(variant: str, seed: int, seat: int, lang: tv.Lang, hands: int = 1) -> list[str]:
    """What the table's log tells `seat` over the first hands of a game of first actions."""
    from jassdsl.table.view import Journal

    game = Game(variant, seed=seed)
    journal = Journal(game, seat, lang)
    while len(game.results) < hands:
        game.apply(game.legal_actions()[0])
    return journal.update()


def test_how_trump_was_set_is_said_truly(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Turn 4: every trump choice was told 'named by the highest bid', in Schieber too.
    Now a choice, a push, a bid and a wish each say what they were, in both languages, in
    the terminal, the hand's report and the table's log."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("H\nq\n"))
    assert cli.main(["play", "schieber", "--seed", "2", "--human", "1"]) == 0
    assert "highest bid" not in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("push\nq\n"))
    assert cli.main(["play", "schieber", "--seed", "2", "--human", "1"]) == 0
    out = capsys.readouterr().out
    assert "P3 chooses trump H (Herz / Rosen)" in out and "highest bid" not in out
    schieber = journal_of("schieber", 2, 0, "en")
    assert any(re.search(r"\(P\d pushed, chosen by P\d\)$|\(chosen by P\d\)$", line)
               for line in schieber) and not any("highest bid" in x for x in schieber)
    wish = journal_of("wunsch-molotow", 1, 2, "de")
    assert any(re.fullmatch(r"P\d kann nicht bedienen und wünscht .+", x) for x in wish)
    assert any(re.search(r"\(gewünscht von P\d\)$", x) for x in wish)
    assert not any("Gebot" in x for x in wish)
    bids = journal_of("sidi-barrani", 1, 2, "en")
    assert any(re.fullmatch(r"trump is .+, named by the highest bid \(P\d\)", x) for x in bids)
    assert any(re.search(r"\(named by the bid of P\d\)$", x) for x in bids)
    assert not any("chosen by" in x or "chooses trump" in x for x in bids)


def test_the_report_says_who_took_or_refused_the_pile_without_take_part(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Turn 4: with `improve:` and no `take part:` the hand's report never said who took
    or refused the pile (the --human view did). Now it does, in both languages, for every
    player and as the game decided."""
    from pathlib import Path

    path = Path(__file__).parent / "fixtures" / "reports" / "improve-without-take-part.jass"
    said = {"took": ("took", "genommen"), "refused": ("refused", "abgelehnt")}
    seen = []
    for k, lang in enumerate(("en", "de")):
        out = play(monkeypatch, capsys, str(path), "--seed", "1", "--lang", lang)
        line = next(x for x in out.splitlines() if "bessern" in x)
        parts = [re.fullmatch(r"(P\d) .+", x) for x in line.strip().split("; ")]
        assert all(parts) and sorted(p[1] for p in parts if p) == ["P0", "P1", "P2"], line
        seen.append([(p[1], next(w for w, t in said.items() if t[k] in p[0]))
                     for p in parts if p])
    assert seen[0] == seen[1] and {w for _, w in seen[0]} == {"took", "refused"}, seen
