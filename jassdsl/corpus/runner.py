"""`jassdsl conformance --engine CMD`: run the corpus against another engine.

The engine runs as a subprocess speaking the protocol of `jassdsl.corpus.protocol`. Each
case has its own timeout; an engine that crashes or hangs is restarted and the run goes
on with the next case. An expected-failures file lists case ids that are known to fail;
such a case passing is an unexpected pass and fails the run like a failure does.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

from jassdsl.corpus.protocol import PROTOCOL, compare, hello, request
from jassdsl.errors import JassError

FAILING = {"failed", "errored", "timeout", "crashed"}
HANDSHAKE_SECONDS = 30.0


class RunnerError(JassError):
    """The engine could not be started or did not complete the handshake."""


class EngineDied(Exception):
    """The engine's output ended (or its input closed) while a reply was due."""


@dataclass
class CaseOutcome:
    id: str
    status: str  # passed failed errored timeout crashed skipped unsupported xfailed xpassed
    detail: str = ""
    seconds: float = 0.0


@dataclass
class RunReport:
    command: str
    engine: dict[str, Any]
    corpus_version: str
    outcomes: list[CaseOutcome] = field(default_factory=list)
    restarts: int = 0
    stale_xfail: list[str] = field(default_factory=list)

    @property
    def counts(self) -> Counter[str]:
        return Counter(o.status for o in self.outcomes)

    @property
    def passed(self) -> int:
        return self.counts["passed"]

    @property
    def failed(self) -> int:
        c = self.counts
        return sum(c[s] for s in FAILING) + c["xpassed"]

    def closing_line(self) -> str:
        return f"{self.passed} passed, {self.failed} failed"

    def summary_line(self) -> str:
        c = self.counts
        return (f"{len(self.outcomes)} cases: {c['skipped']} skipped by the engine, "
                f"{c['unsupported']} of variants or kinds it does not play, {c['xfailed']} "
                f"expected failures, {c['xpassed']} unexpected passes, {self.restarts} "
                "restarts")

    def as_json(self) -> dict[str, Any]:
        return {"command": self.command, "engine": self.engine,
                "corpus_version": self.corpus_version, "restarts": self.restarts,
                "summary": {"passed": self.passed, "failed": self.failed,
                            **dict(sorted(self.counts.items()))},
                "stale_xfail": self.stale_xfail,
                "cases": [asdict(o) for o in self.outcomes]}


class Engine:
    """One running engine process; a thread turns its stdout into a queue of lines."""

    def __init__(self, command: str) -> None:
        # kept open for the engine's life and closed in kill()
        self.stderr = tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115
        try:
            self.proc = subprocess.Popen(
                shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=self.stderr, text=True, encoding="utf-8", bufsize=1,
                start_new_session=True)
        except OSError as err:
            raise RunnerError(f"cannot start the engine {command!r}: {err}") from err
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True).start()

    def _read(self, stream: IO[str] | None) -> None:
        assert stream is not None
        for line in stream:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(message) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as err:
            raise EngineDied(self.why_dead()) from err

    def receive(self, seconds: float) -> dict[str, Any] | None:
        """The next message, or None when none came in time."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                raise EngineDied(self.why_dead())
            if line.strip():
                message = json.loads(line)
                if not isinstance(message, dict):
                    raise ValueError("a message must be a JSON object")
                return message

    def why_dead(self) -> str:
        try:
            code = self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            code = None
        self.stderr.seek(0)
        tail = self.stderr.read()[-300:].strip().replace("\n", " | ")
        return f"the engine stopped (exit {code})" + (f": {tail}" if tail else "")

    def stop(self) -> None:
        """Say bye and wait a little; then end the engine's process group."""
        if self.proc.poll() is None:
            try:
                self.send({"type": "bye"})
                assert self.proc.stdin is not None
                self.proc.stdin.close()
                self.proc.wait(timeout=2)
            except (EngineDied, subprocess.TimeoutExpired, OSError):
                pass
        self.kill()

    def kill(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self.stderr.close()


def read_xfail(path: Path | None) -> dict[str, str]:
    """Case ids (one per line, ``# reason`` comments allowed) expected to fail."""
    if path is None:
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        entry, _, reason = line.partition("#")
        if entry.strip():
            out[entry.strip()] = reason.strip()
    return out


def start(command: str, corpus_version: str) -> tuple[Engine, dict[str, Any]]:
    engine = Engine(command)
    try:
        engine.send(hello(corpus_version))
        reply = engine.receive(HANDSHAKE_SECONDS)
    except (EngineDied, ValueError) as err:
        engine.kill()
        raise RunnerError(f"no handshake from the engine: {err}") from err
    if reply is None or reply.get("type") != "hello":
        engine.kill()
        raise RunnerError(f"the engine did not answer the hello: {reply!r}")
    if reply.get("protocol", PROTOCOL) != PROTOCOL:
        engine.kill()
        raise RunnerError(f"the engine speaks {reply['protocol']}, the runner {PROTOCOL}")
    return engine, reply


class Run:
    """One pass over the cases with one engine command (restarting it when needed)."""

    def __init__(self, command: str, corpus_version: str, timeout: float,
                 max_restarts: int, echo: Callable[[str], None]) -> None:
        self.command, self.version, self.timeout = command, corpus_version, timeout
        self.max_restarts, self.echo = max_restarts, echo
        self.engine: Engine | None
        self.engine, self.hello = start(command, corpus_version)
        self.restarts = 0

    def supports(self, case: dict[str, Any]) -> bool:
        return (case["variant"] in self.hello.get("variants", [])
                and case["kind"] in self.hello.get("kinds", []))

    def ask(self, case: dict[str, Any]) -> CaseOutcome:
        began = time.monotonic()
        outcome = self._ask(case)
        outcome.seconds = round(time.monotonic() - began, 3)
        return outcome

    def _ask(self, case: dict[str, Any]) -> CaseOutcome:
        cid = case["id"]
        if self.engine is None:
            if self.restarts >= self.max_restarts:
                return CaseOutcome(cid, "errored", "the engine was restarted too often")
            self.restarts += 1
            try:
                self.engine, _ = start(self.command, self.version)
            except RunnerError as err:
                return CaseOutcome(cid, "errored", str(err))
        engine = self.engine
        try:
            engine.send(request(case))
            reply = engine.receive(self.timeout)
        except EngineDied as err:
            self.drop()
            return CaseOutcome(cid, "crashed", str(err))
        except ValueError as err:
            self.drop()
            return CaseOutcome(cid, "errored", f"unreadable reply: {err}")
        if reply is None:
            self.drop()
            return CaseOutcome(cid, "timeout", f"no answer within {self.timeout:g} s")
        return self.judge(case, reply)

    def judge(self, case: dict[str, Any], reply: dict[str, Any]) -> CaseOutcome:
        cid = case["id"]
        if reply.get("id") != cid:
            self.drop()
            return CaseOutcome(cid, "errored", f"the reply is for {reply.get('id')!r}")
        kind = reply.get("type")
        if kind == "skipped":
            return CaseOutcome(cid, "skipped", str(reply.get("reason", "")))
        if kind == "errored":
            return CaseOutcome(cid, "errored", str(reply.get("message", "")))
        if kind != "result":
            return CaseOutcome(cid, "errored", f"unknown reply type {kind!r}")
        diffs = compare(case["kind"], case["expect"], reply.get("result"))
        return CaseOutcome(cid, "failed" if diffs else "passed", "; ".join(diffs))

    def drop(self) -> None:
        if self.engine is not None:
            self.engine.kill()
            self.engine = None

    def close(self) -> None:
        if self.engine is not None:
            self.engine.stop()
            self.engine = None


def mark_expected(outcome: CaseOutcome, xfail: dict[str, str]) -> CaseOutcome:
    if outcome.id not in xfail:
        return outcome
    if outcome.status in FAILING:
        outcome.status = "xfailed"
    elif outcome.status == "passed":
        outcome.status = "xpassed"
        outcome.detail = f"listed as expected to fail ({xfail[outcome.id] or 'no reason'})"
    return outcome


def run(command: str, cases: Iterable[dict[str, Any]], corpus_version: str,
        timeout: float = 10.0, xfail: dict[str, str] | None = None, max_restarts: int = 10,
        echo: Callable[[str], None] = print) -> RunReport:
    """Ask the engine every case it supports and judge its answers."""
    xfail = xfail or {}
    session = Run(command, corpus_version, timeout, max_restarts, echo)
    report = RunReport(command, session.hello, corpus_version)
    echo(f"engine: {session.hello.get('engine', '?')}")
    try:
        for case in cases:
            if not session.supports(case):
                report.outcomes.append(CaseOutcome(case["id"], "unsupported"))
                continue
            outcome = mark_expected(session.ask(case), xfail)
            report.outcomes.append(outcome)
            if outcome.status in FAILING or outcome.status == "xpassed":
                echo(f"{outcome.status.upper()} {outcome.id}: {outcome.detail}")
    finally:
        session.close()
    report.restarts = session.restarts
    ran = {o.id for o in report.outcomes}
    report.stale_xfail = sorted(set(xfail) - ran)
    echo(report.summary_line())
    echo(report.closing_line())
    return report
