"""A whole Schieber game to 2500 at the table in German with the German-Swiss pack (issue 31
§2): one seat played by the test, three bots. On every screen of the game (after each action
and at the end) every text node and the title, aria-label, placeholder and value attributes
are read: no English word (the project's own English words, less those that are German too
or names) and no card code. The hands with Schellen and Schilten as trump count twice, a
refused card says why. The seats are named (the player's name typed on the start page, the
bots by their level, one of them the searching bot) on every screen, never P0..P3 or
"du+P2"; at the end the Jasstafel's Z is drawn with the strokes of the totals.
Screenshots at 1280 and 390 px go to $JASSDSL_SHOTS.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the table needs the 'table' extra")
sync_api = pytest.importorskip("playwright.sync_api", reason="the table needs the 'table' extra")

from german_words import FRENCH_PACK, screen_leaks  # noqa: E402
from served import served  # noqa: E402
from test_table_browser import CHROMIUM, new_page  # noqa: E402
from test_table_evening_browser import NOT_A_NAME, drawn_strokes  # noqa: E402

from jassdsl.rulebook.words import say  # noqa: E402
from jassdsl.table.app import create_app  # noqa: E402
from jassdsl.table.tafel import strokes  # noqa: E402

if CHROMIUM is None:
    pytest.skip("no Chromium installed", allow_module_level=True)

def leaks(page: Any) -> list[str]:
    """The texts of the screen with an English word or a card code in them."""
    return screen_leaks(page)


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    """The table, bots without pause; the test plays faster than the rate a person's page
    may send at (10 a second), so the rate is raised for it."""
    from jassdsl.table import app

    rate, app.RATE = app.RATE, 1000.0
    try:
        with served(create_app(pace=0.0)) as port:
            yield f"http://127.0.0.1:{port}"
    finally:
        app.RATE = rate


def shoot(page: Any, name: str) -> None:
    """The screen at 1280 and at 390 px wide, into $JASSDSL_SHOTS (when set)."""
    folder = os.environ.get("JASSDSL_SHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=str(Path(folder) / f"german-{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


SEATS = ("person", "search:easy", "heuristic", "random")
NAMES = ("Vreni", "Bot (leicht)", "Bot (Heuristik)", "Bot (Zufall)")  # as every seat shows them
DOUBLED = ("Schellen", "Schilten")
FACTORS = {"Schellen": 2, "Schilten": 2, "Obenabe": 3, "Undenufe": 3, "Eicheln": 1, "Rosen": 1}


def factors(points: list[int], written: list[int]) -> set[int]:
    """The factors a hand may have been counted with: each team wrote its card points and
    its Weis and Stöck (multiples of 10) times the factor."""
    return {f for f in (1, 2, 3) if all(w - f * p >= 0 and (w - f * p) % (10 * f) == 0
                                        for p, w in zip(points, written, strict=True))}


def test_a_whole_schieber_game_to_2500_in_german_with_the_german_swiss_pack(
        browser: Any, base: str) -> None:

    page = new_page(browser, 1280)
    page.goto(f"{base}/?lang=de")
    page.click(".rulebook-pack__button[data-pack=ch]")
    page.select_option("#variant", "schieber")
    page.wait_for_selector("[data-option='konter']")  # Schieber's options shown
    page.wait_for_selector("#seats[data-loaded='schieber'] [data-seat='3']")
    found = leaks(page)  # the start page, too
    assert not found, found
    page.select_option("[data-option='target']", label="2500")  # Trumpf doppelt
    for seat, kind in enumerate(SEATS):
        page.select_option(f"[data-seat='{seat}']", label=say("de", f"live.{kind}"))
    page.fill("[data-name='0']", "Vreni")
    page.fill("#seed", "3")
    page.click("#start")
    page.wait_for_selector(".seat-link")
    assert not leaks(page)
    page.goto(page.eval_on_selector(".seat-link", "e => e.href"))
    page.wait_for_selector("#hand .card")
    shots, refused, screens, chosen = set(), False, 0, 0
    for _ in range(400):
        page.wait_for_function("document.body.classList.contains('yours') || "
                               "!document.getElementById('outcome').hidden")
        found = leaks(page)
        assert not found, found
        screens += 1
        visible = page.inner_text("main")
        assert not FRENCH_PACK.search(visible), visible
        assert all(name in visible for name in NAMES), visible  # names on every seat
        assert not NOT_A_NAME.search(visible), NOT_A_NAME.search(visible)
        if page.is_visible("#outcome"):
            break
        turn = page.get_attribute("body", "data-turn")
        barred = page.locator("#hand .card.barred")
        if not refused and barred.count():  # a card that may not be played says why
            barred.first.click(force=True)
            why = page.inner_text("#why")
            assert "nicht erlaubt" in why and len(why) > 25, why
            refused = True
        buttons = page.locator("#actions button.action")
        if buttons.count():
            if "trump" not in shots and page.locator(
                    "#actions button.action", has_text="Schellen").count():
                shoot(page, "trump")
                shots.add("trump")
            # choosing trump, the test makes each doubled suit trump in turn (the bots'
            # choices depend on their cards); else the first answer
            suit = page.locator("#actions button.action", has_text=DOUBLED[chosen % 2])
            if suit.count():
                suit.first.click()
                chosen += 1
            else:
                buttons.first.click()
        else:
            if "mid" not in shots and page.locator("#trick .card").count() >= 2:
                shoot(page, "mid-hand")
                shots.add("mid")
            page.locator("#hand .card.legal").first.click()
        page.wait_for_function(f"document.body.dataset.turn !== '{turn}'")
    else:
        raise AssertionError("the game did not end in 400 actions")
    assert refused and screens > 100
    outcome = page.inner_text("#outcome")
    assert outcome.startswith("Spiel beendet nach") and "Spiel beendet: " not in outcome
    # the sheet: Schellen and Schilten doubled, Obenabe and Undenufe tripled, the rest once
    rows = page.locator("#sheet table.sheet tr")
    seen: dict[str, int] = {}
    for k in range(1, rows.count() - 2):  # the last hand may end in mid-hand
        row = rows.nth(k)
        mode = row.locator("th small").inner_text().strip()
        points = [int(t.split()[0]) for t in row.locator("td .points").all_inner_texts()]
        written = [int(t.split()[0]) if t else 0 for t in
                   [" ".join(c.locator(".written").all_inner_texts())
                    for c in row.locator("td").all()]]
        assert FACTORS[mode] in factors(points, written), (mode, points, written)
        if factors(points, written) == {FACTORS[mode]}:
            seen[mode] = FACTORS[mode]
    assert seen.get("Schellen") == 2 and seen.get("Schilten") == 2, seen
    assert not leaks(page)
    # the Jasstafel: a Z per team, its strokes those of the team's total
    totals = [int(re.match(r"-?\d+", t).group())  # type: ignore[union-attr]
              for t in page.locator("#sheet table.numbers tr.total td").all_inner_texts()]
    drawn = drawn_strokes(page)
    assert [d[0] for d in drawn] == totals and max(totals) >= 2500, (drawn, totals)
    assert all(tuple(d[1:]) == tuple(strokes(d[0])) for d in drawn), drawn
    shoot(page, "end")
    page.locator("#sheet").scroll_into_view_if_needed()
    shoot(page, "sheet")
    assert not page.errors, page.errors
    page.context.close()
