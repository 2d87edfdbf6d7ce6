"""Bettering (Bessern): a player with an own pile may take it into the hand and lay as
many cards away, or refuse it; where the dealer sees the pile first, the dealer takes it
and then discards.

Everything about bettering but its grammar lines, its model node and its words
(`words.py` keys `declare.improve*`, `live.*`) is here; the phase is `engine/improve.py`."""

from __future__ import annotations

from typing import Any

from jassdsl.bots import View, cheapest, expected_points, hand_total, table_for
from jassdsl.compile.compiler import number
from jassdsl.core import model as m
from jassdsl.core.actions import DECLINE, TAKE, Action
from jassdsl.core.cards import CARD_INDEX
from jassdsl.core.mechanism import Mechanism, Prompt
from jassdsl.engine import Game
from jassdsl.engine.events import Bettered
from jassdsl.engine.improve import Improve, ImproveConfig, own_pile
from jassdsl.rulebook.render import pile, value_text
from jassdsl.rulebook.words import Lang, say

BETTER_BELOW = 0.25  # the bot swaps cards for its unseen own pile when the hand promises less


def check(c: Any, rf: m.RuleFile) -> None:
    """The pile is one for each player, as large as the cards swapped for it."""
    imp = rf.improve
    if imp is None:
        return
    each = {p.name: p.size.word() if p.size else "" for p in rf.piles if p.each}
    if imp.pile.text not in each:
        c.error(imp.pile.pos, "unknown-name", f"no pile {imp.pile.text!r} for each "
                f"player; write 'pile {imp.pile.text}: {imp.cards.word()} cards each'")
    elif each[imp.pile.text] != imp.cards.word():
        c.error(imp.pos, "range", f"{imp.cards.word()} cards are swapped for a pile of "
                f"{each[imp.pile.text]}")


def compile_improve(rf: m.RuleFile, options: dict[str, int | str]) -> ImproveConfig | None:
    imp = rf.improve
    if imp is None:
        return None
    return ImproveConfig(imp.pile.text, number(imp.cards, options), imp.dealer_sees)


def ask(game: Game, lang: Lang) -> str:
    if any(a.kind == "discard" for a in game.legal_actions()):
        return say(lang, "live.ask.discard")
    return say(lang, "live.ask.improve", pile=own_pile(game.rules))


def read(game: Game, text: str, legal: list[Action]) -> Action | str | None:
    """A card to lay away, by its name."""
    words = text.lower().split()
    if len(words) == 1 and words[0].upper() in CARD_INDEX:
        action = Action("discard", CARD_INDEX[words[0].upper()])
        return action if action in legal else f"{words[0].upper()} is not in your hand"
    return None


def label(words: Any, a: Action) -> str:
    """A button of the browser table."""
    if a.kind == "take":
        return str(words.say("live.take", pile=own_pile(words.rules) or ""))
    if a.kind == "discard":
        return str(words.say("live.discard", card=words.card_text(a.value)))
    return str(words.say(f"live.{a.kind}"))


def narrate(n: Any, e: Bettered) -> list[str]:
    if not n.others(e.seat) or not e.asked:
        return []
    return [n.say("took" if e.how == "took" else "refused", name=n.names[e.seat],
                  pile=own_pile(n.rules))]


def policy(game: Game, view: View, legal: list[Action]) -> Action:
    """Take the pile for a poor hand; lay away the cheapest cards."""
    table = table_for(game.rules, view.trump)
    if TAKE in legal:
        share = expected_points(game.rules, view.hand, table) / hand_total(game.rules, table)
        return TAKE if share < BETTER_BELOW else DECLINE
    return Action("discard", cheapest([a.value for a in legal], table))


def describe(lang: Lang, rf: m.RuleFile) -> list[str]:
    """The items of the declarations section."""
    imp = rf.improve
    if imp is None:
        return []
    own = pile(lang, rf, imp.pile.text)
    n = value_text(lang, rf, imp.cards)
    items = [say(lang, "declare.improve", pile=own, n=n)]
    if imp.dealer_sees:
        items.append(say(lang, "declare.improve_dealer", pile=own, n=n))
    return items


IMPROVE = Mechanism(
    name="improve",
    statements={m.Improve: "improve"},
    check=check,
    compile=compile_improve,
    phase=Improve,
    kinds=("take", "decline", "discard"),
    prompt=Prompt(ask=ask, read=read),
    label=label,
    narrate={Bettered: narrate},
    policy=policy,
    describe={"declare": describe},
)
