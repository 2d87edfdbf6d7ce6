"""`jassdsl serve --lang de|en`: the table's language for a visitor who has not chosen
one; a visitor's own choice (`?lang=`) still wins, and without `--lang` the browser's
Accept-Language decides, as before."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette", reason="the table needs the 'table' extra")

from starlette.testclient import TestClient

from jassdsl import cli
from jassdsl.rulebook.words import Lang
from jassdsl.table import pages
from jassdsl.table.app import create_app


def served(monkeypatch: pytest.MonkeyPatch, args: list[str]) -> dict[str, Any]:
    """What `jassdsl serve ARGS` hands the app, without starting a server."""
    import uvicorn

    import jassdsl.table.app as app_module

    seen: dict[str, Any] = {}

    def fake_app(**kwargs: Any) -> object:
        seen.update(kwargs)
        return object()

    monkeypatch.setattr(app_module, "create_app", fake_app)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: None)
    assert cli.main(["serve", *args]) == 0
    return seen


def test_serve_takes_lang_and_hands_it_to_the_table(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert served(monkeypatch, ["--lang", "de"])["default_lang"] == "de"
    assert served(monkeypatch, ["--lang", "en"])["default_lang"] == "en"
    assert served(monkeypatch, [])["default_lang"] is None
    assert cli.main(["serve", "--lang", "fr"]) != 0
    assert "invalid choice: 'fr'" in capsys.readouterr().err


@pytest.mark.parametrize(("default", "header", "query", "page"), [
    ("de", "en-US,en;q=0.9", "", "de"),      # --lang de: German for a new visitor
    ("de", "en-US", "?lang=en", "en"),       # ... unless the visitor chose English
    ("en", "de-CH,de;q=0.9", "", "en"),      # --lang en beats a German browser
    (None, "de-CH,de;q=0.9", "", "de"),      # without --lang the browser decides
    (None, "en-US", "", "en"),
])
def test_a_new_visitor_gets_the_served_language(default: Lang | None, header: str, query: str,
                                                page: Lang) -> None:
    assert pages.start_page("de") != pages.start_page("en")
    with TestClient(create_app(pace=0, default_lang=default)) as client:
        got = client.get("/" + query, headers={"accept-language": header})
    assert got.status_code == 200
    assert got.text == pages.start_page(page)
