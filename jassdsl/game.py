"""The game engine: one `Game` for every variant, driven by actions.

Seats are numbered 0..n-1 counter-clockwise: seat i+1 sits to the right of seat i and
plays after it. Forehand is the seat to the dealer's right. Declarations (trump choice,
push, estimates) are actions just like card plays; all randomness comes from the one
seeded generator of the game, so a seed and the list of actions replay a game exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from jassdsl.cards import CARD_INDEX, CARD_NAMES, SUIT_MASKS, mask_cards
from jassdsl.compiler import CompiledRules
from jassdsl.errors import IllegalActionError, JassError
from jassdsl.play import excluded_reasons, legal_mask, trick_winner
from jassdsl.registry import load_rules
from jassdsl.scoring import Grant, HandFacts
from jassdsl.tables import MODE_INDEX, MODE_NAMES, ModeTable

HAND_LIMIT = 1000  # a game that has not ended after this many hands is stopped


@dataclass(frozen=True, slots=True)
class Action:
    """A card play (``kind="play"``, value = card index) or a declaration."""

    kind: str
    value: int = -1

    def __str__(self) -> str:
        if self.kind == "play":
            return CARD_NAMES[self.value]
        if self.kind == "trump":
            return f"trump {MODE_NAMES[self.value]}"
        if self.kind == "push":
            return "push"
        return f"{self.kind} {self.value}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """``DA`` or ``play DA``, ``trump H``, ``trump obenabe``, ``push``, ``estimate 40``."""
        words = text.strip().split()
        if not words:
            raise JassError("empty action")
        if words[0].lower() == "play" and len(words) == 2:
            words = words[1:]
        if len(words) == 1 and words[0].upper() in CARD_INDEX:
            return PLAYS[CARD_INDEX[words[0].upper()]]
        if words[0].lower() == "push" and len(words) == 1:
            return cls("push")
        if words[0].lower() == "trump" and len(words) == 2:
            key = words[1] if words[1] in MODE_INDEX else words[1].upper()
            if key in MODE_INDEX:
                return cls("trump", MODE_INDEX[key])
        if len(words) == 2 and words[1].lstrip("-").isdigit():
            return cls(words[0].lower(), int(words[1]))
        raise JassError(f"cannot read action {text!r} (write e.g. DA, trump H, push, "
                        "estimate 40)")


PLAYS = tuple(Action("play", c) for c in range(36))


@dataclass(frozen=True)
class Trick:
    leader: int
    cards: tuple[int, ...]
    winner: int


@dataclass(frozen=True)
class HandResult:
    """The record of one finished hand: tricks, points, the clause that fired, the grants."""

    number: int
    dealer: int
    trump: str  # mode name, or "none"
    hands: tuple[tuple[int, ...], ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]  # per subject
    declared: dict[str, tuple[int, ...]]
    clause: str
    grants: tuple[Grant, ...]
    totals: dict[str, tuple[int, ...]]

    def trick_points(self, table: ModeTable, last_bonus: int) -> list[int]:
        out = [sum(table.points[c] for c in t.cards) for t in self.tricks]
        if out:
            out[-1] += last_bonus
        return out


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winners (subjects), final standings, and why it ended."""

    winners: tuple[int, ...]
    standings: tuple[tuple[int, int], ...]  # (subject, total) best first
    reason: str
    hands: int


@dataclass
class State:
    """The mutable part of a game; copied for undo."""

    hand_no: int = 1
    dealer: int = 0
    phase: str = "play"
    current: int = 0
    hands: list[int] = field(default_factory=list)
    dealt: tuple[int, ...] = ()
    mode: int = -1  # -1: no trump set (yet)
    chooser: int = -1
    pushed: bool = False
    decl_index: int = 0
    decl_count: int = 0
    declared: dict[str, list[int]] = field(default_factory=dict)
    trick: list[int] = field(default_factory=list)
    leader: int = 0
    tricks: list[Trick] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    totals: dict[str, list[int]] = field(default_factory=dict)
    pending: list[tuple[str, tuple[int, ...], int]] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)
    shown: int = -1  # a card shown to all (the bottom card), or -1

    def copy(self) -> State:
        return State(
            self.hand_no, self.dealer, self.phase, self.current, list(self.hands), self.dealt,
            self.mode, self.chooser, self.pushed, self.decl_index, self.decl_count,
            {k: list(v) for k, v in self.declared.items()}, list(self.trick), self.leader,
            list(self.tricks), list(self.won), {k: list(v) for k, v in self.totals.items()},
            list(self.pending), list(self.results), self.shown,
        )


class Game:
    """A whole game of one variant; see the module docstring for seats and actions."""

    def __init__(
        self,
        rules: CompiledRules | str,
        seed: int | None = None,
        options: dict[str, int] | None = None,
        record: bool = True,
    ) -> None:
        self.rules = load_rules(rules, options) if isinstance(rules, str) else rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.record = record
        self.history: list[Action] = []
        self._undo: list[tuple[State, Any]] = []
        r = self.rules
        self.s = State(totals={u: [0] * r.subjects for u in r.units})
        self.s.dealer = self.rng.randrange(r.players) if r.first_dealer_lot else 0
        self._start_hand()

    # -- reading the state
    @property
    def n(self) -> int:
        return self.rules.players

    @property
    def phase(self) -> str:
        return self.s.phase

    @property
    def current_player(self) -> int:
        return self.s.current

    @property
    def is_over(self) -> bool:
        return self.s.phase == "over"

    @property
    def results(self) -> list[HandResult]:
        return self.s.results

    @property
    def trump_table(self) -> ModeTable | None:
        return self.rules.modes[self.s.mode] if self.s.mode >= 0 else None

    def order_table(self) -> ModeTable:
        """The table that decides tricks now (the fallback mode while no trump is set)."""
        s, r = self.s, self.rules
        mode = s.mode if s.mode >= 0 else r.fallback
        return r.modes[mode if mode is not None else MODE_INDEX["obenabe"]]

    def hand_of(self, seat: int) -> list[int]:
        return mask_cards(self.s.hands[seat])

    def legal_mask(self) -> int:
        """The legal cards of the current player as a bitmask (0 outside the play phase)."""
        s = self.s
        if s.phase != "play":
            return 0
        return legal_mask(self.rules.play, s.hands[s.current], s.trick, self.trump_table)

    def legal_actions(self) -> list[Action]:
        s, r = self.s, self.rules
        if s.phase == "play":
            return [PLAYS[c] for c in mask_cards(self.legal_mask())]
        if s.phase == "trump":
            acts = [Action("trump", mode) for mode in r.trump_choices]
            if r.push and not s.pushed:
                acts.append(Action("push"))
            return acts
        if s.phase == "declare":
            d = r.declarations[s.decl_index]
            return [Action(d.name, v) for v in range(d.low, d.high + 1)]
        return []

    def why_illegal(self, card: int) -> str:
        """The regime statement that forbids a card now ('' when it is legal)."""
        s = self.s
        if s.phase != "play":
            return ""
        reasons = excluded_reasons(self.rules.play, s.hands[s.current], s.trick,
                                   self.trump_table)
        return reasons.get(card, "" if s.hands[s.current] >> card & 1 else "not in hand")

    # -- changing the state
    def apply(self, action: Action | str) -> None:
        """Play a card or make a declaration; raises IllegalActionError naming legal ones."""
        if isinstance(action, str):
            action = Action.parse(action)
        s = self.s
        if s.phase == "over":
            raise IllegalActionError(action, [], "the game is over")
        if self.record:
            self._undo.append((s.copy(), self.rng.getstate()))
        try:
            if s.phase == "play" and action.kind == "play":
                self._play(action.value)
            elif s.phase == "trump" and action.kind in ("trump", "push"):
                self._choose_trump(action)
            elif s.phase == "declare" and action.kind == self.rules.declarations[
                    s.decl_index].name:
                self._declare(action.value)
            else:
                raise IllegalActionError(action, [str(a) for a in self.legal_actions()],
                                         f"the game expects a {s.phase} action")
        except IllegalActionError:
            if self.record:
                self._undo.pop()
            raise
        if self.record:
            self.history.append(action)

    def undo(self) -> Action:
        """Take back the last action (needs record=True)."""
        if not self._undo:
            raise JassError("nothing to undo")
        state, rng_state = self._undo.pop()
        self.s = state
        self.rng.setstate(rng_state)
        return self.history.pop()

    # -- phases
    def _start_hand(self) -> None:
        s, r = self.s, self.rules
        deck = list(range(36))
        self.rng.shuffle(deck)
        n, each, packet = r.players, r.cards_each, r.packet
        hands = [0] * n
        pos = 0
        forehand = (s.dealer + 1) % n
        for _ in range(each // packet):
            for i in range(n):
                seat = (forehand + i) % n
                for c in deck[pos:pos + packet]:
                    hands[seat] |= 1 << c
                pos += packet
        s.hands = hands
        s.dealt = tuple(hands)
        s.won = [0] * n
        s.tricks = []
        s.trick = []
        s.leader = forehand
        s.current = forehand
        s.pushed = False
        s.declared = {d.name: [0] * n for d in r.declarations}
        s.decl_index = s.decl_count = 0
        s.shown = -1
        s.mode = -1
        kind = r.trump_kind
        if kind == "random_suit":
            s.mode = self.rng.randrange(4)
        elif kind == "bottom_card":
            s.shown = deck[pos - 1]
            s.mode = s.shown // 9
        elif kind == "none":
            s.mode = r.fallback if r.fallback is not None else -1
        if kind == "forehand_chooses":
            s.phase, s.chooser = "trump", forehand
        else:
            self._after_trump()

    def _after_trump(self) -> None:
        s = self.s
        s.current = (s.dealer + 1) % self.n
        s.phase = "declare" if self.rules.declarations else "play"

    def _choose_trump(self, action: Action) -> None:
        s, r = self.s, self.rules
        if action.kind == "push":
            if not r.push or s.pushed:
                raise IllegalActionError(action, [str(a) for a in self.legal_actions()],
                                         "pushing is not allowed now")
            s.pushed = True
            s.current = (s.current + 2) % self.n
            return
        if action.value not in r.trump_choices:
            raise IllegalActionError(action, [str(a) for a in self.legal_actions()])
        s.mode = action.value
        self._after_trump()

    def _declare(self, value: int) -> None:
        s, r = self.s, self.rules
        d = r.declarations[s.decl_index]
        if not d.low <= value <= d.high:
            raise IllegalActionError(f"{d.name} {value}", [f"{d.name} {d.low}..{d.high}"])
        s.declared[d.name][s.current] = value
        s.decl_count += 1
        s.current = (s.current + 1) % self.n
        if s.decl_count == self.n:
            s.decl_index += 1
            s.decl_count = 0
            if s.decl_index == len(r.declarations):
                s.phase = "play"

    def _play(self, card: int) -> None:
        s, r = self.s, self.rules
        seat = s.current
        hand = s.hands[seat]
        table = r.modes[s.mode] if s.mode >= 0 else None
        if not (0 <= card < 36 and legal_mask(r.play, hand, s.trick, table) >> card & 1):
            self._reject(card)
        hand ^= 1 << card
        s.hands[seat] = hand
        trick = s.trick
        if s.mode < 0 and trick and card // 9 != trick[0] // 9 and r.trump_kind == "first_void":
            s.mode = card // 9  # the first card of a player who cannot follow sets trump
        trick.append(card)
        if len(trick) < self.n:
            s.current = (seat + 1) % self.n
            return
        win = (s.leader + trick_winner(trick, self.order_table())) % self.n
        s.tricks.append(Trick(s.leader, tuple(trick), win))
        for c in trick:
            s.won[win] |= 1 << c
        s.trick = []
        s.leader = s.current = win
        if not hand:
            self._finish_hand()

    def _reject(self, card: int) -> None:
        name = CARD_NAMES[card] if 0 <= card < 36 else str(card)
        why = self.why_illegal(card) if 0 <= card < 36 else "no such card"
        raise IllegalActionError(name, [str(a) for a in self.legal_actions()], why)

    # -- scoring
    def _facts(self) -> HandFacts:
        s, r = self.s, self.rules
        table = self.order_table()
        team = r.team_of
        k = r.subjects
        points, tricks, won = [0] * k, [0] * k, [0] * k
        for seat in range(self.n):
            won[team[seat]] |= s.won[seat]
            points[team[seat]] += sum(table.points[c] for c in mask_cards(s.won[seat]))
        winners = [team[t.winner] for t in s.tricks]
        for w in winners:
            tricks[w] += 1
        if winners:
            points[winners[-1]] += r.last_bonus
            if r.match_bonus and tricks[winners[-1]] == len(winners):
                points[winners[-1]] += r.match_bonus
        declared = {name: self._by_subject(v) for name, v in s.declared.items()}
        return HandFacts(k, self.n, s.hand_no, points, tricks, won, winners, declared,
                         s.totals, r.options, self.rng)

    def _by_subject(self, values: list[int]) -> list[int]:
        out = [0] * self.rules.subjects
        for seat, v in enumerate(values):
            out[self.rules.team_of[seat]] += v
        return out

    def _finish_hand(self) -> None:
        s, r = self.s, self.rules
        facts = self._facts()
        clause = next((c for c in r.clauses if c.applies(facts)), None)
        grants = clause.grants(facts) if clause is not None else []
        delta = {u: [0] * r.subjects for u in s.totals}
        new_pending = []
        for g in grants:
            if g.held_with:
                new_pending.append((g.unit, g.held_with, g.amount))
            else:
                delta[g.unit][g.subject] += g.amount
        resolved: list[Grant] = []
        for unit, members, amount in s.pending:
            gainers = [x for x in members if delta[unit][x] > 0]
            if len(gainers) == 1:
                resolved.append(Grant(gainers[0], unit, amount))
            else:
                new_pending.append((unit, members, amount))
        for g in resolved:
            delta[g.unit][g.subject] += g.amount
        s.pending = new_pending
        for unit, values in s.totals.items():
            floor = r.units[unit].floor
            for x in range(r.subjects):
                values[x] += delta[unit][x]
                if floor is not None and values[x] < floor:
                    values[x] = floor
        mode_name = MODE_NAMES[s.mode] if s.mode >= 0 else "none"
        s.results.append(HandResult(
            s.hand_no, s.dealer, mode_name, s.dealt, tuple(s.tricks), tuple(facts.points),
            {k: tuple(v) for k, v in s.declared.items()}, clause.id if clause else "",
            tuple(grants) + tuple(resolved), {k: tuple(v) for k, v in s.totals.items()},
        ))
        if self._game_ends(facts):
            s.phase = "over"
            return
        s.hand_no += 1
        s.dealer = (s.dealer + 1) % self.n
        self._start_hand()

    def _game_ends(self, facts: HandFacts) -> bool:
        r, s = self.rules, self.s
        if s.hand_no >= HAND_LIMIT:
            return True
        if r.end_hands is not None:
            return s.hand_no >= r.end_hands
        facts.bound = None
        return bool(r.end_when is not None and r.end_when(facts, -1))

    def standings(self) -> list[tuple[int, int]]:
        """(subject, total in the winner's unit), best first."""
        r = self.rules
        unit, sign = r.winner_unit
        totals = [sign * v for v in self.s.totals[unit]]
        order = sorted(range(r.subjects), key=lambda x: -totals[x] if r.winner_most
                       else totals[x])
        return [(x, totals[x]) for x in order]

    def outcome(self) -> Outcome | None:
        """None while the game runs; then the winners and the standings."""
        if not self.is_over:
            return None
        table = self.standings()
        best = table[0][1]
        winners = tuple(x for x, v in table if v == best)
        reason = "hand limit" if self.s.hand_no >= HAND_LIMIT else "game end"
        return Outcome(winners, tuple(table), reason, len(self.s.results))

    def observation(self, seat: int) -> dict[str, Any]:
        """What one seat may see now: its own hand, the table, public declarations."""
        s, r = self.s, self.rules
        declared = {}
        for d in r.declarations:
            vals = s.declared.get(d.name, [])
            declared[d.name] = [v if (not d.hidden or i == seat) else None
                                for i, v in enumerate(vals)]
        return {
            "seat": seat,
            "hand": [CARD_NAMES[c] for c in mask_cards(s.hands[seat])],
            "trick": [CARD_NAMES[c] for c in s.trick],
            "leader": s.leader,
            "trump": MODE_NAMES[s.mode] if s.mode >= 0 else None,
            "shown": CARD_NAMES[s.shown] if s.shown >= 0 else None,
            "phase": s.phase,
            "current": s.current,
            "dealer": s.dealer,
            "hand_number": s.hand_no,
            "tricks": [(t.leader, [CARD_NAMES[c] for c in t.cards], t.winner)
                       for t in s.tricks],
            "declared": declared,
            "totals": {u: list(v) for u, v in s.totals.items()},
        }


def is_void(hand: int, suit: int) -> bool:
    return not hand & SUIT_MASKS[suit]
