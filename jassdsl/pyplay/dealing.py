"""The shuffle and the deal as Python source written for one rule file (`deal_writer`).

`Chance.shuffle` runs `core.deal.shuffle_deck`, one loop step per deck place, and the deal
then reads each seat's places with a getter (`deal_plan`). Here the steps are written out
for the file's pack: each step draws its bits and takes its card exactly as
`shuffle_deck` does, and as a step fixes the card of its place for good (Fisher-Yates from
the last place down), that card goes straight into the hand of the seat the place is
dealt to; the dealer's last card is kept for a trump turned up from it. The result is the
hands per seat from the given forehand and that card. `tests/test_pyplay_dealing.py`
checks it against `shuffle_deck` and `deal_plan` for every pack size and packets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jassdsl.core.deal import BIT_LENGTHS, deal_places

# getrandbits, forehand -> the hands per seat, the card at the dealer's last place
DealFn = Callable[[Callable[[int], int], int], tuple[list[int], int]]


def deal_source(deck: int, players: int, places: tuple[tuple[int, ...], ...], last: int
                ) -> str:
    """`deal(g, fore)` for a deck of `deck` cards dealt at `places` (per seat from
    forehand, deck places) to `players` seats."""
    owner = {place: seat for seat, ps in enumerate(places) for place in ps}
    assert sorted(owner) == list(range(deck)), "every card is dealt"
    lines = ["def deal(g, fore):", "    d = DECK[:]"]
    seen: set[int] = set()

    def take(place: int, card: str) -> None:
        seat = owner[place]
        lines.append(f"    h{seat} {'|=' if seat in seen else '='} {card}")
        seen.add(seat)
        if place == last:
            lines.append(f"    bottom = {card}")

    for i in range(deck - 1, 0, -1):  # the steps of `shuffle_deck`, last place first
        k = BIT_LENGTHS[i + 1]
        lines += [f"    j = g({k})"]
        if (1 << k) - 1 > i:  # drawn again while above the place (never for 2**k - 1)
            lines += [f"    while j > {i}:", f"        j = g({k})"]
        lines += ["    c = d[j]", f"    d[j] = d[{i}]"]
        take(i, "c")
    take(0, "d[0]")
    for fore in range(players):
        seats = ", ".join(f"h{(seat - fore) % players}" for seat in range(players))
        lines += [f"    {'if' if fore == 0 else 'elif'} fore == {fore}:",
                  f"        return [{seats}], bottom"]
    lines.append("    raise ValueError(fore)")
    return "\n".join(lines) + "\n"


def deal_writer(deck: list[int], players: int, each: int, packet: int | tuple[int, ...],
                last: int) -> DealFn:
    """The deal of a pack (`deck`: its cards as bits, in order) to `players` seats of
    `each` cards in packets of `packet`, with the card at deck place `last`."""
    places = deal_places(players, each, packet)
    source = deal_source(len(deck), players, places, last)
    namespace: dict[str, Any] = {"__builtins__": {"ValueError": ValueError},
                                 "DECK": list(deck)}
    exec(compile(source, "<jassdsl.pyplay.dealing>", "exec"), namespace)
    fn: DealFn = namespace["deal"]
    return fn
