"""The table served through uvicorn as `jassdsl serve` runs it, on a free loopback port, in
a thread of the test process: for the tests that need real sockets (the browser, the
guards on connections, the load test, the WebSocket frame cap)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def served(app: Any, port: int | None = None) -> Iterator[int]:
    """Serve `app` until the block ends; yields its port once uvicorn has started (`port`:
    this one, as a server started again after a stop listens where it did)."""
    import uvicorn

    from jassdsl.table.cli import server_config

    port = port or free_port()
    server = uvicorn.Server(server_config(app, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "the table did not start"
            time.sleep(0.02)
        yield port
    finally:
        server.should_exit = True
        thread.join(10)
