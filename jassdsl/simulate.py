"""Play many bot games quickly and sum them up: wins, mean totals, which clauses fired.

Game i gets its seed from a generator seeded with the run's seed, so one seed gives the
same report every time (apart from the timing fields), with any number of worker
processes (`jobs`): each game is played on its own, and the games are added to the report
in game order.

Random bots play the playout's random policy (`playout.choose`: a uniform choice among
the legal actions, declarations and bids included) with one generator per game, seeded
from the game seed (`policy_rng`), and run through the fast path `playout.play_random`,
which plays whole tricks in one loop. `PolicyBot` is the same policy as a bot for
`Game.apply`: both play the very same hands. Heuristic bots, and the random bots of
`mixed` (`RandomBot`, one generator per seat, as in `jassdsl play`), go through
`Game.apply`.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from jassdsl.bots import Bot, make_bots
from jassdsl.compiler import CompiledRules
from jassdsl.errors import JassError
from jassdsl.game import HAND_LIMIT, Game
from jassdsl.playout import play_random
from jassdsl.registry import display_path, load_rules, variant_path
from jassdsl.textview import plural, seat_names, subject_names

Progress = Callable[[int, int], None]  # (games done, hands done), called as games end


class SimulationError(JassError):
    """A game of a simulation failed; the message names the game and its seed."""


class GameSummary(NamedTuple):
    """What the report needs of one finished game (small: it crosses processes)."""

    hands: int
    clauses: dict[str, int]  # clause (or "(none)") -> hands, in the order they first fired
    winners: tuple[int, ...]
    stopped: bool  # cut off by the hand limit
    totals: dict[str, tuple[int, ...]]  # per unit, the final totals ({} without hands)


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
    clause_ids: list[str] = field(default_factory=list)  # the file's clauses, in its order
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

    def clause_counts(self) -> dict[str, int]:
        """Hands decided by each clause of the file, in its order, 0 where one never
        fired; then "(none)" for hands no clause scored, if there were any."""
        counts = {c: self.clauses[c] for c in self.clause_ids}
        counts.update((c, k) for c, k in self.clauses.items() if c not in counts)
        return counts

    def add(self, game: GameSummary) -> None:
        """Count one finished game (the games are added in game order)."""
        self.games += 1
        self.hands += game.hands
        self.clauses.update(game.clauses)
        for x in game.winners:
            self.wins[self.subjects[x]] += 1
        self.shared += len(game.winners) > 1
        self.stopped += game.stopped
        for unit, values in game.totals.items():
            sums = self.sums[unit]
            for x, v in enumerate(values):
                sums[x] += v

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
            "clauses": self.clause_counts(),
        }


def play_out(game: Game, bots: Sequence[Bot]) -> None:
    """Let the bots play until the game is over."""
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))


def policy_rng(game_seed: int) -> random.Random:
    """The one generator of the random policy in a game, derived from the game seed."""
    return random.Random(f"jassdsl-policy:{game_seed}")


def play_game(rules: CompiledRules, game_seed: int, bots: str) -> Game:
    """One whole game; random bots through the fast path, others through `Game.apply`."""
    game = Game(rules, seed=game_seed, record=False)
    if bots == "random":
        play_random(game, policy_rng(game_seed))
    else:
        play_out(game, make_bots(bots, rules.players, game_seed))
    return game


def summarize(game: Game) -> GameSummary:
    outcome = game.outcome()
    assert outcome is not None  # a game is summed up only when it is over
    results = game.results
    return GameSummary(len(results), Counter(r.clause or "(none)" for r in results),
                       outcome.winners, outcome.reason == "hand limit",
                       dict(results[-1].totals) if results else {})


def play_numbered(rules: CompiledRules, bots: str, number: int, game_seed: int) -> GameSummary:
    """Game `number` (from 1) of a run, with an error that says which game and seed failed."""
    try:
        return summarize(play_game(rules, game_seed, bots))
    except Exception as e:
        what = str(e) if isinstance(e, JassError) else f"{type(e).__name__}: {e}"
        raise SimulationError(f"game {number} (game seed {game_seed}) failed: {what}") from e


def game_seeds(seed: int, games: int) -> list[int]:
    seeds = random.Random(seed)
    return [seeds.randrange(2**32) for _ in range(games)]


def chunks(games: int, jobs: int) -> list[range]:
    """Game indices in runs for the workers: enough runs to share the work and show
    progress, each long enough that handing it over costs little."""
    size = max(1, min(64, math.ceil(games / (jobs * 8))))
    return [range(i, min(i + size, games)) for i in range(0, games, size)]


def simulate(variant: str, games: int, seed: int = 0, bots: str = "heuristic",
             options: dict[str, int | str] | None = None, jobs: int = 1,
             progress: Progress | None = None) -> SimReport:
    """Play ``games`` games of a variant with bots and collect a report.

    ``jobs`` > 1 plays them in that many worker processes; the report is the same."""
    if jobs < 1:
        raise ValueError(f"jobs must be >= 1, not {jobs}")
    rules = load_rules(variant, options)
    names = subject_names(rules, seat_names(rules.players))
    report = SimReport(rules.name, display_path(variant_path(variant)), seed, bots,
                       dict(rules.options), names, list(rules.units),
                       [c.id for c in rules.clauses])
    report.sums = {u: [0] * rules.subjects for u in rules.units}
    seeds = game_seeds(seed, games)
    start = time.perf_counter()
    if jobs == 1 or games == 1:
        for i, game_seed in enumerate(seeds):
            report.add(play_numbered(rules, bots, i + 1, game_seed))
            if progress is not None:
                progress(report.games, report.hands)
    else:
        from jassdsl.jobs import run_in_processes  # only a run with workers needs it

        def add_all(summaries: list[GameSummary]) -> None:
            for summary in summaries:
                report.add(summary)
            if progress is not None:
                progress(report.games, report.hands)

        work = [(bots, [(i + 1, seeds[i]) for i in run]) for run in chunks(games, jobs)]
        run_in_processes(load_rules, (variant, options), play_run, work, jobs, add_all)
    report.seconds = time.perf_counter() - start
    return report


def play_run(rules: CompiledRules, task: tuple[str, list[tuple[int, int]]],
             stopped: Callable[[], bool]) -> list[GameSummary]:
    """A worker's run of games (numbered, with their seeds); stops early when told to."""
    bots, numbered = task
    out = []
    for number, game_seed in numbered:
        if stopped():
            break
        out.append(play_numbered(rules, bots, number, game_seed))
    return out


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
    lines.append("clauses fired: " + ", ".join(
        f"{c} {k}" for c, k in report.clause_counts().items()))
    if report.stopped:
        lines.append(f"stopped by the hand limit: {report.stopped} of "
                     f"{plural(report.games, 'game')} did not reach the rule file's game end "
                     f"within {HAND_LIMIT} hands; their totals count as they stood")
    return lines
