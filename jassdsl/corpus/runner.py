"""`jassdsl conformance --engine CMD`: run the corpus against another engine.

The engine runs as a subprocess speaking the protocol of `jassdsl.corpus.protocol`
(handled by `jassdsl.corpus.engine`). Each case has its own timeout, and so has the
handshake; an engine that crashes, hangs or writes something unreadable is restarted and
the run goes on with the next case. An expected-failures file lists case ids that are
known to fail; such a case passing is an unexpected pass and fails the run like a failure
does. A run in which no case was checked fails too: it proves nothing. SIGTERM, SIGHUP
and SIGINT end the run early, with the engine's process group killed and a report of
what ran.
"""

from __future__ import annotations

import contextlib
import math
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from jassdsl.corpus import store
from jassdsl.corpus.engine import BadMessage, Engine, EngineDied, RunnerError, shown
from jassdsl.corpus.protocol import PROTOCOL, compare, hello, request

FAILING = {"failed", "errored", "timeout", "crashed"}
NOT_RUN = {"unsupported", "skipped"}
MAX_TIMEOUT = 3600.0
ENDING = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)

__all__ = ["RunReport", "RunnerError", "check_timeout", "read_xfail", "run"]


class Interrupted(BaseException):
    """A signal asked the run to end (BaseException: no handler may swallow it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@dataclass
class CaseOutcome:
    id: str
    status: str  # passed failed errored timeout crashed skipped unsupported xfailed xpassed
    detail: str = ""
    seconds: float = 0.0
    got: Any = None  # the engine's result, when it gave one


@dataclass
class RunReport:
    command: str
    engine: dict[str, Any]
    corpus_version: str
    selected: int = 0
    outcomes: list[CaseOutcome] = field(default_factory=list)
    restarts: int = 0
    stale_xfail: list[str] = field(default_factory=list)
    interrupted: int = 0  # the signal that ended the run early, 0 if none

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

    @property
    def ran(self) -> int:
        """Cases the engine was asked and answered or failed (not skipped, not unsupported)."""
        return sum(1 for o in self.outcomes if o.status not in NOT_RUN)

    @property
    def ok(self) -> bool:
        return not self.failed and self.ran > 0 and not self.interrupted

    def why_not_ok(self) -> str:
        """What is wrong with a run beyond its failed cases ("" if nothing)."""
        if self.interrupted:
            name = signal.Signals(self.interrupted).name
            return f"interrupted by {name} after {len(self.outcomes)} of {self.selected} cases"
        if self.ran:
            return ""
        if not self.selected:
            return "no case ran: no case of the corpus was selected"
        c = self.counts
        if c["skipped"]:
            return (f"no case ran: the engine skipped the {c['skipped']} cases it was asked "
                    f"and plays none of the other {c['unsupported']}")
        names = {k: ", ".join(map(str, self.engine.get(k) or [])) or "none"
                 for k in ("variants", "kinds")}
        return (f"no case ran: the engine plays none of the {self.selected} selected cases "
                f"(its variants: {shown(names['variants'])}; its kinds: "
                f"{shown(names['kinds'])})")

    def closing_line(self) -> str:
        skipped = self.counts["skipped"]
        tail = f", {skipped} skipped" if skipped else ""
        return f"{self.passed} passed, {self.failed} failed{tail}"

    def skip_lines(self) -> list[str]:
        """The reasons the engine gave for skipping, each with how many cases it skipped."""
        reasons = Counter(o.detail or "no reason given" for o in self.outcomes
                          if o.status == "skipped")
        return [f"skipped {n}: {why}" for why, n in reasons.most_common()]

    def summary_line(self) -> str:
        c = self.counts
        return (f"{len(self.outcomes)} cases: {c['skipped']} skipped by the engine, "
                f"{c['unsupported']} of variants or kinds it does not play, {c['xfailed']} "
                f"expected failures, {c['xpassed']} unexpected passes, {self.restarts} "
                "restarts")

    def as_json(self) -> dict[str, Any]:
        interrupted = signal.Signals(self.interrupted).name if self.interrupted else None
        return {"command": self.command, "engine": self.engine,
                "corpus_version": self.corpus_version, "restarts": self.restarts,
                "ok": self.ok, "problem": self.why_not_ok() or None,
                "interrupted": interrupted,
                "summary": {"selected": self.selected, "ran": self.ran,
                            "passed": self.passed, "failed": self.failed,
                            **dict(sorted(self.counts.items()))},
                "stale_xfail": self.stale_xfail,
                "cases": [asdict(o) for o in self.outcomes]}


def check_timeout(seconds: float) -> float:
    """A per-case timeout the runner can honour: finite, above 0, at most MAX_TIMEOUT."""
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_TIMEOUT):
        raise ValueError(f"a timeout is a number of seconds above 0 and at most "
                         f"{MAX_TIMEOUT:g}, not {seconds:g}")
    return seconds


def check_hello(reply: dict[str, Any], sent: dict[str, Any]) -> dict[str, Any]:
    """The engine's hello, if it is one; RunnerError says what is wrong with it."""
    if reply == sent:
        raise RunnerError("the engine only echoed the runner's hello back")
    if reply.get("type") != "hello":
        raise RunnerError(f"the engine did not answer the hello: {shown(repr(reply), 120)}")
    protocol = reply.get("protocol", PROTOCOL)
    if protocol != PROTOCOL:
        raise RunnerError(f"the engine speaks {shown(repr(protocol), 80)}, the runner "
                          f"{PROTOCOL}")
    for key in ("variants", "kinds"):
        names = reply.get(key)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise RunnerError(f"the engine's hello must give {key} as a list of names, not "
                              f"{shown(repr(names), 80)}")
    return reply


@contextlib.contextmanager
def signals_end_the_run() -> Iterator[None]:
    """While the run lasts, SIGTERM, SIGHUP and SIGINT raise Interrupted once (so the
    engine is killed on the way out); a second signal during the clean-up is ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    fired: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        if not fired:
            fired.append(signum)
            raise Interrupted(signum)

    old = {s: signal.signal(s, handler) for s in ENDING}
    try:
        yield
    finally:
        for s, previous in old.items():
            signal.signal(s, previous)


def read_xfail(path: Path | None) -> dict[str, str]:
    """Case ids (one per line, ``# reason`` comments allowed) expected to fail."""
    if path is None:
        return {}
    out = {}
    for line in store.read_text(path).splitlines():  # refuses a FIFO, a device, a huge file
        entry, _, reason = line.partition("#")
        if entry.strip():
            out[entry.strip()] = reason.strip()
    return out


class Run:
    """One pass over the cases with one engine command (restarting it when needed)."""

    def __init__(self, command: str, corpus_version: str, timeout: float,
                 start_timeout: float, max_restarts: int) -> None:
        self.command, self.version, self.timeout = command, corpus_version, timeout
        self.start_timeout, self.max_restarts = start_timeout, max_restarts
        self.engine: Engine | None = None
        self.hello: dict[str, Any] = {}
        self.restarts = 0

    def start(self) -> None:
        """Start the engine and shake hands; RunnerError (engine killed) if that fails."""
        self.engine = Engine(self.command)
        sent = hello(self.version)
        try:
            deadline = time.monotonic() + self.start_timeout
            if not self.engine.send(sent, deadline):
                raise RunnerError(f"the engine took no hello within {self.start_timeout:g} s")
            reply = self.engine.receive(deadline)
            if reply is None:
                raise RunnerError(f"no hello from the engine within {self.start_timeout:g} s")
            self.hello = check_hello(reply, sent)
        except (EngineDied, BadMessage) as err:
            self.drop()
            raise RunnerError(f"no handshake from the engine: {err}") from None
        except BaseException:
            self.drop()
            raise

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
                self.start()
            except RunnerError as err:
                return CaseOutcome(cid, "errored", str(err))
        engine = self.engine
        assert engine is not None
        deadline = time.monotonic() + self.timeout
        try:
            reply = engine.receive(deadline) if engine.send(request(case), deadline) else None
        except EngineDied as err:
            self.drop()
            return CaseOutcome(cid, "crashed", str(err))
        except BadMessage as err:
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
            return CaseOutcome(cid, "errored",
                               f"the reply is for {shown(repr(reply.get('id')), 80)}")
        kind = reply.get("type")
        if kind == "skipped":
            return CaseOutcome(cid, "skipped", shown(str(reply.get("reason", ""))))
        if kind == "errored":
            return CaseOutcome(cid, "errored", shown(str(reply.get("message", ""))))
        if kind != "result":
            return CaseOutcome(cid, "errored", f"unknown reply type {shown(repr(kind), 80)}")
        diffs = compare(case["kind"], case["expect"], reply.get("result"))
        return CaseOutcome(cid, "failed" if diffs else "passed", shown("; ".join(diffs), 600),
                           got=reply.get("result") if diffs else None)

    def drop(self) -> None:
        """Kill the engine at once (it is started again for the next case)."""
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


Explain = Callable[[dict[str, Any], CaseOutcome], list[str]]


def tell(outcome: CaseOutcome, case: dict[str, Any], explain: Explain | None,
         echo: Callable[[str], None]) -> None:
    """One line per case that does not pass; a failed one with its explanation below it
    (the first line of the explanation replaces the bare differences)."""
    lines = [outcome.detail]
    if explain is not None and outcome.status == "failed":
        try:
            lines = explain(case, outcome) or lines
        except Exception as err:  # an odd answer must not end the run
            lines = [outcome.detail, f"(no explanation: {type(err).__name__}: "
                                     f"{shown(str(err))})"]
    echo(f"{outcome.status.upper()} {outcome.id}: {lines[0]}")
    for line in lines[1:]:
        echo(f"    {line}")


def ask_all(session: Run, cases: list[dict[str, Any]], xfail: dict[str, str],
            report: RunReport, echo: Callable[[str], None],
            explain: Explain | None = None) -> None:
    session.start()
    report.engine = session.hello
    echo(f"engine: {shown(str(session.hello.get('engine', '?')))}")
    for case in cases:
        if not session.supports(case):
            report.outcomes.append(CaseOutcome(case["id"], "unsupported"))
            continue
        outcome = mark_expected(session.ask(case), xfail)
        report.outcomes.append(outcome)
        if outcome.status in FAILING or outcome.status == "xpassed":
            tell(outcome, case, explain, echo)


def run(command: str, cases: Iterable[dict[str, Any]], corpus_version: str,
        timeout: float = 10.0, xfail: dict[str, str] | None = None, max_restarts: int = 10,
        echo: Callable[[str], None] = print, start_timeout: float | None = None,
        explain: Explain | None = None) -> RunReport:
    """Ask the engine every case it supports and judge its answers. `timeout` bounds each
    case, `start_timeout` (default: `timeout`) each start up to the engine's hello.

    RunnerError when the engine cannot be started or fails the handshake; otherwise a
    report, also when a signal ended the run early (`RunReport.interrupted`). The engine's
    process group is killed before this returns or raises. `explain` turns a failed case
    into lines for the reader (see `jassdsl.corpus.explain`)."""
    check_timeout(timeout)
    start_timeout = check_timeout(timeout if start_timeout is None else start_timeout)
    xfail = xfail or {}
    cases = list(cases)
    session = Run(command, corpus_version, timeout, start_timeout, max_restarts)
    report = RunReport(command, {}, corpus_version, selected=len(cases))
    with signals_end_the_run():
        try:
            ask_all(session, cases, xfail, report, echo, explain)
            session.close()  # says bye; a signal meanwhile lands below
        except Interrupted as stop:
            report.interrupted = stop.signum
        finally:
            session.drop()  # at once, whatever happened
    report.restarts = session.restarts
    ran = {o.id for o in report.outcomes}
    report.stale_xfail = sorted(set(xfail) - ran)
    echo(report.summary_line())
    for line in report.skip_lines():
        echo(line)
    problem = report.why_not_ok()
    if problem:
        echo(problem)
    echo(report.closing_line())
    return report
