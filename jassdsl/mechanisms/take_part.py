"""Taking part: from forehand, each player at the table says whether they play the hand:
join, fold (with enough players at the table), or swap their hand for a pile of the table.

Everything about taking part but its grammar lines, its model node and its words
(`words.py` keys `declare.take_part`, `declare.fold`, `declare.swap`, `live.*`) is here;
the phase is `engine/take_part.py`."""

from __future__ import annotations

from typing import Any

from jassdsl.bots import View, expected_points, hand_total, table_for
from jassdsl.compile.compiler import number
from jassdsl.compile.settings import get
from jassdsl.core import model as m
from jassdsl.core.actions import FOLD, JOIN, SWAP, Action
from jassdsl.core.mechanism import Mechanism, Prompt
from jassdsl.engine import Game
from jassdsl.engine.events import TookPart
from jassdsl.engine.take_part import TakePart, TakePartConfig, take_part
from jassdsl.rulebook.render import pile_name, value_text
from jassdsl.rulebook.words import Lang, say

JOIN_FROM = 0.2  # the bot plays when the hand promises this share of the points or more
SWAP_BELOW = 0.12  # ... and takes an unseen pile for the hand when it promises less


def check(c: Any, rf: m.RuleFile) -> None:
    """The pile to swap for is a pile of the table that can hold a hand; folding names a
    number of players at the table."""
    tp = rf.take_part
    if tp is None:
        return
    if tp.swap is not None and c.table_pile(rf, tp.swap):
        c.check_swap(rf, tp.swap)
    fold = get("fold from")
    if tp.fold_from is not None:
        c.value(tp.fold_from, fold.low, fold.high, "folding: the players at the table")


def compile_take_part(rf: m.RuleFile, options: dict[str, int | str]) -> TakePartConfig | None:
    tp = rf.take_part
    if tp is None:
        return None
    return TakePartConfig(
        fold_from=number(tp.fold_from, options) if tp.fold_from is not None else 99,
        swap_pile=tp.swap.text if tp.swap is not None else None)


def ask(game: Game, lang: Lang) -> str:
    kinds = " / ".join(a.kind for a in game.legal_actions())
    return say(lang, "live.ask.take_part", kinds=kinds)


def label(words: Any, a: Action) -> str:
    """A button of the browser table."""
    if a.kind == "swap":
        config = take_part(words.rules)
        return str(words.say("live.swap", pile=(config.swap_pile if config else None) or ""))
    return str(words.say(f"live.{a.kind}"))


def narrate(n: Any, e: TookPart) -> list[str]:
    if not n.others(e.seat):
        return []
    config = take_part(n.rules)
    return [n.say(e.how, name=n.names[e.seat], pile=config.swap_pile if config else None)]


def policy(game: Game, view: View, legal: list[Action]) -> Action:
    """Play a hand that promises a fair share; swap a poor one for an unseen pile."""
    table = table_for(game.rules, view.trump)
    share = expected_points(game.rules, view.hand, table) / hand_total(game.rules, table)
    if SWAP in legal and share < SWAP_BELOW:
        return SWAP
    return JOIN if share >= JOIN_FROM or FOLD not in legal else FOLD


def describe(lang: Lang, rf: m.RuleFile) -> list[str]:
    """The items of the declarations section."""
    tp = rf.take_part
    if tp is None:
        return []
    items = [say(lang, "declare.take_part")]
    if tp.fold_from is not None:
        items.append(say(lang, "declare.fold", n=value_text(lang, rf, tp.fold_from)))
    if tp.swap is not None:
        items.append(say(lang, "declare.swap", pile=pile_name(lang, rf, tp.swap.text)))
    return items


TAKE_PART = Mechanism(
    name="take_part",
    statements={m.TakePart: "take_part"},
    check=check,
    compile=compile_take_part,
    phase=TakePart,
    kinds=("join", "fold", "swap"),
    prompt=Prompt(ask=ask),
    label=label,
    narrate={TookPart: narrate},
    policy=policy,
    describe={"declare": describe},
)
