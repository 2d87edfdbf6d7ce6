"""A finished game of the evening played back step by step: the table as it stood after
a number of its actions, every hand face up (the game is over: its cards are public, as
its file names its seed), the trick on the table and what the last action was, told as
the table's narration tells it.

A step is the same game played again from its seed and its first actions (`Game` is
deterministic); the last few games stepped through are kept at the step they stand at,
so that a step forward applies one action and only a step back plays the game again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from jassdsl.core.cards import pack_words, shown_in
from jassdsl.engine import Game
from jassdsl.registry import load_rules
from jassdsl.rulebook import textview as tv
from jassdsl.rulebook.words import Lang
from jassdsl.table.view import Words, card, last_trick, mode_label, order_of, trick_cards

KEPT = 4  # games kept at their step


class Steps:
    """Finished games played back, by id (their record gives variant, options, seed)."""

    def __init__(self) -> None:
        # per game: the game at its step, the events after each action, who acted
        self.kept: OrderedDict[str, tuple[Game, list[int], list[int]]] = OrderedDict()
        self.lock = threading.Lock()

    def game_at(self, game_id: str, source: str, record: dict[str, Any],
                step: int) -> tuple[Game, list[int], list[int]]:
        """The game after `step` actions, the number of events after each action (the
        first: before any), and the seat that took each action."""
        with self.lock:
            kept = self.kept.pop(game_id, None)
            if kept is None or len(kept[0].history) > step:
                rules = load_rules(source, record.get("options") or {})
                game = Game(rules, seed=record["seed"], record=True, events=True)
                kept = (game, [len(game.events)], [])
            game, marks, seats = kept
            for text in record["actions"][len(game.history):step]:
                seats.append(game.current_player)
                game.apply(text)
                marks.append(len(game.events))
            self.kept[game_id] = kept
            while len(self.kept) > KEPT:
                self.kept.popitem(last=False)
            return game, list(marks), list(seats)


def first_up(text: str) -> str:
    """A sentence as it opens a line ('Game over after 8 hands ...')."""
    return text[:1].upper() + text[1:]


PACKS = ("fr", "ch")  # the page's pack switch shows the texts of one, hides the other's


def step_views(game: Game, marks: Sequence[int], seats: Sequence[int], names: Sequence[str],
               total: int, lang: Lang) -> dict[str, dict[str, Any]]:
    """`step_view` per pack, its texts naming the cards in that pack: the page is made on
    the server and does not know which pack it will show."""
    views = {}
    for pack in PACKS:
        with shown_in(pack_words(lang, pack)):
            views[pack] = step_view(game, marks, seats, names, total, lang)
    return views


def step_view(game: Game, marks: Sequence[int], seats: Sequence[int], names: Sequence[str],
              total: int, lang: Lang) -> dict[str, Any]:
    """What the replay page shows after the game's actions so far (of `total`)."""
    rules, step = game.rules, len(game.history)
    w = Words(game, lang)
    narrator = tv.Narrator(game, names, -1, lang=lang)  # a seat of nobody's: all is told
    narrator.tell(game.events[:marks[step - 1]] if step else [])
    said = [line.strip() for line in narrator.tell(game.events[marks[step - 1]:])
            if line.strip()] if step else [line.strip() for line in narrator.tell(
                game.events) if line.strip()]
    obs = game.observe(0)
    hands = []
    for seat in range(rules.players):
        seen = game.observe(seat)
        table = tv.final_table(rules, seen.trump)
        hands.append([card(c, lang) for group in tv.sorted_hand(seen.hand, table)
                      for c in group])
    outcome = game.outcome()
    last = game.history[-1] if step else None
    return {
        "step": step, "total": total, "names": list(names),
        "hand_number": obs.hand_number, "dealer": names[obs.dealer],
        "trump": mode_label(lang, rules, str(obs.trump)) if obs.trump.is_set else "",
        "hands": hands,
        "trick": trick_cards(obs.trick, order_of(rules.players, obs.playing, obs.leader),
                             lang),
        "last_trick": last_trick(game, obs, lang),
        "who": names[seats[-1]] if step else "",
        "action": (card(last.value, lang) if last.kind == "play" else w.action(last))
        if last is not None else None,
        "said": said,
        "totals": [f"{name}: " + ", ".join(w.unit(u, v[x]) for u, v in game.totals.items())
                   for x, name in enumerate(tv.subject_names(rules, names))],
        "outcome": first_up(tv.outcome_line(rules, outcome, names, lang)) if outcome else "",
    }
