"""Tree to model, the file's head and its cards: the variant, its texts and sources, options, players, the deal, the pack, the settings, rank and point tables, bonuses."""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from jassdsl.core import model as m
from jassdsl.language.parsing.nodes import (
    NUMBER_WORDS,
    pos_of,
    unquote,
    word,
)


@v_args(meta=True)
class HeaderRules(Transformer[Token, list[m.Statement]]):
    """The builders of one part of the grammar; `to_model._ToModel` joins them."""

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
