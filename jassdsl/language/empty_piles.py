"""Warnings for a pile that never gets a card.

Piles are filled, in file order, from the cards left after the deal; a pile stays empty
when nothing is left. A pile that stays empty at every number of players at the table and
under every choice of the options is likely a slip (four players dealt all 36 cards, and
a talon of `the rest`): the talon to take, the card to turn or the blind to swap is never
there, and the game quietly plays without it. The file is valid (an empty pile has a
meaning), so this is a warning at the pile, rendered like an error with a caret. Cards
that are dealt to nobody and lie on no pile are set aside for the hand; a warning at the
deal says so (`set_aside`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import product

from jassdsl.core import model as m
from jassdsl.core.errors import RuleError
from jassdsl.core.mechanism import empties_seats, installed
from jassdsl.core.pack import file_pack, pack_size
from jassdsl.core.settings import get

KIND = "empty-pile"
LEFT_KIND = "set-aside"
MAX_CASES = 256  # combinations of the options tried; beyond them nothing is said


@dataclass(frozen=True)
class Fill:
    """One case of the deal: the players at the table, the cards each, what each pile
    gets (all its piles together, where it is one per player) and what lies on none."""

    number: Callable[[m.Value], int]  # how a value reads in this case
    chosen: dict[str, int | None]  # the options that set a number, as chosen in this case
    players: int
    each: int
    held: dict[str, int]
    asked: dict[str, int]
    left: int  # dealt to nobody and laid on no pile


def fills(rf: m.RuleFile) -> Iterator[Fill] | None:
    """Every case of the deal (the number of players, as many as may stay at the table,
    and every choice of the options that set a number): None when a number is not known
    or a case is an error of check already."""
    cases = list(numbers_of(rf))
    if not cases:
        return None
    fewest = 2 if empties_seats(installed(), rf.parts) else 0  # players leave the table
    out = []
    deck = pack_size(file_pack(rf))
    for number, chosen in cases:
        most = min(number(rf.players), get("players").high)
        for n in range(fewest if fewest else most, most + 1):
            each = number(rf.deal.each) if rf.deal.each is not None else deck // max(n, 1)
            left = deck - n * each
            if n < 1 or each < 1 or left < 0:
                return None  # an error of check already
            held, asked = {}, {}
            for p in rf.piles:
                asked[p.name] = left if p.size is None else max(number(p.size), 0) * \
                    (n if p.each else 1)
                held[p.name] = min(left, asked[p.name])
                left -= held[p.name]
            out.append(Fill(number, chosen, n, each, held, asked, left))
    return iter(out)


def warnings(rf: m.RuleFile, path: str) -> list[RuleError]:
    """Each pile no case fills, at its statement; none when a number is not known."""
    cases = fills(rf)
    if not rf.piles or cases is None:
        return []
    filled: set[str] = set()
    said = ""
    for case in cases:
        said = f"with {case.players} players and {case.each} cards each " + (
            "every card is dealt" if case.players * case.each == pack_size(file_pack(rf))
            else "the piles before it take the rest")
        filled |= {name for name, held in case.held.items() if held > 0}
    return [RuleError(path, p.pos, KIND, f"warning: pile {p.name!r} never gets a card: "
                      f"{said}, so whatever takes or turns it finds nothing; deal fewer "
                      f"cards each, or leave the pile out (the file is valid; this is only "
                      f"a warning)") for p in rf.piles if p.name not in filled]


def set_aside(rf: m.RuleFile, path: str) -> list[RuleError]:
    """A warning at the deal where some case deals cards to nobody and lays them on no
    pile: they are set aside for the hand, out of play, which a file rarely means (`deal
    8 each` for four players leaves four cards nobody holds, plays or counts)."""
    for case in fills(rf) or ():
        if case.left > 0:
            return [RuleError(path, rf.deal.pos, LEFT_KIND, f"warning: with {case.players} "
                              f"players and {case.each} cards each {case.left} cards are "
                              "dealt to nobody and lie on no pile: they are set aside for "
                              "the hand (nobody holds, plays or counts them); deal them all, "
                              "or lay them on a pile ('pile stock: the rest') (the file is "
                              "valid; this is only a warning)")]
    return []


def numbers_of(rf: m.RuleFile) -> Iterator[tuple[Callable[[m.Value], int],
                                                 dict[str, int | None]]]:
    """Per choice of the options that set the players, the deal or a pile's size: how a
    value reads then, and that choice. Nothing when such an option offers other than
    numbers."""
    values = [rf.players, *([rf.deal.each] if rf.deal.each else []),
              *(p.size for p in rf.piles if p.size is not None)]
    named = list(dict.fromkeys(v.option for v in values if v.option is not None))
    options = {o.name: o for o in rf.options}
    if any(name not in options or any(c.number is None for c in options[name].choices)
           for name in named):
        return
    choices = [[c.number for c in options[name].choices] for name in named]
    for k, chosen in enumerate(product(*choices)):
        if k >= MAX_CASES:
            return
        picked = dict(zip(named, chosen, strict=True))

        def number(v: m.Value, picked: dict[str, int | None] = picked) -> int:
            return int(picked[v.option] or 0) if v.option is not None else v.number or 0

        yield number, picked
