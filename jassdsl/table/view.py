"""What one seat's page shows, as JSON: built from `Game.observe(seat)`, the legal actions
(only on the seat's own turn) and the records of finished hands, never from another seat's
cards. Words come from the rulebook's vocabulary (`jassdsl.rulebook.words`) and the names a
rule file gives its modes and columns in both languages.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import quote

from jassdsl.bots.view import View
from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import Action
from jassdsl.core.cards import (
    CARD_NAMES,
    RANK_NAMES,
    RANKS,
    RED_SUITS,
    SHOWN,
    SUIT_SYMBOLS,
    SUITS,
    card_words,
    pack_words,
    rank_of,
    shown_card,
    shown_in,
    suit_of,
)
from jassdsl.core.deal import trick_seats
from jassdsl.core.mechanism import Mechanism, asking
from jassdsl.engine import Game, HandResult, Observation, Trick
from jassdsl.engine.events import Declared
from jassdsl.rulebook import textview as tv
from jassdsl.rulebook.cardview import symbol_id
from jassdsl.rulebook.grammar_words import declared_words
from jassdsl.rulebook.render import in_lang
from jassdsl.rulebook.words import TEXT, Lang, say
from jassdsl.table.session import Session
from jassdsl.table.tafel import tafel

logger = logging.getLogger("jassdsl.table")

MANY = 16  # more choices than this (the page's limit for buttons): a list, or a number
LOG_LINES = 40  # the lines of the table's narration a page shows
HANDS_SHOWN = 3  # the reports of the last finished hands


def page_state(session: Session, seat: int, lang: Lang,
               log: Callable[[], Sequence[str]], pack: str = "fr") -> dict[str, Any]:
    """What a seat's socket is sent: `seat_view` (with the narration `log` gives), its texts
    naming cards and suits in the pack the page shows; or, when it cannot be drawn, only
    why the game has stopped (the failure stops the game: a page that cannot be drawn
    cannot be played, and drawing it again would fail again)."""
    try:
        with shown_in(pack_words(lang, pack)):
            return seat_view(session, seat, lang, log())
    except Exception as err:
        if session.stopped is None:  # logged once: the page fails again at every visit
            logger.exception("the page of seat %d could not be drawn", seat)
        session.stop("view", seat, "", err)
        return {"type": "stopped", "seat": seat, "text": session.stop_text(seat, lang)}


def card(c: int, lang: Lang) -> dict[str, str]:
    """A card as the page draws it: code, suit, rank, and its names in both packs."""
    suit, rank = SUITS[suit_of(c)], RANKS[rank_of(c)]
    french = "en" if lang == "en" else "fr"
    return {"code": CARD_NAMES[c], "suit": suit, "rank": rank, "symbol": SUIT_SYMBOLS[suit],
            "svg": symbol_id(suit), "red": "1" if suit in RED_SUITS else "",
            "fr": card_name(c, french), "ch": card_name(c, "ch"),
            "fr_rank": short_rank(rank, french), "ch_rank": short_rank(rank, "ch")}


def card_name(c: int, names: str) -> str:
    """'Herz Bube', 'Rosen Under', 'Hearts Jack'."""
    return card_words(c, names)


def short_rank(rank: str, names: str) -> str:
    """The corner of a card: the rank's number or its initial in that pack (Ober: O)."""
    word = RANK_NAMES[names].get(rank)
    if word is None or rank in ("A", "K") or (rank == "10" and names != "ch"):
        return rank
    return word[0]


def mode_label(lang: Lang, rules: CompiledRules, mode: str) -> str:
    """A mode as a player names it: 'Herz (Rosen)', 'Obenabe', 'Slalom von oben'."""
    return tv.mode_title(lang, rules, mode)


class Words:
    """The labels of one game in one language."""

    def __init__(self, game: Game, lang: Lang) -> None:
        self.game, self.rules, self.lang = game, game.rules, lang

    def say(self, key: str, **fields: object) -> str:
        return say(self.lang, key, **fields)

    def card_text(self, c: int) -> str:
        """A card's button: in the pack the page shows (`cards.shown_in`), else both."""
        if SHOWN.get() is not None:
            return shown_card(c)
        return card_name(c, "en" if self.lang == "en" else "fr") + " / " + card_name(c, "ch")

    def value(self, name: str, v: int) -> str:
        """A declared value as said ('ja', 'Match', a number)."""
        return tv.value_text(self.rules, name, v, self.lang)

    def declared_noun(self, name: str) -> str:
        """'estimate' / 'Schätzung': the noun the rulebook uses for a declared value."""
        words = declared_words(name, self.rules.model)
        return (words.en if self.lang == "en" else words.de).strip("*")

    def action(self, a: Action) -> str:
        """The label of a legal action's button."""
        r, lang = self.rules, self.lang
        kind = a.kind
        declared = any(d.name == kind for d in r.declarations)
        if declared and self.game.phase == "declare":  # the file's own word comes first
            return self.declared(a)
        if kind == "play":
            return self.card_text(a.value)
        if kind == "trump":
            return mode_label(lang, r, r.mode_names[a.value])
        if kind in ("push", "pass"):
            return self.say(f"live.{kind}")
        mechanism = self.labeller(kind)
        if mechanism is not None and mechanism.browser.label is not None:
            return mechanism.browser.label(self, a)
        if declared:
            return self.declared(a)
        return self.game.action_text(a)

    def labeller(self, kind: str) -> Mechanism | None:
        """The mechanism whose action this is: the one asking now, else one this file uses
        that asks for the kind (never one the file does not use, which has no settings)."""
        now = asking(self.game)
        if now is not None and kind in now.runtime.kinds:
            return now
        return next((x for x in self.rules.mechanisms if kind in x.runtime.kinds and (
            x.runtime.phase is None or x.runtime.phase.used_by(self.rules))), None)

    def declared(self, a: Action) -> str:
        """A declaration's button: `match`, `100 H`, as the game writes it, after its noun."""
        said = self.game.action_text(a).split(" ", 1)[-1]
        return f"{self.declared_noun(a.kind)} {tv.answer(said, self.lang)}"

    def prompt(self, legal: Sequence[Action]) -> str:
        phase = self.game.phase
        if phase == "declare" and legal:  # the file's own declaration, by its noun
            kind = legal[0].kind
            your = "Your" if self.lang == "en" else \
                "Deine" if declared_words(kind, self.rules.model).gender == "f" else "Dein"  # by the noun's gender
            return self.say("live.prompt.declare", your=your, name=self.declared_noun(kind))
        asks = asking(self.game) if legal else None  # by the phase, as the terminal asks
        if asks is not None and f"live.prompt.{asks.name}" in TEXT:  # a mechanism's own
            return self.say(f"live.prompt.{asks.name}")
        key = f"live.prompt.{phase}"
        return self.say(key if key in TEXT else "live.prompt.other")

    def unit(self, base: str, amount: int) -> str:
        return tv.unit_text(self.rules, base, amount, self.lang)




def seat_names(players: int, seat: int, lang: Lang) -> list[str]:
    """The seats as this seat's page names them: itself 'you' / 'du', the others P1 ..."""
    return tv.seat_names(players, seat, lang)


class Journal:
    """What happened at the table as one seat is told it (the terminal's narration)."""

    def __init__(self, game: Game, seat: int, lang: Lang,
                 names: Sequence[str] | None = None) -> None:
        self.game, self.told, self.lines = game, 0, list[str]()
        self.narrator = tv.Narrator(game, names or seat_names(game.rules.players, seat, lang),
                                    seat, lang=lang)

    def update(self) -> list[str]:
        events = self.game.events
        self.lines += [line.strip("\n") for line in self.narrator.tell(events[self.told:])
                       if line.strip()]
        self.told = len(events)
        return self.lines


def trick_cards(trick: Sequence[int], seats: Sequence[int], lang: Lang) -> list[dict[str, Any]]:
    return [{"seat": seats[i], **card(c, lang)} for i, c in enumerate(trick)]


def order_of(n: int, playing: Sequence[int], leader: int) -> tuple[int, ...]:
    mask = sum(1 << x for x in playing) if playing else (1 << n) - 1
    return trick_seats(n, mask or (1 << n) - 1)[leader]


def last_trick(game: Game, obs: Observation, lang: Lang) -> dict[str, Any] | None:
    """The trick taken last, in this hand or at the end of the one before."""
    n = game.rules.players
    trick: Trick | None = obs.tricks[-1] if obs.tricks else None
    playing: Sequence[int] = obs.playing
    if trick is None and game.results and game.results[-1].tricks:
        result = game.results[-1]
        trick, playing = result.tricks[-1], result.playing
    if trick is None:
        return None
    seats = order_of(n, playing, trick.leader)
    return {"cards": trick_cards(trick.cards, seats, lang), "winner": trick.winner}


def running(game: Game, obs: Observation, names: Sequence[str],
            lang: Lang) -> list[dict[str, Any]]:
    """Tricks and card points of this hand per player or team, counted with the trump as
    it stands (as the terminal's running count)."""
    rules = game.rules
    table = tv.final_table(rules, obs.trump)
    tricks = [0] * rules.subjects
    points = [0] * rules.subjects
    for trick in obs.tricks:
        who = rules.team_of[trick.winner]
        tricks[who] += 1
        points[who] += sum(table.points[c] for c in trick.cards)
    subjects = tv.subject_names(rules, names)
    return [{"name": subjects[x], "tricks": tricks[x], "points": points[x],
             "text": f"{subjects[x]} {tv.counted(lang, tricks[x], 'live.trick_one', 'live.tricks')}"
                     f", {tv.counted(lang, points[x], 'live.point_one', 'live.points')}"}
            for x in range(rules.subjects)]


def written(result: HandResult, subject: int) -> dict[str, int]:
    """What a hand wrote for one player or team, per unit (amounts held aside not)."""
    out: dict[str, int] = {}
    for g in result.grants:
        if g.subject == subject and not g.held_with:
            out[g.unit] = out.get(g.unit, 0) + g.amount
    return out


def sheet(game: Game, obs: Observation, w: Words, names: Sequence[str]) -> dict[str, Any]:
    """The scoresheet from the records of the finished hands: per hand the mode (or the
    column), what each seat declared, the card points and what the scoring wrote; the
    totals; where the file keeps a sheet of columns, the columns with their multipliers."""
    rules = game.rules
    subjects = tv.subject_names(rules, names)
    rows = []
    for result in game.results:
        cells = []
        for x in range(rules.subjects):
            declared = [f"{w.declared_noun(d)} {w.value(d, v)}"
                        for d, values in result.declared.items()
                        for seat, v in enumerate(values) if rules.team_of[seat] == x]
            cells.append({"declared": declared, "points": result.points[x],
                          "written": [w.unit(u, v) for u, v in written(result, x).items()]})
        played = mode_label(w.lang, rules, str(result.trump)) if result.trump.is_set else ""
        rows.append({"hand": result.number, "mode": played, "cells": cells})
    totals = [[w.unit(u, values[x]) for u, values in obs.totals.items()]
              for x in range(rules.subjects)]
    panel: dict[str, Any] = {"subjects": subjects, "rows": rows, "totals": totals,
                             "columns": None}
    for mechanism in rules.mechanisms:  # its part (the columns of a scoresheet)
        if mechanism.browser.board is not None:
            mechanism.browser.board(game, obs, w, names, panel)
    won = obs.totals.get(rules.winner_unit[0])  # the Z with its strokes, where it fits
    panel["strokes"] = tafel(subjects, list(won) if won is not None else None,
                             rules.winner_most, panel["columns"] is not None)
    return panel


def hand_reports(session: Session, w: Words, names: Sequence[str]) -> list[dict[str, Any]]:
    """The last finished hands: the clause that scored each, linked to its rule page, and
    the terminal's report of the hand (made public when the hand is over)."""
    game, rules = session.game, session.game.rules
    out = []
    for result in game.results[-HANDS_SHOWN:]:
        clause = next((c for c in rules.model.clauses if c.id == result.clause), None)
        title = in_lang(w.lang, clause.title, clause.title_german) if clause is not None \
            and clause.title else ""
        lines = tv.hand_summary(rules, result, game.hand_events(result.number), names, False,
                                w.lang)
        name = tv.clause_name(rules, result.clause, w.lang)
        out.append({"number": result.number, "clause": name,
                    "title": title if title != name else "",
                    "link": rule_link(session, w.lang, result.clause),
                    "lines": lines[1:]})
    return out


def rule_link(session: Session, lang: Lang, clause: str = "") -> str:
    anchor = f"#clause-{clause}" if clause else ""
    return f"/rules?variant={quote(session.source)}&lang={lang}{anchor}"


def number_entry(game: Game, legal: Sequence[Action]) -> dict[str, Any] | None:
    """A declaration with many whole-number values (an estimate of 0 to 157) is asked as a
    number, not as a list of buttons: its bounds and how its action is written (`prefix`
    and the number); None for any other choice."""
    others = [a for a in legal if a.kind != "play"]
    if len(others) <= MANY or len({a.kind for a in others}) != 1:
        return None
    prefix = f"{others[0].kind} "
    values = sorted(a.value for a in others)
    if values != list(range(values[0], values[-1] + 1)) or any(
            game.action_text(a) != f"{prefix}{a.value}" for a in others):
        return None  # named values, or gaps: the list of choices names them
    return {"min": values[0], "max": values[-1], "prefix": prefix}


def barred(game: Game, hand: Sequence[int], legal: Sequence[Action],
           lang: Lang) -> dict[str, str]:
    """Why each card of the seat's own hand may not be played now, by its code, in the
    terminal's words (`Game.why_illegal`, the reasons the corpus cites too). Only on the
    seat's turn to play a card, when the hand, the trick and the mode are all it needs."""
    playable = {a.value for a in legal if a.kind == "play"}
    if not playable:
        return {}
    return {CARD_NAMES[c]: tv.reason_text(game.why_illegal(c), lang)
            for c in hand if c not in playable}


def seat_view(session: Session, seat: int, lang: Lang, log: Sequence[str]) -> dict[str, Any]:
    """Everything the page of `seat` shows now (`stopped`: why the game cannot go on)."""
    game, rules = session.game, session.game.rules
    w = Words(game, lang)
    obs = game.observe(seat)
    names = session.shown(lang)
    stopped = session.stop_text(seat, lang)  # the engine cannot go on: nobody is asked
    # a forced answer (nothing to declare) is the server's to give: no buttons for it
    yours = not stopped and not game.is_over and obs.current == seat \
        and game.forced_action() is None
    legal = game.legal_actions() if yours else []
    trump = tv.final_table(rules, obs.trump)  # the order the hand is shown in
    hand = [c for group in tv.sorted_hand(obs.hand, trump) for c in group]
    apart = tv.apart(rules, obs)  # drawn in the seat's own row alone (table cards)
    view = View.of(game, seat)
    outcome = game.outcome()
    # the declarations made in this hand: a value not yet given reads 0, and is not shown
    made = {(e.seat, e.name) for e in game.hand_events() if isinstance(e, Declared)}
    return {
        "type": "state",
        "turn": session.turn,
        "variant": rules.name,
        "rulebook": rule_link(session, lang),
        "seat": seat,
        "names": names,
        "game": session.id,
        "ask_name": session.kinds[seat] == "person" and not session.names[seat],
        "teams": tv.subject_names(rules, names),
        "team_of": list(rules.team_of),
        "phase": obs.phase,
        "current": obs.current,
        "dealer": obs.dealer,
        "hand_number": obs.hand_number,
        "yours": yours,
        "prompt": w.say("live.stopped.prompt") if stopped else w.prompt(legal) if yours else
        (w.say("live.wait", name=names[obs.current]) if not game.is_over else ""),
        "stopped": stopped,
        "trump": mode_label(lang, rules, str(obs.trump)) if obs.trump.is_set
        else w.say("live.no_trump"),
        "hand": [card(c, lang) for c in hand if c not in apart],
        "barred": barred(game, hand, legal, lang),
        "legal": [{"text": game.action_text(a), "label": w.action(a),
                   "card": CARD_NAMES[a.value] if a.kind == "play" else None}
                  for a in tv.in_hand_order(legal, trump)],
        "entry": number_entry(game, legal),
        "trick": trick_cards(obs.trick, view.seats or order_of(rules.players, obs.playing,
                                                               obs.leader), lang),
        "last_trick": last_trick(game, obs, lang),
        "shown": card(obs.shown, lang) if obs.shown >= 0 else None,
        "turned": card(obs.turned, lang) if obs.turned >= 0 else None,
        "running": running(game, obs, names, lang),
        # the declarations this seat may see: its own, and those made openly
        "declared": [f"{names[x]}: {w.declared_noun(d)} {w.value(d, v)}"
                     for d, values in obs.declared.items()
                     for x, v in enumerate(values) if v is not None and (x, d) in made],
        "sheet": sheet(game, obs, w, names),
        "hands": hand_reports(session, w, names),
        "log": list(log[-LOG_LINES:]),
        "outcome": tv.outcome_line(rules, outcome, names, lang) if outcome is not None else "",
        # the mechanisms' own entries (the Weise on offer and those declared)
        **{key: value for x in rules.mechanisms if x.browser.table is not None
           for key, value in x.browser.table(game, seat, lang).items()},
    }
