"""Parse rule-file text into the rule model; Lark's errors are translated here and only here."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from lark.tree import Meta

from jassdsl import model as m
from jassdsl.errors import RuleError, RuleFileErrors
from jassdsl.limits import MAX_DEPTH, MAX_DIGITS
from jassdsl.pos import FILE_START
from jassdsl.roles import role_name

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


@cache
def parser() -> Lark:
    """The LALR parser, built once per process."""
    grammar = resources.files("jassdsl").joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=True)


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
DeclOption = tuple[str, bool | m.Value | m.Word | tuple[m.Word, m.Value], m.Pos]


@v_args(meta=True)
class _ToModel(Transformer[Token, list[m.Statement]]):
    """Turns the parse tree into typed statements (see model.Statement), each with its
    position; the pieces inside a statement travel as the model nodes they become."""

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
        return m.GermanName(pos=pos_of(meta), name=str(ch[0]), german=unquote(ch[1]))

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
        return m.Players(pos_of(meta), ch[0], ch[1] is not None)

    def teams(self, meta: Meta, ch: list[Any]) -> bool:
        return True

    def deal_all(self, meta: Meta, ch: list[Any]) -> None:
        return None

    def deal_each(self, meta: Meta, ch: list[Any]) -> m.Value:
        return ch[0]  # type: ignore[no-any-return]

    def deal(self, meta: Meta, ch: list[Any]) -> m.Deal:
        return m.Deal(pos=pos_of(meta), each=ch[0], packet=ch[1])

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

    def points_if(self, meta: Meta, ch: list[Any]) -> tuple[m.Word, m.Value]:
        return word(ch[0]), ch[1]

    def bonus(self, meta: Meta, ch: list[Any]) -> m.Bonus:
        return m.Bonus(pos=pos_of(meta), name=word(ch[0]), points=ch[1],
                       only_if=word(ch[2]) if ch[2] is not None else None)

    # -- Weis
    def weis_table(self, meta: Meta, ch: list[Any]) -> m.WeisTableDef:
        name, *items, reuse = ch
        return m.WeisTableDef(pos=pos_of(meta), name=str(name), items=tuple(items), reuse=reuse)

    def weis_sequence(self, meta: Meta, ch: list[Any]) -> m.WeisItem:
        length, more, points, cond = ch
        unless, tests = cond or (False, ())
        return m.WeisItem(pos=pos_of(meta), kind="sequence", length=int(length),
                          or_more=more is not None, points=points, tests=tests,
                          unless=unless)

    def weis_four(self, meta: Meta, ch: list[Any]) -> m.WeisItem:
        rank, points, cond = ch
        unless, tests = cond or (False, ())
        return m.WeisItem(pos=pos_of(meta), kind="four", rank=rank, points=points,
                          tests=tests, unless=unless)

    def or_more(self, meta: Meta, ch: list[Any]) -> bool:
        return True

    def weis_if(self, meta: Meta, ch: list[m.WeisTest]) -> tuple[bool, tuple[m.WeisTest, ...]]:
        return False, tuple(ch)

    def weis_unless(self, meta: Meta, ch: list[m.WeisTest]
                    ) -> tuple[bool, tuple[m.WeisTest, ...]]:
        return True, tuple(ch)

    def test_yes(self, meta: Meta, ch: list[Token]) -> m.WeisTest:
        return m.WeisTest(pos=pos_of(meta), kind="yes", name=word(ch[0]))

    def test_option(self, meta: Meta, ch: list[Any]) -> m.WeisTest:
        return m.WeisTest(pos=pos_of(meta), kind="option", name=word(ch[0]), choice=ch[1])

    def test_mode(self, meta: Meta, ch: list[Token]) -> m.WeisTest:
        return m.WeisTest(pos=pos_of(meta), kind="mode", name=word(ch[0]))

    def weis_once(self, meta: Meta, ch: list[Any]) -> bool:
        return False

    def weis_twice(self, meta: Meta, ch: list[Any]) -> bool:
        return True

    def weis_use(self, meta: Meta, ch: list[Token]) -> m.Setting:
        return self._setting("weis", meta, ch)

    # -- trump
    def trump(self, meta: Meta, ch: list[m.TrumpMethod]) -> m.TrumpMethod:
        return ch[0]

    def trump_first_void(self, meta: Meta, ch: list[Token]) -> m.TrumpMethod:
        return m.TrumpMethod(pos=pos_of(meta), kind="first_void", fallback=word(ch[0]))

    def trump_random_suit(self, meta: Meta, ch: list[Token]) -> m.TrumpMethod:
        return m.TrumpMethod(pos=pos_of(meta), kind="random_suit")

    def trump_bottom_card(self, meta: Meta, ch: list[Token]) -> m.TrumpMethod:
        return m.TrumpMethod(pos=pos_of(meta), kind="bottom_card")

    def trump_none(self, meta: Meta, ch: list[Token]) -> m.TrumpMethod:
        return m.TrumpMethod(pos=pos_of(meta), kind="none", fallback=word(ch[0]))

    def trump_sheet(self, meta: Meta, ch: list[Any]) -> m.TrumpMethod:
        who, *rest = ch
        return m.TrumpMethod(pos=pos_of(meta), kind="sheet", who=word(who),
                             push=any(c == "partner" for c in rest),
                             push_next=any(c == "next" for c in rest))

    def trump_in_turn(self, meta: Meta, ch: list[Token]) -> m.TrumpMethod:
        return m.TrumpMethod(pos=pos_of(meta), kind="in_turn", modes=tuple(map(word, ch)))

    def trump_fixed(self, meta: Meta, ch: list[Token]) -> m.TrumpMethod:
        return m.TrumpMethod(pos=pos_of(meta), kind="fixed", modes=(word(ch[0]),))

    # -- the scoresheet
    def sheet(self, meta: Meta, ch: list[str]) -> m.Sheet:
        return m.Sheet(pos=pos_of(meta), subject=ch[0])  # type: ignore[arg-type]

    def column(self, meta: Meta, ch: list[Any]) -> m.Column:
        name, title, german, (free, modes), multiplier, cond = ch
        option, choice = cond if cond is not None else (None, None)
        return m.Column(pos=pos_of(meta), name=str(name),
                        title=unquote(title) if title is not None else None,
                        title_german=german or "", modes=modes, free=free,
                        multiplier=multiplier, option=option, choice=choice)

    def column_mode(self, meta: Meta, ch: list[Token]) -> tuple[bool, tuple[m.Word, ...]]:
        return False, (word(ch[0]),)

    def column_free(self, meta: Meta, ch: list[Token]) -> tuple[bool, tuple[m.Word, ...]]:
        return True, tuple(map(word, ch))

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

    # -- piles, robbing, taking part, leaving
    def pile_count(self, meta: Meta, ch: list[Any]) -> m.Pile:
        return m.Pile(pos=pos_of(meta), name=str(ch[0]), size=ch[1])

    def pile_each(self, meta: Meta, ch: list[Any]) -> m.Pile:
        return m.Pile(pos=pos_of(meta), name=str(ch[0]), size=ch[1], each=True)

    def improve(self, meta: Meta, ch: list[Any]) -> m.Improve:
        return m.Improve(pos=pos_of(meta), cards=ch[0], pile=word(ch[1]),
                         dealer_sees=ch[2] is True)

    def dealer_sees(self, meta: Meta, ch: list[Any]) -> bool:
        return True

    def pile_rest(self, meta: Meta, ch: list[Token]) -> m.Pile:
        return m.Pile(pos=pos_of(meta), name=str(ch[0]), size=None)

    def show(self, meta: Meta, ch: list[Token]) -> m.Show:
        return m.Show(pos_of(meta), word(ch[0]))

    def rob(self, meta: Meta, ch: list[m.Word]) -> m.Rob:
        return m.Rob(pos_of(meta), ch[0])

    def take_part(self, meta: Meta, ch: list[Any]) -> m.TakePart:
        fields: dict[str, Any] = {}
        for key, value in ch:
            fields[key] = value
        return m.TakePart(pos=pos_of(meta), **fields)

    def take_fold(self, meta: Meta, ch: list[m.Value]) -> tuple[str, m.Value]:
        return ("fold_from", ch[0])

    def take_swap(self, meta: Meta, ch: list[Token]) -> tuple[str, m.Word]:
        return ("swap", word(ch[0]))

    def leave(self, meta: Meta, ch: list[m.Expr]) -> m.Leave:
        return m.Leave(pos_of(meta), ch[0])

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
        for key, value, _ in options:
            if key == "named":
                named.append(value)
            else:
                fields[key] = value
        return m.Declaration(
            pos=pos_of(meta), name=str(name), low=low, high=high, step=step,
            hidden=hidden is not None, named=tuple(named),
            option_pos=tuple((k, p) for k, _, p in options if k != "named"), **fields,
        )

    def steps(self, meta: Meta, ch: list[m.Value]) -> m.Value:
        return ch[0]

    def decl_named(self, meta: Meta, ch: list[Any]) -> DeclOption:
        return ("named", (word(ch[0]), ch[1]), pos_of(meta))

    def decl_auction(self, meta: Meta, ch: list[Any]) -> DeclOption:
        return ("auction", True, pos_of(meta))

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

    def end_sheet(self, meta: Meta, ch: list[Any]) -> m.GameEnd:
        return m.GameEnd(pos=pos_of(meta), sheets_full=True)

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


def expected_words(expected: set[str]) -> str:
    words = sorted({TERMINAL_WORDS.get(t, repr(t.lower()) if t.isupper() else t) for t in expected})
    if len(words) > 8:
        words = [*words[:8], "..."]
    return ", ".join(words)


def syntax_error(path: str, err: UnexpectedInput) -> RuleError:
    """One readable error for Lark's exception, with our own wording."""
    line, col = max(err.line, 1), max(err.column, 1)
    if isinstance(err, UnexpectedToken) and err.token.type == "$END":
        what = "the file ends too early"
    elif isinstance(err, UnexpectedToken):
        what = f"unexpected {str(err.token)!r}"
    elif isinstance(err, UnexpectedCharacters):
        what = f"unexpected character {err.char!r}"
    else:
        what = "the file ends too early"
    expected = getattr(err, "accepts", None) or getattr(err, "allowed", None) or set()
    msg = f"{what}; expected {expected_words(set(expected))}" if expected else what
    end = col + (len(str(err.token)) if isinstance(err, UnexpectedToken) else 1)
    return RuleError(path, m.Pos(line, col, line, end), "syntax", msg)


# the parse tree's expression nodes (after inlining): each is one level of nesting
EXPRESSION_NODES = frozenset({"number", "name", "total", "call", "neg", "not_", "or_", "and_",
                              "cmp", "arith", "if_else", "quant"})


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


def parse_statements(text: str, path: str) -> list[m.Statement]:
    """Parse text into typed statements, in file order; raises RuleFileErrors on a syntax
    error or a number or expression over the language's limits."""
    try:
        tree: Tree[Token] = parser().parse(text)
    except (UnexpectedInput, UnexpectedEOF) as err:
        raise RuleFileErrors([syntax_error(path, err)], text) from None
    errors = limit_errors(tree, path)
    if errors:
        raise RuleFileErrors(errors, text)
    try:
        return _ToModel().transform(tree)
    except VisitError as err:
        where = err.obj.meta if isinstance(err.obj, Tree) else err.obj
        pos = pos_of(where) if isinstance(where, Meta | Token) else FILE_START
        raise RuleFileErrors([RuleError(path, pos, "syntax", str(err.orig_exc))], text) from None
