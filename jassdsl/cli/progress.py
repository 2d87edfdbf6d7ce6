"""A one-line progress display on stderr for long runs, only when stderr is a terminal.

The line is rewritten in place (carriage return, erase to the end of the line) at most
`every` seconds apart, and erased when the run ends, so nothing of it stays in a log or
mixes with the report on stdout.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

ERASE = "\r\x1b[K"


def progress_text(done: int, total: int, hands: int, seconds: float) -> str:
    """E.g. ``120/1,000 games (12%), 14,233 hands/s``."""
    share = f" ({100 * done // total}%)" if total else ""
    speed = f", {hands / seconds:,.0f} hands/s" if seconds > 0 else ""
    return f"{done:,}/{total:,} games{share}{speed}"


class ProgressLine:
    """Called with (games done, hands done) as games end; draws on a terminal only."""

    def __init__(self, total: int, stream: TextIO, every: float = 0.25,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.stream, self.every, self.clock = total, stream, every, clock
        self.on = stream.isatty()
        self.start = clock()
        self.last = self.start  # the first line comes `every` seconds in: short runs show none
        self.shown = False

    def __call__(self, done: int, hands: int) -> None:
        if not self.on:
            return
        now = self.clock()
        if now - self.last < self.every:
            return
        self.last = now
        self.stream.write(ERASE + progress_text(done, self.total, hands, now - self.start))
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """Erase the line, if one was drawn."""
        if self.shown:
            self.stream.write(ERASE)
            self.stream.flush()
            self.shown = False
