"""The talon: the holder of a role known once the auction is over (the highest bidder)
takes a pile of the table into the hand and lays away as many cards, one `discard` action
per card; the laid-away cards count for a role (`, which count for bidder`: they join the
cards it took in tricks) or for nobody. Nobody else sees the talon or what was laid away.

`talon: bidder takes pile talon and lays away as many, which count for bidder`

Everything about the talon is here: its statement, check, compiled setting, phase, part
of the state and events, how the terminal and the table ask and tell it, the bot's choice
and bid, its lines in the rulebook's worked example and its words in both languages. The
layers read it through general hooks (`Runtime.defaults`, `bid_gain`, `example`,
`example_points`, `Phase.changes_hands`). Whether laid-away cards count is the file's to
say: sources differ."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from operator import or_
from typing import Any

from jassdsl.bots.view import View, table_for
from jassdsl.compile.compiler import CompiledRules, role_index
from jassdsl.compile.handfacts import HandFacts
from jassdsl.core import model as m
from jassdsl.core.actions import DISCARDS, Action
from jassdsl.core.cards import CARD_NAMES, mask_cards, shown_set
from jassdsl.core.errors import IllegalActionError
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
from jassdsl.core.roles import ROLES
from jassdsl.core.tables import ModeTable
from jassdsl.engine import Game
from jassdsl.engine.events import Event
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.records import HandResult
from jassdsl.engine.redeal import Redeal
from jassdsl.engine.state import State
from jassdsl.language.syntax import pos_of, word
from jassdsl.mechanisms.improve import read as read_discard  # a card laid away, by name
from jassdsl.rulebook.cardview import card_mark
from jassdsl.rulebook.example import points_table, seat_name
from jassdsl.rulebook.render import pile, pile_name
from jassdsl.rulebook.words import Lang, say

# -- the statement
GRAMMAR = """
%extend _statement: talon
// the talon: a role known once the auction is over (the bidder) takes a pile of the table
// into the hand and lays away as many cards; they count for a role, or for nobody
talon: "talon" ":" ID "takes" "pile" ID "and" "lays" "away" "as" "many" [talon_count]
talon_count: "," "which" "count" "for" ID
"""

# the roles that may take the talon: known once the auction is over, before trump
TAKERS = ("bidder",)


class Talon(m.Node):
    """`talon: ROLE takes pile PILE and lays away as many[, which count for ROLE]`."""

    who: m.Word  # the role taking the talon
    pile: m.Word
    counts_for: m.Word | None = None  # the role the laid-away cards count for (None: nobody)


def build(meta: Any, ch: list[Any]) -> Talon:
    return Talon(pos=pos_of(meta), who=word(ch[0]), pile=word(ch[1]), counts_for=ch[2])


def build_count(meta: Any, ch: list[Any]) -> m.Word:
    return word(ch[0])


def check(c: Any, rf: m.RuleFile) -> None:
    """A role known before trump takes a pile of the table; what it lays away counts for a
    role or for nobody."""
    t = rf.part("talon", Talon)
    if t is None:
        return
    c.role_among(rf, t.who, TAKERS,
                 "take the talon: it goes to a role known once the auction is over")
    c.table_pile(rf, t.pile)
    counts = t.counts_for
    if counts is not None and counts.text != "nobody" and \
            c.role_word(rf, counts.pos, counts.text) is None:
        c.error(counts.pos, "unknown-name", f"{counts.text!r} is no role; laid-away cards "
                "count for a role (the bidder) or for 'nobody'")


def counted_for(t: Talon) -> str:
    return t.counts_for.text if t.counts_for is not None else "nobody"


@dataclass(frozen=True)
class TalonConfig:
    """The compiled `talon:` statement."""

    role: int  # the role that takes the talon (index in State.roles)
    pile: str  # the pile of the table that is the talon
    counts_for: int = -1  # the role the laid-away cards count for, -1: nobody


def talon_config(rules: CompiledRules) -> TalonConfig | None:
    """The file's talon (None: it has none)."""
    return rules.config("talon", TalonConfig)


def compile_talon(rf: m.RuleFile, options: dict[str, int | str]) -> TalonConfig | None:
    t = rf.part("talon", Talon)
    if t is None:
        return None
    counts = counted_for(t)
    return TalonConfig(role_index(t.who.text), t.pile.text,
                       role_index(counts) if counts != "nobody" else -1)


# -- the phase
@dataclass
class TalonPart:
    """The talon of this hand: who took it, its cards, what is still to lay away."""

    taker: int = -1
    talon: tuple[int, ...] = ()  # the cards taken, as they lay
    laid: list[int] = field(default_factory=list)  # the cards laid away, in order
    todo: int = 0  # cards still to lay away

    def copy(self) -> TalonPart:
        return TalonPart(self.taker, self.talon, list(self.laid), self.todo)


@dataclass(frozen=True, slots=True)
class TalonTaken(Event):
    """A player takes the talon into the hand (`cards`: seen by that player alone)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TalonLaidAway(Event):
    """The talon's taker lays a card away (told to nobody else: only that one was)."""

    seat: int
    card: int


class TalonPhase(Phase):
    """Once the auction is over: the taker takes the talon up and lays away as many."""

    name = "talon"
    part_key = "talon"
    # the taker's hand as play begins is the dealt one with the talon, less what it laid
    # away: play keeps it (`State.in_hands`), and the Stöck is read there
    changes_hands = True

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "talon" in rules.configs

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.config = talon_config(rules) or TalonConfig(-1, "")

    def part(self, s: State) -> TalonPart:
        part = s.parts[self.name]
        assert isinstance(part, TalonPart)
        return part

    def new_part(self, s: State) -> None:
        s.parts[self.name] = TalonPart()

    def new_hand(self, g: Table) -> None:
        g.s.parts[self.name] = TalonPart()

    def begin(self, g: Table) -> bool:
        s = g.s
        p = s.piles
        taker = s.roles[self.config.role]
        cards = p.piles.get(self.config.pile, 0) if p is not None else 0
        if taker < 0 or not cards or p is None:
            return False
        part = self.part(s)
        part.taker, part.talon = taker, p.pile_cards.get(self.config.pile, ())
        part.todo = cards.bit_count()
        s.hands[taker] |= cards
        p.piles[self.config.pile] = 0
        if g.log is not None:
            g.emit(TalonTaken(s.hand_no, taker, part.talon))
        s.phase, s.current = self.name, taker
        return True

    def legal(self, g: Table) -> list[Action]:
        s = g.s
        return [DISCARDS[c] for c in mask_cards(s.hands[s.current])]

    def accepts(self, g: Table, action: Action) -> bool:
        return action.kind == "discard"

    def kinds_asked(self) -> tuple[str, ...]:
        return ("discard",)

    def take(self, g: Table, action: Action) -> None:
        s = g.s
        card = action.value
        if not 0 <= card < len(CARD_NAMES) or not s.hands[s.current] >> card & 1:
            raise IllegalActionError(action, g.legal_names(), "not a card of the hand")
        part = self.part(s)
        s.hands[s.current] ^= 1 << card
        part.laid.append(card)
        part.todo -= 1
        counts_for = self.config.counts_for
        if counts_for >= 0 and (holder := s.roles[counts_for]) >= 0:
            s.won[holder] |= 1 << card  # as if taken in a trick
        if g.log is not None:
            g.emit(TalonLaidAway(s.hand_no, s.current, card))
        if not part.todo:
            g.advance(self)

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        part = self.part(g.s)
        return {"talon": part.talon, "laid_away": tuple(part.laid), "in_hands": g.s.in_hands}

    def hidden(self, g: Table, seat: int) -> tuple[int, ...]:
        """The cards laid away, unless the seat laid them (a talon still on the table is
        a pile: the piles say it)."""
        part = self.part(g.s)
        return () if seat == part.taker else (sum(1 << c for c in part.laid),)

    def known(self, g: Table, seat: int) -> int:
        part = self.part(g.s)
        if seat != part.taker:
            return 0
        return reduce(or_, (1 << c for c in (*part.talon, *part.laid)), 0)  # they overlap

    def redeal(self, g: Table, deal: Redeal) -> None:
        part = self.part(g.s)
        part.talon, part.laid = deal.cards(part.talon), list(deal.cards(part.laid))

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        """The taker sees the talon and what it laid away; the others only how many."""
        part = self.part(g.s)
        mine = seat == part.taker
        return {"talon": part.talon if mine else (),
                "laid_away": tuple(part.laid) if mine else (), "laid_count": len(part.laid)}


# -- the terminal, the table, the bot and the rulebook
def ask(game: Game, lang: Lang) -> str:
    return say(lang, "live.ask.talon")


def label(words: Any, a: Action) -> str:
    """A button of the browser table."""
    return str(words.say("live.discard", card=words.card_text(a.value)))


def narrate(n: Any, e: TalonTaken) -> list[str]:
    """Everybody hears that the talon is taken; only its taker hears its cards."""
    if not n.live:
        return []
    if e.seat == n.you:
        return [n.say("talon_yours", cards=shown_set(e.cards))]
    return [n.say("talon_taken", name=n.names[e.seat], n=len(e.cards))]


def keep_value(hand: tuple[int, ...], table: Any) -> dict[int, tuple[int, int, int]]:
    """How much the bot wants to keep each card: a trump first, then the best card of a
    suit and the cards of long suits, then points; a low lone card goes first."""
    length: dict[int, int] = {}
    for c in hand:
        length[c // 9] = length.get(c // 9, 0) + 1
    best = {s: max(table.strength[c] for c in hand if c // 9 == s) for s in length}
    return {c: (int(c // 9 == table.trump), table.strength[c] + 9 * length[c // 9]
                + (20 if table.strength[c] == best[c // 9] else 0), table.points[c])
            for c in hand}


def best_suit(game: Game, view: View) -> int:
    """The trump the bot will choose after laying away: the mode it holds most cards of."""
    r = game.rules
    modes = r.trump_choices or tuple(r.modes)
    return max(modes, key=lambda x: sum(1 for c in view.hand if c // 9 == x))


def policy(game: Game, view: View, legal: list[Action]) -> Action:
    """Lay away the weakest card: no trump, a short suit's low card, few points (where
    they count for the bidder they are not lost)."""
    table = table_for(game.rules, view.trump if view.trump >= 0 else best_suit(game, view))
    value = keep_value(view.hand, table)
    return Action("discard", min((a.value for a in legal), key=value.__getitem__))


def bid_gain(game: Game, view: View, table: ModeTable) -> float:
    """What the talon adds to what a bidder expects to make in a mode: the average points
    of a card not in the hand, for each of its cards (kept, or laid away to count for the
    bidder; half as much where laid-away cards count for nobody)."""
    config = talon_config(game.rules)
    if config is None:
        return 0.0
    cards = int(game.observe(view.seat).piles.get(config.pile, 0))
    if not cards:
        return 0.0
    hand = view.hand
    outside = sum(table.points) - sum(table.points[c] for c in hand)
    gain = cards * outside / max(36 - len(hand), 1)
    return gain if config.counts_for >= 0 else gain / 2


def example(lang: Lang, rules: CompiledRules, res: HandResult) -> list[str]:
    """The worked example, after trump is set: who took the talon and what it laid away
    (its taker: the seat whose hand as play began is not as dealt)."""
    talon, laid = res.part("talon", "talon", ()), res.part("talon", "laid_away", ())
    if not talon:
        return []
    taker = next(x for x, (a, b) in enumerate(zip(res.in_hands, res.hands, strict=True))
                 if a != b)
    return [say(lang, "ex.talon", player=seat_name(taker),
                cards=" ".join(card_mark(c) for c in talon),
                laid=" ".join(card_mark(c) for c in laid)), ""]


def example_points(lang: Lang, rules: CompiledRules, res: HandResult) -> tuple[int, str]:
    """The card points of the cards laid away, where they count for a seat, and how the
    example's points line says them."""
    config = talon_config(rules)
    laid = res.part("talon", "laid_away", ())
    if not laid or config is None or config.counts_for < 0:
        return 0, ""
    table = points_table(rules, res.trump)
    points = sum(table.points[c] for c in laid)
    return points, say(lang, "ex.laid_bonus", points=points)


def describe(lang: Lang, rf: m.RuleFile) -> list[str]:
    """Said with the declarations, after the auction."""
    t = rf.part("talon", Talon)
    if t is None:
        return []
    role = ROLES[t.who.text]
    who = role.doc if lang == "en" else role.de_head[0]
    talon = (pile if lang == "en" else pile_name)(lang, rf, t.pile.text)
    text = say(lang, "declare.talon", who=who, pile=talon)
    counts = counted_for(t)
    if counts == "nobody":
        return [f"{text} {say(lang, 'declare.talon_nobody')}"]
    whom = ROLES[counts]
    return [f"{text} {say(lang, 'declare.talon_counts', who=whom.doc if lang == 'en' else whom.de_head[1])}"]


WORDS: dict[str, tuple[str, str]] = {
    "declare.talon": (
        "Once the auction is over, {who} takes the {pile} into the hand without showing it "
        "and then lays away as many cards, face down; nobody else sees them.",
        "Nach der Versteigerung nimmt {who} {pile} auf, ohne ihn zu zeigen, und legt "
        "dann gleich viele Karten verdeckt weg; niemand sonst sieht sie.",
    ),
    "declare.talon_counts": (
        "The laid-away cards count for {who} as if taken in a trick.",
        "Die weggelegten Karten zählen für {who}, als wären sie mit einem Stich gemacht.",
    ),
    "declare.talon_nobody": (
        "The laid-away cards count for nobody.",
        "Die weggelegten Karten zählen für niemanden.",
    ),
    "ex.talon": ("{player} takes the talon ({cards}) and lays away {laid}.",
                 "{player} nimmt den Talon auf ({cards}) und legt {laid} weg."),
    "ex.laid_bonus": ("(including {points} for the cards laid away)",
                      "(mit {points} für die weggelegten Karten)"),
    "live.ask.talon": ("lay away which card? (number or card name): ",
                       "welche Karte weglegen? (Nummer oder Kartenname): "),
    "live.prompt.talon": ("Lay a card away", "Eine Karte weglegen"),
    "live.says.talon_taken": ("{name} takes the talon ({n} cards)",
                              "{name}: nimmt den Talon ({n} Karten)"),
    "live.says.talon_yours": ("you take the talon: {cards}", "du nimmst den Talon: {cards}"),
}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        '`talon: bidder takes pile NAME and lays away as many` gives a pile of the table to the\n'
        'highest bidder once the auction is over (before trump is chosen): the bidder takes it into\n'
        'the hand, unseen by the others, and lays away as many cards, one action each (`discard\n'
        'DA`); nobody else sees what was laid away. `, which count for bidder` adds the laid-away\n'
        'cards to those the bidder took in tricks (so the hand is still worth 157); without it, or\n'
        'with `, which count for nobody`, they are out of play. Only a role known once the auction\n'
        'is over may take the talon: `bidder`.'),
    text_de=(
        '`talon: bidder takes pile NAME and lays away as many` gibt einen Haufen des Tisches nach\n'
        'der Versteigerung (vor der Trumpfwahl) dem Höchstbietenden: er nimmt ihn auf, ohne dass\n'
        'die anderen ihn sehen, und legt gleich viele Karten weg, je eine Aktion (`discard DA`);\n'
        'niemand sonst sieht, was weggelegt wurde. `, which count for bidder` zählt die\n'
        'weggelegten Karten zu denen, die der Höchstbietende mit Stichen gemacht hat (die Runde ist\n'
        'also weiterhin 157 wert); ohne diesen Zusatz, oder mit `, which count for nobody`, sind sie\n'
        'aus dem Spiel. Den Talon nehmen kann nur eine Rolle, die nach der Versteigerung feststeht:\n'
        '`bidder`.'),
    example=(
        'players 3\n'
        'deal 10 each in packets of 5\n'
        'pile talon: the rest\n'
        'declare bid from 60 to 157 in steps of 10, auction before trump, a pass is final\n'
        'talon: bidder takes pile talon and lays away as many, which count for bidder\n'
        'trump: bidder chooses suits\n'
        'first lead: bidder'),
)


TALON = Mechanism(
    "talon",
    runtime=Runtime(
        shows=("talon", "laid_away", "laid_count"),
        compile=compile_talon,
        phase=TalonPhase,
        kinds=("discard",),
        defaults={"talon": (), "laid_away": (), "laid_count": 0},
        cards=("talon", "laid_away")),
    syntax=Syntax(
        grammar=GRAMMAR,
        build={"talon": build, "talon_count": build_count},
        statements={Talon: "talon"}),
    rulebook=Rulebook(
        words=WORDS,
        describe={"declare": describe},
        example=example,
        example_points=example_points,
        reference=REFERENCE),
    checks=Checks(
        check=check),
    terminal=Terminal(
        prompt=Prompt(ask=ask, read=read_discard),
        narrate={TalonTaken: narrate}),
    browser=Browser(
        label=label),
    bots=Bots(
        policy=policy,
        bid_gain=bid_gain))
