"""The rulebook in a real browser: headless Chromium shows every variant page in both
languages at desktop (1280 px) and phone (390 px) width, and the check fails on a page
wider than the window, a table or box that scrolls sideways, a truncated site title, or raw
markup in the text (a script from a page's content, literal `**`, `{:`, `|---`, tags).

The built site is served on a local port; a harness page loads the pages in frames of
the two widths (frames of the same origin, so a small script can measure inside them) and
writes what it found into the page, which Chromium prints with --dump-dom. One browser
process loads them all (a second one would halve the wait but cost its own start, about
0.85 CPU-s). Skips, saying so, where no Chromium is installed; .ci/run
installs it where it can.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest

ROOT = Path(__file__).parents[1]
VARIANTS = sorted(p.stem for p in (ROOT / "rules").glob("*.jass"))
LANGS = ("en", "de")
WIDTHS = {"desktop": 1280, "phone": 390}
PROCESSES = 1
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars"]
BROWSERS = ("chromium", "chromium-browser", "google-chrome")

# Runs in the harness page: measures every frame when it has loaded. Frames delay the load
# event of the harness page, and --dump-dom prints the page at that event, results included.
CHECK_SCRIPT = r"""
const RAW = ["**", "{:", "|---", "<script", "<span", "<svg", "<div", "<table"];
function problems(w) {
  const d = w.document, root = d.documentElement, width = root.clientWidth, found = [];
  if (root.scrollWidth > width + 1)
    found.push(`the page is ${root.scrollWidth} px wide in a ${width} px window`);
  const title = d.querySelector(".md-header__topic .md-ellipsis");
  if (title && title.scrollWidth > title.clientWidth + 1)
    found.push(`the site title is cut: "${title.textContent.trim()}"`);
  const content = d.querySelector(".md-content");
  if (!content) return ["no .md-content on the page"];
  const inCode = (el) => el.closest("pre, code, .highlight, .highlighttable");
  for (const el of content.querySelectorAll("*")) {
    if (inCode(el)) continue;
    const name = el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined
      ? "." + el.className.trim().split(/\s+/).join(".") : "");
    const overflow = w.getComputedStyle(el).overflowX;
    if ((overflow === "auto" || overflow === "scroll") && el.scrollWidth > el.clientWidth + 1)
      found.push(`${name} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth} px)`);
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 1 && !(el.parentElement &&
        el.parentElement.getBoundingClientRect().right > width + 1))
      found.push(`${name} sticks out to ${Math.round(box.right)} px`);
  }
  if (content.querySelector("script")) found.push("a <script> inside the page's content");
  const text = content.cloneNode(true);
  text.querySelectorAll("pre, code, .highlight").forEach((el) => el.remove());
  for (const raw of RAW)
    if (text.textContent.includes(raw)) found.push(`raw markup in the text: ${raw}`);
  return found;
}
// The pack switch: without JavaScript the French symbols show and the switch is hidden;
// with it, the German-Swiss button shows the drawn symbols and is remembered.
function shown(w, selector) {
  const el = w.document.querySelector(".md-content " + selector);
  return !!el && w.getComputedStyle(el).display !== "none";
}
function packProblems(w, mode) {
  const found = [], d = w.document;
  if (mode === "nojs") {
    if (!shown(w, ".jc-card .jc-fr") || shown(w, ".jc-card svg.jc-ch"))
      found.push("without JavaScript the French suit symbols do not show alone");
    const button = d.querySelector(".rulebook-pack");
    if (button && w.getComputedStyle(button).display !== "none")
      found.push("without JavaScript the pack switch shows but cannot work");
    return found;
  }
  const german = d.querySelector('.rulebook-pack__button[data-pack="ch"]');
  if (!german) return ["no German-Swiss pack button"];
  german.click();
  if (!shown(w, ".jc-card svg.jc-ch") || shown(w, ".jc-card .jc-fr"))
    found.push("the German-Swiss button does not show the German-Swiss symbols");
  if (w.localStorage.getItem("jassdsl-pack") !== "ch")
    found.push("the chosen pack is not remembered");
  d.querySelector('.rulebook-pack__button[data-pack="fr"]').click();
  if (!shown(w, ".jc-card .jc-fr")) found.push("the French button does not switch back");
  return found;
}
const results = {};
const frames = Array.from(document.querySelectorAll("iframe"));
let left = frames.length;
function finish() {
  const out = document.createElement("pre");
  out.id = "results";
  out.textContent = JSON.stringify(results);
  document.body.appendChild(out);
}
for (const frame of frames) {
  frame.addEventListener("load", () => {
    const w = frame.contentWindow;
    try {
      const mode = frame.dataset.mode;
      const found = mode === "nojs" ? [] : problems(w);
      if (mode !== "layout") found.push(...packProblems(w, mode));
      results[frame.dataset.key] = {width: w.innerWidth, problems: found};
    } catch (e) {
      results[frame.dataset.key] = {width: 0, problems: ["check failed: " + e]};
    }
    if (--left === 0) finish();
  });
  frame.src = frame.dataset.src;
}
"""


def find_browser() -> str | None:
    return next((path for name in BROWSERS if (path := shutil.which(name))), None)


@pytest.fixture(scope="module")
def browser() -> str:
    path = find_browser()
    if path is None:
        pytest.skip("no headless browser: the browser check needs Chromium from the system "
                    "packages (apt-get install chromium; .ci/run installs it as root)")
    return path


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves the site without logging, and the harness pages from memory (the site is
    the session's, read by other tests, and stays as it was built); the search index is
    left out, since every frame would otherwise build the search index of the whole site
    again."""

    harnesses: ClassVar[dict[str, bytes]] = {}

    def do_GET(self) -> None:
        if self.path.startswith("/search/"):
            self.send_error(404)
            return
        if self.path in self.harnesses:
            body = self.harnesses[self.path]
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The built site on a local port (frames of one origin can be measured)."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def harness(pages: list[tuple[str, str, int, str]]) -> str:
    """A page with one frame per (key, page path, width, mode) and the script that checks
    them. Modes: 'layout', 'switch' (layout, then the pack switch), 'nojs' (scripts off)."""
    frames = "\n".join(
        f'<iframe data-key="{key}" data-src="/{path}" data-mode="{mode}" width="{width}" '
        f'height="900" style="display:block;border:0"'
        f'{" sandbox=" + chr(34) + "allow-same-origin" + chr(34) if mode == "nojs" else ""}>'
        f'</iframe>' for key, path, width, mode in pages)
    return (f"<!doctype html><html><head><meta charset='utf-8'></head><body>{frames}"
            f"<script>{CHECK_SCRIPT}</script></body></html>")


def run_browser(browser: str, url: str) -> str:
    with tempfile.TemporaryDirectory(prefix="jassdsl-chromium-") as profile:
        done = subprocess.run([browser, *FLAGS, f"--user-data-dir={profile}",
                               "--window-size=1300,1000", "--dump-dom", url],
                              capture_output=True, text=True, timeout=180, check=False)
    return done.stdout


def page_list() -> list[tuple[str, str, int, str]]:
    """Every variant page and the comparison page, in both languages and widths; the pack
    switch is tried on the first variant page, with and without JavaScript."""
    pages = []
    for lang in LANGS:
        paths = [f"{lang}/variants/{name}/" for name in VARIANTS]
        paths.append(f"{lang}/variants/")
        for path in paths:
            for label, width in WIDTHS.items():
                mode = "switch" if path == paths[0] and lang == LANGS[0] else "layout"
                pages.append((f"{path} at {label} width", path, width, mode))
    first = f"{LANGS[0]}/variants/{VARIANTS[0]}/"
    pages.append((f"{first} without JavaScript at desktop width", first, WIDTHS["desktop"],
                  "nojs"))
    return pages


def test_every_variant_page_fits_and_shows_no_raw_markup(browser: str, served: str) -> None:
    pages = page_list()
    groups = [pages[i::PROCESSES] for i in range(PROCESSES)]
    urls = []
    for i, group in enumerate(groups):
        QuietHandler.harnesses[f"/browser-check-{i}.html"] = harness(group).encode("utf-8")
        urls.append(f"{served}/browser-check-{i}.html")
    with ThreadPoolExecutor(PROCESSES) as pool:
        dumps = list(pool.map(functools.partial(run_browser, browser), urls))
    results: dict[str, dict[str, Any]] = {}
    for dump in dumps:
        found = re.search(r'<pre id="results">(.*?)</pre>', dump, re.S)
        assert found, f"the browser did not finish the check; it printed: {dump[-2000:]}"
        results.update(json.loads(found.group(1).replace("&lt;", "<").replace("&gt;", ">")
                                  .replace("&quot;", '"').replace("&amp;", "&")))
    assert sorted(results) == sorted(key for key, *_ in pages)
    wrong_width = {key: r["width"] for key, r in results.items()
                   if r["width"] != WIDTHS[key.rsplit(" at ", 1)[1].split()[0]]}
    assert not wrong_width, f"frames not at the asked width: {wrong_width}"
    bad = {key: r["problems"][:5] for key, r in sorted(results.items()) if r["problems"]}
    assert not bad, "\n".join(f"{key}: {'; '.join(p)}" for key, p in bad.items())
