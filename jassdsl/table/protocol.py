"""uvicorn's h11 protocol with two limits uvicorn lacks: a deadline for a request's head,
and a cap on the connections one address holds at once.

A client that opens connections and sends their header lines slowly, never finishing
them ("slowloris"), holds one file descriptor each for as long as it likes: uvicorn's
keep-alive timeout only runs between two requests, and `limit_concurrency` answers 503
only once a head is in. Here a connection whose request head is not complete HEAD_SECONDS
after it began (the connection, or the next request's first bytes) is closed, and an
address other than this computer's own is closed at once beyond PER_ADDRESS connections.
This computer's own addresses are not capped: a reverse proxy on it speaks for everyone
(and caps each visitor itself, docs/en/playing.md).
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import Counter
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_SECONDS = 10.0  # to send a request's line and headers
PER_ADDRESS = 64  # HTTP connections one address holds (its WebSockets: app.CLIENT_PAGES)


def is_local(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a Unix socket, a name: not an address on the network
        return True


class GuardedProtocol(H11Protocol):
    """H11Protocol that closes a connection whose request head takes too long, or one
    address's connections beyond PER_ADDRESS."""

    head_seconds = HEAD_SECONDS
    per_address = PER_ADDRESS
    held: ClassVar[Counter[str]] = Counter()  # open connections per address

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_timer: asyncio.TimerHandle | None = None
        self.address = ""

    def waiting_for_head(self) -> bool:
        return self.conn.their_state is h11.IDLE

    def arm(self) -> None:
        if self.head_timer is None:
            self.head_timer = self.loop.call_later(self.head_seconds, self.too_slow)

    def disarm(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def too_slow(self) -> None:
        self.head_timer = None
        if self.waiting_for_head() and not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else ""
        if not is_local(host):
            self.address = host
            self.held[host] += 1
            if self.held[host] > self.per_address:
                transport.close()
                return
        self.arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.waiting_for_head() and not self.transport.is_closing():
            self.arm()  # a head begun (or not yet) and not complete: the clock runs
        else:
            self.disarm()  # the head is in (a request, or a socket's upgrade)

    def handle_websocket_upgrade(self, event: Any) -> None:
        """The connection becomes a socket (another protocol object, counted by the app)."""
        self.disarm()
        self.release()
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self.disarm()
        self.release()
        super().connection_lost(exc)

    def release(self) -> None:
        if self.address:
            self.held[self.address] -= 1
            if self.held[self.address] <= 0:
                del self.held[self.address]
            self.address = ""
