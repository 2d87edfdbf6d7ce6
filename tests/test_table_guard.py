"""Nobody else can stop a club's game (issue 29 §2): a stranger's requests never end a game
in play, never come from another site's page, never fill the server's memory or its
event loop, and every bad one is refused in words (400/403/413/415/429 JSON)."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the table needs the 'table' extra")

from served import served as served_table
from starlette.testclient import TestClient

from jassdsl.engine import Game
from jassdsl.registry import variant_names
from jassdsl.table import app as table_app
from jassdsl.table import session as table_session
from jassdsl.table.app import REPLACED, SEAT_PAGES, TOO_MANY, create_app, rendered
from jassdsl.table.guard import MAX_BODY
from jassdsl.table.session import IDLE

ROOT = Path(__file__).resolve().parents[1]
JSON = {"Content-Type": "application/json"}
FOUR = ["person", "heuristic", "heuristic", "heuristic"]


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(pace=0)) as c:
        yield c


def table(client: TestClient, seats: list[str] = FOUR, **body: Any) -> Any:
    return client.post("/api/tables", json={"variant": "schieber", "seats": seats, "seed": 3,
                                            **body})


def token_of(answer: Any) -> str:
    assert answer.status_code == 200, answer.text
    return str(answer.json()["seats"][0]["url"].split("/")[2].split("?")[0])


def refusal(answer: Any, status: int) -> str:
    """The one sentence of a refusal, which must be JSON with that status."""
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    text = answer.json()["error"]
    assert isinstance(text, str) and "Traceback" not in text
    return text


# --- 1. the table store: a game in play is never evicted by strangers ----------------------

def finished_game() -> Game:
    game = Game("schieber", seed=1)
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_full_table_makes_room_only_from_a_finished_or_idle_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_session, "MAX_TABLES", 3)
    app = create_app(pace=0)
    store = app.state.tables
    club, *strangers = (TestClient(app, client=(f"10.0.0.{k}", 5000)) for k in range(1, 5))
    mine = token_of(table(club, seats=["person"] * 4))
    theirs = [token_of(table(strangers[0])), token_of(table(strangers[1]))]
    text = refusal(table(strangers[2], lang="de"), 429)
    assert "voll" in text and club.get(f"/seat/{mine}").status_code == 200
    session, _ = store.find(theirs[0])
    session.seen -= IDLE + 1  # nobody looked or acted for an hour: it may go
    token_of(table(strangers[2]))
    assert strangers[0].get(f"/seat/{theirs[0]}").status_code == 404
    session, _ = store.find(theirs[1])
    session.game = finished_game()
    token_of(table(strangers[2]))
    assert strangers[1].get(f"/seat/{theirs[1]}").status_code == 404
    assert club.get(f"/seat/{mine}").status_code == 200
    assert club.get(f"/api/save/{mine}").status_code == 200


def test_one_address_has_a_bounded_number_of_games_in_play(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_session, "MAX_OPEN", 2)
    first = token_of(table(client))
    token_of(table(client))
    assert "2" in refusal(table(client), 429)
    saved = client.get(f"/api/save/{first}").json()
    assert "games open" in refusal(client.post("/api/replay", json=saved), 429)
    other = TestClient(client.app, client=("10.0.0.9", 5000))
    token_of(table(other))  # another address is not held back


# --- 2. state-changing requests only from the table's own pages, only as JSON (or a form) --

@pytest.mark.parametrize(("path", "headers", "status"), [
    ("/api/tables", {"Origin": "http://127.0.0.1:8099", **JSON}, 403),
    ("/api/tables", {"Referer": "http://evil.example/page", **JSON}, 403),
    ("/api/tables", {"Origin": "null", **JSON}, 403),
    ("/api/tables", {"Content-Type": "text/plain"}, 415),  # a no-cors "simple" request
    ("/api/tables", {}, 415),
    ("/api/replay", {"Origin": "http://evil.example", **JSON}, 403),
    ("/api/replay", {"Content-Type": "text/plain;charset=UTF-8"}, 415),
])
def test_a_post_from_another_site_or_not_json_is_refused(
        client: TestClient, path: str, headers: dict[str, str], status: int) -> None:
    body = json.dumps({"variant": "schieber", "seats": FOUR})
    refusal(client.post(path, content=body, headers=headers), status)
    assert client.app.state.tables.sessions == []  # type: ignore[attr-defined]


def test_the_tables_own_pages_may_post(client: TestClient) -> None:
    body = json.dumps({"variant": "schieber", "seats": FOUR})
    for named in ({"Origin": "http://testserver"}, {"Referer": "http://testserver/?lang=de"}):
        token_of(client.post("/api/tables", content=body, headers={**named, **JSON}))


def test_the_play_file_button_takes_a_form_from_the_tables_own_page(tmp_path: Path) -> None:
    watched = tmp_path / "mine.jass"
    watched.write_text((ROOT / "rules" / "schieber.jass").read_text(encoding="utf-8"),
                       encoding="utf-8")
    with TestClient(create_app(pace=0, watch=str(watched)), follow_redirects=False) as c:
        form = {"path": str(watched), "lang": "en"}
        assert c.post("/play-file", data=form, headers={"Origin": "http://evil.example"}
                      ).status_code == 403
        assert c.post("/play-file", json=form).status_code == 415
        played = c.post("/play-file", data=form, headers={"Origin": "http://testserver"})
        assert played.status_code == 303 and played.headers["location"].startswith("/seat/")


# --- 5. bodies refused by their length before they are read, read up to the cap -----------

def post_raw(app: Any, headers: list[tuple[bytes, bytes]],
             receive: Callable[[], Awaitable[dict[str, Any]]]) -> int:
    """A POST /api/tables straight through ASGI, its body from `receive`: the status."""
    status = 0

    async def send(message: MutableMapping[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": "/api/tables", "raw_path": b"",
             "query_string": b"", "root_path": "", "client": ("10.0.0.1", 5000),
             "server": ("testserver", 80),
             "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"),
                         *headers]}
    asyncio.run(app(scope, receive, send))
    return status


def chunks_of(count: int, size: int = 1 << 16, pause: float = 0.0) -> Any:
    """A body of `count` chunks; `receive.asked` counts the chunks the app asked for."""
    async def receive() -> dict[str, Any]:
        receive.asked += 1  # type: ignore[attr-defined]
        await asyncio.sleep(pause)
        return {"type": "http.request", "body": b"[" * size,
                "more_body": receive.asked < count}  # type: ignore[attr-defined]

    receive.asked = 0  # type: ignore[attr-defined]
    return receive


def test_a_large_body_is_refused_by_its_length_before_a_byte_is_read() -> None:
    body = chunks_of(6400)
    assert post_raw(create_app(pace=0), [(b"content-length", b"419430400")], body) == 413
    assert body.asked == 0


def test_a_body_without_a_length_is_read_only_up_to_the_cap() -> None:
    body = chunks_of(6400)
    assert post_raw(create_app(pace=0), [(b"transfer-encoding", b"chunked")], body) == 413
    assert body.asked == MAX_BODY // (1 << 16) + 1


def test_a_body_trickled_in_is_refused_after_its_deadline(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from jassdsl.table import guard

    monkeypatch.setattr(guard, "BODY_SECONDS", 0.2)
    body = chunks_of(100, size=1, pause=0.05)
    assert post_raw(create_app(pace=0), [], body) == 408
    assert body.asked < 10


def test_the_size_refusal_is_in_words(client: TestClient) -> None:
    text = refusal(client.post("/api/tables?lang=de", content=b" " * (MAX_BODY + 1),
                               headers=JSON), 413)
    assert text == f"die Anfrage ist zu gross (höchstens {MAX_BODY} Bytes)"


# --- 7. every bad request is a refusal in words, never a 500 page -------------------------

@pytest.mark.parametrize(("body", "says"), [
    ({"seed": "²"}, "a seed is a whole number"),
    ({"seed": "9" * 5000}, "a seed is a whole number"),
    ({"options": {"target": "²"}}, "target"),
    ({"options": {"target": "9" * 5000}}, "at most 18 digits"),
    ({"options": {"target": 10 ** 30}}, "at most 18 digits"),
])
def test_a_wrong_number_is_refused_in_words(client: TestClient, body: dict[str, Any],
                                            says: str) -> None:
    assert says in refusal(table(client, seats=["person"] * 4, **body), 400)


def test_deep_json_is_refused_in_words(client: TestClient) -> None:
    nested = b"[" * 100_000 + b"]" * 100_000  # MAX_BODY bytes: read, then refused
    assert "nested too deeply" in refusal(
        client.post("/api/tables", content=nested, headers=JSON), 400)
    assert "zu tief" in refusal(
        client.post("/api/replay", content=nested, headers={**JSON, "Accept-Language": "de"}),
        400)
    saved = {"format": "jassdsl-table-game/1", "variant": "schieber", "seed": 1,
             "seats": ["person"] * 4, "options": {"target": "9" * 5000}, "actions": []}
    assert "digits" in refusal(client.post("/api/replay", json=saved), 400)


def test_a_deep_message_on_a_socket_is_refused_in_words(client: TestClient) -> None:
    token = token_of(table(client, seats=["person"] * 4))
    with client.websocket_connect(f"/ws/{token}?lang=de") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_text("[" * 1000 + "]" * 1000)
        assert ws.receive_json() == {"type": "error", "text": "das JSON ist zu tief verschachtelt"}


# --- 3. bounded sockets per seat and per address; a change drawn once per seat -------------

def test_a_seat_keeps_a_few_pages_and_a_newer_one_closes_the_oldest(client: TestClient) -> None:
    token = token_of(table(client, seats=["person"] * 4))
    session, _ = client.app.state.tables.find(token)  # type: ignore[attr-defined]
    with ExitStack() as pages:
        oldest = pages.enter_context(client.websocket_connect(f"/ws/{token}"))
        assert oldest.receive_json()["type"] == "state"
        for _ in range(SEAT_PAGES):
            page = pages.enter_context(client.websocket_connect(f"/ws/{token}"))
            assert page.receive_json()["type"] == "state"
        assert "too many pages" in oldest.receive_json()["text"]
        assert oldest.receive()["code"] == REPLACED
        assert len(session.listeners) == SEAT_PAGES


def test_one_address_opens_a_bounded_number_of_pages(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_app, "CLIENT_PAGES", 2)
    tokens = [token_of(table(client, seats=["person"] * 4)) for _ in range(3)]
    with client.websocket_connect(f"/ws/{tokens[0]}") as a, \
            client.websocket_connect(f"/ws/{tokens[1]}") as b:
        a.receive_json(), b.receive_json()
        with client.websocket_connect(f"/ws/{tokens[2]}") as c:
            assert c.receive_json()["text"] == "too many pages of this table are open from " \
                                               "your computer"
            assert c.receive()["code"] == TOO_MANY
    with client.websocket_connect(f"/ws/{tokens[2]}") as c:  # closed ones count no more
        assert c.receive_json()["type"] == "state"


def test_a_change_is_drawn_once_per_seat_language_and_pack(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    session, _ = client.app.state.tables.find(  # type: ignore[attr-defined]
        token_of(table(client, seats=["person"] * 4)))
    seat = session.game.current_player
    token = session.token_of(seat)
    drawn: list[tuple[int, str]] = []
    view = table_app.page_state

    def counted(session: Any, seat: int, lang: Any, log: Any, pack: str = "fr") -> Any:
        drawn.append((seat, lang))
        return view(session, seat, lang, log, pack)

    monkeypatch.setattr(table_app, "page_state", counted)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    told = [0]
    broadcast = hub.broadcast

    async def counted_broadcast(session: Any) -> None:  # (a forced answer tells them again)
        told[0] += 1
        await broadcast(session)

    monkeypatch.setattr(hub, "broadcast", counted_broadcast)
    with ExitStack() as stack:
        pages = [stack.enter_context(client.websocket_connect(f"/ws/{token}?lang={lang}"))
                 for lang in ("en", "en", "de")]
        states = [p.receive_json() for p in pages]
        drawn.clear()
        turn = states[0]["turn"]
        pages[0].send_text(json.dumps({"type": "act", "turn": turn,
                                       "action": states[0]["legal"][0]["text"]}))
        after = [p.receive_json() for p in pages]
    assert told[0] >= 1 and sorted(drawn) == sorted([(seat, "de"), (seat, "en")] * told[0])
    assert after[0] == after[1] and after[0]["turn"] == turn + 1


# --- 6. slow work off the event loop ------------------------------------------------------

def test_replays_and_rule_pages_run_off_the_event_loop(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    loops: list[bool] = []

    def running_loop() -> bool:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    reopen = table_session.Tables.reopen

    def watched(self: Any, *args: Any) -> Any:
        loops.append(running_loop())
        return reopen(self, *args)

    monkeypatch.setattr(table_session.Tables, "reopen", watched)
    saved = client.get(f"/api/save/{token_of(table(client))}").json()
    token_of(client.post("/api/replay", json=saved))
    draw = rendered.__wrapped__

    def drawn(*args: Any) -> Any:
        loops.append(running_loop())
        return draw(*args)

    monkeypatch.setattr(table_app, "rendered", drawn)
    assert client.get("/rules?variant=guggitaler").status_code == 200
    assert loops == [False, False]
    assert (rendered.cache_info().maxsize or 0) >= 2 * len(variant_names())


# --- 8. rule files given by path ----------------------------------------------------------

@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A club's folder with its rule file of an awkward name, a link to a file outside,
    and a link to a device."""
    folder = tmp_path / "club"
    folder.mkdir()
    mine = folder / "club #1 & co+x.jass"
    mine.write_text((ROOT / "rules" / "schieber.jass").read_text(encoding="utf-8"),
                    encoding="utf-8")
    secret = tmp_path / "secret.jass"
    secret.write_text("variant \"secret words\"\n", encoding="utf-8")
    (folder / "x.jass").symlink_to(secret)
    (folder / "zero.jass").symlink_to("/dev/zero")
    return mine


def test_a_watched_file_of_any_name_is_shown_and_played(club: Path) -> None:
    with TestClient(create_app(pace=0, watch=str(club))) as c:
        page = c.get("/")
        assert page.status_code == 200 and "<title>Schieber</title>" in page.text
        token = token_of(table(c, variant=str(club)))
        saved = c.get(f"/api/save/{token}").json()
        assert saved["variant"] == club.name
        with c.websocket_connect(f"/ws/{token}") as ws:
            link = ws.receive_json()["rulebook"]
        assert str(club.parent) not in link and str(club.parent) not in json.dumps(saved)
        assert c.get(link).status_code == 200
        token_of(c.post("/api/replay", json=saved))


def test_a_link_to_a_file_elsewhere_or_a_device_is_not_read(club: Path) -> None:
    with TestClient(create_app(pace=0, watch=str(club))) as c:
        outside = c.get("/api/variant?variant=x.jass")
        assert "outside the folder" in refusal(outside, 403)
        assert "secret words" not in outside.text
        assert "neither a variant" in refusal(c.get("/api/variant?variant=zero.jass"), 400)
        assert "secret" not in c.get("/rules?variant=x.jass").text
        assert "outside" in refusal(table(c, variant=str(club.parent / "x.jass")), 403)


# --- 4. the connections: a deadline for the head, a cap per address ----------------------

@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, int]]:
    """The table through uvicorn as `jassdsl serve` runs it, on a free loopback port, with
    a head deadline of 0.5 s."""
    from jassdsl.table.protocol import GuardedProtocol

    monkeypatch.setattr(GuardedProtocol, "head_seconds", 0.5)
    app = create_app(pace=0.0)
    with served_table(app) as port:
        yield app, port


def closed_within(conn: socket.socket, seconds: float) -> bool:
    conn.settimeout(seconds)
    try:
        return conn.recv(100) == b""
    except TimeoutError:
        return False


def test_the_server_has_limits_on_connections() -> None:
    from jassdsl.table.cli import server_config
    from jassdsl.table.protocol import GuardedProtocol

    config = server_config(create_app(), "127.0.0.1", 8000)
    assert config.http is GuardedProtocol
    assert config.limit_concurrency and config.limit_concurrency <= 500
    assert 0 < config.timeout_keep_alive <= 10


def test_a_slow_request_head_is_closed(served: tuple[Any, int]) -> None:
    _, port = served
    with socket.create_connection(("127.0.0.1", port)) as slow, \
            socket.create_connection(("127.0.0.1", port)) as silent:
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        time.sleep(0.3)
        slow.sendall(b"X-a: b\r\n")
        assert closed_within(slow, 3) and closed_within(silent, 3)
    with socket.create_connection(("127.0.0.1", port)) as quick:  # a whole head is answered
        quick.sendall(b"GET /api/watch HTTP/1.1\r\nHost: x\r\n\r\n")
        quick.settimeout(3)
        assert quick.recv(100).startswith(b"HTTP/1.1 200")


def test_another_computer_holds_a_bounded_number_of_connections(
        served: tuple[Any, int], monkeypatch: pytest.MonkeyPatch) -> None:
    from jassdsl.table import protocol

    _, port = served
    monkeypatch.setattr(protocol, "is_local", lambda host: False)
    monkeypatch.setattr(protocol.GuardedProtocol, "per_address", 2)
    held = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
    try:
        assert closed_within(held[2], 3)
        assert not closed_within(held[0], 0.2)
    finally:
        for conn in held:
            conn.close()
