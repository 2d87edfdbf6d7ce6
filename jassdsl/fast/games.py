"""Many games of one rule file, played in lockstep by the compiled hand and the batch
scorer: what `simulate --bots random` reports of each, as the engine's games give it.

Per hand: the kernel plays the next hand of every game still running; the hand's facts
are added up per subject as `HandEnd.facts` does (card points of the settled mode, the
last trick's and the match bonus, the best side's Weis, the Stöck); the clauses score
all games at once; `count first:` books the facts and tricks one by one where the file
says so (`counting.count_first`, its shortcut for clauses that just add them); then each
game ends or deals its next hand, the dealer passing to the right.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.count_order import TRICK_FACT, TRICKS, scales
from jassdsl.core.modes import MAX_TRICKS
from jassdsl.engine import HAND_LIMIT
from jassdsl.fast import table_weis
from jassdsl.fast import tables as tb
from jassdsl.fast.kernel import advance, choose_in, hand_facts, play_hands, tally
from jassdsl.fast.scorer import Array, Batch, Pending, Scorer, take
from jassdsl.fast.scorer import reasons as scoring_reasons
from jassdsl.fast.table_weis import TableWeis
from jassdsl.fast.twister import below, draw_below, pack, seed_all


def reasons(rules: CompiledRules) -> tuple[str, ...]:
    """Why the compiled path does not play a file (empty: it plays it)."""
    return (*tb.reasons(rules), *scoring_reasons(rules))


@dataclass(frozen=True)
class Hand:
    """One hand as the comparison with the engine reads it (`HandResult`'s fields)."""

    cards: tuple[int, ...]  # every card in play order, trick after trick
    points: tuple[int, ...]
    clause: str
    totals: dict[str, tuple[int, ...]]


@dataclass
class Summary:
    """What `simulate` adds up of one game (the fields of `GameSummary`)."""

    hands: int
    clauses: dict[str, int]
    winners: tuple[int, ...]
    stopped: bool
    totals: dict[str, tuple[int, ...]]
    modes: dict[str, int]
    weis: int
    stoeck: int
    match: int
    points: tuple[tuple[int, int], ...]
    broken: bool = False  # an invariant of the file failed after its last hand


SHARED: dict[str, object] = {}  # `runner_for`: the last rules asked for and their runner


def runner_for(rules: CompiledRules) -> Runner:
    """The runner of these compiled rules, made once for the last rules asked for (its
    tables take a moment to build)."""
    if SHARED.get("rules") is not rules:
        SHARED.clear()
        made = Runner(rules)
        made.play([0], [random.Random(0)])  # loads (or compiles) the kernel
        SHARED["rules"], SHARED["runner"] = rules, made
    runner = SHARED["runner"]
    assert isinstance(runner, Runner)
    return runner


class Runner:
    """The compiled path for one rule file (build once, play many batches)."""

    def __init__(self, rules: CompiledRules) -> None:
        self.rules = rules
        self.t = tb.build(rules)
        self.scorer = Scorer(rules)
        self.mode_names = [str(rules.mode(mode)) if mode < 0 or mode in rules.modes else ""
                           for mode in range(-1, max(rules.modes) + 1)]
        self.order = rules.count_first
        self.team = np.asarray(rules.team_of, np.int64)
        self.decls = [d.name for d in rules.declarations]
        # the declarations' `by` and `only when`, as the file writes them (None: none)
        model = {d.name: d for d in rules.model.declarations}
        self.asked = [(model[d.name].by, model[d.name].only_when) for d in rules.declarations]
        if not any(by is not None or when is not None for by, when in self.asked):
            self.asked = []
        self.scale_exprs = scales(rules.model, rules.count_adds) if self.order else {}
        self.table = TableWeis(rules) if table_weis.used_by(rules) else None
        # who leaves the table after scoring: the `leave` statement's condition, read by
        # its field's name (the compiled playout imports no mechanism)
        leave = next(iter(rules.model.parts.get("leave", ())), None)
        self.leave = getattr(leave, "when", None)

    def play(self, seeds: list[int], policy: Sequence[random.Random | int | str],
             hand_limit: int = HAND_LIMIT, trace: list[list[Hand]] | None = None,
             check_invariants: bool = True) -> list[Summary]:
        """Whole games: game i from `Game(rules, seeds[i])`, its random policy drawing
        from `policy[i]`: a generator (changed as the engine would change it) or the seed
        of one. `hand_limit` ends a game after that many hands (the engine's limit by
        default); `trace`, a list per game, gets each hand's cards, points, clause and
        totals (`Hand`), for comparisons. A game in which an invariant fails stops there,
        marked `broken` (the engine, which checks them as `Game` does by default, tells
        what failed). The cyclic garbage collector waits meanwhile: a batch makes only
        acyclic objects, and each of its full passes would walk the whole heap (numba's
        included) for nothing."""
        paused = gc.isenabled()
        gc.disable()
        try:
            return self.play_batch(seeds, policy, hand_limit, trace, check_invariants)
        finally:
            if paused:
                gc.enable()

    def play_batch(self, seeds: list[int], policy: Sequence[random.Random | int | str],
                   hand_limit: int, trace: list[list[Hand]] | None,
                   check_invariants: bool) -> list[Summary]:
        """`play`, the collector paused."""
        r, t = self.rules, self.t
        b, n, p = len(seeds), r.subjects, r.players
        cmt = np.zeros((b, 625), np.uint32)
        pmt = np.zeros((b, 625), np.uint32)
        dealer = np.zeros(b, np.int64)
        seed_all(cmt, seeds)  # each game's `Chance(seed)`
        seed_all(pmt, [None if isinstance(x, random.Random) else x for x in policy])
        for g, x in enumerate(policy):
            if isinstance(x, random.Random):
                pack(x, pmt[g])
        if r.first_dealer_lot:
            draw_below(cmt, p, dealer)
        each = r.cards_each
        units = list(r.units)
        totals = {u: np.zeros((b, n), np.int64) for u in units}
        played = np.zeros((b, max(t.ints[tb.SHEETS], 1)), np.int64)  # scoresheets' columns
        live = np.ones(b, np.bool_)
        hand_no = np.ones(b, np.int64)
        decls = [d.name for d in r.declarations]
        o = {k: np.zeros(shape, np.int64) for k, shape in (
            ("mode", (b,)), ("chooser", (b,)), ("pusher", (b,)), ("column", (b,)),
            ("cards", (b, MAX_TRICKS, p)),
            ("lead", (b, MAX_TRICKS)), ("win", (b, MAX_TRICKS)),
            ("tpoints", (b, MAX_TRICKS)), ("won", (b, p)), ("said", (b, p)),
            ("best", (b,)), ("stoeck", (b,)), ("decl", (b, max(len(decls), 1), p)),
            ("hands", (b, p)), ("dealt", (b, p)), ("playing", (b,)), ("ntricks", (b,)),
            ("incards", (b,)), ("left", (b, p)))}
        o["table"] = np.full(b, (1 << p) - 1, np.int64)  # the seats at the table
        team = np.asarray(r.team_of, np.int64)
        # per game: what it reports
        hands = np.zeros(b, np.int64)
        fired_count = np.zeros((b, len(r.clauses) + 1), np.int64)
        mode_count = np.zeros((b, len(self.mode_names)), np.int64)
        weis_hands = np.zeros(b, np.int64)
        stoeck_hands = np.zeros(b, np.int64)
        match_hands = np.zeros(b, np.int64)
        psum = np.zeros((b, n), np.int64)
        psq = np.zeros((b, n), np.int64)
        broken = np.zeros(b, bool)
        pending: list[Pending] = [[] for _ in range(b)]  # amounts held in abeyance
        rounds = 0
        while live.any():
            rounds += 1
            args = (live, cmt, pmt, dealer, t.ints, t.deal_pos, t.choices, t.plan_base,
                    t.plan_beat, t.beats, t.f_trump, t.f_lower, t.f_keep, t.points, t.w_has,
                    t.w_val, t.w_key, t.w_num, t.w_four, t.w_fval, t.w_fkey, t.decl_values,
                    t.decl_count, t.col_modes, t.col_count, t.col_free, t.sheet_of, played,
                    o["mode"], o["chooser"], o["pusher"], o["column"], o["cards"],
                    o["lead"], o["win"], o["tpoints"], o["won"], o["said"], o["best"],
                    o["stoeck"], o["decl"], o["hands"], o["dealt"], t.deal_at, t.piles,
                    o["table"], o["playing"], o["ntricks"], o["incards"])
            if self.asked:  # declarations with a condition: made here, between the stages
                play_hands(*args, 1)
                self.declare(np.flatnonzero(live), o, totals, hand_no, dealer, pmt)
                play_hands(*args, 2)
            else:
                play_hands(*args, 0)
            idx = np.flatnonzero(live)
            f, fired, failed, over = self.score_hands(idx, o, totals, hand_no, cmt,
                                                      check_invariants, played, pending)
            broken[idx] = failed
            if trace is not None:
                ids = [c.id for c in r.clauses]
                width = np.bitwise_count(o["playing"][idx])
                for j, g in enumerate(idx.tolist()):
                    trace[g].append(Hand(
                        tuple(o["cards"][g, :o["ntricks"][g], :width[j]].reshape(-1).tolist()),
                        tuple(f.points[j].tolist()), ids[fired[j]] if fired[j] >= 0 else "",
                        {u: tuple(totals[u][g].tolist()) for u in units}))
            # what the report counts of these hands; then the next hand or the end
            tally(idx, fired, len(r.clauses), team, each, o["mode"], o["said"], o["stoeck"],
                  o["win"], o["ntricks"], f.points, hands, fired_count, mode_count,
                  weis_hands, stoeck_hands, match_hands, psum, psq)
            advance(idx, np.ascontiguousarray(over), hand_no, hand_limit, live, dealer,
                    o["table"], p)  # (one layout: `over` may be a view of a column)
        for g, x in enumerate(policy):  # the policy generators as the engine leaves them
            if isinstance(x, random.Random):
                x.setstate((3, tuple(pmt[g].tolist()), None))
        return self.summaries(hands, fired_count, mode_count, weis_hands, stoeck_hands,
                              match_hands, psum, psq, totals, hand_no, broken, o["left"])

    def declare(self, idx: Array, o: dict[str, Array], totals: dict[str, Array],
                hand_no: Array, dealer: Array, pmt: Array) -> None:
        """The declarations of games `idx` after trump (`engine.declare.Declarations`):
        each in turn from forehand, among the seats whose side `by` names, a seat asked
        only while `only when` holds, on what is known before the first card (the roles,
        the values declared so far, the mode, the totals); each answer the policy's."""
        r, sc, t = self.rules, self.scorer, self.t
        n, p, k = r.subjects, r.players, len(idx)
        team = self.team
        decl = o["decl"]
        decl[idx] = 0
        rows = np.arange(k)
        for d, (by, when) in enumerate(self.asked):
            f = self.facts_now(idx, o, totals, hand_no)
            start = (dealer[idx] + 1) % p
            seats = (start[:, None] + np.arange(p)[None, :]) % p  # (k, p): in turn
            if by is not None:
                allowed = sc.target(by, f, np.zeros((k, n), bool), None, np.ones(k, bool))
                fits = allowed[rows[:, None], team[seats]]
            else:
                fits = np.ones((k, p), bool)
            for turn in range(p):  # the seats in turn; a seat `by` leaves out is skipped
                ask = fits[:, turn]
                if when is not None and ask.any():
                    f = self.facts_now(idx, o, totals, hand_no)
                    ask &= sc.condition(when, f)
                games = np.flatnonzero(ask)
                if not games.size:
                    continue
                picks = np.zeros(games.size, np.int64)
                choose_in(pmt, idx[games], int(t.decl_count[d]), picks)
                decl[idx[games], d, seats[games, turn]] = t.decl_values[d, picks]

    def facts_now(self, idx: Array, o: dict[str, Array], totals: dict[str, Array],
                  hand_no: Array) -> Batch:
        """What is known before the first card (`declare.facts_now`), for games `idx`."""
        r = self.rules
        n, k = r.subjects, len(idx)
        team = self.team
        zeros = np.zeros((k, n), np.int64)
        declared = {}
        for d, name in enumerate(self.decls):
            per = np.zeros((k, n), np.int64)
            for seat in range(r.players):
                per[:, team[seat]] += o["decl"][idx, d, seat]
            declared[name] = per
        roles = {name: np.where(o[name][idx] >= 0, team[np.maximum(o[name][idx], 0)], -1)
                 for name in ("chooser", "pusher")}
        return Batch(n, zeros, zeros, zeros, np.zeros((k, 0), np.int64), zeros, zeros,
                     declared, {u: v[idx].copy() for u, v in totals.items()},
                     o["mode"][idx], hand_no[idx], r.players, roles=roles)

    def score_hands(self, idx: Array, o: dict[str, Array], totals: dict[str, Array],
                    hand_no: Array, cmt: Array, check_invariants: bool = True,
                    played: Array | None = None, pending: list[Pending] | None = None
                    ) -> tuple[Batch, Array, Array, Array]:
        """Score the hands just played in games `idx` (the kernel's outputs `o`) into
        `totals`: the facts, the clause fired in each (-1: none), the games whose
        invariant failed, and the games that are over (their end, `count first:`, the
        engine's hand limit). `pending`, per game: its amounts held in abeyance."""
        r = self.rules
        team = self.team
        f = self.facts(idx, o, totals, hand_no, team, self.decls)
        before = {u: totals[u][idx].copy() for u in totals}

        def lots(g: int, k: int) -> int:
            return int(below(cmt[idx[g]], k))

        rows = [pending[g] for g in idx.tolist()] if pending is not None and \
            self.scorer.holds else None
        fired, _ = self.scorer.score(f, lots, rows)
        failed = self.scorer.broken(f) if check_invariants else np.zeros(len(idx), bool)
        ended = np.zeros(len(idx), bool)
        if self.order and r.end_when is not None:
            ended = self.count_first(f, fired, before, o, idx, team)
        for u in totals:
            totals[u][idx] = f.totals[u]
        seated = o.get("table")
        if self.leave is not None and seated is not None:
            self.leave_table(f, idx, o, hand_no)
        if r.end_hands is not None:
            over = hand_no[idx] >= r.end_hands
        elif r.end_when is not None:
            over = self.gated_ends(f, f.totals)
        else:
            over = np.zeros(len(idx), bool)
        sheets = self.t.ints[tb.SHEETS]
        if sheets and played is not None:  # `SheetChoice.ends_game`: every sheet full
            full = (played[idx, :sheets] == (1 << len(self.t.col_count)) - 1).all(axis=1)
            over = full if self.t.ints[tb.END_FULL] else over | full
        if self.leave is not None and seated is not None:  # `Leaving.ends_game`
            over |= np.bitwise_count(seated[idx]) <= 1
        over |= ended | failed | (hand_no[idx] >= HAND_LIMIT)
        return f, fired, failed, over

    def leave_table(self, f: Batch, idx: Array, o: dict[str, Array], hand_no: Array) -> None:
        """After scoring, the seats at the table for whom the file's condition holds leave
        it (`mechanisms.leave.Leaving`), noting the hand; the players at the table are then
        those left, for the game's end."""
        p = self.rules.players
        k = len(idx)
        f.bound = np.zeros((k, f.n), bool)
        f.bound_set = np.zeros(k, bool)
        assert self.leave is not None
        goes = self.scorer.ev(self.leave, f, np.ones(k, bool)) != 0
        seated = o["table"][idx]
        for seat in range(p):
            going = goes[:, self.team[seat]] & ((seated >> seat) & 1).astype(bool)
            if going.any():
                o["left"][idx[going], seat] = hand_no[idx[going]]
                seated = np.where(going, seated & ~(1 << seat), seated)
        o["table"][idx] = seated
        f.players = np.bitwise_count(seated).astype(np.int64)

    def facts(self, idx: Array, o: dict[str, Array], totals: dict[str, Array],
              hand_no: Array, team: Array, decls: list[str]) -> Batch:
        """The hand's facts per subject (`HandEnd.facts` and `HandBonuses.add_facts`)."""
        r = self.rules
        n, each, k = r.subjects, r.cards_each, len(idx)
        points, tricks, won, weis, stoeck = (np.empty((k, n), np.int64) for _ in range(5))
        win = np.empty((k, each), np.int64)
        per = np.empty((k, max(len(decls), 1), n), np.int64)
        hand_facts(idx, team, n, each, r.last_bonus, r.match_bonus, r.stoeck_bonus, o["win"],
                   o["tpoints"], o["won"], o["said"], o["best"], o["stoeck"], o["decl"],
                   points, tricks, won, win, weis, stoeck, per)
        declared = {name: per[:, d] for d, name in enumerate(decls)}
        players: int | Array = r.players
        playing = in_play = None
        if "table" in o and (self.t.ints[tb.TABLE] or r.reads_in_play):
            # the table's deal: who is at the table, who plays, what is in play (else all
            # the seats play every trick, as the defaults say)
            none = o["ntricks"][idx] == 0  # nobody played: no tricks, no last trick
            for x in (points, tricks, won):
                x[none] = 0
            win[none] = -1
            players = np.bitwise_count(o["table"][idx]).astype(np.int64)
            seats = (o["playing"][idx, None] >> np.arange(r.players)[None, :]) & 1
            playing = np.zeros((k, n), np.int64)
            for seat in range(r.players):  # 1 where one of the subject's seats plays
                playing[:, team[seat]] |= seats[:, seat]
            if r.reads_in_play:
                cards = (o["incards"][idx, None] >> np.arange(36)[None, :]) & 1
                in_play = (cards * self.t.points[o["mode"][idx] + 1]).sum(axis=1)
                every = (win == win[:, :1]).all(axis=1)
                in_play = np.where(none, 0, in_play + r.last_bonus
                                   + np.where(every, r.match_bonus, 0))
        mult = self.t.col_mult[np.maximum(o["column"][idx], 0)]
        multiplier = np.where(o["column"][idx] >= 0, mult, 0 if self.t.ints[tb.SHEETS] else 1)
        roles = {name: np.where(o[name][idx] >= 0, team[np.maximum(o[name][idx], 0)], -1)
                 for name in ("chooser", "pusher")}
        on_table = None if self.table is None else self.table.facts(
            o["cards"][idx, :each], team[o["win"][idx, :each]], o["mode"][idx], n,
            self.t.ints[tb.TRUMP_KIND] == tb.TRUMP_KINDS["first_void"])
        return Batch(n, points, tricks, won, win, weis, stoeck, declared,
                     {u: v[idx].copy() for u, v in totals.items()}, o["mode"][idx],
                     hand_no[idx], players, multiplier=multiplier, roles=roles,
                     table_weis=None if on_table is None else on_table[0],
                     table_stoeck=None if on_table is None else on_table[1],
                     playing=playing, in_play=in_play)

    def count_first(self, f: Batch, fired: Array, before: dict[str, Array],
                    o: dict[str, Array], idx: Array, team: Array) -> Array:
        """`counting.count_first` by its shortcut (every clause just adds the facts): book
        the facts of `count first:` and then the tricks one by one on the totals before
        the hand, and stop a game where its end holds. Returns the games that ended;
        their totals (in f) are those at that moment."""
        r, sc = self.rules, self.scorer
        k, n = len(fired), f.n
        after = {u: v.copy() for u, v in f.totals.items()}
        change = f.change
        running = {u: v.copy() for u, v in before.items()}
        ended = np.zeros(k, bool)
        # per game: per fact, the (unit, factor times the hand's factor) it books
        steps: dict[str, list[tuple[str, Array]]] = {}
        for name in (*[x for x in self.order if x != TRICKS], TRICK_FACT):
            per: list[tuple[str, Array]] = []
            for ci, cl in enumerate(r.clauses):
                here = fired == ci
                if not here.any():
                    continue
                plain = r.count_adds[cl.id].get(name, ())
                exprs = self.scale_exprs.get(cl.id, ())
                for i, (unit, factor) in enumerate(plain):
                    x = exprs[i] if i < len(exprs) else None
                    hf = np.ones(k, np.int64) if x is None else \
                        sc.ev(x, f, np.ones(k, bool))[:, -1].astype(np.int64)
                    if name == TRICK_FACT and not factor:
                        continue
                    per.append((unit, np.where(here, factor * hf, 0)))
            steps[name] = per

        near = self.near_end(f, steps, before, o, idx, team)
        if not near.any():  # no game can reach its end before the hand is complete
            return ended

        def add(unit: str, amount: Array, mask: Array) -> None:
            now = running[unit]
            y = now + np.where(mask[:, None], amount, 0)
            floor = sc.floors.get(unit)
            running[unit] = y if floor is None else np.where(mask[:, None],
                                                             np.maximum(y, floor), now)

        gate = r.end_gate

        moments: list[tuple[Array, dict[str, Array]]] = []

        def ends(mask: Array) -> None:
            """Note the games of `mask` that pass the end's gate (`counting.end_gate`: the
            end cannot hold below it) with the running totals of this moment; whether the
            end holds is worked out for every moment noted at once, after the bookings."""
            if gate is not None:
                unit, sign, least = gate
                mask = mask & ((sign * running[unit]).max(axis=1) >= least)
            rows = np.flatnonzero(mask)
            if rows.size:
                moments.append((rows, {u: v[rows] for u, v in running.items()}))

        for name in self.order:
            if name == TRICKS:
                continue
            values = getattr(f, name)
            books = values.any(axis=1) & near
            if not books.any():
                continue
            for unit, factor in steps[name]:
                add(unit, factor[:, None] * values, books)
            ends(books)
        if TRICKS in self.order and steps[TRICK_FACT]:
            booking = np.zeros(k, bool)  # games whose clause books the card points
            for _, factor in steps[TRICK_FACT]:
                booking |= factor != 0
            each = r.cards_each
            win = team[o["win"][idx, :each]]
            tp = o["tpoints"][idx, :each]
            onehot = np.zeros((k, n), np.int64)
            for j in range(each - 1):  # the last trick completes the hand
                books = (tp[:, j] > 0) & booking & near
                if not books.any():
                    continue
                onehot[:] = 0
                onehot[np.arange(k), win[:, j]] = tp[:, j]
                for unit, factor in steps[TRICK_FACT]:
                    add(unit, onehot * factor[:, None], books)
                ends(books)
        for u in after:
            f.totals[u] = after[u]
        if moments:  # a game ends at the first moment noted at which its end holds
            rows = np.concatenate([x[0] for x in moments])
            at = {u: np.concatenate([x[1][u] for x in moments]) for u in running}
            sub = take(f, rows, {}, {})
            sub.totals = at
            sub.change = {u: at[u] - before[u][rows] for u in at}
            holds = sc.ends(sub)
            games, first = np.unique(rows[holds], return_index=True)
            where = np.flatnonzero(holds)[first]
            ended[games] = True
            for u in after:
                final = after[u].copy()
                final[games] = at[u][where]
                f.totals[u] = final
        f.change = change
        return ended

    def near_end(self, f: Batch, steps: dict[str, list[tuple[str, Array]]],
                 before: dict[str, Array], o: dict[str, Array], idx: Array, team: Array
                 ) -> Array:
        """The games in which `count_first`'s running totals may pass the game end's gate
        (`counting.end_gate`) at some moment of the hand: the gate's side of the totals
        before it, plus every booking that moves them towards it (a floor only holds a
        total up, so it is counted from the floor where that is higher). The others
        cannot end the game before the hand is complete: their bookings are skipped."""
        k = len(idx)
        gate = self.rules.end_gate
        if gate is None:
            return np.ones(k, bool)
        unit, sign, least = gate
        floor = self.scorer.floors.get(unit)
        start = before[unit] if floor is None or sign < 0 else np.maximum(before[unit], floor)
        reach = (sign * start).astype(np.int64)
        for name in self.order:
            if name == TRICKS:
                continue
            values = getattr(f, name)
            for u, factor in steps[name]:
                if u == unit:
                    reach = reach + np.maximum(sign * factor[:, None] * values, 0)
        if TRICKS in self.order and steps[TRICK_FACT]:
            each, n = self.rules.cards_each, f.n
            cell = (np.arange(k)[:, None] * n + team[o["win"][idx, :each]]).ravel()
            tp = o["tpoints"][idx, :each]
            for u, factor in steps[TRICK_FACT]:
                if u == unit:  # every trick's booking that moves towards the gate
                    moves = np.maximum(sign * factor[:, None] * tp, 0).ravel()
                    reach += np.bincount(cell, moves, k * n).reshape(k, n).astype(np.int64)
        return reach.max(axis=1) >= least

    def gated_ends(self, f: Batch, totals: dict[str, Array]) -> Array:
        """Whether the game end holds (`Scorer.ends`), worked out only in the games whose
        totals pass its gate (`counting.end_gate`: it cannot hold in the others)."""
        gate = self.rules.end_gate
        if gate is None:
            return self.scorer.ends(f)
        unit, sign, least = gate
        rows = np.flatnonzero((sign * totals[unit]).max(axis=1) >= least)
        out = np.zeros(len(f.hand), bool)
        if rows.size == len(f.hand):
            return self.scorer.ends(f)
        if rows.size:
            out[rows] = self.scorer.ends(take(f, rows, totals, f.change))
        return out

    def summaries(self, hands: Array, fired: Array, modes: Array, weis: Array,
                  stoeck: Array, match: Array, psum: Array, psq: Array,
                  totals: dict[str, Array], hand_no: Array, broken: Array, left: Array
                  ) -> list[Summary]:
        """Each game's `Summary`, from the per-game arrays (read as lists once, the
        winners worked out for all games at once); where the first to leave the table
        wins, the winners are those who left first with the best total among them
        (`Game.outcome`)."""
        r = self.rules
        b = len(hands)
        ids = [c.id for c in r.clauses] + ["(none)"]
        unit, sign = r.winner_unit
        values = sign * totals[unit]
        best = values.max(axis=1) if r.winner_most else values.min(axis=1)
        n = values.shape[1]
        code = ((values == best[:, None]) << np.arange(n)).sum(axis=1).tolist()
        subsets = [tuple(x for x in range(n) if (c >> x) & 1) for c in range(1 << n)]
        winners = [subsets[c] for c in code]
        if r.winner_first_out:
            gone = left.tolist()
            vals = values.tolist()
            for g in np.flatnonzero(left.any(axis=1)).tolist():
                first = min(x for x in gone[g] if x)
                pool = [x for x in range(n) if gone[g][x] == first]
                top = max(vals[g][x] for x in pool) if r.winner_most else \
                    min(vals[g][x] for x in pool)
                winners[g] = tuple(x for x in pool if vals[g][x] == top)
        clauses = self.counted(fired, ids)
        kinds = self.counted(modes, self.mode_names)
        rows = {u: v.tolist() for u, v in totals.items()}
        finals = [dict(zip(rows, x, strict=True)) for x in
                  zip(*([tuple(y) for y in v] for v in rows.values()), strict=True)] \
            if rows else [{} for _ in range(b)]
        pairs = np.stack([psum, psq], axis=2).tolist()
        stopped = (hand_no >= HAND_LIMIT).tolist()  # the engine names its limit as the reason
        return [Summary(h, cl, w, end, tot, md, wh, sk, mt,
                        tuple(tuple(x) for x in pq), bad)
                for h, cl, w, end, tot, md, wh, sk, mt, pq, bad in zip(
                    hands.tolist(), clauses, winners, stopped, finals, kinds, weis.tolist(),
                    stoeck.tolist(), match.tolist(), pairs, broken.tolist(), strict=True)]

    @staticmethod
    def counted(counts: Array, names: list[str]) -> list[dict[str, int]]:
        """Per game (a row of `counts`): name -> count, for the counts that are not 0,
        in the order of `names`."""
        out: list[dict[str, int]] = [{} for _ in range(len(counts))]
        games, cols = np.nonzero(counts)
        for g, i, v in zip(games.tolist(), cols.tolist(), counts[games, cols].tolist(),
                           strict=True):
            out[g][names[i]] = v
        return out


__all__ = ["Hand", "Runner", "Summary", "reasons", "runner_for"]
