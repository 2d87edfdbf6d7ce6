"""The table's HTML pages: the start page, a seat's page, a rule file's rulebook page (also
as the preview of a file being edited). Every word comes from the rulebook's vocabulary;
the pages draw the rest with static/table.js. The suit symbols and the pack switch are the
rulebook site's own (docs/overrides/partials/suits.html, docs/assets/pack.js).
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path

from jassdsl.registry import variant_names
from jassdsl.rulebook.words import TEXT, Lang, say
from jassdsl.table.names import NAME_CHARS

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"


def site_dir() -> Path:
    """The rulebook site's sources: docs/ of a checkout, else the copy in the wheel."""
    checkout = HERE.parents[1] / "docs"
    return checkout if checkout.is_dir() else HERE.parent / "_site"


def asset_dir() -> Path:
    base = site_dir()
    return base / "assets" if (base / "assets").is_dir() else base


@cache
def suit_sprite() -> str:
    """The drawn German-Swiss suit symbols (the site's partial, its template comment cut)."""
    base = site_dir()
    path = base / "overrides" / "partials" / "suits.html"
    if not path.is_file():
        path = base / "suits.html"
    return re.sub(r"\{#.*?#\}", "", path.read_text(encoding="utf-8"), flags=re.S).strip()


def words(lang: Lang) -> dict[str, str]:
    """The table's words in one language (templates with their {fields}), for the script."""
    return {key: pair[0 if lang == "en" else 1] for key, pair in TEXT.items()
            if key.startswith("live.")}


def pack_switch(lang: Lang) -> str:
    """The site's pack switch (the same buttons pack.js drives)."""
    fr, ch = say(lang, "live.french"), say(lang, "live.swiss")
    return (f'<div class="rulebook-pack" hidden role="group" aria-label="'
            f'{say(lang, "live.pack")}">'
            f'<button type="button" class="rulebook-pack__button" data-pack="fr" title="{fr}" '
            f'aria-label="{fr}">&#x2665;&#xFE0E;&#x2660;&#xFE0E;</button>'
            f'<button type="button" class="rulebook-pack__button" data-pack="ch" title="{ch}" '
            f'aria-label="{ch}"><svg class="jc-icon" aria-hidden="true"><use href="#jc-schellen">'
            f'</use></svg><svg class="jc-icon" aria-hidden="true"><use href="#jc-eicheln"></use>'
            f'</svg></button></div>')


def lang_switch(lang: Lang) -> str:
    """Both languages, as the site's switch: the page's own marked as current, the other a
    link (each named in itself)."""
    return "".join(
        f'<span class="lang-switch lang-current" lang="{code}" aria-current="true">{label}'
        f'</span>' if code == lang else
        f'<a class="lang-switch" href="?lang={code}" hreflang="{code}" lang="{code}">{label}</a>'
        for code, label in (("de", "Deutsch"), ("en", "English")))


def page(lang: Lang, title: str, body: str, script: str = "", head: str = "") -> str:
    return f"""<!doctype html>
<html lang="{lang}" data-pack="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{html.escape(title)}</title>
<script src="/assets/pack.js"></script>
<link rel="stylesheet" href="/assets/rulebook.css">
<link rel="stylesheet" href="/static/table.css">
{head}
</head>
<body>
{suit_sprite()}
<header class="bar"><a class="home" href="/?lang={lang}">{say(lang, "live.title")}</a>
<span class="bar-title">{html.escape(title)}</span>{pack_switch(lang)}{lang_switch(lang)}</header>
{body}
{script}
</body>
</html>
"""


def start_page(lang: Lang, watched: str = "") -> str:
    """Choose a variant (or a path), its options, the seats, a seed, the language."""
    options = "".join(f'<option value="{n}">{n}</option>' for n in variant_names())
    def s(key: str) -> str:
        return say(lang, key)

    body = f"""<main class="start">
<form id="setup" class="panel">
<h1>{s("live.new")}</h1>
<label>{s("live.variant")} <select name="variant" id="variant">{options}</select></label>
<label>{s("live.path")} <input name="path" id="path" value="{html.escape(watched)}"
  placeholder="{s("live.path_example")}" autocomplete="off"></label>
<fieldset id="options"><legend>{s("live.options")}</legend></fieldset>
<fieldset id="seats"><legend>{s("live.seats")}</legend></fieldset>
<label>{s("live.seed")} <input name="seed" id="seed" inputmode="numeric" autocomplete="off"></label>
<label>{s("live.language")} <select name="lang" id="lang">
<option value="de"{" selected" if lang == "de" else ""}>Deutsch</option>
<option value="en"{" selected" if lang == "en" else ""}>English</option></select></label>
<button type="submit" class="primary" id="start">{s("live.start")}</button>
<p id="setup-error" class="error" role="alert"></p>
</form>
<section id="links" class="panel" hidden><h2>{s("live.links")}</h2><ol id="link-list"></ol></section>
<form id="replay" class="panel"><h2>{s("live.replay")}</h2>
<input type="file" id="replay-file" accept="application/json,.json">
<button type="submit">{s("live.start")}</button></form>
<p class="panel"><a id="evening" href="/evening?lang={lang}">{s("live.evening")}</a></p>
</main>"""
    data = json.dumps({"words": words(lang), "lang": lang, "name_chars": NAME_CHARS})
    return page(lang, s("live.new"), body,
                f'<script>window.TABLE = {data};</script><script src="/static/start.js"></script>')


def seat_page(lang: Lang, token: str) -> str:
    """One person's seat; static/table.js fills it from the WebSocket."""
    def s(key: str) -> str:
        return say(lang, key)

    body = f"""<main class="table" id="table">
<form id="name-form" class="panel name-form" hidden><label>{s("live.name.ask")}
  <input id="name" maxlength="{NAME_CHARS}" autocomplete="name"></label>
  <button type="submit" class="primary">{s("live.confirm")}</button></form>
<p id="status" class="status" role="status"></p>
<section class="board">
  <div class="info"><span id="trump"></span> <a id="rulebook" target="_blank" rel="noopener">
  {s("live.rule_page")}</a></div>
  <div class="trick-area">
    <div><h2>{s("live.trick")}</h2><div id="trick" class="cards trick"></div></div>
    <div><h2>{s("live.last_trick")}</h2><div id="last-trick" class="cards trick small"></div></div>
  </div>
  <div id="running" class="running"></div>
  <div id="weis" class="running"></div>
  <div id="seat-rows" class="seat-rows"></div>
  <div id="declared" class="running"></div>
</section>
<section class="decision" aria-live="polite"><p id="prompt" class="prompt"></p>
  <div id="actions" class="actions"></div><p id="error" class="error" role="alert"></p></section>
<section class="hand-area"><h2>{s("live.hand")}</h2><div id="hand" class="cards hand"></div>
  <p id="why" class="why" role="status" aria-live="polite"></p></section>
<section id="outcome" class="outcome" hidden></section>
<section id="stopped" class="stopped" role="alert" hidden></section>
<section class="panel"><h2>{s("live.sheet")}</h2><div id="sheet"></div>
  <a id="save" download="jass-game.json">{s("live.save")}</a></section>
<section class="panel" id="reports-panel" hidden><h2>{s("live.reports")}</h2>
  <div id="reports"></div></section>
<details class="panel"><summary>{s("live.log")}</summary><pre id="log"></pre></details>
</main>"""
    data = json.dumps({"words": words(lang), "lang": lang, "token": token})
    return page(lang, s("live.title"), body,
                f'<script>window.TABLE = {data};</script><script src="/static/table.js"></script>')


def message_page(lang: Lang, title: str, text: str) -> str:
    return page(lang, title, f'<main class="panel"><p class="error">{html.escape(text)}</p>'
                f'<p><a href="/?lang={lang}">{say(lang, "live.new")}</a></p></main>')


def rules_page(lang: Lang, title: str, body_html: str, play: str = "",
               stamp: float = 0.0) -> str:
    """A rulebook page (markdown rendered) with a button to play the file at once."""
    button = (f'<form method="post" action="/play-file" class="play-file">'
              f'<input type="hidden" name="path" value="{html.escape(play)}">'
              f'<input type="hidden" name="lang" value="{lang}">'
              f'<button type="submit" class="primary">{say(lang, "live.start")}</button>'
              f'</form>') if play else ""
    return page(lang, title, f'<main class="rules">{button}<article class="md-typeset">'
                f'{body_html}</article></main>', watch_script(stamp) if play else "")


def watch_script(stamp: float) -> str:
    """The preview of a watched file reloads itself when the file changes after `stamp`
    (the file's time when the page was made)."""
    return WATCH_SCRIPT.replace("STAMP", repr(stamp))


WATCH_SCRIPT = """<script>
(function () {
  var seen = STAMP;
  setInterval(function () {
    fetch("/api/watch").then(function (r) { return r.json(); }).then(function (d) {
      if (seen !== null && d.stamp !== seen) location.reload();
      seen = d.stamp;
    }).catch(function () {});
  }, 1000);
})();
</script>"""


def error_page(lang: Lang, title: str, message: str, play: str = "",
               stamp: float = 0.0) -> str:
    """A rule file's check errors as the checker writes them (file:line:col, caret)."""
    return page(lang, title, f'<main class="rules"><pre class="check-error">'
                f'{html.escape(message)}</pre></main>',
                watch_script(stamp) if play else "")
