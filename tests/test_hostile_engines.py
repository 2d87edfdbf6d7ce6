"""The conformance runner against engines that misbehave on purpose (the engines of
../shared/hostile-inputs/README.md, imitated by tiny scripts written here): each run ends
with a report or one error line, a non-zero exit and no traceback, and leaves no engine
process behind. The runner runs as a process of its own (its exit code, its signals, its
peak memory, its session), so that a hang fails the test (HANG_GUARD) instead of stalling
the suite: a fork of this process (`Forked`), which has jassdsl imported already, where a
new interpreter would spend most of a test's CPU importing it again (`python -m jassdsl`
itself is test_cli.py::test_python_m_jassdsl_runs)."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest

from jassdsl.cli import main
from jassdsl.corpus import store
from jassdsl.corpus.engine import MAX_DEPTH, MAX_LINE
from jassdsl.corpus.runner import run

HANG_GUARD = 120  # seconds after which a runner counts as hung (it needs a few)
CASES = 3  # cases in the scratch corpus

PROLOGUE = '''\
import json, os, pathlib, subprocess, sys, time
PIDS = pathlib.Path(sys.argv[1])
with PIDS.open("a") as f:
    f.write(f"{os.getpid()}\\n")
def say(message):
    sys.stdout.write(json.dumps(message) + "\\n")
    sys.stdout.flush()
def hello(**extra):
    sys.stdin.readline()
    say({"type": "hello", "engine": "hostile", "variants": ["guggitaler"],
         "kinds": ["legal"], **extra})
'''

ENGINES = {
    # answers the hello, then starts a child that inherits its stdout and dies
    "child": '''
hello()
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
with PIDS.open("a") as f:
    f.write(f"{child.pid}\\n")
sys.stdin.readline()
sys.exit(3)
''',
    # answers a case with JSON nested 100,000 levels deep
    "nested": '''
hello()
for line in sys.stdin:
    sys.stdout.write("[" * 100_000 + "]" * 100_000 + "\\n")
    sys.stdout.flush()
''',
    # answers the hello with JSON nested 100,000 levels deep
    "nested-hello": '''
sys.stdin.readline()
sys.stdout.write("[" * 100_000 + "]" * 100_000 + "\\n")
sys.stdout.flush()
time.sleep(300)
''',
    # a hello whose list of variants is null
    "null-hello": '''
hello(variants=None)
time.sleep(300)
''',
    # answers a case with one line that never ends
    "endless": '''
hello()
sys.stdin.readline()
while True:
    sys.stdout.write("x" * 65536)
''',
    # writes 64 MB to stderr, then dies
    "flood": '''
hello()
sys.stdin.readline()
for _ in range(1024):
    sys.stderr.write("e" * 65536)
sys.stderr.write("\\ndying now\\n")
sys.exit(7)
''',
    # answers a case with bytes that are not UTF-8
    "latin": '''
hello()
for line in sys.stdin:
    sys.stdout.buffer.write(b'\\xff\\xfe{"type": "result"}\\n')
    sys.stdout.flush()
''',
    # answers a case with a number of 5,000 digits (more than Python reads)
    "digits": '''
hello()
for line in sys.stdin:
    sys.stdout.write('{"type": "result", "id": ' + "9" * 5000 + '}\\n')
    sys.stdout.flush()
''',
    # plays nothing
    "nothing": '''
hello(variants=[], kinds=[])
for line in sys.stdin:
    pass
''',
    # answers the hello, then says it was asked (a file next to PIDS) and hangs
    "hang": '''
hello()
sys.stdin.readline()
(PIDS.parent / "asked").touch()
time.sleep(300)
''',
    # never answers the hello
    "silent": '''
time.sleep(300)
''',
}

class Forked:
    """`jassdsl.cli.main(argv)` in a forked child in a session of its own, its stdout and
    stderr in files; the last stderr line is its peak memory (``maxrss KiB``). Answers
    what the tests ask of a `subprocess.Popen`: pid, poll, send_signal, communicate."""

    def __init__(self, argv: list[str], folder: Path) -> None:
        self.out, self.err = folder / "runner.out", folder / "runner.err"
        self.returncode: int | None = None
        sys.stdout.flush()
        sys.stderr.flush()
        self.pid = os.fork()
        if self.pid == 0:  # the child: never returns into pytest
            self.child(argv)

    def child(self, argv: list[str]) -> None:
        code = 70
        try:
            os.setsid()
            for fd, path, flags in ((0, os.devnull, os.O_RDONLY),
                                    (1, self.out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                                    (2, self.err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
                os.dup2(os.open(path, flags), fd)
            for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
                signal.signal(number, signal.default_int_handler if number == signal.SIGINT
                              else signal.SIG_DFL)
            sys.stdin = open(0, closefd=False)  # noqa: SIM115 (ended by os._exit)
            sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
            sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
            code = main(argv)
            sys.stdout.flush()
            print("maxrss", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  file=sys.stderr)
        except BaseException:
            traceback.print_exc()
        finally:
            with contextlib.suppress(BaseException):
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(code)

    def poll(self) -> int | None:
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def send_signal(self, signum: int) -> None:
        os.kill(self.pid, signum)

    def communicate(self, timeout: float | None = None) -> tuple[str, str]:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"fork {self.pid}", timeout or 0)
            time.sleep(0.02)
        return self.out.read_text(), self.err.read_text()


@dataclass
class Outcome:
    code: int
    out: list[str]
    err: list[str]
    pids: list[int]
    maxrss: int  # KiB


def alive(pid: int) -> bool:
    """Whether pid is a live process (a zombie waiting for its reaper counts as gone)."""
    stat = Path(f"/proc/{pid}/stat")
    if Path("/proc/self/stat").exists():
        try:
            return stat.read_text().rpartition(")")[2].split()[0] != "Z"
        except (FileNotFoundError, ProcessLookupError):
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def pids_of(folder: Path) -> list[int]:
    path = folder / "pids"
    return [int(x) for x in path.read_text().split()] if path.exists() else []


def kill_all(pids: list[int]) -> None:
    for pid in pids:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """A scratch corpus of the first few guggitaler legal cases."""
    root = tmp_path / "corpus"
    (root / "guggitaler").mkdir(parents=True)
    shutil.copy(store.default_dir() / store.MANIFEST, root / store.MANIFEST)
    lines = (store.default_dir() / "guggitaler" / "legal.jsonl").read_text().splitlines()
    (root / "guggitaler" / "legal.jsonl").write_text("\n".join(lines[:CASES]) + "\n")
    return root


def engine(tmp_path: Path, name: str) -> str:
    """The command that starts the hostile engine `name` (it records its pids in tmp_path)."""
    if name == "cat":
        return "cat"
    script = tmp_path / f"{name}.py"
    script.write_text(PROLOGUE + textwrap.dedent(ENGINES[name]))
    return shlex.join([sys.executable, str(script), str(tmp_path / "pids")])


def start(tmp_path: Path, corpus: Path, name: str, *args: str) -> Forked:
    return Forked(["conformance", "--engine", engine(tmp_path, name), "--dir", str(corpus),
                   *args], tmp_path)


def finish(proc: Forked, tmp_path: Path) -> Outcome:
    try:
        out, err = proc.communicate(timeout=HANG_GUARD)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        kill_all(pids_of(tmp_path))
        proc.communicate()
        pytest.fail(f"the runner did not finish within {HANG_GUARD} s")
    err_lines = err.splitlines()
    assert err_lines and err_lines[-1].startswith("maxrss "), err
    pids = pids_of(tmp_path)
    left = [pid for pid in pids if alive(pid)]
    kill_all(left)
    assert not left, f"engine processes left behind: {left}"
    return Outcome(proc.returncode, out.splitlines(), err_lines[:-1], pids,
                   int(err_lines[-1].split()[1]))


def conformance(tmp_path: Path, corpus: Path, name: str, *args: str) -> Outcome:
    return finish(start(tmp_path, corpus, name, *args), tmp_path)


def no_traceback(result: Outcome) -> None:
    assert not any("Traceback" in line for line in result.out + result.err), result.err


@pytest.mark.parametrize(("name", "detail", "status"), [
    ("child", "the engine stopped (exit 3)", "CRASHED"),
    ("nested", f"nested deeper than {MAX_DEPTH} levels", "ERRORED"),
    ("endless", f"a line longer than {MAX_LINE} bytes", "ERRORED"),
    ("latin", "the line is not UTF-8 text (byte 0xff at offset 0)", "ERRORED"),
    ("digits", "unreadable reply: not JSON (Exceeds the limit (4300 digits)", "ERRORED"),
])
def test_a_misbehaving_engine_gets_a_report_and_is_ended(tmp_path: Path, corpus: Path,
                                                         name: str, detail: str,
                                                         status: str) -> None:
    result = conformance(tmp_path, corpus, name)
    no_traceback(result)
    assert result.code == 1
    assert result.out[-1] == f"0 passed, {CASES} failed"
    said = [line for line in result.out if line.startswith(f"{status} guggitaler/legal/")]
    assert len(said) == CASES and all(detail in line for line in said), result.out
    assert len(result.pids) >= CASES  # one engine per case: each was ended and restarted


def test_a_flood_on_stderr_is_not_kept(tmp_path: Path, corpus: Path) -> None:
    (tmp_path / "quiet").mkdir()
    quiet = conformance(tmp_path / "quiet", corpus, "nothing")
    result = conformance(tmp_path, corpus, "flood")
    no_traceback(result)
    assert result.code == 1 and result.out[-1] == f"0 passed, {CASES} failed"
    crashed = [line for line in result.out if line.startswith("CRASHED")]
    assert len(crashed) == CASES
    for line in crashed:  # the last words, in a line of bounded length
        assert "the engine stopped (exit 7): eee" in line and line.endswith("e dying now")
        assert len(line) < 400
    # 3 x 64 MB went through the pipe; the runner keeps a few KB of it
    assert result.maxrss < quiet.maxrss + 32 * 1024, (result.maxrss, quiet.maxrss)


@pytest.mark.parametrize(("name", "error"), [
    ("null-hello", "the engine's hello must give variants as a list of names, not None"),
    ("nested-hello", f"no handshake from the engine: the JSON is nested deeper than "
                     f"{MAX_DEPTH} levels"),
    ("cat", "the engine only echoed the runner's hello back"),
])
def test_a_broken_hello_is_one_error_line(tmp_path: Path, corpus: Path, name: str,
                                          error: str) -> None:
    result = conformance(tmp_path, corpus, name)
    no_traceback(result)
    assert result.code == 1
    assert result.err == [f"jassdsl: error: {error}"]


def test_the_handshake_waits_only_as_long_as_the_timeout_says(tmp_path: Path,
                                                              corpus: Path) -> None:
    result = conformance(tmp_path, corpus, "silent", "--timeout", "1")
    assert result.code == 1
    assert result.err == ["jassdsl: error: no hello from the engine within 1 s"]


def test_an_engine_that_plays_nothing_fails_the_run(tmp_path: Path, corpus: Path) -> None:
    result = conformance(tmp_path, corpus, "nothing")
    no_traceback(result)
    assert result.code == 1
    assert result.out[-2:] == [
        f"no case ran: the engine plays none of the {CASES} selected cases (its variants: "
        "none; its kinds: none)", "0 passed, 0 failed"]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_to_the_runner_ends_the_engine(tmp_path: Path, corpus: Path,
                                                signum: int) -> None:
    proc = start(tmp_path, corpus, "hang", "--timeout", "300")
    deadline = time.monotonic() + HANG_GUARD
    while not (tmp_path / "asked").exists() and proc.poll() is None:
        assert time.monotonic() < deadline, "the engine was never asked a case"
        time.sleep(0.05)
    proc.send_signal(signum)
    result = finish(proc, tmp_path)
    no_traceback(result)
    assert result.code == 128 + signum
    name = signal.Signals(signum).name
    assert result.out[-2:] == [f"interrupted by {name} after 0 of {CASES} cases",
                               "0 passed, 0 failed"]
    assert result.pids


def test_an_exception_in_the_run_still_ends_the_engine(tmp_path: Path, corpus: Path) -> None:
    def echo(line: str) -> None:
        if line.startswith("ERRORED"):
            raise RuntimeError("the report could not be written")

    cases = store.read_cases(corpus)
    version = store.read_manifest(corpus)["corpus_version"]
    with pytest.raises(RuntimeError, match="could not be written"):
        run(engine(tmp_path, "latin"), cases, version, echo=echo)
    pids = pids_of(tmp_path)
    assert pids and not [pid for pid in pids if alive(pid)]


@pytest.mark.parametrize("value", ["inf", "nan", "0", "-1", "1e9"])
def test_an_impossible_timeout_is_one_error_line(value: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--engine", "cat", "--timeout", value]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("jassdsl: error: --timeout: "), err


def test_the_json_report_says_why_a_run_without_cases_failed(tmp_path: Path,
                                                            corpus: Path) -> None:
    report = tmp_path / "report.json"
    conformance(tmp_path, corpus, "nothing", "--report", str(report))
    data = json.loads(report.read_text())
    assert data["ok"] is False and data["summary"]["ran"] == 0
    assert data["problem"].startswith("no case ran")
