"""What the table checks of a request before it reads it: that it changes nothing unless it
comes from the table's own pages and says what it carries, and that its body is small.

A web page of another site can make a visitor's browser send a POST to a table on the same
network (a "simple" request: text/plain, no preflight). The browser always names the page's
origin in `Origin` (or at least `Referer`) then, so a request naming another site is
refused; one naming none is not a browser's and may go on (a script, `curl`). Bodies are
refused by their `Content-Length` before a byte is read, and reading stops at the cap, so
no large body ever enters memory.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection, Request

from jassdsl.rulebook.words import Lang, say
from jassdsl.table.session import Refusal

MAX_BODY = 200_000  # bytes of a request body (a saved game)
BODY_SECONDS = 10.0  # to send it (a body trickled in holds its connection no longer)
JSON = ("application/json",)
FORM = ("application/x-www-form-urlencoded",)


def client_of(conn: HTTPConnection) -> str:
    """The address a request or a socket comes from (behind a proxy that names it in
    `X-Forwarded-For`, the visitor's: uvicorn reads that header from a trusted proxy)."""
    return conn.client.host if conn.client else ""


def same_origin(conn: HTTPConnection) -> bool:
    """The page that sent this is the table's own, or no page named itself (not a
    browser). `Origin` (else `Referer`) must name the host the request was sent to."""
    named = conn.headers.get("origin") or conn.headers.get("referer")
    if named is None:
        return True
    host = conn.headers.get("host", "").lower()
    return named != "null" and bool(host) and urlsplit(named).netloc.lower() == host


def check_post(request: Request, lang: Lang, kinds: tuple[str, ...] = JSON) -> None:
    """A state-changing request: from the table's own pages, with a body of `kinds`."""
    if not same_origin(request):
        raise Refusal(say(lang, "live.refuse.origin"), 403)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind not in kinds:
        raise Refusal(say(lang, "live.refuse.media", kind=kinds[0]), 415)


async def read_body(request: Request, lang: Lang, limit: int = MAX_BODY) -> bytes:
    """The body, at most `limit` bytes within BODY_SECONDS: refused by its announced
    length before reading, and reading stops as soon as more arrives than that."""
    too_large = Refusal(say(lang, "live.refuse.large", limit=limit), 413)
    length = request.headers.get("content-length", "")
    if length and not (length.isascii() and length.isdigit() and len(length) <= 12
                       and int(length) <= limit):
        raise too_large
    chunks, size = [], 0
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise too_large
                chunks.append(chunk)
    except TimeoutError:
        raise Refusal(say(lang, "live.refuse.slow"), 408) from None
    return b"".join(chunks)


def parse_json(data: bytes | str, lang: Lang, message: bool = False) -> Any:
    """JSON read from a body or a socket's message; a refusal in words for what is not
    JSON or nests too deeply for the reader (RecursionError)."""
    try:
        return json.loads(data)
    except RecursionError:
        raise Refusal(say(lang, "live.refuse.deep")) from None
    except (ValueError, UnicodeDecodeError):
        raise Refusal(say(lang, "live.refuse.message" if message else "live.refuse.json")) \
            from None
