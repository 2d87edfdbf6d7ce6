"""The table of settings: what a rule file may set, what it may say, and what holds unsaid.

One row per setting of the language: a word choice (`undertrump: weak`), a number with
its range (`players 3`), or a name from a fixed list (`bonus stoeck 20`). The checker
takes allowed values and ranges from here, the compiler and the rulebook the defaults,
the lexer the words; `tests/test_settings.py` fails when the grammar, the lexer or the
language reference knows a setting this table does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from jassdsl.core import model as m
from jassdsl.core.roles import ROLE_LIST

Kind = Literal["choice", "choices", "number", "name"]


@dataclass(frozen=True)
class Setting:
    """One setting: `allowed` lists the words (choice, choices, name) it may take, `low`
    and `high` bound a number; `default` holds where the file says nothing (None: the file
    must say it; empty: the mechanism is not used); `rule` is its statement in
    `grammar.lark`; `codes` are the model's names of the values, where they differ."""

    name: str
    kind: Kind
    rule: str
    written: str  # how a file writes it (N: a number, capitals: a name the file gives)
    why: str
    default: str | tuple[str, ...] | None = ()
    allowed: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    says: tuple[str, ...] = ()  # the rulebook's sentence keys per value ({} is its code)
    codes: tuple[str, ...] = ()

    @property
    def choose(self) -> str:
        """The allowed words for a message: 'lot or seat1'."""
        return " or ".join(sorted(self.allowed))


DECK = 36  # cards in the Swiss pack: every number of cards is bounded by it (a file's
# smaller pack is a subset of these, jassdsl.core.pack)

TABLE: tuple[Setting, ...] = (
    Setting("players", "number", "players", "players N", low=2, high=6, default=None,
            why="Jass is played by two to six (a Mittlere for five, a Schieber "
                "for six); the pack must divide among them"),
    Setting("pack", "name", "pack", "pack: without CARDS",
            why="the 36 Swiss cards, or a smaller pack of them (without the Sixes: 32); "
                "a card, a rank or a suit is taken out by its name in won()"),
    Setting("cards each", "number", "deal", "deal N each", low=1, high=DECK,
            default="all cards",
            why="each hand is dealt from the one pack; unsaid, all cards are dealt evenly"),
    Setting("packet", "number", "deal", "in packets of N, N, ...", low=1, high=DECK,
            default=None,
            why="cards are dealt in packets (of three in most games), or in packets of the "
                "sizes listed, in turn (3, 3, 2); a hand is whole rounds of them"),
    Setting("first dealer", "choice", "first_dealer", "first dealer:", default="lot",
            allowed=("lot", "seat1"), says=("ov.dealer_{}",),
            why="the first dealer is drawn, or fixed so that a game can be followed seat by seat"),
    Setting("next dealer", "choice", "next_dealer", "next dealer:", default="right",
            allowed=("right", "highest bidder", *(r.name for r in ROLE_LIST)),
            why="the deal passes to the right, or to the player holding a role of the hand "
                "(the winner of an auction, who chose trump, ...)"),
    Setting("first lead", "choice", "first_lead", "first lead:", default="forehand",
            allowed=("forehand", "highest bidder", *(r.name for r in ROLE_LIST if r.before_play)),
            why="the player right of the dealer leads, or the player holding a role known "
                "before play (the winner of an auction, who chose trump, ...)"),
    Setting("follow", "choices", "follow", "follow:", default=("suit", "trump"),
            allowed=("suit", "trump"),
            why="the Swiss rule lets a player trump instead of following; some games forbid it"),
    Setting("undertrump", "choice", "undertrump", "undertrump:", default="strict",
            allowed=("strict", "weak"), says=("play.{}", "short.{}"),
            why="whether a lower trump may go on a trumped trick by a player who could follow"),
    Setting("puur", "choice", "puur", "puur:", default="exempt", allowed=("exempt", "follows"),
            says=("play.puur_{}",),
            why="whether a lone trump Jack (the Puur) must be played when trump is led"),
    Setting("weis", "name", "weis_use", "weis: TABLE",
            why="the Weis table a hand counts (one of the file's, or an option choosing one)"),
    Setting("trump", "choice", "trump", "trump:", default=None,
            allowed=("random suit", "bottom card", "none", "forehand chooses",
                     "bidder chooses", "top card of", "obenabe", "in turn"),
            codes=("random_suit", "bottom_card", "none", "forehand_chooses",
                   "bidder_chooses", "turned", "fixed", "in_turn"),
            says=("short.{}",),
            why="how a hand gets its trump; every variant names its way (a mechanism may "
                "add a way: `jassdsl.core.mechanism.TrumpWay`)"),
    Setting("trump mode", "name", "trump", "forehand chooses MODE", default=None,
            allowed=("D", "H", "S", "C", "suits", "obenabe", "undenufe"),
            why="what a player may choose, or a hand falls back to, as trump"),
    Setting("rank table", "name", "ranks", "ranks TABLE:",
            allowed=("trump", "side", "obenabe", "undenufe"),
            why="ranks and card points differ for trumps, side suits, Obenabe and Undenufe"),
    Setting("bonus", "name", "bonus", "bonus NAME N", allowed=("last-trick", "match", "stoeck"),
            says=("short.bonus.{}",),
            why="the points a hand brings besides the cards: last trick, all tricks, Stoeck"),
    Setting("count first", "choices", "count_first", "count first:",
            allowed=("stoeck", "weis", "tricks"),
            why="facts known before the tricks are over, and the tricks one by one, so a "
                "game can end in the middle of a hand"),
    Setting("winner", "choice", "winner", "winner:", allowed=("most", "fewest"), default=None,
            why="most points win, or (in the games one must avoid) fewest"),
    Setting("hands", "number", "game_end", "game ends after N hands", low=1, high=1000,
            why="a game of a fixed number of hands; the engine stops any game after 1000 "
                "deals, hands played or dealt anew"),
    Setting("declared value", "number", "declare", "declare NAME from N to N", low=-1000,
            high=1000, why="an estimate or bid lies between its lowest and highest value"),
    Setting("declare step", "number", "declare", "in steps of N", low=1, high=1000,
            why="bids go up in steps (of ten in most bidding games), from the lowest value"),
    Setting("pile", "number", "pile", "pile NAME: N cards", low=1, high=DECK,
            why="cards left over after the deal lie in piles taken from the one pack"),
    Setting("fold from", "number", "take_part", "play or fold with N or more at the table",
            low=2, high=4, why="folding is allowed only while enough players stay at the table"),
    Setting("sequence", "number", "weis_table", "sequence N", low=3, high=9,
            why="a Weis sequence has three to nine cards of one suit"),
)
SETTINGS = {s.name: s for s in TABLE}


def get(name: str) -> Setting:
    """The row of a setting by name (a KeyError names a setting missing from the table)."""
    return SETTINGS[name]


def words(rf: m.RuleFile, name: str) -> tuple[str, ...]:
    """The words a file sets for a one-word setting (`follow: suit or trump`), or its
    default: the compiler and the rulebook read settings only through this."""
    s = rf.setting(name)
    if s is not None:
        return tuple(w.text for w in s.values)
    default = SETTINGS[name].default
    return default if isinstance(default, tuple) else (default,) if default else ()


def word(rf: m.RuleFile, name: str) -> str:
    """The one word of a setting such as `undertrump`, or its default."""
    return words(rf, name)[0]
