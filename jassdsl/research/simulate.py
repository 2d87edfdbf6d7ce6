"""Play many bot games quickly and sum them up: wins, mean totals, which clauses fired.

Game i gets its seed from a generator seeded with the run's seed, so one seed gives the
same report every time (apart from the timing fields), with any number of worker
processes (`jobs`): each game is played on its own, and the games are added to the report
in game order. Where several kinds of bot take the seats in turn, consecutive games share
a seed, one game for each turn of the seats (`game_seeds`): duplicate play.

Random bots play the playout's random policy (`playout.choose`: a uniform choice among
the legal actions, declarations and bids included) with one generator per game, seeded
from the game seed (`policy_rng`), and run through the fast path `playout.play_random`,
which plays whole tricks in one loop where that loop covers the file
(`playout.uncovered`), else through `Game.apply`: the same hands either way. `PolicyBot` is the same policy as a bot for
`Game.apply`: both play the very same hands. Heuristic bots, and the random bots of
`mixed` (`RandomBot`, one generator per seat, as in `jassdsl play`), make their decisions
through `Game.apply`, their cards in whole tricks (`bots.tricks.play_bots`) where the random
policy's loop would play them: the same hands either way.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from jassdsl.bots.kinds import Timed, bot_kinds, make_bots, seat_kinds, timed
from jassdsl.bots.random_bot import PolicyBot
from jassdsl.bots.tricks import play_bots
from jassdsl.bots.view import Bot
from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.errors import JassError
from jassdsl.engine import HAND_LIMIT, Game
from jassdsl.engine.chain import Chain
from jassdsl.engine.playout import play_random
from jassdsl.engine.records import stopped
from jassdsl.registry import display_path, load_rules, variant_path
from jassdsl.research.records import RecordsError, RecordWriter, Row, hand_rows
from jassdsl.research.stats import Tally, mean_text, rate, rate_text
from jassdsl.rulebook.textview import plural, seat_names, subject_names

if TYPE_CHECKING:
    from jassdsl.pyplay.hand import Playout

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
    modes: dict[str, int]  # the hands' modes ("none": no trump set) -> hands
    weis: int  # hands in which a player declared a Weis
    stoeck: int  # hands in which Stöck counted
    match: int  # hands in which one side took every trick
    points: tuple[tuple[int, int], ...]  # per subject: sum and squares of card points a hand
    rows: tuple[Row, ...] | None = None  # the game's records, when asked for
    won_by: str = ""  # the kind of bot of the winners, where several kinds played ("": shared)
    kinds: tuple[str, ...] = ()  # per seat its kind of bot, where several kinds played
    decisions: tuple[tuple[str, int, float], ...] = ()  # per timed seat: kind, count, seconds


def add_counts(counts: Counter[str], more: dict[str, int]) -> None:
    """``counts.update(more)`` without its generic checks (once per game: kept lean)."""
    for key, n in more.items():
        counts[key] += n


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
    # this process's CPU time over the same play (workers' not included); not in --json
    cpu_seconds: float = 0.0
    wins: Counter[str] = field(default_factory=Counter)
    shared: int = 0  # games won jointly by several players or teams
    stopped: int = 0  # games cut off by the engine's hand limit
    finals: dict[str, list[Tally]] = field(default_factory=dict)  # per unit, per subject
    clauses: Counter[str] = field(default_factory=Counter)
    hands_per_game: Tally = field(default_factory=Tally)
    points: list[Tally] = field(default_factory=list)  # per subject: card points a hand
    modes: Counter[str] = field(default_factory=Counter)
    weis: int = 0
    stoeck: int = 0
    match: int = 0
    rows: list[Row] | None = None  # every record, when `simulate(keep_rows=True)`
    paths: Counter[str] = field(default_factory=Counter)  # games per path that played them
    compiled_why_not: str = ""  # why the compiled path did not play ('' where it did)
    playout_why_not: str = ""  # why the pure-Python playout did not ('' where it did)
    kind_wins: Counter[str] = field(default_factory=Counter)  # games won by a kind alone
    kind_seats: Counter[str] = field(default_factory=Counter)  # seats a kind held, all games
    decisions: dict[str, list[float]] = field(default_factory=dict)  # kind -> [count, s]

    def kinds(self) -> list[str]:
        """The kinds of bot of the run, where several played (`bots.bot_kinds`)."""
        return list(dict.fromkeys(bot_kinds(self.bots))) if "," in self.bots else []

    def kind_report(self) -> dict[str, Any]:
        """Per kind of bot (where several played): the games it won alone with their Wilson
        interval, the share of the seats it held (what it would win by chance), and the
        mean time of its decisions where it had a choice (bots other than the heuristic
        and random ones; a timing field, like `seconds`)."""
        seats = sum(self.kind_seats.values()) or 1
        out: dict[str, Any] = {}
        for kind in self.kinds():
            count, spent = self.decisions.get(kind, [0, 0.0])
            out[kind] = {"wins": rate(self.kind_wins[kind], self.games),
                         "seat_share": round(self.kind_seats[kind] / seats, 6),
                         "decisions": int(count),
                         "decision_ms": round(1000 * spent / count, 3) if count else None}
        return out

    @property
    def hands_per_sec(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_sec(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def mean_totals(self) -> dict[str, dict[str, float]]:
        """Per unit and player (or team): the average final total."""
        n = max(self.games, 1)
        return {u: {s: round(v.total / n, 2) for s, v in zip(self.subjects, tallies,
                                                              strict=True)}
                for u, tallies in self.finals.items()}

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
        self.hands_per_game.add(game.hands)
        add_counts(self.clauses, game.clauses)
        for x in game.winners:
            self.wins[self.subjects[x]] += 1
        self.shared += len(game.winners) > 1
        self.stopped += game.stopped
        for unit, tallies in self.finals.items():
            values = game.totals.get(unit, (0,) * len(tallies))  # a game without hands: 0
            for tally, v in zip(tallies, values, strict=True):
                tally.add(v)
        add_counts(self.modes, game.modes)
        self.weis += game.weis
        self.stoeck += game.stoeck
        self.match += game.match
        for tally, (total, squares) in zip(self.points, game.points, strict=True):
            tally.merge(Tally(game.hands, total, squares))
        if self.rows is not None and game.rows is not None:
            self.rows.extend(game.rows)
        if game.kinds:
            self.kind_wins[game.won_by] += bool(game.won_by)
            add_counts(self.kind_seats, Counter(game.kinds))
        for kind, count, spent in game.decisions:
            made = self.decisions.setdefault(kind, [0, 0.0])
            made[0] += count
            made[1] += spent

    def header(self) -> dict[str, Any]:
        """What the run is: the variant, its options, seed, bots, subjects and units."""
        return {"variant": self.variant, "path": self.path, "seed": self.seed,
                "bots": self.bots, "options": self.options, "subjects": self.subjects,
                "units": self.units, "clauses": self.clause_ids}

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "path": self.path,
            "seed": self.seed,
            "bots": self.bots,
            "options": self.options,
            "subjects": self.subjects,
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
            "win_rates": {s: rate(self.wins[s], self.games) for s in self.subjects},
            "final_totals": {u: {s: t.summary() for s, t in zip(self.subjects, tallies,
                                                                strict=True)}
                             for u, tallies in self.finals.items()},
            "hands_per_game": self.hands_per_game.summary(),
            "card_points_per_hand": {s: t.summary() for s, t in zip(self.subjects,
                                                                    self.points, strict=True)},
            "trump_modes": {m: rate(k, self.hands) for m, k in self.mode_counts().items()},
            "weis_hands": rate(self.weis, self.hands),
            "stoeck_hands": rate(self.stoeck, self.hands),
            "match_hands": rate(self.match, self.hands),
            "clause_rates": {c: rate(k, self.hands) for c, k in self.clause_counts().items()},
            "games_by_path": dict(self.paths),
            "compiled_path": {"played": self.paths[COMPILED] == self.games > 0,
                              "why_not": self.compiled_why_not},
            "playout_path": {"played": self.paths[PLAYOUT] == self.games > 0,
                             "why_not": self.playout_why_not},
            **({"bot_kinds": self.kind_report()} if self.kinds() else {}),
        }

    def mode_counts(self) -> dict[str, int]:
        """Hands per mode, the most frequent first (ties by name)."""
        return dict(sorted(self.modes.items(), key=lambda mk: (-mk[1], mk[0])))


# the paths that play a simulation's games: numba's, the pure-Python playout, the engine
COMPILED, PLAYOUT, PYTHON = "compiled", "playout", "python"


def compiled_why_not(rules: CompiledRules, bots: str, rows: bool | str, cluster: Any) -> str:
    """Why the compiled path (`jassdsl.fast`) does not play these games ('': it does):
    it plays random bots' games of the files and constructs it covers, without records."""
    if bots != "random":
        return "the bots are not random"
    if rows or cluster is not None:
        return "records or a cluster ask for the engine's games"
    from jassdsl.fast import available

    missing = available()
    if missing:
        return missing
    from jassdsl.fast.games import reasons

    return "; ".join(reasons(rules))


def play_compiled(rules: CompiledRules, seeds: list[int], first: int, size: int = 4096
                  ) -> Iterator[list[GameSummary]]:
    """The games of `seeds` (numbered from `first` + 1) on the compiled path, in runs of
    `size` played in lockstep: the same summaries as `play_numbered` gives. A game whose
    invariant fails is played again by the engine, which raises the error it raises."""
    from jassdsl.fast.games import runner_for

    runner = runner_for(rules)
    for start in range(0, len(seeds), size):
        run = seeds[start:start + size]
        try:
            done = runner.play(run, [POLICY_SEED.format(x) for x in run])
        except Exception as e:
            raise SimulationError(f"games {first + start + 1} to {first + start + len(run)} "
                                  f"failed on the compiled path: {type(e).__name__}: {e}"
                                  ) from e
        for i, x in enumerate(done):
            if x.broken:
                number = first + start + i + 1
                play_numbered(rules, "random", number, seeds[number - first - 1])
                raise SimulationError(f"game {number} (game seed {seeds[number - first - 1]})"
                                      " failed an invariant on the compiled path only")
        yield [GameSummary(x.hands, x.clauses, x.winners, x.stopped, x.totals, x.modes,
                           x.weis, x.stoeck, x.match, x.points) for x in done]


def playout_why_not(rules: CompiledRules, bots: str, rows: bool | str, cluster: Any) -> str:
    """Why the pure-Python playout (`jassdsl.pyplay`) does not play these games where the
    compiled path does not ('': it does): random bots' games of the files it covers."""
    if bots != "random":
        return "the bots are not random"
    if rows or cluster is not None:
        return "records or a cluster ask for the engine's games"
    from jassdsl.pyplay.cover import reasons

    return "; ".join(reasons(rules))


def play_playout(rules: CompiledRules, numbered: Sequence[tuple[int, int]],
                 stopped: Callable[[], bool] = lambda: False,
                 playout: Playout | None = None) -> Iterator[GameSummary]:
    """The games (numbered, with their seeds) on the pure-Python playout (`playout`, made
    here if not given): the same summaries as `play_numbered` gives; stops early when told
    to. A game whose invariant fails is played again by the engine, which raises the error
    it raises."""
    from jassdsl.pyplay.hand import Playout

    playout = playout if playout is not None else Playout(rules)
    for number, game_seed in numbered:
        if stopped():
            break
        try:
            x = playout.game(game_seed)
        except Exception as e:
            raise SimulationError(f"game {number} (game seed {game_seed}) failed on "
                                  f"the playout: {type(e).__name__}: {e}") from e
        if x.broken:
            play_numbered(rules, "random", number, game_seed)
            raise SimulationError(f"game {number} (game seed {game_seed}) failed an "
                                  "invariant on the playout only")
        yield GameSummary(x.hands, x.clauses, x.winners, x.stopped, x.totals, x.modes,
                          x.weis, x.stoeck, x.match, x.points)


def play_out(game: Game, bots: Sequence[Bot]) -> None:
    """Let the bots play until the game is over."""
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))


POLICY_SEED = "jassdsl-policy:{}"  # the seed of a game's policy generator, from the game's


def policy_rng(game_seed: int) -> random.Random:
    """The one generator of the random policy in a game, derived from the game seed."""
    return random.Random(POLICY_SEED.format(game_seed))


def play_game(rules: CompiledRules, game_seed: int, bots: str, events: bool = False,
              turn: int = 0, timing: list[tuple[str, int, float]] | None = None,
              history: bool = False) -> Game:
    """One whole game; random bots through the fast path, others through `Game.apply`.

    With `events` the game keeps its event log (for records) and is played through
    `Game.apply` only, random bots as `PolicyBot`: the same hands as the fast path.
    Several kinds of bots (``A,B``) take the seats in turn, moved on by `turn` seats
    (`bots.kinds.make_bots`). Given a list `timing`, each seat whose bot is not played in the
    fast trick loop adds (kind, decisions, seconds) to it (`bots.Timed`). With `history`
    the game keeps its actions (for the rows per action), all played through
    `Game.apply`: the same game."""
    game = Game(rules, seed=game_seed, record=history, events=events,
                chain=Chain.shared(rules))
    if bots == "random" and not events and not history:
        play_random(game, policy_rng(game_seed))
    elif bots == "random":
        play_out(game, [PolicyBot(policy_rng(game_seed))] * rules.players)
    else:
        players = make_bots(bots, rules.players, game_seed, turn, rules)
        if timing is not None:
            players = timed(players)
        play_bots(game, players)
        if timing is not None:
            kinds = seat_kinds(bots, rules.players, turn)
            timing.extend((kinds[x], b.decisions, b.seconds)
                          for x, b in enumerate(players) if isinstance(b, Timed))
    return game


def won_by(game: Game, kinds: Sequence[str], winners: Sequence[int]) -> str:
    """The kind of bot of every seat of the winners, or "" where several kinds won."""
    team = game.rules.team_of
    found = {kinds[x] for x in range(game.n) if team[x] in winners}
    return found.pop() if len(found) == 1 else ""


def summarize(game: Game, rows: tuple[Row, ...] | None = None, kinds: Sequence[str] = (),
              decisions: Sequence[tuple[str, int, float]] = ()) -> GameSummary:
    outcome = game.outcome()
    assert outcome is not None  # a game is summed up only when it is over
    results = game.results
    rules = game.rules
    sums = [0] * rules.subjects
    squares = [0] * rules.subjects
    modes: Counter[str] = Counter()
    weis = stoeck = match = 0
    team_of = rules.team_of
    for r in results:  # once per hand of every game: kept lean
        modes[str(r.trump)] += 1
        said = r.part("weis", "weis", ())  # the Weise declared, where the file has Weis
        if said:
            weis += any(said)
        if r.bonuses:
            stoeck += any(r.bonuses.get("stoeck", ()))
        tricks = r.tricks
        if tricks:
            side = team_of[tricks[0].winner]
            match += all(team_of[t.winner] == side for t in tricks)  # as took_every_trick
        for x, p in enumerate(r.points):
            sums[x] += p
            squares[x] += p * p
    return GameSummary(len(results), Counter(r.clause or "(none)" for r in results),
                       outcome.winners, stopped(outcome.reason),
                       dict(results[-1].totals) if results else {}, dict(modes), weis,
                       stoeck, match, tuple(zip(sums, squares, strict=True)), rows,
                       won_by(game, kinds, outcome.winners) if kinds else "", tuple(kinds),
                       tuple(decisions))


def play_numbered(rules: CompiledRules, bots: str, number: int, game_seed: int,
                  records: bool | str = False) -> GameSummary:
    """Game `number` (from 1) of a run, with an error that says which game and seed failed;
    with `records`, its rows go with it: per hand and game (`jassdsl.research.records`),
    or per action where `records` is "action" (`jassdsl.research.trajectories`)."""
    try:
        timing: list[tuple[str, int, float]] = []
        per_action = records == "action"
        game = play_game(rules, game_seed, bots, events=bool(records) and not per_action,
                         turn=number - 1, timing=timing, history=per_action)
        kinds = seat_kinds(bots, rules.players, number - 1) if "," in bots else []
        if per_action:  # only records per action need numpy (the research extra)
            from jassdsl.research import trajectories
        rows = (tuple(trajectories.rows(game, number, game_seed)) if per_action else
                tuple(hand_rows(game, number, game_seed)) if records else None)
        return summarize(game, rows, kinds, timing)
    except Exception as e:
        what = str(e) if isinstance(e, JassError) else f"{type(e).__name__}: {e}"
        raise SimulationError(f"game {number} (game seed {game_seed}) failed: {what}") from e


def game_seeds(seed: int, games: int, kinds: int = 1) -> list[int]:
    """The seed of each game of a run. Where several kinds of bot play (`kinds` of them,
    taking the seats in turn), each seed serves that many games in a row, one for each
    turn of the seats: every kind plays every seat of the same deals (duplicate play), so
    the luck of the cards evens out between the kinds."""
    seeds = random.Random(seed)
    drawn = [seeds.randrange(2**32) for _ in range(-(-games // kinds))]
    return [s for s in drawn for _ in range(kinds)][:games]


def chunks(games: int, jobs: int) -> list[range]:
    """Game indices in runs for the workers: enough runs to share the work and show
    progress, each long enough that handing it over costs little."""
    size = max(1, min(64, math.ceil(games / (jobs * 8))))
    return [range(i, min(i + size, games)) for i in range(0, games, size)]


def simulate(variant: str | os.PathLike[str], games: int, seed: int = 0,
             bots: str = "heuristic", options: dict[str, int | str] | None = None,
             jobs: int = 1, progress: Progress | None = None, *,
             records: str | os.PathLike[str] | None = None, keep_rows: bool = False,
             cluster: Any = None, compiled: bool = True, per: str = "hand") -> SimReport:
    """Play ``games`` games of a variant with bots and collect a report.

    ``jobs`` > 1 plays them in that many worker processes, ``cluster`` (a Dask scheduler's
    address, or a `distributed.Client`) on a Dask cluster; the report is the same. ``records`` writes one row per
    hand and per game to a file (JSON Lines or Parquet by its suffix); ``keep_rows``
    keeps those rows in ``report.rows``. Random bots' games of a file the compiled path
    covers are played there where it is installed (``compiled=False``: never), in this
    process whatever ``jobs`` (it plays them faster than workers would), with the same
    report; ``report.paths`` and its JSON say which path played them, and why not.
    ``per="action"`` makes the records one row per action instead (`jassdsl.research.trajectories`: what the seat saw,
    the legal mask, the action, the hand's reward)."""
    if jobs < 1:
        raise ValueError(f"jobs must be >= 1, not {jobs}")
    if per not in ("hand", "action"):
        raise ValueError(f"records are kept per hand or per action, not {per!r}")
    variant = os.fspath(variant)
    rules = load_rules(variant, options)
    names = subject_names(rules, seat_names(rules.players))
    report = SimReport(rules.name, display_path(variant_path(variant)), seed, bots,
                       dict(rules.options), names, list(rules.units),
                       [c.id for c in rules.clauses])
    report.finals = {u: [Tally() for _ in range(rules.subjects)] for u in rules.units}
    report.points = [Tally() for _ in range(rules.subjects)]
    report.rows = [] if keep_rows else None
    rows: bool | str = False
    if records is not None or keep_rows:
        rows = "action" if per == "action" else True
    columns: list[tuple[str, str]] | None = None
    if per == "action":  # only records per action need numpy (the research extra)
        try:
            from jassdsl.research import trajectories
        except ImportError:
            raise RecordsError("records per action need numpy: pip install "
                               "'jassdsl[research]'") from None
        columns = trajectories.COLUMNS
    writer = None if records is None else RecordWriter(records, rules, report.header(), columns)
    seeds = game_seeds(seed, games, len(bot_kinds(bots)) if "," in bots else 1)

    def add_all(summaries: list[GameSummary]) -> None:
        for summary in summaries:
            report.add(summary)
            if writer is not None and summary.rows is not None:
                writer.write(summary.rows)
        if progress is not None:
            progress(report.games, report.hands)

    why_not = compiled_why_not(rules, bots, rows, cluster) if compiled else "turned off"
    report.compiled_why_not = why_not
    slow_why = playout_why_not(rules, bots, rows, cluster) if why_not else "the compiled path plays"
    report.playout_why_not = slow_why
    if not why_not:  # its tables and compiled code are set-up, as compiling the rules is
        from jassdsl.fast.games import runner_for

        runner_for(rules)
    playout = None  # the pure-Python playout, when it plays the games in this process
    if why_not and not slow_why and (jobs == 1 or games == 1):
        from jassdsl.pyplay.hand import Playout  # its card loop, written and compiled

        playout = Playout(rules)
    start, cpu = time.perf_counter(), time.process_time()
    try:
        if not why_not:
            for summaries in play_compiled(rules, seeds, 0):
                report.paths[COMPILED] += len(summaries)
                for summary in summaries:  # progress game by game, as the engine's path
                    add_all([summary])
        elif playout is not None:
            for summary in play_playout(rules, list(enumerate(seeds, 1)), playout=playout):
                report.paths[PLAYOUT] += 1
                add_all([summary])
        elif cluster is not None:
            from jassdsl.research.cluster import run_on_cluster  # only a run on a cluster needs it

            work = [(bots, rows, [(i + 1, seeds[i]) for i in run])
                    for run in chunks(games, 64)]
            run_on_cluster(cluster, (variant, options), work, add_all, play_run)
            report.paths[PYTHON] += report.games
        elif jobs == 1 or games == 1:
            for i, game_seed in enumerate(seeds):
                add_all([play_numbered(rules, bots, i + 1, game_seed, rows)])
            report.paths[PYTHON] += report.games
        else:  # workers, on the playout where it plays the games, else on the engine
            from jassdsl.research.jobs import run_in_processes  # only a run with workers needs it

            work = [(bots, rows, [(i + 1, seeds[i]) for i in run])
                    for run in chunks(games, jobs)]
            run_in_processes(load_rules, (variant, options),
                             play_run if slow_why else playout_run, work, jobs, add_all)
            report.paths[PYTHON if slow_why else PLAYOUT] += report.games
    finally:
        if writer is not None:
            writer.close()
    report.seconds = time.perf_counter() - start
    report.cpu_seconds = time.process_time() - cpu
    return report


Task = tuple[str, bool | str, list[tuple[int, int]]]  # bots, rows (True, "action"), games


def play_run(rules: CompiledRules, task: Task, stopped: Callable[[], bool]) -> list[GameSummary]:
    """A worker's run of games (numbered, with their seeds); stops early when told to."""
    bots, rows, numbered = task
    out = []
    for number, game_seed in numbered:
        if stopped():
            break
        out.append(play_numbered(rules, bots, number, game_seed, rows))
    return out


def playout_run(rules: CompiledRules, task: Task, stopped: Callable[[], bool]
                ) -> list[GameSummary]:
    """A worker's run of games on the pure-Python playout (`play_run`'s twin)."""
    return list(play_playout(rules, task[2], stopped))


def report_lines(report: SimReport) -> list[str]:
    """The report for people: every figure with its spread or its 95% interval (means:
    ± the half-width of the interval, and the standard deviation; rates: Wilson)."""
    n, hands = report.games, report.hands
    lines = [
        f"{report.variant}: {report.games} games, {report.hands} hands in "
        f"{report.seconds:.2f} s ({report.hands_per_sec:.0f} hands/s, "
        f"{report.games_per_sec:.1f} games/s); seed {report.seed}, bots {report.bots}",
        "wins: " + ", ".join(f"{s} {rate_text(report.wins[s], n)}" for s in report.subjects)
        + (f" ({report.shared} shared)" if report.shared else ""),
    ]
    for unit, tallies in report.finals.items():
        lines.append(f"mean final {unit}: " + ", ".join(
            f"{s} {mean_text(t)}" for s, t in zip(report.subjects, tallies, strict=True)))
    lines.append(f"hands per game: {mean_text(report.hands_per_game)}")
    lines.append("card points per hand: " + ", ".join(
        f"{s} {mean_text(t)}" for s, t in zip(report.subjects, report.points, strict=True)))
    lines.append("trump modes (hands): " + ", ".join(
        f"{m} {rate_text(k, hands)}" for m, k in report.mode_counts().items()))
    lines.append(f"hands with a Weis declared: {rate_text(report.weis, hands)}; with Stöck: "
                 f"{rate_text(report.stoeck, hands)}; where one side took every trick: "
                 f"{rate_text(report.match, hands)}")
    lines.append("clauses fired: " + ", ".join(
        f"{c} {k}" for c, k in report.clause_counts().items()))
    if hands:
        lines.append("clauses (share of hands): " + ", ".join(
            f"{c} {rate_text(k, hands)}" for c, k in report.clause_counts().items()))
    if report.stopped:
        lines.append(f"stopped by the hand limit: {report.stopped} of "
                     f"{plural(report.games, 'game')} did not reach the rule file's game end "
                     f"within {HAND_LIMIT} deals (hands played or dealt anew); their totals count as "
                     "they stood")
    for kind, figures in report.kind_report().items():
        wins = figures["wins"]
        ms = figures["decision_ms"]
        lines.append(f"bot {kind}: wins {rate_text(wins['count'], wins['of'])} "
                     f"(seats held {100 * figures['seat_share']:.0f}%)"
                     + (f", {ms:.1f} ms a decision ({figures['decisions']} decisions)"
                        if ms is not None else ""))
    lines.append("± is the half-width of the 95% interval of the mean, sd the spread; "
                 "rates with their 95% Wilson interval")
    return lines
