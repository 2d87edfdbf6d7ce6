"""The scoresheet (Coiffeur): trump chosen from a sheet of columns, each played once.

Each team (or each player) has a sheet of the same columns; a column is a mode, or a free
choice among modes, with a multiplier. The player to choose takes an open column of their
own sheet (a free column, then its mode) or pushes, as the file allows; a column taken is
played: it is never offered to that sheet again. Whoever has no open column is skipped
(asked first, pushed to). The hand's facts get the column's multiplier; who chose is the
role `chooser`; the game ends when every sheet is full (`game ends when the sheets are
full`), and nobody can choose once they are, whatever the file's end.

    sheet per team
    column spades "Spades" german "Schaufel": S times 1
    column joker "Joker": free choice of suits, obenabe, undenufe times 7 if rounds = 8
    trump: forehand chooses from the sheet or pushes to the next player

Actions: ``column N`` (N the column's place in the file, from 0; the game reads and
names it as ``column NAME``), then for a free column ``trump MODE``; ``push``.

Everything about the scoresheet is here: its trump method, compiled setting, phase,
part of the state, event, record and observation parts, how the terminal, the browser
table and the bot ask, tell and decide it. The layers read it through general hooks
(`TrumpWay.chosen`, `TrumpWay.choices`, `Phase.ends_game`, `Phase.kept`, `Mechanism.calls`,
`status`, `board`, `actions`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jassdsl.bots import PUSH_BELOW, View, expected_points, hand_total
from jassdsl.cli import play as cli
from jassdsl.compile.compiler import CompiledRules, mode_words, number, option_value
from jassdsl.compile.handfacts import HandFacts
from jassdsl.core import model as m
from jassdsl.core.actions import PUSH, TRUMPS, Action
from jassdsl.core.deal import next_seat
from jassdsl.core.errors import IllegalActionError
from jassdsl.core.mechanism import Mechanism, Prompt, TrumpWay
from jassdsl.core.modes import mode_numbers
from jassdsl.core.roles import CHOOSER
from jassdsl.engine import Game
from jassdsl.engine.events import Event, TrumpSet
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.position import PositionError
from jassdsl.engine.state import State, TrumpPart
from jassdsl.engine.trump import push, push_target
from jassdsl.language.syntax import pos_of, word
from jassdsl.rulebook import textview as tv
from jassdsl.rulebook.render import column_title
from jassdsl.rulebook.words import Lang, say
from jassdsl.table.view import written

NAME = "sheet"
COLUMN = "column"  # the kind of the action that takes a column of the sheet

# -- the statements
GRAMMAR = """
// forehand chooses a column of the scoresheet (or pushes, as `push` says)
%extend trump_method: ID "chooses" "from" "the" "sheet" [push] -> sheet_trump
"""


def build_trump(meta: Any, ch: list[Any]) -> m.TrumpMethod:
    who, *rest = ch
    return m.TrumpMethod(pos=pos_of(meta), kind=NAME, who=word(who),
                         push=any(c == "partner" for c in rest),
                         push_next=any(c == "next" for c in rest))



# -- the compiled setting
@dataclass(frozen=True)
class SheetColumn:
    """A column of the scoresheet as the engine plays it."""

    name: str
    modes: tuple[int, ...]  # the mode, or the modes a free column allows
    free: bool
    multiplier: int


@dataclass(frozen=True)
class SheetConfig:
    """The compiled scoresheet: its columns under the chosen options, whose sheets."""

    columns: tuple[SheetColumn, ...]  # in file order
    per_team: bool  # one sheet per team (else one per player)
    end_full: bool  # the file's game ends when every sheet is full

    def sheets(self, rules: CompiledRules) -> int:
        """How many scoresheets there are."""
        return rules.subjects if self.per_team else rules.players

    def sheet_of(self, rules: CompiledRules, seat: int) -> int:
        """The scoresheet a seat writes on: its team's, or its own."""
        return rules.team_of[seat] if self.per_team else seat

    def column(self, name: str) -> SheetColumn:
        return next(c for c in self.columns if c.name == name)


def config(rules: CompiledRules) -> SheetConfig:
    found = rules.config(NAME, SheetConfig)
    assert found is not None
    return found


def compile_sheet(rf: m.RuleFile, options: dict[str, int | str]) -> SheetConfig | None:
    """The sheet's columns under the chosen options: a column with `if OPTION = CHOICE`
    is on the sheet only under that choice."""
    if rf.trump.kind != NAME:
        return None
    numbers = mode_numbers(rf)
    out: list[SheetColumn] = []
    for c in rf.columns:
        if c.option is not None and c.choice is not None and \
                options.get(c.option.text) != option_value(c.choice):
            continue
        modes = tuple(dict.fromkeys(x for w in c.modes for x in mode_words(w.text, numbers)))
        out.append(SheetColumn(c.name, modes, c.free, number(c.multiplier, options)))
    return SheetConfig(tuple(out), rf.sheet is not None and rf.sheet.subject == "team",
                       rf.end.sheets_full)


def choices(found: Any) -> tuple[int, ...]:
    """Every mode a column of the sheet lets a player choose."""
    assert isinstance(found, SheetConfig)
    return tuple(sorted({mode for c in found.columns for mode in c.modes}))


# -- the phase
@dataclass
class SheetPart:
    """The scoresheets: per sheet, the columns played (bits)."""

    played: list[int]
    column: int = -1  # the column taken this hand, -1: none yet

    def copy(self) -> SheetPart:
        return SheetPart(list(self.played), self.column)


@dataclass(frozen=True, slots=True)
class ColumnTaken(Event):
    """`seat` takes a column of its scoresheet for this hand (a free column's mode follows
    as a TrumpSet)."""

    seat: int
    column: str
    multiplier: int


class SheetChoice(Phase):
    """The player to choose takes an open column of their sheet, or pushes."""

    name = "trump"
    part_key = NAME
    kept_as = "sheets"

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return rules.trump_kind == NAME

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        self.config = config(rules)
        self.columns = self.config.columns
        self.takes = tuple(Action(COLUMN, i) for i in range(len(self.columns)))
        self.full = (1 << len(self.columns)) - 1

    def part(self, s: State) -> SheetPart:
        part = s.parts[NAME]
        assert isinstance(part, SheetPart)
        return part

    def new_part(self, s: State) -> None:
        s.trump = TrumpPart()
        s.parts[NAME] = SheetPart([0] * self.config.sheets(self.rules))

    def new_hand(self, g: Table) -> None:
        part = g.s.trump
        assert part is not None
        part.pushed, part.pushes, part.chooser, part.first = False, 0, -1, -1
        self.part(g.s).column = -1

    def open_columns(self, g: Table, seat: int) -> list[int]:
        """The columns still open on a seat's sheet, in file order."""
        played = self.part(g.s).played[self.config.sheet_of(self.rules, seat)]
        return [i for i in range(len(self.columns)) if not played >> i & 1]

    def can_choose(self, g: Table, seat: int) -> bool:
        return self.part(g.s).played[self.config.sheet_of(self.rules, seat)] != self.full

    def begin(self, g: Table) -> bool:
        """Forehand is asked first; whoever has a full sheet is passed over."""
        s, r = g.s, self.rules
        part = s.trump
        assert part is not None
        seat = next_seat(r.players, s.dealer, s.table)
        for _ in range(r.players):
            if self.can_choose(g, seat):
                break
            seat = next_seat(r.players, seat, s.table)
        s.phase = "trump"
        s.current = part.chooser = part.first = seat
        return True

    def legal(self, g: Table) -> list[Action]:
        s = g.s
        part, sheet = s.trump, self.part(s)
        assert part is not None
        if sheet.column >= 0:  # a free column taken: its modes
            return [TRUMPS[mode] for mode in self.columns[sheet.column].modes]
        out = [self.takes[i] for i in self.open_columns(g, s.current)]
        if push_target(g, part, lambda x: self.can_choose(g, x)) >= 0:
            out.append(PUSH)
        return out

    def accepts(self, g: Table, action: Action) -> bool:
        return action.kind in (COLUMN, "trump", "push")

    def take(self, g: Table, action: Action) -> None:
        s = g.s
        part, sheet = s.trump, self.part(s)
        assert part is not None
        if action not in self.legal(g):
            raise IllegalActionError(self.text(action), self.names(g))
        if action.kind == "push":
            push(g, part, push_target(g, part, lambda x: self.can_choose(g, x)))
            return
        if action.kind == COLUMN:
            column = self.columns[action.value]
            sheet.column = action.value
            sheet.played[self.config.sheet_of(self.rules, s.current)] |= 1 << action.value
            if g.log is not None:
                g.emit(ColumnTaken(s.hand_no, s.current, column.name, column.multiplier))
            if column.free:
                return  # the same player names the mode next
            mode = column.modes[0]
        else:
            mode = action.value
        s.mode = mode
        part.chooser = s.roles[CHOOSER] = s.current
        if g.log is not None:
            g.emit(TrumpSet(s.hand_no, g.rules.mode(s.mode), "chosen", s.current))
        g.advance(self)

    # -- the names of the actions, as the game reads and shows them
    def text(self, action: Action) -> str:
        """``column NAME`` for a column; other actions as they print."""
        if action.kind == COLUMN and 0 <= action.value < len(self.columns):
            return f"{COLUMN} {self.columns[action.value].name}"
        return super().text(action)

    def names(self, g: Table) -> list[str]:
        return [self.text(a) for a in self.legal(g)]

    def read(self, text: str) -> Action | None:
        """``column NAME`` (or ``column N``) as an action; None for other text."""
        words = text.split()
        if len(words) != 2 or words[0].lower() != COLUMN:
            return None
        for i, c in enumerate(self.columns):
            if c.name.lower() == words[1].lower():
                return self.takes[i]
        return None

    # -- what the hand and the seats learn
    def add_facts(self, g: Table, facts: HandFacts) -> None:
        column = self.part(g.s).column
        facts.multiplier = self.columns[column].multiplier if column >= 0 else 0

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        s = g.s
        assert s.trump is not None
        column = self.part(s).column
        if column < 0:
            return {}
        return {"column": self.columns[column].name,
                "sheet": self.config.sheet_of(self.rules, s.trump.chooser)}

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        sheet = self.part(g.s)
        names = [c.name for c in self.columns]
        return {"sheets": tuple(tuple(names[i] for i in range(len(names))
                                      if not played >> i & 1) for played in sheet.played),
                "column": names[sheet.column] if sheet.column >= 0 else ""}

    def ends_game(self, g: Table) -> bool | None:
        """Nobody can choose once every sheet is full; a file ending then goes on till."""
        if all(p == self.full for p in self.part(g.s).played):
            return True
        return False if self.config.end_full else None

    def kept(self, g: Table) -> list[list[str]]:
        """Per scoresheet, the columns played so far, in the order played (the records
        say the order)."""
        out: list[list[str]] = [[] for _ in range(self.config.sheets(self.rules))]
        for result in g.s.results:
            if result.column:
                out[result.sheet].append(result.column)
        return out

    def restore(self, g: Table, kept: Any) -> None:
        """The columns played on each scoresheet before the hand, by name."""
        sheets: Sequence[Sequence[str]] = kept
        count = self.config.sheets(self.rules)
        names = [c.name for c in self.columns]
        if len(sheets) != count:
            raise PositionError(f"the rules keep {count} scoresheets; the record gives "
                                f"{len(sheets)}")
        for k, played in enumerate(sheets):
            bits = 0
            for name in played:
                if name not in names or bits >> names.index(name) & 1:
                    raise PositionError(f"sheet {k}: {name!r} is not an unplayed column of "
                                        f"the rules ({', '.join(names)})")
                bits |= 1 << names.index(name)
            if bits == self.full and self.config.end_full and \
                    all(len(p) == len(names) for p in sheets):
                raise PositionError("every sheet is full: no hand is left to play")
            self.part(g.s).played[k] = bits


# -- the terminal, the table, the bot
def column_label(game: Game, action: Action, lang: Lang = "en") -> str:
    """A column as the list of choices offers it: ``joker-1 x7, free choice``."""
    if action.kind != COLUMN:
        return game.action_text(action)
    c = config(game.rules).columns[action.value]
    return f"{c.name} x{c.multiplier}" + (say(lang, "live.choice.free") if c.free else "")


def takes_column(legal: Sequence[Action]) -> bool:
    return any(a.kind == COLUMN for a in legal)


def ask(game: Game, lang: Lang) -> str:
    legal = game.legal_actions()
    push_word = ", push" if any(a.kind == "push" for a in legal) else ""
    if takes_column(legal):
        return say(lang, "live.ask.column", push=push_word)
    return say(lang, "live.ask.trump", modes=cli.mode_words(game, legal), push=push_word)


def choices_text(game: Game, legal: list[Action], lang: Lang) -> str:
    return tv.numbered(legal, lambda a: column_label(game, a, lang))


def read(game: Game, text: str, legal: list[Action]) -> Action | str | None:
    """A column of the sheet by its name, a unique beginning of it, or as the list shows
    it (``obenabe x5``); otherwise a sentence saying why not. Numbers, `push` and modes
    are read as any entry."""
    if text.isdigit() or not takes_column(legal) or text.lower().split() == ["push"]:
        return None
    columns = config(game.rules).columns
    named = {columns[a.value].name: a for a in legal if a.kind == COLUMN}
    word = text.lower().removeprefix("column ").split(" x")[0].split(",")[0].strip()
    found = cli.by_name(text, word, named)
    if found is not None:
        return found
    if any(c.name == word for c in columns):
        return f"{word} is already played on your sheet"
    return f"{cli.clipped(text)} is not an open column of your sheet"


def shows(game: Game, obs: Any, names: Sequence[str], lang: Lang) -> list[str]:
    """A free column taken: its line, before its modes are offered."""
    return status(game.rules, obs, names, lang)[-1:] if obs.column else []


def status(rules: CompiledRules, obs: Any, names: Sequence[str], lang: Lang = "en"
           ) -> list[str]:
    """The scoresheets: per sheet, its columns with their multipliers, the open ones
    marked, e.g. ``sheet P0+P2: spades x1 (played), clubs x2, ...``."""
    found = rules.config(NAME, SheetConfig)
    if found is None or not found.columns:
        return []
    owners = tv.subject_names(rules, names) if found.per_team else list(names)
    lines = []
    for owner, still in zip(owners, obs.sheets, strict=True):
        cells = [f"{c.name} x{c.multiplier}" + ("" if c.name in still
                                                 else say(lang, "live.played_mark"))
                 for c in found.columns]
        lines.append(say(lang, "live.sheet_line", owner=owner, cells=", ".join(cells)))
    if obs.column:
        col = found.column(obs.column)
        lines.append(say(lang, "live.this_column", column=col.name, multiplier=col.multiplier))
    return lines


def narrate(n: Any, e: ColumnTaken) -> list[str]:
    if not n.others(e.seat):
        return []
    return [n.say("column", name=n.names[e.seat], column=e.column, multiplier=e.multiplier)]


def call(lang: Lang, rules: Any, e: ColumnTaken, name: Callable[[int], str], where: str
         ) -> str:
    """The column taken, among the pushes and the choice of a hand's calls."""
    if where == "live":
        return say(lang, "live.call.column", name=name(e.seat), column=e.column,
                   multiplier=e.multiplier)
    return say(lang, "ex.column", player=name(e.seat), column=column_title(lang, rules.model,
                                                                     e.column),
               times=e.multiplier)


def label(words: Any, a: Action) -> str:
    """A button of the browser table: the column's title and multiplier."""
    c = config(words.rules).columns[a.value]
    return str(words.say("live.column", title=column_title(words.lang, words.rules.model,
                                                           c.name), multiplier=c.multiplier))


def board_label(words: Any, name: str) -> str:
    c = config(words.rules).column(name)
    return str(words.say("live.column", title=column_title(words.lang, words.rules.model,
                                                           name), multiplier=c.multiplier))


def board(game: Game, obs: Any, words: Any, names: Sequence[str], panel: dict[str, Any]
          ) -> None:
    """The browser table's score panel: each hand's row says its column (a free column,
    its mode too), and the sheets of columns: per column and sheet what was written there
    (the card points, the amount), or open."""
    rules = game.rules
    found = rules.config(NAME, SheetConfig)
    if found is None or not found.columns:
        return
    by_number = {r.number: r for r in game.results}
    for row in panel["rows"]:
        column = by_number[row["hand"]].column
        if column:
            text = board_label(words, column)
            row["mode"] = f"{text}: {row['mode']}" if found.column(column).free else text
    owners = tv.subject_names(rules, names) if found.per_team else list(names)
    rows = []
    for c in found.columns:
        cells: list[dict[str, Any] | None] = []
        for owner in range(len(owners)):
            result = next((r for r in game.results if r.column == c.name and r.sheet == owner),
                          None)
            if result is None:
                cells.append(None)
                continue
            subject = owner if found.per_team else rules.team_of[owner]
            amount = sum(written(result, subject).values())
            cells.append({"points": result.points[subject], "written": amount})
        rows.append({"title": board_label(words, c.name), "multiplier": c.multiplier,
                     "cells": cells})
    panel["columns"] = {"owners": owners, "rows": rows}


def policy(game: Game, view: View, legal: list[Action]) -> Action:
    """The column with the most expected points times its multiplier; push when the
    hand's share of points in its best mode is weak. A free column's mode: the one with
    the most expected points."""
    rules = game.rules
    if not takes_column(legal):
        modes = [a for a in legal if a.kind == "trump"]
        return max(((expected_points(rules, view.hand, rules.modes[a.value]), a)
                    for a in modes), key=lambda x: x[0])[1]
    columns = config(rules).columns

    def share(mode: int) -> float:
        table = rules.modes[mode]
        return expected_points(rules, view.hand, table) / hand_total(rules, table)

    shares = {m: share(m) for m in {m for a in legal if a.kind == COLUMN
                                     for m in columns[a.value].modes}}
    scored = [(max(shares[m] for m in columns[a.value].modes) * columns[a.value].multiplier,
               a) for a in legal if a.kind == COLUMN]
    best = max(scored, key=lambda x: x[0])[1]
    pushed = next((a for a in legal if a.kind == "push"), None)
    if pushed is not None and max(shares.values()) < PUSH_BELOW:
        return pushed
    return best


def actions(rules: CompiledRules) -> list[Action]:
    """A column per column of the sheet."""
    found = rules.config(NAME, SheetConfig)
    return [Action(COLUMN, k) for k in range(len(found.columns) if found else 0)]


WORDS: dict[str, tuple[str, str]] = {
    "short.sheet": ("a column of the scoresheet, chosen or pushed on",
                    "eine Spalte der Tafel, gewählt oder weitergeschoben"),
}


SHEET = Mechanism(
    name=NAME,
    grammar=GRAMMAR,
    build={"sheet_trump": build_trump},
    words=WORDS,
    compile=compile_sheet,
    phase=SheetChoice,
    kinds=(COLUMN,),
    prompt=Prompt(ask=ask, choices=choices_text, read=read, shows=shows),
    label=label,
    narrate={ColumnTaken: narrate},
    policy=policy,
    defaults={"sheets": (), "column": "", "sheet": -1},
    trump=TrumpWay(fast=True, called=True, chosen=True, choices=choices),
    calls={ColumnTaken: call},
    status=status,
    board=board,
    actions=actions,
)
