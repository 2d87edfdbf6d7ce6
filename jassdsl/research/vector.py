"""A batched environment: B games of one rule file stepped at once, on the compiled path.

```python
from jassdsl.research.vector import VectorEnv

env = VectorEnv("schieber", 1024, seed=1)
obs, info = env.reset()                  # (B, seats, width) float32: every seat's view
mask = env.action_masks()                # (B, actions) bool: the current seats' options
obs, rewards, ended, truncated, info = env.step(actions)   # one action per game
```

Each game is seeded as `Game(rules, seed)` is (slot i starts with the i-th seed drawn
from the run's seed, as `simulate` draws them, and takes the next one when its game
ends: auto-reset), and for the same actions it plays the very game the scalar engine
plays (`tests/test_vector.py` drives `Game` alongside). `info["seat"]` names the seat
that acts in each game; `rewards` (B, seats) is what each seat's side scored in the
winner's unit in a hand that ended with that step (its sign: more is better); `ended`
marks the games that ended with it (their final totals in `info["final_totals"]`; the
observation is then the first of the next game). A question every seat gets whatever it
holds (the Weis offer of a seat without one) is not asked: its only answer is given.

Actions (`action_names`): a card 0-35, then the file's trump modes, the push, Weis yes
and no, and each declaration's values. The observation's pieces are data (`layout`).
A file the compiled path does not cover raises ValueError naming why. With
`compiled_scoring=True` the hands are scored by the file's clauses compiled into one
function (`jassdsl.fast.clauses`, the same answers; seconds to compile once per process),
where it covers them; otherwise by the batch scorer.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import PUSH, Action
from jassdsl.core.cards import CARD_NAMES
from jassdsl.core.modes import MAX_TRICKS
from jassdsl.engine import HAND_LIMIT
from jassdsl.engine.sheet import SheetConfig
from jassdsl.fast import steps as sk
from jassdsl.fast import tables as tb
from jassdsl.fast.clauses import clauses_for
from jassdsl.fast.games import reasons, runner_for
from jassdsl.fast.scorer import ROLES_KEPT, Pending
from jassdsl.fast.tables import step_reasons
from jassdsl.fast.twister import seed_words
from jassdsl.registry import load_rules

Piece = tuple[str, int, int, float]  # name, offset, size, scale


def layout(rules: CompiledRules) -> list[Piece]:
    """The observation's pieces in order: (name, offset, size, scale); a value in the
    tensor is the fact times its scale (a one-hot piece has scale 1)."""
    p = rules.players
    modes = max(rules.modes) + 1
    pieces = [("hand", 36, 1.0), ("played before this trick", 36, 1.0),
              ("this trick, by seat from me", p * 36, 1.0), ("mode (none first)", modes + 1, 1.0),
              ("phase: trump, declare, weis, play, scored", 5, 1.0), ("my turn", 1, 1.0),
              ("leader, by seat from me", p, 1.0), ("tricks played", 1, 1 / 9)]
    for d in rules.declarations:
        top = max(max(abs(v) for v in d.values), 1)
        pieces.append((f"declared {d.name}, by seat from me" + (" (mine only: hidden)"
                                                              if d.hidden else ""),
                       p, 1 / top))
    pieces += [(f"total {u}, by subject", rules.subjects, 1 / 1000) for u in rules.units]
    out, at = [], 0
    for name, size, scale in pieces:
        out.append((name, at, size, scale))
        at += size
    return out


def action_names(rules: CompiledRules) -> list[str]:
    """What each action id means: cards, then trumps, push, Weis yes/no, declarations."""
    names = [f"play {c}" for c in CARD_NAMES]
    modes = max(rules.modes) + 1
    names += [f"trump {rules.mode_names[m]}" if m in rules.modes else f"trump {m} (none)"
              for m in range(modes)]
    names += ["push", "weis yes", "weis no"]
    names += [f"{d.name} {v}" for d in rules.declarations for v in d.values]
    sheet = rules.config("sheet", SheetConfig) if rules.trump_kind == "sheet" else None
    names += [f"column {c.name}" for c in (sheet.columns if sheet is not None else ())]
    return names


class VectorEnv:
    """B games of one rule file, stepped at once (see the module docstring)."""

    def __init__(self, rules: CompiledRules | str, num_envs: int, seed: int = 0,
                 options: dict[str, int | str] | None = None,
                 compiled_scoring: bool = False) -> None:
        if not isinstance(rules, CompiledRules):
            rules = load_rules(rules, options)
        why = (*reasons(rules), *step_reasons(rules))
        if any(d.by is not None or d.only_when is not None for d in rules.declarations):
            why = (*why, "a declaration with by or only when (not yet in the batched "
                   "environment)")
        if why:
            raise ValueError(f"{rules.name}: the batched environment does not cover "
                             f"{'; '.join(why)}")
        if num_envs < 1:
            raise ValueError(f"num_envs must be >= 1, not {num_envs}")
        self.rules = rules
        self.runner = runner_for(rules)
        self.t = self.runner.t
        # the hands' scoring as one compiled call (`fast.clauses`: seconds to compile, once
        # per process and file; None: the batch scorer's, which stays the reference)
        self.clauses = clauses_for(rules, self.runner) if compiled_scoring else None
        b, p, n = num_envs, rules.players, rules.subjects
        self.num_envs, self.players = b, p
        self.modes = max(rules.modes) + 1
        decls = rules.declarations
        self.decl_offsets = np.cumsum([0] + [len(d.values) for d in decls])[:-1].astype(
            np.int64) if decls else np.zeros(1, np.int64)
        self.first_decl = 36 + self.modes + 3
        self.first_col = self.first_decl + sum(len(d.values) for d in decls)
        self.sheet = rules.trump_kind == "sheet"
        self.num_actions = self.first_col + (len(self.t.col_count) if self.sheet else 0)
        # per game and scoresheet: the columns played, kept from hand to hand
        self.played = np.zeros((b, max(int(self.t.ints[15]), 1)), np.int64)
        self.pieces = layout(rules)
        self.width = self.pieces[-1][1] + self.pieces[-1][2]
        self.decl_scale = np.array([1 / max(max(abs(v) for v in d.values), 1) for d in decls]
                                   or [1.0])
        self.decl_hidden = np.array([int(d.hidden) for d in decls] or [0], np.int64)
        self._seeds = random.Random(seed)
        self.seeds = np.zeros(b, np.int64)  # each game's seed, as `Game(rules, seed)`'s
        self.cmt = np.zeros((b, 625), np.uint32)
        self.st = np.zeros((b, sk.SLOTS), np.int64)
        self.hands = np.zeros((b, p), np.int64)
        self.dealt = np.zeros((b, p), np.int64)
        self.trick = np.zeros((b, p), np.int64)
        self.offer = np.zeros((b, p, 3), np.int64)
        self.asked = np.zeros((b, p), np.int64)
        self.said = np.zeros((b, p), np.int64)
        self.o = {k: np.zeros(shape, np.int64) for k, shape in (
            ("mode", (b,)), ("chooser", (b,)), ("pusher", (b,)), ("column", (b,)),
            ("cards", (b, MAX_TRICKS, p)), ("lead", (b, MAX_TRICKS)),  # 12 for three
            ("win", (b, MAX_TRICKS)), ("tpoints", (b, MAX_TRICKS)), ("won", (b, p)), ("said", (b, p)),
            ("best", (b,)), ("stoeck", (b,)), ("decl", (b, max(len(decls), 1), p)))}
        self.o["pusher"][:] = -1
        self.o["column"][:] = -1  # no scoresheet: the multiplier is 1
        # the totals as one array (games, units, subjects) the kernels write; `totals` holds
        # a view of it per unit
        self.tot3 = np.zeros((b, len(rules.units), n), np.int64)
        self.totals = {u: self.tot3[:, i] for i, u in enumerate(rules.units)}
        self.pending: list[Pending] = [[] for _ in range(b)]
        self.hand_no = np.ones(b, np.int64)
        self.done = np.zeros(b, np.bool_)  # the games whose hand ended with the last step
        self.mask = np.zeros((b, self.num_actions), np.bool_)
        self.count = np.zeros(b, np.int64)  # legal actions per game
        # their ids, in order (unsigned: an id read from it indexes without a sign test)
        self.legal = np.zeros((b, self.num_actions), np.uint16)
        # per game: the SplitMix64 state `sample_random_actions` draws from (its seed)
        self.draws = np.zeros(b, np.uint64)
        self.obs = np.zeros((b, p, self.width), np.float32)
        self.obs_current = np.zeros((b, self.width), np.float32)
        self.games_ended = 0
        self.hands_played = 0
        self.fin = np.zeros(b, np.int64)  # the games whose hand ended in a step
        self.gone = np.zeros(b, np.int64)  # of those, the games that are over
        self.over = np.zeros(b, np.bool_)
        self.winner = (list(rules.units).index(rules.winner_unit[0]), rules.winner_unit[1])
        self.scratch = self.clauses_scratch() if self.clauses is not None else None
        # placeholders for the arguments a mode of `steps.run` does not read
        self.zeros = (np.zeros(1, np.int64), np.zeros((1, 1, 1), np.int64))
        self.rewards_none = np.zeros((1, 1), np.float32)
        self.args = self.state()
        self.start(np.arange(b))

    def clauses_scratch(self) -> tuple[np.ndarray, ...]:
        """The arrays the compiled clauses read and write (row j: the j-th game whose
        hand ended in a step), made once."""
        r, b = self.rules, self.num_envs
        n, each, u = r.subjects, r.cards_each, len(r.units)
        assert ROLES_KEPT == ("chooser", "pusher")  # the order `steps.gather` writes
        ints = [np.zeros((b, n), np.int64) for _ in range(5)]  # points .. stoeck
        return (*ints, np.zeros((b, each), np.int64),
                np.zeros((b, max(len(r.declarations), 1), n), np.int64),
                np.zeros(b, np.int64), np.zeros(b, np.int64), np.zeros(b, np.int64),
                np.zeros((b, len(ROLES_KEPT)), np.int64),
                np.zeros((u, b, n), np.int64), np.zeros((u, b, n), np.int64),
                np.zeros((u, b, n), np.int64), np.zeros((b, each), np.int64),
                np.zeros(b, np.int64), np.zeros(b, np.int64), np.zeros(b, np.int64))

    def state(self) -> tuple[Any, ...]:
        """The arguments of `steps.run` after its mode's own (the games' state, the
        file's tables, the kernel's outputs), in order; made once."""
        t, o, r = self.t, self.o, self.rules
        return (self.mask, self.count, self.legal, self.st, self.hands, self.dealt,
                self.trick, self.offer, self.asked, self.said, self.cmt, t.ints, t.deal_pos,
                t.choices, t.plan_base, t.plan_beat, t.beats, t.f_trump, t.f_lower, t.f_keep,
                t.points, t.w_has, t.w_val, t.w_key, t.w_num, t.w_four, t.w_fval, t.w_fkey,
                t.decl_values, t.decl_count, self.first_decl, self.decl_offsets, o["mode"],
                o["chooser"], o["cards"], o["lead"], o["win"], o["tpoints"], o["won"],
                o["said"], o["best"], o["stoeck"], o["decl"], o["pusher"], o["column"],
                self.done, t.col_modes, t.col_count, t.col_free, t.sheet_of, self.played,
                self.first_col, self.tot3, self.hand_no, self.seeds, self.draws,
                self.runner.team, *self.winner,
                r.end_hands if r.end_hands is not None else -1, HAND_LIMIT, self.fin,
                self.gone)

    def run(self, mode: int, games: np.ndarray, k: int, actions: np.ndarray | None = None,
            rewards: np.ndarray | None = None, ended: np.ndarray | None = None,
            seeds: np.ndarray | None = None, scored: bool = False,
            over: np.ndarray | None = None, ends: np.ndarray | None = None,
            failed: np.ndarray | None = None, tot: np.ndarray | None = None,
            before: np.ndarray | None = None) -> int:
        """`steps.run` in this mode on `games[:k]` (an argument its mode does not read
        is given as a placeholder of its type)."""
        z, z3 = self.zeros
        return int(sk.run(mode, games, k, z if actions is None else actions,
                          self.rewards_none if rewards is None else rewards,
                          self.over if ended is None else ended, z if seeds is None else seeds,
                          scored, self.over if over is None else over,
                          z if ends is None else ends, z if failed is None else failed,
                          z3 if tot is None else tot, z3 if before is None else before,
                          *self.args))

    def start(self, games: np.ndarray) -> None:
        """New games in these slots, each with the next seed."""
        games = np.asarray(games, np.int64)
        draw = self._seeds.randrange
        seeds = np.array([draw(2**32) for _ in range(len(games))], np.int64)
        for g in games.tolist():
            self.pending[g] = []  # the amounts held in abeyance of the game in slot g
        seed_words(self.cmt, games, seeds.astype(np.uint32))  # each game's `Chance(seed)`
        self.run(sk.START, games, len(games), seeds=seeds)

    def deal(self, games: np.ndarray) -> None:
        """Deal the next hand of these games (their dealers set) and make their masks."""
        games = np.asarray(games, np.int64)
        self.run(sk.DEAL, games, len(games))

    def reset(self) -> tuple[np.ndarray, dict[str, Any]]:
        """The observations as they stand (the games started when the env was made)."""
        return self.observations(), self.info()

    def info(self) -> dict[str, Any]:
        return {"seat": self.st[:, sk.CUR].copy(), "mask": self.action_masks()}

    def action_masks(self) -> np.ndarray:
        """(B, actions): the legal actions of each game's current seat (kept by the
        steps: the array is the env's own, changed by the next step)."""
        return self.mask

    def sample_random_actions(self) -> np.ndarray:
        """A uniformly random legal action per game (from `action_masks`), each game
        drawing from its own generator seeded with the game's seed (`draws`), so a game
        plays the same whatever the batch around it and wherever its slot."""
        out = np.empty(self.num_envs, np.int64)
        sk.draw_masked(self.legal, self.count, self.draws, out)
        return out

    def observations(self) -> np.ndarray:
        """(B, seats, width): every seat's observation tensor (`layout`)."""
        sk.observe(self.st, self.hands, self.trick, self.o["cards"], self.o["decl"],
                   self.decl_scale, self.decl_hidden, self.tot3, self.modes,
                   len(self.rules.declarations), self.obs)
        return self.obs

    def current_observations(self) -> np.ndarray:
        """(B, width): the observation tensor of the seat to act in each game (the row
        `observations()[g, info['seat'][g]]`, made alone)."""
        sk.observe_current(self.st, self.hands, self.trick, self.o["cards"], self.o["decl"],
                           self.decl_scale, self.decl_hidden, self.tot3, self.modes,
                           len(self.rules.declarations), self.obs_current)
        return self.obs_current

    def step(self, actions: np.ndarray, observe: bool | str = True
             ) -> tuple[np.ndarray | None, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Each game's current seat takes its action (a legal one: `action_masks`); the
        observation returned is every seat's (`observations`), with ``observe="current"``
        the acting seat's only (`current_observations`), with `observe=False` none (None),
        for loops that need only the masks. The hands that end are scored, the games
        that go on deal their next, those that are over start anew (auto-reset), and the
        masks are made, in the kernels."""
        b = self.num_envs
        actions = np.asarray(actions, np.int64)
        if actions.shape != (b,):
            raise ValueError(f"actions: one per game ({b}), not shape {actions.shape}")
        k = self.run(sk.STEP, self.fin, b, actions)
        if k < 0:
            bad = -1 - k
            raise ValueError(f"game {bad}: action {int(actions[bad])} is not legal now")
        rewards = np.zeros((b, self.players), np.float32)
        ended = np.zeros(b, np.bool_)
        info: dict[str, Any] = {}
        if k:
            m = self.finish(k, rewards, ended)
            self.hands_played += k
            gone = self.gone[:m].copy()
            info["final_totals"] = {u: v[gone] for u, v in self.totals.items()}
            info["ended_seeds"] = self.seeds[gone]
            if m:
                self.games_ended += m
                self.start(gone)
        info["seat"] = self.st[:, sk.CUR].copy()
        info["mask"] = self.mask
        obs = (self.current_observations() if observe == "current" else
               self.observations() if observe else None)
        return obs, rewards, ended, np.zeros(b, np.bool_), info

    def finish(self, k: int, rewards: np.ndarray, ended: np.ndarray) -> int:
        """Score the hands that ended in the games `fin[:k]` (the compiled clauses where
        the env has them, else the batch scorer), their rewards and ends into `rewards`
        and `ended`; the games that go on deal their next hand. Returns how many are over
        (listed in `gone`)."""
        r, t, o = self.rules, self.t, self.o
        if self.scratch is not None and self.clauses is not None:
            (points, tricks, won, weis, stoeck, win, declared, mode, hand, mult, roles, tot,
             before, chg, tp, fired, failed, ends) = self.scratch
            sk.gather(self.fin, k, self.runner.team, r.subjects, r.cards_each, r.last_bonus,
                      r.match_bonus, r.stoeck_bonus, o["win"], o["tpoints"], o["won"],
                      o["said"], o["best"], o["stoeck"], o["decl"], o["mode"], o["column"],
                      o["chooser"], o["pusher"], t.col_mult, int(t.ints[tb.SHEETS]),
                      self.tot3, self.hand_no, points, tricks, won, win, weis, stoeck,
                      declared, mode, hand, mult, roles, tot, before, chg, tp)
            c = self.clauses
            c.kernel(k, points, tricks, won, win, weis, stoeck, declared, mode, hand, mult,
                     roles, tot, before, chg, tp, fired, failed, ends, self.cmt, self.fin,
                     c.w, c.bnd, c.flag, c.named, c.dl, c.run, c.reach, c.hf)
            return self.run(sk.FINISH, self.fin, k, rewards=rewards, ended=ended,
                            scored=True, ends=ends, failed=failed, tot=tot, before=before)
        idx = self.fin[:k].copy()
        before = np.ascontiguousarray(self.tot3[idx].transpose(1, 0, 2))
        *_, over = self.runner.score_hands(idx, o, self.totals, self.hand_no, self.cmt,
                                           played=self.played, pending=self.pending)
        self.over[:k] = over
        return self.run(sk.FINISH, self.fin, k, rewards=rewards, ended=ended, over=self.over,
                        before=before)


def engine_action(rules: CompiledRules, action: int) -> Action:
    """The engine's `Action` of an action id (`action_names`)."""
    modes = max(rules.modes) + 1
    if action < 36:
        return Action("play", action)
    if action < 36 + modes:
        return Action("trump", action - 36)
    if action == 36 + modes:
        return PUSH
    if action in (37 + modes, 38 + modes):
        return Action("weis", 1 if action == 37 + modes else 0)
    at = 39 + modes
    for d in rules.declarations:
        if action < at + len(d.values):
            return Action(d.name, d.values[action - at])
        at += len(d.values)
    if rules.trump_kind == "sheet":
        return Action("column", action - at)
    raise ValueError(f"no action {action} in {rules.name}")


def random_actions(mask: np.ndarray, seed: int | None = None) -> np.ndarray:
    """A uniformly random legal action per row of a mask (compiled; `seed` reseeds the
    generator it draws from, numba's own)."""
    if seed is not None:
        sk.seed_draws(seed)
    out = np.zeros(mask.shape[0], np.int64)
    sk.draw_actions(mask, mask.sum(axis=1), out)
    return out


def random_step(env: VectorEnv, observe: bool | str = True) -> None:
    """One step of random play drawn from the env's masks (`sample_random_actions`)."""
    env.step(env.sample_random_actions(), observe)


def random_hands_per_second(rules: CompiledRules | str, num_envs: int, hands: int,
                            seed: int = 0, observe: bool | str = True, settle: int = 0,
                            clock: Callable[[], float] = time.perf_counter,
                            compiled_scoring: bool = False) -> float:
    """Whole hands per second of random play drawn from the env's masks, with every
    seat's observation made after each step (``observe="current"``: the acting seat's;
    False: none). `settle` hands are played first, untimed, so that the games no longer
    deal and score in step (as a long run goes); `clock` is the timer (`time.process_time`
    counts this process's CPU time only); `compiled_scoring` as `VectorEnv` takes it."""
    env = VectorEnv(rules, num_envs, seed, compiled_scoring=compiled_scoring)
    while env.hands_played < settle:
        random_step(env, False)
    start, first = clock(), env.hands_played
    while env.hands_played - first < hands:
        random_step(env, observe)
    return (env.hands_played - first) / (clock() - start)
