"""Tree to model, scoring: units, lets, the rules that score a hand and whom they award, invariants, the game's end and its winner."""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from jassdsl.core import model as m
from jassdsl.language.parsing.nodes import (
    Verb,
    pos_of,
    unquote,
    word,
)


@v_args(meta=True)
class ScoringRules(Transformer[Token, list[m.Statement]]):
    """The builders of one part of the grammar; `to_model._ToModel` joins them."""

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
