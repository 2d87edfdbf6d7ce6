"""A saved game tells no seat the hidden cards: a table's seed is drawn from 2^128, and the
save of an open game carries it sealed with the seats' links. Replayed, a sealed save gives
its poster only the seat that saved it; a finished game's save names its seed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the table needs the 'table' extra")

from starlette.testclient import TestClient

from jassdsl.table.app import create_app
from jassdsl.table.seal import Sealer, SealError
from jassdsl.table.session import MAX_SEED, Refusal, Tables, check_seed

SEATS = ["person", "heuristic", "person", "heuristic"]


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(pace=0)) as c:
        yield c


def token(url: str) -> str:
    return url.split("/")[2].split("?")[0]


def first_state(client: TestClient, tok: str) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/{tok}") as ws:
        while True:
            m = ws.receive_json()
            if m["type"] == "state":
                return dict(m)


def test_a_tables_seed_comes_from_a_space_nobody_can_search() -> None:
    drawn = {check_seed("") for _ in range(8)}
    assert len(drawn) == 8 and max(drawn).bit_length() > 100
    assert check_seed(" 42 ") == 42 and check_seed(str(MAX_SEED - 1)) == MAX_SEED - 1
    for wrong in ("²", "-1", str(MAX_SEED), "9" * 5000, 1.5, True):
        with pytest.raises(Refusal, match="a seed is a whole number"):
            check_seed(wrong)


def cards_of(state: dict[str, Any]) -> list[str]:
    return sorted(c["code"] for c in state["hand"])


def test_an_open_games_save_shows_no_seed_and_replays_only_its_own_seat(
        client: TestClient, user_data_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answer = client.post("/api/tables", json={"variant": "schieber", "seats": SEATS,
                                              "seed": "", "lang": "en"})
    mine, friend = (token(s["url"]) for s in answer.json()["seats"])
    session, _ = client.app.state.tables.find(mine)  # type: ignore[attr-defined]
    friends_hand = cards_of(first_state(client, friend))  # (its order follows trump, which
    # a bot may choose between this look and the save)
    text = client.get(f"/api/save/{mine}").text
    saved = json.loads(text)
    assert "seed" not in saved and str(session.seed) not in text and friend not in text
    everybody = dict(saved, seats=["person"] * 4)  # l1: every seat a person's
    refused = client.post("/api/replay", json=everybody)
    assert refused.status_code == 400 and "changed" in refused.json()["error"]
    live = client.post("/api/replay", json=saved).json()["seats"]
    assert [(s["seat"], token(s["url"])) for s in live] == [(0, mine)]
    with TestClient(create_app(pace=0)) as restarted:  # the same user's server, restarted
        again = restarted.post("/api/replay", json=saved).json()["seats"]
        assert [(s["seat"], token(s["url"])) for s in again] == [(0, mine)]
        assert cards_of(first_state(restarted, friend)) == friends_hand  # the friend's link
    monkeypatch.setenv("XDG_DATA_HOME", str(user_data_folder / "another-server"))
    with TestClient(create_app(pace=0)) as elsewhere:
        other = elsewhere.post("/api/replay", json=saved)
    assert other.status_code == 400 and "another server" in other.json()["error"]


def test_a_finished_games_save_names_its_seed() -> None:
    tables = Tables(sealer=Sealer(b"k" * 32))
    session = tables.open("guggitaler", {}, 5, ["person", "random", "random", "random"])
    game = session.game
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    saved = tables.save(session, 0)
    assert saved["seed"] == 5 and "sealed" not in saved
    replayed, seats = tables.reopen(saved)
    assert replayed.game.is_over and seats == [0] and replayed is not session


def test_a_seal_opens_only_with_its_secret_and_its_bound_bytes() -> None:
    sealer = Sealer(b"s" * 32)
    sealed = sealer.seal({"seed": 2**127 + 5}, b"the rest")
    assert sealer.open(sealed, b"the rest") == {"seed": 2**127 + 5}
    assert str(2**127 + 5) not in sealed
    for wrong, bound in ((sealed, b"the rest!"), (sealed[:-4] + "AAAA", b"the rest"),
                         ("?!", b"the rest"), (17, b"the rest")):
        with pytest.raises(SealError):
            sealer.open(wrong, bound)
    with pytest.raises(SealError):
        Sealer(b"t" * 32).open(sealed, b"the rest")
