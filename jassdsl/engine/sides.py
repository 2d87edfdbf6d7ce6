"""Sides formed per hand (the mechanism is `jassdsl/mechanisms/sides.py`): the holder of a role (the highest bidder) plays alone against
the others, who count as one side for that hand. Each player of a side has the side's
facts (its card points, tricks, cards, Weis and Stöck summed), so what scoring gives a
subject it gives every player of the side, and the Weis is compared between the sides.
"""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl.compile.compiler import CompiledRules

ALONE, REST = 0, 1  # the side of the role's holder, and that of the others


@dataclass(frozen=True)
class SidesConfig:
    """The compiled `sides:` statement."""

    role: int  # the role whose holder plays alone (index in State.roles)


def hand_sides(rules: CompiledRules, roles: list[int]) -> tuple[int, ...] | None:
    """The side of each seat in a hand (ALONE or REST), or None where the file forms no
    sides or nobody holds the role."""
    config = rules.config("sides", SidesConfig)
    if config is None:
        return None
    holder = roles[config.role]
    if holder < 0:
        return None
    return tuple(ALONE if seat == holder else REST for seat in range(rules.players))


def side_of(rules: CompiledRules, roles: list[int]) -> tuple[int, ...]:
    """Per seat, the subject whose side it plays on in this hand: where sides are formed,
    the seat of the side's first player; else the file's own subject (team or seat)."""
    sides = hand_sides(rules, roles)
    if sides is None:
        return rules.team_of
    first = {side: sides.index(side) for side in set(sides)}
    return tuple(first[x] for x in sides)


def sharers(rules: CompiledRules, roles: list[int], seat: int) -> list[int]:
    """The subjects that have what this seat's side makes (a Weis, the Stöck): where sides
    are formed, every player of its side; else its own subject (itself, or its team)."""
    sides = hand_sides(rules, roles)
    if sides is None:
        return [rules.team_of[seat]]
    return [x for x in range(rules.players) if sides[x] == sides[seat]]

