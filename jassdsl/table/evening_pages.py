"""The evening's pages: the list of its games, a game's host page (its seats' links) and
a finished game played back step by step.

Who sees what: the list is open to whoever reaches the table (as the start page is); it
names the games, their players and their scores, never a link: an open game is resumed
with a seat's own link or with the host link its creator was given (the browser that
holds one of them shows it in the list: it keeps its links itself, the server hands none
out), and only a finished game is played back (its cards are public now). Every name is
text typed by a player: escaped here, shown as text by the scripts.
"""

from __future__ import annotations

import html
import time
from dataclasses import dataclass
from typing import Any

from jassdsl.rulebook.textview import subject_names
from jassdsl.rulebook.words import Lang, say
from jassdsl.table.names import NAME_CHARS, shown_names
from jassdsl.table.pages import page


@dataclass
class Row:
    """One game of the evening as the list shows it."""

    id: str
    started: float
    variant: str
    players: list[str]  # per side: its players, and its total where known
    state: str
    over: bool


def row_of(game_id: str, started: object, variant: str, names: object, kinds: object,
           summary: dict[str, Any], lang: Lang) -> Row | None:
    """A row of the list from a game's fields (read from a file: checked, None if odd)."""
    if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds) or \
            not kinds:
        return None
    if not isinstance(names, list) or len(names) != len(kinds) or not all(
            isinstance(n, str) and len(n) <= NAME_CHARS for n in names):
        names = [""] * len(kinds)
    team_of, totals = summary.get("team_of"), summary.get("totals")
    if not isinstance(team_of, list) or len(team_of) != len(kinds) or not all(
            type(t) is int and 0 <= t < len(kinds) for t in team_of):
        return None
    shown = shown_names(names, kinds, lang)
    subjects = max(team_of) + 1
    sides = subject_names(_Teams(len(kinds), subjects, team_of), shown)  # type: ignore[arg-type]
    if isinstance(totals, list) and len(totals) == subjects and all(
            type(t) is int for t in totals):
        players = [f"{side} {total}" for side, total in zip(sides, totals, strict=True)]
    else:
        players = sides
    hand = summary.get("hand")
    if summary.get("stopped"):
        state = say(lang, "live.evening.stopped")
    elif summary.get("over"):
        state = say(lang, "live.evening.done")
    else:
        state = say(lang, "live.evening.open", n=hand if type(hand) is int else "?")
    return Row(game_id, float(started) if isinstance(started, int | float) else 0.0,
               variant[:80], players, state, bool(summary.get("over")))


@dataclass
class _Teams:
    """What `subject_names` reads of a game's rules, from a game's file."""

    players: int
    subjects: int
    team_of: list[int]


def list_page(lang: Lang, rows: list[Row]) -> str:
    def s(key: str) -> str:
        return say(lang, key)

    lines = []
    for r in rows:
        when = time.strftime("%d.%m. %H:%M", time.localtime(r.started))
        if r.over:
            what = (f'<a class="replay-link" href="/replay/{r.id}?lang={lang}">'
                    f'{s("live.evening.replay")}</a>')
        else:
            what = (f'<span class="resume" data-game="{r.id}">'
                    f'{s("live.evening.resume_how")}</span>')
        lines.append(f'<tr data-game="{r.id}"><td>{when}</td><td>{html.escape(r.variant)}</td>'
                     f'<td>{"<br>".join(html.escape(p) for p in r.players)}</td><td>{r.state}</td><td>{what}</td></tr>')
    table = (f'<div class="sheet-wrap"><table class="sheet evening"><tr>'
             f'<th>{s("live.evening.started")}</th><th>{s("live.variant")}</th>'
             f'<th>{s("live.evening.players")}</th><th>{s("live.evening.state")}</th><th></th>'
             f'</tr>{"".join(lines)}</table></div>') if rows else \
        f'<p>{s("live.evening.none")}</p>'
    body = (f'<main><section class="panel"><h1>{s("live.evening")}</h1>'
            f'<p>{s("live.evening.saved")}</p>{table}'
            f'<p><a href="/new?lang={lang}">{s("live.new")}</a></p></section></main>')
    return page(lang, s("live.evening"), body, RESUME_SCRIPT.replace(
        "RESUME", html.escape(s("live.evening.resume"))))


# The links this browser was given (start.js keeps a game's host link, table.js a seat's
# own): an open game this browser hosts or sits at gets its link in the list.
RESUME_SCRIPT = """<script>
(function () {
  var kept = {};
  try { kept = JSON.parse(localStorage.getItem("jassdsl.links") || "{}"); } catch (e) {}
  document.querySelectorAll(".resume[data-game]").forEach(function (cell) {
    var link = kept[cell.dataset.game];
    if (typeof link !== "string" || link.charAt(0) !== "/") return;
    var a = document.createElement("a");
    a.href = link;
    a.className = "resume-link";
    a.textContent = "RESUME";
    cell.textContent = "";
    cell.appendChild(a);
  });
})();
</script>"""


def host_page(lang: Lang, seats: list[tuple[str, str]]) -> str:
    """Every person's seat of a game with its link (the host link's page)."""
    items = "".join(f'<li><a class="seat-link" href="{html.escape(url)}">{html.escape(name)}'
                    f'</a> <code class="seat-url">{html.escape(url)}</code></li>'
                    for name, url in seats)
    body = (f'<main class="start"><section class="panel"><h1>{say(lang, "live.host.title")}'
            f'</h1><ol id="link-list">{items}</ol><p><a href="/evening?lang={lang}">'
            f'{say(lang, "live.evening")}</a></p></section></main>')
    return page(lang, say(lang, "live.host.title"), body,
                '<script>document.querySelectorAll(".seat-url").forEach(function (c) '
                '{ c.textContent = location.origin + c.textContent; });</script>')


def card_html(c: dict[str, str]) -> str:
    """A card as the seat's page draws it (static/table.js cardFace): both packs, the
    pack switch shows one."""
    red = " red" if c["red"] else ""
    label = html.escape(f'{c["fr"]} / {c["ch"]}')
    return (f'<div class="card{red}" data-card="{c["code"]}" title="{label}" '
            f'aria-label="{label}"><span class="corner"><span class="jc-fr">'
            f'{c["fr_rank"]}</span><span class="jc-ch">{c["ch_rank"]}</span></span>'
            f'<span class="jc-suit{" jc-red" if c["red"] else ""}"><span class="jc-fr">'
            f'{c["symbol"]}&#xFE0E;</span><svg class="jc-ch" aria-hidden="true">'
            f'<use href="#{c["svg"]}"></use></svg></span></div>')


def in_packs(texts: dict[str, str]) -> str:
    """A text in each pack (escaped), as the pack switch shows one: the same text once."""
    fr, ch = html.escape(texts["fr"]), html.escape(texts["ch"])
    return fr if fr == ch else f'<span class="jc-fr">{fr}</span><span class="jc-ch">{ch}</span>'


def step_page(lang: Lang, game_id: str, title: str, views: dict[str, dict[str, Any]]) -> str:
    """A finished game after `v["step"]` of its actions, with the steps around it; its
    texts in both packs (`views`: per pack, `steps.step_views`)."""
    def s(key: str, **fields: object) -> str:
        return say(lang, key, **fields)

    def go(step: int, key: str, anchor: str) -> str:
        step = max(0, min(step, v["total"]))
        here = ' aria-disabled="true"' if step == v["step"] else ""
        return (f'<a class="step-nav" id="{anchor}" href="/replay/{game_id}?lang={lang}'
                f'&step={step}"{here}>{s(key)}</a>')

    def both(key: str, k: int | None = None) -> str:
        return in_packs({p: str(w[key] if k is None else w[key][k]) for p, w in views.items()})

    v = views["fr"]
    names = v["names"]
    nav = (f'<nav class="steps">{go(0, "live.first", "first")}'
           f'{go(v["step"] - 1, "live.back", "back")}'
           f'<strong id="step" data-step="{v["step"]}">{s("live.step", k=v["step"], n=v["total"])}'
           f'</strong>{go(v["step"] + 1, "live.forward", "forward")}'
           f'{go(v["total"], "live.last", "last")}</nav>')
    info = (f'<p class="status">{s("live.hand_no")} {v["hand_number"]} · {s("live.dealer")} '
            f'{html.escape(v["dealer"])}' + (f' · {s("live.trump")}: {both("trump")}'
                                             if v["trump"] else "") + "</p>")
    action = v["action"]
    if isinstance(action, dict):
        did = (f'<div class="played-now">{html.escape(s("live.plays", name=v["who"]))} '
               f'{card_html(action)}</div>')
    elif action:
        did = f'<p class="played-now">{html.escape(v["who"])}: {both("action")}</p>'
    else:
        did = f'<p class="played-now">{s("live.step.start")}</p>'
    said = "".join(f"<li>{both('said', k)}</li>" for k in range(len(v["said"])))
    trick = "".join(f'<figure class="played">{card_html(c)}<figcaption>'
                    f'{html.escape(names[c["seat"]])}</figcaption></figure>' for c in v["trick"])
    last = v["last_trick"]
    taken = "".join(f'<figure class="played{" winner" if c["seat"] == last["winner"] else ""}">'
                    f'{card_html(c)}<figcaption>{html.escape(names[c["seat"]])}</figcaption>'
                    f'</figure>' for c in last["cards"]) if last else ""
    hands = "".join(f'<div class="seat-hand"><h3>{html.escape(names[seat])}</h3>'
                    f'<div class="cards hand">{"".join(card_html(c) for c in cards)}</div></div>'
                    for seat, cards in enumerate(v["hands"]))
    totals = " · ".join(both("totals", k) for k in range(len(v["totals"])))
    # the outcome's line says the game is over itself ("Game over after 8 hands: ...")
    outcome = f'<section class="outcome">{both("outcome")}</section>' if v["outcome"] else ""
    body = (f'<main class="table replay" id="replay">{nav}{info}'
            f'<section class="board">{did}<ul class="said">{said}</ul>'
            f'<div class="trick-area"><div><h2>{s("live.trick")}</h2>'
            f'<div class="cards trick">{trick}</div></div><div><h2>{s("live.last_trick")}</h2>'
            f'<div class="cards trick small">{taken}</div></div></div>'
            f'<p class="running" id="totals">{s("live.total")}: {totals}</p></section>'
            f'{outcome}<section class="panel"><h2>{s("live.hands")}</h2>{hands}</section>'
            f'<p><a href="/evening?lang={lang}">{s("live.evening")}</a></p></main>')
    return page(lang, title, body)
