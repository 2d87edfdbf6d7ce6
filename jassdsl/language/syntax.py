"""Parse rule-file text into the rule model; Lark's errors are translated here and only here."""

from __future__ import annotations

import hashlib
import os
import re
import sys
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

import lark
from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from lark.lexer import PatternStr
from lark.parsers.lalr_interactive_parser import InteractiveParser
from lark.tree import Meta

from jassdsl.core import model as m
from jassdsl.core.errors import RuleError, RuleFileErrors, close_words, did_you_mean
from jassdsl.core.limits import MAX_DEPTH, MAX_DIGITS, MAX_SYNTAX_ERRORS
from jassdsl.core.mechanism import Build, Mechanism, installed
from jassdsl.core.pos import FILE_START
from jassdsl.core.roles import role_name
from jassdsl.language import concepts, quantifier_parens

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}
# Terminal names as a person reads them in "expected ..." messages.
TERMINAL_WORDS = {
    "ID": "a name",
    "INT": "a number",
    "STRING": 'a quoted text ("...")',
    "COLON": "':'",
    "COMMA": "','",
    "LPAR": "'('",
    "RPAR": "')'",
    "EQUAL": "'='",
    "CMP": "a comparison (=, <, >=, ...)",
    "ADDOP": "'+' or '-'",
    "MULOP": "'*' or '/'",
    "MINUS": "'-'",
    "$END": "the end of the file",
}


class Language:
    """The rules language with some mechanisms' statements: the LALR parser of the base
    grammar (`grammar.lark`) with each mechanism's lines appended, the builders of their
    nodes, and what error messages read from the grammar (the statements' first words,
    how a terminal is written)."""

    def __init__(self, mechanisms: Sequence[Mechanism]) -> None:
        base = resources.files("jassdsl.language").joinpath("grammar.lark").read_text(encoding="utf-8")
        grammar = "".join([base, *(f"\n// --- {x.name}\n{x.grammar}" for x in mechanisms
                                   if x.grammar)])
        self.lark = Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=True,
                         cache=parser_cache(grammar))
        self.builders: dict[str, Build] = {}
        for x in mechanisms:
            for name, build in x.build.items():
                if name in self.builders or hasattr(_ToModel, name):
                    raise ValueError(f"mechanism {x.name!r}: a second builder for {name!r}")
                self.builders[name] = build
        self._texts: dict[str, str] = {}

    def parse(self, text: str) -> Tree[Token]:
        return self.lark.parse(text)

    @cached_property
    def to_model(self) -> _ToModel:
        """The transformer of its parse trees into statements (it keeps no state of a
        file, so one serves every file)."""
        return _ToModel(self.builders)

    @cached_property
    def statement_words(self) -> dict[str, str]:
        """The first word of each statement, by terminal name: the keywords the parser
        accepts where a statement may begin, so a statement added to the grammar (or by a
        mechanism) is known here too."""
        start = self.lark.parse_interactive("")
        choices: dict[str, object] = start.choices()  # type: ignore[no-untyped-call]
        return {t: self.keyword(t) or t.lower() for t in choices
                if t.isupper() and t != "$END"}

    def terminal_text(self, name: str) -> str:
        """How a message writes a terminal: `'gets'` for a keyword, `a name` for ID."""
        if name in TERMINAL_WORDS:
            return TERMINAL_WORDS[name]
        text = self._texts.get(name)
        if text is None:
            try:
                pattern = self.lark.get_terminal(name).pattern
            except KeyError:
                text = name.lower()
            else:
                text = repr(pattern.value) if isinstance(pattern, PatternStr) else name.lower()
            self._texts[name] = text
        return text

    def keyword(self, name: str) -> str | None:
        """The word of a keyword terminal (`gets`), None for any other terminal."""
        text = self.terminal_text(name)
        return text[1:-1] if text.startswith("'") and WORD.fullmatch(text[1:-1]) else None


def parser_cache(grammar: str) -> str | bool:
    """Where Lark keeps the parser tables of this grammar between processes (building them
    costs most of a command's start-up): a file in the user's cache folder named by the
    grammar's text and the Lark and Python versions. Lark writes the same key into the file
    and rebuilds (overwriting it) when they differ, so a stale or broken file is never used;
    without a folder there is no cache (False), and a folder Lark cannot write to only
    reads."""
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(home) / "jassdsl"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    key = hashlib.sha256(
        f"{grammar}\0{lark.__version__}\0{sys.version_info[:2]}".encode()).hexdigest()[:32]
    path = folder / f"parser-{key}.lark"
    if not path.exists():  # a new grammar: the oldest files go, so the folder stays small
        _drop_oldest(list(folder.glob("parser-*.lark")), KEPT_PARSERS - 1)
    return str(path)


KEPT_PARSERS = 16  # grammar versions kept in the cache folder (each about 300 kB)


def _drop_oldest(files: list[Path], keep: int) -> None:
    def mtime(f: Path) -> float:
        try:
            return f.stat().st_mtime
        except OSError:  # removed meanwhile by another process
            return 0.0
    for old in sorted(files, key=mtime)[:max(0, len(files) - keep)]:
        with suppress(OSError):
            old.unlink()


_LANGUAGES: dict[tuple[tuple[str, str, tuple[str, ...]], ...], Language] = {}


def language(mechanisms: Sequence[Mechanism] | None = None) -> Language:
    """The language with these mechanisms' statements (the installed ones by default),
    built once per list."""
    chosen = [x for x in (installed() if mechanisms is None else mechanisms)
              if x.grammar or x.build]
    key = tuple((x.name, x.grammar, tuple(x.build)) for x in chosen)
    found = _LANGUAGES.get(key)
    if found is None:
        found = _LANGUAGES[key] = Language(chosen)
    return found


def parser(mechanisms: Sequence[Mechanism] | None = None) -> Lark:
    """The LALR parser of the installed mechanisms' language (or of these)."""
    return language(mechanisms).lark


def pos_of(meta: Meta | Token) -> m.Pos:
    if isinstance(meta, Token):
        return m.Pos(
            line=meta.line or 1,
            column=meta.column or 1,
            end_line=meta.end_line or meta.line or 1,
            end_column=meta.end_column or (meta.column or 1) + 1,
        )
    if getattr(meta, "empty", True):
        return FILE_START
    return m.Pos(
        line=meta.line, column=meta.column, end_line=meta.end_line, end_column=meta.end_column
    )


def word(tok: Token) -> m.Word:
    return m.Word(pos=pos_of(tok), text=str(tok))


def unquote(tok: Token) -> str:
    return str(tok)[1:-1].replace('\\"', '"').replace("\\\\", "\\")


# the pieces of a statement before it is built: `gets 2 sticks`, `, auction before trump`
Verb = tuple[str, m.Expr, m.Word | None]
DeclOption = tuple[str, bool | m.Value | m.Word | tuple[m.Word, m.Value | None] | m.Target
                   | m.Expr, m.Pos]


@v_args(meta=True)
class _ToModel(Transformer[Token, list[m.Statement]]):
    """Turns the parse tree into typed statements (see model.Statement), each with its
    position; the pieces inside a statement travel as the model nodes they become. The
    statements of a mechanism are built by its own builders (`Mechanism.build`)."""

    def __init__(self, builders: Mapping[str, Build]) -> None:
        super().__init__()
        self.builders = builders
        # Lark finds a rule's method by name at every node, and `v_args` makes a new
        # wrapper at each lookup: bound once here (a Language keeps its transformer)
        for name in _RULES:
            setattr(self, name, getattr(self, name))

    def __default__(self, data: Any, children: list[Any], meta: Meta) -> Any:
        """A rule of a mechanism's grammar lines: its builder makes the node."""
        build = self.builders.get(str(data))
        if build is None:
            return super().__default__(data, children, meta)  # type: ignore[no-untyped-call]
        try:
            return build(meta, children)
        except Exception as err:  # reported at the rule, as Lark does for its own methods
            raise VisitError(str(data), Tree(data, children, meta),  # type: ignore[no-untyped-call]
                             err) from err

    # -- small pieces
    def value(self, meta: Meta, ch: list[Token]) -> m.Value:
        tok = ch[0]
        if tok.type == "INT":
            return m.Value(pos=pos_of(tok), number=int(tok))
        return m.Value(pos=pos_of(tok), option=str(tok))

    def rank(self, meta: Meta, ch: list[Token]) -> m.Word:
        return word(ch[0])

    def rank_value(self, meta: Meta, ch: list[Any]) -> tuple[m.Word, int]:
        return (ch[0], int(ch[1]))

    def number_word(self, meta: Meta, ch: list[Token]) -> int:
        return NUMBER_WORDS[str(ch[0])]

    def count(self, meta: Meta, ch: list[Any]) -> int:
        return ch[0] if isinstance(ch[0], int) else int(ch[0])

    def subject(self, meta: Meta, ch: list[Token]) -> str:
        return str(ch[0]).removesuffix("s")

    # -- statements
    def variant(self, meta: Meta, ch: list[Token]) -> m.VariantName:
        return m.VariantName(pos_of(meta), unquote(ch[0]))

    def summary(self, meta: Meta, ch: list[Any]) -> m.Summary:
        return m.Summary(pos_of(meta), unquote(ch[0]), ch[1] or "")

    def german(self, meta: Meta, ch: list[Token]) -> str:
        return unquote(ch[0])

    def german_names(self, meta: Meta, ch: list[m.GermanName]) -> m.GermanNames:
        return m.GermanNames(pos_of(meta), tuple(ch))

    def german_name(self, meta: Meta, ch: list[Token]) -> m.GermanName:
        name, german, plural = ch  # plural: None where the file gives none
        return m.GermanName(pos=pos_of(meta), name=str(name), german=unquote(german),
                            plural=unquote(plural) if plural is not None else "")

    def source(self, meta: Meta, ch: list[Token]) -> m.Source:
        return m.Source(pos=pos_of(meta), key=str(ch[0]), text=unquote(ch[1]),
                        german=ch[2] or "")

    def decision(self, meta: Meta, ch: list[Token]) -> m.Decision:
        return m.Decision(pos=pos_of(meta), key=str(ch[0]), text=unquote(ch[1]),
                          german=ch[2] or "")

    def option(self, meta: Meta, ch: list[Any]) -> m.Option:
        name, desc, german, default, *choices = ch
        return m.Option(
            pos=pos_of(meta),
            name=str(name),
            description=unquote(desc),
            german=german or "",
            default=default,
            choices=tuple(choices),
        )

    def players(self, meta: Meta, ch: list[Any]) -> m.Players:
        return m.Players(pos_of(meta), ch[0], ch[1] is not None, ch[1] or "")

    def teams_across(self, meta: Meta, ch: list[Any]) -> str:
        return "across"

    def teams_alternating(self, meta: Meta, ch: list[Any]) -> str:
        return "alternating"

    def deal_all(self, meta: Meta, ch: list[Any]) -> None:
        return None

    def deal_each(self, meta: Meta, ch: list[Any]) -> m.Value:
        return ch[0]  # type: ignore[no-any-return]

    def deal(self, meta: Meta, ch: list[Any]) -> m.Deal:
        return m.Deal(pos=pos_of(meta), each=ch[0], packet=ch[1], more=tuple(ch[2:]))

    def pack(self, meta: Meta, ch: list[Token]) -> m.Pack:
        return m.Pack(pos=pos_of(meta), without=tuple(word(t) for t in ch))

    def _setting(self, key: str, meta: Meta, ch: list[Token]) -> m.Setting:
        values = tuple(word(t) for t in ch if isinstance(t, Token))
        return m.Setting(pos=pos_of(meta), key=key, values=values)

    def first_dealer(self, meta: Meta, ch: list[Token]) -> m.Setting:
        return self._setting("first dealer", meta, ch)

    def next_dealer(self, meta: Meta, ch: list[Token]) -> m.Setting:
        return self._setting("next dealer", meta, ch)

    def first_lead(self, meta: Meta, ch: list[Token]) -> m.Setting:
        return self._setting("first lead", meta, ch)

    def follow(self, meta: Meta, ch: list[Token]) -> m.Setting:
        return self._setting("follow", meta, ch)

    def undertrump(self, meta: Meta, ch: list[Token]) -> m.Setting:
        return self._setting("undertrump", meta, ch)

    def puur(self, meta: Meta, ch: list[Token]) -> m.Setting:
        return self._setting("puur", meta, ch)

    def ranks(self, meta: Meta, ch: list[Any]) -> m.Ranks:
        return m.Ranks(pos=pos_of(meta), table=word(ch[0]), ranks=tuple(ch[1:]))

    def points_table(self, meta: Meta, ch: list[Any]) -> m.Points:
        table, cond, *values = ch
        option, choice = cond if cond is not None else (None, None)
        return m.Points(pos=pos_of(meta), table=word(table), values=tuple(values),
                        option=option, choice=choice)

    def standard_tables(self, meta: Meta, ch: list[Token | None]) -> m.StandardTables:
        return m.StandardTables(pos_of(meta), tuple(word(t) for t in ch if t is not None))

    def points_if(self, meta: Meta, ch: list[Any]) -> tuple[m.Word, m.Value]:
        return word(ch[0]), ch[1]

    def bonus(self, meta: Meta, ch: list[Any]) -> m.Bonus:
        return m.Bonus(pos=pos_of(meta), name=word(ch[0]), points=ch[1],
                       only_if=word(ch[2]) if ch[2] is not None else None)

    # -- modes the file defines
    def mode_def(self, meta: Meta, ch: list[Any]) -> m.ModeDef:
        name, title, german, (kind, parts, counts), goal = ch
        return m.ModeDef(pos=pos_of(meta), name=str(name),
                         title=unquote(title) if title is not None else None,
                         title_german=german or "", kind=kind, parts=parts, counts=counts,
                         goal=goal or "")

    def mode_fewest_points(self, meta: Meta, ch: list[Any]) -> str:
        return "fewest points"

    def mode_no_tricks(self, meta: Meta, ch: list[Any]) -> str:
        return "no tricks"

    def mode_alternating(self, meta: Meta, ch: list[Token]) -> tuple[str, tuple[m.Word, ...],
                                                                      tuple[int, ...]]:
        return "alternating", tuple(word(t) for t in ch), ()

    def mode_tricks(self, meta: Meta, ch: list[Any]) -> tuple[str, tuple[m.Word, ...],
                                                               tuple[int, ...]]:
        *fors, last = ch
        return ("tricks", (*(w for w, _ in fors), word(last)), tuple(n for _, n in fors))

    def mode_for(self, meta: Meta, ch: list[Token]) -> tuple[m.Word, int]:
        return word(ch[0]), int(ch[1])

    def mode_as(self, meta: Meta, ch: list[Token]) -> tuple[str, tuple[m.Word, ...],
                                                             tuple[int, ...]]:
        return "as", (word(ch[0]),), ()

    # -- trump
    def trump(self, meta: Meta, ch: list[m.TrumpMethod]) -> m.TrumpMethod:
        return ch[0]

    def trump_random_suit(self, meta: Meta, ch: list[Token]) -> m.TrumpMethod:
        return m.TrumpMethod(pos=pos_of(meta), kind="random_suit")

    def trump_bottom_card(self, meta: Meta, ch: list[Token]) -> m.TrumpMethod:
        return m.TrumpMethod(pos=pos_of(meta), kind="bottom_card")

    def trump_none(self, meta: Meta, ch: list[Token]) -> m.TrumpMethod:
        return m.TrumpMethod(pos=pos_of(meta), kind="none", fallback=word(ch[0]))

    def trump_chooses(self, meta: Meta, ch: list[Any]) -> m.TrumpMethod:
        """`WHO chooses MODES`: forehand, or a role known before trump (the checker
        reports any other word, at `who`)."""
        who, *rest = ch
        modes = tuple(word(t) for t in rest if isinstance(t, Token))
        by_bidder = role_name(str(who)) == "bidder"
        return m.TrumpMethod(pos=pos_of(meta),
                             kind="bidder_chooses" if by_bidder else "forehand_chooses",
                             modes=modes, push=any(c == "partner" for c in rest),
                             push_next=any(c == "next" for c in rest), who=word(who))

    def trump_bidder_chooses(self, meta: Meta, ch: list[Any]) -> m.TrumpMethod:
        """`highest bidder chooses MODES`, the older spelling of `bidder chooses`."""
        modes = tuple(word(t) for t in ch if isinstance(t, Token))
        return m.TrumpMethod(pos=pos_of(meta), kind="bidder_chooses", modes=modes)

    def trump_turned(self, meta: Meta, ch: list[Any]) -> m.TrumpMethod:
        piles = tuple(word(t) for t in ch if isinstance(t, Token))
        return m.TrumpMethod(pos=pos_of(meta), kind="turned", piles=piles)

    # -- piles, leaving
    def pile_count(self, meta: Meta, ch: list[Any]) -> m.Pile:
        return m.Pile(pos=pos_of(meta), name=str(ch[0]), size=ch[1])

    def pile_each(self, meta: Meta, ch: list[Any]) -> m.Pile:
        return m.Pile(pos=pos_of(meta), name=str(ch[0]), size=ch[1], each=True)

    def pile_rest(self, meta: Meta, ch: list[Token]) -> m.Pile:
        return m.Pile(pos=pos_of(meta), name=str(ch[0]), size=None)

    def show(self, meta: Meta, ch: list[Token]) -> m.Show:
        return m.Show(pos_of(meta), word(ch[0]))

    def push_partner(self, meta: Meta, ch: list[Any]) -> str:
        return "partner"

    def push_next(self, meta: Meta, ch: list[Any]) -> str:
        return "next"

    def seat_word(self, meta: Meta, ch: list[Token]) -> Token:
        return ch[0]

    def highest_bidder(self, meta: Meta, ch: list[Any]) -> Token:
        """``highest bidder`` as one word of a setting, positioned where it stands."""
        return Token("ID", "highest bidder", line=meta.line, column=meta.column,
                     end_line=meta.end_line, end_column=meta.end_column)

    # -- declarations, units, lets
    def declare(self, meta: Meta, ch: list[Any]) -> m.Declaration:
        name, low, high, step, hidden, *options = ch
        fields: dict[str, Any] = {}
        named: list[tuple[m.Word, m.Value]] = []
        contracts: list[tuple[m.Word, m.Value, m.Word]] = []
        marks: set[str] = set()
        marks_if: list[tuple[str, m.Word, m.Value | None]] = []
        for key, value, _ in options:
            if key == "named":
                named.append(value)
            elif key == "contract":  # a named bid playing a mode (`mechanisms/auction.py`)
                named.append(value[:2])
                contracts.append(value)
            elif key == "only_if":
                fields["only_if"], fields["only_if_value"] = value
            elif key in m.Declaration.model_fields:
                fields[key] = value
            else:  # an option a mechanism adds (`%extend declare_option`)
                marks.add(key)
                if isinstance(value, tuple):  # ... said under an option's choice only
                    marks_if.append((key, *value))
        return m.Declaration(
            pos=pos_of(meta), name=str(name), low=low, high=high, step=step,
            hidden=hidden is not None, named=tuple(named), contracts=tuple(contracts),
            marks=frozenset(marks),
            marks_if=tuple(marks_if),
            option_pos=tuple((k, p) for k, _, p in options if k not in ("named", "contract")),
            **fields,
        )

    def declare_yes_no(self, meta: Meta, ch: list[Any]) -> m.Declaration:
        """`declare NAME yes or no`: the range 0 to 0 and the value `yes` worth 1."""
        name, hidden, *options = ch
        at = pos_of(meta)
        yes = ("named", (m.Word(pos=at, text="yes"), m.Value(pos=at, number=1)), at)
        zero = m.Value(pos=at, number=0)
        return self.declare(meta, [name, zero, zero, None, hidden, *options, yes])

    def steps(self, meta: Meta, ch: list[m.Value]) -> m.Value:
        return ch[0]

    def decl_named(self, meta: Meta, ch: list[Any]) -> DeclOption:
        return ("named", (word(ch[0]), ch[1]), pos_of(meta))

    def decl_naming(self, meta: Meta, ch: list[Any]) -> DeclOption:
        return ("naming", True, pos_of(meta))

    def decl_after_bidder(self, meta: Meta, ch: list[Any]) -> DeclOption:
        return ("after_bidder", True, pos_of(meta))

    def decl_after_role(self, meta: Meta, ch: list[Token]) -> DeclOption:
        """`starting after the ROLE` (`the bidder` is `the highest bidder`)."""
        if role_name(str(ch[0])) == "bidder":
            return ("after_bidder", True, pos_of(meta))
        return ("after_role", word(ch[0]), pos_of(meta))

    def decl_bidder_keeps(self, meta: Meta, ch: list[Token]) -> DeclOption:
        return ("bidder_keeps", word(ch[0]), pos_of(meta))

    def decl_hook(self, meta: Meta, ch: list[m.Value]) -> DeclOption:
        return ("hook", ch[0], pos_of(meta))

    def decl_by(self, meta: Meta, ch: list[m.Target]) -> DeclOption:
        return ("by", ch[0], pos_of(meta))

    def decl_only_when(self, meta: Meta, ch: list[m.Expr]) -> DeclOption:
        return ("only_when", ch[0], pos_of(meta))

    def decl_if(self, meta: Meta, ch: list[Any]) -> DeclOption:
        """`if OPTION` or `if OPTION = CHOICE`: both parts in one option."""
        return ("only_if", (word(ch[0]), ch[1]), pos_of(meta))

    def hidden(self, meta: Meta, ch: list[Any]) -> bool:
        return True

    def unit(self, meta: Meta, ch: list[Any]) -> m.Unit:
        singular = str(ch[0])
        plural = str(ch[1]) if len(ch) > 1 and isinstance(ch[1], Token) else singular
        props = [c for c in ch if isinstance(c, tuple)]
        cancels = next((v for k, v in props if k == "cancels"), None)
        floor = next((v for k, v in props if k == "floor"), None)
        return m.Unit(
            pos=pos_of(meta), singular=singular, plural=plural, cancels=cancels, floor=floor
        )

    def unit_cancels(self, meta: Meta, ch: list[Token]) -> tuple[str, m.Word]:
        return ("cancels", word(ch[0]))

    def unit_floor(self, meta: Meta, ch: list[m.Value]) -> tuple[str, m.Value]:
        return ("floor", ch[0])

    def let(self, meta: Meta, ch: list[Any]) -> m.Let:
        return m.Let(pos=pos_of(meta), name=str(ch[0]), expr=ch[1])

    # -- scoring
    def scoring(self, meta: Meta, ch: list[m.Clause]) -> m.Scoring:
        return m.Scoring(pos_of(meta), tuple(ch))

    def clause(self, meta: Meta, ch: list[Any]) -> m.Clause:
        label, title, german, condition, *awards = ch
        return m.Clause(
            pos=pos_of(label),
            id=str(label),
            title=unquote(title) if title is not None else None,
            title_german=german or "",
            condition=condition,
            awards=tuple(awards),
        )

    def when(self, meta: Meta, ch: list[Any]) -> Any:
        return ch[0]

    def otherwise(self, meta: Meta, ch: list[Any]) -> None:
        return None

    def award(self, meta: Meta, ch: list[Any]) -> m.Award:
        target, (verb, amount, unit) = ch
        return m.Award(pos=pos_of(meta), target=target, verb=verb, amount=amount, unit=unit)

    def gets(self, meta: Meta, ch: list[Any]) -> Verb:
        return ("gets", ch[0], word(ch[1]))

    def loses(self, meta: Meta, ch: list[Any]) -> Verb:
        return ("loses", ch[0], word(ch[1]))

    def scores(self, meta: Meta, ch: list[Any]) -> Verb:
        return ("scores", ch[0], None)

    def holds(self, meta: Meta, ch: list[Any]) -> Verb:
        return ("holds", ch[0], word(ch[1]))

    def bound(self, meta: Meta, ch: list[Any]) -> m.Target:
        return m.Target(pos=pos_of(meta), kind="bound", subject=ch[0] if ch else None)

    def others(self, meta: Meta, ch: list[Any]) -> m.Target:
        return m.Target(pos=pos_of(meta), kind="others")

    def every(self, meta: Meta, ch: list[Any]) -> m.Target:
        return m.Target(pos=pos_of(meta), kind="every", subject=ch[-1])

    def subset(self, meta: Meta, ch: list[Any]) -> m.Target:
        return m.Target(pos=pos_of(meta), kind="subset", subject=ch[0], filter=ch[1])

    def sole(self, meta: Meta, ch: list[Any]) -> m.Target:
        return m.Target(pos=pos_of(meta), kind="sole", subject=ch[0], filter=ch[1], count=1)

    def subset_without(self, meta: Meta, ch: list[Any]) -> m.Target:
        """`teams without chooser`: `teams with not chooser`."""
        return self.subset(meta, [ch[0], m.Unary(pos=ch[1].pos, op="not", arg=ch[1])])

    def sole_without(self, meta: Meta, ch: list[Any]) -> m.Target:
        return self.sole(meta, [ch[0], m.Unary(pos=ch[1].pos, op="not", arg=ch[1])])

    def exactly(self, meta: Meta, ch: list[Any]) -> m.Target:
        return m.Target(
            pos=pos_of(meta), kind="exactly", count=ch[0], subject=ch[1], filter=ch[2]
        )

    def by_lot(self, meta: Meta, ch: list[Any]) -> m.Target:
        return m.Target(pos=pos_of(meta), kind="lot", inner=ch[0])

    def invariant(self, meta: Meta, ch: list[Any]) -> m.Invariant:
        label, title, german, expr = ch
        return m.Invariant(pos=pos_of(label), id=str(label),
                           title=unquote(title) if title is not None else None,
                           title_german=german or "", expr=expr)

    # -- game end
    def end_after(self, meta: Meta, ch: list[Any]) -> m.GameEnd:
        return m.GameEnd(pos=pos_of(meta), hands=ch[0])

    def end_when(self, meta: Meta, ch: list[Any]) -> m.GameEnd:
        return m.GameEnd(pos=pos_of(meta), when=ch[0])

    def count_first(self, meta: Meta, ch: list[Token]) -> m.CountFirst:
        return m.CountFirst(pos=pos_of(meta), facts=tuple(map(word, ch)))

    def winner(self, meta: Meta, ch: list[Any]) -> m.Winner:
        return m.Winner(pos=pos_of(meta), direction=ch[1], unit=word(ch[2]),
                        first_out=ch[0] is True)

    def first_out(self, meta: Meta, ch: list[Any]) -> bool:
        return True

    def most(self, meta: Meta, ch: list[Any]) -> str:
        return "most"

    def fewest(self, meta: Meta, ch: list[Any]) -> str:
        return "fewest"

    # -- expressions
    def number(self, meta: Meta, ch: list[Token]) -> m.Num:
        return m.Num(pos=pos_of(meta), value=int(ch[0]))

    def name(self, meta: Meta, ch: list[Token]) -> m.Name:
        return m.Name(pos=pos_of(meta), name=str(ch[0]))

    def total(self, meta: Meta, ch: list[Token]) -> m.Total:
        return m.Total(pos=pos_of(meta), unit=str(ch[0]))

    def team_value(self, meta: Meta, ch: list[Token]) -> m.TeamValue:
        return m.TeamValue(pos=pos_of(meta), name=str(ch[-1]))

    def role_value(self, meta: Meta, ch: list[Token]) -> m.RoleValue:
        return m.RoleValue(pos=pos_of(meta), name=str(ch[0]), role=str(ch[1]))

    def in_mode(self, meta: Meta, ch: list[Token]) -> m.InMode:
        return m.InMode(pos=pos_of(meta), mode=str(ch[0]))

    def call(self, meta: Meta, ch: list[Any]) -> m.Call:
        args = tuple(a for a in ch[1:] if a is not None)
        return m.Call(pos=pos_of(meta), func=str(ch[0]), args=args)

    def neg(self, meta: Meta, ch: list[Any]) -> m.Unary:
        return m.Unary(pos=pos_of(meta), op="-", arg=ch[0])

    def not_(self, meta: Meta, ch: list[Any]) -> m.Unary:
        return m.Unary(pos=pos_of(meta), op="not", arg=ch[0])

    def _binary(self, meta: Meta, left: Any, op: str, right: Any) -> m.Binary:
        return m.Binary(pos=pos_of(meta), op=op, left=left, right=right)

    def or_(self, meta: Meta, ch: list[Any]) -> m.Binary:
        return self._binary(meta, ch[0], "or", ch[1])

    def and_(self, meta: Meta, ch: list[Any]) -> m.Binary:
        return self._binary(meta, ch[0], "and", ch[1])

    def cmp(self, meta: Meta, ch: list[Any]) -> m.Binary:
        op = "=" if str(ch[1]) == "==" else str(ch[1])
        return self._binary(meta, ch[0], op, ch[2])

    def arith(self, meta: Meta, ch: list[Any]) -> m.Binary:
        return self._binary(meta, ch[0], str(ch[1]), ch[2])

    def if_else(self, meta: Meta, ch: list[Any]) -> m.IfElse:
        return m.IfElse(pos=pos_of(meta), then=ch[0], cond=ch[1], other=ch[2])

    def quant(self, meta: Meta, ch: list[Any]) -> m.Quant:
        (kind, count), subject, body = ch
        return m.Quant(
            pos=pos_of(meta), quantifier=kind, count=count, subject=subject, body=body
        )

    def q_count(self, meta: Meta, ch: list[Any]) -> tuple[str, int | None]:
        return ("count", ch[0])

    def q_none(self, meta: Meta, ch: list[Any]) -> tuple[str, int | None]:
        return ("none", None)

    def q_some(self, meta: Meta, ch: list[Any]) -> tuple[str, int | None]:
        return ("some", None)

    def q_all_but_one(self, meta: Meta, ch: list[Any]) -> tuple[str, int | None]:
        return ("all_but_one", None)

    def q_every(self, meta: Meta, ch: list[Any]) -> tuple[str, int | None]:
        return ("every", None)

    def start(self, meta: Meta, ch: list[m.Statement]) -> list[m.Statement]:
        return ch


# the rule methods of _ToModel, as `v_args` wrapped them (Lark looks each up by its name)
_RULES = tuple(name for name in dir(_ToModel)
               if hasattr(getattr(_ToModel, name), "visit_wrapper"))


def expected_words(lang: Language, expected: set[str], near: str = "") -> str:
    """Every terminal the parser could take, in words; where a new statement may begin,
    the statements' first words come as one group, the likest to the word `near` (the
    word that came instead) first."""
    statements = set(lang.statement_words)
    group = statements <= expected
    rest = expected - statements - {"$END"} if group else expected
    words = sorted({lang.terminal_text(t) for t in rest})
    if group:
        firsts = sorted(set(lang.statement_words.values()))
        if near:
            firsts = concepts.likest_first(near, firsts)
        words.append(f"a new statement ({', '.join(repr(w) for w in firsts)})")
    return ", ".join(words)


def syntax_error(lang: Language, path: str, err: UnexpectedInput, text: str) -> RuleError:
    """One readable error for Lark's exception, with our own wording: what came, a guess
    at what was meant, and everything the parser could take there."""
    line, col = max(err.line, 1), max(err.column, 1)
    expected = set(getattr(err, "accepts", None) or getattr(err, "allowed", None) or set())
    if isinstance(err, UnexpectedToken) and err.token.type == "$END":
        what = "the file ends too early"
    elif isinstance(err, UnexpectedToken):
        at = err.token.start_pos or 0
        token = str(err.token)
        said = said_otherwise(lang, path, token, at, expected, text)
        if said is not None:
            return said
        hint = phrase_hint(lang, text[text.rfind("\n", 0, at) + 1:at], token, expected)
        what = f"unexpected {token!r}{hint}" if hint else \
            unexpected_word(lang, token, at, expected, text)
    elif isinstance(err, UnexpectedCharacters):
        what = f"unexpected character {err.char!r}"
    else:
        what = "the file ends too early"
    near = str(err.token) if isinstance(err, UnexpectedToken) else ""
    msg = f"{what}; expected {expected_words(lang, expected, near)}" if expected else what
    end = col + (len(str(err.token)) if isinstance(err, UnexpectedToken) else 1)
    return RuleError(path, m.Pos(line, col, line, end), "syntax", msg)


def said_otherwise(lang: Language, path: str, token: str, at: int, expected: set[str],
                   text: str) -> RuleError | None:
    """The error for a cause the parser's own words would hide: a quantifier that needs
    parentheses (at the quantifier), or a first word naming a concept the language lacks
    or has under another name (`concepts`: the statements that come nearest, in place of
    every keyword); None otherwise."""
    found = quantifier_parens.misplaced(text, at, token)
    if found is not None:
        return RuleError(path, place(text, found.start, found.end), "syntax",
                         quantifier_parens.message(found))
    concept = concepts.concept_of(token)
    starts_line = text[text.rfind("\n", 0, at) + 1:at].strip() == ""
    if concept is None or not starts_line or not set(lang.statement_words) <= expected:
        return None
    return RuleError(path, place(text, at, at + len(token)), "syntax",
                     f"no statement starts with {token!r}: {concept.says}")


def place(text: str, start: int, end: int) -> m.Pos:
    """The position of text[start:end], cut at its line's end (a caret is one line)."""
    at = offset_pos(text, start)
    stop = text.find("\n", start)
    end = min(end, stop) if stop >= 0 else end
    return m.Pos(at.line, at.column, at.line, at.column + max(1, end - start))


def phrase_hint(lang: Language, before: str, token: str, expected: set[str]) -> str:
    """What to write instead, for a few phrasings a player reaches for that the language
    says otherwise; `before` is the line up to the unexpected token ("" when none fits)."""
    words = {lang.keyword(t) for t in expected}
    if token == "partner" and re.search(r"\bpushes\s+to\s+the\s*$", before):
        return " (write 'pushes to partner', without 'the', or 'pushes to the next player')"
    if token == "," and words == {"times"} and re.match(r"\s*column\b", before):
        return " (a column of several modes is written 'free choice of A, B times N')"
    if role_name(token) is not None and words & {"player", "team", "players", "teams"}:
        role = role_name(token)
        return (f" (a role is no subject: write 'the player with {role}' or "
                f"'the team with {role}')")
    return ""


def unexpected_word(lang: Language, token: str, at: int, expected: set[str],
                    text: str) -> str:
    """`unexpected 'gts'`, with a near keyword the parser could take; a word that begins a
    line where a new statement could begin is said to begin no statement."""
    starts_line = text[text.rfind("\n", 0, at) + 1:at].strip() == ""
    new_statement = set(lang.statement_words) <= expected
    # a word after a whole statement is no misspelt statement word unless it begins a line
    words = [w for t, w in ((t, lang.keyword(t)) for t in expected) if w is not None
             and (starts_line or not new_statement or t not in lang.statement_words)]
    hint = did_you_mean(token, words).strip() if WORD.fullmatch(token) else ""
    hint = f" ({hint})" if hint else ""
    if new_statement and WORD.fullmatch(token) and starts_line:
        return f"no statement starts with {token!r}{hint}"
    return f"unexpected {token!r}{hint}"


# -- going on after a syntax error -----------------------------------------------------------
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*")
NOT_NEWLINE = re.compile(r"[^\n]+")
LINE_WORD = re.compile(r"^[ \t]*(" + WORD.pattern + ")", re.M)
QUOTED = r'"(?:[^"\\\n]|\\.)*"'
LABEL_REST = re.compile(rf"\s*(?:{QUOTED}\s*(?:german\s*{QUOTED}\s*)?)?:")


@dataclass(frozen=True)
class Skipped:
    """Text the parser skipped after a syntax error, to the next line that begins a
    statement; `statements` are the first words of the statements it held (as far as
    they can be told: a misspelt first word counts as the keyword it is near)."""

    pos: m.Pos
    statements: tuple[str, ...]
    leftover: bool = False  # words after a whole statement on its line, beginning none
    unknown: str = ""  # the first word as written where it begins no statement (the
    # first of `statements` is then only the keyword it is near, a guess)


@dataclass
class Parsed:
    """What could be read of a file: its statements, in file order, the syntax and limit
    errors, and the text skipped after each syntax error. `stopped` is where reading
    stopped after MAX_SYNTAX_ERRORS syntax errors (None: the file was read to its end)."""

    statements: list[m.Statement]
    errors: list[RuleError]
    skipped: list[Skipped] = field(default_factory=list)
    stopped: m.Pos | None = None


def blank_before(text: str, start: int) -> str:
    """The text with what comes before `start` blanked (line breaks kept): lines, columns
    and offsets stay those of the file."""
    if start == 0:
        return text
    return NOT_NEWLINE.sub(lambda run: " " * len(run.group(0)), text[:start]) + text[start:]


def error_offset(err: UnexpectedInput, text: str) -> int:
    if isinstance(err, UnexpectedToken):
        return len(text) if err.token.type == "$END" else (err.token.start_pos or 0)
    return int(getattr(err, "pos_in_stream", 0) or 0)


def statement_start(err: UnexpectedInput, at: int) -> int:
    """Where the statement the error is in begins: the first value on the parser's stack
    after the statements read whole; `at` itself when those end right before the error."""
    ip = getattr(err, "interactive_parser", None)
    if ip is None or reads_whole(ip):
        return at
    for v in ip.parser_state.value_stack:
        if isinstance(v, Tree) and str(v.data).startswith("__start"):
            continue  # the statements read whole
        start = v.start_pos if isinstance(v, Token) else getattr(v.meta, "start_pos", None) \
            if isinstance(v, Tree) else None
        if start is not None:
            return min(int(start), at)
    return at


def reads_whole(ip: InteractiveParser) -> bool:
    """Whether what the parser has read so far is a whole file: the error is then at the
    start of a statement. (Whether the file may end here is not enough to know: a parser
    state shared by several statements lists the end of the file after `column NAME "text"
    german "text"` too, though a column still needs its colon.)"""
    try:
        ip.copy().feed_eof()  # type: ignore[no-untyped-call]
    except UnexpectedInput:
        return False
    return True


def begins_statement(lang: Language, line: str) -> bool:
    """Whether a line reads as the start of a statement: its first word does, and the
    second is a word or is read after it (a line that goes on an expression, such as
    `count(weis > 0) <= 1` or `weis + stoeck`, is not)."""
    ip = lang.lark.parse_interactive(line)
    read: list[Token] = []
    try:
        for tok in ip.iter_parse():
            if len(read) == 2:
                return True
            read.append(tok)
    except UnexpectedInput as err:
        at = error_offset(err, line)
        before = [t for t in read if (t.start_pos or 0) < at]
        if len(before) != 1:
            return len(before) >= 2
        # a word or number may be a mistake in a statement; `(`, `+`, `,` go on an expression
        second = str(err.token) if isinstance(err, UnexpectedToken) else line[at:at + 1]
        return second[:1].isalnum() or second[:1] in "_\""
    return True


def indent(text: str, at: int) -> int:
    """How far the line holding `at` is indented."""
    start = text.rfind("\n", 0, at) + 1
    return len(text[start:at + 1]) - len(text[start:at + 1].lstrip(" \t"))


def resume_at(lang: Language, text: str, at: int, after: bool, most: int) -> int:
    """The next line at or after `at` (after it, if `after`), indented at most `most`,
    whose first word begins a statement; the end of the text if none does. Lines indented
    deeper go on the statement before (`then players with ...`)."""
    firsts = set(lang.statement_words.values())
    for found in LINE_WORD.finditer(text, text.rfind("\n", 0, at) + 1):
        p = found.start(1)
        if p < at or (after and p == at) or found.start(1) - found.start(0) > most:
            continue
        if found.group(1) not in firsts:  # a misspelt statement word begins one too
            if close_words(found.group(1), firsts, n=1) and not is_label(text, found.end(1)):
                return p
            continue
        end = text.find("\n", p)
        if begins_statement(lang, text[p:end if end >= 0 else len(text)]):
            return p
    return len(text)


def stray_end(lang: Language, text: str, at: int) -> int | None:
    """Where to read on after a character that begins no statement: right after it, when a
    statement follows on its line; None otherwise."""
    found = WORD.match(text, at + 1 + len(text[at + 1:]) - len(text[at + 1:].lstrip(" \t")))
    if found is None or found.group(0) not in set(lang.statement_words.values()):
        return None
    end = text.find("\n", found.start())
    return found.start() if begins_statement(lang, text[found.start():end if end >= 0 else None]) \
        else None


def value_start(v: object) -> int | None:
    """Where a value of the parser's stack begins in the text (None: it has no place)."""
    if isinstance(v, Token):
        return v.start_pos
    meta = getattr(v, "meta", None)
    return getattr(meta, "start_pos", None) if isinstance(v, Tree) else None


def clause_span(lang: Language, err: UnexpectedInput, text: str, at: int,
                begin: int) -> tuple[int, int] | None:
    """The text of the scoring clause the error is in (the statement begins at `begin`), up
    to the next clause or statement: without it the scoring statement still reads. None
    when the error is not in a clause, or the clause would leave the statement none."""
    ip = getattr(err, "interactive_parser", None)
    stack = ip.parser_state.value_stack if ip is not None else []
    header = [i for i, v in enumerate(stack[:-1]) if isinstance(v, Token)
              and v.type == "APPLIES" and getattr(stack[i + 1], "type", "") == "COLON"]
    if not header:  # the error is in `score each hand, first rule that applies:`
        return None
    rest = stack[header[-1] + 2:]  # after `applies :`
    done = bool(rest) and isinstance(rest[0], Tree) and str(rest[0].data).startswith("__")
    first = min([*(p for p in map(value_start, rest[1:] if done else rest) if p is not None),
                 at])
    line_end = text.find("\n", at)
    firsts = set(lang.statement_words.values())
    for found in LINE_WORD.finditer(text, len(text) if line_end < 0 else line_end + 1):
        word, p = found.group(1), found.start(1)
        if word != "german" and is_label(text, found.end(1)):
            return first, p  # the next clause
        if word in firsts and p - found.start(0) <= indent(text, begin):
            end = text.find("\n", p)
            if begins_statement(lang, text[p:end if end >= 0 else len(text)]):
                return (first, p) if done else None  # the next statement
    return (first, len(text)) if done else None


def is_label(text: str, end: int) -> bool:
    """Whether the word ending at `end` labels a scoring clause (`name:`, `name "...":`,
    `name "..." german "...":`), where a word at the start of a line begins no statement."""
    return LABEL_REST.match(text, end) is not None


def skipped_statements(lang: Language, text: str, begin: int,
                       resume: int) -> tuple[str, ...]:
    """The first words of the statements in skipped text: the word it begins with (or the
    statement word it is near), and each statement word beginning a line in it."""
    firsts = set(lang.statement_words.values())
    words: list[str] = []
    head = WORD.match(text, begin)
    if head is not None:
        w = head.group(0)
        starts_line = text[text.rfind("\n", 0, begin) + 1:begin].strip() == ""
        words += [w] if w in firsts else close_words(w, firsts, n=1) if starts_line else []
    for found in LINE_WORD.finditer(text, text.rfind("\n", 0, begin) + 1):
        if begin < found.start(1) < resume and found.group(1) in firsts:
            words.append(found.group(1))
        if found.start(1) >= resume:
            break
    return tuple(dict.fromkeys(words))


def guessed_from(lang: Language, text: str, begin: int) -> str:
    """The word skipped text begins a line with where it is no statement word but near
    one (`skipped_statements` counts it as that one); "" otherwise."""
    head = WORD.match(text, begin)
    if head is None or text[text.rfind("\n", 0, begin) + 1:begin].strip():
        return ""
    firsts = set(lang.statement_words.values())
    w = head.group(0)
    return w if w not in firsts and close_words(w, firsts, n=1) else ""


def offset_pos(text: str, offset: int) -> m.Pos:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return m.Pos.at(line, column)


def parse_tree(lang: Language, text: str, path: str) -> tuple[Tree[Token], list[RuleError], list[Skipped],
                                              m.Pos | None]:
    """Parse the whole text, going on after each syntax error at the next line that begins
    a statement: the statement with the error is skipped, the ones before and after it are
    read. Returns the tree of what was read, the syntax errors, what was skipped, and
    where reading stopped after MAX_SYNTAX_ERRORS syntax errors (None: at the end)."""
    pieces: list[Tree[Token]] = []
    errors: list[RuleError] = []
    skipped: list[Skipped] = []
    start = 0
    while True:
        view = blank_before(text, start)
        try:
            pieces.append(lang.parse(view))
            break
        except UnexpectedInput as err:
            errors.append(syntax_error(lang, path, err, view))
            at = error_offset(err, view)
            begin = max(statement_start(err, at), start)
            stray = isinstance(err, UnexpectedCharacters) and begin >= at
            clause = clause_span(lang, err, text, at, begin) if begin < at else None
        if clause is not None:  # blank the broken clause and read the statement again
            first, end = clause
            text = text[:first] + blank_before(text[first:end], end - first) + text[end:]
            skipped.append(Skipped(offset_pos(text, first), (), leftover=True))
            if len(errors) >= MAX_SYNTAX_ERRORS:
                return merge(pieces), errors, skipped, offset_pos(text, end)
            continue
        # a stray character between statements (`@players 4`): read on right after it
        after_stray = stray_end(lang, text, at) if stray else None
        resume = after_stray if after_stray is not None else \
            resume_at(lang, text, at, after=begin >= at, most=indent(text, begin))
        if begin > start:  # the statements before the one with the error
            try:
                pieces.append(lang.parse(blank_before(text[:begin], start)))
            except UnexpectedInput:  # not expected: skip them too
                begin = start
        words = skipped_statements(lang, text, begin, resume)
        # no statement word: words after a whole statement, or one stray character
        mid_line = text[text.rfind("\n", 0, begin) + 1:begin].strip() != ""
        leftover = after_stray is not None or (not words and mid_line)
        unknown = "" if after_stray else guessed_from(lang, text, begin)
        skipped.append(Skipped(offset_pos(text, begin), () if after_stray else words,
                               leftover, unknown))
        if resume >= len(text):
            break
        if len(errors) >= MAX_SYNTAX_ERRORS:
            return merge(pieces), errors, skipped, offset_pos(text, resume)
        start = resume
    return merge(pieces), errors, skipped, None


def merge(pieces: list[Tree[Token]]) -> Tree[Token]:
    """One tree of the statements of the pieces read."""
    if len(pieces) == 1:
        return pieces[0]
    return Tree("start", [c for p in pieces for c in p.children])


# the parse tree's expression nodes (after inlining): each is one level of nesting
EXPRESSION_NODES = frozenset({"number", "name", "total", "in_mode", "call", "neg", "not_",
                              "or_", "and_", "cmp", "arith", "if_else", "quant"})


def heights(tree: Tree[Token]) -> dict[int, int]:
    """How many expression levels each subtree holds, by id; without recursion, as the
    tree may be deeper than Python's stack."""
    out: dict[int, int] = {}
    stack: list[tuple[Tree[Token], bool]] = [(tree, False)]
    while stack:
        node, done = stack.pop()
        kids = [c for c in node.children if isinstance(c, Tree)]
        if not done:
            stack.append((node, True))
            stack.extend((c, False) for c in kids)
            continue
        below = max((out[id(c)] for c in kids), default=0)
        out[id(node)] = below + (node.data in EXPRESSION_NODES)
    return out


def limit_errors(tree: Tree[Token], path: str) -> list[RuleError]:
    """Numbers longer than MAX_DIGITS and expressions deeper than MAX_DEPTH, each at its
    place (the whole expression for the depth); checked before the tree is transformed."""
    height = heights(tree)
    errors: list[RuleError] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.data in EXPRESSION_NODES and height[id(node)] > MAX_DEPTH:
            errors.append(RuleError(path, pos_of(node.meta), "limit",
                                    f"this expression nests {height[id(node)]} levels deep; "
                                    f"the limit is {MAX_DEPTH}"))
            continue
        for c in node.children:
            if isinstance(c, Tree):
                stack.append(c)
            elif isinstance(c, Token) and c.type == "INT" and len(c) > MAX_DIGITS:
                errors.append(RuleError(path, pos_of(c), "limit",
                                        f"a number has at most {MAX_DIGITS} digits; this one "
                                        f"has {len(c)}"))
    return errors


def unprintable(c: str) -> bool:
    """A character a text of a rule file may not hold: a control character (C0 but the tab,
    DEL, C1), which a terminal would take as a command (clear the screen, set the title),
    or a line or paragraph separator, which would break the line a message quotes."""
    o = ord(c)
    return (o < 32 and c != "\t") or 0x7F <= o < 0xA0 or c in "\u2028\u2029"


def string_errors(tree: Tree[Token], path: str) -> list[RuleError]:
    """Each quoted text holding a character it may not hold, at the first such character."""
    errors: list[RuleError] = []
    strings: list[Token] = []
    stack = [tree]  # without recursion: the tree may be deeper than Python's stack
    while stack:
        node = stack.pop()
        for c in node.children:
            if isinstance(c, Tree):
                stack.append(c)
            elif isinstance(c, Token) and c.type == "STRING":
                strings.append(c)
    for tok in sorted(strings, key=lambda t: t.start_pos or 0):
        bad = next((i for i, c in enumerate(tok) if unprintable(c)), None)
        if bad is not None:
            line, column = tok.line or 1, (tok.column or 1) + bad
            what = "a control character: a terminal would take it as a command" \
                if ord(tok[bad]) < 0xA0 else "a line separator: it would break the line " \
                "where the text is shown"
            errors.append(RuleError(path, m.Pos(line, column, line, column + 1), "text",
                                    f"a text may not hold U+{ord(tok[bad]):04X}, {what}; "
                                    "write the text without it"))
    return errors


def parse_file(text: str, path: str, mechanisms: Sequence[Mechanism] | None = None) -> Parsed:
    """Parse text into typed statements, in file order, reading on after syntax errors;
    the errors say what could not be read. Statements over the language's limits make the
    file unreadable as a whole (no statements). The statements of the mechanisms (the
    installed ones by default) are read beside the base grammar's."""
    lang = language(mechanisms)
    tree, errors, skipped, stopped = parse_tree(lang, text, path)
    errors += string_errors(tree, path)
    limits = limit_errors(tree, path)
    if limits:
        return Parsed([], errors + limits, skipped, stopped)
    try:
        statements = lang.to_model.transform(tree)
    except VisitError as err:
        where = err.obj.meta if isinstance(err.obj, Tree) else err.obj
        pos = pos_of(where) if isinstance(where, Meta | Token) else FILE_START
        return Parsed([], [*errors, RuleError(path, pos, "syntax", str(err.orig_exc))],
                      skipped, stopped)
    return Parsed(statements, errors, skipped, stopped)


def parse_statements(text: str, path: str,
                     mechanisms: Sequence[Mechanism] | None = None) -> list[m.Statement]:
    """Parse text into typed statements, in file order; raises RuleFileErrors with every
    syntax error, and on a number or expression over the language's limits."""
    parsed = parse_file(text, path, mechanisms)
    if parsed.errors:
        raise RuleFileErrors(parsed.errors, text)
    return parsed.statements
