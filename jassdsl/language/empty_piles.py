"""Warnings for a pile that never gets a card.

Piles are filled, in file order, from the cards left after the deal; a pile stays empty
when nothing is left. A pile that stays empty at every number of players at the table and
under every choice of the options is likely a slip (four players dealt all 36 cards, and
a talon of `the rest`): the talon to take, the card to turn or the blind to swap is never
there, and the game quietly plays without it. The file is valid (an empty pile has a
meaning), so this is a warning at the pile, rendered like an error with a caret.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import product

from jassdsl.compile.settings import DECK, get
from jassdsl.core import model as m
from jassdsl.core.errors import RuleError
from jassdsl.core.mechanism import empties_seats, installed

KIND = "empty-pile"
MAX_CASES = 256  # combinations of the options tried; beyond them nothing is said


def warnings(rf: m.RuleFile, path: str) -> list[RuleError]:
    """Each pile no case fills, at its statement; none when a number is not known."""
    cases = list(numbers_of(rf))
    if not rf.piles or not cases:
        return []
    filled: set[str] = set()
    fewest = 2 if empties_seats(installed(), rf.parts) else 0  # players leave the table
    said = ""
    for number in cases:
        most = min(number(rf.players), get("players").high)
        for n in range(fewest if fewest else most, most + 1):
            each = number(rf.deal.each) if rf.deal.each is not None else DECK // max(n, 1)
            left = DECK - n * each
            if n < 1 or each < 1 or left < 0:
                return []  # an error of check already
            said = f"with {n} players and {each} cards each " + (
                "every card is dealt" if left == 0 else "the piles before it take the rest")
            for p in rf.piles:
                asked = left if p.size is None else max(number(p.size), 0) * \
                    (n if p.each else 1)
                if min(left, asked) > 0:
                    filled.add(p.name)
                left -= min(left, asked)
    return [RuleError(path, p.pos, KIND, f"warning: pile {p.name!r} never gets a card: "
                      f"{said}, so whatever takes or turns it finds nothing; deal fewer "
                      f"cards each, or leave the pile out (the file is valid; this is only "
                      f"a warning)") for p in rf.piles if p.name not in filled]


def numbers_of(rf: m.RuleFile) -> Iterator[Callable[[m.Value], int]]:
    """Per choice of the options that set the players, the deal or a pile's size: how a
    value reads then. Nothing when such an option offers other than numbers."""
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

        yield number
