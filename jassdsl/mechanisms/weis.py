"""Weis and Stöck: held in the hand, and lying on the table.

Weis: as play begins, every seat in play is asked before its first card whether to
declare its Weis (by the file's table for the hand's mode): a seat holding none has only
the answer no, so that nobody learns who holds one from who is asked (`phase.Offer`);
after the first trick the side with the best Weis scores all of its Weise. Stöck: the trump King and Queen in one hand
as play began score the file's bonus for its holder's side (the keeper `HandBonuses`,
mechanism `hand_bonuses`, which adds both to the hand's facts). Table Weis and table
Stöck (mechanism `table_weis`): Weise and Stöck lying in the tricks a side took, counted
for that side when the hand is over, where the file asks for them.

Everything about them is here: the statements (the Weis tables, `weis: TABLE`), their
check and compiled setting (the file's Weis table, per trump mode), the phases, parts and
events, how the terminal and the table ask and tell them, the bot's choice, the rulebook's
Weis section and the words. `compile/weis.py` keeps how Weise are found and compared
in a hand (the table Weis counts them in a trick too)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, reduce
from operator import or_
from typing import Any, Literal

from jassdsl.bots.view import View
from jassdsl.cli.play import YES_NO
from jassdsl.compile.compiler import CompiledRules, names_used, number, option_value
from jassdsl.compile.handfacts import HandFacts
from jassdsl.compile.weis import (
    Weis,
    WeisTable,
    best_seat,
    hand_weise,
    stoeck_holder,
    trick_bonuses,
    trump_made_in,
    weis_label,
)
from jassdsl.core import model as m
from jassdsl.core.actions import Action
from jassdsl.core.cards import (
    RANK_MASKS,
    RANK_NAMES,
    RANKS,
    SUIT_NAMES,
    SUITS,
    mask_cards,
    shown_set,
)
from jassdsl.core.deal import trick_seats
from jassdsl.core.errors import did_you_mean
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
from jassdsl.core.modes import in_mode, mode_numbers
from jassdsl.core.pack import file_pack
from jassdsl.core.settings import get
from jassdsl.engine import Game, HandResult
from jassdsl.engine.events import Event
from jassdsl.engine.partners import sharers, side_of
from jassdsl.engine.phase import Offer, Phase, Table
from jassdsl.engine.records import Trick
from jassdsl.engine.redeal import Redeal
from jassdsl.engine.state import State
from jassdsl.engine.weis import WeisConfig, weis_config, weis_in
from jassdsl.language.check import MAX_POINTS, TRUMP_MODES
from jassdsl.language.syntax import pos_of, word
from jassdsl.rulebook import safe
from jassdsl.rulebook.expressions import mode_prose, own_name, typed_value
from jassdsl.rulebook.render import rank_names, table, used_tables, value_text
from jassdsl.rulebook.textview import weis_text
from jassdsl.rulebook.words import TEXT, Lang, join_words, say

WEIS_YES, WEIS_NO = Action("weis", 1), Action("weis", 0)  # declare one's best Weis, or not


# -- the statements
GRAMMAR = """
%extend _statement: weis_table | weis_use
// a table of Weis: combinations held in a hand, and their points
weis_table: "weis" ID ":" weis_item ("," weis_item)* ";" weis_cards
weis_item: "sequence" INT [weis_or_more] "=" value [weis_when]   -> weis_sequence
         | "four" rank "=" value [weis_when]                     -> weis_four
weis_or_more: "or" "more"
// an entry counts only if (or unless) all its tests hold: a yes/no option is yes, an
// option has a choice, the hand is played in a trump mode
weis_when: "if" weis_test ("and" weis_test)*      -> weis_if
         | "unless" weis_test ("and" weis_test)*  -> weis_unless
weis_test: ID                                     -> weis_test_yes
         | ID "=" value                           -> weis_test_option
         | "in" ID                                -> weis_test_mode
weis_cards: "each" "card" "once"             -> weis_once
          | "cards" "may" "count" "twice"    -> weis_twice
// the table a hand counts: one of the file's, or an option choosing one (or none)
weis_use: "weis" ":" ID
"""

TEST_MODES = tuple(w for w in TRUMP_MODES if len(w) > 1)  # `in MODE` in a Weis entry


class WeisTest(m.Node):
    """One test of a Weis entry's condition: a yes/no option is yes (`four-nines`), an
    option has a choice (`undenufe-eleven = six`), the hand's trump mode (`in undenufe`)."""

    kind: Literal["yes", "option", "mode"]
    name: m.Word  # the option, or the mode: suits, obenabe, undenufe
    choice: m.Value | None = None


class WeisItem(m.Node):
    """One line of a Weis table: a sequence of a length, or four cards of a rank."""

    kind: Literal["sequence", "four"]
    length: int = 0
    or_more: bool = False
    rank: m.Word | None = None
    points: m.Value
    tests: tuple[WeisTest, ...] = ()  # the entry counts only when all of them hold
    unless: bool = False  # ... or, with `unless`, only when not all of them hold


class WeisTableDef(m.Node):
    """`weis NAME: ITEM, ...; each card once`: a table of Weis a file may count."""

    name: str
    items: tuple[WeisItem, ...]
    reuse: bool


def tables_of(rf: m.RuleFile) -> tuple[WeisTableDef, ...]:
    """The file's Weis tables, in file order."""
    return rf.parts_of("weis", WeisTableDef)


def table_names(rf: m.RuleFile) -> set[str]:
    """The names the file gives its Weis tables (`names in german` may translate them)."""
    return {t.name for t in tables_of(rf)}


def build_item(kind: Literal["sequence", "four"], meta: Any, cond: Any, **fields: Any
               ) -> WeisItem:
    unless, tests = cond or (False, ())
    return WeisItem(pos=pos_of(meta), kind=kind, tests=tests, unless=unless, **fields)


BUILD: dict[str, Any] = {
    "weis_table": lambda meta, ch: WeisTableDef(pos=pos_of(meta), name=str(ch[0]),
                                                items=tuple(ch[1:-1]), reuse=ch[-1]),
    "weis_sequence": lambda meta, ch: build_item(
        "sequence", meta, ch[3], length=int(ch[0]), or_more=ch[1] is not None, points=ch[2]),
    "weis_four": lambda meta, ch: build_item("four", meta, ch[2], rank=ch[0], points=ch[1]),
    "weis_or_more": lambda meta, ch: True,
    "weis_if": lambda meta, ch: (False, tuple(ch)),
    "weis_unless": lambda meta, ch: (True, tuple(ch)),
    "weis_test_yes": lambda meta, ch: WeisTest(pos=pos_of(meta), kind="yes", name=word(ch[0])),
    "weis_test_option": lambda meta, ch: WeisTest(pos=pos_of(meta), kind="option",
                                                  name=word(ch[0]), choice=ch[1]),
    "weis_test_mode": lambda meta, ch: WeisTest(pos=pos_of(meta), kind="mode",
                                                name=word(ch[0])),
    "weis_once": lambda meta, ch: False,
    "weis_twice": lambda meta, ch: True,
    # `weis: TABLE` is a setting of the file (`rf.setting("weis")`), as the table has it
    "weis_use": lambda meta, ch: m.Setting(pos=pos_of(meta), key="weis",
                                           values=(word(ch[0]),)),
}


def check(c: Any, rf: m.RuleFile) -> None:
    """Each Weis table's entries, and the table `weis:` names (or an option choosing one)."""
    tables = {t.name for t in tables_of(rf)}
    sequence = get("sequence")
    for t in tables_of(rf):
        for item in t.items:
            if item.kind == "sequence" and not sequence.low <= item.length <= sequence.high:
                c.error(item.pos, "card", f"a sequence has {sequence.low} to "
                        f"{sequence.high} cards")
            elif item.kind == "sequence" and item.length > c.longest_suit():
                c.error(item.pos, "card", f"a sequence of {item.length} needs {item.length} "
                        f"cards of one suit, and the pack has at most {c.longest_suit()}")
            c.value(item.points, 0, MAX_POINTS, "a Weis")
            if item.rank is not None and item.rank.text not in RANKS:
                c.not_a_rank(item.rank)
            elif item.rank is not None:
                c.four_in_pack(item.rank, RANKS.index(item.rank.text))
            for test in item.tests:
                check_test(c, test)
    use = rf.setting("weis")
    if use is None:
        return
    w = use.values[0]
    if w.text in tables:
        return
    if w.text in c.options:
        c.word_option(w, tables | {"none"})
        return
    c.error(w.pos, "unknown-name", f"no Weis table {w.text!r}; "
            f"{did_you_mean(w.text, [*tables, *c.options])}tables: "
            f"{', '.join(sorted(tables)) or 'none (write one with weis NAME: ...)'}")

def check_test(c: Any, test: WeisTest) -> None:
    """`if four-nines`, `if undenufe-eleven = six`, `if in undenufe`: a yes/no option,
    an option and one of its choices, or a trump mode."""
    if test.kind == "yes":
        c.word_option(test.name, {"yes", "no"})
        return
    if test.kind == "mode":
        if test.name.text not in TEST_MODES and test.name.text not in c.file_modes:
            c.error(test.name.pos, "unknown-name", f"{test.name.text!r} is not a trump "
                    f"mode; {did_you_mean(test.name.text, [*TEST_MODES, *c.file_modes])}"
                    f"a Weis entry may name {', '.join([*TEST_MODES, *c.file_modes])}")
        return
    if test.choice is not None:
        c.option_choice(test.name, test.choice)



# -- the compiled setting
def compile_weis(rf: m.RuleFile, options: dict[str, int | str]) -> WeisConfig | None:
    """The Weis table the file uses (directly or through an option), or None; and per
    trump mode whose entries differ (an entry `if in undenufe`), that mode's table."""
    use = rf.setting("weis")
    if use is None:
        return None
    name = use.values[0].text
    name = str(options.get(name, name))
    if name == "none":  # an option may switch Weis off
        return None
    table = next(t for t in tables_of(rf) if t.name == name)
    numbers = mode_numbers(rf)
    plain = weis_table_in(table, options, -1, numbers)
    by_mode = {mode: weis_table_in(table, options, mode, numbers)
               for mode in sorted(set(numbers.values()))}
    return WeisConfig(plain, {mode: t for mode, t in by_mode.items() if t != plain})


def weis_table_in(table: WeisTableDef, options: dict[str, int | str],
                  mode: int, numbers: dict[str, int]) -> WeisTable:
    """The entries of a Weis table that count under these options in this trump mode
    (-1: no trump set)."""
    sequences: dict[int, int] = {}
    fours: dict[int, int] = {}
    for item in table.items:
        if not weis_item_counts(item, options, mode, numbers):
            continue
        if item.kind == "sequence":
            for length in range(item.length, 10 if item.or_more else item.length + 1):
                sequences.setdefault(length, number(item.points, options))
        elif item.rank is not None:
            fours[RANKS.index(item.rank.text)] = number(item.points, options)
    return WeisTable(sequences, fours, table.reuse)


def weis_item_counts(item: WeisItem, options: dict[str, int | str], mode: int,
                     numbers: dict[str, int]) -> bool:
    """Whether a Weis entry counts: all its tests hold (with `unless`: not all of them)."""
    if not item.tests:
        return True
    held = all(weis_test_holds(t, options, mode, numbers) for t in item.tests)
    return held != item.unless


def weis_test_holds(test: WeisTest, options: dict[str, int | str], mode: int,
                    numbers: dict[str, int]) -> bool:
    if test.kind == "yes":
        return options.get(test.name.text) == "yes"
    if test.kind == "mode":
        return mode >= 0 and in_mode(test.name.text, mode, numbers)
    return test.choice is not None and options.get(test.name.text) == option_value(test.choice)


# -- the phase
@dataclass(frozen=True, slots=True)
class WeisSaid(Event):
    """A player holding Weis declared it (`weise`: the cards per Weis) or kept it quiet;
    `said` gives the same Weise with their kind, top card and value (`weis_label` names
    them)."""

    seat: int
    declared: bool
    weise: tuple[tuple[int, ...], ...] = ()
    said: tuple[Weis, ...] = ()


@dataclass(frozen=True, slots=True)
class WeisCounted(Event):
    """After the first trick: the Weis points per subject (the best side's Weise)."""

    points: tuple[int, ...]


@dataclass
class WeisPart:
    """Weis declared in the first trick."""

    todo: int = 0  # seats (bits) that still decide on their Weis
    offer: tuple[tuple[Weis, ...], ...] = ()  # per seat: the Weise it may declare
    said: tuple[tuple[Weis, ...], ...] = ()  # per seat: the Weise it declared
    points: tuple[int, ...] = ()  # per subject, once the first trick is over

    def copy(self) -> WeisPart:
        return WeisPart(self.todo, self.offer, self.said, self.points)


def weis_part(s: State) -> WeisPart | None:
    """The Weis decisions of the first trick (`parts['weis']`), or None without Weis."""
    part = s.parts.get("weis")
    assert part is None or isinstance(part, WeisPart)
    return part


@cache
def weis_cards(mask: int) -> tuple[int, ...]:
    """The cards of a Weis, lowest first, as the hand's record keeps them (a Weis is one
    of a few hundred masks: worked out once each)."""
    return tuple(mask_cards(mask))


class WeisPhase(Offer):
    """The Weis decisions of the first trick; play hands over to it (`State.phase`
    'weis') when a seat is about to play its first card (`on_turn`): every seat in play,
    whether it holds a Weis or not (an `Offer`), and it counts the Weise when the first
    trick is taken (`on_trick`)."""

    name = "weis"
    place = "in play"
    part_key = "weis"
    yes, no = WEIS_YES, WEIS_NO
    cannot = "this hand holds no Weis to declare"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "weis" in rules.configs

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.config = weis_config(rules)

    def new_part(self, s: State) -> None:
        s.parts[self.name] = WeisPart()

    def on_play(self, g: Table) -> None:
        """Offer each seat the Weise its hand holds in the hand's mode; every seat in
        play is asked."""
        s, r = g.s, self.rules
        w = weis_part(s)
        assert w is not None
        table = self.config.table_in(s.mode) if self.config is not None else None
        if table is None:
            return
        w.offer = tuple([hand_weise(h, table, s.mode) for h in s.hands])
        w.said = ((),) * r.players
        w.points = (0,) * r.subjects
        w.todo = s.playing

    def on_turn(self, g: Table) -> bool:
        s = g.s
        w = weis_part(s)
        assert w is not None
        if w.todo >> s.current & 1:
            s.phase = "weis"
            return True
        return False

    def quiet(self, g: Table) -> bool:
        """No seat that holds a Weis is still to decide (the fast playout asks them itself
        otherwise): a seat without one has only 'no', which changes nothing, so the fast
        playout plays on without asking it (the engine still asks every seat)."""
        w = weis_part(g.s)
        return w is None or not any(w.todo >> seat & 1 and offer
                                    for seat, offer in enumerate(w.offer))

    def on_trick(self, g: Table, trick: Trick) -> None:
        if len(g.s.tricks) == 1:
            self.count(g)

    def can_take(self, g: Table, seat: int) -> bool:
        w = weis_part(g.s)
        return w is not None and bool(w.offer[seat])

    def take(self, g: Table, action: Action) -> None:
        s = g.s
        w = weis_part(s)
        assert w is not None
        seat = s.current
        declare = self.said_yes(g, action)
        weise = w.offer[seat] if declare else ()
        if declare:
            w.said = (*w.said[:seat], weise, *w.said[seat + 1:])
        if g.log is not None:
            g.emit(WeisSaid(s.hand_no, seat, declare,
                            tuple(tuple(mask_cards(x.cards)) for x in weise), weise))
        w.todo &= ~(1 << seat)
        s.phase = "play"

    def count(self, g: Table) -> None:
        """After the first trick: the side with the best Weis scores all of its Weise."""
        s, r = g.s, self.rules
        w = weis_part(s)
        assert w is not None
        w.todo = 0  # asked or not (the fast playout asks no seat that has only 'no')
        if not any(w.said):
            w.points = (0,) * r.subjects
        else:
            order = list(trick_seats(r.players, s.playing)[s.tricks[0].leader])
            best = best_seat(dict(enumerate(w.said)), order)
            points = [0] * r.subjects
            if best >= 0:  # the side of the best Weis: a team, or a side of this hand
                team = side_of(g)
                side = sum(sum(x.value for x in said) for seat, said in enumerate(w.said)
                           if team[seat] == team[best])
                for x in sharers(g, best):
                    points[x] = side
            w.points = tuple(points)
        if g.log is not None:
            g.emit(WeisCounted(s.hand_no, w.points))

    def nobody_plays(self, g: Table) -> None:
        """A hand nobody plays has no Weis."""
        w = weis_part(g.s)
        assert w is not None
        w.said, w.points = ((),) * self.rules.players, (0,) * self.rules.subjects

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        w = weis_part(g.s)
        assert w is not None
        return {"weis": tuple(tuple([weis_cards(x.cards) for x in said]) for said in w.said)
                if any(w.said) else ((),) * len(w.said)}

    def known(self, g: Table, seat: int) -> int:
        """The cards of every Weis declared (everybody hears which)."""
        w = weis_part(g.s)
        assert w is not None
        return reduce(or_, (x.cards for said in w.said for x in said), 0)  # Weise may overlap

    def redeal(self, g: Table, deal: Redeal) -> None:
        """The Weise a seat still to decide may declare, from its hand as play began; a
        seat that has decided keeps what it declared (what it held besides is hidden)."""
        s = g.s
        w = weis_part(s)
        assert w is not None
        table = self.config.table_in(s.mode) if self.config is not None else None
        if table is None or not w.offer:
            return
        held = s.in_hands if len(s.in_hands) == len(s.hands) else s.dealt
        w.offer = tuple([hand_weise(h, table, s.mode) if w.todo >> x & 1 else w.said[x]
                         for x, h in enumerate(held)])

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        w = weis_part(g.s)
        assert w is not None
        return {"weis": tuple(tuple(weis_label(x) for x in said) for said in w.said),
                "weis_offer": tuple(weis_label(x) for x in w.offer[seat])
                if w.todo >> seat & 1 else ()}


class HandBonuses(Phase):
    """Weis and Stöck as facts of the hand (where the file has Weis or Stöck)."""

    place = "keeper"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "weis" in rules.configs or bool(rules.stoeck_bonus)

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        # a mechanism changes the hands before play: the Stöck is read in those hands
        self.at_play = any(x.runtime.phase is not None and x.runtime.phase.changes_hands
                           for x in rules.used)

    def add_facts(self, g: Table, facts: HandFacts) -> None:
        s, r = g.s, self.rules
        k = r.subjects
        w = weis_part(s)
        facts.weis = list(w.points) if w is not None and w.points else [0] * k
        facts.stoeck = [0] * k
        # Stöck belongs to the hand as play began: after folding, taking a pile, robbing,
        # bettering and the talon (the same as the deal where nothing changes hands)
        held = s.in_hands if self.at_play else s.dealt
        holder = stoeck_holder(held, s.mode) if r.stoeck_bonus else -1
        if holder >= 0:
            for x in sharers(g, holder):
                facts.stoeck[x] = r.stoeck_bonus

    def bonuses(self, g: Table, facts: HandFacts) -> dict[str, tuple[int, ...]]:
        return {"weis": tuple(facts.weis), "stoeck": tuple(facts.stoeck)} if facts.weis \
            else {}


TABLE_FACTS = frozenset({"table-weis", "table-stoeck"})  # the facts that ask for table Weis


# -- table Weis and table Stöck: Weise and Stöck lying in the tricks a side took, counted
# for that side when the hand is over; table Stöck only from the trick in which trump was
# made on (the keeper notes that trick as a subscriber of play's `on_trick`)


def compile_table_weis(rf: m.RuleFile, options: dict[str, int | str]) -> bool | None:
    """Counted where the file reads one of its facts (None: it never asks)."""
    return True if names_used(rf) & TABLE_FACTS else None


@dataclass
class TableBonusPart:
    since: int = -1  # the trick (from 0) in which trump was made, -1: not yet

    def copy(self) -> TableBonusPart:
        return TableBonusPart(self.since)


class TableBonuses(Phase):
    name = "table weis"  # its part's key; it never waits for an action
    place = "keeper"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return "table_weis" in rules.configs

    def new_part(self, s: State) -> None:
        s.parts[self.name] = TableBonusPart()

    def new_hand(self, g: Table) -> None:
        g.s.parts[self.name] = TableBonusPart()

    def part(self, s: State) -> TableBonusPart:
        part = s.parts[self.name]
        assert isinstance(part, TableBonusPart)
        return part

    def on_trick(self, g: Table, trick: Trick) -> None:
        part = self.part(g.s)
        if part.since < 0 and g.s.mode >= 0:
            part.since = len(g.s.tricks) - 1

    def add_facts(self, g: Table, facts: HandFacts) -> None:
        s, r = g.s, self.rules
        weis, stoeck = [0] * r.subjects, [0] * r.subjects
        cards = [t.cards for t in s.tricks]
        since = self.part(s).since
        if since < 0:
            since = len(cards)
        for t, (weise, has_stoeck) in zip(
                s.tricks, trick_bonuses(cards, weis_in(r, s.mode), s.mode, since), strict=True):
            x = r.team_of[t.winner]
            weis[x] += sum(w.value for w in weise)
            stoeck[x] += r.stoeck_bonus if has_stoeck else 0
        facts.table_weis, facts.table_stoeck = weis, stoeck

    def bonuses(self, g: Table, facts: HandFacts) -> dict[str, tuple[int, ...]]:
        return {"table-weis": tuple(facts.table_weis),
                "table-stoeck": tuple(facts.table_stoeck)} if facts.table_weis else {}


def trick_notes(rules: CompiledRules, result: HandResult, lang: Lang) -> list[str]:
    """Per trick: the table Weise and table Stöck lying in it ('' for none)."""
    cards = [t.cards for t in result.tricks]
    since = trump_made_in(cards, rules.card_sets_trump)
    out = []
    mode = rules.mode_schedule.number(result.trump)
    for weise, stoeck in trick_bonuses(cards, weis_in(rules, mode), mode, since):
        said = [weis_text(weis_label(w), lang) for w in weise]
        if stoeck:
            said.append(f"Stöck ({rules.stoeck_bonus})")
        out.append(say(lang, "live.on_table", said=", ".join(said)) if said else "")
    return out



# -- the terminal, the table and the bot


def offered(game: Game, obs: Any, names: Sequence[str], lang: Lang) -> list[str]:
    """The Weise the seat to decide holds, shown before its choices."""
    return [say(lang, "live.your_weis",
                said="; ".join(weis_text(w, lang) for w in obs.weis_offer))]


def named(w: Weis, lang: Lang, pack: str) -> str:
    """A Weis as a player names it at the table: 'Dreiblatt Rosen bis Neun, 20' in German
    with the German-Swiss pack ('ch'), 'Dreiblatt Herz bis Neun, 20' with the French
    pack, 'Run of three in Hearts to the Nine, 20' in English (French names)."""
    names = "en" if lang == "en" else "ch" if pack == "ch" else "fr"
    rank = RANKS[w.top % 9]
    if w.kind == "four":
        plural = f"live.weis.ranks_ch.{rank}" if names == "ch" and \
            f"live.weis.ranks_ch.{rank}" in TEXT else f"live.weis.ranks.{rank}"
        text = say(lang, "live.weis.named.four", ranks=say(lang, plural), value=w.value)
    else:
        word = RANK_NAMES[names].get(rank) or say(lang, f"live.weis.rank.{rank}")
        text = say(lang, "live.weis.named.run", value=w.value, rank=word,
                   run=say(lang, f"live.weis.named.run.{w.cards.bit_count()}"),
                   suit=SUIT_NAMES[names][SUITS[w.top // 9]])
    return text[:1].upper() + text[1:]


def ask(game: Game, lang: Lang) -> str:
    return say(lang, "live.ask.weis")


def choices(game: Game, legal: list[Action], lang: Lang) -> str:
    return say(lang, "live.choice.weis")


def read(game: Game, text: str, legal: list[Action]) -> Action | None:
    """yes or no (1 or 0); anything else is read as any entry."""
    word = text.lower().split()[0]
    return Action("weis", YES_NO[word]) if word in YES_NO else None


def label(words: Any, a: Action) -> str:
    """A button of the browser table."""
    return str(words.say("live.weis_yes" if a.value == 1 else "live.weis_no"))


def table_state(game: Game, seat: int, lang: Lang) -> dict[str, Any]:
    """Its entries of the browser table's state: the Weise this seat may declare, and
    those declared openly, per seat, shown while the hand's first tricks are played."""
    obs, config = game.observe(seat), weis_config(game.rules)
    table = config.table_in(game.mode) if config is not None and game.mode >= 0 else None
    # the seat's own Weise while it is still to decide (as observe: its hand is whole)
    offer = hand_weise(game.hand_mask(seat), table, game.mode) \
        if obs.weis_offer and table is not None else ()
    shown = obs.phase in ("play", "weis")
    said: list[tuple[Weis, ...]] = [() for _ in range(game.n)]
    for e in game.hand_events(game.hand_number) if shown else ():  # public once declared
        if isinstance(e, WeisSaid) and e.declared:
            said[e.seat] = e.said

    def both(x: Weis) -> dict[str, str]:
        """A Weis named in both packs, for the page to show in the one chosen."""
        return {"fr": named(x, lang, "fr"), "ch": named(x, lang, "ch")}

    return {"weis_offer": list(obs.weis_offer),
            "weis_named": [both(x) for x in offer],
            "weis": [[weis_text(w, lang) for w in said] for said in obs.weis] if shown else [],
            "weis_said": [[both(x) for x in weise] for weise in said] if shown else []}


def narrate(n: Any, e: WeisSaid) -> list[str]:
    if not n.others(e.seat) or not e.declared:
        return []
    said = "; ".join(weis_text(weis_label(w), n.lang) for w in e.said)
    return [n.say("weis", name=n.names[e.seat], said=said or say(n.lang, "word.none"))]


def report(rules: CompiledRules, result: HandResult, names: Sequence[str], lang: Lang
           ) -> list[str]:
    """The Weise declared in the first trick, in the terminal's report of the hand."""
    said = [f"{names[seat]} " + shown_set(cards)
            for seat, weise in enumerate(result.weis) for cards in weise]
    none = say(lang, "word.none")
    return [say(lang, "live.weis_declared", said="; ".join(said) if said else none)]


def policy(game: Game, view: View, legal: list[Action]) -> Action:
    """A declared Weis counts for its side in every rule file: declare it."""
    return max(legal, key=lambda a: a.value)


# -- the rulebook


def section(lang: Lang, v: Any) -> list[str]:
    """The Weis tables and how Weise compare; where no hand can have a trump suit, a tie is
    not settled by trump (as in a Slalom)."""
    rf: m.RuleFile = v.model
    trump = "trump" in used_tables(v.rules)
    use = rf.setting("weis")
    if use is None:
        return []
    out = [f"## {say(lang, 'h.weis')}", ""]
    name = use.values[0].text
    opt = next((o for o in rf.options if o.name == name), None)
    if opt is not None:
        choices = join_words(lang, [f"*{own_name(lang, rf, c.word())}*" for c in opt.choices],
                             "or")
        out += [say(lang, "weis.option", name=safe.code(name), choices=choices,
                    default=own_name(lang, rf, opt.default.word())), ""]
        shown = [t for t in tables_of(rf) if t.name in {c.word() for c in opt.choices}]
    else:
        out += [say(lang, "weis.uses", name=own_name(lang, rf, name)), ""]
        shown = [t for t in tables_of(rf) if t.name == name]
    for t in shown:
        out += [f"### {say(lang, 'weis.table', name=own_name(lang, rf, t.name))}", ""]
        rows = [[weis_item(lang, item, rf), value_text(lang, rf, item.points)]
                for item in t.items]
        out += table([say(lang, "weis.col.what"), say(lang, "weis.col.points")], rows)
        out += [say(lang, "weis.once" if not t.reuse else "weis.twice"), ""]
    pack = file_pack(rf)  # a sequence runs through the ranks the pack has
    letters = {"Q": "D", "J": "B"} if lang == "de" else {}
    order = " ".join(letters.get(r, r) for i, r in enumerate(RANKS) if RANK_MASKS[i] & pack)
    out += [say(lang, "weis.compare" if trump else "weis.compare_no_trump", order=order), ""]
    used = names_used(rf)
    if "table-weis" in used:
        out += [say(lang, "weis.on_table"), ""]
    stoeck = next((b.points for b in rf.bonuses if b.name.text == "stoeck"), None)
    if "table-stoeck" in used and stoeck is not None and stoeck.number != 0:
        out += [say(lang, "weis.table_stoeck", points=value_text(lang, rf, stoeck)), ""]
    return out


def weis_item(lang: Lang, item: WeisItem, rf: m.RuleFile | None = None) -> str:
    if item.kind == "sequence":
        key = "weis.sequence_more" if item.or_more else "weis.sequence"
        text = say(lang, key, n=item.length)
    else:
        rank = item.rank.text if item.rank is not None else "?"
        text = say(lang, "weis.four", rank=f"{rank} ({rank_names(lang, rank)})")
    if item.tests:  # the trump modes first, then the options: "in Undenufe when ..."
        modes = join_words(lang, [weis_test(lang, t, rf) for t in item.tests
                                  if t.kind == "mode"])
        opts = join_words(lang, [weis_test(lang, t, rf) for t in item.tests
                                 if t.kind != "mode"])
        tests = say(lang, "weis.test.both", modes=modes, options=opts) if modes and opts \
            else modes or opts
        text += say(lang, "weis.unless" if item.unless else "weis.if", tests=tests)
    return text


def weis_test(lang: Lang, test: WeisTest, rf: m.RuleFile | None = None) -> str:
    """One condition of a Weis entry in words: an option, its choice, or a trump mode (one
    the file defines by its title)."""
    if test.kind == "mode":
        key = f"weis.mode.{test.name.text}"
        mode = say(lang, key) if key in TEXT or rf is None else \
            mode_prose(lang, rf, test.name.text)
        return say(lang, "weis.test.mode", mode=mode)
    if test.kind == "option" and test.choice is not None:
        return say(lang, "weis.test.option", name=safe.code(test.name.text),
                   choice=typed_value(lang, rf, test.choice.word()))
    return say(lang, "weis.test.yes", name=safe.code(test.name.text))


def short(lang: Lang, rf: m.RuleFile) -> list[tuple[str, m.Option | None, list[str]]]:
    """Weis among what a hand brings besides the cards (the comparison page), where an
    option names the table: with every choice but `none`."""
    weis = rf.setting("weis")
    if weis is None:
        return []
    chosen = next((o for o in rf.options if o.name == weis.values[0].text), None)
    return [(say(lang, "short.weis"), chosen, [] if chosen is None else
             [c.word() for c in chosen.choices if c.word() != "none"])]


WORDS: dict[str, tuple[str, str]] = {
    "h.weis": ("Weis", "Weis"),
    "short.weis": ("Weis", "Weis"),
    "weis.uses": ("This variant counts Weis from the table *{name}*.",
                  "Diese Variante zählt Weis nach der Tabelle *{name}*."),
    "weis.option": (
        "The option {name} chooses the Weis table ({choices}; *{default}* by default).",
        "Die Option {name} wählt die Weistabelle ({choices}; voreingestellt *{default}*).",
    ),
    "weis.table": ("Weis table *{name}*", "Weistabelle *{name}*"),
    "weis.col.what": ("Combination", "Kombination"),
    "weis.col.points": ("Points", "Punkte"),
    "weis.sequence": ("{n} cards in sequence in one suit", "{n} Karten in Folge in einer Farbe"),
    "weis.sequence_more": (
        "{n} or more cards in sequence in one suit",
        "{n} oder mehr Karten in Folge in einer Farbe",
    ),
    "weis.four": ("four {rank}", "vier {rank}"),
    "weis.if": (" (only {tests})", " (nur {tests})"),
    "weis.unless": (" (except {tests})", " (ausser {tests})"),
    "weis.test.both": ("{modes} {options}", "{modes}, {options}"),
    "weis.test.yes": ("with the option {name}", "mit der Option {name}"),
    "weis.test.option": ("when the option {name} is {choice}",
                         "wenn die Option {name} {choice} ist"),
    "weis.test.mode": ("in {mode}", "bei {mode}"),
    "weis.mode.suits": ("a trump suit", "einer Trumpffarbe"),
    "weis.mode.obenabe": ("Obenabe", "Obenabe"),
    "weis.mode.undenufe": ("Undenufe", "Undenufe"),
    "weis.once": (
        "A card counts in one combination only.",
        "Eine Karte zählt nur in einer Kombination.",
    ),
    "weis.twice": (
        "A card may count in a sequence and in a four of a kind at once.",
        "Eine Karte darf zugleich in einer Folge und in einem Vierling zählen.",
    ),
    "weis.compare": (
        "Sequences run {order} in every suit. Only the side with the best Weis "
        "scores, and then all of its Weis: a higher value wins; at equal value a sequence "
        "beats four of a kind, a longer sequence a shorter one, then the higher top card, "
        "then trump; a full tie goes to whoever plays earlier to the first trick.",
        "Folgen laufen in jeder Farbe {order}. Nur die Seite mit dem besten Weis "
        "schreibt, dann aber alle ihre Weis: der höhere Wert gewinnt; bei gleichem Wert "
        "schlägt eine Folge den Vierling, eine längere Folge die kürzere, dann die höhere "
        "oberste Karte, dann Trumpf; bei vollem Gleichstand zählt, wer früher zum ersten "
        "Stich zugibt.",
    ),
    "weis.compare_no_trump": (
        "Sequences run {order} in every suit. Only the side with the best Weis "
        "scores, and then all of its Weis: a higher value wins; at equal value a sequence "
        "beats four of a kind, a longer sequence a shorter one, then the higher top card; "
        "there is no trump, so a full tie goes to whoever plays earlier to the first trick.",
        "Folgen laufen in jeder Farbe {order}. Nur die Seite mit dem besten Weis "
        "schreibt, dann aber alle ihre Weis: der höhere Wert gewinnt; bei gleichem Wert "
        "schlägt eine Folge den Vierling, eine längere Folge die kürzere, dann die höhere "
        "oberste Karte; da es keinen Trumpf gibt, zählt bei vollem Gleichstand, wer früher "
        "zum ersten Stich zugibt.",
    ),
    "weis.on_table": (
        "**Table Weis.** The cards lying in one trick can form a Weis of this table too "
        "(for example the Ace, King, Queen and Jack of one suit, worth 50). Such a table "
        "Weis belongs to the player who takes the trick; it counts whatever the trump, and "
        "table Weise are not compared with each other: every one counts.",
        "**Tischweis.** Auch die Karten, die in einem Stich liegen, können einen Weis dieser "
        "Tabelle bilden (zum Beispiel Ass, König, Dame und Bube einer Farbe, 50 Punkte). "
        "Ein solcher Tischweis gehört dem Spieler, der den Stich nimmt; er zählt unabhängig "
        "vom Trumpf, und Tischweise werden nicht verglichen: jeder zählt.",
    ),
    "weis.table_stoeck": (
        "**Table Stöck.** When the King and Queen (Ober) of trump lie in one trick and trump "
        "was made in that trick or an earlier one, they count {points} points for the "
        "player who takes the trick.",
        "**Tisch-Stöck.** Liegen König und Dame (Ober) der Trumpffarbe im selben Stich und "
        "wurde in diesem oder einem früheren Stich Trumpf gemacht, zählen sie {points} "
        "Punkte für den Spieler, der den Stich nimmt.",
    ),
    "live.weis_yes": ("Declare my Weis", "Weis ansagen"),
    "live.weis_no": ("No Weis", "Kein Weis"),
    "live.prompt.weis": ("Declare your Weis?", "Weis ansagen?"),
    "live.says.weis": ("{name} declares Weis: {said}", "{name}: weist {said}"),
    "live.your_weis": ("your Weis: {said}", "dein Weis: {said}"),
    "live.ask.weis": ("declare your Weis? (yes or no): ", "Weis ansagen? (ja oder nein): "),
    "live.choice.weis": ("1) yes, declare it  2) no", "1) ja, ansagen  2) nein"),
    "live.weis_declared": ("weis declared: {said}", "gewiesen: {said}"),
    # a Weis named as a player says it at the table (`named`): 'Dreiblatt Rosen bis Neun, 20'
    "live.weis.named.run": ("{run} in {suit} to the {rank}, {value}",
                            "{run} {suit} bis {rank}, {value}"),
    "live.weis.named.four": ("four {ranks}, {value}", "vier {ranks}, {value}"),
    **{f"live.weis.named.run.{n}": (f"run of {en}", f"{de}blatt") for n, en, de in (
        (3, "three", "Drei"), (4, "four", "Vier"), (5, "five", "Fünf"), (6, "six", "Sechs"),
        (7, "seven", "Sieben"), (8, "eight", "Acht"), (9, "nine", "Neun"))},
    **{f"live.weis.rank.{r}": pair for r, pair in (
        ("9", ("Nine", "Neun")), ("8", ("Eight", "Acht")), ("7", ("Seven", "Sieben")),
        ("6", ("Six", "Sechs")))},
    **{f"live.weis.ranks.{r}": pair for r, pair in (
        ("A", ("Aces", "Asse")), ("K", ("Kings", "Könige")), ("Q", ("Queens", "Damen")),
        ("J", ("Jacks", "Buben")), ("10", ("Tens", "Zehnen")), ("9", ("Nines", "Neunen")),
        ("8", ("Eights", "Achten")), ("7", ("Sevens", "Sieben")),
        ("6", ("Sixes", "Sechsen")))},
    # the German-Swiss pack's plurals where they differ from the French pack's
    **{f"live.weis.ranks_ch.{r}": (w, w) for r, w in (
        ("Q", "Ober"), ("J", "Under"), ("10", "Banner"))},
}

TABLE_WORDS: dict[str, tuple[str, str]] = {
    "live.on_table": ("; on the table: {said}", "; auf dem Tisch: {said}"),
    "live.bonus.table-weis": ("table Weis", "Weis auf dem Tisch"),
    "live.bonus.table-stoeck": ("table Stöck", "Stöck auf dem Tisch"),
}

HAND_WORDS: dict[str, tuple[str, str]] = {
    "live.bonus.weis": ("hand Weis", "Weis aus der Hand"),
    "live.bonus.stoeck": ("hand Stöck", "Stöck aus der Hand"),
}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        'A `weis` table lists the combinations a hand may declare and their worth: sequences of a\n'
        'length (`or more` for every longer one) and four cards of a rank. An item may depend on\n'
        'a yes/no option with `if` (more below). The table ends with `each card once`, or with\n'
        '`cards may count twice` when a card may serve in a sequence and a four of a kind at\n'
        'once. `weis:` names the table the variant uses, directly or through a word-valued option.'),
    text_de=(
        'Eine `weis`-Tabelle nennt die Kombinationen, die eine Hand weisen darf, und ihren Wert:\n'
        'Folgen einer Länge (`or more` für jede längere) und vier Karten eines Rangs. Ein Eintrag\n'
        'kann mit `if` von einer Ja/Nein-Option abhängen (mehr unten). Die Tabelle endet mit `each card once`\n'
        'oder mit `cards may count twice`, wenn eine Karte zugleich in einer Folge und in einem\n'
        'Vierling zählen darf. `weis:` nennt die Tabelle, die die Variante verwendet, direkt oder\n'
        'über eine Wortoption.'),
    example=(
        'option four-nines "four nines count as a Weis" default no choices yes, no\n'
        'weis small: sequence 3 = 20, sequence 4 = 50, sequence 5 or more = 100,\n'
        '    four J = 200, four 9 = 150 if four-nines, four A = 100; each card once\n'
        'weis big: sequence 3 = 20, sequence 4 = 50, sequence 5 = 100, sequence 6 or more = 150,\n'
        '    four J = 200, four 9 = 150, four A = 100; cards may count twice\n'
        'weis: small\n'
        'bonus stoeck 20'),
)


WEIS = Mechanism(
    "weis",
    runtime=Runtime(
        shows=("weis", "weis_offer"),
        compile=compile_weis,
        phase=WeisPhase,
        kinds=("weis",),
        yes_no=("weis",),
        defaults={"weis": (), "weis_offer": ()}),
    syntax=Syntax(
        grammar=GRAMMAR,
        build=BUILD,
        repeated=(WeisTableDef,),
        names=table_names),
    checks=Checks(
        check=check),
    rulebook=Rulebook(
        words=WORDS,
        section=section,
        short=short,
        reference=REFERENCE),
    terminal=Terminal(
        prompt=Prompt(ask=ask, choices=choices, read=read, shows=offered),
        narrate={WeisSaid: narrate},
        report=report),
    browser=Browser(
        label=label,
        table=table_state),
    bots=Bots(
        policy=policy))

HAND_BONUSES = Mechanism(
    "hand_bonuses",
    rulebook=Rulebook(
        words=HAND_WORDS),
    runtime=Runtime(
        phase=HandBonuses))


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        'Two more facts count what lies on the table. `table-weis` adds up the Weise that the cards\n'
        "of each trick form, using the same table, for the player who took the trick: a trick's\n"
        'Weise are judged from its cards alone, whatever the trump, and all of them count.\n'
        '`table-stoeck` gives the Stöck bonus for a trick that holds King and Queen of trump, when\n'
        'trump was made in that trick or an earlier one (with `first void`: the trick of the first\n'
        'card off the suit led). A clause adds or subtracts any of them:'),
    text_de=(
        'Zwei weitere Namen zählen, was auf dem Tisch liegt. `table-weis` addiert die Weise, die\n'
        'die Karten eines Stichs bilden, nach derselben Tabelle, für den Spieler, der den Stich\n'
        'genommen hat: die Weise eines Stichs werden allein nach seinen Karten beurteilt,\n'
        'unabhängig vom Trumpf, und alle zählen. `table-stoeck` gibt den Stöck-Bonus für einen\n'
        'Stich mit König und Dame der Trumpffarbe, wenn in diesem oder einem früheren Stich Trumpf\n'
        'gemacht wurde (bei `first void`: im Stich der ersten Karte, die nicht Farbe gibt). Eine\n'
        'Regel kann jeden davon addieren oder abziehen:'),
    example=(
        'weis small: sequence 3 = 20, sequence 4 = 50, four J = 200; each card once\n'
        'weis: small\n'
        'bonus stoeck 20\n'
        'score each hand, first rule that applies:\n'
        '  card-points "card points and table Weis, less hand Weis and Stöck":\n'
        '      otherwise\n'
        '      then every player scores points + table-weis + table-stoeck - weis - stoeck'),
)


TABLE_WEIS = Mechanism(
    "table_weis",
    rulebook=Rulebook(
        words=TABLE_WORDS,
        reference=REFERENCE),
    runtime=Runtime(
        compile=compile_table_weis,
        phase=TableBonuses),
    terminal=Terminal(
        trick_notes=trick_notes))
