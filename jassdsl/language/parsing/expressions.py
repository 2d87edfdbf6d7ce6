"""Tree to model, expressions: numbers, names, calls, arithmetic, comparisons, quantifiers over players or teams."""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from jassdsl.core import model as m
from jassdsl.language.parsing.nodes import (
    pos_of,
)


@v_args(meta=True)
class ExpressionRules(Transformer[Token, list[m.Statement]]):
    """The builders of one part of the grammar; `to_model._ToModel` joins them."""

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
