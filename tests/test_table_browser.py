"""The table as people use it: Playwright drives the system Chromium against `jassdsl serve`
started on 127.0.0.1 in the test. A whole hand of Schieber (choose trump, play every card,
see the scoresheet) and a whole Coiffeur column, shorter runs for the other widths,
languages and packs; two seats in two browser contexts prove that a seat never gets the
other's cards and cannot act for it.

Skips, saying why, only where Chromium is not installed, and never in CI (.ci/run installs
it). Screenshots go to $JASSDSL_SHOTS (default: pytest's temporary folder).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the table needs the 'table' extra")
sync_api = pytest.importorskip("playwright.sync_api", reason="the table needs the 'table' extra")


from served import served  # noqa: E402

from jassdsl.core.cards import CARD_NAMES, card_words  # noqa: E402
from jassdsl.rulebook.words import say  # noqa: E402
from jassdsl.table.app import create_app  # noqa: E402

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "",
                             shutil.which("chromium-browser") or "") if p and Path(p).exists()),
                None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
CARD = re.compile(r"\b[DHSC](?:A|K|Q|J|10|9|8|7|6)\b")
WORDS = {"en": ("Trump", "Scoresheet"), "de": ("Trumpf", "Jasstafel")}

if CHROMIUM is None:
    if os.environ.get("CI"):
        pytest.fail("CI must run the table's browser tests: .ci/run installs chromium",
                    pytrace=False)
    pytest.skip("no Chromium installed (apt-get install chromium); the table's browser "
                "tests need it", allow_module_level=True)


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    """The table on a free local port, bots without pause."""
    with served(create_app(pace=0.0)) as port:
        yield f"http://127.0.0.1:{port}"


def new_page(browser: Any, width: int) -> Any:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def set_up(page: Any, base: str, variant: str, lang: str, pack: str,
           seats: tuple[str, ...] = ("person", "heuristic", "heuristic", "heuristic"),
           seed: int = 5) -> list[str]:
    """The start page as a person fills it in; the links to the people's seats."""
    page.goto(f"{base}/?lang={lang}")
    if pack == "ch":
        page.click(".rulebook-pack__button[data-pack=ch]")
    page.select_option("#variant", variant)
    page.wait_for_selector(f"#seats[data-loaded='{variant}'] [data-seat='{len(seats) - 1}']")
    for seat, kind in enumerate(seats):
        page.select_option(f"[data-seat='{seat}']", label=say(lang, f"live.{kind}"))
    page.fill("#seed", str(seed))
    page.select_option("#lang", lang)
    page.click("#start")
    page.wait_for_selector(".seat-link")
    links = page.eval_on_selector_all(".seat-link", "els => els.map(e => e.href)")
    return [str(link) for link in links]


def act_once(page: Any) -> None:
    """Choose on this seat's turn: the first button of a declaration, or the first card
    the hand may play; then wait until the table has moved on."""
    turn = page.get_attribute("body", "data-turn")
    buttons = page.locator("#actions button.action")
    if page.locator("#entry").count():  # a number: the lowest it takes
        page.fill("#entry", page.get_attribute("#entry", "min") or "0")
        page.click("#actions button")
    elif page.locator("#choice").count():
        page.click("#actions button")
    elif buttons.count():
        buttons.first.click()
    else:
        page.locator("#hand .card.legal").first.click()
    page.wait_for_function(f"document.body.dataset.turn !== '{turn}'")


def play_until(page: Any, done: str, limit: int = 80) -> None:
    for _ in range(limit):
        page.wait_for_function(f"document.body.classList.contains('yours') || ({done})")
        if page.evaluate(done):
            return
        act_once(page)
    raise AssertionError(f"not reached after {limit} actions: {done}")


# every card by its code and by its names in each pack's words ('Hearts Jack', 'Rosen Under')
CARD_WORDS = {card_words(c, names): CARD_NAMES[c] for c in range(36) for names in ("en", "fr", "ch")}


def named_cards(text: str) -> set[str]:
    """The codes of the cards a text names, by code or by name (the page's texts name
    them in the pack it shows)."""
    return set(CARD.findall(text)) | {code for name, code in CARD_WORDS.items() if name in text}


def check_page(page: Any, width: int, lang: str, pack: str) -> None:
    """In the language and the pack chosen, no wider than the window, no script error."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    trump, sheet = WORDS[lang]
    assert page.inner_text("#trump").startswith(trump)
    assert sheet in page.inner_text("main")
    shown = "svg.jc-ch" if pack == "ch" else "span.jc-fr"
    hidden = "span.jc-fr" if pack == "ch" else "svg.jc-ch"
    assert page.locator(f"#hand .card {shown}").first.is_visible()
    assert not page.locator(f"#hand .card {hidden}").first.is_visible()
    assert not page.errors, page.errors


@pytest.mark.parametrize(("width", "lang", "pack"), [(1280, "de", "ch"), (390, "en", "fr")])
def test_a_whole_hand_of_schieber(browser: Any, base: str, shots: Path, width: int,
                                  lang: str, pack: str) -> None:
    page = new_page(browser, width)
    (link,) = set_up(page, base, "schieber", lang, pack, seed=0)  # seat 0 chooses trump
    page.goto(link)
    page.wait_for_function("document.body.classList.contains('yours')")
    assert page.locator("#actions button.action").count() >= 6  # the modes and the push
    play_until(page, "document.querySelectorAll('#sheet table.sheet tr').length > 2")
    rows = page.locator("#sheet table.sheet tr")
    assert rows.nth(1).locator("th").inner_text().startswith("1")
    points = [int(t.split()[0]) for t in
              rows.nth(1).locator("td .points").all_inner_texts()]
    assert sum(points) == 157
    report = page.locator("#reports a").first
    assert re.search(r"#clause-[\w-]+$", report.get_attribute("href") or "")
    check_page(page, width, lang, pack)
    page.screenshot(path=str(shots / f"schieber-hand-{width}-{lang}-{pack}.png"),
                    full_page=True)
    page.context.close()


@pytest.mark.parametrize(("width", "lang", "pack"), [(390, "de", "ch"), (1280, "en", "fr")])
def test_a_coiffeur_column(browser: Any, base: str, shots: Path, width: int, lang: str,
                           pack: str) -> None:
    """A column of the person's team taken and played: the sheet writes it with its card
    points and multiplier."""
    page = new_page(browser, width)
    (link,) = set_up(page, base, "coiffeur", lang, pack, seed=9)  # seat 0 chooses first
    page.goto(link)
    page.wait_for_function("document.body.classList.contains('yours')")
    assert page.locator("#actions button.action").first.inner_text().endswith(" x1")
    mine = "#sheet table.columns td.done:nth-child(2)"  # the column of the team of seat 0
    play_until(page, f"document.querySelector('{mine}') !== null")
    cell = page.locator(mine).first
    assert re.fullmatch(r"\d+ \(\d+ \u00d7\d\)", cell.inner_text().strip())
    assert page.locator("#sheet table.columns td.open").count() <= 15
    check_page(page, width, lang, pack)
    page.screenshot(path=str(shots / f"coiffeur-column-{width}-{lang}-{pack}.png"),
                    full_page=True)
    page.context.close()


@pytest.mark.parametrize(("variant", "width", "lang", "pack"),
                         [("differenzler", 390, "en", "ch"), ("schieber", 1280, "de", "fr")])
def test_a_first_trick(browser: Any, base: str, shots: Path, variant: str, width: int,
                       lang: str, pack: str) -> None:
    """Up to the first trick taken: Differenzler's estimate is typed as a number."""
    page = new_page(browser, width)
    (link,) = set_up(page, base, variant, lang, pack, seed=9)
    page.goto(link)
    play_until(page, "document.querySelectorAll('#last-trick .card').length > 0")
    check_page(page, width, lang, pack)
    page.screenshot(path=str(shots / f"{variant}-trick-{width}-{lang}-{pack}.png"),
                    full_page=True)
    page.context.close()


@pytest.mark.parametrize(("variant", "seats", "width", "lang", "pack"),
                         [("sechserschieber", 6, 390, "en", "fr"),
                          ("mittlere-fuenf", 5, 1280, "de", "ch")])
def test_five_and_six_seats(browser: Any, base: str, shots: Path, variant: str, seats: int,
                            width: int, lang: str, pack: str) -> None:
    """A table of five or six: every seat is offered on the start page, and the first
    trick taken holds a card of each seat, within the window."""
    page = new_page(browser, width)
    kinds = ("person",) + ("heuristic",) * (seats - 1)
    (link,) = set_up(page, base, variant, lang, pack, seats=kinds, seed=9)
    page.goto(link)
    play_until(page, "document.querySelectorAll('#last-trick .card').length > 0")
    assert page.locator("#last-trick .card").count() == seats
    check_page(page, width, lang, pack)
    page.screenshot(path=str(shots / f"{variant}-trick-{width}-{lang}-{pack}.png"),
                    full_page=True)
    page.context.close()


def test_own_table_cards_are_played_from_their_row(browser: Any, shots: Path) -> None:
    """Zweierjass on a phone, in German with the German-Swiss pack: the seat's face-up table
    cards are buttons in its own row, not also in its hand, and a tap on a legal one plays
    it (it leaves the row and lies in the trick). On a table of its own: the module's
    other games already fill what one address may have open (`session.MAX_OPEN`)."""
    with served(create_app(pace=0.0)) as port:
        own_row_played(browser, f"http://127.0.0.1:{port}", shots)


def own_row_played(browser: Any, base: str, shots: Path) -> None:
    page = new_page(browser, 390)
    (link,) = set_up(page, base, "zweierjass", "de", "ch", seats=("person", "heuristic"),
                     seed=9)
    page.goto(link)
    own = "#seat-rows .seat-row button.card"
    play_until(page, f"document.body.classList.contains('yours') && "
                     f"document.querySelectorAll('{own}.legal').length > 0")
    row = set(page.eval_on_selector_all(own, "els => els.map(e => e.dataset.card)"))
    hand = set(page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)"))
    assert row and not row & hand
    check_page(page, 390, "de", "ch")
    page.screenshot(path=str(shots / "zweierjass-own-row-390-de-ch.png"), full_page=True)
    card = page.locator(f"{own}.legal").first.get_attribute("data-card")
    turn = page.get_attribute("body", "data-turn")
    page.locator(f"{own}.legal").first.click()
    page.wait_for_function(f"document.body.dataset.turn !== '{turn}'")
    played = page.eval_on_selector_all("#trick .card, #last-trick .card",
                                       "els => els.map(e => e.dataset.card)")
    assert card in played
    assert card not in page.eval_on_selector_all(own, "els => els.map(e => e.dataset.card)")
    page.context.close()


def test_two_seats_see_only_their_own_cards(browser: Any, base: str, shots: Path) -> None:
    """Seats 0 and 1 in two browser contexts play two tricks: no frame to one page names a
    card the other holds at that turn (a Weis declared aloud aside), no page shows one,
    and a seat's link cannot act for the other seat."""
    setup = new_page(browser, 1280)
    links = set_up(setup, base, "schieber", "en", "fr",
                   seats=("person", "person", "heuristic", "heuristic"), seed=4)
    setup.context.close()
    pages = [new_page(browser, 1280), new_page(browser, 1280)]
    frames: list[list[dict[str, Any]]] = [[], []]
    for k, page in enumerate(pages):
        page.on("websocket", lambda ws, k=k: ws.on(
            "framereceived", lambda payload, k=k: frames[k].append(json.loads(payload))))
        page.goto(links[k])
        page.wait_for_selector("#hand .card")
    for _ in range(40):
        if min(p.locator("#last-trick .card").count() for p in pages) and \
                sum(1 for f in frames[0] if f.get("type") == "state" and
                    len(f["last_trick"] or {}) and f["phase"] == "play") > 2:
            break
        for page in pages:
            if page.evaluate("document.body.classList.contains('yours')"):
                act_once(page)
        time.sleep(0.05)
    hands: list[dict[int, set[str]]] = [{}, {}]
    for k in (0, 1):
        for f in frames[k]:
            if f.get("type") == "state":
                hands[k][f["turn"]] = {c["code"] for c in f["hand"]}
    checked = 0
    for k in (0, 1):
        other = 1 - k
        for f in frames[k]:
            if f.get("type") != "state" or f["turn"] not in hands[other]:
                continue
            said = named_cards(json.dumps(f["weis"]) + json.dumps(f.get("weis_said")))
            named = named_cards(json.dumps(f)) - said
            assert not named & hands[other][f["turn"]], f"seat {k} was sent another's card"
            checked += 1
    assert checked >= 8
    for k, page in enumerate(pages):
        theirs = hands[1 - k][max(hands[1 - k])]
        shown = set(page.eval_on_selector_all("[data-card]", "els => els.map(e => "
                                              "e.dataset.card)"))
        assert not shown & theirs
    # a forged action: seat 0's link names seat 1's turn and action
    waiting = next((k for k in (0, 1)
                    if not pages[k].evaluate("document.body.classList.contains('yours')")),
                   0)
    mover = 1 - waiting
    state = next(f for f in reversed(frames[mover]) if f.get("type") == "state")
    token = links[waiting].split("/seat/")[1].split("?")[0]
    answer = pages[waiting].evaluate("""([token, turn, action, seat]) => new Promise(done => {
        const ws = new WebSocket(`ws://${location.host}/ws/${token}`);
        ws.onopen = () => ws.send(JSON.stringify({type: "act", turn, action, seat}));
        ws.onmessage = (e) => { const m = JSON.parse(e.data);
          if (m.type === "error") { ws.close(); done(m.text); } };
        setTimeout(() => done("no answer"), 5000);
    })""", [token, state["turn"], (state["legal"] or [{"text": "DA"}])[0]["text"], mover])
    assert "not your turn" in answer or "moved on" in answer
    pages[waiting].screenshot(path=str(shots / "two-seats-1280.png"), full_page=True)
    for page in pages:
        assert not page.errors, page.errors
        page.context.close()


@pytest.mark.parametrize(("width", "lang", "pack"), [(390, "de", "ch"), (1280, "en", "fr")])
def test_the_table_explains_itself(browser: Any, base: str, shots: Path, width: int,
                                   lang: str, pack: str) -> None:
    """Seat 0 holds a run of three to the Nine of Clubs (seed 7): the Weis question names
    it in the pack shown; the hand is at full contrast while seat 0 declares; a card it
    may not play, tapped, says why in the terminal's words."""
    page = new_page(browser, width)
    (link,) = set_up(page, base, "schieber", lang, pack, seed=7)
    page.goto(link)
    weis = "document.querySelector('#prompt .weis-named') !== null"
    play_until(page, weis)
    shown = "span.jc-ch" if pack == "ch" else "span.jc-fr"
    name = {"ch": "Dreiblatt Schellen bis Neun, 20", "fr": "Run of three in Clubs to the Nine, 20"}
    assert page.locator(f"#prompt {shown}").inner_text() == name[pack]
    opacity = "getComputedStyle(document.querySelector('#hand .card')).opacity"
    assert page.evaluate(opacity) == "1"  # declaring: the hand at full contrast
    page.screenshot(path=str(shots / f"weis-question-{width}-{lang}-{pack}.png"),
                    full_page=True)
    barred = "document.querySelector('#hand .card.barred') !== null"
    play_until(page, barred)
    card = page.locator("#hand .card.barred").first
    assert page.evaluate("getComputedStyle(document.querySelector('#hand .card.barred'))"
                         ".opacity") != "1"
    assert name[pack] in page.inner_text("#weis")  # declared: the board names it too
    card.click(force=True)  # aria-disabled: Playwright waits for "enabled"; a tap does not
    why = page.inner_text("#why")
    reasons = [page.evaluate(f"TABLE.words['live.reason.{r}']")
               for r in ("follow", "follow-trump", "undertrump")]
    assert any(r in why for r in reasons), why
    other = "Eicheln Rosen Schilten Schellen" if pack == "fr" else "Ecken Herz Schaufel Kreuz"
    assert not any(suit in why for suit in other.split()), why  # the card in the pack shown
    check_page(page, width, lang, pack)
    page.screenshot(path=str(shots / f"barred-card-{width}-{lang}-{pack}.png"), full_page=True)
    page.context.close()


def test_an_estimate_is_typed_and_checked(browser: Any, base: str, shots: Path) -> None:
    """Differenzler asks the estimate as a number, empty until typed; one out of bounds is
    refused on the page with its bounds."""
    page = new_page(browser, 390)
    (link,) = set_up(page, base, "differenzler", "de", "fr", seed=9)
    page.goto(link)
    play_until(page, "document.querySelector('#entry') !== null")
    assert page.locator("#actions button.action").count() == 0  # no list of buttons
    assert page.input_value("#entry") == ""
    assert not page.inner_text("#declared").startswith("du:")  # none shown before given
    page.fill("#entry", "999")
    page.click("#actions button")
    assert "0 bis 157" in page.inner_text("#error")
    page.screenshot(path=str(shots / "estimate-390-de.png"), full_page=True)
    turn = page.get_attribute("body", "data-turn")
    page.fill("#entry", "57")
    page.click("#actions button")
    page.wait_for_function(f"document.body.dataset.turn !== '{turn}'")
    page.wait_for_function("document.querySelector('#declared').textContent.includes('57')")
    assert not page.errors, page.errors
    page.context.close()
