"""Passing cards: right after the deal every player chooses N cards of the hand and passes
them to a neighbour, across the table, or in turn (to the left, to the right and across,
hand after hand); nobody passes on a card received. A house rule of trick-avoiding games.

`passing: each player passes 3 cards to the left`

The players choose in turn from forehand, one `give DA` action per card; the chosen
cards leave the hand at once, and when everybody has chosen they change hands together.
What was passed is known to the two players concerned alone: the giver sees what it
passed, the receiver what it got; the others hear only how many. Play keeps the hands as
it begins (`Phase.changes_hands`): the Stöck and the Weis read the hands after passing.

Everything of the concept is here: its statement, check, compiled setting, phase with its
part and event, its action kind, observation keys, the terminal's prompt, the table's
button, the narration, the bot's choice, the rulebook's sentence and its words in both
languages. Seats sit counter-clockwise (forehand is the dealer's right, seat + 1): the
right neighbour is seat + 1, the left seat - 1, across seat + players / 2."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from jassdsl.bots.declaring import win_chance
from jassdsl.bots.view import View, table_for
from jassdsl.compile.compiler import CompiledRules, number
from jassdsl.core import model as m
from jassdsl.core.actions import Action, ActionKind
from jassdsl.core.cards import CARD_INDEX, CARD_NAMES, mask_cards, shown_set
from jassdsl.core.deal import next_seat
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
from jassdsl.engine import Game
from jassdsl.engine.events import Event
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.redeal import Redeal
from jassdsl.engine.state import State
from jassdsl.language.syntax import pos_of
from jassdsl.rulebook.cardview import card_mark
from jassdsl.rulebook.example import seat_name
from jassdsl.rulebook.render import value_text
from jassdsl.rulebook.words import Lang, say

GIVE = "give"  # the action kind: a card of the hand passed on (`give DA`)
Way = Literal["left", "right", "across", "in turn"]
WAYS: tuple[Way, ...] = ("left", "right", "across", "in turn")
TURN = ("left", "right", "across")  # `in turn`: hand 1 to the left, 2 right, 3 across, ...

# -- the statement
GRAMMAR = """
%extend _statement: passing
// after the deal each player passes N cards to a neighbour, across, or in turn
passing: "passing" ":" "each" "player" "passes" value "cards" passing_way
passing_way: "to" "the" "left" -> passing_left
           | "to" "the" "right" -> passing_right
           | "across" -> passing_across
           | "in" "turn" -> passing_in_turn
"""


class Passing(m.Node):
    """`passing: each player passes N cards to the left|to the right|across|in turn`."""

    cards: m.Value
    way: Way  # a word of the grammar, never the file's own text


BUILD = {
    "passing": lambda meta, ch: Passing(pos=pos_of(meta), cards=ch[0], way=ch[1]),
    "passing_left": lambda meta, ch: "left",
    "passing_right": lambda meta, ch: "right",
    "passing_across": lambda meta, ch: "across",
    "passing_in_turn": lambda meta, ch: "in turn",
}


def check(c: Any, rf: m.RuleFile) -> None:
    """At least one card is passed and one kept; across needs a seat across the table."""
    p = rf.part("passing", Passing)
    if p is None:
        return
    players = [n for n in c.players_choices(rf.players) if n > 0]
    fewest = min((36 // n for n in players), default=9)
    c.value(p.cards, 1, fewest - 1, "the number of cards each player passes")
    if p.way in ("across", "in turn") and any(n % 2 for n in players):
        odd = next(n for n in players if n % 2)
        c.error(p.pos, "range", f"with {odd} players nobody sits across the table: pass "
                "'to the left' or 'to the right'")


@dataclass(frozen=True)
class PassingConfig:
    """The compiled `passing:` statement."""

    cards: int  # how many cards each player passes
    way: str  # one of WAYS


def compile_passing(rf: m.RuleFile, options: dict[str, int | str]) -> PassingConfig | None:
    p = rf.part("passing", Passing)
    return None if p is None else PassingConfig(number(p.cards, options), p.way)


def direction(way: str, hand: int) -> str:
    """Where the cards go in this hand (numbered from 1)."""
    return TURN[(hand - 1) % len(TURN)] if way == "in turn" else way


def receiver(seat: int, way: str, players: int) -> int:
    step = {"right": 1, "left": -1, "across": players // 2}[way]
    return (seat + step) % players


# -- the phase
@dataclass
class PassingPart:
    """This hand's passing: the cards each seat chose (and passed), what each received."""

    way: str = ""  # left, right or across, this hand
    order: tuple[int, ...] = ()  # the seats still to choose, the current first
    chosen: list[list[int]] = field(default_factory=list)  # per seat, in order of choice
    received: list[tuple[int, ...]] = field(default_factory=list)  # per seat, once passed
    done: bool = False  # the cards have changed hands

    def copy(self) -> PassingPart:
        return PassingPart(self.way, self.order, [list(x) for x in self.chosen],
                           list(self.received), self.done)


@dataclass(frozen=True, slots=True)
class CardsPassed(Event):
    """A player's chosen cards reach the receiver (`cards`: seen by those two alone)."""

    seat: int
    to: int
    cards: tuple[int, ...]


class PassingPhase(Phase):
    """After the deal: every seat at the table chooses its cards, then they change hands."""

    name = "passing"
    part_key = "passing"
    changes_hands = True

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "passing" in rules.configs

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        config = rules.config("passing", PassingConfig)
        self.config = config or PassingConfig(0, "left")

    def part(self, s: State) -> PassingPart:
        part = s.parts[self.name]
        assert isinstance(part, PassingPart)
        return part

    def new_part(self, s: State) -> None:
        s.parts[self.name] = PassingPart()

    def new_hand(self, g: Table) -> None:
        g.s.parts[self.name] = PassingPart()

    def begin(self, g: Table) -> bool:
        s, players = g.s, self.rules.players
        first = next_seat(players, s.dealer, s.table)  # forehand, then in play order
        order = tuple(x for k in range(players) if s.table >> (x := (first + k) % players) & 1)
        if self.config.cards <= 0 or len(order) < 2:
            return False
        part = self.part(s)
        part.way, part.order = direction(self.config.way, s.hand_no), order
        part.chosen = [[] for _ in range(players)]
        part.received = [() for _ in range(players)]
        s.phase, s.current = self.name, order[0]
        return True

    def legal(self, g: Table) -> list[Action]:
        s = g.s
        return [Action(GIVE, c) for c in mask_cards(s.hands[s.current])]

    def accepts(self, g: Table, action: Action) -> bool:
        return action.kind == GIVE

    def kinds_asked(self) -> tuple[str, ...]:
        return (GIVE,)

    def take(self, g: Table, action: Action) -> None:
        s = g.s
        card, seat = action.value, s.current
        if not 0 <= card < len(CARD_NAMES) or not s.hands[seat] >> card & 1:
            raise IllegalActionError(action, g.legal_names(), "not a card of the hand")
        part = self.part(s)
        s.hands[seat] ^= 1 << card  # set aside, face down
        part.chosen[seat].append(card)
        if len(part.chosen[seat]) < self.config.cards:
            return
        part.order = part.order[1:]
        if part.order:
            s.current = part.order[0]
            return
        self.exchange(g, part)
        g.advance(self)

    def exchange(self, g: Table, part: PassingPart) -> None:
        """Every seat's chosen cards reach its receiver at once."""
        s, players = g.s, self.rules.players
        seats = [x for x in range(players) if part.chosen[x]]
        for x in seats:
            to = receiver(x, part.way, players)
            while not s.table >> to & 1:  # a seat that left: the next one on
                to = receiver(to, part.way, players)
            s.hands[to] |= sum(1 << c for c in part.chosen[x])
            part.received[to] = tuple(part.chosen[x])
            if g.log is not None:
                g.emit(CardsPassed(s.hand_no, x, to, tuple(part.chosen[x])))
        part.done = True

    def record(self, g: Table, facts: Any) -> dict[str, Any]:
        part = self.part(g.s)
        return {"passes": tuple(tuple(x) for x in part.chosen), "way": part.way,
                "in_hands": g.s.in_hands}

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        """The seat sees the cards it passed and those it received; of the others nothing."""
        part = self.part(g.s)
        mine = part.chosen[seat] if part.chosen else []
        return {"cards_passed": tuple(mine),
                "cards_received": part.received[seat] if part.received else (),
                "way": part.way}  # public: where the cards go this hand

    def hidden(self, g: Table, seat: int) -> tuple[int, ...]:
        """The cards another seat set aside, until they change hands."""
        part = self.part(g.s)
        if part.done or not part.chosen:
            return ()
        return tuple(sum(1 << c for c in cards) for x, cards in enumerate(part.chosen)
                     if x != seat and cards)

    def known(self, g: Table, seat: int) -> int:
        """The cards the seat passed: it knows who holds them."""
        part = self.part(g.s)
        return sum(1 << c for c in part.chosen[seat]) if part.chosen else 0

    def redeal(self, g: Table, deal: Redeal) -> None:
        part = self.part(g.s)
        part.chosen = [list(deal.cards(tuple(x))) for x in part.chosen]
        part.received = [deal.cards(x) for x in part.received]


# -- the terminal, the table, the bot and the rulebook
def remaining(game: Game) -> tuple[int, str]:
    """How many cards the asked seat still chooses, and where they go (its observation)."""
    obs = game.observe(game.current_player)
    config = game.rules.config("passing", PassingConfig)
    assert config is not None
    return config.cards - len(obs.cards_passed), str(obs.way)


def ask(game: Game, lang: Lang) -> str:
    left, way = remaining(game)
    return say(lang, "live.ask.passing", n=left, way=say(lang, f"passing.to.{way}"))


def read(game: Game, text: str, legal: list[Action]) -> Action | None:
    """A card to pass, by its code (`DA`; `give DA` and the pack's words are read as any
    card kind's); one not in the hand is left to the common reader, which says so."""
    words = text.split()
    if len(words) == 1 and words[0].upper() in CARD_INDEX:
        action = Action(GIVE, CARD_INDEX[words[0].upper()])
        return action if action in legal else None
    return None


def label(words: Any, a: Action) -> str:
    """A button of the browser table."""
    return str(words.say("live.give", card=words.card_text(a.value)))


def narrate(n: Any, e: CardsPassed) -> list[str]:
    """The giver and the receiver hear the cards; the others how many."""
    if not n.live:
        return []
    if e.seat == n.you:
        return [n.say("passed_yours", cards=shown_set(e.cards), name=n.names[e.to])]
    if e.to == n.you:
        return [n.say("passed_you", cards=shown_set(e.cards), name=n.names[e.seat])]
    return [n.say("passed", name=n.names[e.seat], to=n.names[e.to], n=len(e.cards))]


def policy(game: Game, view: View, legal: list[Action]) -> Action:
    """Where the fewest points or tricks win, pass the card likeliest to take a trick
    (the most points first among equals); elsewhere the one least likely to."""
    rules = game.rules
    table = table_for(rules, view.trump if view.trump >= 0 else view.order)
    hand = list(view.hand)

    def danger(c: int) -> tuple[float, int]:
        return win_chance(c, hand, table), table.points[c]

    cards = [a.value for a in legal]
    pick = max(cards, key=danger) if not rules.winner_most else min(cards, key=danger)
    return Action(GIVE, pick)


def hand_lines(lang: Lang, rules: CompiledRules, res: Any, names: Sequence[str]) -> list[str]:
    """The terminal's report of a hand: who passed which cards to whom."""
    passed, way = res.part("passing", "passes", ()), res.part("passing", "way", "")
    if not passed or not way:
        return []
    said = [f"{names[x]} {shown_set(cards)} -> {names[receiver(x, way, len(passed))]}"
            for x, cards in enumerate(passed) if cards]
    return [say(lang, "live.report.passed", way=say(lang, f"passing.to.{way}"),
                passes=" | ".join(said))]


def describe(lang: Lang, rf: m.RuleFile) -> list[str]:
    """Said with the declarations: right after the deal."""
    p = rf.part("passing", Passing)
    if p is None:
        return []
    n = value_text(lang, rf, p.cards)
    key = "declare.passing_turn" if p.way == "in turn" else "declare.passing"
    return [say(lang, key, n=n, way=say(lang, f"passing.to.{p.way}"))]


def example(lang: Lang, rules: CompiledRules, res: Any) -> list[str]:
    """The worked example: who passed which cards to whom."""
    passed, way = res.part("passing", "passes", ()), res.part("passing", "way", "")
    if not passed or not way:
        return []
    lines = []
    for x, cards in enumerate(passed):
        if cards:
            to = receiver(x, way, len(passed))
            lines.append("- " + say(lang, "ex.passing", player=seat_name(x), to=seat_name(to),
                                    cards=" ".join(card_mark(c) for c in cards)))
    return [*lines, ""]


WORDS: dict[str, tuple[str, str]] = {
    "declare.passing": (
        "Right after the deal each player chooses {n} cards of the hand and passes them "
        "face down {way}; everybody chooses before looking at what comes in, and nobody "
        "passes on a card received. Only the two players concerned know the cards passed.",
        "Gleich nach dem Geben wählt jeder Spieler {n} Karten seiner Hand und gibt sie "
        "verdeckt {way} weiter; alle wählen, bevor sie sehen, was kommt, und niemand gibt "
        "eine erhaltene Karte weiter. Die weitergegebenen Karten kennen nur die zwei "
        "Beteiligten.",
    ),
    "declare.passing_turn": (
        "Right after the deal each player chooses {n} cards of the hand and passes them "
        "face down, in the first hand to the left, in the second to the right, in the third "
        "across, and so on in turn; nobody passes on a card received. Only the two players "
        "concerned know the cards passed.",
        "Gleich nach dem Geben wählt jeder Spieler {n} Karten seiner Hand und gibt sie "
        "verdeckt weiter, in der ersten Runde nach links, in der zweiten nach rechts, in "
        "der dritten über den Tisch und so weiter reihum; niemand gibt eine erhaltene Karte "
        "weiter. Die weitergegebenen Karten kennen nur die zwei Beteiligten.",
    ),
    "passing.to.left": ("to the left", "nach links"),
    "passing.to.right": ("to the right", "nach rechts"),
    "passing.to.across": ("across the table", "über den Tisch"),
    "passing.to.in turn": ("in turn", "reihum"),
    "live.report.passed": ("passed {way}: {passes}", "weitergegeben {way}: {passes}"),
    "ex.passing": ("{player} passes {cards} to {to}.", "{player} gibt {cards} an {to}."),
    "live.ask.passing": ("pass which card {way}? ({n} still to choose; number or card "
                         "name): ",
                         "welche Karte {way} weitergeben? (noch {n} zu wählen; Nummer oder "
                         "Kartenname): "),
    "live.give": ("Pass {card}", "{card} weitergeben"),
    "live.prompt.passing": ("Pass a card", "Eine Karte weitergeben"),
    "live.says.passed_yours": ("you pass {cards} to {name}", "du gibst {cards} an {name}"),
    "live.says.passed_you": ("{name} passes you {cards}", "{name} gibt dir {cards}"),
    "live.says.passed": ("{name} passes {n} cards to {to}",
                         "{name}: gibt {n} Karten an {to}"),
}


MESSAGES = (
    ("the number of cards each player passes", "die Zahl der Karten, die jeder weitergibt"),
    ("with {a} players nobody sits across the table: pass 'to the left' or 'to the right'",
     "mit {a} Spielern sitzt niemand gegenüber: gib 'to the left' oder 'to the right' weiter"),
)



# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        '`passing: each player passes N cards to the left` has every player choose N cards of the\n'
        'hand right after the deal, in turn from forehand, one action per card (`give DA`); the\n'
        'chosen cards leave the hand at once, and when everybody has chosen they change hands\n'
        'together, so nobody passes on a card received. The cards go `to the left` (seat - 1),\n'
        '`to the right` (seat + 1), `across` (the seat opposite; an even number of players) or\n'
        '`in turn`: in the first hand to the left, in the second to the right, in the third across,\n'
        'and so on. N may be an option; at least one card is kept. What was passed is known to the\n'
    "two players concerned alone: each seat's observation shows the cards it passed\n"
        '(`cards_passed`) and those it received (`cards_received`), the others hear only how many.\n'
    "The hand's record keeps every seat's cards (`passes`) and their way (`way`). Play keeps the\n"
        'hands as it begins, so the Stöck and the Weis read the hands after passing. It is a house\n'
        'rule of trick-avoiding games (as Hearts has it); the rule file says so.'),
    text_de=(
        '`passing: each player passes N cards to the left` lässt jeden Spieler gleich nach dem\n'
        'Geben N Karten seiner Hand wählen, reihum ab der Vorhand, eine Aktion je Karte (`give DA`);\n'
        'die gewählten Karten verlassen die Hand sofort, und wenn alle gewählt haben, wechseln sie\n'
        'zugleich die Hand, so gibt niemand eine erhaltene Karte weiter. Die Karten gehen `to the\n'
        'left` (nach links, Platz - 1), `to the right` (nach rechts, Platz + 1), `across` (über den\n'
        'Tisch; bei gerader Spielerzahl) oder `in turn`: in der ersten Runde nach links, in der\n'
        'zweiten nach rechts, in der dritten über den Tisch und so weiter. N darf eine Option sein;\n'
        'mindestens eine Karte bleibt. Was weitergegeben wurde, wissen nur die zwei Beteiligten: die\n'
        'Beobachtung jedes Platzes zeigt die Karten, die er weitergab (`cards_passed`), und die, die\n'
        'er erhielt (`cards_received`); die anderen erfahren nur, wie viele. Der Bericht der Runde\n'
        'hält die Karten jedes Platzes (`passes`) und ihren Weg (`way`) fest. Das Spiel behält die\n'
        'Hände, wie es beginnt, so lesen Stöck und Weis die Hände nach dem Weitergeben. Es ist eine\n'
        'Hausregel von Spielen, in denen man Stiche meidet (wie bei Hearts); die Regeldatei sagt es.'),
    example=(
        'players 4\n'
        'deal all cards in packets of 3\n'
        'first dealer: lot\n'
        'next dealer: right\n'
        'first lead: forehand\n'
        'passing: each player passes 3 cards in turn\n'
        'trump: none, play as obenabe\n'
        'follow: suit\n'
        'unit point/points\n'
        'score each hand, first rule that applies:\n'
        '  penalty "a point each for the two black queens":\n'
        '      otherwise\n'
        '      then every player gets won(SQ) + won(CQ) points'),
)

CARD_PASSING = Mechanism(
    "passing",
    syntax=Syntax(
        grammar=GRAMMAR,
        build=BUILD,
        statements={Passing: "passing"},
        self_contained=True),
    rulebook=Rulebook(
        words=WORDS,
        describe={"declare": describe},
        example=example,
        reference=REFERENCE),
    checks=Checks(
        messages=MESSAGES,
        check=check),
    runtime=Runtime(
        compile=compile_passing,
        phase=PassingPhase,
        kinds=(GIVE,),
        codec=(ActionKind(GIVE, "card"),),
        defaults={"cards_passed": (), "cards_received": (), "passes": (), "way": ""},
        cards=("cards_passed", "cards_received"),
        shows=("cards_passed", "cards_received")),
    terminal=Terminal(
        prompt=Prompt(ask=ask, read=read),
        narrate={CardsPassed: narrate},
        hand_lines=hand_lines),
    browser=Browser(
        label=label),
    bots=Bots(
        policy=policy))
