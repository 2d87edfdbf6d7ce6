"""One engine process of a conformance run, kept on a short leash.

An engine is someone else's program, so nothing it does may hang, flood or outlive the
runner: it runs in its own process group, which is killed as a whole (children included)
whenever the runner lets go of it; its pipes are non-blocking and read with `select`
against a deadline, never by a thread that a child holding the pipe open could block for
ever; a message line is bounded (`MAX_LINE` bytes, `MAX_DEPTH` levels of nesting) and
only the last `STDERR_TAIL` bytes of its stderr are kept.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shlex
import signal
import subprocess
import time
from typing import Any

from jassdsl.core.errors import JassError

MAX_LINE = 1 << 20  # bytes in one message line, newline excluded
MAX_DEPTH = 64  # levels of nested arrays and objects in one message
STDERR_TAIL = 4096  # bytes of the engine's stderr kept for messages
SHOWN = 300  # characters of engine text quoted in one report line
SLICE = 0.1  # seconds between checks whether the engine is still alive
READ = 1 << 16


class RunnerError(JassError):
    """The engine could not be started or did not complete the handshake."""


class EngineDied(Exception):
    """The engine exited, or closed its output, while a reply was due."""


class BadMessage(Exception):
    """A line from the engine that is not one readable protocol message."""


def shown(text: str, limit: int = SHOWN) -> str:
    """Engine-supplied text fit for one report line: no control characters, bounded."""
    flat = "".join(c if c.isprintable() else " " for c in text)
    flat = " ".join(flat.split())
    return flat if len(flat) <= limit else flat[:limit - 3] + "..."


def depth(value: Any) -> int:
    """Nesting depth of a JSON value (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level + 1)
            stack += [(x, level + 1) for x in item]
    return deepest


def parse_line(raw: bytes) -> dict[str, Any] | None:
    """The message on one line (None for a blank line); BadMessage says what is wrong."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BadMessage(f"the line is not UTF-8 text (byte 0x{raw[err.start]:02x} at "
                         f"offset {err.start})") from None
    if not text.strip():
        return None
    try:
        message = json.loads(text)
    except RecursionError:
        raise BadMessage(f"the JSON is nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as err:
        raise BadMessage(f"not JSON ({shown(str(err), 80)}): {shown(text, 80)}") from None
    if not isinstance(message, dict):
        raise BadMessage(f"a message must be a JSON object, not {shown(text, 80)}")
    if depth(message) > MAX_DEPTH:
        raise BadMessage(f"the JSON is nested deeper than {MAX_DEPTH} levels")
    return message


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def command_line(command: str) -> list[str]:
    try:
        argv = shlex.split(command)
    except ValueError as err:
        raise RunnerError(f"cannot read the engine command {command!r}: {err}") from None
    if not argv:
        raise RunnerError("the engine command is empty")
    return argv


class Engine:
    """One running engine: its own process group, non-blocking pipes, bounded buffers."""

    def __init__(self, command: str) -> None:
        argv = command_line(command)
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, bufsize=0,
                                         start_new_session=True)
        except OSError as err:
            raise RunnerError(f"cannot start the engine {command!r}: {err}") from err
        try:
            streams = (self.proc.stdin, self.proc.stdout, self.proc.stderr)
            self.stdin, self.stdout, self.stderr = (s.fileno() for s in streams if s)
            self.pending = bytearray()  # stdout not yet split into lines
            self.tail = bytearray()  # the end of stderr
            self.open = {self.stdout, self.stderr}  # output pipes not at EOF yet
            for fd in (self.stdin, self.stdout, self.stderr):
                os.set_blocking(fd, False)
        except BaseException:
            self.kill()
            raise

    # --- reading and writing against a deadline --------------------------------------------
    def _wait(self, deadline: float, write: bool = False) -> bool:
        """Read what the engine wrote until an fd is ready or a slice passes; False when the
        deadline has passed."""
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        ready, _, _ = select.select(sorted(self.open), [self.stdin] if write else [], [],
                                    min(left, SLICE))
        for fd in ready:
            self._read(fd)
        return True

    def _read(self, fd: int) -> None:
        try:
            chunk = os.read(fd, READ)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self.open.discard(fd)
        elif fd == self.stderr:
            self.tail = (self.tail + chunk)[-STDERR_TAIL:]
        else:
            self.pending += chunk

    def send(self, message: dict[str, Any], deadline: float) -> bool:
        """Write one message; False when the engine did not take it before the deadline."""
        data = memoryview((json.dumps(message) + "\n").encode("utf-8"))
        while data:
            try:
                data = data[os.write(self.stdin, data):]
                continue
            except BlockingIOError:
                pass
            except OSError as err:
                raise EngineDied(self.why_dead()) from err
            if self.proc.poll() is not None:
                raise EngineDied(self.why_dead())
            if not self._wait(deadline, write=True):
                return False
        return True

    def receive(self, deadline: float) -> dict[str, Any] | None:
        """The next message, or None when none came before the deadline."""
        while True:
            end = self.pending.find(b"\n")
            if end > MAX_LINE or (end < 0 and len(self.pending) > MAX_LINE):
                raise BadMessage(f"a line longer than {MAX_LINE} bytes")
            if end >= 0:
                raw = bytes(self.pending[:end])
                del self.pending[:end + 1]
                message = parse_line(raw)
                if message is not None:
                    return message
                continue
            if self.stdout not in self.open:
                raise EngineDied(self.why_dead())
            alive, before = self.proc.poll() is None, len(self.pending)
            if not self._wait(deadline):
                return None
            if not alive and len(self.pending) == before:
                # it exited and all it wrote is read (a child may still hold the pipe open)
                raise EngineDied(self.why_dead())

    def why_dead(self) -> str:
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        end = time.monotonic() + 0.2  # its last words on stderr, within bounds
        while self.stderr in self.open:
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.stderr], [], [], left)[0]:
                break
            self._read(self.stderr)
        if code is None:
            how = "the engine closed its output"
        elif code < 0:
            how = f"the engine was killed by {signal_name(-code)}"
        else:
            how = f"the engine stopped (exit {code})"
        tail = shown(self.tail.decode("utf-8", "replace")[-SHOWN:])
        return how + (f": {tail}" if tail else "")

    # --- ending ------------------------------------------------------------------------------
    def stop(self, seconds: float = 2.0) -> None:
        """Say bye, give the engine a moment to exit, then end its whole process group."""
        with contextlib.suppress(EngineDied, OSError, ValueError, subprocess.TimeoutExpired):
            if self.proc.poll() is None and self.send({"type": "bye"},
                                                      time.monotonic() + seconds):
                self.close_input()
                self.proc.wait(timeout=seconds)
        self.kill()

    def close_input(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()

    def kill(self) -> None:
        """SIGKILL to the engine's process group: the engine and every child still in it."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
