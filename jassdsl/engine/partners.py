"""Sides formed per hand: who plays with whom in this hand, where a mechanism says so
(`Phase.partners`), else the file's own subjects (each player, or its team).

A mechanism that forms partners per hand (the holder of a role against the rest) names no
layer: its phase answers `partners`, and the end of the hand, the Weis and the bots ask
here. The players of a side have the side's facts: its card points, tricks and cards,
added up; a Weis is compared between the partners, and a side's Weis and Stöck count for
each of its players."""

from __future__ import annotations

from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.engine.phase import Table


def hand_partners(g: Table) -> tuple[int, ...] | None:
    """Per seat, the number of its side in this hand; None where no sides are formed."""
    for phase in g.hooks("partners"):
        partners = phase.partners(g)
        if partners is not None:
            return partners
    return None


def side_of(g: Table) -> tuple[int, ...]:
    """Per seat, the subject whose side it plays on in this hand: where sides are formed,
    the seat of the side's first player; else the file's own subject (team or seat)."""
    partners = hand_partners(g)
    if partners is None:
        return g.rules.team_of
    first = {side: partners.index(side) for side in set(partners)}
    return tuple(first[x] for x in partners)


def sharers(g: Table, seat: int) -> list[int]:
    """The subjects that have what this seat's side makes (a Weis, the Stöck): where sides
    are formed, every player of its side; else its own subject (itself, or its team)."""
    partners = hand_partners(g)
    if partners is None:
        return [g.rules.team_of[seat]]
    return [x for x in range(g.rules.players) if partners[x] == partners[seat]]


def group_sums(group: tuple[int, ...] | None, n: int, taken: list[int],
               seat_winners: list[int], chunks: tuple[Any, ...], r: CompiledRules
               ) -> tuple[list[int], list[int], list[int], list[int]]:
    """Per group of seats (a team, a side formed for the hand; None: each seat alone, n of
    them): the cards its players took together, their card points with the last-trick and
    match bonuses (to the group that took the last or every trick), its tricks; and the
    group of each trick's winner, in trick order."""
    p0, p1, p2, p3 = chunks
    if group is None:
        won, winners = list(taken), seat_winners
    else:
        won = [0] * n
        for seat, x in enumerate(taken):
            won[group[seat]] |= x
        winners = [group[w] for w in seat_winners]
    points = [p0[x & 511] + p1[x >> 9 & 511] + p2[x >> 18 & 511] + p3[x >> 27] for x in won]
    tricks = [winners.count(x) for x in range(n)]
    if winners:
        last = winners[-1]
        points[last] += r.last_bonus
        if r.match_bonus and tricks[last] == len(winners):
            points[last] += r.match_bonus
    return points, tricks, won, winners


def side_sums(partners: tuple[int, ...], seat_winners: list[int], taken: list[int],
              chunks: tuple[Any, ...], r: CompiledRules
              ) -> tuple[list[int], list[int], list[int]]:
    """Points, tricks and cards per seat where sides are formed: its side's, added up
    (`group_sums` over the sides)."""
    points, tricks, won, _ = group_sums(partners, max(partners) + 1, taken, seat_winners,
                                        chunks, r)
    return ([points[x] for x in partners], [tricks[x] for x in partners],
            [won[x] for x in partners])
