"""Tree to model, how a hand is played: the modes a file defines, how trump is chosen and pushed, the piles laid aside and shown."""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from jassdsl.core import model as m
from jassdsl.core.roles import role_name
from jassdsl.language.parsing.nodes import (
    pos_of,
    unquote,
    word,
)


@v_args(meta=True)
class PlayRules(Transformer[Token, list[m.Statement]]):
    """The builders of one part of the grammar; `to_model._ToModel` joins them."""

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
