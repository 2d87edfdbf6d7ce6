"""The table's ASGI app: pages, a small JSON API, one WebSocket per open seat page.

Each seat's socket only ever gets that seat's view (`view.seat_view`); a message names an
action for the seat of the socket's own token, so no link can act for another seat. Bad
input gets a refusal (`{"type": "error", "text": ...}`) and the game goes on; an error of
the server is logged and answered in words, never with a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qs

import markdown
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from jassdsl.cli.explore import WATCH_HANDS, found_text
from jassdsl.core.errors import JassError, RuleFileErrors
from jassdsl.registry import load_rules, variant_path
from jassdsl.rulebook.render import in_lang, variant_page
from jassdsl.rulebook.site import load_variant
from jassdsl.rulebook.words import Lang
from jassdsl.table import pages
from jassdsl.table.session import Refusal, Session, Tables, check_source
from jassdsl.table.view import Journal, seat_view

log = logging.getLogger("jassdsl.table")

MAX_MESSAGE = 2000  # characters of one WebSocket message
# Bytes of one WebSocket message the server reads at all (uvicorn's `ws_max_size`): a
# longer one closes the socket with 1009 before it is buffered; one up to this size but
# over MAX_MESSAGE characters is refused in words.
MAX_FRAME = 16_384
FLOODED = "too many messages: this page is closed, reload it to play on"
BURST, RATE = 20, 10.0  # a socket may send BURST messages at once, then RATE a second
STRIKES = 200  # refused messages beyond the rate before the socket is closed
MAX_BODY = 200_000  # bytes of a request body (a saved game)
MARKDOWN = ["admonition", "attr_list", "md_in_html", "tables", "toc", "pymdownx.superfences"]


def lang_of(value: object, default: Lang = "en") -> Lang:
    return "de" if value == "de" else "en" if value == "en" else default


@dataclass
class Bucket:
    """A token bucket: how many messages a socket may still send now."""

    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)
    strikes: int = 0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.strikes += 1
        return False


@dataclass
class Listener:
    socket: WebSocket
    seat: int
    lang: Lang


class Hub:
    """The open sockets of every game, the narration per seat, and the bots' driving."""

    def __init__(self, pace: float) -> None:
        self.pace = pace
        self.tasks: set[asyncio.Task[None]] = set()

    def journal(self, session: Session, seat: int, lang: Lang) -> list[str]:
        key = (seat, lang)
        if key not in session.journals:
            session.journals[key] = Journal(session.game, seat, lang)
        journal: Journal = session.journals[key]
        return journal.update()

    async def send(self, session: Session, listener: Listener) -> None:
        state = seat_view(session, listener.seat, listener.lang,
                          self.journal(session, listener.seat, listener.lang))
        with contextlib.suppress(Exception):  # a socket closing as we write: it leaves
            await listener.socket.send_json(state)

    async def broadcast(self, session: Session) -> None:
        for listener in list(session.listeners):
            await self.send(session, listener)

    async def changed(self, session: Session) -> None:
        """Tell every seat, then let the bots play until a person is to act."""
        await self.broadcast(session)
        self.start(session)

    def start(self, session: Session) -> None:
        """Let the bots play, if one is to act and they are not playing already."""
        if session.waiting_for_bot() and not session.driving:
            session.driving = True
            task = asyncio.create_task(self.drive(session))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def drive(self, session: Session) -> None:
        try:
            while session.waiting_for_bot():
                await asyncio.sleep(self.pace)
                try:
                    session.play_bot()
                except JassError as err:  # a bot's action refused: say so, stop the bots
                    log.error("bot failed: %s", err)
                    await self.tell(session, f"a bot could not act: {err}")
                    return
                await self.broadcast(session)
        finally:
            session.driving = False

    async def tell(self, session: Session, text: str) -> None:
        for listener in list(session.listeners):
            await refuse(listener.socket, text)


async def refuse(socket: WebSocket, text: str) -> None:
    with contextlib.suppress(Exception):
        await socket.send_json({"type": "error", "text": text})


@lru_cache(maxsize=32)
def rendered(source: str, stamp: float, lang: Lang) -> tuple[str, str]:
    """A rule file's rulebook page as HTML (its title, its body); RuleFileErrors as raised.
    Each clause of the scoring gets the anchor `clause-ID` that a hand's report links."""
    variant = load_variant(variant_path(source))
    text = markdown.markdown(variant_page(lang, variant), extensions=MARKDOWN)
    text = re.sub(r"<li>\s*<p><code>([\w-]+)</code>", r'<li id="clause-\1"><p><code>\1</code>',
                  text)
    return in_lang(lang, variant.model.name, variant.model.name), text


def stamp_of(source: str) -> float:
    try:
        return variant_path(source).stat().st_mtime
    except (OSError, JassError):
        return 0.0


def create_app(pace: float = 0.5, watch: str | None = None) -> Starlette:
    """The table's app; `pace`: seconds between two bot actions; `watch`: a rule file
    whose page (or check errors) the start page shows, to play it at once."""
    tables, hub = Tables(), Hub(pace)

    def lang_param(request: Request) -> Lang:
        header = request.headers.get("accept-language", "")
        return lang_of(request.query_params.get("lang"),
                       "de" if header.lower().startswith("de") else "en")

    async def home(request: Request) -> Response:
        lang = lang_param(request)
        if watch is not None:
            return RedirectResponse(f"/rules?variant={watch}&lang={lang}&watch=1", 303)
        return HTMLResponse(pages.start_page(lang))

    async def new_game(request: Request) -> Response:
        return HTMLResponse(pages.start_page(lang_param(request), watch or ""))

    async def rules_page(request: Request) -> Response:
        lang = lang_param(request)
        source = request.query_params.get("variant", "")
        play = source if request.query_params.get("watch") else ""
        stamp = stamp_of(source) if play else 0.0
        try:
            name = check_source(source)
            # a watched file is played first, as `jassdsl check` plays it (a smaller run,
            # off the event loop): what that finds is shown as its check errors
            found = await run_in_threadpool(found_text, variant_path(name), WATCH_HANDS,
                                            lang) if play else ""
            if found:
                return HTMLResponse(pages.error_page(lang, source, found, play, stamp))
            title, body = rendered(name, stamp_of(name), lang)
        except Refusal as err:
            return HTMLResponse(pages.message_page(lang, "?", str(err)), 404)
        except RuleFileErrors as err:
            return HTMLResponse(pages.error_page(lang, source, err.render(), play, stamp))
        except JassError as err:
            return HTMLResponse(pages.error_page(lang, source, str(err), play, stamp))
        return HTMLResponse(pages.rules_page(lang, title, body, play, stamp))

    async def watch_stamp(request: Request) -> Response:
        return JSONResponse({"stamp": stamp_of(watch) if watch else 0})

    async def play_file(request: Request) -> Response:
        """The preview's button: the watched file at once, you at seat 0, bots elsewhere."""
        form = parse_qs((await request.body())[:MAX_BODY].decode("utf-8", "replace"))
        lang = lang_of(form.get("lang", [""])[0])
        source = form.get("path", [""])[0]
        try:
            players = load_rules(check_source(source)).players
            session = tables.open(source, {}, None, ["person"] + ["heuristic"] * (players - 1),
                                  lang)
        except (Refusal, JassError) as err:
            return HTMLResponse(pages.message_page(lang, "?", str(err)), 400)
        return RedirectResponse(f"/seat/{session.token_of(0)}?lang={lang}", 303)

    async def variant_info(request: Request) -> Response:
        """A variant's seats and options, for the start page."""
        source = request.query_params.get("variant", "")
        lang = lang_param(request)
        try:
            rules = load_rules(check_source(source))
        except (Refusal, JassError) as err:
            return refused(err)
        options = [{"name": o.name, "text": in_lang(lang, o.description, o.german),
                    "default": o.default.word(), "choices": [c.word() for c in o.choices]}
                   for o in rules.model.options]
        return JSONResponse({"name": rules.name, "players": rules.players, "options": options})

    def refused(err: Exception) -> JSONResponse:
        """A request the table cannot take: the reason in one answer (a rule file's
        errors with their positions)."""
        text = err.render() if isinstance(err, RuleFileErrors) else str(err)
        return JSONResponse({"error": text}, 400)

    async def body_json(request: Request) -> Any:
        data = await request.body()
        if len(data) > MAX_BODY:
            raise Refusal("the request is too large")
        try:
            return json.loads(data)
        except (ValueError, UnicodeDecodeError):
            raise Refusal("the request is not JSON") from None

    def links(session: Session, lang: Lang) -> JSONResponse:
        return JSONResponse({"seats": [{"seat": seat, "url": f"/seat/{session.token_of(seat)}"
                                        f"?lang={lang}"} for seat in session.persons]})

    async def create(request: Request) -> Response:
        try:
            data = await body_json(request)
            if not isinstance(data, dict):
                raise Refusal("the request is a JSON object")
            lang = lang_of(data.get("lang"))
            session = tables.open(data.get("variant"), data.get("options"), data.get("seed"),
                                  data.get("seats"), lang)
        except (Refusal, JassError) as err:
            return refused(err)
        return links(session, lang)

    async def reopen(request: Request) -> Response:
        try:
            data = await body_json(request)
            session = tables.reopen(data)
        except Refusal as err:
            return JSONResponse({"error": str(err)}, 400)
        except JassError as err:
            return JSONResponse({"error": str(err)}, 400)
        return links(session, session.lang)  # type: ignore[arg-type]

    async def seat(request: Request) -> Response:
        lang = lang_param(request)
        token = request.path_params["token"]
        try:
            tables.find(token)
        except Refusal as err:
            return HTMLResponse(pages.message_page(lang, "404", str(err)), 404)
        return HTMLResponse(pages.seat_page(lang, token))

    async def save(request: Request) -> Response:
        try:
            session, _ = tables.find(request.path_params["token"])
        except Refusal as err:
            return JSONResponse({"error": str(err)}, 404)
        return JSONResponse(session.saved(), headers={
            "Content-Disposition": 'attachment; filename="jass-game.json"'})

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            session, seat_no = tables.find(websocket.path_params["token"])
        except Refusal as err:
            await refuse(websocket, str(err))
            await websocket.close(code=4404)
            return
        lang = lang_of(websocket.query_params.get("lang"), lang_of(session.lang))
        me = Listener(websocket, seat_no, lang)
        session.listeners.append(me)
        bucket = Bucket()
        try:
            await hub.send(session, me)
            hub.start(session)  # bots to move first start on the first visit
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not bucket.take():
                    if bucket.strikes > STRIKES:  # the seat stays; a reload resumes it
                        await websocket.close(code=1008, reason=FLOODED)
                        break
                    await refuse(websocket, "too many messages: slow down")
                    continue
                await answer(session, me, message.get("text"))
        finally:
            with contextlib.suppress(ValueError):
                session.listeners.remove(me)

    async def answer(session: Session, me: Listener, text: object) -> None:
        """One message of a seat's page: an action, or a refusal saying what was wrong."""
        try:
            if not isinstance(text, str):
                raise Refusal("send text: a JSON object such as "
                              '{"type": "act", "turn": 4, "action": "DA"}')
            if len(text) > MAX_MESSAGE:
                raise Refusal("the message is too long")
            try:
                data = json.loads(text)
            except ValueError:
                raise Refusal("the message is not JSON") from None
            if not isinstance(data, dict) or data.get("type") not in ("act", "hello"):
                raise Refusal('a message is {"type": "act", "turn": N, "action": TEXT}')
            if data["type"] == "hello":
                await hub.send(session, me)
                return
            session.act(me.seat, data.get("turn"), data.get("action"), me.lang)
        except Refusal as err:
            await refuse(me.socket, str(err))
            await hub.send(session, me)
            return
        except Exception:  # a bug: logged here, a plain sentence for the page
            log.exception("while answering a seat")
            await refuse(me.socket, "the server could not do that; the game goes on")
            return
        await hub.changed(session)

    async def on_error(request: Request, exc: Exception) -> Response:
        log.exception("request failed", exc_info=exc)
        return HTMLResponse(pages.message_page("en", "500", "the server could not do that"),
                            500)

    async def not_found(request: Request, exc: HTTPException) -> Response:
        return HTMLResponse(pages.message_page(lang_param(request), str(exc.status_code),
                                               str(exc.detail)), exc.status_code)

    routes = [
        Route("/", home),
        Route("/new", new_game),
        Route("/rules", rules_page),
        Route("/play-file", play_file, methods=["POST"]),
        Route("/api/watch", watch_stamp),
        Route("/api/variant", variant_info),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/replay", reopen, methods=["POST"]),
        Route("/api/save/{token}", save),
        Route("/seat/{token}", seat),
        WebSocketRoute("/ws/{token}", socket),
        Mount("/static", StaticFiles(directory=pages.STATIC), name="static"),
        Mount("/assets", StaticFiles(directory=pages.asset_dir()), name="assets"),
    ]
    handlers: dict[Any, Callable[[Request, Any], Awaitable[Response]]] = {
        Exception: on_error, HTTPException: not_found}
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.state.tables, app.state.hub = tables, hub
    return app
