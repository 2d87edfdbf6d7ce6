"""A club's evening at the table, without a browser: the seats' names (untrusted text),
the Jasstafel's strokes, the bots' levels, every game on disk as it is played and back
after a restart with the same links, the evening's list (no links in it) and a finished
game played back step by step."""

from __future__ import annotations

import json
import re
import stat
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the table needs the 'table' extra")

from german_words import FRENCH_PACK, QUOTED, html_texts, leaks_in
from starlette.testclient import TestClient

from jassdsl.bots.heuristic import HeuristicBot
from jassdsl.bots.search import SearchBot
from jassdsl.table.app import create_app
from jassdsl.table.names import NAME_CHARS, NameRefused, check_name, check_names, shown_names
from jassdsl.table.session import SEAT_KINDS, Session, Tables
from jassdsl.table.tafel import Strokes, strokes, tafel
from jassdsl.table.view import seat_view

TOKEN = re.compile(r"/seat/([\w-]+)")


# -- the Jasstafel ---------------------------------------------------------------------

@pytest.mark.parametrize(("total", "written"), [
    (1234, Strokes(12, 0, 1, 14)),  # 12 strokes of 100, no 50, one 20, and 14
    (157, Strokes(1, 1, 0, 7)),
    (99, Strokes(0, 1, 2, 9)),
    (2500, Strokes(25, 0, 0, 0)),
    (19, Strokes(0, 0, 0, 19)),
    (0, Strokes(0, 0, 0, 0)),
])
def test_the_tafel_writes_hundreds_fifties_twenties_and_the_rest(total: int,
                                                                  written: Strokes) -> None:
    assert strokes(total) == written
    h, f, t, rest = written
    assert 100 * h + 50 * f + 20 * t + rest == total and f <= 1 and t <= 2 and rest < 20


def test_the_tafel_is_drawn_only_where_the_most_points_win() -> None:
    assert tafel(["A", "B"], [1234, 80], most=True, columns=False) == [
        {"name": "A", "total": 1234, "hundreds": 12, "fifties": 0, "twenties": 1, "rest": 14},
        {"name": "B", "total": 80, "hundreds": 0, "fifties": 1, "twenties": 1, "rest": 10}]
    assert tafel(["A", "B"], [10, 20], most=True, columns=True) is None  # Coiffeur's sheet
    assert tafel(["A", "B"], [10, 20], most=False, columns=False) is None  # Differenzler
    assert tafel(["A", "B"], [-10, 20], most=True, columns=False) is None
    with pytest.raises(ValueError):
        strokes(-1)


def test_a_seats_sheet_carries_the_strokes_of_its_totals_but_coiffeurs_does_not() -> None:
    session = Tables().open("schieber", {}, 3, ["person"] + ["heuristic"] * 3)
    play(session, lambda g: len(g.results) >= 1)
    sheet = seat_view(session, 0, "en", [])["sheet"]
    totals = list(session.game.totals["points"])
    assert [x["total"] for x in sheet["strokes"]] == totals and sum(totals) >= 157
    assert all(strokes(x["total"]) == (x["hundreds"], x["fifties"], x["twenties"], x["rest"])
               for x in sheet["strokes"])
    for keeps_its_sheet in ("coiffeur", "differenzler"):  # columns; the least wins
        other = Tables().open(keeps_its_sheet, {}, 3, ["person"] + ["heuristic"] * 3)
        assert seat_view(other, 0, "en", [])["sheet"]["strokes"] is None


# -- names -------------------------------------------------------------------------------

def test_a_name_is_trimmed_capped_and_free_of_control_characters() -> None:
    assert check_name("  Anna   Muster ") == "Anna Muster"
    assert check_name(None) == "" and check_name("") == ""
    for bad in ("Anna\nBeat", "Anna\u202eBeat", "A\u200db", "x\x00", 17, ["Anna"]):
        with pytest.raises(NameRefused):
            check_name(bad)
    with pytest.raises(NameRefused, match=str(NAME_CHARS)):
        check_name("A" * (NAME_CHARS + 1))
    with pytest.raises(NameRefused, match=r"taken|vergeben"):
        check_names(["Anna", "anna"], 4, "de")
    with pytest.raises(NameRefused):
        check_names(["a"] * 5, 4)


def test_a_bot_is_named_by_its_kind_and_level_and_a_seat_by_its_number() -> None:
    kinds = ["person", "search:hard", "person", "search:hard"]
    assert shown_names(["Anna", "", "", ""], kinds, "de") == [
        "Anna", "Bot 2 (stark)", "Spieler 3", "Bot 4 (stark)"]
    assert shown_names(["", "", "", ""], ["person", "search:hard", "random", "heuristic"],
                       "en") == ["Player 1", "Bot (strong)", "Bot (random)", "Bot (heuristic)"]
    # a person who calls themselves what a nameless seat is called is told apart
    assert shown_names(["Player 3", "", "", ""], ["person"] * 4, "en")[2] == "Player 3 #3"


def test_every_seat_kind_is_offered_in_both_languages_and_plays() -> None:
    from jassdsl.rulebook.words import TEXT

    for kind in SEAT_KINDS:
        assert all(TEXT[f"live.{kind}"])
    session = Tables().open("schieber", {}, 4, ["person", "search:easy", "random",
                                                  "search:medium"])
    easy, medium = session.bots[1], session.bots[3]
    assert isinstance(easy, SearchBot) and isinstance(medium, SearchBot)
    assert easy.level.samples < medium.level.samples


def test_names_reach_every_text_of_a_seats_page() -> None:
    session = Tables().open("schieber", {}, 3, ["person", "heuristic", "person", "heuristic"],
                            names=["Anna", None, "Beat"])
    play(session, lambda g: len(g.results) >= 1)
    view = seat_view(session, 0, "de", [])
    assert view["names"] == ["Anna", "Bot 2 (Heuristik)", "Beat", "Bot 4 (Heuristik)"]
    assert view["teams"][0] == "Anna+Beat" and view["sheet"]["subjects"][0] == "Anna+Beat"
    text = json.dumps(view, ensure_ascii=False)
    assert not re.search(r"\bP[0-3]\b|\bdu\+|\byou\+", text)
    assert "Anna" in " ".join(view["hands"][-1]["lines"])


# -- the evening on disk -------------------------------------------------------------------

@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "evening"


@pytest.fixture
def client(folder: Path) -> Iterator[TestClient]:
    with TestClient(create_app(pace=0, evening=folder)) as c:
        yield c


def open_table(client: TestClient, **extra: Any) -> dict[str, Any]:
    body = {"variant": "schieber", "seats": ["person", "heuristic", "person", "heuristic"],
            "seed": 11, "lang": "en", "names": ["Anna"], **extra}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def state(ws: Any, until: Any = lambda m: True) -> dict[str, Any]:
    while True:
        m = ws.receive_json()
        if m["type"] == "state" and until(m):
            return dict(m)


def test_a_game_is_on_disk_after_each_action_and_shows_no_secret(
        client: TestClient, folder: Path) -> None:
    # a long seed: a short one ("11") may turn up by chance in the seal or a time
    links = open_table(client, seed="8067135990612736461938152004")
    anna, beat = (TOKEN.search(s["url"]).group(1) for s in links["seats"])  # type: ignore[union-attr]
    session, _ = client.app.state.tables.find(anna)  # type: ignore[attr-defined]
    path = folder / f"{links['game']}.json"
    with client.websocket_connect(f"/ws/{anna}") as ws:
        m = state(ws, lambda m: m["yours"])
        ws.send_text(json.dumps({"type": "act", "turn": m["turn"],
                                 "action": m["legal"][0]["text"]}))
        turn = m["turn"]
        after = state(ws, lambda m: m["turn"] > turn)  # written before it is told
    saved = json.loads(path.read_text())
    assert session.turn >= len(saved["actions"]) >= after["turn"] > 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    text = path.read_text()
    for secret in (anna, beat, session.host, str(session.seed)):
        assert secret not in text
    assert "seed" not in saved and saved["names"][0] == "Anna"
    assert not list(folder.glob(".*.tmp"))  # written whole, then renamed


def test_a_restarted_server_resumes_the_open_games_with_their_links(folder: Path) -> None:
    done = Tables().open("schieber", {}, 5, ["person"] + ["heuristic"] * 3, names=["Cla"])
    play(done, lambda g: g.is_over)
    with TestClient(create_app(pace=0, evening=folder)) as first:
        links = open_table(first)
        # a game that ends at this server (its last action played here) is on disk too
        record = done.saved()
        ending = first.app.state.tables.open(  # type: ignore[attr-defined]
            "schieber", {}, record["seed"], record["seats"], "en", record["actions"][:-1],
            names=record["names"])
        last, mover = record["actions"][-1], ending.game.current_player
        if mover in ending.bots:
            ending.play_bot((ending.turn, ending.game.parse_action(last)))
        else:
            ending.act(mover, ending.turn, last)
        first.app.state.tables.write(ending)  # type: ignore[attr-defined]
        assert ending.game.is_over
        over = f"/seat/{ending.token_of(0)}"
        assert first.post("/api/replay", json=record).status_code == 200  # not written
        anna = TOKEN.search(links["seats"][0]["url"]).group(1)  # type: ignore[union-attr]
        with first.websocket_connect(f"/ws/{anna}") as ws:
            m = state(ws, lambda m: m["yours"])
            ws.send_text(json.dumps({"type": "act", "turn": m["turn"],
                                     "action": m["legal"][0]["text"]}))
            before = state(ws, lambda m: m["yours"])
    # the file changed by hand is not reloaded: its seal binds the rest of it
    tampered = folder / "AAAAAAAAAAAA.json"
    record = json.loads((folder / f"{links['game']}.json").read_text())
    tampered.write_text(json.dumps({**record, "game": "AAAAAAAAAAAA", "options": {
        "target": "2500"}}))
    with TestClient(create_app(pace=0, evening=folder)) as second:
        tables = second.app.state.tables  # type: ignore[attr-defined]
        assert {s.id for s in tables.sessions} == {links["game"], ending.id}
        with second.websocket_connect(over.replace("/seat/", "/ws/")) as ws:
            assert state(ws)["outcome"]  # a finished game's link shows its end
        assert second.get(f"/seat/{anna}").status_code == 200
        with second.websocket_connect(f"/ws/{anna}") as ws:
            again = state(ws)
        assert (again["turn"], again["hand"], again["names"]) == (
            before["turn"], before["hand"], before["names"])  # the same cards in hand
        host = second.get(links["host"])
        assert host.status_code == 200 and f"/seat/{anna}" in host.text


def test_the_evening_lists_its_games_without_a_link_and_replays_only_finished_ones(
        client: TestClient) -> None:
    links = open_table(client, names=["Anna <b>", None, "Beat"])
    anna = TOKEN.search(links["seats"][0]["url"]).group(1)  # type: ignore[union-attr]
    tables = client.app.state.tables  # type: ignore[attr-defined]
    done = Tables().open("schieber", {}, 5, ["person"] + ["heuristic"] * 3, names=["Cla"])
    play(done, lambda g: g.is_over)
    finished = client.post("/api/replay", json=done.saved()).json()
    finished_id = next(s.id for s in tables.sessions if s.game.is_over)
    page = client.get("/evening?lang=de").text
    assert "Anna &lt;b&gt;+Beat" in page and "<b>" not in page.split("<main")[1]
    assert "/seat/" not in page and "/host/" not in page and anna not in page
    assert f"/replay/{finished_id}" in page and f"/replay/{links['game']}" not in page
    assert "offen, Runde 1" in page and "beendet" in page
    refused = client.get(f"/replay/{links['game']}?lang=en")
    assert refused.status_code == 403 and "still hidden" in refused.text
    assert client.get("/replay/nothing-here-at-all").status_code == 404
    total = len(done.game.history)
    steps = [client.get(f"/replay/{finished_id}?lang=en&step={k}").text
             for k in (0, 1, 40, total, 10**9)]
    assert f"Step 0 of {total}" in steps[0] and f"Step 1 of {total}" in steps[1]
    assert "<h3>Cla</h3>" in steps[1]
    assert f"Step {total} of {total}" in steps[4]
    assert "Game over" in steps[3] and "Game over" not in steps[2]
    # every hand face up: 36 cards before the first is played, fewer in a trick later
    assert steps[0].count("data-card=") == 36
    assert finished["seats"]
    # every step in German: no English word, no card code; what the German-Swiss pack
    # shows (the French pack's texts left out, as its switch hides them) no French name
    for k in range(total + 1):
        text = client.get(f"/replay/{finished_id}?lang=de&step={k}").text
        found = leaks_in(html_texts(text))
        assert not found, (k, found)
        swiss = " ".join(html_texts(text, skip="jc-fr", attrs=False))
        assert not FRENCH_PACK.search(swiss), (k, FRENCH_PACK.search(swiss))
    assert "Spiel beendet nach" in text and "Spiel beendet: " not in text


def test_a_seat_taken_by_link_names_itself_once(client: TestClient) -> None:
    links = open_table(client, names=["Anna"])
    beat = TOKEN.search(links["seats"][1]["url"]).group(1)  # type: ignore[union-attr]
    with client.websocket_connect(f"/ws/{beat}") as ws:
        assert state(ws)["ask_name"]
        ws.send_text(json.dumps({"type": "name", "name": "anna"}))
        assert "taken" in error_of(ws)
        ws.send_text(json.dumps({"type": "name", "name": "Beat\u202e"}))
        assert "control" in error_of(ws)
        ws.send_text(json.dumps({"type": "name", "name": " Beat "}))
        named = state(ws, lambda m: not m["ask_name"])
        assert named["names"][2] == "Beat" and named["teams"][0] == "Anna+Beat"
        ws.send_text(json.dumps({"type": "name", "name": "Cla"}))
        assert "already" in error_of(ws)


def test_a_thinking_bot_does_not_hold_up_the_other_tables(client: TestClient,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot thinks in a worker thread: while one table's bot thinks (here: waits for a
    signal), another table's seat is answered."""
    thinking, go_on = threading.Event(), threading.Event()
    choose = HeuristicBot.choose

    def slow(self: HeuristicBot, game: Any, seat: int) -> Any:
        if seat == 1:
            thinking.set()
            go_on.wait(10)
        return choose(self, game, seat)

    monkeypatch.setattr(HeuristicBot, "choose", slow)
    slow_one = open_table(client, seats=["person", "heuristic", "person", "person"],
                          seed=0, names=None)
    other = open_table(client, seats=["person"] * 4, seed=1, names=None)
    token = TOKEN.search(slow_one["seats"][0]["url"]).group(1)  # type: ignore[union-attr]
    tables = client.app.state.tables  # type: ignore[attr-defined]
    session, _ = tables.find(token)
    with client.websocket_connect(f"/ws/{token}") as ws:
        for _ in range(20):
            m = state(ws)
            if m["current"] == 1:
                break
            if m["yours"]:
                ws.send_text(json.dumps({"type": "act", "turn": m["turn"],
                                         "action": m["legal"][0]["text"]}))
        assert thinking.wait(10)
        seat = TOKEN.search(other["seats"][0]["url"]).group(1)  # type: ignore[union-attr]
        with client.websocket_connect(f"/ws/{seat}") as ws2:
            assert state(ws2)["type"] == "state"  # answered while the bot thinks
        assert session.game.current_player == 1
        go_on.set()


def error_of(ws: Any) -> str:
    while True:
        m = ws.receive_json()
        if m["type"] == "error":
            return str(m["text"])


def play(session: Session, done: Any, limit: int = 3000) -> None:
    """Play the session (bots and the first legal action of a person) until `done`."""
    for _ in range(limit):
        if done(session.game) or session.game.is_over:
            return
        if session.waiting_for_bot():
            session.play_bot()
        else:
            session.act(session.game.current_player, session.turn,
                        session.game.action_text(session.game.legal_actions()[0]))
    raise AssertionError("not reached")



def test_a_host_link_and_a_save_are_refused_in_the_visitors_language(
        client: TestClient) -> None:
    """A German visitor's refusals are German: an unknown host link, a file that is no
    save, a save without actions, a save whose action does not replay."""
    assert "kein Platz hat diesen Link" in client.get("/host/nope?lang=de").text
    assert "no seat has this link" in client.get("/host/nope?lang=en").text
    done = Tables().open("schieber", {}, 5, ["person"] + ["heuristic"] * 3).saved()
    for record, german in (({"format": "x"}, "keine gespeicherte Partie"),
                           ({**done, "actions": None}, "zählt ihre Aktionen auf"),
                           ({**done, "actions": ["nonsense"]}, "nicht nachspielen")):
        answer = client.post("/api/replay", json={**record, "lang": "de"})
        assert answer.status_code == 400 and german in answer.json()["error"], answer.text
        said = QUOTED.sub(" ", answer.json()["error"].split("; erlaubt")[0])  # not what it quotes
        assert not leaks_in([said]), answer.text


def test_the_bieter_files_name_their_passing_values_in_german(client: TestClient) -> None:
    for variant in ("bieter", "dreier-bieter"):
        options = client.get(f"/api/variant?variant={variant}&lang=de").json()["options"]
        labels = next(o["labels"] for o in options if o["name"] == "passing")
        assert sorted(labels) == ["jedes", "nach einem Gebot"], labels
