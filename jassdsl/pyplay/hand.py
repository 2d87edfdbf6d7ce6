"""One loop per hand over the engine's compiled data, and the game around it.

`Playout(rules).game(seed)` plays one whole game of random legal play as `Game` with
`play_random` plays it (see the package docstring) and returns what `simulate` keeps of
it. Everything rule-like is read from `CompiledRules` and the functions the engine plays
with; the hand's end is written per file (`ending.hand_end`), or goes through the
engine's own scoring pieces (`generic_end`: `score_hand`, the invariants, `count_first`)
on a `HandFacts`, and the game end is the file's own condition, so what is left to this
loop is bookkeeping that the differential test (`tests/test_pyplay.py`) checks against
`Game`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, cast

from jassdsl.compile.compiler import CompiledRules, Declaring
from jassdsl.compile.counting import count_first
from jassdsl.compile.play import follow_plain
from jassdsl.compile.scoring import HandFacts, Pending, score_hand
from jassdsl.compile.weis import (
    Weis,
    WeisTable,
    best_seat,
    chunk_runs,
    hand_weise,
    stoeck_holder,
    stoeck_pair,
    suit_sequences,
)
from jassdsl.core.cards import SUIT_MASKS
from jassdsl.core.count_order import TRICKS, may_end
from jassdsl.core.deal import next_seat, trick_seats
from jassdsl.core.roles import CHOOSER, PUSHER, ROLE_LIST
from jassdsl.core.tables import chunk_points
from jassdsl.engine.chain import Chain
from jassdsl.engine.chance import Chance
from jassdsl.engine.declare import asked_in_turn, known_facts, per_subject
from jassdsl.engine.hand_end import HandEnd
from jassdsl.engine.partners import group_sums
from jassdsl.engine.playout import pick
from jassdsl.engine.records import HAND_LIMIT, stopped
from jassdsl.engine.weis import weis_config
from jassdsl.pyplay.cards import Tricks, card_loop
from jassdsl.pyplay.dealing import deal_writer
from jassdsl.pyplay.ending import Ended, EndFn, hand_end

NO_WEIS = WeisTable({}, {}, False)  # read nowhere: a file without Weis asks nobody
POLICY_SEED = "jassdsl-policy:{}"  # as `research.simulate.POLICY_SEED` (this sits below it)


@dataclass(slots=True)
class Played:
    """What `simulate` keeps of one game (the fields of its `GameSummary`), and whether an
    invariant failed (`broken`: the engine then plays the game again and raises)."""

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
    broken: bool = False


class SetsTrump(Protocol):
    """A phase whose card in play may set trump (`mechanisms.first_void.FirstVoid`)."""

    def trump_open(self, mode: int) -> bool: ...
    def sets_trump(self, mode: int, led: int, card: int) -> bool: ...


class Playout:
    """The tables of one rule file the playout covers (`cover.reasons` is empty)."""

    def __init__(self, rules: CompiledRules) -> None:
        r = self.rules = rules
        chain = Chain.shared(r)
        play = chain.play
        n = r.players
        # a phase whose card in play may set trump (`FirstVoid.sets_trump`): the hand
        # begins without trump (-1), played and counted in the fallback's order until then
        self.setter: SetsTrump | None = next(
            (cast(SetsTrump, p) for p in chain.phases if hasattr(p, "sets_trump")), None)
        modes = (*r.modes, -1) if self.setter is not None else tuple(r.modes)
        self.plans = {m: play.plan(m) for m in modes}
        self.chunks = {m: chunk_points(r.modes[r.settled_mode(m)]) for m in modes}
        self.trick_points = {m: play.points_table(m).points for m in modes}
        self.names = {m: str(r.mode(m)) for m in modes}
        self.after = tuple(seats[1:] for seats in trick_seats(n, (1 << n) - 1))
        self.order = trick_seats(n, (1 << n) - 1)
        self.members = tuple(tuple(s for s in range(n) if r.team_of[s] == x)
                             for x in range(r.subjects))  # the seats of each subject
        deal = chain.deal  # the pack's cards and the packets, as the engine deals
        self.last = r.cards_each * n - 1  # the deck place of the dealer's last card
        # the shuffle and the deal, written for the pack; each seat's left neighbour
        self.deal = deal_writer(deal.deck, n, r.cards_each, deal.packets, self.last)
        self.next_seat = tuple(next_seat(n, seat, (1 << n) - 1) for seat in range(n))
        self.choices = tuple(r.trump_choices)
        self.push = bool(r.push)
        self.kind = r.trump_kind
        config = weis_config(r)
        self.weis = {m: config.table_in(m) for m in r.modes} if config is not None else None
        # per mode: whether each 9-card chunk holds a run the table counts, and the ranks
        # whose four it counts; a seat holds a Weis (and is asked) iff one of them is there
        self.holds = {m: (tuple(bool(chunk_runs(c, min(t.sequences, default=99)))
                                for c in range(512)), suit_sequences(t, m)[4])
                      for m, t in self.weis.items()} if self.weis is not None else {}
        # per mode: the trump King and Queen (Stöck), 0 without a trump suit
        self.pairs = {m: stoeck_pair(m) for m in modes}
        # the facts whose every entry is 0 or more: Stöck, Weis where no bonus and no Weis
        # of the table is below 0 (the written end bounds them towards a gate in full)
        weis_values = [v for t in self.weis.values()
                       for v in (*t.sequences.values(), *t.fours.values())] if self.weis else []
        self.nonnegative = frozenset((*(("stoeck",) if r.stoeck_bonus >= 0 else ()),
                                      *(("weis",) if min(weis_values, default=0) >= 0 else ())))
        self.end = HandEnd(r)
        self.floors = self.end.floors
        self.by_trick = TRICKS in r.count_first
        # per mode: no card and no bonus worth less than 0, so a subject's card points
        # bound what its tricks bring `count first:` (`may_pass`'s `trick_sums`); not
        # where a card sets trump, as the tricks before it count in another order
        self.no_minus = {m: self.setter is None and min(self.trick_points[m]) >= 0
                         and r.last_bonus >= 0 and r.match_bonus >= 0 for m in modes}
        # each seat scores for itself, or its team's cards are the team's
        self.group = None if r.subjects == n else r.team_of
        self.roles_read = bool(r.roles_read)
        self.tricks = card_loop(self) or self.generic_tricks
        self.end_hand: EndFn = hand_end(self) or self.generic_end

    def declare(self, bits: Callable[[int], int], chance: Chance, dealer: int,
                roles: list[int], hand_no: int, totals: dict[str, list[int]], mode: int
                ) -> dict[str, list[int]]:
        """Each declaration in turn, as `Declarations` asks them: from the right of a
        role's holder (else forehand), the seats `by` names, each while `only when`
        holds, the last not making the hook's total; every value drawn by the policy."""
        r = self.rules
        declared = {d.name: [0] * r.players for d in r.declarations}

        def now() -> HandFacts:
            return known_facts(r, r.players, hand_no, declared, totals, chance, mode, roles)

        def order(d: Declaring) -> list[int]:
            return asked_in_turn(r, d, roles, dealer, now)

        def next_turn(d: Declaring, seats: list[int], at: int) -> int:
            if d.only_when is not None:
                while at < len(seats) and not d.only_when(now(), -1):
                    at += 1
            return at

        for d in r.declarations:
            seats = order(d)
            at = next_turn(d, seats, 0)
            values = declared[d.name]
            while at < len(seats):
                options = d.values
                if d.hook is not None and at == len(seats) - 1:
                    banned = d.hook - sum(values)
                    options = tuple(v for v in options if v != banned)
                k = len(options)
                values[seats[at]] = options[0] if k == 1 else options[bits(32) * k >> 32]
                seats = order(d)
                at = next_turn(d, seats, at + 1)
        return declared

    def offers(self, start: tuple[int, ...], mode: int) -> list[bool]:
        """Per seat, whether its hand holds a Weis in the mode (it is then asked): a run
        the table counts in a suit, or a four of a rank it counts (`holds`)."""
        runs, fours = self.holds[mode]
        return [runs[h & 511] or runs[h >> 9 & 511] or runs[h >> 18 & 511] or runs[h >> 27]
                or bool(h & h >> 9 & h >> 18 & h >> 27 & fours) for h in start]

    def generic_tricks(self, hands: list[int], leader: int, bits: Callable[[int], int],
                       offer: list[bool] | None, start: tuple[int, ...], table: WeisTable,
                       mode: int) -> Tricks:
        """The hand's cards from forehand's lead, in one loop for every rule file the
        playout covers: each seat's Weis asked before its first card where it holds one,
        the legal cards by the trick's follow regime, the winner by its beat rows; a card
        that sets trump changes the mode from there on (`offer`: which seats hold a Weis;
        None: `offers` works it out, as the written loop does). Returns the cards each
        seat took, who took each trick, each trick's card points, the Weise said and the
        mode."""
        n = self.rules.players
        if offer is None and self.weis is not None:
            offer = self.offers(start, mode)
        plan = self.plans[mode]
        setter = self.setter
        open_ = setter is not None and setter.trump_open(mode)
        said: list[tuple[Weis, ...]] = [()] * n
        won = [0] * n
        seat_winners: list[int] = []
        per_trick: list[int] = []
        points_of = self.trick_points[mode]
        first = True
        t = 0
        while hands[leader]:
            follow, beats = plan[t]
            if first and offer is not None and offer[leader] and not bits(32) >> 31:
                said[leader] = hand_weise(start[leader], table, mode)  # yes: option 0
            hand = hands[leader]
            top = card = pick(bits, hand)
            taken = 1 << card
            total = points_of[card]
            led = card // 9
            hands[leader] = hand ^ taken
            row = beats[card]
            win = leader
            seen = [(leader, card)] if open_ else None
            # no trump: follow suit if one can (`follow_plain`), written out here
            suit = SUIT_MASKS[led] if follow is follow_plain else 0
            for seat in self.after[leader]:
                if first and offer is not None and offer[seat] and not bits(32) >> 31:
                    said[seat] = hand_weise(start[seat], table, mode)
                hand = hands[seat]
                card = pick(bits, (hand & suit or hand) if suit else follow(hand, led, top))
                bit = 1 << card
                hands[seat] = hand ^ bit
                taken |= bit
                total += points_of[card]
                if row[card]:
                    top, win, row = card, seat, beats[card]
                if seen is not None:
                    assert setter is not None
                    seen.append((seat, card))
                    if setter.sets_trump(mode, led, card):  # trump from here on
                        mode = card // 9
                        open_ = setter.trump_open(mode)
                        plan, points_of = self.plans[mode], self.trick_points[mode]
                        follow, beats = plan[t]
                        suit = 0 if follow is not follow_plain else suit
                        win, top = seen[0]  # the trick so far, under the new order
                        for s2, c2 in seen[1:]:
                            if beats[top][c2]:
                                win, top = s2, c2
                        row = beats[top]
                        seen = None
            won[win] |= taken
            seat_winners.append(win)
            per_trick.append(total)
            first = False
            leader = win
            t += 1
        return won, seat_winners, per_trick, said, mode

    def side_weis(self, said: list[tuple[Weis, ...]], fore: int) -> list[int]:
        """Per subject, the Weis it scores: the side of the best Weis said (forehand led
        the first trick) scores its seats' Weise, as `WeisPhase` counts them."""
        team = self.rules.team_of
        weis = [0] * self.rules.subjects
        best = best_seat(dict(enumerate(said)), self.order[fore])
        if best >= 0:
            side, total = team[best], 0
            for seat in self.members[side]:
                for w in said[seat]:
                    total += w.value
            weis[side] = total
        return weis

    def declared_facts(self, facts: HandFacts, declared: dict[str, list[int]]) -> None:
        """The declarations' values into the facts, as `Declarations.add_facts` adds them
        (per subject, a team's partners together; and per seat)."""
        facts.declared = per_subject(self.rules, declared)
        facts.seat_declared = declared

    def generic_end(self, won: list[int], seat_winners: list[int], per_trick: list[int],
                    said: list[tuple[Weis, ...]], mode: int, start: tuple[int, ...], fore: int,
                    hand_no: int, declared: dict[str, list[int]] | None, roles: list[int],
                    totals: dict[str, list[int]], chance: Chance, pending: Pending
                    ) -> Ended | None:
        """The hand's facts as `HandEnd.facts` and the phases' `add_facts` make them, its
        score, the invariants and `count first:`, through the engine's own pieces, for
        every file the playout covers (`ending.hand_end` writes the same per file).
        Returns the facts, the clause that scored, what `count first:` ended the game
        with, and whether a Weis was said and Stöck held; None when an invariant fails."""
        r = self.rules
        n, k = r.players, r.subjects
        team = r.team_of
        points, tricks, won_by, winners = group_sums(self.group, k, won, seat_winners,
                                                     self.chunks[mode], r)
        facts = HandFacts(k, n, hand_no, points, tricks, won_by, winners, {}, totals,
                          r.options, chance, mode=mode)
        weis_said = any(said)
        facts.weis = self.side_weis(said, fore) if weis_said else [0] * k
        if declared is not None:
            self.declared_facts(facts, declared)
        if self.roles_read:  # as `HandEnd.facts`
            facts.role_seats = roles
            facts.roles = [team[x] if x >= 0 else -1 for x in roles]
        if r.reads_in_play and winners:  # as `HandEnd.facts`: every card was dealt
            c = start[0]
            for h in start[1:]:
                c |= h
            p0, p1, p2, p3 = self.chunks[mode]
            facts.in_play = (p0[c & 511] + p1[c >> 9 & 511] + p2[c >> 18 & 511]
                             + p3[c >> 27] + r.last_bonus
                             + (r.match_bonus if len(set(winners)) == 1 else 0))
        stoeck = [0] * k
        holder = stoeck_holder(start, mode) if r.stoeck_bonus else -1
        if holder >= 0:
            stoeck[team[holder]] = r.stoeck_bonus
        facts.stoeck = stoeck
        booking = score_hand(r.clauses, facts, pending, self.floors)
        clause = booking.clause
        for _, holds in r.invariants:
            facts.bound = None
            if not holds(facts, -1):
                return None
        early = None
        if r.count_first and r.end_when is not None:
            end = self.end
            bound_by = points if self.by_trick and self.no_minus[mode] else None

            def steps(taker: list[int] = winners, got: list[int] = per_trick
                      ) -> tuple[tuple[int, int], ...]:
                return tuple(zip(taker, got[:-1], strict=False))

            early = count_first(facts, r.count_first, clause, booking.grants,
                                r.end_when, r.count_adds, end.hand_delta, end.floor_of,
                                end.lots, r.count_scales, steps if self.by_trick else (),
                                r.end_gate, bound_by)
        return facts, clause, early, weis_said, holder >= 0

    def game(self, seed: int) -> Played:
        """One whole game from its seed (the game's chance and the policy's generator)."""
        import random

        r = self.rules
        n, k = r.players, r.subjects
        chance = Chance(seed)
        bits = random.Random(POLICY_SEED.format(seed)).getrandbits
        dealer = chance.draw(n) if r.first_dealer_lot else 0
        totals = {u: [0] * k for u in r.units}
        pending: list[tuple[str, tuple[int, ...], int]] = []
        clauses: dict[str, int] = {}
        modes: dict[str, int] = {}
        sums, squares = [0] * k, [0] * k
        weis_hands = stoeck_hands = match = 0
        hand_no = 1
        reason = "game end"
        after = self.next_seat
        end_hands, end_when, gate = r.end_hands, r.end_when, r.end_gate
        deal = self.deal
        choices, with_push = self.choices, len(self.choices) + self.push
        fallback = r.fallback if r.fallback is not None else -1
        while True:
            # the deal: the game's shuffle, packets round the table from forehand
            fore = after[dealer]
            hands, bottom = deal(chance.bits(), fore)
            start = tuple(hands)
            # trump set at the deal (`TrumpByRule.at_deal`), or forehand chooses among the
            # choices or pushes to the partner across (`TrumpChoice`)
            roles = [-1] * len(ROLE_LIST)  # as `State.roles`: the deal resets them
            if self.kind == "forehand_chooses":
                i = bits(32) * with_push >> 32 if with_push > 1 else 0
                roles[CHOOSER] = fore
                if i == len(choices):  # pushed to the partner across, who chooses
                    roles[PUSHER], roles[CHOOSER] = fore, (fore + 2) % n
                    m = len(choices)
                    i = bits(32) * m >> 32 if m > 1 else 0
                mode = choices[i]
            elif self.kind == "random_suit":
                mode = chance.draw(4)
            elif self.kind == "bottom_card":
                mode = (bottom.bit_length() - 1) // 9
            elif self.kind == "none":
                mode = fallback
            else:  # trump is set by a card in play
                mode = -1
            declared = self.declare(bits, chance, dealer, roles, hand_no, totals, mode) \
                if r.declarations else None
            table: WeisTable = self.weis[mode] if self.weis is not None else NO_WEIS
            won, seat_winners, per_trick, said, mode = self.tricks(
                hands, fore, bits, None, start, table, mode)
            ended = self.end_hand(won, seat_winners, per_trick, said, mode, start, fore,
                                  hand_no, declared, roles, totals, chance, pending)
            if ended is None:  # an invariant failed
                return Played(hand_no, dict(clauses), (), False, {}, dict(modes),
                              weis_hands, stoeck_hands, match, (), broken=True)
            facts, clause, early, weis_said, stoeck_held = ended
            weis_hands += weis_said
            stoeck_hands += stoeck_held
            points, winners = facts.points, facts.trick_winners
            if early is not None:
                won_with, counted, _ = early
                for unit, values in counted.items():
                    totals[unit][:] = values
            cid = clause.id if clause else "(none)"
            clauses[cid] = clauses.get(cid, 0) + 1
            name = self.names[mode]
            modes[name] = modes.get(name, 0) + 1
            match += facts.tricks[winners[0]] == len(winners)  # one side took every trick
            for x, p in enumerate(points):
                sums[x] += p
                squares[x] += p * p
            if early is not None:
                reason = f"won at once with {won_with}"
                break
            if hand_no >= HAND_LIMIT:
                reason = "hand limit"
                break
            if end_hands is not None:
                if hand_no >= end_hands:
                    break
            elif end_when is not None and may_end(gate, totals):
                facts.bound = None
                if end_when(facts, -1):
                    break
            hand_no += 1
            dealer = after[dealer]
        unit, sign = r.winner_unit
        signed = [sign * v for v in totals[unit]]
        order = sorted(range(k), key=lambda x: -signed[x] if r.winner_most else signed[x])
        top_total = signed[order[0]]
        return Played(hand_no, dict(clauses), tuple(x for x in order if signed[x] == top_total),
                      stopped(reason), {u: tuple(v) for u, v in totals.items()}, dict(modes),
                      weis_hands, stoeck_hands, match, tuple(zip(sums, squares, strict=True)))
