"""Tree to model, declarations (bids, Konter, a yes-or-no call) with their options: range, step, who may declare and when."""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from jassdsl.core import model as m
from jassdsl.core.roles import role_name
from jassdsl.language.parsing.nodes import (
    DeclOption,
    pos_of,
    word,
)


@v_args(meta=True)
class DeclarationRules(Transformer[Token, list[m.Statement]]):
    """The builders of one part of the grammar; `to_model._ToModel` joins them."""

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
