"""Table cards: part of each player's cards lies in a row on the table in front of them,
some face down with a face-up card on each; the face-up ones are public and their owner
plays them as cards of the hand, and a face-down card turns up when the card on it is
played. The Zweierjass (Tischjass) of two players is played so.

`table cards: 6 face down with 6 face up on them each`

Right after the deal every player lays D of their dealt cards face down and U face up
(U >= D: the first D face-up cards each lie on a face-down one, the others alone), the
cards drawn at random through the game's chance. Nobody sees a face-down card, its owner
neither. A face-up card is in its owner's hand for play (`State.hands`: the follow
rules hold over hand and table cards alike) and in every seat's observation
(`table_up`, `table_covering`); a face-down card is in nobody's hand until it turns up,
so the searching bot deals it anew among the cards it cannot see (`Phase.hidden`), and
the face-up cards stay where everybody sees them (`Phase.known`).

Everything of the concept is here: its statement, check, compiled setting, phase with
its part and events, observation keys, the terminal's lines, the browser table's row,
the narration, the rulebook's section and its words in both languages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from jassdsl.compile.compiler import CompiledRules, number
from jassdsl.core import model as m
from jassdsl.core.cards import CARD_NAMES, mask_cards, shown_card, shown_set
from jassdsl.core.mechanism import (
    Bots,
    Browser,
    Checks,
    Mechanism,
    Reference,
    Rulebook,
    Runtime,
    Syntax,
    Terminal,
)
from jassdsl.core.pack import pack_size
from jassdsl.engine.events import Event, LotDrawn
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.redeal import Redeal
from jassdsl.engine.state import State
from jassdsl.language.syntax import pos_of
from jassdsl.rulebook.cardview import card_mark
from jassdsl.rulebook.example import seat_name
from jassdsl.rulebook.render import value_text
from jassdsl.rulebook.words import Lang, say

NAME = "table_cards"

# -- the statement
GRAMMAR = """
%extend _statement: table_cards
// each player lays D dealt cards face down and U face up, the first D face-up cards on them
table_cards: "table" "cards" ":" value "face" "down" "with" value "face" "up" "on" "them" "each"
"""


class TableCards(m.Node):
    """`table cards: D face down with U face up on them each`."""

    down: m.Value
    up: m.Value


BUILD = {
    "table_cards": lambda meta, ch: TableCards(pos=pos_of(meta), down=ch[0], up=ch[1]),
}

WHAT_DOWN = "the number of cards each player lays face down"
WHAT_UP = "the number of cards each player lays face up"
TOO_MANY = "each player is dealt {a} cards: {b} face down and {c} face up do not fit"
UNCOVERED = "{a} face-down cards need a face-up card on each: lay at least {a} face up"


def check(c: Any, rf: m.RuleFile) -> None:
    """A face-up card on every face-down one, and no more table cards than a player is
    dealt, for every number of players the file allows."""
    t = rf.part(NAME, TableCards)
    if t is None:
        return
    downs = c.value(t.down, 0, len(CARD_NAMES), WHAT_DOWN)
    ups = c.value(t.up, 1, len(CARD_NAMES), WHAT_UP)
    if not downs or not ups:
        return
    if max(downs) > min(ups):
        c.error(t.pos, "range", UNCOVERED.format(a=max(downs)))
        return
    each = rf.deal.each if rf.deal is not None else None
    for players in [n for n in c.players_choices(rf.players) if n > 0]:
        dealt = (each.number if each is not None and each.number is not None
                 else pack_size(c.pack) // players)
        if max(downs) + max(ups) > dealt:
            c.error(t.pos, "range", TOO_MANY.format(a=dealt, b=max(downs), c=max(ups)))
            return


@dataclass(frozen=True)
class TableCardsConfig:
    """The compiled `table cards:` statement."""

    down: int  # cards each player lays face down
    up: int  # ... and face up, the first `down` of them on the face-down ones


def compile_table_cards(rf: m.RuleFile, options: dict[str, int | str]
                        ) -> TableCardsConfig | None:
    t = rf.part(NAME, TableCards)
    return None if t is None else TableCardsConfig(number(t.down, options),
                                                   number(t.up, options))


# -- the phase
@dataclass
class TableCardsPart:
    """This hand's table cards, per seat: the face-up ones still lying there (in the order
    laid), which face-down card each covering one lies on, and the row as laid."""

    up: list[list[int]] = field(default_factory=list)  # per seat: face-up, on the table
    covers: list[dict[int, int]] = field(default_factory=list)  # per seat: up -> down
    laid: list[tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=list)
    # per seat as laid: (the face-down cards, the face-up ones), the first on the first
    turned: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, card, the
    # first trick it could be played in), in the order they turned up

    def copy(self) -> TableCardsPart:
        return TableCardsPart([list(x) for x in self.up], [dict(x) for x in self.covers],
                              list(self.laid), list(self.turned))


@dataclass(frozen=True, slots=True)
class TableLaid(Event):
    """A player's row is laid: the face-up cards (public) and how many lie face down."""

    seat: int
    up: tuple[int, ...]
    down: int


@dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """The card on a face-down one was played: the face-down card turns up (public)."""

    seat: int
    card: int
    under: int  # the card that lay on it


class TableCardsPhase(Phase):
    """After the deal: every seat lays its row (a step that never waits); in play it turns
    a face-down card up as the card on it is played."""

    name = NAME
    part_key = NAME

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return NAME in rules.configs

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.config = rules.config(NAME, TableCardsConfig) or TableCardsConfig(0, 0)

    def part(self, s: State) -> TableCardsPart:
        part = s.parts[self.name]
        assert isinstance(part, TableCardsPart)
        return part

    def new_part(self, s: State) -> None:
        s.parts[self.name] = TableCardsPart()

    def new_hand(self, g: Table) -> None:
        g.s.parts[self.name] = TableCardsPart()

    def begin(self, g: Table) -> bool:
        """Lay every row, drawing each table card at random from the seat's dealt cards;
        the face-down ones leave the hand (the deal keeps them: `unseen_dealt` says the
        seat has not seen them)."""
        s, n = g.s, self.rules.players
        down, up = self.config.down, self.config.up
        part = self.part(s)
        part.up = [[] for _ in range(n)]
        part.covers = [{} for _ in range(n)]
        part.laid = [((), ()) for _ in range(n)]
        for seat in range(n):
            cards = mask_cards(s.hands[seat])
            if not s.table >> seat & 1 or len(cards) < down + up:
                continue
            row = [cards.pop(self.draw(g, len(cards))) for _ in range(down + up)]
            downs, ups = tuple(row[:down]), tuple(row[down:])
            part.laid[seat] = (downs, ups)
            part.up[seat] = list(ups)
            part.covers[seat] = dict(zip(ups, downs, strict=False))
            s.hands[seat] &= ~sum(1 << c for c in downs)
            if g.log is not None:
                g.emit(TableLaid(s.hand_no, seat, ups, len(downs)))
        return False

    def draw(self, g: Table, among: int) -> int:
        """A card's place among the seat's cards left, drawn by the game's chance and
        logged as a lot, so that a recorded hand lays the same rows (its `lots`)."""
        value = g.chance.draw(among)
        if g.log is not None:
            g.emit(LotDrawn(g.s.hand_no, among, value))
        return value

    # -- play: a face-down card turns up when the card on it is played
    def on_card(self, g: Table, seat: int, card: int) -> None:
        part = self.part(g.s)
        if not part.up or card not in part.up[seat]:
            return
        part.up[seat].remove(card)
        under = part.covers[seat].pop(card, -1)
        if under >= 0:
            part.up[seat].append(under)
            part.turned.append((seat, under, len(g.s.tricks) + 1))
            g.s.hands[seat] |= 1 << under
            if g.log is not None:
                g.emit(TurnedUp(g.s.hand_no, seat, under, card))

    def on_trick(self, g: Table, trick: Any) -> None:
        """The fast playout plays the last tricks itself once nothing lies face down: the
        cards it played leave the rows here."""
        part = self.part(g.s)
        for row in part.up:
            row[:] = [c for c in row if c not in trick.cards]

    def quiet(self, g: Table) -> bool:
        part = self.part(g.s)
        return not any(part.covers)

    # -- what the seats see, and the searching bot's deals
    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        """Public: every seat's face-up table cards and those of them on a face-down card."""
        part = self.part(g.s)
        return {"table_up": tuple(tuple(x) for x in part.up),
                "table_covering": tuple(tuple(c for c in x if c in covers)
                                        for x, covers in zip(part.up, part.covers,
                                                             strict=True))}

    def record(self, g: Table, facts: Any) -> dict[str, Any]:
        return {"table_laid": tuple(self.part(g.s).laid)}

    def hidden(self, g: Table, seat: int) -> tuple[int, ...]:
        """Every seat's face-down cards, the seat's own too: nobody has seen them."""
        part = self.part(g.s)
        return tuple(sum(1 << d for d in covers.values()) for covers in part.covers if covers)

    def unseen_dealt(self, g: Table, seat: int) -> int:
        """The seat's own face-down cards: dealt to it, never seen."""
        part = self.part(g.s)
        return sum(1 << d for d in part.covers[seat].values()) if part.covers else 0

    def joined(self, g: Table) -> tuple[tuple[int, int, int], ...]:
        """The cards turned up in this hand: in no hand before the trick after the one in
        which the card on them was played."""
        return tuple(self.part(g.s).turned)

    def known(self, g: Table, seat: int) -> int:
        """The face-up cards: everybody sees where they lie."""
        part = self.part(g.s)
        return sum(1 << c for row in part.up for c in row)

    def redeal(self, g: Table, deal: Redeal) -> None:
        part = self.part(g.s)
        part.covers = [{up: deal.card(d) for up, d in x.items()} for x in part.covers]
        part.laid = [(tuple(deal.card(d) for d in downs), ups) for downs, ups in part.laid]


class TableTensor:
    """The research vector's pieces of the rows: per seat its face-up table cards, and
    those of them lying on a face-down card (where one lies, never which: nobody sees it)."""

    def pieces(self, rules: CompiledRules) -> list[tuple[str, int, str]]:
        n = rules.players
        return [("table_up", n * 36, "1"), ("table_covering", n * 36, "1")]

    def ones(self, obs: Any, start: dict[str, int]) -> list[int]:
        up, covering = start["table_up"], start["table_covering"]
        return [*(up + 36 * x + c for x, row in enumerate(obs.table_up) for c in row),
                *(covering + 36 * x + c for x, row in enumerate(obs.table_covering)
                  for c in row)]


# -- the terminal, the table and the rulebook
def rows(obs: Any) -> list[tuple[tuple[int, ...], int]]:
    """Per seat: its face-up table cards and how many lie face down (under some of them)."""
    up, covering = obs.table_up, obs.table_covering
    return [(tuple(x), len(c)) for x, c in zip(up, covering, strict=True)]


def own_row(obs: Any) -> tuple[int, ...]:
    """The seat's own face-up table cards: shown in its row, not again in its hand."""
    return tuple(obs.table_up[obs.seat]) if obs.table_up else ()


def own_covering(obs: Any) -> tuple[int, ...]:
    """The seat's face-up table cards lying on a face-down one: played, it turns up."""
    return tuple(obs.table_covering[obs.seat]) if obs.table_covering else ()


def view_lines(rules: Any, obs: Any, names: Sequence[str], lang: Lang = "en") -> list[str]:
    """The terminal's lines at every decision of a seat: each seat's row."""
    return [say(lang, "live.table_cards.yours" if x == obs.seat else "live.table_cards.row",
                name=names[x], cards=shown_set(up) or "-", n=down)
            for x, (up, down) in enumerate(rows(obs)) if up or down]


def table_state(game: Any, seat: int, lang: Lang) -> dict[str, Any]:
    """The browser table's rows: per seat its face-up cards (drawn as cards) and how many
    lie face down, under the words saying so."""
    from jassdsl.table.view import card  # the table lies above the mechanisms' words

    obs = game.observe(seat)
    return {"seat_rows": [
        {"seat": x, "cards": [card(c, lang) for c in up],
         "text": say(lang, "live.table_cards.down", n=down)}
        for x, (up, down) in enumerate(rows(obs))]}


def narrate_laid(n: Any, e: TableLaid) -> list[str]:
    if not n.live:
        return []
    key = "table_laid_yours" if e.seat == n.you else "table_laid"
    return [n.say(key, name=n.names[e.seat], cards=shown_set(e.up), n=e.down)]


def narrate_turned(n: Any, e: TurnedUp) -> list[str]:
    if not n.live:
        return []
    key = "turned_up_yours" if e.seat == n.you else "turned_up"
    return [n.say(key, name=n.names[e.seat], card=shown_card(e.card),
                  under=shown_card(e.under))]


def section(lang: Lang, v: Any) -> list[str]:
    """The rulebook's section: how the rows are laid, who sees what, how a card turns up."""
    rf: m.RuleFile = v.model
    t = rf.part(NAME, TableCards)
    if t is None:
        return []
    down, up = value_text(lang, rf, t.down), value_text(lang, rf, t.up)
    return [f"## {say(lang, 'h.table_cards')}", "",
            say(lang, "table_cards.laid", down=down, up=up), "",
            say(lang, "table_cards.play"), ""]


def example(lang: Lang, rules: CompiledRules, res: Any) -> list[str]:
    """The worked example: each player's row as laid (the face-down cards in brackets)."""
    laid = res.part(NAME, "table_laid", ())
    lines = []
    for x, (downs, ups) in enumerate(laid):
        if ups:
            cards = " ".join(card_mark(c) for c in ups)
            hidden = " ".join(card_mark(c) for c in downs)
            lines.append("- " + say(lang, "ex.table_cards", player=seat_name(x), cards=cards,
                                    down=hidden or "-"))
    return [*lines, ""] if lines else []


def hand_lines(lang: Lang, rules: CompiledRules, res: Any, names: Sequence[str]) -> list[str]:
    """The terminal's report of a hand: each row as laid, the face-down cards now shown."""
    laid = res.part(NAME, "table_laid", ())
    return [say(lang, "live.report.table_cards", name=names[x], up=shown_set(ups),
                down=shown_set(downs) or "-")
            for x, (downs, ups) in enumerate(laid) if ups]


WORDS: dict[str, tuple[str, str]] = {
    "h.table_cards": ("Table cards", "Tischkarten"),
    "table_cards.laid": (
        "Right after the deal each player lays {down} of their cards face down in a row in "
        "front of them and {up} face up, one face-up card on each face-down one (the face-up "
        "cards left over lie alone). The table cards are drawn at random from the cards "
        "dealt; nobody looks at a face-down card, its owner neither.",
        "Gleich nach dem Geben legt jeder Spieler {down} seiner Karten verdeckt in einer "
        "Reihe vor sich hin und {up} offen, auf jede verdeckte eine offene (übrige offene "
        "Karten liegen allein). Die Tischkarten werden zufällig aus den gegebenen Karten "
        "gezogen; eine verdeckte Karte sieht niemand an, auch ihr Besitzer nicht.",
    ),
    "table_cards.play": (
        "The face-up table cards are seen by everybody; their owner plays them as cards of "
        "the hand, and the rules for following hold over hand and face-up table cards "
        "together. When the card lying on a face-down one is played, the face-down card "
        "turns up and can be played from then on.",
        "Die offenen Tischkarten sehen alle; ihr Besitzer spielt sie wie Karten der Hand, "
        "und die Regeln für das Angeben gelten für Hand und offene Tischkarten zusammen. "
        "Wird die Karte gespielt, die auf einer verdeckten liegt, wird die verdeckte "
        "aufgedeckt und kann von da an gespielt werden.",
    ),
    "ex.table_cards": ("{player} lays {cards} face up on the table (face down: {down}).",
                       "{player} legt {cards} offen auf den Tisch (verdeckt: {down})."),
    "live.table_cards.row": ("{name}'s table cards: {cards} ({n} face down)",
                             "Tischkarten von {name}: {cards} ({n} verdeckt)"),
    "live.table_cards.yours": ("your table cards: {cards} ({n} face down)",
                               "deine Tischkarten: {cards} ({n} verdeckt)"),
    "live.table_cards.down": ("{n} face down", "{n} verdeckt"),
    "live.says.table_laid": ("{name} lays {cards} face up on the table, {n} face down",
                             "{name} legt {cards} offen auf den Tisch, {n} verdeckt"),
    "live.says.table_laid_yours": ("you lay {cards} face up on the table, {n} face down",
                                   "du legst {cards} offen auf den Tisch, {n} verdeckt"),
    "live.says.turned_up_yours": ("you turn up {card} (it lay under {under})",
                                  "du deckst {card} auf (lag unter {under})"),
    "live.says.turned_up": ("{name} turns up {card} (it lay under {under})",
                            "{name} deckt {card} auf (lag unter {under})"),
    "live.report.table_cards": ("table cards, {name}: {up} on {down}",
                                "Tischkarten, {name}: {up} auf {down}"),
}


MESSAGES = (
    (WHAT_DOWN, "die Zahl der Karten, die jeder verdeckt hinlegt"),
    (WHAT_UP, "die Zahl der Karten, die jeder offen hinlegt"),
    (TOO_MANY, "jeder Spieler erhält {a} Karten: {b} verdeckte und {c} offene haben nicht "
               "Platz"),
    (UNCOVERED, "auf {a} verdeckten Karten muss je eine offene liegen: lege mindestens {a} "
                "offen hin"),
)



# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        '`table cards: D face down with U face up on them each` has every player lay, right after\n'
        'the deal and before anything is asked, D of the cards dealt face down in a row in front of\n'
        'them and U face up, one face-up card on each face-down one (U is at least D; the face-up\n'
        'cards beyond D lie alone). The table cards are drawn at random from the cards dealt,\n'
        "through the game's one generator. The face-up cards are public: each seat's observation\n"
        'shows every row (`table_up`, per seat, and `table_covering`: those of them lying on a\n'
        'face-down card). Their owner plays them as cards of the hand, so the follow rules of the\n'
        'file hold over hand and face-up table cards together. A face-down card is seen by nobody,\n'
        'its owner neither; when the card on it is played it turns up (the event `TurnedUp`, told at\n'
        'the terminal) and is played like the others from then on. The searching bot deals every\n'
        'face-down card anew among the cards it cannot see and keeps the face-up ones where they\n'
        "lie. The hand's record keeps each row as laid (`table_laid`: per seat the face-down cards\n"
        'and the face-up ones, the first on the first). D and U may be options; D + U may not\n'
        'exceed the cards a player is dealt. The terminal shows each row with the hand, the browser\n'
        'table draws it on the board, and the rulebook says it in a section of its own.\n'
        '`rules/zweierjass.jass` (Zweierjass, Tischjass) plays six face down, six face up, six in\n'
        'the hand.'),
    text_de=(
        '`table cards: D face down with U face up on them each` lässt jeden Spieler gleich nach\n'
        'dem Geben, bevor etwas gefragt wird, D der gegebenen Karten verdeckt in einer Reihe vor\n'
        'sich hinlegen und U offen, auf jede verdeckte eine offene (U ist mindestens D; die offenen\n'
        'Karten über D liegen allein). Die Tischkarten werden zufällig aus den gegebenen Karten\n'
        'gezogen, mit dem einen Zufallsgenerator des Spiels. Die offenen Karten sind öffentlich: die\n'
        'Beobachtung jedes Platzes zeigt jede Reihe (`table_up`, je Platz, und `table_covering`:\n'
        'die unter ihnen, die auf einer verdeckten Karte liegen). Ihr Besitzer spielt sie wie\n'
        'Karten der Hand, die Regeln für das Angeben gelten also für Hand und offene Tischkarten\n'
        'zusammen. Eine verdeckte Karte sieht niemand, auch ihr Besitzer nicht; wird die Karte\n'
        'darauf gespielt, wird sie aufgedeckt (das Ereignis `TurnedUp`, am Terminal erzählt) und\n'
        'von da an wie die anderen gespielt. Der suchende Bot verteilt jede verdeckte Karte neu\n'
        'unter die Karten, die er nicht sieht, und lässt die offenen liegen, wo sie liegen. Der\n'
        'Bericht der Runde hält jede Reihe fest, wie sie gelegt wurde (`table_laid`: je Platz die\n'
        'verdeckten und die offenen Karten, die erste auf der ersten). D und U dürfen Optionen\n'
        'sein; D + U darf die Karten nicht übersteigen, die ein Spieler erhält. Das Terminal zeigt\n'
        'jede Reihe mit der Hand, der Browser-Tisch zeichnet sie auf das Spielfeld, und das\n'
        'Regelbuch sagt es in einem eigenen Abschnitt. `rules/zweierjass.jass` (Zweierjass,\n'
        'Tischjass) spielt sechs verdeckt, sechs offen, sechs in der Hand.'),
    example=(
        'players 2\n'
        'deal all cards in packets of 3\n'
        'first dealer: lot\n'
        'next dealer: right\n'
        'first lead: forehand\n'
        'table cards: 6 face down with 6 face up on them each\n'
        'trump: forehand chooses suits, obenabe, undenufe\n'
        'follow: suit or trump\n'
        'unit point/points\n'
        'score each hand, first rule that applies:\n'
        '  points "each player writes the card points taken":\n'
        '      otherwise\n'
        '      then every player scores points'),
)

TABLE_CARDS = Mechanism(
    NAME,
    syntax=Syntax(
        grammar=GRAMMAR,
        build=BUILD,
        statements={TableCards: "table cards"},
        self_contained=True),
    rulebook=Rulebook(
        words=WORDS,
        section=section,
        example=example,
        reference=REFERENCE),
    checks=Checks(
        messages=MESSAGES,
        check=check),
    runtime=Runtime(
        compile=compile_table_cards,
        phase=TableCardsPhase,
        # every seat sees each row's face-up cards and which of them lie on a face-down
        # card: in the observation's dict and the research vector of a file laying table
        # cards only (not `shows`: that would change every file's observations)
        defaults={"table_up": (), "table_covering": (), "table_laid": ()},
        shows_used=("table_up", "table_covering"),
        tensor=TableTensor()),
    terminal=Terminal(
        narrate={TableLaid: narrate_laid, TurnedUp: narrate_turned},
        view_lines=view_lines,
        hand_lines=hand_lines,
        apart=own_row),
    bots=Bots(
        uncovers=own_covering),
    browser=Browser(
        table=table_state))
