"""The table server without a browser (Starlette's TestClient): setting up a game, what
each seat's socket gets, and bad input of every kind, refused in words while the game
goes on."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the table needs the 'table' extra")

from served import served
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from jassdsl.core.cards import CARD_NAMES
from jassdsl.table.app import FLOODED, MAX_FRAME, MAX_MESSAGE, STRIKES, create_app

CARD = re.compile(r"\b[DHSC](?:A|K|Q|J|10|9|8|7|6)\b")
Socket = Any
JSON = {"Content-Type": "application/json"}


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(pace=0)) as c:
        yield c


def open_table(client: TestClient, variant: str = "schieber",
               seats: tuple[str, ...] = ("person", "heuristic", "heuristic", "heuristic"),
               seed: int = 7, **extra: Any) -> list[str]:
    answer = client.post("/api/tables", json={"variant": variant, "seats": list(seats),
                                              "seed": seed, "lang": "en", **extra})
    assert answer.status_code == 200, answer.text
    return [s["url"].split("/")[2].split("?")[0] for s in answer.json()["seats"]]


def state_of(ws: Socket) -> dict[str, Any]:
    """The next state the socket gets (refusals before it are skipped)."""
    while True:
        m = ws.receive_json()
        if m["type"] == "state":
            return dict(m)


def my_turn(ws: Socket) -> dict[str, Any]:
    """States until this seat is to act or the game is over."""
    while True:
        m = state_of(ws)
        if m["yours"] or m["outcome"]:
            return m


def settled(ws: Socket, people: tuple[int, ...], after: int = -1) -> dict[str, Any]:
    """The state once the bots have played: a person's turn (or the end), after a turn."""
    while True:
        m = state_of(ws)
        if m["turn"] > after and (m["current"] in people or m["outcome"]):
            return m


def error_of(ws: Socket) -> str:
    while True:
        m = ws.receive_json()
        if m["type"] == "error":
            return str(m["text"])


def act(ws: Socket, m: dict[str, Any], action: str) -> None:
    ws.send_text(json.dumps({"type": "act", "turn": m["turn"], "action": action}))


def no_traceback(text: str) -> None:
    assert "Traceback" not in text and 'File "' not in text


def test_the_start_page_offers_every_variant_and_its_options(client: TestClient) -> None:
    page = client.get("/?lang=de")
    assert page.status_code == 200
    assert 'value="coiffeur"' in page.text and "Neues Spiel" in page.text
    info = client.get("/api/variant?variant=coiffeur&lang=de").json()
    assert info["players"] == 4
    rounds = next(o for o in info["options"] if o["name"] == "rounds")
    assert rounds["choices"] == ["8", "10"] and "Spalten" in rounds["text"]


@pytest.mark.parametrize(("body", "says"), [
    ({"variant": "nosuch", "seats": ["person"] * 4}, "neither a variant"),
    ({"variant": "/etc/passwd", "seats": ["person"] * 4}, "neither a variant"),
    ({"variant": "schieber", "seats": ["person"] * 3}, "has 4 seats"),
    ({"variant": "schieber", "seats": ["heuristic"] * 4}, "at least one seat"),
    ({"variant": "schieber", "seats": ["person"] * 4, "seed": -3}, "a seed is"),
    ({"variant": "schieber", "seats": ["person"] * 4, "options": {"target": "lots"}}, "target"),
    ({"variant": "schieber", "seats": ["person"] * 4, "options": {"nosuch": 1}}, "nosuch"),
    ([1, 2], "JSON object"),
])
def test_a_wrong_setup_is_refused_in_words(client: TestClient, body: Any, says: str) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    assert says in answer.json()["error"]
    no_traceback(answer.text)


def test_a_request_that_is_not_json_is_refused(client: TestClient) -> None:
    answer = client.post("/api/tables", content=b"\xff{not json", headers=JSON)
    assert answer.status_code == 400 and "not JSON" in answer.json()["error"]


def test_an_unknown_link_is_refused(client: TestClient) -> None:
    page = client.get("/seat/not-a-token")
    assert page.status_code == 404 and "no seat has this link" in page.text
    with client.websocket_connect("/ws/not-a-token") as ws:
        assert "no seat has this link" in ws.receive_json()["text"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4404


def test_a_seat_plays_a_whole_hand_and_sees_the_sheet(client: TestClient) -> None:
    (token,) = open_table(client)
    with client.websocket_connect(f"/ws/{token}") as ws:
        m = my_turn(ws)
        while not m["sheet"]["rows"]:
            legal = m["legal"]
            assert legal, m["prompt"]
            act(ws, m, legal[0]["text"])
            m = my_turn(ws)
    row = m["sheet"]["rows"][0]
    assert row["hand"] == 1 and row["mode"]
    assert sum(cell["points"] for cell in row["cells"]) == 157  # Schieber's card points
    report = m["hands"][0]
    assert report["clause"] and report["link"].endswith(f"#clause-{report['clause']}")
    page = client.get(report["link"].split("#")[0])
    assert f'id="clause-{report["clause"]}"' in page.text


def test_a_seat_never_gets_another_seats_hand(client: TestClient) -> None:
    """Seats 0 and 1 are people: nothing sent to seat 0 names a card seat 1 holds (and
    the other way round) until it is played, through a whole hand."""
    first, second = open_table(client, seats=("person", "person", "heuristic", "heuristic"))
    with client.websocket_connect(f"/ws/{first}") as a, \
            client.websocket_connect(f"/ws/{second}") as b:
        sa, sb = settled(a, (0, 1)), settled(b, (0, 1))
        hands = 0
        for _ in range(200):
            held = {0: {c["code"] for c in sa["hand"]}, 1: {c["code"] for c in sb["hand"]}}
            assert not held[0] & held[1]
            for m, other in ((sa, held[1]), (sb, held[0])):  # a declared Weis is public
                said = set(CARD.findall(json.dumps(m["weis"])))
                named = set(CARD.findall(json.dumps(m))) - said
                assert not named & other, f"seat {m['seat']} was sent {named & other}"
            assert sa["turn"] == sb["turn"]
            if not sa["yours"] and not sb["yours"]:  # a person's forced answer (nothing to
                turn = sa["turn"]  # declare): the server gives it
                sa, sb = settled(a, (0, 1), turn), settled(b, (0, 1), turn)
                continue
            mover, ms = (a, sa) if sa["yours"] else (b, sb)
            act(mover, ms, ms["legal"][0]["text"])
            sa, sb = settled(a, (0, 1), ms["turn"]), settled(b, (0, 1), ms["turn"])
            hands = len(sa["sheet"]["rows"])
            if hands:
                break
        assert hands == 1


def test_a_forged_action_for_another_seat_is_refused(client: TestClient) -> None:
    first, second = open_table(client, seats=("person", "person", "heuristic", "heuristic"))
    with client.websocket_connect(f"/ws/{first}") as a, \
            client.websocket_connect(f"/ws/{second}") as b:
        sa, sb = settled(a, (0, 1)), settled(b, (0, 1))
        waiting, mover = (b, sb) if sa["yours"] else (a, sa)
        acting = sa if sa["yours"] else sb
        assert acting["yours"] and not mover["yours"]
        forged = {"type": "act", "turn": acting["turn"], "action": acting["legal"][0]["text"],
                  "seat": acting["seat"]}
        waiting.send_text(json.dumps(forged))
        assert "not your turn" in error_of(waiting)
        assert state_of(waiting)["turn"] == acting["turn"]  # nothing happened


@pytest.mark.parametrize(("message", "says"), [
    ("{not json", "not JSON"),
    ("[1, 2]", "a message is"),
    ('{"type": "shout"}', "a message is"),
    ('{"type": "act", "turn": TURN}', "short text"),
    ('{"type": "act", "turn": TURN, "action": {"kind": "play"}}', "short text"),
    ('{"type": "act", "turn": 999, "action": "DA"}', "moved on"),
    ('{"type": "act", "turn": "0", "action": "DA"}', "moved on"),
    ("x" * 5000, "too long"),
])
def test_a_malformed_message_is_refused_and_the_game_goes_on(
        client: TestClient, message: str, says: str) -> None:
    (token,) = open_table(client, seats=("person", "heuristic", "heuristic", "heuristic"))
    with client.websocket_connect(f"/ws/{token}") as ws:
        m = my_turn(ws)
        ws.send_text(message.replace("TURN", str(m["turn"])))
        assert says in error_of(ws)
        m = state_of(ws)
        act(ws, m, m["legal"][0]["text"])
        assert state_of(ws)["turn"] > m["turn"]


def test_bytes_and_an_illegal_card_are_refused(client: TestClient) -> None:
    (token,) = open_table(client, seed=11)
    with client.websocket_connect(f"/ws/{token}") as ws:
        m = my_turn(ws)
        ws.send_bytes(b"\x00\x01")
        assert "send text" in error_of(ws)
        m = state_of(ws)
        while m["phase"] != "play":
            act(ws, m, m["legal"][0]["text"])
            m = my_turn(ws)
        mine = {c["code"] for c in m["hand"]}
        stranger = next(c for c in CARD_NAMES if c not in mine)
        act(ws, m, stranger)
        refusal = error_of(ws)
        assert f"{stranger!r} is not a legal action now; legal: " in refusal
        assert m["legal"][0]["text"] in refusal


def test_a_flood_of_messages_is_slowed_down_and_the_game_goes_on(client: TestClient) -> None:
    (token,) = open_table(client)
    with client.websocket_connect(f"/ws/{token}") as ws:
        m = my_turn(ws)
        for _ in range(60):
            ws.send_text('{"type": "hello"}')
        seen = [ws.receive_json() for _ in range(60)]
        assert any(s["type"] == "error" and "slow down" in s["text"] for s in seen)
    with client.websocket_connect(f"/ws/{token}") as ws:  # reconnecting resumes the seat
        again = my_turn(ws)
        assert again["turn"] == m["turn"] and again["hand"] == m["hand"]
        act(ws, again, again["legal"][0]["text"])
        assert state_of(ws)["turn"] > again["turn"]
    assert STRIKES > 60  # a burst like this one is slowed down, not cut off


def test_a_flood_past_the_strikes_closes_the_socket_with_a_reason(client: TestClient) -> None:
    """A page that keeps flooding is closed with 1008 and a sentence; the seat is kept,
    another socket of the same link plays on."""
    (token,) = open_table(client)
    with client.websocket_connect(f"/ws/{token}") as ws:
        m = my_turn(ws)
        for _ in range(STRIKES + 60):
            ws.send_text('{"type": "hello"}')
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert (closed.value.code, closed.value.reason) == (1008, FLOODED)
    with client.websocket_connect(f"/ws/{token}") as ws:
        again = my_turn(ws)
        assert again["turn"] == m["turn"]
        act(ws, again, again["legal"][0]["text"])
        assert state_of(ws)["turn"] > again["turn"]


def test_a_long_message_is_refused_in_words(client: TestClient) -> None:
    (token,) = open_table(client)
    with client.websocket_connect(f"/ws/{token}") as ws:
        m = my_turn(ws)
        ws.send_text(json.dumps({"type": "act", "turn": m["turn"], "action": "x" * MAX_MESSAGE}))
        assert "too long" in error_of(ws)
        m = state_of(ws)
        act(ws, m, m["legal"][0]["text"])
        assert state_of(ws)["turn"] > m["turn"]


def test_the_server_reads_no_message_larger_than_its_cap() -> None:
    """Through uvicorn as `jassdsl serve` runs it: a message over MAX_FRAME bytes closes
    that socket with 1009 before it is read whole; the server answers the next one."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    app = create_app(pace=0.0)
    with served(app) as port:
        with TestClient(app) as local:
            (token,) = open_table(local)
        url = f"ws://127.0.0.1:{port}/ws/{token}"
        with connect(url, max_size=None) as ws:
            json.loads(ws.recv(timeout=10))
            ws.send("x" * (MAX_FRAME + 1))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        with connect(url) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "state"


def test_a_saved_game_replays_to_the_same_table(client: TestClient) -> None:
    (token,) = open_table(client, variant="coiffeur", seed=3)
    with client.websocket_connect(f"/ws/{token}") as ws:
        m = my_turn(ws)
        for _ in range(6):
            act(ws, m, m["legal"][-1]["text"])
            m = my_turn(ws)
    saved = client.get(f"/api/save/{token}").json()
    assert "seed" not in saved and len(saved["actions"]) == m["turn"]  # sealed: still open
    with TestClient(create_app(pace=0)) as restarted:  # the server started again
        links = restarted.post("/api/replay", content=json.dumps(saved),
                               headers=JSON).json()["seats"]
        again = links[0]["url"].split("/")[2].split("?")[0]
        assert again == token  # the seat's own link, as before
        with restarted.websocket_connect(f"/ws/{again}") as ws:
            n = my_turn(ws)
    assert (n["turn"], n["hand"], n["trick"]) == (m["turn"], m["hand"], m["trick"])
    clear = {k: v for k, v in saved.items() if k != "sealed"}  # a save naming its seed
    broken = dict(clear, seed=3, actions=[*saved["actions"][:2], "trump nonsense"])
    answer = client.post("/api/replay", content=json.dumps(broken), headers=JSON)
    assert answer.status_code == 400 and "does not replay" in answer.json()["error"]


def test_a_server_error_reaches_the_page_as_a_sentence(client: TestClient,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    (token,) = open_table(client)
    app_tables = client.app.state.tables  # type: ignore[attr-defined]
    session, _ = app_tables.find(token)

    def broken(*_: object) -> None:
        raise RuntimeError("a bug")

    with client.websocket_connect(f"/ws/{token}") as ws:
        m = my_turn(ws)
        monkeypatch.setattr(session, "act", broken)
        act(ws, m, m["legal"][0]["text"])
        text = error_of(ws)
    assert text == "the server could not do that; the game goes on"


def test_the_preview_shows_a_files_page_or_its_check_error(tmp_path: Path) -> None:
    good = Path(__file__).parents[1] / "rules" / "schieber.jass"
    edited = tmp_path / "mine.jass"
    edited.write_text(good.read_text(encoding="utf-8"), encoding="utf-8")
    with TestClient(create_app(pace=0, watch=str(edited))) as c:
        page = c.get("/?lang=de")
        assert page.status_code == 200 and "Abrechnung einer Runde" in page.text
        assert 'action="/play-file"' in page.text
        edited.write_text("variant \"x\"\nplayers five\n", encoding="utf-8")
        broken = c.get("/?lang=de").text
        assert re.search(r"mine\.jass:\d+:\d+", broken), broken
        no_traceback(broken)
        edited.write_text(good.read_text(encoding="utf-8"), encoding="utf-8")
        played = c.post("/play-file", data={"path": str(edited), "lang": "en"})
        assert played.status_code == 200 and 'id="hand"' in played.text


def test_the_preview_shows_what_playing_the_watched_file_finds(tmp_path: Path) -> None:
    """The watched file is played as `jassdsl check` plays it (a smaller run): Schieber
    without Stöck in its scoring shows its failing invariant at its line, in the page's
    language, with the command that replays it."""
    good = (Path(__file__).parents[1] / "rules" / "schieber.jass").read_text(encoding="utf-8")
    edited = tmp_path / "mine.jass"
    edited.write_text(good.replace("(points + weis + stoeck) * factor", "(points + weis) * "
                                   "factor"), encoding="utf-8")
    with TestClient(create_app(pace=0, watch=str(edited))) as c:
        page = c.get("/?lang=de").text
    assert re.search(r"mine\.jass:\d+:\d+: die Prüfung &#x27;scored&#x27; gilt nicht nach "
                     r"Runde \d+ mit Startwert \d+", page), page
    assert "nachspielen: jassdsl play " in page and "Abrechnung einer Runde" not in page
    no_traceback(page)


def test_a_hidden_estimate_reaches_only_its_own_seat(client: TestClient) -> None:
    first, second = open_table(client, variant="differenzler",
                               seats=("person", "person", "heuristic", "heuristic"), seed=5)
    with client.websocket_connect(f"/ws/{first}") as a, \
            client.websocket_connect(f"/ws/{second}") as b:
        sa, sb = settled(a, (0, 1)), settled(b, (0, 1))
        while not (sa["phase"] == "declare" and sa["yours"]):
            mover, ms = (a, sa) if sa["yours"] else (b, sb)
            act(mover, ms, ms["legal"][0]["text"])
            sa, sb = settled(a, (0, 1), ms["turn"]), settled(b, (0, 1), ms["turn"])
        choice = sa["legal"][3]
        act(a, sa, choice["text"])
        sa, sb = settled(a, (0, 1), sa["turn"]), settled(b, (0, 1), sa["turn"])
    assert f"Player 1: {choice['label']}" in sa["declared"]  # the seat's name (none given)
    assert all(d.startswith("Player 2:") for d in sb["declared"])  # nobody else's, hidden


def test_a_persons_forced_answer_is_the_servers_to_give() -> None:
    """Every seat is asked about its Weis (issue 29); a person with nothing to declare gets
    no button for it, and the server answers `weis 0` as it plays a bot's turn; its page
    and the others' read the question as for a seat that holds a Weis."""
    from jassdsl.table.session import Tables
    from jassdsl.table.view import seat_view

    session = Tables().open("schieber", {}, 0, ["person"] * 4)
    game = session.game
    forced = 0
    while not game.observe(0).tricks:
        seat = game.current_player
        if game.phase == "weis":
            view = seat_view(session, seat, "en", [])
            other = seat_view(session, (seat + 1) % 4, "en", [])
            assert other["phase"] == "weis" and other["current"] == seat
            if game.forced_action() is not None:
                forced += 1
                assert not view["yours"] and not view["legal"]
                assert session.waiting_for_bot()
                session.play_bot()
                assert game.phase == "play" and game.current_player == seat
                continue
            assert view["yours"] and not session.waiting_for_bot()
        session.act(seat, session.turn, game.action_text(game.legal_actions()[-1]))
    assert forced
