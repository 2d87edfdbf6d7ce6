"""`jassdsl check` plays what it accepts: a bounded exploration of a valid rule file.

The static check cannot see every rule that contradicts itself: a house rule that drops
Stöck from the scoring passes it, and the file's own invariant fails on the first hand
with Stöck. So for every option set (the defaults, then each other choice of one option)
the check plays seeded hands on each way a file is played: `Game.apply` with random and
with heuristic bots (as `jassdsl play --seed N --bots KIND` plays them) and the fast loop
(`playout.play_random`, as `jassdsl simulate --bots random` plays game K of seed 0).

What it finds is placed in the file like a static error: an invariant that does not hold
(at the invariant, with the clause that scored the hand, the hand, and the values its
comparisons compared), an engine failure (at the statement of the phase that failed, with
the command that replays it), a hand that does not end within STEPS_PER_HAND actions, a
game that stops at the engine's hand limit. Warnings: a scoring clause that scored none
of the hands played, and an option whose values gave the same hands and scores.

Bounded: `hands` per option set and way (fewer each where a file has more than
FULL_SETS option sets), and a budget of hands in all (`budget`: each option set's rules
count as COMPILE_HANDS hands), counted, not timed, so that the same file, size and
language give the same report on any machine (the seeds are fixed); a report is kept
while the file is unchanged.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from jassdsl.bots.kinds import make_bots
from jassdsl.compile.compiler import CompiledRules, option_value
from jassdsl.compile.exprsource import Compiler
from jassdsl.compile.handfacts import HandFacts
from jassdsl.core import model as m
from jassdsl.core.errors import InvariantError, RuleError
from jassdsl.core.pos import FILE_START, Pos
from jassdsl.engine import HAND_LIMIT, Game, HandResult
from jassdsl.engine.chain import Chain
from jassdsl.engine.playout import play_random
from jassdsl.registry import display_path, load_rules, read_rule_text
from jassdsl.research.simulate import policy_rng
from jassdsl.rulebook.words import Lang, say

HANDS = 200  # per option set and way of playing, by default (see the report of issue 29)
WATCH_HANDS = 60  # what `jassdsl serve --watch` plays on each save
FULL_SETS = 4  # a file with more option sets plays HANDS * FULL_SETS / sets hands each
MIN_HANDS = 20  # ... but never fewer
COMPILE_HANDS = 10  # what compiling one option set's rules counts for in the budget
STEPS_PER_HAND = 5_000  # actions in one hand: a hand that takes more does not end
NOOP_TIMES = 10  # an option's values are compared over this many times the hands of a set
WAYS = ("random", "heuristic", "fast")
COMPARISONS = frozenset({"=", "!=", "<", "<=", ">", ">="})
KIND = "explore"
MANY = 5  # options named in one warning, the rest counted


@dataclass(frozen=True)
class Finding:
    """One diagnostic: where it is, and further places it names (the clause that scored)."""

    error: RuleError
    also: tuple[RuleError, ...] = ()

    def render(self, source: str, lang: Lang = "en") -> str:
        return "\n".join(e.render(source, lang) for e in (self.error, *self.also))


@dataclass(frozen=True)
class Report:
    errors: tuple[Finding, ...]
    warnings: tuple[Finding, ...]
    hands: int  # played in all
    notes: tuple[str, ...] = ()  # what was left unplayed (the time bound)


@dataclass
class Played:
    """What one option set gave on one way of playing: per game its hands and how it
    ended (to compare an option's values), and the hands in all."""

    games: list[tuple[tuple[HandResult, ...], object]] = field(default_factory=list)
    hands: int = 0


def option_sets(rules: CompiledRules) -> list[dict[str, int | str]]:
    """The defaults ({}), then each other choice of each option, one option at a time (the
    sets `check` compiles, and those of every option that is a constant in expressions)."""
    sets: list[dict[str, int | str]] = [{}]
    for opt in rules.model.options:
        default = option_value(opt.default)
        sets += [{opt.name: option_value(c)} for c in opt.choices if option_value(c) != default]
    return sets


def per_set(hands: int, sets: int) -> int:
    """Hands per option set and way: `hands`, fewer where there are many sets."""
    return max(min(hands, MIN_HANDS), min(hands, hands * FULL_SETS // max(sets, 1)))


def budget(hands: int) -> int:
    """The hands an exploration of `hands` per set and way may play in all: the sets of a
    file of FULL_SETS option sets on every way, their comparisons, and one whole game."""
    return hands * FULL_SETS * (len(WAYS) + NOOP_TIMES) + HAND_LIMIT


def explore(path: Path, hands: int = HANDS, lang: Lang = "en") -> Report:
    """The exploration of a file that the static check accepted (kept while it is
    unchanged: the suite and `serve --watch` ask again), within `budget(hands)`."""
    return _explore(str(path), path.stat().st_mtime, hands, budget(hands), lang)


def found_text(path: Path, hands: int, lang: Lang = "en") -> str:
    """What an exploration of `hands` found wrong, as `check` prints it ('' when nothing):
    for a page that shows a watched file's check errors (`jassdsl serve --watch`)."""
    report = explore(path, hands, lang=lang)
    text = read_rule_text(path)
    return "\n".join(f.render(text, lang) for f in report.errors)


@lru_cache(maxsize=64)
def _explore(path: str, mtime: float, hands: int, allowed: int, lang: Lang) -> Report:
    return Explorer(Path(path), hands, allowed, lang).run()


class Explorer:
    """Plays one file's option sets on every way and collects what went wrong."""

    def __init__(self, path: Path, hands: int, allowed: int, lang: Lang) -> None:
        self.path, self.hands, self.allowed, self.lang = path, hands, allowed, lang
        self.shown = display_path(path)
        self.rules = load_rules(path)
        self.text = read_rule_text(path)
        self.errors: list[Finding] = []
        self.seen: set[str] = set()  # one report per invariant, failure or end
        self.fired: set[str] = set()
        self.played = 0
        self.spent = 0  # hands played (and rules compiled, COMPILE_HANDS each) so far
        self.late = False
        self.each = hands

    def over_time(self) -> bool:
        """Whether the budget is spent (from then on nothing more is played)."""
        self.late = self.late or self.spent >= self.allowed
        return self.late

    def spend(self, hands: int) -> None:
        self.spent += hands

    def run(self) -> Report:
        sets = option_sets(self.rules)
        each = self.each = per_set(self.hands, len(sets))
        played: dict[int, list[Played]] = {}  # per option set, per way
        left: list[str] = []
        for k, options in enumerate(sets):
            if self.over_time():
                left.append(self.options_text(options))
                continue
            rules = load_rules(self.path, options)
            self.spend(COMPILE_HANDS)
            played[k] = [*(self.bots(rules, options, kind, each) for kind in WAYS[:2]),
                         self.fast(rules, options, each)]
            if self.late:  # stopped inside this set: the rest of it is not played either
                left.append(say(self.lang, "explore.rest", options=self.options_text(options)))
        # what was not played could have fired a clause or told an option's values apart
        warnings = [*self.never_fired(), *self.no_change(sets, played)] if not left else []
        more = say(self.lang, "explore.more", n=len(left) - MANY) if len(left) > MANY else ""
        notes = (say(self.lang, "explore.stopped", path=self.shown, hands=self.allowed,
                     left=", ".join(left[:MANY]) + more),) if left else ()
        return Report(tuple(self.errors), tuple(warnings), self.played, notes)

    # -- the ways of playing
    def bots(self, rules: CompiledRules, options: dict[str, int | str], kind: str,
             hands: int) -> Played:
        """Games of `Game.apply`, every seat a bot of `kind`, seeds 0, 1, ... until
        `hands` hands are played (the last game cut short)."""
        way = say(self.lang, "explore.game", kind=kind)
        seed = 0
        out = Played()
        while out.hands < hands and not self.over_time():
            game = self.new_game(rules, options, way, seed,
                                 self.play_command(options, seed, kind))
            if game is None:
                break
            agents = make_bots(kind, rules.players, seed)
            steps = 0
            done = len(game.results)
            try:
                while not game.is_over and len(game.results) < hands - out.hands:
                    seat = game.current_player
                    game.apply(agents[seat].choose(game, seat))
                    steps += 1
                    if len(game.results) != done:
                        self.spend(len(game.results) - done)
                        done, steps = len(game.results), 0
                    elif steps > STEPS_PER_HAND:
                        self.no_end(rules, game, options, way, seed,
                                    self.play_command(options, seed, kind))
                        break
            except Exception as err:  # what the file makes the engine do: reported
                self.failed(rules, game, err, options, way, seed,
                            self.play_command(options, seed, kind))
                self.count(game.results)
                break
            self.count(game.results)
            out.games.append((tuple(game.results), game.outcome()))
            out.hands += len(game.results)
            seed += 1
        return out

    def fast(self, rules: CompiledRules, options: dict[str, int | str],
             hands: int) -> Played:
        """Games of the fast loop (game K of `simulate --seed 0`): the first to its end,
        the others until `hands` hands are played."""
        way = say(self.lang, "explore.fast")
        out = Played()
        for number, seed in enumerate(fast_seeds()):
            if (number and out.hands >= hands) or self.over_time():
                break
            limit = HAND_LIMIT if number == 0 else hands - out.hands
            made = self.fast_game(rules, options, way, seed, number, limit)
            if made is None:
                break
            game, ended = made
            out.games.append((tuple(game.results), game.outcome()))
            out.hands += len(game.results)
            if not ended:
                break
        return out

    def fast_game(self, rules: CompiledRules, options: dict[str, int | str], way: str,
                  seed: int, number: int, hands: int) -> tuple[Game, bool] | None:
        """One game of the fast loop, hand by hand; whether it went as far as asked (None:
        it failed at its first deal)."""
        command = self.simulate_command(options, number)
        game = self.new_game(rules, options, way, seed, command)
        if game is None:
            return None
        rng = policy_rng(seed)
        try:
            while not game.is_over and len(game.results) < hands and not self.over_time():
                self.spend(1)
                if not play_random(game, rng, 1, STEPS_PER_HAND) and not game.is_over:
                    self.no_end(rules, game, options, way, seed, command)
                    return game, False
        except Exception as err:
            self.failed(rules, game, err, options, way, seed, command)
            self.count(game.results)
            return game, False
        self.count(game.results)
        outcome = game.outcome()
        own = rules.end_hands is not None and game.hand_number >= rules.end_hands
        if outcome is not None and outcome.reason == "hand limit" and not own:
            self.once("limit", self.end_pos(rules), say(
                self.lang, "explore.no_end_game", seed=seed, options=self.options_text(options),
                way=way, limit=HAND_LIMIT), command)
        return game, True

    def new_game(self, rules: CompiledRules, options: dict[str, int | str], way: str,
                 seed: int, command: str) -> Game | None:
        """A game at its first deal (None: the deal failed, which is reported at the
        file's deal)."""
        try:
            return Game(rules, seed=seed, record=False, chain=Chain.shared(rules))
        except Exception as err:
            hand = say(self.lang, "explore.hand", hand=1, seed=seed,
                       options=self.options_text(options), way=way)
            self.once(f"crash {type(err).__name__} deal", rules.model.deal.pos, say(
                self.lang, "explore.crash", hand=hand, error=f"{type(err).__name__}: {err}"),
                command)
            return None

    def count(self, results: list[HandResult]) -> None:
        self.played += len(results)
        self.fired.update(r.clause for r in results)

    # -- what went wrong
    def once(self, key: str, pos: Pos, message: str, command: str,
             also: tuple[RuleError, ...] = ()) -> None:
        """A finding, the first time its key is seen (one report per invariant, ...)."""
        if key in self.seen:
            return
        self.seen.add(key)
        replay = say(self.lang, "explore.replay", command=command)
        self.errors.append(Finding(RuleError(self.shown, pos, KIND, f"{message}; {replay}"),
                                   also))

    def hand_text(self, game: Game, options: dict[str, int | str], way: str,
                  seed: int) -> str:
        return say(self.lang, "explore.hand", hand=game.hand_number, seed=seed,
                   options=self.options_text(options), way=way)

    def failed(self, rules: CompiledRules, game: Game, err: Exception,
               options: dict[str, int | str], way: str, seed: int, command: str) -> None:
        hand = self.hand_text(game, options, way, seed)
        if isinstance(err, InvariantError) and err.invariant:
            self.invariant(rules, err, hand, command)
            return
        what = f"{type(err).__name__}: {err}"
        self.once(f"crash {type(err).__name__} {game.phase}", self.phase_pos(rules, game),
                  say(self.lang, "explore.crash", hand=hand, error=what), command)

    def invariant(self, rules: CompiledRules, err: InvariantError, hand: str,
                  command: str) -> None:
        rf = rules.model
        inv = next(i for i in rf.invariants if i.id == err.invariant)
        facts = err.facts if isinstance(err.facts, HandFacts) else None
        compared = self.compared(rules, inv.expr, facts) if facts is not None else ""
        clause = next((c for c in rf.clauses if c.id == err.clause), None)
        note = (RuleError(self.shown, clause.pos, KIND, say(self.lang, "explore.clause",
                                                            clause=clause.id)),) \
            if clause is not None else (RuleError(self.shown, rf.scoring_pos or FILE_START,
                                                  KIND, say(self.lang, "explore.no_clause")),)
        self.once(f"invariant {inv.id}", inv.pos, say(
            self.lang, "explore.invariant", name=inv.id, hand=hand, compared=compared),
            command, note)

    def no_end(self, rules: CompiledRules, game: Game, options: dict[str, int | str],
               way: str, seed: int, command: str) -> None:
        self.once("no end", self.phase_pos(rules, game), say(
            self.lang, "explore.no_end_hand", hand=self.hand_text(game, options, way, seed),
            steps=STEPS_PER_HAND), command)

    def compared(self, rules: CompiledRules, expr: m.Expr, facts: HandFacts) -> str:
        """The values an invariant compared: each side of each comparison it is made of
        (`a = b or c = d`), else its whole value, as the file writes the expressions."""
        rf = rules.model
        compiler = Compiler(rf, rules.options, rules.unit_of, by_side=any(
            x.runtime.partners and x.name in rules.configs for x in rules.mechanisms))

        def value(e: m.Expr) -> int:
            facts.bound = None
            return int(compiler.expr(e)(facts, -1))

        parts = [say(self.lang, "explore.compared", left=self.source(a), a=value(a),
                     right=self.source(b), b=value(b)) for a, b in comparisons(expr)]
        return "; ".join(parts) or say(self.lang, "explore.value", expr=self.source(expr),
                                       value=value(expr))

    def source(self, e: m.Node) -> str:
        """An expression as the file writes it, on one line."""
        return " ".join(span(self.text, e.pos).split())

    # -- warnings
    def never_fired(self) -> Iterator[Finding]:
        for clause in self.rules.model.clauses:
            if clause.id not in self.fired:
                yield Finding(RuleError(self.shown, clause.pos, KIND, say(
                    self.lang, "explore.never", clause=clause.id, hands=self.played)))

    def no_change(self, sets: list[dict[str, int | str]],
                  played: dict[int, list[Played]]) -> Iterator[Finding]:
        """Options each of whose other values gave the defaults' hands and scores on every
        way, compared further on the fast loop (up to NOOP_TIMES the hands of a set)
        before it is said."""
        if self.errors or 0 not in played:
            return
        same: list[m.Option] = []
        hands = 0
        for opt in self.rules.model.options:
            others = [k for k, s in enumerate(sets) if opt.name in s]
            if not others or any([p.games for p in played[k]] != [p.games for p in played[0]]
                                 for k in others):
                continue
            compared = self.compare_further(played[0][-1], [sets[k] for k in others])
            if compared:
                same.append(opt)
                hands = max(hands, compared)
        if len(same) == 1:
            values = ", ".join(str(option_value(c)) for c in same[0].choices)
            yield Finding(RuleError(self.shown, same[0].pos, KIND, say(
                self.lang, "explore.noop", option=same[0].name, values=values, hands=hands)))
        elif same:  # one warning for them all, at the first, the others' lines with it
            names = ", ".join(repr(o.name) for o in same[:MANY])
            more = say(self.lang, "explore.more", n=len(same) - MANY) if len(same) > MANY else ""
            yield Finding(RuleError(self.shown, same[0].pos, KIND, say(
                self.lang, "explore.noop_many", options=names + more, hands=hands),
                tuple(o.pos for o in same[1:])))

    def compare_further(self, base: Played, others: list[dict[str, int | str]]) -> int:
        """More fast-loop games of the defaults and of each other value, until one
        differs (0) or NOOP_TIMES the hands of a set agree (their number)."""
        seeds = fast_seeds()
        for _ in base.games:
            next(seeds)
        defaults = load_rules(self.path)
        hands = base.hands
        while hands < NOOP_TIMES * self.each and not self.over_time():
            seed = next(seeds)
            game = self.quiet_game(defaults, seed)
            if game is None:
                return 0
            hands += len(game[0])
            self.spend(len(game[0]) * (1 + len(others)))
            for options in others:
                if self.quiet_game(load_rules(self.path, options), seed) != game:
                    return 0
        return hands if not self.late else 0

    def quiet_game(self, rules: CompiledRules, seed: int
                   ) -> tuple[tuple[HandResult, ...], object] | None:
        """A whole fast-loop game, its hands and how it ended (None: it failed or did
        not end; that is reported where it is played first)."""
        rng = policy_rng(seed)
        try:
            game = Game(rules, seed=seed, record=False, chain=Chain.shared(rules))
            while not game.is_over:
                if not play_random(game, rng, 1, STEPS_PER_HAND) and not game.is_over:
                    return None
        except Exception:
            return None
        return tuple(game.results), game.outcome()

    # -- where and how to replay
    def options_text(self, options: dict[str, int | str]) -> str:
        return ", ".join(f"{k}={v}" for k, v in options.items()) or say(
            self.lang, "explore.defaults")

    def option_args(self, options: dict[str, int | str]) -> str:
        return "".join(f" --option {shlex.quote(f'{k}={v}')}" for k, v in options.items())

    def play_command(self, options: dict[str, int | str], seed: int, kind: str) -> str:
        return (f"jassdsl play {shlex.quote(self.shown)} --seed {seed} --bots {kind}"
                f"{self.option_args(options)}")

    def simulate_command(self, options: dict[str, int | str], number: int) -> str:
        return (f"jassdsl simulate {shlex.quote(self.shown)} --games {number + 1} --seed 0 "
                f"--bots random{self.option_args(options)}")

    def end_pos(self, rules: CompiledRules) -> Pos:
        return rules.model.end.pos

    def phase_pos(self, rules: CompiledRules, game: Game) -> Pos:
        """The statement of the phase a game stopped in: the mechanism's own, the trump
        method, the first declaration, the scoring once every card is played, else the
        play's `follow:` (the file's first line where there is none)."""
        rf = rules.model
        phase = game.phase
        own = rf.parts.get(phase.replace(" ", "_")) or rf.parts.get(phase)
        if own:
            return own[0].pos
        if phase == "trump":
            return rf.trump.pos
        if phase in ("declare", "bidding", "auction") and rf.declarations:
            return rf.declarations[0].pos
        if phase == "play" and not any(game.hand_mask(x) for x in range(game.n)) and rf.scoring_pos is not None:
            return rf.scoring_pos
        follow = rf.setting("follow")
        return follow.pos if follow is not None else FILE_START


def fast_seeds() -> Iterator[int]:
    """The game seeds of `jassdsl simulate --seed 0`: game K of the fast loop is game K
    there (`research.simulate.game_seeds`)."""
    seeds = random.Random(0)
    while True:
        yield seeds.randrange(2**32)


def comparisons(e: m.Expr) -> list[tuple[m.Expr, m.Expr]]:
    """The comparisons an expression is made of with and, or, not (`a = b or c = d`)."""
    if isinstance(e, m.Binary) and e.op in ("and", "or"):
        return comparisons(e.left) + comparisons(e.right)
    if isinstance(e, m.Unary) and e.op == "not":
        return comparisons(e.arg)
    if isinstance(e, m.Binary) and e.op in COMPARISONS:
        return [(e.left, e.right)]
    return []


def span(text: str, pos: Pos) -> str:
    """The text of a span of the file (lines counted as the parser counts them)."""
    lines = text.split("\n")
    if pos.line == pos.end_line:
        return lines[pos.line - 1][pos.column - 1:pos.end_column - 1]
    inside = [lines[pos.line - 1][pos.column - 1:], *lines[pos.line:pos.end_line - 1],
              lines[pos.end_line - 1][:pos.end_column - 1]]
    return "\n".join(inside)

