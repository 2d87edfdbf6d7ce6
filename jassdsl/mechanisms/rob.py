"""Robbing: the player taking part who holds the file's trump rank (`rob: trump 6 may take
the turned card`) may swap it for the turned trump card, while that still lies on a pile.

Everything about robbing but its grammar lines, its model node and its words (`words.py`
keys `trump.rob`, `live.*rob*`) is here; the phase is `engine/rob.py`."""

from __future__ import annotations

from typing import Any

from jassdsl.bots import View, table_for
from jassdsl.cli.play import YES_NO
from jassdsl.core import model as m
from jassdsl.core.actions import ROB_NO, ROB_YES, Action
from jassdsl.core.cards import CARD_INDEX, CARD_NAMES, RANKS
from jassdsl.core.mechanism import Mechanism, Prompt
from jassdsl.engine import Game
from jassdsl.engine.events import Robbed
from jassdsl.engine.rob import Rob, RobConfig, robbing_card
from jassdsl.rulebook.words import RANK_FULL, Lang, say


def check(c: Any, rf: m.RuleFile) -> None:
    """A rank, and a turned trump card to rob."""
    if rf.rob is None:
        return
    if rf.rob.text not in RANKS:
        c.not_a_rank(rf.rob)
    if rf.trump.kind != "turned":
        c.error(rf.rob.pos, "trump", "only a turned trump card lies on the table to "
                "be robbed: 'trump: top card of PILE, else bottom card'")


def compile_rob(rf: m.RuleFile, options: dict[str, int | str]) -> RobConfig | None:
    return RobConfig(RANKS.index(rf.rob.text)) if rf.rob is not None else None


def cards(game: Game) -> tuple[str, str]:
    """The turned card and the trump card that may take it, by name."""
    turned = game.observe(game.current_player).turned
    return CARD_NAMES[turned], CARD_NAMES[robbing_card(game.rules, turned)]


def ask(game: Game, lang: Lang) -> str:
    turned, card = cards(game)
    return say(lang, "live.ask.rob", turned=turned, card=card)


def choices(game: Game, legal: list[Action], lang: Lang) -> str:
    turned, card = cards(game)
    return "  ".join(f"{i}) " + (say(lang, "live.choice.rob_yes", turned=turned, card=card)
                                 if a.value == 1 else say(lang, "live.choice.rob_no", card=card))
                     for i, a in enumerate(legal, 1))


def read(game: Game, text: str, legal: list[Action]) -> Action | None:
    """yes or no (1 or 0); anything else is read as any entry."""
    word = text.lower().split()[0]
    return Action("rob", YES_NO[word]) if word in YES_NO else None


def label(words: Any, a: Action) -> str:
    """A button of the browser table."""
    game = words.game
    turned = game.observe(game.current_player).turned
    mine = robbing_card(game.rules, turned)
    if a.value == 1:
        return str(words.say("live.rob_yes", turned=words.card_text(turned),
                             card=words.card_text(mine)))
    return str(words.say("live.rob_no", card=words.card_text(mine)))


def narrate(n: Any, e: Robbed) -> list[str]:
    if not n.others(e.seat):
        return []
    name = n.names[e.seat]
    return [n.say("robs", name=name, turned=CARD_NAMES[e.turned], card=CARD_NAMES[e.card])
            if e.took else n.say("no_rob", name=name)]


def policy(game: Game, view: View, legal: list[Action]) -> Action:
    """Rob when the turned card is the stronger trump than the file's robbing card."""
    table = table_for(game.rules, view.trump)
    turned = CARD_INDEX[game.observation(view.seat)["turned"]]
    robber = robbing_card(game.rules, turned)
    return ROB_YES if table.strength[turned] > table.strength[robber] else ROB_NO


def describe(lang: Lang, rf: m.RuleFile) -> list[str]:
    """Said after how trump is turned."""
    if rf.rob is None:
        return []
    return ["", say(lang, "trump.rob", rank=RANK_FULL[lang].get(rf.rob.text, rf.rob.text))]


ROB = Mechanism(
    name="rob",
    statements={m.Rob: "rob"},
    check=check,
    compile=compile_rob,
    phase=Rob,
    kinds=("rob",),
    yes_no=("rob",),
    prompt=Prompt(ask=ask, choices=choices, read=read),
    label=label,
    narrate={Robbed: narrate},
    policy=policy,
    describe={"trump": describe},
)
