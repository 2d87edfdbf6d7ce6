"""The evening's games on disk: one file per game, written after every action, so that a
server restart (or a laptop going to sleep and its server with it) loses nothing.

A file is written whole and renamed over the old one (`os.replace`: a reader, or a crash
in the middle, sees the old file or the new one, never half of one), readable by the
server's user only (0600). It is the game's save (`Tables.save`) with the table's own
fields: the game's id (the name of its file, and how the evening's list names a finished
game to replay), when it began, the seats' names and a summary for the list. An open
game's seed, its seats' links and its host link are sealed (`jassdsl.table.seal`) with
the server's secret, bound to the rest of the file, as in a downloaded save: someone who
reads the file (a backup, a shared folder, a look over the host's shoulder) can rebuild
neither the hidden cards nor a seat's link. A finished game's file names its seed and
no link: its cards are public now, and it replays step by step.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

log = logging.getLogger("jassdsl.table")

MAX_FILE = 400_000  # bytes of a game's file read at all (a long game is ~30 kB)
MAX_GAMES = 500  # files of an evening read at start (the newest first)
ID = re.compile(r"[A-Za-z0-9_-]{8,32}")  # a game's id: its file's name


def new_id() -> str:
    return secrets.token_urlsafe(9)


class Evening:
    """The folder of the evening's games."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        # what the list read of each file, by its time and size: read again when changed
        self.seen: dict[str, tuple[tuple[int, int], dict[str, Any]]] = {}
        self.failed: set[str] = set()  # games whose file could not be written

    def path(self, game_id: str) -> Path | None:
        """The file of a game; None for an id that is not one (no path is read from it)."""
        return self.folder / f"{game_id}.json" if ID.fullmatch(game_id) else None

    def write(self, game_id: str, record: dict[str, Any]) -> None:
        """Write the game's file anew, atomically; a disk that refuses is logged (the game
        goes on: it is lost at a restart, not now)."""
        path = self.path(game_id)
        if path is None:
            return
        data = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
        temp = path.with_name(f".{game_id}-{secrets.token_hex(4)}.tmp")
        try:
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(temp, path)
        except OSError as err:
            if game_id not in self.failed:  # said once a game, not at every action
                self.failed.add(game_id)
                log.warning("the game %s could not be saved: %s", game_id, err)
            with contextlib.suppress(OSError):
                temp.unlink()

    def read(self, game_id: str) -> dict[str, Any] | None:
        """A game's record, or None (no such file, too large, not JSON)."""
        path = self.path(game_id)
        if path is None:
            return None
        try:
            if path.stat().st_size > MAX_FILE:
                return None
            record = json.loads(path.read_bytes())
        except (OSError, ValueError):
            return None
        return record if isinstance(record, dict) else None

    def games(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every game of the folder (id, record), the newest first; unreadable ones are
        skipped with a line in the log."""
        try:
            files = sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime,
                           reverse=True)[:MAX_GAMES]
        except OSError:
            return
        for path in files:
            try:
                info = path.stat()
            except OSError:
                continue
            stamp = (info.st_mtime_ns, info.st_size)
            kept = self.seen.get(path.stem)
            record = kept[1] if kept is not None and kept[0] == stamp else self.read(path.stem)
            if record is not None:
                self.seen[path.stem] = (stamp, record)
            if record is None:
                log.warning("skipped %s: not a game's file", path.name)
                continue
            yield path.stem, record

