"""Bettering (Bessern): a player with an own pile may take it into the hand and lay as
many cards away, or refuse it; where the dealer sees the pile first, the dealer takes it
and then discards.

Everything about bettering is here: its statement, check, compiled setting, phase and
events, how the terminal and the table ask and tell it, the bot's choice and its words.
`engine/improve.py` keeps the compiled setting and the own pile's name, which the piles,
the terminal and the bots read too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jassdsl.bots.declaring import expected_points
from jassdsl.bots.heuristic import cheapest
from jassdsl.bots.view import View, hand_total, table_for
from jassdsl.compile.compiler import CompiledRules, number
from jassdsl.core import model as m
from jassdsl.core.actions import DISCARDS, Action, ActionKind
from jassdsl.core.cards import CARD_INDEX, mask_cards
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
from jassdsl.engine.improve import ImproveConfig, improve, own_pile
from jassdsl.engine.phase import Phase, Table
from jassdsl.language.empty_piles import fills
from jassdsl.language.syntax import pos_of, word
from jassdsl.rulebook.render import pile, value_text
from jassdsl.rulebook.words import Lang, say

TAKE, DECLINE = Action("take"), Action("decline")  # swap cards for one's own pile, or not

BETTER_BELOW = 0.25  # the bot swaps cards for its unseen own pile when the hand promises less

# -- the statement
GRAMMAR = """
%extend _statement: improve
// each player's own pile (laid face down) may replace as many cards of the hand
improve: "improve" ":" "each" "player" "may" "swap" value "cards" "for" "their" ID [improve_dealer_sees]
improve_dealer_sees: "," "the" "dealer" "after" "seeing" "them"
"""


class Improve(m.Node):
    """Each player may swap cards of the hand for their own pile (bettering the hand)."""

    cards: m.Value
    pile: m.Word
    dealer_sees: bool = False  # the dealer takes the pile first and then discards


BUILD = {
    "improve": lambda meta, ch: Improve(pos=pos_of(meta), cards=ch[0], pile=word(ch[1]),
                                        dealer_sees=ch[2] is True),
    "improve_dealer_sees": lambda meta, ch: True,
}


def check(c: Any, rf: m.RuleFile) -> None:
    """The pile is one for each player, as large as the cards swapped for it."""
    imp = rf.part("improve", Improve)
    if imp is None:
        return
    each = {p.name: p.size.word() if p.size else "" for p in rf.piles if p.each}
    if imp.pile.text not in each:
        c.error(imp.pile.pos, "unknown-name", f"no pile {imp.pile.text!r} for each "
                f"player; write 'pile {imp.pile.text}: {imp.cards.word()} cards each'")
    elif each[imp.pile.text] != imp.cards.word():
        c.error(imp.pos, "range", f"{imp.cards.word()} cards are swapped for a pile of "
                f"{each[imp.pile.text]}")
    else:
        partly_filled(c, rf, imp)


def partly_filled(c: Any, rf: m.RuleFile, imp: Improve) -> None:
    """Every own pile holds the cards swapped for it, or none (then its owner is not
    asked), at every number of players and choice of the options: where the cards left
    after the deal run out in the middle of the piles, one player's pile holds fewer, and
    swapping would shrink the hand."""
    for case in fills(rf) or ():
        size = case.number(imp.cards)
        held = case.held.get(imp.pile.text, 0)
        if size > 0 and held % size:
            seats = [min(size, max(held - k * size, 0)) for k in range(case.players)]
            options = [f"{k} = {v}" for k, v in case.chosen.items() if k != rf.players.option]
            said = [f"{case.players} players", f"{case.each} cards each", *options]
            when = ", ".join(said[:-1]) + " and " + said[-1]
            c.error(imp.pos, "pile", f"each player swaps {size} cards for their "
                    f"{imp.pile.text!r}, but with {when} the piles get "
                    f"{', '.join(map(str, seats))} cards: a player whose pile holds fewer "
                    f"than {size} would be left with a short hand; deal the cards so that what is "
                    "left fills every such pile or none")
            return


def compile_improve(rf: m.RuleFile, options: dict[str, int | str]) -> ImproveConfig | None:
    imp = rf.part("improve", Improve)
    if imp is None:
        return None
    return ImproveConfig(imp.pile.text, number(imp.cards, options), imp.dealer_sees)


# -- the phase
@dataclass(frozen=True, slots=True)
class Bettered(Event):
    """A player with an own pile: 'took' it (and lays cards away) or 'refused' it.
    `asked` is False for a dealer who sees the pile first and takes it without a turn."""

    seat: int
    how: str
    asked: bool = True


@dataclass(frozen=True, slots=True)
class LaidAway(Event):
    seat: int
    card: int


class Bettering(Phase):
    """A player with an own pile may take it into the hand and lay as many cards away,
    or refuse it aloud (it goes out of play, seen by its owner). Where the dealer sees the
    pile first, the dealer takes it and then discards."""

    name = "improve"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "improve" in rules.configs

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.config = improve(rules) or ImproveConfig("", 0)
        self.pile = self.config.pile

    def begin(self, g: Table) -> bool:
        s, r = g.s, self.rules
        p = s.piles
        assert p is not None
        first = [s.dealer] if self.config.dealer_sees else []
        seats = trick_seats(r.players, s.table)[next_seat(r.players, s.dealer, s.table)]
        order = dict.fromkeys([*first, *seats])  # the dealer first, then from forehand
        p.improving = tuple(x for x in order if p.piles.get(f"{self.pile}:{x}"))
        return self.next_player(g)

    def next_player(self, g: Table) -> bool:
        """The next player who may swap cards for their own pile (False: nobody left); a
        dealer who sees the pile first takes it into the hand and then discards."""
        s = g.s
        p = s.piles
        assert p is not None
        if not p.improving:
            return False
        seat, p.improving = p.improving[0], p.improving[1:]
        s.phase, s.current, p.discards = "improve", seat, 0
        if self.config.dealer_sees and seat == s.dealer:
            key = f"{self.pile}:{seat}"
            s.hands[seat] |= p.piles[key]
            p.piles[key] = 0
            p.discards = self.config.cards
            p.improved.append((seat, "took"))
            if g.log is not None:
                g.emit(Bettered(s.hand_no, seat, "took", asked=False))
        return True

    def kinds_asked(self) -> tuple[str, ...]:
        return ("discard", TAKE.kind, DECLINE.kind)

    def legal(self, g: Table) -> list[Action]:
        s = g.s
        assert s.piles is not None
        if s.piles.discards:
            return [DISCARDS[c] for c in mask_cards(s.hands[s.current])]
        return [TAKE, DECLINE]

    def take(self, g: Table, action: Action) -> None:
        s = g.s
        p = s.piles
        assert p is not None
        seat = s.current
        key = f"{self.pile}:{seat}"
        if action == TAKE:
            p.discards = self.config.cards
            p.taking = True
            p.improved.append((seat, "took"))
            if g.log is not None:
                g.emit(Bettered(s.hand_no, seat, "took"))
            return
        if action == DECLINE:  # declined aloud: the pile goes out of play, seen by its owner
            p.improved.append((seat, "refused"))
            if g.log is not None:
                g.emit(Bettered(s.hand_no, seat, "refused"))
            p.looked[seat] = p.piles[key]
            p.out |= p.piles[key]
            p.piles[key] = 0
        else:
            s.hands[seat] ^= 1 << action.value
            p.out |= 1 << action.value
            p.discards -= 1
            if g.log is not None:
                g.emit(LaidAway(s.hand_no, seat, action.value))
            if p.discards:
                return
            if p.taking:  # the cards are laid away; now the pile comes into the hand
                s.hands[seat] |= p.piles[key]
                p.piles[key] = 0
        p.taking = False
        if not self.next_player(g):
            g.advance(self)


# -- the terminal, the table, the bot and the rulebook


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
    imp = rf.part("improve", Improve)
    if imp is None:
        return []
    own = pile(lang, rf, imp.pile.text)
    n = value_text(lang, rf, imp.cards)
    items = [say(lang, "declare.improve", pile=own, n=n)]
    if imp.dealer_sees:
        items.append(say(lang, "declare.improve_dealer", pile=own, n=n))
    return items


WORDS: dict[str, tuple[str, str]] = {
    "declare.improve": (
        "First each player may better the hand with their own {pile}, from forehand on: "
        "lay {n} cards of the hand away without seeing the {pile} and take the {pile} up, or "
        "refuse it. A player who refuses says so before looking and may then look at the "
        "refused cards. Laid-away and refused cards are out of play.",
        "Zuerst darf jeder Spieler ab der Vorhand seine Karten mit seinem eigenen Haufen "
        "{pile} bessern: {n} Karten ablegen, ohne {pile} gesehen zu haben, und {pile} "
        "aufnehmen, oder darauf verzichten. Wer verzichtet, sagt es vorher an und darf die "
        "verschmähten Karten dann ansehen. Abgelegte und verschmähte Karten sind aus dem Spiel.",
    ),
    "declare.improve_dealer": (
        "The dealer goes first: he takes his {pile} up with the hand and then lays {n} of "
        "all his cards away.",
        "Der Geber ist zuerst: er nimmt seinen Haufen {pile} mit der Hand auf und legt dann "
        "{n} seiner Karten ab.",
    ),
    "live.take": ("Swap for the {pile}", "Gegen {pile} tauschen"),
    "live.decline": ("Keep my cards", "Karten behalten"),
    "live.discard": ("Lay away {card}", "{card} weglegen"),
    "live.prompt.improve": ("Better your hand?", "Bessern?"),
    "live.says.took": ("{name} takes the {pile}", "{name}: nimmt {pile}"),
    "live.says.refused": ("{name} refuses the {pile}", "{name}: lehnt {pile} ab"),
    # the hand's report: who took or refused their pile (`HandResult.improved`)
    "live.report.took": ("{name} took the {pile}", "{name} hat {pile} genommen"),
    "live.report.refused": ("{name} refused the {pile}", "{name} hat {pile} abgelehnt"),
    "live.ask.discard": ("lay away which card? (number or card name): ",
                         "welche Karte weglegen? (Nummer oder Kartenname): "),
    "live.ask.improve": ("swap cards for your {pile}? (take / decline, or a number): ",
                         "Karten gegen {pile} tauschen? (take / decline, oder eine Nummer): "),

}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        '`pile NAME: N cards each` lays one pile of N cards face down for each player at the\n'
        'table (after the hands, from forehand on). `improve: each player may swap N cards for\n'
        'their NAME` lets each player in turn from forehand either lay N cards of the hand away,\n'
        'without seeing the pile, and take the pile up (actions `take`, then `discard DA` N times),\n'
        'or refuse it (`decline`): a player who refuses may then look at it. With `, the dealer\n'
        'after seeing them` the dealer goes first, takes his pile up with the hand and lays N of\n'
        'all his cards away. Laid-away and refused cards are out of play. Each such pile holds the\n'
        'N cards swapped for it, or none (its owner is then not asked), at every number of players\n'
        'and choice of the options: where the cards left after the deal run out in the middle of\n'
        'the piles (four players dealt 8 each leave 4 cards: piles of 3, 1, 0 and 0), `check`\n'
        'refuses the `improve` at its line.'),
    text_de=(
        '`pile NAME: N cards each` legt für jeden Spieler am Tisch einen eigenen Haufen von N\n'
        'Karten verdeckt hin (nach den Händen, ab der Vorhand). `improve: each player may swap N\n'
        'cards for their NAME` lässt jeden Spieler reihum ab der Vorhand entweder N Karten ablegen,\n'
        'ohne den Haufen gesehen zu haben, und ihn aufnehmen (Aktionen `take`, dann N-mal\n'
        '`discard DA`), oder verzichten (`decline`): wer verzichtet, darf ihn dann ansehen. Mit\n'
        '`, the dealer after seeing them` beginnt der Geber, nimmt seinen Haufen mit der Hand auf\n'
        'und legt dann N seiner Karten ab. Abgelegte und verschmähte Karten sind aus dem Spiel.\n'
        'Jeder solche Haufen hält die N Karten, die für ihn getauscht werden, oder keine (dann wird\n'
        'sein Besitzer nicht gefragt), bei jeder Zahl von Spielern und jeder Wahl der Optionen: wo\n'
        'die nach dem Geben übrigen Karten mitten in den Haufen ausgehen (vier Spieler mit je 8\n'
        'Karten lassen 4 übrig: Haufen von 3, 1, 0 und 0), lehnt `check` das `improve` an seiner\n'
        'Zeile ab.'),
    example=(
        'option seats "players at the start" default 3 choices 4, 3, 2\n'
        'players seats\n'
        'deal 9 each in packets of 3\n'
        'pile bessern: 3 cards each\n'
        'pile stock: the rest\n'
        'trump: top card of stock, else bottom card\n'
        'improve: each player may swap 3 cards for their bessern, the dealer after seeing them'),
)


IMPROVE = Mechanism(
    "improve",
    syntax=Syntax(
        grammar=GRAMMAR,
        build=BUILD,
        statements={Improve: "improve"},
        self_contained=True),
    rulebook=Rulebook(
        words=WORDS,
        describe={"declare": describe},
        reference=REFERENCE),
    checks=Checks(
        check=check),
    runtime=Runtime(
        compile=compile_improve,
        phase=Bettering,
        kinds=("take", "decline", "discard"),
        codec=(ActionKind("take", "none"), ActionKind("decline", "none")),
        uses_piles=True,
        out_of_play=True),
    terminal=Terminal(
        prompt=Prompt(ask=ask, read=read),
        narrate={Bettered: narrate}),
    browser=Browser(
        label=label),
    bots=Bots(
        policy=policy))
