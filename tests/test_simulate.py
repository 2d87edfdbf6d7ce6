"""`simulate`: the fast path for random bots, worker processes, and the progress line.

Random bots run through `playout.play_random`; `PolicyBot` drives `Game.apply` with the
same policy and the same generator, so both must play the very same hands. With `jobs` the
games are spread over processes; the report must not change.
"""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import VariantCase

import jassdsl.research.simulate as sim
from jassdsl.bots.random_bot import PolicyBot
from jassdsl.cli import main
from jassdsl.cli.progress import ERASE, ProgressLine, progress_text
from jassdsl.engine import Game
from jassdsl.engine.playout import play_random
from jassdsl.registry import load_rules, rules_dir
from jassdsl.research.simulate import play_game, play_out, policy_rng, simulate

# how fast, and which path played the games: not part of the answers
TIMING = ("seconds", "hands_per_sec", "games_per_sec", "games_by_path", "compiled_path",
          "playout_path")


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_the_fast_path_plays_the_hands_that_apply_plays(variant_case: VariantCase,
                                                        seed: int) -> None:
    rules = load_rules(variant_case.name, variant_case.options)
    fast = play_game(rules, seed, "random")
    slow = Game(rules, seed=seed, record=False)
    play_out(slow, [PolicyBot(policy_rng(seed))] * rules.players)
    assert fast.results and fast.is_over
    assert fast.results == slow.results
    assert fast.outcome() == slow.outcome()


def test_the_games_of_a_run_share_one_chain_and_play_as_games_of_their_own() -> None:
    """`Chain.shared`: made once for the rules last asked for; a game on the shared chain
    plays the hands a game with its own chain plays, also right after another game."""
    rules = load_rules("molotow")
    first, second = play_game(rules, 5, "random"), play_game(rules, 6, "random")
    assert first.chain is second.chain
    own = Game(rules, seed=6, record=False)
    play_random(own, policy_rng(6))
    assert own.chain is not second.chain and own.results == second.results
    other = play_game(load_rules("schieber"), 6, "random")
    assert other.chain is not first.chain and other.chain.play.rules is other.rules


def test_random_bots_take_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def counted(game: Game, rng: random.Random, hands: int | None = None) -> int:
        calls.append(game.seed)
        return play_random(game, rng, hands)

    monkeypatch.setattr(sim, "play_random", counted)
    simulate("coiffeur", 3, seed=2, bots="random", compiled=False)  # the engine's path
    assert len(calls) == 3
    simulate("schieber", 3, seed=2, bots="random", compiled=False)  # the playout's
    assert len(calls) == 3
    simulate("sidi-barrani", 2, seed=2, bots="random")  # a file the compiled path leaves to it
    assert len(calls) == 5
    simulate("schieber", 2, seed=2, bots="mixed")  # mixed: heuristic seats go through apply
    assert len(calls) == 5


def without_timing(report: sim.SimReport) -> dict[str, object]:
    data = report.to_json()
    for key in TIMING:
        del data[key]
    return data


@pytest.mark.parametrize(("variant", "bots", "games"), [
    ("schieber", "random", 40), ("differenzler", "mixed", 9), ("handjass", "random", 11)])
def test_jobs_give_the_report_of_one_process(variant: str, bots: str, games: int) -> None:
    one = simulate(variant, games, seed=3, bots=bots)
    two = simulate(variant, games, seed=3, bots=bots, jobs=2)
    three = simulate(variant, games, seed=3, bots=bots, jobs=3)
    assert without_timing(one) == without_timing(two) == without_timing(three)
    # the people's report lists clauses by count, ties in the order they first fired
    assert sim.report_lines(one)[1:] == sim.report_lines(two)[1:]
    assert one.hands > games


def test_jobs_on_the_command_line_keep_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for jobs in ("1", "2"):
        assert main(["simulate", "schieber", "--games", "12", "--seed", "5", "--bots",
                     "random", "--json", "--jobs", jobs]) == 0
        data = json.loads(capsys.readouterr().out)
        outs.append({k: v for k, v in data.items() if k not in TIMING})
    assert outs[0] == outs[1]
    assert outs[0]["games"] == 12


@pytest.mark.parametrize("jobs", ["0", "-2", "two"])
def test_jobs_below_one_are_a_usage_error(capsys: pytest.CaptureFixture[str],
                                          jobs: str) -> None:
    assert main(["simulate", "schieber", "--games", "2", "--jobs", jobs]) == 2
    err = capsys.readouterr().err
    assert "--jobs" in err and ">= 1" in err and "Traceback" not in err


def broken_rules(tmp_path: Path) -> Path:
    """Differenzler with an invariant that fails after the first hand."""
    text = (rules_dir() / "differenzler.jass").read_text(encoding="utf-8")
    assert "sum(points) = 157" in text
    path = tmp_path / "broken.jass"
    path.write_text(text.replace("sum(points) = 157", "sum(points) = 158"), encoding="utf-8")
    return path


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_error_in_a_game_is_one_line_naming_the_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, jobs: str) -> None:
    path = broken_rules(tmp_path)
    code = main(["simulate", str(path), "--games", "20", "--bots", "random", "--jobs", jobs])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("jassdsl: error: game 1 (game seed ")
    assert "invariant 'card-total' does not hold" in err


def test_the_first_failing_game_is_named_whatever_the_jobs(tmp_path: Path) -> None:
    path = broken_rules(tmp_path)
    messages = []
    for jobs in (1, 2):
        with pytest.raises(sim.SimulationError) as e:
            simulate(str(path), 30, bots="random", jobs=jobs)
        messages.append(str(e.value))
    assert messages[0] == messages[1]


def ctrl_c_as_at_a_terminal() -> None:
    """A shell starts background jobs with Ctrl-C ignored, and a child inherits that; the
    test wants the terminal's default, whoever started pytest."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        out += [int(c) for c in (task / "children").read_text().split()]
    return out


@pytest.mark.skipif(not Path("/proc/self/task").exists() or sys.platform != "linux",
                    reason="reads child processes from /proc")
def test_ctrl_c_stops_the_workers_without_a_traceback(tmp_path: Path) -> None:
    """As a terminal does: SIGINT to the whole process group while the workers play."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "jassdsl", "simulate", "coiffeur", "--games", "100000",
         "--bots", "random", "--jobs", "2", "--no-compiled"],  # the engine's workers
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        deadline = time.monotonic() + 60
        while len(children(proc.pid)) < 2 and time.monotonic() < deadline:
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)
        assert len(children(proc.pid)) >= 2, "the workers never started"
        time.sleep(0.2)  # let them play (they ignore Ctrl-C from birth: see jobs.py)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 130
    assert "Traceback" not in err and err == ""
    assert out == ""
    with pytest.raises(ProcessLookupError):  # nothing of the group is left running
        os.killpg(proc.pid, 0)


# --- progress ---------------------------------------------------------------------------
def test_progress_text() -> None:
    assert progress_text(120, 1000, 2468, 2.0) == "120/1,000 games (12%), 1,234 hands/s"
    assert progress_text(0, 5, 0, 0.0) == "0/5 games (0%)"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_is_drawn_at_most_every_quarter_second_and_erased() -> None:
    term, clock = Terminal(), Clock()
    line = ProgressLine(10, term, every=0.25, clock=clock)
    line(1, 9)
    assert term.getvalue() == ""  # a run shorter than `every` shows nothing
    clock.now += 0.5
    line(2, 20)
    assert term.getvalue() == ERASE + "2/10 games (20%), 40 hands/s"
    clock.now += 0.1
    line(3, 30)
    assert term.getvalue().count(ERASE) == 1  # too soon for another line
    clock.now += 0.2
    line(4, 40)
    assert term.getvalue().endswith(ERASE + "4/10 games (40%), 50 hands/s")
    line.close()
    assert term.getvalue().endswith(ERASE) and term.getvalue().count(ERASE) == 3


def test_no_progress_when_stderr_is_no_terminal() -> None:
    pipe, clock = io.StringIO(), Clock()
    line = ProgressLine(10, pipe, every=0.0, clock=clock)
    clock.now += 5
    line(5, 50)
    line.close()
    assert pipe.getvalue() == ""


def test_simulate_prints_nothing_on_stderr_off_a_terminal() -> None:
    """A real run whose stderr is a pipe: long enough for progress, which must not show."""
    done = subprocess.run(
        [sys.executable, "-m", "jassdsl", "simulate", "schieber", "--games", "150",
         "--bots", "random", "--json"], capture_output=True, text=True, timeout=300,
        check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert json.loads(done.stdout)["games"] == 150


def test_progress_goes_to_the_terminal_and_never_to_stdout(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """With stderr a terminal, progress lines land there only, and --no-progress stops them."""
    drawn: list[tuple[int, int]] = []

    class Spy(ProgressLine):
        def __init__(self, total: int, stream: object) -> None:
            super().__init__(total, Terminal(), every=0.0)

        def __call__(self, done: int, hands: int) -> None:
            drawn.append((done, hands))
            super().__call__(done, hands)

    import jassdsl.cli.simulate as cli_simulate

    monkeypatch.setattr(cli_simulate, "ProgressLine", Spy)
    assert main(["simulate", "schieber", "--games", "4", "--bots", "random", "--json"]) == 0
    out = capsys.readouterr().out
    assert [d for d, _ in drawn] == [1, 2, 3, 4]
    assert json.loads(out)["hands"] == drawn[-1][1]
    drawn.clear()
    assert main(["simulate", "schieber", "--games", "4", "--bots", "random",
                 "--no-progress"]) == 0
    assert drawn == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_docs_name_the_policy_generator_the_code_uses(lang: str) -> None:
    text = (rules_dir().parent / "docs" / lang / "engine-authors.md").read_text("utf-8")
    assert 'random.Random(f"jassdsl-policy:{game_seed}")' in text
    assert "(b * k) >> 32" in text
    assert policy_rng(12).getstate() == random.Random("jassdsl-policy:12").getstate()


# --- every clause of the file, with 0 where it never fired ----------------------------------
def test_the_report_lists_every_clause_of_the_file(variant_case: VariantCase) -> None:
    rules = load_rules(variant_case.name, variant_case.options)
    ids = [c.id for c in rules.clauses]
    report = simulate(variant_case.name, 2, seed=4, bots="random",
                      options=variant_case.options)
    counts = report.to_json()["clauses"]
    assert list(counts)[:len(ids)] == ids and set(counts) <= {*ids, "(none)"}
    assert sum(counts.values()) == report.hands
    line = next(x for x in sim.report_lines(report) if x.startswith("clauses"))
    assert line.endswith(", ".join(f"{c} {k}" for c, k in counts.items()))


def test_a_clause_that_never_fired_shows_0(capsys: pytest.CaptureFixture[str]) -> None:
    report = simulate("mittlere", 3, seed=0, bots="random")
    never = [c for c, k in report.clause_counts().items() if k == 0]
    assert never, "pick a run in which some clause of Mittlere never fires"
    assert main(["simulate", "mittlere", "--games", "3", "--bots", "random", "--json",
                 "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(data["clauses"][c] == 0 for c in never)
    assert main(["simulate", "mittlere", "--games", "3", "--bots", "random",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert all(f"{c} 0" in out for c in never)
