"""The small pieces every part of the parser shares: positions from the parse tree, words,
quoted texts, and the shapes of a statement's pieces before it is built."""

from __future__ import annotations

import re

from lark import Token
from lark.tree import Meta

from jassdsl.core import model as m
from jassdsl.core.pos import FILE_START

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*")


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


def offset_pos(text: str, offset: int) -> m.Pos:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return m.Pos.at(line, column)



# the pieces of a statement before it is built: `gets 2 sticks`, `, auction before trump`
Verb = tuple[str, m.Expr, m.Word | None]

DeclOption = tuple[str, bool | m.Value | m.Word | tuple[m.Word, m.Value | None] | m.Target
                   | m.Expr, m.Pos]

