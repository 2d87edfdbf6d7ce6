"""Taking part: from forehand, each player at the table says whether they play the hand:
join, fold (with enough players at the table), or swap their hand for a pile of the table.

Everything about taking part is here: its statement, check, compiled setting, phase and
event, how the terminal and the table ask and tell it, the bot's choice and its words.
`engine/take_part.py` keeps the compiled setting, which the piles and the terminal read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jassdsl.bots.declaring import expected_points
from jassdsl.bots.view import View, hand_total, table_for
from jassdsl.compile.compiler import CompiledRules, number
from jassdsl.compile.handfacts import HandFacts
from jassdsl.core import model as m
from jassdsl.core.actions import Action, ActionKind
from jassdsl.core.deal import next_seat
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
from jassdsl.core.settings import get
from jassdsl.engine import Game
from jassdsl.engine.events import Event
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.take_part import TakePartConfig, take_part
from jassdsl.language.syntax import pos_of, word
from jassdsl.rulebook import textview as tv
from jassdsl.rulebook.render import pile_name, value_text
from jassdsl.rulebook.words import Lang, say

JOIN, FOLD, SWAP = Action("join"), Action("fold"), Action("swap")  # play, fold, swap the hand

# -- the statement
GRAMMAR = """
%extend _statement: take_part
// in turn each player plays, folds or swaps the hand for a pile
take_part: "take" "part" ":" "in" "turn" "from" "forehand" ("," take_part_option)+
take_part_option: "play" "or" "fold" "with" value "or" "more" "at" "the" "table" -> take_part_fold
                | "swap" "hand" "for" ID                                    -> take_part_swap
"""


class TakePart(m.Node):
    """Each player in turn says whether they play this hand; a pile may replace a hand."""

    fold_from: m.Value | None = None  # folding is allowed with this many or more at the table
    swap: m.Word | None = None  # the pile a player may take for their hand (and then plays)


BUILD = {
    "take_part": lambda meta, ch: TakePart(pos=pos_of(meta), **dict(ch)),
    "take_part_fold": lambda meta, ch: ("fold_from", ch[0]),
    "take_part_swap": lambda meta, ch: ("swap", word(ch[0])),
}

JOIN_FROM = 0.2  # the bot plays when the hand promises this share of the points or more
SWAP_BELOW = 0.12  # ... and takes an unseen pile for the hand when it promises less


def check(c: Any, rf: m.RuleFile) -> None:
    """The pile to swap for is a pile of the table that can hold a hand; folding names a
    number of players at the table, at most the file's player count."""
    tp = rf.part("take_part", TakePart)
    if tp is None:
        return
    if tp.swap is not None and c.table_pile(rf, tp.swap):
        c.check_swap(rf, tp.swap)
    fold = get("fold from")
    seats = c.players_choices(rf.players)  # a count out of range is reported elsewhere
    if tp.fold_from is not None:
        c.value(tp.fold_from, fold.low, max(seats, default=fold.high),
                "folding: the players at the table")


def compile_take_part(rf: m.RuleFile, options: dict[str, int | str]) -> TakePartConfig | None:
    tp = rf.part("take_part", TakePart)
    if tp is None:
        return None
    return TakePartConfig(
        fold_from=number(tp.fold_from, options) if tp.fold_from is not None else 99,
        swap_pile=tp.swap.text if tp.swap is not None else None)


# -- the phase
@dataclass(frozen=True, slots=True)
class TookPart(Event):
    """A player said whether they play: 'join', 'fold' or 'swap' (took a pile)."""

    seat: int
    how: str


class TakingPart(Phase):
    """From forehand, each player at the table says whether they play the hand: join,
    fold (the hand goes out of play; only with enough players at the table), or swap (take
    the pile the file names for the hand, which goes out of play, and play)."""

    name = "take part"
    part_key = "take_part"
    changes_hands = True  # folding and taking a pile: the Stöck is read as play begins

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.config = take_part(rules) or TakePartConfig()

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "take_part" in rules.configs

    def begin(self, g: Table) -> bool:
        s = g.s
        s.phase, s.playing = "take part", 0
        s.current = next_seat(self.rules.players, s.dealer, s.table)
        return True

    def kinds_asked(self) -> tuple[str, ...]:
        r = self.config
        return (JOIN.kind, *((FOLD.kind,) if r.fold_from <= self.rules.players else ()),
                *((SWAP.kind,) if r.swap_pile is not None else ()))

    def legal(self, g: Table) -> list[Action]:
        s, r = g.s, self.config
        p = s.piles
        assert p is not None
        acts = [JOIN]
        if s.table.bit_count() >= r.fold_from:
            acts.append(FOLD)
        if r.swap_pile is not None and p.swapped < 0 and p.piles.get(r.swap_pile):
            acts.append(SWAP)
        return acts

    def take(self, g: Table, action: Action) -> None:
        s, r, c = g.s, self.rules, self.config
        p = s.piles
        assert p is not None
        seat = s.current
        if action == FOLD:
            p.out |= s.hands[seat]
            s.hands[seat] = 0
        else:
            s.playing |= 1 << seat
            if action == SWAP and c.swap_pile is not None:
                p.out |= s.hands[seat]
                s.hands[seat] = p.piles[c.swap_pile]
                p.piles[c.swap_pile] = 0
                p.swapped = seat  # a turned card on this pile went with it
        if g.log is not None:
            g.emit(TookPart(s.hand_no, seat, action.kind))
        p.said += 1
        if p.said < s.table.bit_count():
            s.current = next_seat(r.players, seat, s.table)
            return
        if not s.playing:  # nobody plays: the hand is over before it began
            s.in_cards, s.in_hands = 0, tuple(s.hands)
            g.nobody_plays()
            g.finish_hand()
            return
        g.advance(self)

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        s = g.s
        return {"playing": tuple(x for x in range(self.rules.players) if s.playing >> x & 1),
                "in_hands": s.in_hands}


# -- the terminal, the table, the bot and the rulebook


def ask(game: Game, lang: Lang) -> str:
    kinds = " / ".join(said(game, a, lang) for a in game.legal_actions())
    return say(lang, "live.ask.take_part", kinds=kinds)


def said(game: Game, a: Action, lang: Lang) -> str:
    """A choice as the terminal offers it: as typed in English ('join'), by its word in
    German ('mitspielen'), which may be typed too."""
    if lang == "en":
        return a.kind
    config = take_part(game.rules)
    pile = (config.swap_pile if config else None) or ""
    return say(lang, f"live.{a.kind}", pile=pile).lower()


def choices(game: Game, legal: list[Action], lang: Lang) -> str:
    return tv.numbered(legal, lambda a: said(game, a, lang))


def read(game: Game, text: str, legal: list[Action]) -> Action | None:
    """A choice by its German word ('aussteigen'); anything else is read as any entry."""
    return next((a for a in legal if text.strip().lower() == said(game, a, "de")), None)


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
    tp = rf.part("take_part", TakePart)
    if tp is None:
        return []
    items = [say(lang, "declare.take_part")]
    if tp.fold_from is not None:
        items.append(say(lang, "declare.fold", n=value_text(lang, rf, tp.fold_from)))
    if tp.swap is not None:
        items.append(say(lang, "declare.swap", pile=pile_name(lang, rf, tp.swap.text)))
    return items


WORDS: dict[str, tuple[str, str]] = {
    "declare.take_part": (
        "After trump is known, every player at the table in turn, starting with forehand, "
        "says whether they play this hand. Only those who play take part in the tricks; a "
        "trick has one card of each of them, and the cards of the others are out of play.",
        "Wenn der Trumpf bekannt ist, sagt jeder Spieler am Tisch reihum, beginnend mit der "
        "Vorhand, ob er diese Runde mitspielt. Nur wer mitspielt, spielt die Stiche; ein "
        "Stich hat eine Karte von jedem Mitspieler, die Karten der anderen sind aus dem Spiel.",
    ),
    "declare.fold": (
        "A player may fold (not play) when {n} or more players are at the table; with fewer "
        "everybody plays. If nobody plays, the hand is over without a card played.",
        "Aussetzen (nicht mitspielen) darf man, wenn {n} oder mehr Spieler am Tisch sind; "
        "bei weniger spielen alle. Spielt niemand mit, ist die Runde ohne eine gespielte "
        "Karte vorbei.",
    ),
    "declare.swap": (
        "Instead, a player may take {pile} for their own cards and must then play; their "
        "own cards are out of play. Who declines leaves the right to the next player; once "
        "taken, the pile is gone, and a turned card on it goes with it.",
        "Stattdessen darf ein Spieler {pile} gegen seine eigenen Karten nehmen und muss dann "
        "mitspielen; seine Karten sind aus dem Spiel. Wer verzichtet, lässt das Recht dem "
        "nächsten; ist der Haufen einmal genommen, ist er weg, und eine aufgedeckte Karte "
        "darauf geht mit.",
    ),
    "live.join": ("Play", "Mitspielen"),
    "live.fold": ("Fold", "Aussteigen"),
    "live.swap": ("Take the {pile}", "{pile} nehmen"),
    "live.prompt.take part": ("Do you play?", "Spielst du mit?"),
    "live.swapped": ("; {name} took the {pile} for the hand", "; {name} nahm {pile} als Hand"),
    "live.says.join": ("{name} plays", "{name}: spielt mit"),
    "live.says.fold": ("{name} folds", "{name}: steigt aus"),
    "live.says.swap": ("{name} takes the {pile} and plays", "{name}: nimmt {pile} und spielt"),
    "live.ask.take_part": ("do you play? ({kinds}, or a number): ",
                           "spielst du mit? ({kinds}, oder eine Nummer): "),

}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        '`take part:` asks every player at the table in turn, from forehand on, whether they play\n'
        'this hand (action `join`). `play or fold with 3 or more at the table` allows folding\n'
        "(`fold`) when that many sit at the table (2 up to the file's number of players); `swap hand for PILE` lets a player take the\n"
        'pile for their own cards (`swap`) and play; once taken, nobody else can take it. The\n'
        'pile becomes a hand, so it holds as many cards as a hand (or none, and then nobody can\n'
        'take it), at every number of players at the table and under every choice of the options:\n'
        '`check` names the count where it does not ("with 3 players and 10 cards each it holds 6\n'
        'cards, not a hand of 10"). Only\n'
        'those who play take part in the tricks: a trick has one card of each, in turn; the cards\n'
        'of the others are out of play. When nobody plays, the hand ends without a card. The fact\n'
        '`playing` tells whether a player plays this hand, `points-in-play` what the cards in play\n'
        'are worth (with the last trick), and `place(X, FILTER)` is 1 + how many of those for whom\n'
        'FILTER holds have a higher X (ties share a place).'),
    text_de=(
        '`take part:` fragt jeden Spieler am Tisch reihum ab der Vorhand, ob er diese Runde\n'
        'mitspielt (Aktion `join`). `play or fold with 3 or more at the table` erlaubt das\n'
        'Aussetzen (`fold`), wenn so viele am Tisch sitzen (2 bis zur Spielerzahl der Datei); `swap hand for HAUFEN` lässt einen\n'
        'Spieler den Haufen gegen seine eigenen Karten nehmen (`swap`) und mitspielen; danach kann\n'
        'ihn niemand mehr nehmen. Der Haufen wird dann zur Hand, also hält er so viele Karten wie\n'
        'eine Hand (oder keine, dann kann ihn niemand nehmen), bei jeder Zahl von Spielern am\n'
        'Tisch und bei jeder Wahl der Optionen: `check` nennt die Zahl, bei der es nicht so ist\n'
        '("with 3 players and 10 cards each it holds 6 cards, not a hand of 10"). Nur wer mitspielt, spielt die Stiche: ein Stich hat eine Karte\n'
        'von jedem, reihum; die Karten der anderen sind aus dem Spiel. Spielt niemand mit, endet\n'
        'die Runde ohne Karte. Die Tatsache `playing` sagt, ob ein Spieler diese Runde mitspielt,\n'
        '`points-in-play`, was die Karten im Spiel wert sind (mit dem letzten Stich), und\n'
        '`place(X, FILTER)` ist 1 + wie viele derer, für die FILTER gilt, ein höheres X haben\n'
        '(Gleiche teilen den Platz).'),
    example=(
        'option seats "players at the start" default 4 choices 4, 3, 2\n'
        'players seats\n'
        'deal 9 each in packets of 3\n'
        'pile blind: 9 cards\n'
        'pile stock: the rest\n'
        'show: bottom card of stock\n'
        'trump: top card of stock, else top card of blind, else bottom card\n'
        'rob: trump 6 may take the turned card\n'
        'take part: in turn from forehand, play or fold with 3 or more at the table, swap hand for blind\n'
        'undertrump: strict\n'
        'score each hand, first rule that applies:\n'
        '  nobody "nobody plays":\n'
        '      when no player has playing\n'
        '      then every player gets 0 points\n'
        '  best "the best of those who play":\n'
        '      otherwise\n'
        '      then players with playing and place(points, playing) = 1 get 1 point\n'
        'invariant in-play "the tricks hold the points in play": sum(points) = points-in-play'),
)


TAKE_PART = Mechanism(
    "take_part",
    syntax=Syntax(
        grammar=GRAMMAR,
        build=BUILD,
        statements={TakePart: "take_part"}),
    rulebook=Rulebook(
        words=WORDS,
        describe={"declare": describe},
        reference=REFERENCE),
    checks=Checks(
        check=check),
    runtime=Runtime(
        compile=compile_take_part,
        phase=TakingPart,
        kinds=("join", "fold", "swap"),
        codec=(ActionKind("join", "none"), ActionKind("fold", "none"), ActionKind("swap", "none")),
        uses_piles=True,
        out_of_play=True),
    terminal=Terminal(
        prompt=Prompt(ask=ask, choices=choices, read=read),
        narrate={TookPart: narrate}),
    browser=Browser(
        label=label),
    bots=Bots(
        policy=policy))
