"""Robbing: the player taking part who holds the file's trump rank (`rob: trump 6 may take
the turned card`) may swap it for the turned trump card, while that still lies on a pile.

Everything about robbing is here: its statement (grammar line, builder, node), check,
compiled setting, phase and event, how the terminal and the table ask and tell it, the
bot's choice, and its words in both languages. `engine/rob.py` keeps the compiled setting
and the robbing card, which the rulebook's example and the terminal's summary name too.
This module is the model for a new mechanism (see `jassdsl/core/mechanism.py`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jassdsl.bots.view import View, table_for
from jassdsl.cli.play import YES_NO
from jassdsl.compile.compiler import CompiledRules
from jassdsl.core import model as m
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_INDEX, RANK_MASKS, RANKS, shown_card
from jassdsl.core.deal import next_seat, trick_seats
from jassdsl.core.mechanism import (
    Bots,
    Browser,
    Checks,
    Mechanism,
    Prompt,
    Reference,
    Rulebook,
    Runtime,
    Syntax,
    Terminal,
)
from jassdsl.engine import Game
from jassdsl.engine.events import Event
from jassdsl.engine.phase import Offer, Table
from jassdsl.engine.rob import RobConfig, robbing_card
from jassdsl.engine.state import State
from jassdsl.language.syntax import pos_of
from jassdsl.rulebook.card_words import RANK_FULL
from jassdsl.rulebook.words import Lang, say

ROB_YES, ROB_NO = Action("rob", 1), Action("rob", 0)  # take the turned trump card, or not

# -- the statement
GRAMMAR = """
%extend _statement: rob
// the holder of this trump card may exchange it for the turned trump card on the table
rob: "rob" ":" "trump" rank "may" "take" "the" "turned" "card"
"""


class Rob(m.Node):
    """`rob: trump RANK may take the turned card`."""

    rank: m.Word  # the trump rank that may take the turned trump card

    @property
    def reported_at(self) -> m.Pos:
        return self.rank.pos


def build(meta: Any, ch: list[Any]) -> Rob:
    return Rob(pos=pos_of(meta), rank=ch[0])


def check(c: Any, rf: m.RuleFile) -> None:
    """A rank, and a turned trump card to rob."""
    rob = rf.part("rob", Rob)
    if rob is None:
        return
    if rob.rank.text not in RANKS:
        c.not_a_rank(rob.rank)
    else:
        c.in_pack(rob.rank, rob.rank.text, RANK_MASKS[RANKS.index(rob.rank.text)])
    if rf.trump.kind != "turned":
        c.error(rob.rank.pos, "trump", "only a turned trump card lies on the table to "
                "be robbed: 'trump: top card of PILE, else bottom card'")


def compile_rob(rf: m.RuleFile, options: dict[str, int | str]) -> RobConfig | None:
    rob = rf.part("rob", Rob)
    return RobConfig(RANKS.index(rob.rank.text)) if rob is not None else None


# -- the phase
@dataclass(frozen=True, slots=True)
class Robbed(Event):
    """The holder of the robbing card took the turned card (`took`) or left it."""

    seat: int
    card: int  # the robbing card
    turned: int
    took: bool


@dataclass
class RobPart:
    """The seats still to be asked whether they rob, in turn from forehand."""

    asking: tuple[int, ...] = ()

    def copy(self) -> RobPart:
        return RobPart(self.asking)


class Robbing(Offer):
    """Once everybody has said whether they play, the player taking part who holds the
    robbing card (the file's trump rank, in the turned card's suit) may swap it for the
    turned card, as long as that still lies on a pile. Who holds it is hidden, so every
    player taking part is asked in turn from forehand (an `Offer`: the others have only
    the answer no) until one robs."""

    name = "rob"
    yes, no = ROB_YES, ROB_NO
    cannot = "this hand does not hold the card that may rob the turned card"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "rob" in rules.configs

    def new_part(self, s: State) -> None:
        s.parts[self.name] = RobPart()

    def part(self, s: State) -> RobPart:
        part = s.parts[self.name]
        assert isinstance(part, RobPart)
        return part

    def robbing_card(self, g: Table) -> int:
        """The card that may rob now (public: the turned card still lies on a pile, and it
        is not itself the robbing card), or -1."""
        p = g.s.piles
        assert p is not None
        if p.turned < 0 or not any(mask >> p.turned & 1 for mask in p.piles.values()):
            return -1
        robber = robbing_card(self.rules, p.turned)
        return robber if robber != p.turned else -1

    def begin(self, g: Table) -> bool:
        s, r = g.s, self.rules
        if self.robbing_card(g) < 0:
            return False
        forehand = next_seat(r.players, s.dealer, s.playing)
        self.part(s).asking = trick_seats(r.players, s.playing)[forehand]
        return self.ask_next(g)

    def ask_next(self, g: Table) -> bool:
        """Ask the next player taking part (False: everybody has been asked)."""
        s = g.s
        part = self.part(s)
        if not part.asking:
            return False
        s.phase, s.current = self.name, part.asking[0]
        part.asking = part.asking[1:]
        return True

    def known(self, g: Table, seat: int) -> int:
        """Once robbed, the robbing card lies where the turned card lay (everybody saw it)."""
        p = g.s.piles
        if p is None or p.robbed < 0 or p.turned < 0:
            return 0
        return 1 << robbing_card(self.rules, p.turned)

    def can_take(self, g: Table, seat: int) -> bool:
        robber = self.robbing_card(g)
        return robber >= 0 and bool(g.s.hands[seat] >> robber & 1)

    def take(self, g: Table, action: Action) -> None:
        s = g.s
        p = s.piles
        assert p is not None
        robber = self.robbing_card(g)
        took = self.said_yes(g, action)
        if took:
            swap = 1 << robber | 1 << p.turned
            s.hands[s.current] ^= swap
            for name, mask in p.piles.items():
                if mask >> p.turned & 1:
                    p.piles[name] = mask ^ swap
            p.robbed = s.current
        if g.log is not None:
            g.emit(Robbed(s.hand_no, s.current, robber, p.turned, took))
        if took or not self.ask_next(g):  # once robbed, nobody else can
            g.advance(self)


# -- the terminal, the table, the bot and the rulebook


def cards(game: Game) -> tuple[str, str]:
    """The turned card and the trump card that may take it, by name."""
    turned = game.observe(game.current_player).turned
    return shown_card(turned), shown_card(robbing_card(game.rules, turned))


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
    """A robbery, aloud; not robbing says nothing (every player is asked)."""
    if not n.others(e.seat) or not e.took:
        return []
    return [n.say("robs", name=n.names[e.seat], turned=shown_card(e.turned),
                  card=shown_card(e.card))]


def policy(game: Game, view: View, legal: list[Action]) -> Action:
    """Rob when the turned card is the stronger trump than the file's robbing card."""
    table = table_for(game.rules, view.trump)
    turned = CARD_INDEX[game.observation(view.seat)["turned"]]
    robber = robbing_card(game.rules, turned)
    return ROB_YES if table.strength[turned] > table.strength[robber] else ROB_NO


def describe(lang: Lang, rf: m.RuleFile) -> list[str]:
    """Said after how trump is turned."""
    rob = rf.part("rob", Rob)
    if rob is None:
        return []
    rank = rob.rank.text
    return ["", say(lang, "trump.rob", rank=RANK_FULL[lang].get(rank, rank))]


WORDS: dict[str, tuple[str, str]] = {
    "trump.rob": (
        "After everybody has said whether they play, and before the first card, a player "
        "who plays and holds the trump {rank} may rob: exchange it for the turned card, as "
        "long as the turned card still lies on its pile. The {rank} then lies on the pile, "
        "out of play. A trump card shown from the dealer's hand cannot be robbed.",
        "Wenn alle gesagt haben, ob sie mitspielen, und vor der ersten Karte darf ein "
        "Mitspieler mit der Trumpf-{rank} rauben: sie gegen die aufgedeckte Karte tauschen, "
        "solange diese noch auf ihrem Haufen liegt. Die {rank} liegt dann auf dem Haufen und "
        "ist aus dem Spiel. Eine aus der Hand des Gebers gezeigte Trumpfkarte kann nicht "
        "geraubt werden.",
    ),
    "ex.robbed": (
        "{player} robs it with {card}.",
        "{player} raubt sie mit {card}.",
    ),
    "live.rob_yes": ("Take {turned} for {card}", "{turned} gegen {card} nehmen"),
    "live.rob_no": ("Keep {card}", "{card} behalten"),
    "live.prompt.rob": ("Rob the turned card?", "Die gewendete Karte rauben?"),
    "live.how.robbed": (", robbed by {name} with the {card}", ", geraubt von {name} mit {card}"),
    "live.says.robs": ("{name} takes the turned {turned} for {card}",
                       "{name}: nimmt die gewendete {turned} für {card}"),
    "live.ask.rob": ("take the turned {turned} for your {card}? (yes / no, or a number): ",
                     "die gewendete {turned} für deine {card} nehmen? (ja / nein, oder eine "
                     "Nummer): "),
    "live.choice.rob_yes": ("yes, take {turned} for {card}", "ja, {turned} für {card} nehmen"),
    "live.choice.rob_no": ("no, keep {card}", "nein, {card} behalten"),

}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        '`rob: trump 6 may take the turned card` lets a player who plays and holds that trump\n'
        'exchange it for the turned card, once everybody has said whether they play, as long as\n'
        'the card still lies on its pile (actions `rob 1` and `rob 0`).'),
    text_de=(
        '`rob: trump 6 may take the turned card` erlaubt einem Mitspieler mit diesem Trumpf, ihn\n'
        'gegen die aufgedeckte Karte zu tauschen (rauben), sobald alle gesagt haben, ob sie\n'
        'mitspielen, solange die Karte noch auf ihrem Haufen liegt (Aktionen `rob 1` und `rob 0`).'),
    example=(
        'players 4\n'
        'deal 8 each in packets of 4\n'
        'pile stock: the rest\n'
        'trump: top card of stock, else bottom card\n'
        'rob: trump 6 may take the turned card'),
)


ROB = Mechanism(
    "rob",
    syntax=Syntax(
        grammar=GRAMMAR,
        build={"rob": build},
        statements={Rob: "rob"},
        self_contained=True),
    rulebook=Rulebook(
        words=WORDS,
        describe={"trump": describe},
        reference=REFERENCE),
    checks=Checks(
        check=check),
    runtime=Runtime(
        compile=compile_rob,
        phase=Robbing,
        kinds=("rob",),
        yes_no=("rob",),
        uses_piles=True),
    terminal=Terminal(
        prompt=Prompt(ask=ask, choices=choices, read=read),
        narrate={Robbed: narrate}),
    browser=Browser(
        label=label),
    bots=Bots(
        policy=policy))
