"""Variants nobody named, written from the docs alone (tests/fixtures/outsider/): each
command path that once failed on one of them, kept as a regression test."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from conftest import only_rare_clauses

from jassdsl import cli
from jassdsl.cli.play import HumanPlayer, choices_text, interpret
from jassdsl.core.actions import PASS, Action
from jassdsl.engine import Game
from jassdsl.registry import load_rules

OUTSIDER = Path(__file__).parent / "fixtures" / "outsider"
ALONE = OUTSIDER / "alleinbieter.jass"  # a plain auction with a Kontra ending it


def at_a_kontra(seed: int = 2) -> Game:
    """A game of the lone bidder at the first turn where a Kontra may be said."""
    game = Game(load_rules(ALONE), seed=seed)
    while not any(a.kind == "kontra" for a in game.legal_actions()):
        game.apply(next(a for a in game.legal_actions() if a.kind == "bid"))
    return game


@pytest.mark.parametrize("entry", ["kontra yes", "kontra", "yes", "ja", "Kontra Yes"])
def test_the_terminal_reads_a_kontra_in_a_plain_auction(entry: str) -> None:
    """The list offers `kontra yes`; the terminal read it as a bid and refused it."""
    game = at_a_kontra()
    legal = game.legal_actions()
    assert "kontra yes" in choices_text(game, legal)
    assert interpret(game, entry, legal) == Action("kontra", 1)
    assert interpret(game, "100", legal) == Action("bid", 100)
    assert interpret(game, "pass", legal) == PASS


def test_the_terminal_asks_for_the_kontra_too() -> None:
    game = at_a_kontra()
    player = HumanPlayer(io.StringIO(), io.StringIO(), ["P0", "P1", "P2", "P3"], lang="en")
    assert player.prompt(game, game.legal_actions()) == "your bid, kontra, or pass: "


def test_a_kontra_typed_at_the_terminal_ends_the_auction(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole path: `play --human`, a Kontra typed, the game goes on past the auction."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("kontra\nq\n"))
    code = cli.main(["play", str(ALONE), "--seed", "2", "--human", "2", "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "enter a number" not in out
    assert "takes the talon" in out


@pytest.mark.parametrize(("given", "said"), [
    (str(ALONE), "not a path"), ("Bieter", "did you mean 'bieter'?"), ("nosuch", "no rule file")])
def test_corpus_generate_names_a_variant_it_cannot_cover(
        given: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A path or a name in capitals once ended in a pydantic traceback."""
    code = cli.main(["corpus", "generate", "--variants", given, "--dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2
    assert said in err and "Traceback" not in err
    assert not any(tmp_path.iterdir())  # nothing written


def page(path: Path, lang: str) -> str:
    from jassdsl.rulebook.render import variant_page
    from jassdsl.rulebook.site import load_variant

    return variant_page(lang, load_variant(path))  # type: ignore[arg-type]


def test_the_page_says_where_the_turns_of_a_declaration_by_a_team_begin(
        tmp_path: Path) -> None:
    """`by the team with bidder, starting after the bidder`: the page said 'from forehand
    on', as if `starting after` were not there."""
    mixed = OUTSIDER / "bieterschieber.jass"
    assert "*re?*: yes or no, one player after the other from the player to the right " \
           "of the highest bidder on." in page(mixed, "en")
    assert "*Re?* beantworten: ja oder nein, ein Spieler nach dem anderen ab dem Spieler " \
           "rechts vom Höchstbietenden." in page(mixed, "de")
    schieber = (Path(__file__).parent.parent / "rules" / "schieber.jass").read_text("utf-8")
    chooser = tmp_path / "konter.jass"
    chooser.write_text(schieber.replace(
        "declare redouble yes or no, by the team with chooser,",
        "declare redouble yes or no, by the team with chooser, starting after the chooser,"),
        encoding="utf-8")
    en = page(chooser, "en")
    assert "one player after the other from the player to the right of the player who " \
           "chose trump on" in en
    assert "*double?*: yes or no, one player after the other from forehand on." in en


PUTZ = OUTSIDER / "dreierputz.jass"


def test_a_table_test_inside_a_counting_quantifier_warns(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`game ends when one player has total strokes >= target or hand >= 100` never
    ended at hand 100 (every player meets `hand >= 100`, so 'exactly one' fails): valid,
    but now a warning at the test with the spelling meant."""
    meant = PUTZ.read_text(encoding="utf-8")
    slip = meant.replace("(one player has total strokes >= target) or hand >= 100",
                         "one player has total strokes >= target or hand >= 100")
    assert slip != meant
    path = tmp_path / "putz.jass"
    path.write_text(slip, encoding="utf-8")
    assert cli.main(["check", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path}:51:58: warning: 'hand >= 100' is not about a player" in err
    assert "write '(one player has ...) or hand >= 100'" in err
    path.write_text(meant, encoding="utf-8")
    assert cli.main(["check", str(path)]) == 0
    assert "warning" not in capsys.readouterr().err


@pytest.mark.parametrize(("condition", "warns"), [
    ("one player has total strokes >= target or hand >= 100", True),
    ("no player has total strokes < target or hand < 100", True),
    ("one player has total strokes >= target or in obenabe", True),
    ("some player has total strokes >= target or hand >= 100", False),  # the same either way
    ("every player has total strokes >= 1 or hand >= 100", False),
    ("one player has total strokes >= target or total strokes < 0", False),
    ("one player has total strokes >= target and hand >= 10", False),
])
def test_which_quantifiers_warn(condition: str, warns: bool) -> None:
    from jassdsl.language.check import file_warnings

    text = PUTZ.read_text(encoding="utf-8").replace(
        "(one player has total strokes >= target) or hand >= 100", condition)
    assert bool(file_warnings(text, "putz.jass")) == warns


def test_the_putz_game_ends_by_its_hand_limit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The meant spelling ends at its hand limit with random bots (it ran to the engine's
    limit of 1000 hands before). The limit is lowered to 8 hands, before anybody reaches
    the target: since those who fold count as not playing, a lone player's 2 strokes end
    the game by the target in a few dozen hands."""
    path = tmp_path / "putz.jass"
    text = PUTZ.read_text(encoding="utf-8")
    path.write_text(text.replace("or hand >= 100", "or hand >= 8"), encoding="utf-8")
    code = cli.main(["play", str(path), "--seed", "1", "--bots", "random"])
    out = capsys.readouterr().out
    assert code == 0 and "game over after 8 hands (game end): P0 wins with 3 strokes" in out


def test_a_player_naming_the_mode_when_void_sees_the_trick_so_far() -> None:
    """`trump: obenabe until the first void names ...`: the player asked to name the mode
    in the middle of a trick was not shown the cards of that trick."""
    game = Game(load_rules(OUTSIDER / "wunschdiff.jass"), seed=5)
    while not (game.phase == "trump" and game.s.trick):
        game.apply(game.legal_actions()[0])
    out = io.StringIO()
    player = HumanPlayer(io.StringIO(), out, ["P0", "P1", "P2", "P3"], lang="en")
    player.show(game, game.current_player, game.legal_actions())
    assert "trick so far: " in out.getvalue()


def test_a_difference_times_a_factor_reads_as_one_factor() -> None:
    """`abs(points - estimate) * factor` read 'the difference between their card points
    and their estimate times factor', as if only the estimate were multiplied."""
    from jassdsl.rulebook.expressions import TIMES

    path = OUTSIDER / "wunschdiff.jass"
    assert f"*miss* is (the difference between their card points and their estimate) {TIMES} " \
           "*factor*" in page(path, "en")
    assert "*miss* ist (der Unterschied zwischen seinen Kartenpunkten und seiner " \
           f"Schätzung) {TIMES} *factor*" in page(path, "de")


@pytest.mark.parametrize("bots", ["heuristic", "random"])
def test_bots_say_a_kontra_in_a_plain_auction(
        bots: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Neither bot ever said the Kontra a plain auction offers (bid_or_pass took the
    lowest bid or passed), so `play` never showed the file's Kontra at work."""
    said = 0
    for seed in (1, 2, 3):
        assert cli.main(["play", str(ALONE), "--seed", str(seed), "--bots", bots, "-v"]) == 0
        said += sum("kontra:" in line and "yes" in line
                    for line in capsys.readouterr().out.splitlines())
    assert said > 0


def test_the_german_terminal_asks_for_a_declaration_by_its_german_noun() -> None:
    """The German terminal asked 'deine estimate' and listed 'estimate von 0 bis 157',
    though the language reference promises the terminal asks by the German noun."""
    game = Game(load_rules(OUTSIDER / "wunschdiff.jass"), seed=5)
    while game.phase != "declare":
        game.apply(game.legal_actions()[0])
    legal = game.legal_actions()
    player = HumanPlayer(io.StringIO(), io.StringIO(), ["P0", "P1", "P2", "P3"], lang="de")
    assert player.prompt(game, legal) == "deine Schätzung: "
    assert choices_text(game, legal, "de") == "Schätzung von 0 bis 157"
    assert choices_text(game, legal, "en") == "estimate from 0 to 157"
    konter = Game(load_rules("schieber", {"konter": "yes"}), seed=1)
    while konter.phase != "declare":
        konter.apply(konter.legal_actions()[0])
    assert player.prompt(konter, konter.legal_actions()) == "dein Konter: "


@pytest.mark.parametrize(("deal", "players", "warns"), [
    ("deal all cards in packets of 3", "players 4", True),  # 36 dealt: the talon is empty
    ("deal 9 each in packets of 3", "players 4", True),
    ("deal 8 each in packets of 4", "players 4", False),  # the file as written: 4 left
    ("deal 9 each in packets of 3", 'option seats "players" default 4 choices 4, 3\n'
     "players seats", False),  # three at the table leave nine
])
def test_a_pile_that_never_gets_a_card_warns(deal: str, players: str, warns: bool) -> None:
    """`check` accepted a talon of 'the rest' with every card dealt; the bidder then took
    nothing, silently. Now a warning at the pile (the file stays valid)."""
    from jassdsl.language.check import file_warnings

    text = ALONE.read_text(encoding="utf-8").replace(
        "deal 8 each in packets of 4", deal).replace("players 4\n", players + "\n", 1)
    found = [w for w in file_warnings(text, "alone.jass") if "never gets a card" in w.message]
    assert bool(found) == warns
    if warns:
        assert found[0].pos.line == text.splitlines().index("pile talon: the rest") + 1
        assert "every card is dealt" in found[0].message


def test_a_hidden_call_that_ends_the_auction_is_an_error(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    """`declare kontra yes or no hidden, ..., ending the auction` was accepted, though the
    whole table sees the auction end on the yes."""
    text = ALONE.read_text(encoding="utf-8").replace(
        "declare kontra yes or no, by", "declare kontra yes or no hidden, by")
    path = tmp_path / "hidden.jass"
    path.write_text(text, encoding="utf-8")
    assert cli.main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:24:61: 'kontra' ends the auction for all to see, so it cannot stay " \
           "hidden: leave out 'hidden'" in err


@pytest.mark.parametrize("path", sorted(OUTSIDER.glob("*.jass")), ids=lambda p: p.stem)
def test_every_outsider_file_checks_plays_and_renders(
        path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The whole path a club member takes with a file: check (no warning but of a clause
    that scored none of the hands check played: a rare hand), a seeded game, both rulebook
    pages."""
    assert cli.main(["check", str(path)]) == 0
    assert only_rare_clauses(capsys.readouterr().err)
    assert cli.main(["play", str(path), "--seed", "1"]) == 0
    assert "game over after" in capsys.readouterr().out
    for lang in ("en", "de"):
        assert page(path, lang).startswith("# ")


def test_the_deal_row_says_the_rest_goes_to_the_talon() -> None:
    """Eight cards to each of four with a talon of the rest: the page said 'the rest stays
    aside' and '(with fewer than 4 at the table)', though four at the table leave four."""
    row = next(line for line in page(ALONE, "en").splitlines() if line.startswith("| Deal"))
    assert "stays aside" not in row and "fewer than" not in row
    assert "the cards left over are laid face down as the *talon* (the rest)" in row


BIETER = OUTSIDER / "bieterschieber.jass"  # bids name the mode; a Kontra ends the auction
TALON_BIDS = OUTSIDER / "talonbieter.jass"  # bids name the mode; the bidder takes a talon


def at_a_mode_bid_kontra(seed: int = 2) -> Game:
    """A game of bids naming the mode at the first turn where a Kontra may be said."""
    game = Game(load_rules(BIETER), seed=seed)
    while not any(a.kind == "kontra" for a in game.legal_actions()):
        game.apply(next(a for a in game.legal_actions() if a.kind == "bid"))
    return game


@pytest.mark.parametrize("entry", ["kontra yes", "kontra", "yes", "ja", "y", "Kontra Yes"])
def test_the_terminal_reads_a_kontra_among_bids_naming_the_mode(entry: str) -> None:
    """A bare yes was not read as the Kontra where bids name the mode."""
    game = at_a_mode_bid_kontra()
    legal = game.legal_actions()
    assert interpret(game, entry, legal) == Action("kontra", 1)
    assert interpret(game, "pass", legal) == PASS
    assert interpret(game, "bid 150 obenabe", legal) in legal


@pytest.mark.parametrize("entry", ["kontra no", "no", "foo"])
def test_an_entry_fitting_nothing_among_mode_bids_gets_one_line_of_legal_entries(
        entry: str) -> None:
    game = at_a_mode_bid_kontra()
    out = io.StringIO()
    player = HumanPlayer(io.StringIO(f"{entry}\npass\n"), out, ["P0", "P1", "P2", "P3"],
                         lang="en")
    assert player.choose(game, game.current_player) == PASS
    wrong = [line for line in out.getvalue().splitlines() if line.startswith("cannot read")]
    assert wrong == [f"cannot read {entry!r}; legal: {choices_text(game, game.legal_actions())}"]
    assert "kontra" in wrong[0] and "naming" in wrong[0]


def test_a_yes_with_no_kontra_open_is_not_a_bid() -> None:
    game = Game(load_rules(BIETER), seed=2)
    legal = game.legal_actions()
    assert interpret(game, "yes", legal) == "cannot read 'yes'"


def test_the_terminal_says_the_highest_bid_named_trump(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """With a talon after bids naming the mode, the bidder laid away under 'trump not set
    yet', and the others heard that the bidder chose trump."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("150 H\n1\n1\n1\n1\n1\n1\nq\n"))
    assert cli.main(["play", str(TALON_BIDS), "--seed", "3", "--human", "1",
                     "--lang", "en"]) == 0
    out = capsys.readouterr().out
    after = out[out.index("you take the talon"):]
    assert "not set yet" not in after
    assert after.count("trump H (Herz / Rosen) (named by the highest bid)") == 6
    assert "trump is H (Herz / Rosen), named by the highest bid (you)" in after
    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\nq\n"))
    assert cli.main(["play", str(TALON_BIDS), "--seed", "3", "--human", "0",
                     "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "chooses trump" not in out
    assert "trump is D (Ecken / Eicheln), named by the highest bid (P1)" in out
