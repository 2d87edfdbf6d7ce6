"""Spread and 95% intervals for the figures of a simulation.

A `Tally` keeps the count, sum and sum of squares of whole numbers as Python integers, so
tallies merge exactly in any order: the same games give the same figures with any number
of worker processes. Means carry their standard error and a normal 95% interval; rates
(wins, trump modes, clauses) a Wilson score interval, which stays inside 0..1 and behaves
for rare events and small runs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


@dataclass
class Tally:
    """Count, sum and sum of squares of whole numbers (exact, mergeable)."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Tally) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def sd(self) -> float:
        """The sample standard deviation (0 for fewer than two values)."""
        if self.n < 2:
            return 0.0
        spread = self.n * self.squares - self.total * self.total  # exact in integers
        return math.sqrt(spread / (self.n * (self.n - 1)))

    @property
    def se(self) -> float:
        """The standard error of the mean."""
        return self.sd / math.sqrt(self.n) if self.n else 0.0

    def summary(self) -> dict[str, Any]:
        """mean, sd, se and the 95% interval of the mean, as the JSON report gives them."""
        low, high = self.mean - Z95 * self.se, self.mean + Z95 * self.se
        return {"n": self.n, "mean": round(self.mean, 4), "sd": round(self.sd, 4),
                "se": round(self.se, 4), "ci95": [round(low, 4), round(high, 4)]}


def wilson(k: int, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a rate of k in n ((0, 1) for n = 0)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(k: int, n: int) -> dict[str, Any]:
    """k of n as a count, a rate and its Wilson 95% interval."""
    low, high = wilson(k, n)
    return {"count": k, "of": n, "rate": round(k / n, 6) if n else 0.0,
            "ci95": [round(low, 6), round(high, 6)]}


def mean_text(t: Tally) -> str:
    """'975.8 ± 12.3 (sd 55.0)': the mean, its 95% half-width and the spread."""
    return f"{t.mean:.1f} ± {Z95 * t.se:.1f} (sd {t.sd:.1f})"


def rate_text(k: int, n: int) -> str:
    """'14 (70.0%, 95% CI 48.1-85.5%)'"""
    low, high = wilson(k, n)
    share = 100 * k / n if n else 0.0
    return f"{k} ({share:.1f}%, CI {100 * low:.1f}-{100 * high:.1f}%)"
