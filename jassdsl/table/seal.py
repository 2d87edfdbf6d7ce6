"""Sealing what a saved open game must not show: its seed and its seats' links.

The seed of a game fixes every hand, so a save that names it while the game is open lets
its holder rebuild the other seats' cards, and a save that replays with new links for
every seat lets its holder open them. A save of an open game therefore carries the seed
and the seats' tokens sealed with a secret only the server knows: encrypted (an HMAC-SHA256
keystream under a fresh nonce) and authenticated (an HMAC-SHA256 tag over the nonce, the
sealed bytes and the save's other fields, so that neither the sealed part nor the seats or
actions beside it can be changed). The secret lives in the user's data folder
(`$XDG_DATA_HOME/jassdsl/table-secret`, else `~/.local/share/jassdsl/`), so the server
reads its saves after a restart; where that folder cannot be written, the secret lasts as
long as the process. Only the standard library (hmac, hashlib, secrets) is used.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

SECRET_BYTES = 32
NONCE_BYTES = 16
TAG_BYTES = 32
MAX_SEALED = 4096  # characters of a sealed part read at all


class SealError(Exception):
    """A sealed part this server cannot open: changed, cut, or sealed by another secret."""


def data_dir() -> Path:
    """The user's data folder for jassdsl (XDG: `$XDG_DATA_HOME`, else ~/.local/share)."""
    home = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return Path(home) / "jassdsl"


def server_secret(folder: Path | None = None) -> bytes:
    """The server's secret: read from `table-secret` in the folder, made there (readable by
    the user only) the first time; a secret of this process alone where it cannot be."""
    path = (folder or data_dir()) / "table-secret"
    try:
        data = path.read_bytes()
        if len(data) == SECRET_BYTES:
            return data
    except OSError:
        pass
    secret = secrets.token_bytes(SECRET_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".table-secret-{secrets.token_hex(4)}")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(secret)
        os.replace(temp, path)
    except OSError:
        pass  # no folder to keep it in: saves of open games replay until the server stops
    return secret


def canonical(value: Any) -> bytes:
    """The one byte form of a save's fields that a seal is bound to."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


class Sealer:
    """Seals and opens small JSON values with one secret, bound to other bytes."""

    def __init__(self, secret: bytes) -> None:
        self.crypt = hmac.new(secret, b"jassdsl-table-seal-crypt", hashlib.sha256).digest()
        self.sign = hmac.new(secret, b"jassdsl-table-seal-sign", hashlib.sha256).digest()

    def _stream(self, nonce: bytes, size: int) -> bytes:
        blocks = (hmac.new(self.crypt, nonce + k.to_bytes(4, "big"), hashlib.sha256).digest()
                  for k in range(-(-size // 32)))
        return b"".join(blocks)[:size]

    def _tag(self, nonce: bytes, body: bytes, bound: bytes) -> bytes:
        return hmac.new(self.sign, nonce + len(body).to_bytes(4, "big") + body + bound,
                        hashlib.sha256).digest()

    def seal(self, value: Any, bound: bytes) -> str:
        plain = canonical(value)
        nonce = secrets.token_bytes(NONCE_BYTES)
        body = bytes(a ^ b for a, b in zip(plain, self._stream(nonce, len(plain)), strict=True))
        return base64.urlsafe_b64encode(nonce + body + self._tag(nonce, body, bound)).decode()

    def open(self, sealed: object, bound: bytes) -> Any:
        """The value sealed, if this secret sealed it with exactly these bound bytes."""
        if not isinstance(sealed, str) or len(sealed) > MAX_SEALED:
            raise SealError("not a sealed part")
        try:
            raw = base64.urlsafe_b64decode(sealed.encode("ascii"))
        except (ValueError, binascii.Error, UnicodeEncodeError):
            raise SealError("not a sealed part") from None
        if len(raw) < NONCE_BYTES + TAG_BYTES:
            raise SealError("not a sealed part")
        nonce, body, tag = raw[:NONCE_BYTES], raw[NONCE_BYTES:-TAG_BYTES], raw[-TAG_BYTES:]
        if not hmac.compare_digest(tag, self._tag(nonce, body, bound)):
            raise SealError("changed, or sealed by another server")
        plain = bytes(a ^ b for a, b in zip(body, self._stream(nonce, len(body)), strict=True))
        return json.loads(plain)
