"""The `jassdsl` command, run in-process through `main(argv)` (and once as a real process)."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import only_rare_clauses

from jassdsl import cli
from jassdsl.bots.view import View, table_for
from jassdsl.cli import check as cli_check
from jassdsl.cli.play import HumanPlayer, InputClosed, interpret
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_NAMES, card_words
from jassdsl.engine import Game
from jassdsl.engine.rob import robbing_card
from jassdsl.mechanisms.weis import WEIS_NO, WEIS_YES
from jassdsl.registry import load_rules, rules_dir, variant_names
from jassdsl.rulebook import textview as tv

# how fast, and which path played the games: not part of the answers
TIMING = ("seconds", "hands_per_sec", "games_per_sec", "games_by_path", "compiled_path",
          "playout_path")


class Run:
    """Runs main(argv) with captured output and an optional fake stdin."""

    def __init__(self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
        self.capsys, self.monkeypatch = capsys, monkeypatch

    def __call__(self, *argv: str, stdin: str | None = None) -> tuple[int, str, str]:
        if stdin is not None:
            self.monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = cli.main(list(argv))
        out, err = self.capsys.readouterr()
        assert "Traceback" not in out + err
        return code, out, err


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    return Run(capsys, monkeypatch)


# --- play ----------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", variant_names())
def test_play_every_variant(run: Run, variant: str) -> None:
    code, out, err = run("play", variant, "--seed", "3")
    assert code == 0, err
    rules = load_rules(variant)
    hands = re.findall(r"^hand (\d+), dealer P\d, (?:trump|no trump) ", out, re.M)
    assert hands == [str(k) for k in range(1, len(hands) + 1)] and hands
    fired = re.findall(r"^  scored by: (\S+)", out, re.M)
    ids = {c.id for c in rules.model.clauses}
    assert len(fired) == len(hands) and set(fired) <= ids
    assert out.count("standings:") == len(hands)
    assert re.search(r"^game over after \d+ hands \(.*\): .* (wins|share the win) with ", out,
                     re.M)


def test_play_names_the_clause_title_and_shows_tricks_with_v(run: Run) -> None:
    code, out, _ = run("play", "mittlere", "--seed", "5", "-v")
    assert code == 0
    rules = load_rules("mittlere")
    titles = {c.id: c.title for c in rules.model.clauses}
    for clause_id, title in re.findall(r'^  scored by: (\S+) "(.*)"', out, re.M):
        assert titles[clause_id] == title
    tricks = re.findall(r"^  trick (\d+): (.*) -> (P\d) \((\d+)\)$", out, re.M)
    hands = len(re.findall(r"^hand \d+", out, re.M))
    assert len(tricks) == 12 * hands  # three players, twelve tricks a hand
    first = tricks[0][1].split(", ")
    assert len(first) == 3 and all(re.fullmatch(r"P\d [DHSC](A|K|Q|J|10|[6-9])", x)
                                   for x in first)


def test_play_same_seed_same_game(run: Run) -> None:
    first = run("play", "schieber", "--seed", "9", "-v")
    assert first == run("play", "schieber", "--seed", "9", "-v")
    assert first != run("play", "schieber", "--seed", "10", "-v")


def test_play_reports_trump_method_and_hidden_estimates_after_the_hand(run: Run) -> None:
    _, out, _ = run("play", "differenzler", "--seed", "1")
    assert "(drawn at random)" in out
    assert re.search(r"^  estimate: P0 \d+, P1 \d+, P2 \d+, P3 \d+$", out, re.M)
    _, out, _ = run("play", "schieber", "--seed", "1")
    assert re.search(r"trump \S+ .*\((P\d pushed, )?chosen by P\d\)", out)


def test_play_with_random_bots_and_an_option(run: Run) -> None:
    code, out, _ = run("play", "plus-minus", "--seed", "2", "--bots", "random",
                       "--option", "seats=3")
    assert code == 0
    assert "seats counter-clockwise: P0, P1, P2\n" in out


def test_play_a_rule_file_by_path(run: Run) -> None:
    code, out, _ = run("play", str(rules_dir() / "guggitaler.jass"), "--seed", "1")
    assert code == 0 and out.startswith("Guggitaler (")


# --- errors and usage ------------------------------------------------------------------------
def test_unknown_variant_names_the_closest(run: Run) -> None:
    code, out, err = run("play", "schieberr", "--seed", "1")
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and "schieber" in err


@pytest.mark.parametrize("argv", [
    [],
    ["play"],
    ["simulate", "schieber"],
    ["simulate", "schieber", "--games", "0"],
    ["play", "schieber", "--option", "target"],
    ["play", "schieber", "--option", "target="],
    ["play", "schieber", "--bots", "clever"],
    ["simulate", "schieber", "--games", "1", "--bots", "search:clever"],
    ["simulate", "schieber", "--games", "1", "--bots", "heuristic,"],
    ["frobnicate"],
])
def test_usage_errors_exit_2(run: Run, argv: list[str]) -> None:
    code, _, err = run(*argv)
    assert code == 2 and "usage:" in err


def test_human_seat_out_of_range_is_a_usage_error(run: Run) -> None:
    code, _, err = run("play", "mittlere", "--human", "3")
    assert code == 2 and "0 to 2" in err


def test_option_the_file_does_not_offer(run: Run) -> None:
    code, _, err = run("play", "schieber", "--option", "target=999")
    assert code == 1 and "1000" in err and len(err.strip().splitlines()) == 1
    code, _, err = run("simulate", "schieber", "--games", "1", "--option", "colour=1")
    assert code == 1 and "target" in err
    code, _, err = run("play", "schieber", "--option", "target=much")
    assert code == 1 and "much" in err


def test_help_exits_0(run: Run) -> None:
    code, out, _ = run("play", "--help")
    assert code == 0 and "--human SEAT" in out


def test_keyboard_interrupt_exits_130_quietly(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_check, "run", interrupted)
    assert run("check", "rules/schieber.jass") == (130, "", "")


def test_os_errors_are_one_line(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(args: object) -> int:
        raise FileNotFoundError(2, "No such file or directory", "gone.jass")

    monkeypatch.setattr(cli_check, "run", missing)
    code, _, err = run("check", "gone.jass")
    assert code == 1 and err == "jassdsl: error: gone.jass: No such file or directory\n"


def test_a_listed_subcommand_that_does_not_exist_yet_is_skipped(
        run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "SUBCOMMANDS", [*cli.SUBCOMMANDS, "jassdsl.cli_not_written_yet"])
    code, out, _ = run("check", str(rules_dir() / "schieber.jass"))
    assert code == 0 and out.startswith("OK ")


def test_a_subcommand_with_a_broken_import_is_not_hidden(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "jassdsl_broken_cmd.py").write_text("import jassdsl_no_such_dependency\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(cli, "SUBCOMMANDS", [*cli.SUBCOMMANDS, "jassdsl_broken_cmd"])
    with pytest.raises(ModuleNotFoundError, match="jassdsl_no_such_dependency"):
        cli.build_parser()


# --- simulate ------------------------------------------------------------------------------
def simulate_json(run: Run, *extra: str) -> dict[str, object]:
    code, out, _ = run("simulate", "schieber", "--games", "3", "--json", *extra)
    assert code == 0
    data: dict[str, object] = json.loads(out)
    return data


def test_simulate_json_is_one_object_and_replays(run: Run) -> None:
    data = simulate_json(run, "--seed", "4")
    for key in ("variant", "games", "hands", "hands_per_sec", "seconds", "seed", "wins",
                "mean_totals", "clauses"):
        assert key in data
    assert data["games"] == 3 and data["seed"] == 4 and data["variant"] == "Schieber"
    hands = data["hands"]
    assert isinstance(hands, int) and hands > 0
    assert data["clauses"] == {"card-points": hands}
    wins = data["wins"]
    assert isinstance(wins, dict) and sum(wins.values()) >= 3
    again = simulate_json(run, "--seed", "4")
    other = simulate_json(run, "--seed", "5")
    for d in (data, again, other):
        for key in TIMING:
            d.pop(key)
    assert data == again and data != other


def test_simulate_bots_by_comma_take_turns_at_the_seats(run: Run) -> None:
    """Two kinds of bots: game 1 seats them as given, game 2 moved on by one seat."""
    from jassdsl.research.simulate import play_game

    rules = load_rules("schieber")
    code, out, _ = run("simulate", "schieber", "--games", "2", "--bots", "heuristic,random",
                       "--json", "--no-progress")
    assert code == 0 and json.loads(out)["bots"] == "heuristic,random"
    turned = play_game(rules, 7, "heuristic,random", turn=1).results
    assert turned == play_game(rules, 7, "random,heuristic").results
    assert turned != play_game(rules, 7, "heuristic,random").results


def test_simulate_text(run: Run) -> None:
    code, out, _ = run("simulate", "molotow", "--games", "2", "--bots", "mixed")
    assert code == 0
    assert re.match(r"Molotow: 2 games, \d+ hands in ", out)
    assert "wins: P0 " in out and "clauses fired: " in out


# --- check ---------------------------------------------------------------------------------
def test_check_all_rule_files(run: Run) -> None:
    """Each file read, compiled and played (at the suite's size: conftest), once in the
    session: the check of the folder below reads the kept reports."""
    files = sorted(str(p) for p in rules_dir().glob("*.jass"))
    code, out, err = run("check", "--lang", "en", *files)
    assert code == 0 and only_rare_clauses(err), err
    lines = out.splitlines()
    assert len(lines) == len(files)
    for line, path in zip(lines, files, strict=True):
        name = load_rules(path).name
        assert line.startswith("OK ") and line.endswith(f" ({name})")
        assert Path(line[3:-len(name) - 3]).resolve() == Path(path).resolve()


def test_check_a_broken_file_shows_every_error_with_a_caret(run: Run, tmp_path: Path) -> None:
    text = (rules_dir() / "schieber.jass").read_text(encoding="utf-8")
    assert "undertrump: strict" in text and "bonus last-trick 5" in text
    broken = tmp_path / "broken.jass"
    broken.write_text(text.replace("undertrump: strict", "undertrump: sometimes")
                      .replace("bonus last-trick 5", "bonus last-trick five"), encoding="utf-8")
    code, out, err = run("check", str(rules_dir() / "mittlere.jass"), str(broken))
    assert code == 1
    assert out.startswith("OK ") and "broken" not in out
    where = re.findall(r"broken\.jass:(\d+):(\d+): ", err)
    assert where, err
    assert re.search(r"^ +\^+$", err, re.M)
    assert "1 of 2 files have errors" in err


def test_check_reports_two_errors_of_one_file(run: Run, tmp_path: Path) -> None:
    text = (rules_dir() / "mittlere.jass").read_text(encoding="utf-8")
    broken = tmp_path / "two.jass"
    broken.write_text(text.replace("undertrump: weak", "undertrump: sometimes")
                      .replace("winner: most sticks", "winner: most carrots"), encoding="utf-8")
    code, _, err = run("check", str(broken))
    assert code == 1
    lines = [int(m) for m in re.findall(r"two\.jass:(\d+):\d+: ", err)]
    assert len(lines) >= 2 and lines == sorted(lines)
    assert err.count("^") >= 2


def test_a_file_that_is_not_text(run: Run, tmp_path: Path) -> None:
    binary = tmp_path / "binary.jass"
    binary.write_bytes(b"\xff\xfe\x00 not text")
    code, _, err = run("check", str(binary))
    assert code == 1 and err.startswith(f"{binary}:1:1: not UTF-8 text: byte 0xFF")
    code, _, err = run("play", str(binary))
    assert code == 1 and f"{binary}:1:1: not UTF-8 text" in err and "Traceback" not in err
    # the quoted line shows no raw control character (here a NUL) to the terminal
    assert "\x00" not in err and err.splitlines()[2] == "    ^"


def test_a_bad_byte_is_placed_by_line_and_column(run: Run, tmp_path: Path) -> None:
    text = (rules_dir() / "mittlere.jass").read_text(encoding="utf-8")
    bad = tmp_path / "latin1.jass"
    bad.write_bytes(text.encode("utf-8").replace(b"unit ", "unit p\xfcnkt ".encode("latin-1"), 1))
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("unit "))
    code, _, err = run("check", str(bad))
    assert code == 1 and err.startswith(f"{bad}:{line}:7: not UTF-8 text: byte 0xFC")
    assert err.splitlines()[2] == "          ^"


def test_a_byte_order_mark_is_accepted(run: Run, tmp_path: Path) -> None:
    text = (rules_dir() / "mittlere.jass").read_text(encoding="utf-8")
    marked = tmp_path / "bom.jass"
    marked.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    code, out, _ = run("check", str(marked))
    assert code == 0 and out.startswith("OK ")


def test_play_a_broken_file_shows_the_errors(run: Run, tmp_path: Path) -> None:
    text = (rules_dir() / "mittlere.jass").read_text(encoding="utf-8")
    broken = tmp_path / "bad.jass"
    broken.write_text(text.replace("puur: exempt", "puur: maybe"), encoding="utf-8")
    code, out, err = run("play", str(broken), "--seed", "1")
    assert code == 1 and out == ""
    assert re.search(r"bad\.jass:\d+:\d+: .*\n    puur: maybe\n +\^+", err)


def test_check_a_missing_file(run: Run, tmp_path: Path) -> None:
    code, out, err = run("check", str(tmp_path / "nothing.jass"))
    assert code == 1 and out == "" and "nothing.jass" in err


# --- a person at the table -----------------------------------------------------------------
def first_human_turn(variant: str, want_illegal: bool) -> Game:
    """A game stopped where seat 0 plays a card (and, if asked, holds a card it may not play)."""
    for seed in range(200):
        game = Game(variant, seed=seed, record=False)
        rng = random.Random(seed)
        while not game.is_over:
            if game.current_player == 0 and game.phase == "play":
                legal = game.legal_actions()
                if not want_illegal or 2 <= len(legal) < len(game.hand_of(0)):
                    return game
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no such position found")


def human(entries: str) -> tuple[HumanPlayer, io.StringIO]:
    out = io.StringIO()
    return HumanPlayer(io.StringIO(entries), out, ["you", "P1", "P2", "P3"]), out


def test_human_illegal_card_is_refused_with_the_reason_and_the_legal_cards() -> None:
    game = first_human_turn("schieber", want_illegal=True)
    legal = game.legal_actions()
    illegal = next(c for c in game.hand_of(0) if Action("play", c) not in legal)
    player, out = human(f"{CARD_NAMES[illegal].lower()}\n99\n\n2\n")
    action = player.choose(game, 0)
    shown = tv.in_hand_order(legal, table_for(game.rules, View.of(game, 0).trump))
    assert action == shown[1]  # the numbers follow the list as shown
    text = out.getvalue()
    assert f"{CARD_NAMES[illegal]} is not allowed" in text
    assert "there is no choice 99" in text
    listing = "  ".join(f"{i}) {a}" for i, a in enumerate(legal, 1))
    assert text.count(f"legal: {listing}") == 4  # shown once, then after each refusal


def test_human_may_name_a_legal_card_in_any_case() -> None:
    game = first_human_turn("guggitaler", want_illegal=False)
    card = str(game.legal_actions()[-1])
    player, _ = human(card.lower() + "\n")
    assert str(player.choose(game, 0)) == card


def test_human_trump_choice_and_push() -> None:
    game = next(g for s in range(50) if (g := Game("schieber", seed=s)).current_player == 0)
    assert game.phase == "trump"
    player, out = human("spades\nObenabe\n")
    assert str(player.choose(game, 0)) == "trump obenabe"
    assert "'spades' is not a mode you can choose here; legal: 1) trump D" in out.getvalue()
    player, _ = human("h\n")
    assert str(player.choose(game, 0)) == "trump H"
    player, _ = human("push\n")
    assert player.choose(game, 0) == Action("push")


def coiffeur_choice(variant: str = "coiffeur", option: str = "") -> Game:
    """A game of a scoresheet variant stopped where seat 0 takes a column (or pushes)."""
    for seed in range(50):
        options = dict([option.split("=")]) if option else {}
        game = Game(variant, seed=seed, options=options)
        if game.current_player == 0 and game.phase == "trump":
            return game
    raise AssertionError("seat 0 is never asked first")


def test_human_sheet_choices_show_the_multiplier_and_the_free_columns() -> None:
    game = coiffeur_choice()
    player, out = human("joker\nfoo\nobenabe x5\n")
    assert game.action_text(player.choose(game, 0)) == "column obenabe"
    text = out.getvalue()
    assert "legal: 1) spades x1  2) clubs x2  3) diamonds x3  4) hearts x4  5) obenabe x5  " \
           "6) undenufe x6  7) joker-1 x7, free choice  8) joker-2 x8, free choice  9) push" \
           in text
    assert "'joker' fits joker-1 and joker-2: enter one of them or its number; legal: " in text
    assert "'foo' is not an open column of your sheet; legal: 1) spades x1" in text


def test_human_names_a_column_by_its_beginning_then_its_mode() -> None:
    game = coiffeur_choice("dreier-coiffeur")
    names = ["you", "P1", "P2"]
    player = HumanPlayer(io.StringIO("slal\n"), io.StringIO(), names)
    game.apply(player.choose(game, 0))
    out = io.StringIO()
    player = HumanPlayer(io.StringIO("slalom\nslalom-u\n"), out, names)
    assert game.action_text(player.choose(game, 0)) == "trump slalom-undenufe"
    text = out.getvalue()
    assert "trump (number or slalom-obenabe, slalom-undenufe, push)" not in text
    assert "trump (number or slalom-obenabe, slalom-undenufe): " in text
    assert "'slalom' fits slalom-obenabe and slalom-undenufe: enter one of them or its number" \
        in text


def test_human_push_then_a_played_column_is_named_as_played() -> None:
    game = coiffeur_choice()
    player, _ = human("push\n")
    assert player.choose(game, 0) == Action("push")
    game.apply("column hearts")
    rng = random.Random(1)
    while game.hand_number == 1 or game.current_player != 0 or game.phase != "trump":
        if game.is_over:
            pytest.skip("seat 0 is not asked again")
        game.apply(rng.choice(game.legal_actions()))
    hearts_played = "column hearts" not in [game.action_text(a) for a in game.legal_actions()]
    if not hearts_played:
        pytest.skip("seat 0's team did not play hearts")
    player, out = human("hearts\n1\n")
    player.choose(game, 0)
    assert "hearts is already played on your sheet; legal: 1) " in out.getvalue()


def first_weis_turn() -> Game:
    """A Schieber game at the first moment a seat decides on its Weis."""
    for seed in range(100):
        game = Game("schieber", seed=seed)
        while not game.is_over and (game.phase != "weis" or game.forced_action()) \
                and len(game.results) < 1:
            game.apply(game.legal_actions()[0])
        if game.phase == "weis" and game.forced_action() is None:
            return game
    raise AssertionError("no Weis decision in 100 games")


def test_human_without_a_weis_is_not_asked_at_the_terminal() -> None:
    """Every seat is asked (issue 29); one with nothing to declare answers no at once,
    without a prompt or a line read."""
    game = Game("schieber", seed=0)
    while not game.results:
        if game.phase == "weis" and game.forced_action() is not None:
            player, out = human("")
            assert player.choose(game, game.current_player) == Action("weis", 0)
            assert out.getvalue() == ""
            return
        game.apply(game.legal_actions()[-1])
    raise AssertionError("every seat held a Weis")


def test_human_weis_shows_the_weis_and_takes_yes_or_no() -> None:
    game = first_weis_turn()
    seat = game.current_player
    offer = game.observation(seat)["weis_offer"]
    assert offer and all(o.endswith(")") for o in offer)
    player, out = human("maybe\nyes\n")
    assert player.choose(game, seat) == WEIS_YES
    text = out.getvalue()
    assert f"your Weis: {'; '.join(offer)}" in text
    assert "declare your Weis? (yes or no)" in text and "cannot read 'maybe'" in text
    for entry, action in (("no", WEIS_NO), ("2", WEIS_NO), ("1", WEIS_YES), ("Ja", WEIS_YES)):
        player, _ = human(entry + "\n")
        assert player.choose(game, seat) == action


def test_human_estimate_must_be_in_range() -> None:
    game = Game("differenzler", seed=1)
    seat = game.current_player
    player, out = human("200\nlots\nestimate 45\n")
    assert player.choose(game, seat) == Action("estimate", 45)
    assert "200 is out of range" in out.getvalue()
    assert "estimate from 0 to 157" in out.getvalue()


def test_human_bids_passes_and_may_not_call_the_forbidden_total() -> None:
    game = Game("sticheln", seed=3)
    seat = game.current_player
    player, out = human("2x\npass\n")
    assert player.choose(game, seat) == Action("pass")
    assert "enter a number for your bid or pass" in out.getvalue()
    assert "bid from 1 to 9, or pass" in out.getvalue()
    player, _ = human("4\n")
    assert player.choose(game, seat) == Action("bid", 4)
    game.apply("bid 4")
    for _ in range(3):
        game.apply("pass")
    game.apply("trump H")
    game.apply("call 3")
    game.apply("call 1")  # 4 + 3 + 1: the last may not call 1
    player, out = human("1\n0\n")
    assert player.choose(game, game.current_player) == Action("call", 0)
    assert "1 is not allowed now" in out.getvalue()
    assert "call from 0 to 9 except 1" in out.getvalue()


def test_human_closed_input_raises() -> None:
    game = Game("differenzler", seed=1)
    player, _ = human("")
    with pytest.raises(InputClosed):
        player.choose(game, game.current_player)


HOSTILE_TURN3 = Path(__file__).parent / "fixtures" / "hostile" / "turn3"


def test_human_a_5000_digit_answer_is_not_a_legal_choice_and_is_asked_again(run: Run) -> None:
    """N4: the number is refused like any wrong answer (the legal choices follow), then
    the prompt asks again; the input ends there."""
    digits = (HOSTILE_TURN3 / "n4-play-human-stdin-5000-digits.txt").read_text()
    code, out, err = run("play", "schieber", "--human", "0", "--seed", "1", stdin=digits)
    assert code == 0 and "input closed" in err
    refusal = "'9999999999...9999999999' is not a legal choice; legal: 1) "
    assert refusal in out
    assert out.split(refusal)[1].splitlines()[1] == "your card (number or name): "


@pytest.mark.parametrize("entry", ["9" * 5000, "1" * 10, "²", "\u0661", "-" + "9" * 5000])
def test_human_numbers_no_game_offers_are_refused_at_every_prompt(entry: str) -> None:
    """A number too long to read, or not in ASCII digits, at a card, trump and estimate
    prompt: refused with the legal choices, never an exception."""
    trump = next(g for s in range(50) if (g := Game("schieber", seed=s)).current_player == 0)
    for game in (first_human_turn("schieber", want_illegal=False), trump,
                 Game("differenzler", seed=1)):
        player, out = human(f"{entry}\nq\n")
        with pytest.raises(InputClosed):
            player.choose(game, game.current_player)
        said = out.getvalue().splitlines()
        refusal = said[said.index(next(s for s in said if s.endswith(entry))) + 1]
        assert "; legal: " in refusal and len(refusal) < 400, refusal


def test_options_take_only_numbers_a_file_can_offer(run: Run) -> None:
    """-o with a number of 5000 digits or in other digits: the option's values, one line."""
    for value in ("9" * 5000, "²"):
        code, _, err = run("play", "schieber", "-o", f"target={value}", "--seed", "1")
        assert code == 1 and "option target must be one of 1000, 1200" in err, err


def test_human_game_by_numbers_to_the_end(run: Run) -> None:
    code, out, err = run("play", "guggitaler", "--seed", "2", "--human", "0",
                         stdin="x\n" + "1\n" * 200)
    assert code == 0, err
    assert "cannot read 'x'; legal: 1) " in out
    assert re.search(r"^game over after 10 hands", out, re.M)
    assert len(re.findall(r"^trick \d+: .*you ", out, re.M)) == 90
    assert "seats counter-clockwise: you, P1, P2, P3" in out


def test_a_hand_nobody_plays_is_reported_to_the_person_at_the_table(run: Run) -> None:
    """Everybody folds: the hand ends without a trick (the terminal once looked for its
    last trick and failed)."""
    code, out, err = run("play", "handjass", "--seed", "2", "--human", "1", stdin="2\nq\n")
    assert code == 0 and "Traceback" not in err, err
    folded = out.split("do you play? (join / fold, or a number): 2\n")[1]
    assert folded.startswith("P2 folds\nP3 folds\nP0 folds\nhand 1, dealer P0, ")
    assert "\n  playing: nobody\n" in folded and "trick 1" not in folded.split("--- hand 2")[0]


def test_human_eof_leaves_cleanly(run: Run) -> None:
    code, out, err = run("play", "schieber", "--seed", "2", "--human", "1", stdin="1\n1\n")
    assert code == 0
    assert "input closed" in err and "game over" not in out


# --- as a real process ---------------------------------------------------------------------
def test_python_m_jassdsl_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "jassdsl", "check", "--hands", "20",
                           str(rules_dir() / "schieber.jass")],
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("OK ") and "(Schieber)" in done.stdout
    done = subprocess.run([sys.executable, "-m", "jassdsl", "play", "schieberr"],
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 1 and "schieber" in done.stderr
    assert "Traceback" not in done.stderr


# --- taking part, the blind and robbing (Handjass) -------------------------------------------
def test_human_says_whether_to_play_and_may_take_the_blind() -> None:
    game = Game("handjass", seed=1, options={"seats": 3})
    assert game.phase == "take part"
    player, out = human("maybe\nswap\n")
    assert player.choose(game, game.current_player) == Action("swap")
    assert "cannot read 'maybe'; legal: 1) join  2) fold  3) swap" in out.getvalue()
    assert "do you play? (join / fold / swap, or a number)" in out.getvalue()
    player, _ = human("2\n")
    assert player.choose(game, game.current_player) == Action("fold")


def test_human_robs_with_yes_or_declines_with_no() -> None:
    for seed in range(200):
        game = Game("handjass", seed=seed, options={"seats": 2})
        while game.phase == "take part" or (game.phase == "rob" and game.forced_action()):
            game.apply("join" if game.phase == "take part" else "rob 0")
        if game.phase == "rob":
            break
    else:
        raise AssertionError("nobody held the trump six")
    seat = game.current_player
    player, out = human("perhaps\nyes\n")
    assert player.choose(game, seat) == Action("rob", 1)
    turned = game.observation(seat)["turned"]
    six = CARD_NAMES[robbing_card(game.rules, CARD_NAMES.index(turned))]  # the file's rob rank
    assert f"take the turned {turned} for your {six}? (yes / no, or a number)" in out.getvalue()
    assert f"legal: 1) yes, take {turned} for {six}  2) no, keep {six}" in out.getvalue()
    player, _ = human("no\n")
    assert player.choose(game, seat) == Action("rob", 0)


def test_human_handjass_game_by_numbers_to_the_end(run: Run) -> None:
    code, out, err = run("play", "handjass", "--seed", "4", "--human", "0", "--option",
                         "seats=3", stdin="1\n" * 400)
    assert code == 0, err
    assert "card turned (trump): " in out and "face down: blind 9 cards" in out
    assert re.search(r"^game over after \d+ hands \(game end\): .* left the table in this "
                     r"order: ", out, re.M)
    assert re.search(r"^  playing: ", out, re.M)


# --- the reproductions of issue 9 (items 3 and 4), as the command prints them ------------------
def hand_block(out: str, number: int) -> str:
    return out.split(f"\nhand {number}, ")[1].split("\nhand ")[0]


def test_four_aces_are_no_weis_in_undenufe_when_the_six_counts_11(run: Run) -> None:
    """Hand 8 is Undenufe and P1 holds the four Aces: with the Six counting 11, four Sixes
    and not four Aces are the Weis of 100 (G), so P1 has no Weis to declare."""
    code, out, _ = run("play", "schieber", "--seed", "36", "--bots", "random", "--option",
                       "undenufe-eleven=six", "--option", "target=1200", "--option",
                       "four-nines=yes", "-v")
    assert code == 0
    hand = hand_block(out, 8)
    assert hand.startswith("dealer P1, trump undenufe")
    assert "weis declared: none" in hand and "DA HA SA CA" not in hand


def test_stoeck_that_reaches_the_target_wins_before_the_others_weis(run: Run) -> None:
    """Hand 11: P0+P2 at 984 hold Stöck in Spades; P1+P3 declare Weise worth 170. Stöck
    counts first and brings P0+P2 to 1004: they win at once (G, Der Stöck)."""
    code, out, _ = run("play", "schieber", "--seed", "392", "--option", "four-nines=yes", "-v")
    assert code == 0
    hand = hand_block(out, 11)
    assert "hand Stöck counted: P0+P2 20" in hand and "hand Weis not counted: P1+P3 170" in hand
    assert out.rstrip().endswith(
        "game over after 11 hands (won at once with stoeck): P0+P2 wins with 1004 points")


# --- the command line as a new user meets it (issue 13) --------------------------------------
def test_variant_names_are_read_in_any_case(run: Run) -> None:
    name = variant_names()[0]
    assert run("play", name.upper(), "--seed", "1")[1] == run("play", name, "--seed", "1")[1]
    code, out, _ = run("simulate", name.title(), "--games", "1", "--json")
    assert code == 0 and json.loads(out)["path"].endswith(f"{name}.jass")


def test_check_a_folder_checks_every_rule_file_in_it(run: Run, tmp_path: Path) -> None:
    code, out, err = run("check", "--lang", "en", str(rules_dir()))
    assert code == 0 and only_rare_clauses(err), err
    assert len(out.splitlines()) == len(variant_names())
    assert all(line.startswith("OK ") for line in out.splitlines())
    code, out, err = run("check", str(tmp_path))
    assert code == 1 and out == ""
    assert err.strip() == f"jassdsl: error: {tmp_path} is a directory without .jass files"


def test_play_a_folder_says_it_is_a_folder(run: Run, tmp_path: Path) -> None:
    code, _, err = run("play", str(tmp_path))
    assert code == 1 and err.strip().startswith(f"jassdsl: error: no rule file at "
                                                f"'{tmp_path}': it is a directory (")


def test_every_option_of_simulate_and_play_has_help(run: Run) -> None:
    for command in ("simulate", "play", "check"):
        parser = cli.build_parser()
        sub = next(a for a in parser._actions if a.dest == "command")
        for action in sub.choices[command]._actions:  # type: ignore[union-attr]
            assert action.help, (command, action.dest)


def test_simulate_says_when_games_hit_the_hand_limit(run: Run,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import jassdsl.engine.records
    import jassdsl.research.simulate

    for module in (jassdsl.engine.records, jassdsl.research.simulate):
        monkeypatch.setattr(module, "HAND_LIMIT", 2)
    code, out, _ = run("simulate", "mittlere", "--games", "3")
    assert code == 0
    assert ("stopped by the hand limit: 3 of 3 games did not reach the rule file's game end "
            "within 2 deals (hands played or dealt anew)") in out
    data = simulate_json(run)
    assert data["stopped_by_hand_limit"] == 3 and data["hand_limit"] == 2
    monkeypatch.undo()
    _, out, _ = run("simulate", "mittlere", "--games", "1")
    assert "hand limit" not in out


@pytest.mark.parametrize(("variant", "line", "wrong"), [
    ("mittlere", "players 3", "players 7"), ("mittlere", "players 3", "players 1"),
    ("schieber", "players 4 in teams across", "players 7 in teams across")])
def test_a_player_count_out_of_range_is_one_error(run: Run, tmp_path: Path, variant: str,
                                                  line: str, wrong: str) -> None:
    """The count is wrong; the deal, the packets and the teams that build on it are not."""
    text = (rules_dir() / f"{variant}.jass").read_text(encoding="utf-8")
    assert f"\n{line}\n" in text
    bad = tmp_path / "five.jass"
    bad.write_text(text.replace(f"\n{line}\n", f"\n{wrong}\n"), encoding="utf-8")
    code, _, err = run("check", str(bad))
    assert code == 1
    assert len(re.findall(r"five\.jass:\d+:\d+: ", err)) == 1, err
    assert "the number of players must be between 2 and 6" in err


def test_a_card_is_entered_by_its_name_in_either_packs_words() -> None:
    """The choices name a card in the pack's words ('HK (Rosen König)'): that name is an
    entry too, in any case and spacing; a card the hand may not play says why."""

    game = Game(load_rules("schieber"), seed=1)
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    legal = game.legal_actions()
    card = legal[0].value
    for names in ("ch", "fr", "en"):
        typed = "  " + card_words(card, names).upper().replace(" ", "   ") + " "
        assert interpret(game, typed, legal) == legal[0], typed
    barred = next((c for c in game.observe(game.current_player).hand
                   if c not in {a.value for a in legal}), None)
    if barred is not None:
        assert "is not allowed" in str(interpret(game, card_words(barred, "ch"), legal))
