"""The Jasstafel as a Jasser writes it in chalk: a large Z per team, strokes for 100 on
its upper bar, for 50 on its diagonal, for 20 on its lower bar, and what is left below 20
as a number beside it.

The convention, as Swiss Jass teachers describe it (jassonkel.ch, "Jasslehrgang:
Schreiben auf Tafel"; Anzeiger von Saanen, "Das Schreiben", 27.10.2020): "Für 100, 50 und
20 Punkte gibt es je einen Strich. In der obersten Reihe werden die Hunderter, in der
mittleren die Fünfziger und in der untersten die Zwanziger aufgeführt"; the hundreds and
the twenties are upright strokes and the fifth of them is drawn across the four before
(a bundle of five); the fifties are slanted, the second across the first. The Z is the
older form of the same three rows (its upper bar, its diagonal, its lower bar), as the
first source says. A total is written with as many hundreds as it holds, then a fifty
if 50 or more are left, then twenties, then the rest as a number: 1234 is 12 strokes of
100, none of 50, one of 20 and 14.

The table draws it from the sheet's totals where a game is won with the most of a unit
it counts upward and nobody's total is below zero (a Schieber); a file that keeps a sheet
of columns (Coiffeur) or is won with the least (Differenzler) keeps its own sheet.
"""

from __future__ import annotations

from typing import NamedTuple


class Strokes(NamedTuple):
    """A total as the Tafel writes it: total = 100 h + 50 f + 20 t + rest."""

    hundreds: int
    fifties: int
    twenties: int
    rest: int


def strokes(total: int) -> Strokes:
    """The strokes of a total of points (not below zero)."""
    if total < 0:
        raise ValueError("the Tafel writes no total below zero")
    hundreds, left = divmod(total, 100)
    fifties, left = divmod(left, 50)
    twenties, rest = divmod(left, 20)
    return Strokes(hundreds, fifties, twenties, rest)


def tafel(subjects: list[str], totals: list[int] | None, most: bool,
          columns: bool) -> list[dict[str, object]] | None:
    """Per team (or player) its name, total and strokes, as the page draws the Z; None
    where the file keeps another sheet (columns, the least wins, a total below zero)."""
    if totals is None or columns or not most or any(t < 0 for t in totals):
        return None
    return [{"name": name, "total": total, **strokes(total)._asdict()}
            for name, total in zip(subjects, totals, strict=True)]
