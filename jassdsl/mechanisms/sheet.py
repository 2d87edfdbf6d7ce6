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
(`TrumpWay.chosen`, `TrumpWay.choices`, `Phase.ends_game`, `Phase.kept`, `Terminal.calls`,
`status`, `board`, `actions`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from jassdsl.bots.declaring import PUSH_BELOW, expected_points
from jassdsl.bots.view import View, hand_total
from jassdsl.cli import play as cli
from jassdsl.compile.compiler import CompiledRules, mode_words, number, option_value
from jassdsl.compile.handfacts import HandFacts
from jassdsl.core import model as m
from jassdsl.core import settings
from jassdsl.core.actions import PUSH, TRUMPS, Action
from jassdsl.core.cards import SUIT_NAMES, shown_suit
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
    TrumpWay,
)
from jassdsl.core.modes import mode_numbers
from jassdsl.core.roles import CHOOSER
from jassdsl.engine import Game
from jassdsl.engine.events import Event, TrumpSet
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.position import PositionError
from jassdsl.engine.sheet import SheetColumn, SheetConfig
from jassdsl.engine.state import State, TrumpPart
from jassdsl.engine.trump import can_push, push, push_target
from jassdsl.language.check import TRUMP_MODES, choices_of, mode_hint
from jassdsl.language.syntax import pos_of, unquote, word
from jassdsl.rulebook import safe
from jassdsl.rulebook import textview as tv
from jassdsl.rulebook.expressions import own_name
from jassdsl.rulebook.render import in_lang, mode_choice, value_text
from jassdsl.rulebook.words import Lang, join_words, say
from jassdsl.table.view import written

NAME = "sheet"
COLUMN = "column"  # the kind of the action that takes a column of the sheet

# -- the statements
GRAMMAR = """
%extend _statement: sheet | sheet_column
// the scoresheet: each player or team plays each column once; the chooser names a column
sheet: "sheet" "per" subject
sheet_column: "column" ID [STRING [german]] ":" sheet_modes "times" value [points_if]
sheet_modes: ID                                          -> sheet_mode
           | "free" "choice" "of" ID ("," ID)*           -> sheet_free
// forehand chooses a column of the scoresheet (or pushes, as `push` says)
%extend trump_method: ID "chooses" "from" "the" "sheet" [push] -> sheet_trump
// the game ends when every sheet is full
%extend game_end: "game" "ends" "when" "the" "sheets" "are" "full" -> sheet_end
"""


class Sheet(m.Node):
    """`sheet per team` (or `per player`): each column is played once by each."""

    subject: Literal["player", "team"]


class Column(m.Node):
    """`column NAME "title" german "Titel": MODE times N [if OPTION = CHOICE]`: a mode (or
    a free choice among modes) and the multiplier of what the hand brings."""

    free_text: ClassVar[tuple[str, ...]] = ("title", "title_german")
    name: str
    title: str | None = None
    title_german: str = ""
    modes: tuple[m.Word, ...]
    free: bool = False  # the chooser names one of the modes after taking the column
    multiplier: m.Value
    option: m.Word | None = None  # with `if OPTION = CHOICE`: a column only under that choice
    choice: m.Value | None = None


def build_sheet(meta: Any, ch: list[Any]) -> Sheet:
    return Sheet(pos=pos_of(meta), subject=ch[0])


def build_column(meta: Any, ch: list[Any]) -> Column:
    name, title, german, (free, modes), multiplier, cond = ch
    option, choice = cond if cond is not None else (None, None)
    return Column(pos=pos_of(meta), name=str(name),
                  title=unquote(title) if title is not None else None,
                  title_german=german or "", modes=modes, free=free,
                  multiplier=multiplier, option=option, choice=choice)


def build_mode(meta: Any, ch: list[Any]) -> tuple[bool, tuple[m.Word, ...]]:
    return False, (word(ch[0]),)


def build_free(meta: Any, ch: list[Any]) -> tuple[bool, tuple[m.Word, ...]]:
    return True, tuple(map(word, ch))


def build_trump(meta: Any, ch: list[Any]) -> m.TrumpMethod:
    who, *rest = ch
    return m.TrumpMethod(pos=pos_of(meta), kind=NAME, who=word(who),
                         push=any(c == "partner" for c in rest),
                         push_next=any(c == "next" for c in rest))


def build_end(meta: Any, ch: list[Any]) -> m.GameEnd:
    return m.GameEnd(pos=pos_of(meta), by=NAME)


def sheet_of_file(rf: m.RuleFile) -> Sheet | None:
    return rf.part(NAME, Sheet)


def columns_of(rf: m.RuleFile) -> tuple[Column, ...]:
    return rf.parts_of(NAME, Column)


def words_of(rf: m.RuleFile) -> tuple[m.Word, ...]:
    """The mode words of every column (the trump tables a page shows)."""
    return tuple(w for c in columns_of(rf) for w in c.modes)


# -- the check
def check(c: Any, rf: m.RuleFile) -> None:
    """The scoresheet: a sheet statement, columns with known modes and numbers, a
    chooser who takes them, and the end when the sheets are full."""
    t, sheet, columns = rf.trump, sheet_of_file(rf), columns_of(rf)
    uses = t.kind == NAME
    if uses and t.who is not None and t.who.text != "forehand":
        c.error(t.who.pos, "trump", f"'{t.who.text}' cannot choose from the sheet: "
                "forehand is asked first; write 'forehand chooses from the sheet'")
    if uses and sheet is None:
        c.error(t.pos, "missing", "choosing from the sheet needs a sheet: write 'sheet "
                "per team' (or 'sheet per player') and its columns, e.g. 'column "
                "spades: S times 3'")
    if (sheet is not None or columns) and not uses:
        at = sheet.pos if sheet is not None else columns[0].pos
        c.error(at, "sheet", "a sheet needs a chooser: write 'trump: forehand chooses "
                "from the sheet' (optionally 'or pushes to the next player')")
    if sheet is not None and not columns:
        c.error(sheet.pos, "missing", "the sheet has no columns: add e.g. 'column "
                "spades: S times 3'")
    if columns and sheet is None:
        c.error(columns[0].pos, "missing", "columns need a 'sheet per team' (or "
                "'sheet per player') statement")
    if sheet is not None and sheet.subject == "team" and not rf.teams:
        c.error(sheet.pos, "teams", "a sheet per team needs teams, 'players 4 in teams "
                "across' or 'players N in teams alternating'; without teams write 'sheet "
                "per player'")
    if uses and t.push and sheet is not None and not rf.teams:
        c.error(t.pos, "teams", "pushing to the partner needs teams, 'players 4 in "
                "teams across' or 'players N in teams alternating'; write 'or pushes to the "
                "next player'")
    seen: dict[tuple[str, tuple[str, str] | None], int] = {}
    for col in columns:
        case = (col.option.text, col.choice.word()) if col.option and col.choice else None
        key = (col.name, case)
        if key in seen:
            c.error(col.pos, "duplicate", f"column {col.name!r} is defined twice (first on "
                    f"line {seen[key]})")
        seen[key] = col.pos.line
        if col.option is not None and col.choice is not None:
            c.option_choice(col.option, col.choice)
        if col.free:
            for w in col.modes:
                if w.text not in TRUMP_MODES and w.text not in c.file_modes:
                    known = [*TRUMP_MODES, *c.file_modes]
                    c.error(w.pos, "unknown-name", f"column {col.name}: {w.text!r} is not "
                            f"a trump mode; {mode_hint(w.text, known)}modes are "
                            f"{', '.join(known)}")
                else:
                    c.needs_tables(w.pos, w.text, rf)
        else:
            c.one_mode(col.modes[0], rf, f"column {col.name}")
        v = col.multiplier
        if v.option is not None and v.option not in c.options:
            c.error(v.pos, "sheet", f"the multiplier of column {col.name!r} must be a whole "
                    f"number (or an option offering numbers), not {v.option!r}: write "
                    f"e.g. '{col.modes[0].text} times 2'")
        else:
            c.value(v, 0, 100, f"the multiplier of column {col.name!r}")
    if sheet is not None and columns:
        empty_sheet(c, sheet, columns)
    if rf.end.by == NAME and sheet is None:
        c.error(rf.end.pos, "missing", "'game ends when the sheets are full' needs a "
                "sheet: 'sheet per team' and its columns")


def empty_sheet(c: Any, sheet: Sheet, columns: tuple[Column, ...]) -> None:
    """Every choice of the options the columns depend on leaves a column on the sheet:
    an empty sheet has nothing to choose, and the game could not end."""
    if any(col.option is None for col in columns):
        return
    named = list(dict.fromkeys(col.option.text for col in columns if col.option is not None))
    if any(name not in c.options for name in named):
        return  # reported where the column names it
    for chosen in choices_of([c.options[name] for name in named]):
        if not any(col.option is not None and col.choice is not None
                   and chosen[col.option.text] == col.choice.word() for col in columns):
            when = " and ".join(f"{k} = {v}" for k, v in chosen.items())
            c.error(sheet.pos, "sheet", f"with {when} the sheet has no column: every "
                    "column is on it only under another choice; add a column for "
                    f"{when}, or one without 'if'")
            return


def fact_needs(name: str, rf: m.RuleFile) -> str | None:
    """The multiplier is the column's: a file without a sheet has none."""
    if name == "multiplier" and sheet_of_file(rf) is None:
        return "a scoresheet ('sheet per team' and its columns): it is the multiplier of " \
            "the column played this hand"
    return None



# -- the compiled setting
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
    for c in columns_of(rf):
        if c.option is not None and c.choice is not None and \
                options.get(c.option.text) != option_value(c.choice):
            continue
        modes = tuple(dict.fromkeys(x for w in c.modes for x in mode_words(w.text, numbers)))
        out.append(SheetColumn(c.name, modes, c.free, number(c.multiplier, options)))
    sheet = sheet_of_file(rf)
    return SheetConfig(tuple(out), sheet is not None and sheet.subject == "team",
                       rf.end.by == NAME)


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

    def kinds_asked(self) -> tuple[str, ...]:
        return (COLUMN, "trump", "push") if can_push(self.rules) else (COLUMN, "trump")

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
    return f"{said_column(lang, game.rules.model, c.name)} x{c.multiplier}" + (
        say(lang, "live.choice.free") if c.free else "")


def said_column(lang: Lang, rf: m.RuleFile, name: str) -> str:
    """A column in running text: by the name one types in English, by its title in German
    (in the pack shown: `column_title`)."""
    return column_title(lang, rf, name) if lang == "de" else name


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
        return say("en", "live.wrong.played", what=word)  # said again in the seat's language
    return say("en", "live.wrong.column", what=cli.clipped(text))


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
        cells = [f"{said_column(lang, rules.model, c.name)} x{c.multiplier}" + (
            "" if c.name in still
                                                 else say(lang, "live.played_mark"))
                 for c in found.columns]
        lines.append(say(lang, "live.sheet_line", owner=owner, cells=", ".join(cells)))
    if obs.column:
        col = found.column(obs.column)
        lines.append(say(lang, "live.this_column", column=said_column(lang, rules.model, col.name),
                         multiplier=col.multiplier))
    return lines


def narrate(n: Any, e: ColumnTaken) -> list[str]:
    if not n.others(e.seat):
        return []
    return [n.say("column", name=n.names[e.seat], column=said_column(n.lang, n.rules.model,
                                                                       e.column),
                  multiplier=e.multiplier)]


def call(lang: Lang, rf: m.RuleFile, e: ColumnTaken, name: Callable[[int], str], where: str
         ) -> str:
    """The column taken, among the pushes and the choice of a hand's calls."""
    if where == "live":
        return say(lang, "live.call.column", name=name(e.seat),
                   column=said_column(lang, rf, e.column), multiplier=e.multiplier)
    return say(lang, "ex.column", player=name(e.seat), column=column_title(lang, rf, e.column),
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


# -- the rulebook
def column_title(lang: Lang, rf: m.RuleFile, name: str) -> str:
    """A column as a reader knows it from the sheet table: its title in the page's language
    ('second Joker', 'zweiter Joker'), else its name; a column of one suit titled by the
    suit's name, on a screen that shows one pack (`cards.shown_in`), by the suit's name
    in that pack ('Schilten', not the file's 'Schaufel')."""
    for c in columns_of(rf):
        if c.name == name and c.title:
            title = in_lang(lang, c.title, c.title_german)
            suit = c.modes[0].text if len(c.modes) == 1 else ""
            shown = shown_suit(suit) if suit in SUIT_NAMES["fr"] else None
            named = {SUIT_NAMES[p][suit] for p in SUIT_NAMES} if shown is not None else set()
            return shown if shown is not None and title in named else title
    return name


def section(lang: Lang, rf: m.RuleFile) -> list[str]:
    """The trump section: who has a sheet, its columns as a table, how a column is taken."""
    sheet = sheet_of_file(rf)
    assert sheet is not None
    out = [say(lang, f"sheet.per_{sheet.subject}"), "",
           f"| {say(lang, 'sheet.col')} | {say(lang, 'sheet.modes')} | "
           f"{say(lang, 'sheet.times')} |", "| --- | --- | --- |"]
    for c in columns_of(rf):
        title = in_lang(lang, c.title, c.title_german) if c.title else ""
        name = f"{title} ({safe.code(c.name)})" if title else safe.code(c.name)
        modes = join_words(lang, [mode_choice(lang, w.text, rf) for w in c.modes], "or")
        if c.free:
            modes = say(lang, "sheet.free", modes=modes)
        if c.option is not None and c.choice is not None:
            modes += " " + say(lang, "sheet.only_if", name=safe.code(c.option.text),
                               value=own_name(lang, rf, c.choice.word()))
        out.append(f"| {name} | {modes} | {value_text(lang, rf, c.multiplier)} |")
    t = rf.trump
    # who leads is said in the overview where it is not forehand
    lead = "" if settings.word(rf, "first lead") == "forehand" else "_only"
    out += ["", say(lang, "sheet.choose")]
    if t.push:
        out += ["", say(lang, "trump.push" + lead)]
    if t.push_next:
        out += ["", say(lang, "trump.push_next" + lead)]
    return out


WORDS: dict[str, tuple[str, str]] = {
    "short.sheet": ("a column of the scoresheet, chosen or pushed on",
                    "eine Spalte der Tafel, gewählt oder weitergeschoben"),
    "sheet.per_team": (
        "Each team has a scoresheet with the columns below. Each team plays every column "
        "of its sheet exactly once; a hand's result is multiplied by its column's "
        "multiplier.",
        "Jedes Team hat eine Tafel mit den Spalten unten. Jedes Team spielt jede Spalte "
        "seiner Tafel genau einmal; das Ergebnis einer Runde wird mit dem Multiplikator "
        "ihrer Spalte vervielfacht.",
    ),
    "sheet.per_player": (
        "Each player has a scoresheet with the columns below. Each player plays every "
        "column of their sheet exactly once; a hand's result is multiplied by its column's "
        "multiplier.",
        "Jeder Spieler hat eine Tafel mit den Spalten unten. Jeder Spieler spielt jede "
        "Spalte seiner Tafel genau einmal; das Ergebnis einer Runde wird mit dem "
        "Multiplikator ihrer Spalte vervielfacht.",
    ),
    "sheet.col": ("Column", "Spalte"),
    "sheet.modes": ("Played as", "Gespielt als"),
    "sheet.times": ("Multiplier", "Multiplikator"),
    "sheet.free": ("free choice: {modes}", "freie Wahl: {modes}"),
    "sheet.only_if": ("(only when the option {name} is {value})",
                      "(nur wenn die Option {name} {value} ist)"),
    "sheet.choose": (
        "Forehand is asked first. The player asked takes a column still open on their own "
        "sheet (for a free column they then name its mode), and the hand is played in that "
        "mode. A player whose sheet is full is passed over.",
        "Zuerst ist die Vorhand gefragt. Wer gefragt ist, nimmt eine Spalte, die auf der "
        "eigenen Tafel noch offen ist (bei freier Wahl nennt er danach die Spielart), und die "
        "Runde wird in dieser Spielart gespielt. Wessen Tafel voll ist, wird übergangen.",
    ),
    "end.sheet": (
        "The game ends when every scoresheet is full: every column played once.",
        "Das Spiel endet, wenn jede Tafel voll ist: jede Spalte einmal gespielt.",
    ),
    "ex.column": ("{player} takes the column **{column}** (times {times}).",
                  "{player} nimmt die Spalte **{column}** (mal {times})."),
    "cmp.sheet": ("when every scoresheet is full", "wenn jede Tafel voll ist"),
    "live.column": ("{title} x{multiplier}", "{title} x{multiplier}"),
    "live.prompt.sheet": ("Choose a column of your sheet", "Spalte der Tafel wählen"),
    "live.call.column": ("{name} took column {column} x{multiplier}",
                         "{name} nahm die Spalte {column} x{multiplier}"),
    "live.sheet_line": ("sheet {owner}: {cells}", "Tafel {owner}: {cells}"),
    "live.this_column": ("this hand: column {column} x{multiplier}",
                         "diese Runde: Spalte {column} x{multiplier}"),
    "live.says.column": ("{name} takes column {column} (x{multiplier})",
                         "{name}: Spalte {column} (x{multiplier})"),
    "live.ask.column": ("column of your sheet (number or name{push}): ",
                        "Spalte deiner Tafel (Nummer oder Name{push}): "),
    "live.choice.free": (", free choice", ", freie Wahl"),
    "live.wrong.played": ("{what} is already played on your sheet",
                          "{what} ist auf deiner Tafel schon gespielt"),
    "live.wrong.column": ("{what} is not an open column of your sheet",
                          "{what} ist keine offene Spalte deiner Tafel"),
    "live.played_mark": (" (played)", " (gespielt)"),
}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        'A scoresheet per team (or per player) lists columns; each team (or player) plays every\n'
        'column of its sheet exactly once. A column is a mode with a multiplier, or a free choice\n'
        'among modes (`free choice of ...`) with a multiplier. The multiplier is a number or an\n'
        'option offering numbers; `if OPTION = CHOICE` puts a column on the sheet only under that\n'
        "choice. The column's name is what players type (`column joker-1`); its text and German\n"
        'text are what the rulebook shows.'),
    text_de=(
        'Eine Tafel pro Team (oder pro Spieler) listet Spalten; jedes Team (oder jeder Spieler)\n'
        'spielt jede Spalte seiner Tafel genau einmal. Eine Spalte ist eine Spielart mit einem\n'
        'Multiplikator oder eine freie Wahl unter Spielarten (`free choice of ...`) mit einem\n'
        'Multiplikator. Der Multiplikator ist eine Zahl oder eine Option mit Zahlen; mit\n'
        '`if OPTION = CHOICE` steht eine Spalte nur bei dieser Wahl auf der Tafel. Den Namen der\n'
        'Spalte tippen die Spieler (`column joker-1`); ihr Text und ihr deutscher Text stehen im\n'
        'Regelbuch.'),
    example=(
        'players 4 in teams across\n'
        'sheet per team\n'
        'column spades "Spades" german "Schaufel": S times 1\n'
        'column obenabe: obenabe times 5\n'
        'column joker-1 "first Joker" german "erster Joker": free choice of suits, obenabe, undenufe times 7\n'
        'first lead: chooser\n'
        'trump: forehand chooses from the sheet or pushes to the next player\n'
        'score each hand, first rule that applies:\n'
        '  written "the choosing team writes its points times the multiplier":\n'
        '      otherwise\n'
        '      then teams with chooser score points * multiplier\n'
        'game ends when the sheets are full'),
)


SHEET = Mechanism(
    NAME,
    trump=TrumpWay(fast=True, called=True, chosen=True, choices=choices, words_of=words_of,
                   section=section),
    runtime=Runtime(
        shows=("sheets", "column"),
        compile=compile_sheet,
        phase=SheetChoice,
        kinds=(COLUMN,),
        defaults={"sheets": (), "column": "", "sheet": -1},
        actions=actions),
    syntax=Syntax(
        grammar=GRAMMAR,
        build={"sheet": build_sheet, "sheet_column": build_column, "sheet_mode": build_mode,
           "sheet_free": build_free, "sheet_trump": build_trump, "sheet_end": build_end},
        statements={Sheet: "sheet per team (or: sheet per player)"},
        repeated=(Column,)),
    checks=Checks(
        check=check,
        fact_needs=fact_needs),
    rulebook=Rulebook(
        words=WORDS,
        reference=REFERENCE),
    terminal=Terminal(
        prompt=Prompt(ask=ask, choices=choices_text, read=read, shows=shows),
        narrate={ColumnTaken: narrate},
        calls={ColumnTaken: call},
        status=status),
    browser=Browser(
        label=label,
        board=board),
    bots=Bots(
        policy=policy))
