"""`jassdsl check` plays what it accepts (jassdsl/cli/explore.py): what the static check
cannot see is found at its line. Each case is a small edit of a shipped file, as a club
player would make it; the suite plays at the small size conftest sets (SUITE_HANDS)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_cli import Run

from jassdsl.cli import explore
from jassdsl.engine.hand_end import HandEnd
from jassdsl.registry import rules_dir

STOECK = "then every team scores (points + weis + stoeck) * factor"


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    return Run(capsys, monkeypatch)


def edited(tmp_path: Path, variant: str, old: str, new: str, name: str = "house.jass") -> Path:
    text = (rules_dir() / f"{variant}.jass").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def line_of(path: Path, start: str) -> int:
    """The line (from 1) of the first line that starts with `start` once indented."""
    lines = path.read_text(encoding="utf-8").split("\n")
    return next(k + 1 for k, line in enumerate(lines) if line.strip().startswith(start))


def test_the_stoeck_edit_fails_at_its_invariant_with_the_hand_and_its_replay(
        run: Run, tmp_path: Path) -> None:
    """Schieber without Stöck in the scoring: `check` used to say OK; now the invariant
    'scored' fails at its line, naming the clause that scored the hand (at its line), the
    hand, the numbers it compared, and a command that replays exactly that failure."""
    house = edited(tmp_path, "schieber", STOECK, "then every team scores (points + weis) * factor")
    assert run("check", "--static", str(house)) == (0, f"OK {house} (Schieber)\n", "")
    code, out, err = run("check", "--lang", "en", str(house))
    assert code == 1 and out == ""
    at, clause = line_of(house, "invariant scored"), line_of(house, "card-points ")
    found = re.search(rf"house\.jass:{at}:11: invariant 'scored' does not hold after hand "
                      r"(\d+) of seed (\d+) \(default options; Game\.apply with (\w+) bots\): "
                      r"sum\(change\(points\)\) is (-?\d+), \(sum\(points\) \+ sum\(weis\) \+ "
                      r"sum\(stoeck\)\) \* factor is (-?\d+); replay: (jassdsl play \S+ "
                      r"--seed \d+ --bots \w+)\n    invariant scored .*\n +\^+\n", err)
    assert found, err
    hand, seed, kind, scored, wanted, command = found.groups()
    assert int(scored) < int(wanted) and (int(wanted) - int(scored)) % 20 == 0  # the Stöck
    assert f"house.jass:{clause}:3: that hand was scored by clause 'card-points'\n" in err
    assert command == f"jassdsl play {house} --seed {seed} --bots {kind}"
    code, _, replayed = run(*command.split()[1:])
    assert code == 1
    assert f"invariant 'scored' does not hold after hand {hand} (seed {seed})" in replayed


def test_a_clause_that_never_scores_and_an_option_that_changes_nothing_are_warnings(
        run: Run, tmp_path: Path) -> None:
    """An option the file never reads, and a clause whose condition never holds: the
    file is valid (exit 0), and each is a warning at its line; the clauses that score
    and Mittlere's own hands are not warned of."""
    head = "score each hand, first rule that applies:\n"
    path = edited(tmp_path, "mittlere", head,
                  'option pace "whether to play fast" german "ob schnell gespielt wird" '
                  f'default no choices yes, no\n\n{head}  never "a hand before the first"\n'
                  '      german "eine Runde vor der ersten":\n      when hand < 0\n'
                  "      then every player gets 1 stick\n")
    code, out, err = run("check", "--lang", "en", str(path))
    assert code == 0 and out.startswith("OK ")
    never, pace = line_of(path, "never "), line_of(path, "option pace")
    assert re.search(rf"house\.jass:{never}:3: warning: clause 'never' scored none of the "
                     r"\d+ hands the check played", err), err
    assert re.search(rf"house\.jass:{pace}:1: warning: option 'pace' changes nothing: with "
                     r"yes, no the check's \d+ hands were the same hands", err), err
    for scoring in ("no-trick", "hundred", "middle"):
        assert f"clause '{scoring}'" not in err
    code, _, german = run("check", "--lang", "de", str(path))
    assert code == 0 and "Warnung: die Option 'pace' ändert nichts" in german


def test_an_option_that_changes_the_game_is_not_warned_of(run: Run, tmp_path: Path) -> None:
    """The same option read by the scoring (the threshold of 'hundred') changes the
    hands: no warning."""
    path = edited(tmp_path, "mittlere", "when one player has points >= 100",
                  "when one player has points >= (110 if pace else 100)")
    text = path.read_text(encoding="utf-8").replace(
        "score each hand,", 'option pace "whether to play fast" german "ob schnell gespielt '
        'wird" default no choices yes, no\n\nscore each hand,', 1)
    path.write_text(text, encoding="utf-8")
    code, _, err = run("check", "--lang", "en", str(path))
    assert code == 0 and "option 'pace'" not in err, err


def test_a_game_that_never_ends_is_reported_at_its_game_end(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game end no game reaches: the fast loop's first game stops at the engine's hand
    limit (made 30 here, so that the test plays 30 hands, not 1000)."""
    import jassdsl.engine.records

    for module in (jassdsl.engine.records, explore):
        monkeypatch.setattr(module, "HAND_LIMIT", 30)
    path = edited(tmp_path, "mittlere", "game ends after 12 hands", "game ends when hand > 5000")
    code, _, err = run("check", "--lang", "en", str(path))
    at = line_of(path, "game ends")
    assert code == 1
    assert re.search(rf"house\.jass:{at}:1: the game of seed \d+ \(default options; the fast "
                     r"loop of simulate\) does not end: it stopped at the engine's limit of "
                     r"30 hands; replay: jassdsl simulate \S+ --games 1 --seed 0 --bots "
                     r"random\n", err), err


def test_an_engine_failure_names_the_phase_statement_and_its_replay(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure of the engine (planted: scoring the second hand raises) is an error at
    the scoring, with the hand and the command that replays it; `--static` plays nothing."""
    finish = HandEnd.finish

    def broken(self: HandEnd, g: object) -> None:
        if g.s.hand_no == 2:  # type: ignore[attr-defined]
            raise RuntimeError("planted")
        finish(self, g)  # type: ignore[arg-type]

    monkeypatch.setattr(HandEnd, "finish", broken)
    path = edited(tmp_path, "mittlere", "game ends after 12 hands", "game ends after 11 hands")
    assert run("check", "--static", str(path))[0] == 0
    code, _, err = run("check", "--lang", "en", str(path))
    at = line_of(path, "score each hand")
    assert code == 1
    assert re.search(rf"house\.jass:{at}:1: the engine failed in hand 2 of seed 0 \(default "
                     r"options; Game\.apply with random bots\): RuntimeError: planted; "
                     r"replay: jassdsl play \S+ --seed 0 --bots random\n", err), err
