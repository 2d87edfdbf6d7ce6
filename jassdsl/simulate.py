"""Play many bot games quickly and sum them up: wins, mean totals, which clauses fired.

Game i gets its seed from a generator seeded with the run's seed, and every bot its own
generator from the game seed, so one seed gives the same report every time (apart from
the timing fields).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from jassdsl.bots import Bot, make_bots
from jassdsl.game import HAND_LIMIT, Game
from jassdsl.registry import display_path, load_rules, variant_path
from jassdsl.textview import plural, seat_names, subject_names


@dataclass
class SimReport:
    """Totals over a run of games; ``to_json`` gives the machine-readable form."""

    variant: str
    path: str
    seed: int
    bots: str
    options: dict[str, int | str]
    subjects: list[str]
    units: list[str]
    games: int = 0
    hands: int = 0
    seconds: float = 0.0
    wins: Counter[str] = field(default_factory=Counter)
    shared: int = 0  # games won jointly by several players or teams
    stopped: int = 0  # games cut off by the engine's hand limit
    sums: dict[str, list[int]] = field(default_factory=dict)
    clauses: Counter[str] = field(default_factory=Counter)

    @property
    def hands_per_sec(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_sec(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def mean_totals(self) -> dict[str, dict[str, float]]:
        """Per unit and player (or team): the average final total."""
        n = max(self.games, 1)
        return {u: {s: round(v / n, 2) for s, v in zip(self.subjects, values, strict=True)}
                for u, values in self.sums.items()}

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "path": self.path,
            "seed": self.seed,
            "bots": self.bots,
            "options": self.options,
            "games": self.games,
            "hands": self.hands,
            "seconds": round(self.seconds, 4),
            "hands_per_sec": round(self.hands_per_sec, 1),
            "games_per_sec": round(self.games_per_sec, 2),
            "wins": {s: self.wins[s] for s in self.subjects},
            "shared_wins": self.shared,
            "stopped_by_hand_limit": self.stopped,
            "hand_limit": HAND_LIMIT,
            "mean_totals": self.mean_totals(),
            "clauses": dict(sorted(self.clauses.items())),
        }


def play_out(game: Game, bots: list[Bot]) -> None:
    """Let the bots play until the game is over."""
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))


def simulate(variant: str, games: int, seed: int = 0, bots: str = "heuristic",
             options: dict[str, int | str] | None = None) -> SimReport:
    """Play ``games`` games of a variant with bots and collect a report."""
    rules = load_rules(variant, options)
    names = subject_names(rules, seat_names(rules.players))
    report = SimReport(rules.name, display_path(variant_path(variant)), seed, bots,
                       dict(rules.options), names, list(rules.units))
    report.sums = {u: [0] * rules.subjects for u in rules.units}
    seeds = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        game_seed = seeds.randrange(2**32)
        game = Game(rules, seed=game_seed, record=False)
        play_out(game, make_bots(bots, rules.players, game_seed))
        add_game(report, game)
    report.seconds = time.perf_counter() - start
    return report


def add_game(report: SimReport, game: Game) -> None:
    outcome = game.outcome()
    assert outcome is not None  # play_out returns only when the game is over
    report.games += 1
    report.hands += len(game.results)
    report.clauses.update(r.clause or "(none)" for r in game.results)
    for x in outcome.winners:
        report.wins[report.subjects[x]] += 1
    report.shared += len(outcome.winners) > 1
    report.stopped += outcome.reason == "hand limit"
    if game.results:
        for unit, values in game.results[-1].totals.items():
            for x, v in enumerate(values):
                report.sums[unit][x] += v


def report_lines(report: SimReport) -> list[str]:
    """The report for people, a few lines."""
    means = report.mean_totals()
    lines = [
        f"{report.variant}: {report.games} games, {report.hands} hands in "
        f"{report.seconds:.2f} s ({report.hands_per_sec:.0f} hands/s, "
        f"{report.games_per_sec:.1f} games/s); seed {report.seed}, bots {report.bots}",
        "wins: " + ", ".join(f"{s} {report.wins[s]}" for s in report.subjects)
        + (f" ({report.shared} shared)" if report.shared else ""),
    ]
    for unit, per in means.items():
        lines.append(f"mean final {unit}: " + ", ".join(f"{s} {v:g}" for s, v in per.items()))
    lines.append("clauses fired: " + ", ".join(f"{c} {k}" for c, k in
                                               report.clauses.most_common()))
    if report.stopped:
        lines.append(f"stopped by the hand limit: {report.stopped} of "
                     f"{plural(report.games, 'game')} did not reach the rule file's game end "
                     f"within {HAND_LIMIT} hands; their totals count as they stood")
    return lines
