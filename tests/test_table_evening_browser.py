"""A club's evening in the browser (Playwright, the system Chromium, as
test_table_browser.py): names typed on the start page and on taking a seat by link, on
every seat's page; the Jasstafel's Z whose strokes are the totals' strokes; the server
stopped in mid-game and started again on the same folder and port, the same seat link
going on where it was; the evening's list, with the resume link this browser was given,
and a finished game played back a step forward and back. The German screens among them
(with the German-Swiss pack: the Tafel, the start page with names, the host page, the name
prompt and its refusal, the evening's list, a replay step) say no English word and no card
code (tests/german_words.py) and no French pack's name.

Screenshots at 1280 and 390 px, German and English, both packs, go to $JASSDSL_SHOTS
(default: pytest's temporary folder).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the table needs the 'table' extra")
sync_api = pytest.importorskip("playwright.sync_api", reason="the table needs the 'table' extra")

from german_words import FRENCH_PACK, screen_leaks  # noqa: E402
from served import served  # noqa: E402
from test_table_browser import act_once, new_page  # noqa: E402

from jassdsl.bots.heuristic import HeuristicBot  # noqa: E402
from jassdsl.rulebook.words import say  # noqa: E402
from jassdsl.table.app import create_app  # noqa: E402
from jassdsl.table.session import Tables  # noqa: E402
from jassdsl.table.tafel import strokes  # noqa: E402

NOT_A_NAME = re.compile(r"\bP[0-3]\b|\bdu\+|\byou\+|\+du\b|\+you\b")


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    """A whole Schieber game to 1000 with named seats, as its save (it names its seed)."""
    session = Tables().open("schieber", {}, 21, ["person", "search:easy", "person", "random"],
                            names=["Anna", "", "Beat"])
    game, stand_in = session.game, HeuristicBot(random.Random(1))
    while not game.is_over:  # the searching bot's seat played by the heuristic: cheaper
        if game.current_player == 1:
            session.play_bot((session.turn, stand_in.choose(game, 1)))
        elif session.waiting_for_bot():
            session.play_bot()
        else:
            session.act(game.current_player, session.turn,
                        game.action_text(game.legal_actions()[0]))
    return session.saved()


def german(page: Any, start: bool = False) -> None:
    """A German screen in the German-Swiss pack: no English word, code or French name
    (`start`: the start page, where an option's text names both packs' suits)."""
    found = screen_leaks(page)
    assert not found, found
    assert start or not FRENCH_PACK.search(page.inner_text("body")), page.inner_text("body")


def pack(page: Any, which: str) -> None:
    if which == "ch":
        page.click(".rulebook-pack__button[data-pack=ch]")


def post(page: Any, base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = page.request.post(f"{base}{path}", data=json.dumps(body),
                               headers={"Content-Type": "application/json"})
    assert answer.ok, answer.text()
    return dict(answer.json())


def drawn_strokes(page: Any) -> list[tuple[int, int, int, int, int]]:
    """Per Z drawn: its total, and the strokes of 100, 50, 20 and the rest it shows."""
    return [tuple(t) for t in page.eval_on_selector_all("svg.z", """els => els.map(z => [
        +z.dataset.total, z.querySelectorAll('line.s100').length,
        z.querySelectorAll('line.s50').length, z.querySelectorAll('line.s20').length,
        +z.querySelector('text.rest').textContent])""")]


@pytest.mark.parametrize(("width", "lang", "which"), [(1280, "de", "ch"), (390, "en", "fr")])
def test_names_on_every_seat_and_the_tafel_drawn_from_the_totals(
        browser: Any, shots: Path, finished: dict[str, Any], width: int, lang: str,
        which: str) -> None:
    with served(create_app(pace=0.0)) as port:
        base = f"http://127.0.0.1:{port}"
        page = new_page(browser, width)
        page.goto(f"{base}/?lang={lang}")
        pack(page, which)
        page.select_option("#variant", "schieber")  # its seats, their kinds and names
        page.wait_for_selector("#seats[data-loaded='schieber'] [data-seat='3']")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        link = post(page, base, "/api/replay", {**finished, "lang": lang})["seats"][0]["url"]
        page.goto(base + link)
        page.wait_for_selector("svg.z")
        names = ["Anna", "Bot (leicht)", "Beat", "Bot (Zufall)"] if lang == "de" else [
            "Anna", "Bot (easy)", "Beat", "Bot (random)"]
        text = page.inner_text("main")
        for name in names:
            assert name in text
        assert "Anna+Beat" in page.inner_text("#sheet table.numbers tr")  # the header
        bots = "+".join(names[1::2])
        assert "Anna+Beat" in page.inner_text("#outcome") or bots in page.inner_text("#outcome")
        assert not NOT_A_NAME.search(text), NOT_A_NAME.search(text)
        totals = [int(re.match(r"-?\d+", t).group())  # type: ignore[union-attr]
                  for t in page.locator("#sheet table.numbers tr.total td").all_inner_texts()]
        drawn = drawn_strokes(page)
        assert [d[0] for d in drawn] == totals and max(totals) >= 1000
        for total, hundreds, fifties, twenties, rest in drawn:
            h, f, t, r = strokes(total)
            assert (hundreds, fifties, twenties, rest) == (h, f, t, r), total
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert not page.errors, page.errors
        if lang == "de":
            german(page)
        page.screenshot(path=str(shots / f"tafel-{width}-{lang}-{which}.png"), full_page=True)
        page.context.close()


def test_a_restart_in_mid_game_resumes_the_same_links_and_the_evening_lists_it(
        browser: Any, shots: Path, finished: dict[str, Any], tmp_path: Path) -> None:
    """Anna names herself on the start page, seat 3 names itself on its link; the server
    stops in mid-hand and starts again on the same folder and port: the same links go on
    where they were. The evening's list offers this browser its resume link and plays the
    finished game back a step forward and back."""
    folder = tmp_path / "evening"
    host = new_page(browser, 1280)
    with served(create_app(pace=0.0, evening=folder)) as port:
        base = f"http://127.0.0.1:{port}"
        host.goto(f"{base}/?lang=de")
        pack(host, "ch")
        host.select_option("#variant", "schieber")
        host.wait_for_selector("#seats[data-loaded='schieber'] [data-seat='3']")
        for seat, kind in enumerate(("person", "search:easy", "heuristic", "person")):
            host.select_option(f"[data-seat='{seat}']", label=say("de", f"live.{kind}"))
        host.fill("[data-name='0']", "Anna")
        host.fill("#seed", "0")
        german(host, start=True)
        host.screenshot(path=str(shots / "start-names-1280-de.png"), full_page=True)
        host.click("#start")
        host.wait_for_selector(".seat-link")
        assert host.locator(".host-link").count() == 1
        german(host, start=True)
        anna, other = (str(x) for x in host.eval_on_selector_all(
            ".seat-link", "els => els.map(e => e.href)"))
        assert "Anna" in host.inner_text("#link-list")
        host.goto(str(host.eval_on_selector(".host-link", "e => e.href")))  # the host page
        host.wait_for_selector("#link-list .seat-link")
        assert "Anna" in host.inner_text("#link-list")
        german(host)
        friend = new_page(browser, 390)
        friend.goto(other)
        pack(friend, "ch")
        friend.wait_for_selector("#name-form:not([hidden])")
        german(friend)
        friend.screenshot(path=str(shots / "name-asked-390-de-ch.png"), full_page=True)
        friend.fill("#name", "anna")  # Anna's: refused, in German
        friend.click("#name-form button")
        friend.wait_for_function("document.getElementById('error').textContent.includes("
                                 "'vergeben')")
        german(friend)
        friend.fill("#name", "Beat")
        friend.click("#name-form button")
        friend.wait_for_selector("#name-form", state="hidden")
        host.goto(anna)
        host.wait_for_function("document.querySelector('#sheet') && "
                               "document.querySelector('#sheet').textContent.includes('Beat')")
        for _ in range(30):  # Anna plays until it is Beat's turn to play a card
            host.wait_for_function("document.body.classList.contains('yours') || "
                                   "document.body.dataset.current === '3'")
            if not host.evaluate("document.body.classList.contains('yours')"):
                break
            act_once(host)
        friend.wait_for_function("document.body.classList.contains('yours')")
        seen = friend.inner_text("main")  # every seat's page names every seat
        assert all(name in seen for name in ("Anna", "Beat", "Bot (leicht)", "Bot (Heuristik)"))
        assert not NOT_A_NAME.search(seen), NOT_A_NAME.search(seen)
        turn = friend.get_attribute("body", "data-turn")
        hand = friend.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
    # the server is down; its successor reads the same folder and listens on the port
    with served(create_app(pace=0.0, evening=folder), port=port):
        friend.wait_for_function(f"document.body.dataset.turn === '{turn}' && "
                                 "!document.getElementById('status').classList.contains('lost')"
                                 " && document.body.classList.contains('yours')")
        friend.goto(other)  # the link itself, opened anew
        friend.wait_for_function(f"document.body.dataset.turn === '{turn}'")
        assert friend.eval_on_selector_all("#hand .card",
                                           "els => els.map(e => e.dataset.card)") == hand
        assert friend.locator("#name-form").is_hidden()  # named before the restart
        act_once(friend)  # and the game goes on
        friend.screenshot(path=str(shots / "resumed-390-de-ch.png"), full_page=True)
        # the evening: the finished game too, then this browser's own resume link
        post(host, base, "/api/replay", {**finished, "lang": "de"})
        host.goto(f"{base}/evening?lang=de")
        german(host)
        rows = host.locator("table.evening tr[data-game]")
        assert rows.count() == 2
        assert "/host/" in (host.get_attribute(".resume-link", "href") or "")
        assert "Anna+Beat" in host.inner_text("table.evening")  # the finished game
        assert "Bot (leicht)+Beat" in host.inner_text("table.evening")  # the resumed one
        host.screenshot(path=str(shots / "evening-1280-de.png"), full_page=True)
        friend.goto(f"{base}/evening?lang=en")
        assert "/seat/" in (friend.get_attribute(".resume-link", "href") or "")  # its own
        friend.screenshot(path=str(shots / "evening-390-en-ch.png"), full_page=True)
        friend.click(".replay-link")
        friend.wait_for_selector("#step[data-step='0']")
        cards = friend.locator("[data-card]").count()
        assert cards == 36
        for step in (1, 2):
            friend.click("#forward")
            friend.wait_for_selector(f"#step[data-step='{step}']")
        friend.click("#back")
        friend.wait_for_selector("#step[data-step='1']")
        assert "Step 1 of" in friend.inner_text("#step")
        friend.click("#last")
        friend.wait_for_selector("#replay .outcome")
        friend.screenshot(path=str(shots / "replay-end-390-en.png"), full_page=True)
        host.goto(friend.url.replace("lang=en", "lang=de").replace(
            re.search(r"step=\d+", friend.url).group(), "step=6"))  # type: ignore[union-attr]
        pack(host, "ch")
        host.wait_for_selector("#step[data-step='6']")
        german(host)
        host.screenshot(path=str(shots / "replay-step-1280-de-ch.png"), full_page=True)
        for page in (host, friend):
            assert page.evaluate("document.documentElement.scrollWidth") <= \
                page.viewport_size["width"]
            assert not page.errors, page.errors
            page.context.close()

