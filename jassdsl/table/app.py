"""The table's ASGI app: pages, a small JSON API, one WebSocket per open seat page.

Each seat's socket only ever gets that seat's view (`view.seat_view`); a message names an
action for the seat of the socket's own token, so no link can act for another seat. Bad
input gets a refusal (`{"type": "error", "text": ...}`) and the game goes on; an error of
the server is logged and answered in words, never with a traceback. A game the engine
cannot continue (a bot's or a person's action fails, a page cannot be drawn) stops: it is
logged once, every seat's page says why (`jassdsl.table.failure`), and nobody is asked.

Nobody else can stop a club's game: requests that change something come only from the
table's own pages (`guard`), bodies are capped before they are read, a seat keeps a few
pages and an address a bounded number, a change is drawn once per seat and language, and
the slow work (replaying a saved game, drawing a rulebook page, a bot thinking) runs off
the event loop. With an evening folder every game is written to disk after each action
and its open games are played back when the server starts (`jassdsl.table.evening`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

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
from jassdsl.rulebook.textview import option_text
from jassdsl.rulebook.words import Lang, say
from jassdsl.table import evening_pages, pages
from jassdsl.table.evening import Evening
from jassdsl.table.guard import FORM, check_post, client_of, parse_json, read_body
from jassdsl.table.names import shown_names
from jassdsl.table.session import Refusal, Session, Stopped, Tables, check_source
from jassdsl.table.steps import Steps, step_views
from jassdsl.table.view import Journal, page_state

log = logging.getLogger("jassdsl.table")

MAX_MESSAGE = 2000  # characters of one WebSocket message
# Bytes of one WebSocket message the server reads at all (uvicorn's `ws_max_size`): a
# longer one closes the socket with 1009 before it is buffered; one up to this size but
# over MAX_MESSAGE characters is refused in words.
MAX_FRAME = 16_384
FLOODED = "too many messages: this page is closed, reload it to play on"
BURST, RATE = 20, 10.0  # a socket may send BURST messages at once, then RATE a second
STRIKES = 200  # refused messages beyond the rate before the socket is closed
SEAT_PAGES = 3  # open pages (sockets) of one seat; a newer one closes the oldest
CLIENT_PAGES = 32  # open pages of one address over all tables; more are refused
REPLACED, TOO_MANY = 4409, 4429  # close codes after which a page does not reconnect
REPLAYS = 2  # saved games replayed at once (each in a worker thread); more wait their turn
PAGES_KEPT = 128  # rulebook pages drawn and kept: every shipped file in both languages
MARKDOWN = ["admonition", "attr_list", "md_in_html", "tables", "toc", "pymdownx.superfences"]


def lang_of(value: object, default: Lang = "en") -> Lang:
    return "de" if value == "de" else "en" if value == "en" else default


def pack_of(value: object) -> str:
    """The pack a page shows: 'ch' (German-Swiss) or 'fr' (French, the default)."""
    return "ch" if value == "ch" else "fr"


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
    pack: str = "fr"  # the pack the page shows: its texts name cards and suits by it


class Hub:
    """The open sockets of every game, the narration per seat, and the bots' driving."""

    def __init__(self, pace: float, write: Callable[[Session], None] = lambda s: None) -> None:
        self.pace = pace
        self.write = write  # the game to the evening's folder, after each action
        self.tasks: set[asyncio.Task[None]] = set()
        self.pages: Counter[str] = Counter()  # open sockets per address

    def journal(self, session: Session, seat: int, lang: Lang, pack: str) -> list[str]:
        key = (seat, lang, pack)
        if key not in session.journals:
            session.journals[key] = Journal(session.game, seat, lang, session.shown(lang))
        journal: Journal = session.journals[key]
        return journal.update()

    def state(self, session: Session, seat: int, lang: Lang, pack: str = "fr"
              ) -> dict[str, Any]:
        return page_state(session, seat, lang,
                          lambda: self.journal(session, seat, lang, pack), pack)

    async def send(self, session: Session, listener: Listener,
                   state: dict[str, Any] | None = None) -> None:
        going = session.stopped is None
        if state is None:
            state = self.state(session, listener.seat, listener.lang, listener.pack)
        with contextlib.suppress(Exception):  # a socket closing as we write: it leaves
            await listener.socket.send_json(state)
        if going and session.stopped is not None:  # this page stopped it: tell every seat
            await self.broadcast(session)

    async def broadcast(self, session: Session) -> None:
        """Every open page its seat's view: drawn once per seat, language and pack."""
        going = session.stopped is None
        drawn: dict[tuple[int, Lang, str], dict[str, Any]] = {}
        for listener in list(session.listeners):
            key = (listener.seat, listener.lang, listener.pack)
            if key not in drawn:
                drawn[key] = self.state(session, *key)
            await self.send(session, listener, drawn[key])
        if going and session.stopped is not None:  # a page stopped it: tell every seat
            await self.broadcast(session)

    async def changed(self, session: Session) -> None:
        """Save the game, tell every seat, then let the bots play until a person is to
        act."""
        self.write(session)
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
                try:  # a bot thinks in a worker thread: the other tables go on meanwhile
                    thinks = session.game.current_player in session.bots
                    session.play_bot(await run_in_threadpool(session.bot_choice) if thinks
                                     else session.bot_choice())
                except Stopped as stop:  # the game cannot go on: say why to every seat
                    await self.halted(session, stop)
                    return
                session.seen = time.monotonic()
                self.write(session)
                await self.broadcast(session)
        except Exception as err:  # a bug of the table itself: logged, never lost in a task
            log.exception("the bots of a table stopped")
            session.stop("bot", session.game.current_player, "", err)
            await self.broadcast(session)
        finally:
            session.driving = False

    async def halted(self, session: Session, stop: Stopped) -> None:
        """Log why a game stopped (with the traceback of an error that is a bug) and tell
        every seat: their pages show it, and nobody is asked any more."""
        self.write(session)  # the evening's list says it stopped
        cause = stop.__cause__
        bug = None if isinstance(cause, JassError) else cause
        log.error("game stopped: %s", stop.failure.why("en", [f"P{k}" for k in range(
            session.game.rules.players)], session.game.rules.model), exc_info=bug)
        await self.broadcast(session)


async def refuse(socket: WebSocket, text: str) -> None:
    with contextlib.suppress(Exception):
        await socket.send_json({"type": "error", "text": text})


@lru_cache(maxsize=PAGES_KEPT)
def rendered(source: str, stamp: float, lang: Lang) -> tuple[str, str]:
    """A rule file's rulebook page as HTML (its title, its body); RuleFileErrors as raised.
    Each clause of the scoring gets the anchor `clause-ID` that a hand's report links."""
    variant = load_variant(variant_path(source))
    text = markdown.markdown(variant_page(lang, variant), extensions=MARKDOWN)
    text = re.sub(r"<li>\s*<p><code>([\w-]+)</code>", r'<li id="clause-\1"><p><code>\1</code>',
                  text)
    return in_lang(lang, variant.model.name, variant.model.name), text


def stamp_of(source: str, roots: tuple[Path, ...]) -> float:
    try:
        return variant_path(check_source(source, roots)).stat().st_mtime
    except (OSError, JassError, Refusal):
        return 0.0


def create_app(pace: float = 0.5, watch: str | None = None,
               default_lang: Lang | None = None, evening: Path | None = None) -> Starlette:
    """The table's app; `pace`: seconds between two bot actions; `watch`: a rule file
    whose page (or check errors) the start page shows, to play it at once; `default_lang`:
    the language of a visitor who has not chosen one (`?lang=`), where the browser's
    Accept-Language decides without it. A rule file given by path is read only from the
    working folder and the watched file's folder. `evening`: the folder every game is
    written to as it is played (`jassdsl.table.evening`); its open games are played back
    to where they stood now, before the table opens."""
    roots = (Path.cwd(), *([Path(watch).expanduser().resolve().parent] if watch else []))
    tables = Tables(roots, evening=Evening(evening) if evening is not None else None)
    hub, steps = Hub(pace, tables.write), Steps()
    reloaded = tables.reload()
    if reloaded:
        log.warning("%d games of the evening reloaded from %s", reloaded, evening)
    replays = asyncio.Semaphore(REPLAYS)

    def lang_param(request: Request) -> Lang:
        header = request.headers.get("accept-language", "")
        return lang_of(request.query_params.get("lang"),
                       default_lang or ("de" if header.lower().startswith("de") else "en"))

    async def home(request: Request) -> Response:
        lang = lang_param(request)
        if watch is not None:
            return RedirectResponse(f"/rules?variant={quote(watch, safe='')}&lang={lang}"
                                    "&watch=1", 303)
        return HTMLResponse(pages.start_page(lang))

    async def new_game(request: Request) -> Response:
        return HTMLResponse(pages.start_page(lang_param(request), watch or ""))

    async def rules_page(request: Request) -> Response:
        lang = lang_param(request)
        source = request.query_params.get("variant", "")
        play = source if request.query_params.get("watch") else ""
        stamp = stamp_of(source, roots) if play else 0.0
        try:
            name = check_source(source, roots, lang)
            # a watched file is played first, as `jassdsl check` plays it (a smaller run,
            # off the event loop): what that finds is shown as its check errors
            found = await run_in_threadpool(found_text, variant_path(name), WATCH_HANDS,
                                            lang) if play else ""
            if found:
                return HTMLResponse(pages.error_page(lang, source, found, play, stamp))
            title, body = await run_in_threadpool(rendered, name, stamp_of(name, roots), lang)
        except Refusal as err:
            return HTMLResponse(pages.message_page(lang, "?", str(err)), err.status)
        except RuleFileErrors as err:
            return HTMLResponse(pages.error_page(lang, source, err.render(lang), play, stamp))
        except JassError as err:
            return HTMLResponse(pages.error_page(lang, source, str(err), play, stamp))
        return HTMLResponse(pages.rules_page(lang, title, body, play, stamp))

    async def watch_stamp(request: Request) -> Response:
        return JSONResponse({"stamp": stamp_of(watch, roots) if watch else 0})

    async def play_file(request: Request) -> Response:
        """The preview's button: the watched file at once, you at seat 0, bots elsewhere."""
        lang = lang_param(request)
        try:
            check_post(request, lang, FORM)
            form = parse_qs((await read_body(request, lang)).decode("utf-8", "replace"))
            lang = lang_of(form.get("lang", [""])[0], lang)
            source = form.get("path", [""])[0]
            players = load_rules(check_source(source, roots, lang)).players
            session = tables.open(source, {}, None, ["person"] + ["heuristic"] * (players - 1),
                                  lang, client=client_of(request))
        except Refusal as err:
            return HTMLResponse(pages.message_page(lang, "?", str(err)), err.status)
        except JassError as err:
            return HTMLResponse(pages.message_page(lang, "?", str(err)), 400)
        return RedirectResponse(f"/seat/{session.token_of(0)}?lang={lang}", 303)

    async def variant_info(request: Request) -> Response:
        """A variant's seats and options, for the start page."""
        source = request.query_params.get("variant", "")
        lang = lang_param(request)
        try:
            rules = load_rules(check_source(source, roots, lang))
        except (Refusal, JassError) as err:
            return refused(err, lang)
        options = [{"name": o.name, "text": in_lang(lang, o.description, o.german),
                    "default": o.default.word(), "choices": [c.word() for c in o.choices],
                    # each choice as the page names it (the file's German word for it)
                    "labels": [option_text(rules, c.word(), lang) for c in o.choices]}
                   for o in rules.model.options]
        return JSONResponse({"name": rules.name, "players": rules.players, "options": options})

    def refused(err: Exception, lang: Lang = "en") -> JSONResponse:
        """A request the table cannot take: the reason in one answer (a rule file's
        errors with their positions)."""
        text = err.render(lang) if isinstance(err, RuleFileErrors) else str(err)
        return JSONResponse({"error": text}, err.status if isinstance(err, Refusal) else 400)

    async def body_json(request: Request, lang: Lang) -> Any:
        """The JSON object of a request that changes something (see `guard`)."""
        check_post(request, lang)
        data = parse_json(await read_body(request, lang), lang)
        if not isinstance(data, dict):
            raise Refusal(say(lang, "live.refuse.object"))
        return data

    def links(session: Session, lang: Lang, seats: list[int] | None = None,
              host: bool = False) -> JSONResponse:
        """The links of a game's seats (`host`: and its host link: for its creator)."""
        names = session.shown(lang)
        return JSONResponse({"game": session.id, **(
            {"host": f"/host/{session.host}?lang={lang}"} if host else {}),
            "seats": [{"seat": seat, "name": names[seat],
                       "url": f"/seat/{session.token_of(seat)}?lang={lang}"} for seat in (
                           session.persons if seats is None else seats)]})

    async def create(request: Request) -> Response:
        lang = lang_param(request)
        try:
            data = await body_json(request, lang)
            lang = lang_of(data.get("lang"), lang)
            session = tables.open(data.get("variant"), data.get("options"), data.get("seed"),
                                  data.get("seats"), lang, client=client_of(request),
                                  names=data.get("names"))
        except (Refusal, JassError) as err:
            return refused(err, lang)
        return links(session, lang, host=True)

    async def reopen(request: Request) -> Response:
        """A saved game replayed in a worker thread (a long one takes seconds: the other
        tables go on meanwhile), at most REPLAYS at once."""
        lang = lang_param(request)
        try:
            data = await body_json(request, lang)
            client, lang = client_of(request), lang_of(data.get("lang"), lang)
            tables.room(client, lang)
            async with replays:
                session, seats = await run_in_threadpool(tables.reopen, data, client, lang)
        except Refusal as err:
            return JSONResponse({"error": str(err)}, err.status)
        except JassError as err:
            return JSONResponse({"error": str(err)}, 400)
        return links(session, session.lang, seats)  # type: ignore[arg-type]

    async def seat(request: Request) -> Response:
        lang = lang_param(request)
        token = request.path_params["token"]
        try:
            tables.find(token, lang)
        except Refusal as err:
            return HTMLResponse(pages.message_page(lang, "404", str(err)), 404)
        return HTMLResponse(pages.seat_page(lang, token))

    async def save(request: Request) -> Response:
        try:
            session, seat_no = tables.find(request.path_params["token"], lang_param(request))
        except Refusal as err:
            return JSONResponse({"error": str(err)}, 404)
        return JSONResponse(tables.save(session, seat_no), headers={
            "Content-Disposition": 'attachment; filename="jass-game.json"'})

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            session, seat_no = tables.find(websocket.path_params["token"],
                                           lang_of(websocket.query_params.get("lang")))
        except Refusal as err:
            await refuse(websocket, str(err))
            await websocket.close(code=4404)
            return
        lang = lang_of(websocket.query_params.get("lang"), lang_of(session.lang))
        client = client_of(websocket)
        if hub.pages[client] >= CLIENT_PAGES:
            await refuse(websocket, say(lang, "live.refuse.sockets"))
            await websocket.close(code=TOO_MANY)
            return
        mine = [other for other in session.listeners if other.seat == seat_no]
        for old in mine[:max(0, len(mine) - SEAT_PAGES + 1)]:  # the oldest make room
            session.listeners.remove(old)
            await refuse(old.socket, say(old.lang, "live.refuse.pages"))
            with contextlib.suppress(Exception):
                await old.socket.close(code=REPLACED)
        me = Listener(websocket, seat_no, lang, pack_of(websocket.query_params.get("pack")))
        session.listeners.append(me)
        session.seen = time.monotonic()
        hub.pages[client] += 1
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
                    await refuse(websocket, say(lang, "live.refuse.slow_down"))
                    continue
                await answer(session, me, message.get("text"))
        finally:
            hub.pages[client] -= 1
            if hub.pages[client] <= 0:
                del hub.pages[client]
            session.seen = time.monotonic()
            with contextlib.suppress(ValueError):
                session.listeners.remove(me)

    async def answer(session: Session, me: Listener, text: object) -> None:
        """One message of a seat's page: an action, or a refusal saying what was wrong."""
        try:
            if not isinstance(text, str):
                raise Refusal(say(me.lang, "live.refuse.text"))
            if len(text) > MAX_MESSAGE:
                raise Refusal(say(me.lang, "live.refuse.long"))
            data = parse_json(text, me.lang, message=True)
            if not isinstance(data, dict) or data.get("type") not in ("act", "hello", "name",
                                                                      "pack"):
                raise Refusal(say(me.lang, "live.refuse.form"))
            if data["type"] == "pack":  # the page's pack switch: its texts in that pack
                me.pack = pack_of(data.get("pack"))
            if data["type"] in ("hello", "pack"):
                await hub.send(session, me)
                return
            if data["type"] == "name":  # a person names the seat taken by its link
                session.name(me.seat, data.get("name"), me.lang)
                hub.write(session)
                await hub.broadcast(session)
                return
            session.act(me.seat, data.get("turn"), data.get("action"), me.lang)
            session.seen = time.monotonic()
        except Refusal as err:
            await refuse(me.socket, str(err))
            await hub.send(session, me)
            return
        except Stopped as stop:  # the engine cannot go on: every seat is told why
            await hub.halted(session, stop)
            return
        except Exception:  # a bug: logged here, a plain sentence for the page
            log.exception("while answering a seat")
            await refuse(me.socket, say(me.lang, "live.refuse.failed"))
            return
        await hub.changed(session)

    async def host(request: Request) -> Response:
        """The host link: every seat's link of one game (to hand them out again)."""
        lang = lang_param(request)
        try:
            session = tables.hosted(request.path_params["token"], lang)
        except Refusal as err:
            return HTMLResponse(pages.message_page(lang, "404", str(err)), 404)
        names = session.shown(lang)
        return HTMLResponse(evening_pages.host_page(lang, [
            (names[s], f"/seat/{session.token_of(s)}?lang={lang}") for s in session.persons]))

    def evening_games(lang: Lang) -> list[evening_pages.Row]:
        """The evening's games: those of this server's memory, then the folder's others."""
        with tables.lock:
            live = list(tables.sessions)
        rows = [evening_pages.row_of(s.id, s.started, s.game.rules.name, s.names, list(s.kinds),
                                     s.summary(), lang) for s in live]
        known = {s.id for s in live}
        if tables.evening is not None:
            for game_id, record in tables.evening.games():
                if game_id not in known and isinstance(record.get("summary"), dict):
                    rows.append(evening_pages.row_of(
                        game_id, record.get("started", 0), str(record.get("variant", "?")),
                        record.get("names"), record.get("seats"), record["summary"], lang))
        return sorted((r for r in rows if r is not None), key=lambda r: -r.started)

    async def evening_list(request: Request) -> Response:
        lang = lang_param(request)
        rows = await run_in_threadpool(evening_games, lang)
        return HTMLResponse(evening_pages.list_page(lang, rows))

    def finished_record(game_id: str) -> dict[str, Any] | None:
        """A finished game's record (the seed named), from memory or the folder."""
        with tables.lock:
            live = next((s for s in tables.sessions if s.id == game_id), None)
        if live is not None:
            return {**live.saved(), "started": live.started} if live.game.is_over else None
        record = tables.evening.read(game_id) if tables.evening is not None else None
        if record is None or "seed" not in record:  # an open game's seed is sealed
            return None
        return record

    async def replay_step(request: Request) -> Response:
        """A finished game of the evening, step by step (`?step=K`: after K actions)."""
        lang = lang_param(request)
        game_id = request.path_params["game"]
        try:
            record = await run_in_threadpool(finished_record, game_id)
            if record is None:
                known = any(r.id == game_id for r in evening_games(lang))
                raise Refusal(say(lang, "live.replay.open" if known else
                                  "live.replay.unknown"), 403 if known else 404)
            actions = record.get("actions")
            if not isinstance(actions, list):
                raise Refusal(say(lang, "live.replay.unknown"), 404)
            text = request.query_params.get("step", "")
            step = min(int(text), len(actions)) if text.isascii() and text.isdigit() \
                and len(text) <= 12 else 0  # past the end: the end
            source = check_source(record.get("variant"), roots, lang)
            async with replays:  # a step back plays the game again: as a replay does
                game, marks, seats = await run_in_threadpool(steps.game_at, game_id, source,
                                                             record, step)
            kinds = record.get("seats") or []
            names = shown_names(record.get("names") or [""] * len(kinds), kinds, lang)
            views = step_views(game, marks, seats, names, len(actions), lang)
        except Refusal as err:
            return HTMLResponse(pages.message_page(lang, str(err.status), str(err)),
                                err.status)
        except (JassError, KeyError, TypeError, ValueError) as err:
            return HTMLResponse(pages.message_page(lang, "400", str(err)), 400)
        return HTMLResponse(evening_pages.step_page(lang, game_id, game.rules.name, views))

    async def on_error(request: Request, exc: Exception) -> Response:
        log.exception("request failed", exc_info=exc)
        lang = lang_param(request)
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": say(lang, "live.refuse.server")}, 500)
        return HTMLResponse(pages.message_page(lang, "500", say(lang, "live.refuse.server")),
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
        Route("/host/{token}", host),
        Route("/evening", evening_list),
        Route("/replay/{game}", replay_step),
        WebSocketRoute("/ws/{token}", socket),
        Mount("/static", StaticFiles(directory=pages.STATIC), name="static"),
        Mount("/assets", StaticFiles(directory=pages.asset_dir()), name="assets"),
    ]
    handlers: dict[Any, Callable[[Request, Any], Awaitable[Response]]] = {
        Exception: on_error, HTTPException: not_found}
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.state.tables, app.state.hub = tables, hub
    return app
