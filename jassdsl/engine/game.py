"""The game: one `Game` for every variant, a small driver over the chain of phases.

Seats are numbered 0..n-1 counter-clockwise: seat i+1 sits to the right of seat i and
plays after it. Forehand is the seat to the dealer's right. Declarations (trump choice,
push, estimates) are actions just like card plays. All randomness comes from the game's
one `Chance`, so a seed and the list of actions replay a game exactly.

What each mechanism does lives in its phase module (see `chain`); the game keeps the
state, hands each action to the phase that waits for it, and offers the public view:
legal actions, observations, events, the outcome, and undo.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.play import excluded_reasons
from jassdsl.core.actions import Action, flaw, is_index, legal_names, mask_plays, shown_value
from jassdsl.core.cards import CARD_NAMES, mask_cards
from jassdsl.core.deal import trick_seats
from jassdsl.core.errors import ApiUsageError, IllegalActionError, OptionError
from jassdsl.core.tables import ModeTable
from jassdsl.engine import records
from jassdsl.engine.chain import Chain
from jassdsl.engine.chance import Chance
from jassdsl.engine.events import DealtAgain, Event, GameOver
from jassdsl.engine.observation import Observation, observe, seats_in
from jassdsl.engine.phase import Phase, overrides
from jassdsl.engine.records import HandResult, Outcome, Trick
from jassdsl.engine.state import State

SNAPSHOTS = 128
"""The undo history keeps a copy of the state before each of the last SNAPSHOTS actions,
and further back before every SNAPSHOTS-th action only: an undo within the last
SNAPSHOTS actions restores its copy, an undo further back replays the actions from the
copy before them (at most SNAPSHOTS of them), so memory grows by the actions alone (see
`Game.undo`)."""

Saved = tuple[State, Any, int]  # the state, the chance's state, how many events there were
Moment = State  # a game's state kept to be read later (`Game.moment`, `Game.view`): opaque
# How `Game(name)` loads a rule file by name or path: `jassdsl.registry.load_rules`, which
# the registry installs here as it loads (it is the layer above, with the parser, so the
# engine names it without importing it; `import jassdsl` loads the registry)
load_by_name: Callable[[str | os.PathLike[str], dict[str, int | str] | None],
                       CompiledRules] | None = None

class Game:
    """A whole game of one variant; see the module docstring for seats and actions.

    `rules` is a variant name from rules/, a path to a .jass file, or `CompiledRules` from
    `load_rules`. `options` (a dict such as ``{"target": 1200}``) go with a name or path;
    compiled rules have theirs already, so options given with them raise OptionError
    (pass them to `load_rules(name, options)` instead). `seed` is a whole number >= 0
    (None: drawn from the system); `chance` instead gives the game its own `Chance` (a
    `ScriptedChance` to play recorded deals). With `record` every action is kept in
    `history` and can be taken back with `undo`, and `events` logs what happened (also
    without history where `events=True`; `start=False` leaves the first hand undealt, for
    `jassdsl.engine.position`; `chain` shares a chain of phases made once for the rules,
    `Chain.shared`, where many games are played one after another). The history costs about half a KB per action: the actions,
    their events, and copies of the state before the last SNAPSHOTS actions and every
    SNAPSHOTS-th further back, from which `undo` replays (exact, see `undo`). Misuse
    raises the errors of `jassdsl.core.errors`: see the Python API section of
    docs/en/engine-authors.md. To start at a recorded deal or position, see
    `jassdsl.engine.position`.
    """

    def __init__(
        self,
        rules: CompiledRules | str | os.PathLike[str],
        seed: int | None = None,
        options: dict[str, int | str] | None = None,
        record: bool = True,
        check_invariants: bool = True,
        *,
        chance: Chance | None = None,
        events: bool | None = None,
        start: bool = True,
        chain: Chain | None = None,
    ) -> None:
        if isinstance(rules, CompiledRules):
            if options:
                raise OptionError(
                    f"options are fixed when rules are compiled: {rules.name} was compiled "
                    f"with {rules.options}; pass options to load_rules(name, options) or "
                    "give Game the variant name with options=")
            self.rules = rules
        else:  # a name or a path: `registry.new_game` is the way; kept for older callers
            if load_by_name is None:  # pragma: no cover - `import jassdsl` installs it
                raise ApiUsageError("no loader of rule files by name: import jassdsl.registry")
            self.rules = load_by_name(rules, options)  # checks the name and the options
        if seed is not None and (type(seed) is not int or seed < 0):
            raise ApiUsageError(f"seed must be a whole number >= 0 or None, not {seed!r}")
        self.seed = seed
        self.check_invariants = check_invariants
        self.chance = chance if chance is not None else Chance(seed)
        self.record = record
        self.history: list[Action] = []
        self.events: list[Event] = []
        # the events are kept where history is, unless asked; `log` is None without them
        self.log: list[Event] | None = self.events if (
            record if events is None else events) else None
        # per action of `history`: the state before it, or None where only replay restores it
        self._undo: list[Saved | None] = []
        self._chance: Any = None  # the chance's state last saved: shared while unchanged
        self._failed: BaseException | None = None  # an error that left the game half-changed
        r = self.rules
        self.chain = chain if chain is not None else Chain.of(r)  # shared: `Chain.shared`
        self.s = State(totals={u: [0] * r.subjects for u in r.units},
                       table=(1 << r.players) - 1, left=[0] * r.players)
        self.chain.new_state(self.s)
        if start:
            self.s.dealer = self.chance.draw(r.players) if r.first_dealer_lot else 0
            self.redeal()

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
    def hand_number(self) -> int:
        return self.s.hand_no

    @property
    def dealer(self) -> int:
        return self.s.dealer

    @property
    def mode(self) -> int:
        """The hand's mode number (-1: no trump set yet); `observe` gives it as a Mode."""
        return self.s.mode

    @property
    def tricks_played(self) -> int:
        """How many tricks of this hand are over."""
        return len(self.s.tricks)

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the open trick, in play order."""
        return tuple(self.s.trick)

    @property
    def totals(self) -> dict[str, tuple[int, ...]]:
        """The game totals per unit and subject, as they stand now."""
        return {u: tuple(v) for u, v in self.s.totals.items()}

    @property
    def held(self) -> tuple[tuple[str, tuple[int, ...], int], ...]:
        """Amounts held aside for a later hand: (unit, subjects among, amount)."""
        return tuple(self.s.pending)

    @property
    def leader(self) -> int:
        """Who led the open trick (or leads the next)."""
        return self.s.leader

    @property
    def playing(self) -> tuple[int, ...]:
        """The seats taking part in this hand (every seat at the table, unless asked)."""
        return seats_in(self.s.playing, self.n)

    @property
    def finished_tricks(self) -> tuple[Trick, ...]:
        """The tricks of this hand that are over, in play order."""
        return tuple(self.s.tricks)

    @property
    def shown_card(self) -> int:
        """A card shown to every seat (the bottom card), or -1."""
        return self.s.shown

    @property
    def at_table(self) -> tuple[int, ...]:
        """The seats still at the table (every seat, unless some have left)."""
        return seats_in(self.s.table, self.n)

    @property
    def trump_table(self) -> ModeTable | None:
        return self.rules.modes[self.s.mode] if self.s.mode >= 0 else None

    def order_table(self) -> ModeTable:
        """The table that decides tricks now (the fallback mode while no trump is set)."""
        return self.chain.play.order_table(self.s.mode, len(self.s.tricks))

    def hand_mask(self, seat: int) -> int:
        """The cards in one seat's hand as a bitmask (bit c: card c)."""
        return self.s.hands[self._seat(seat)]

    @property
    def trick_order(self) -> tuple[int, ...]:
        """The seats of the open trick in play order, from its leader (those taking part)."""
        s = self.s
        full = (1 << self.n) - 1
        return trick_seats(self.n, s.playing & full or full)[s.leader]

    def hand_of(self, seat: int) -> list[int]:
        """The cards (indices) in one seat's hand."""
        return mask_cards(self.s.hands[self._seat(seat)])

    @property
    def piles(self) -> dict[str, tuple[int, ...]]:
        """The cards lying on each pile now (own piles as 'name:seat'), in deck order; the
        seats see only the sizes (`observe`). Empty where the rules lay no piles."""
        p = self.s.piles
        return {k: tuple(mask_cards(v)) for k, v in p.piles.items()} if p is not None else {}

    @property
    def kept(self) -> dict[str, Any]:
        """What the mechanisms keep from hand to hand (`Phase.kept_as`: a scoresheet's
        columns), by key, as a record of the game writes it down."""
        return {p.kept_as: p.kept(self) for p in self.chain.phases if p.kept_as}

    @property
    def out_of_play(self) -> tuple[int, ...]:
        """The cards out of play in this hand: folded hands, a hand swapped for a pile,
        cards laid away; in deck order."""
        p = self.s.piles
        return tuple(mask_cards(p.out)) if p is not None else ()

    def _seat(self, seat: object) -> int:
        """A seat number as the API takes it, or ApiUsageError naming the valid range."""
        if type(seat) is not int or not 0 <= seat < self.n:
            raise ApiUsageError(f"a seat is a whole number from 0 to {self.n - 1}, not {seat!r}")
        return seat

    def legal_mask(self) -> int:
        """The legal cards of the current player as a bitmask (0 outside the play phase)."""
        s = self.s
        if s.phase != "play":
            return 0
        play = self.chain.play
        return play.legal_mask(s.hands[s.current], s.trick, play.trick_base(self))

    def legal_actions(self) -> list[Action]:
        s = self.s
        if s.phase == "play":
            play = self.chain.play
            return mask_plays(play.legal_mask(s.hands[s.current], s.trick, play.trick_base(self)))
        phase = self.chain.by_name.get(s.phase)
        return phase.legal(self) if phase is not None else []

    def forced_action(self) -> Action | None:
        """The one answer the current seat has to a question every seat is asked whatever
        it holds (`Phase.forced`: no Weis to declare, no card to rob with), which bots,
        the terminal and the table give at once; None where the seat has a choice."""
        phase = self.chain.by_name.get(self.s.phase)
        return phase.forced(self) if phase is not None else None

    def legal_names(self) -> list[str]:
        """The legal actions as an error message names them (a run of values as a range,
        a mode the file defines or a named value by its name: `trump slalom`, `bid match`; a
        scoresheet's column by its name: `column joker-1`)."""
        phase = self.chain.by_name.get(self.s.phase)
        if phase is not None and overrides(phase, "read"):
            return phase.legal_texts(self.legal_actions())
        return legal_names(self.legal_actions(), self.rules.mode_names, self.rules.value_names)

    def action_text(self, action: Action) -> str:
        """An action as `apply` reads it: a mode the file defines or a named value by its
        name (`trump slalom`, `bid match`), a scoresheet's column by its (`column joker-1`).
        A malformed action (a value that is no whole number, a card or mode that does not
        exist) is shown as it is (``play 'x'``), as `apply` names it when refusing it; what
        is not an Action at all raises ApiUsageError."""
        if not isinstance(action, Action):
            raise ApiUsageError(f"action_text takes an Action, not {type(action).__name__} "
                                "(Game.parse_action reads an action's text)")
        if flaw(action, len(self.rules.mode_names)):
            return str(action)
        plain = action.text(self.rules.mode_names, self.rules.value_names)
        for phase in self.chain.namers:
            text = phase.text(action)
            if text != plain:
                return text
        return plain

    def parse_action(self, text: str) -> Action:
        """An action's text as this game reads it: what `Action.parse` reads (a mode the
        file defines by its name), a named value of a declaration (`bid match`), a
        scoresheet's column (``column joker-1``); ApiUsageError otherwise."""
        if not isinstance(text, str):
            return Action.parse(text)  # raises ApiUsageError, naming the type
        words = text.split()
        if len(words) == 2:  # a named value of a declaration: `bid match`
            value = self.rules.named_values.get((words[0].lower(), words[1].lower()))
            if value is not None:
                return Action(words[0].lower(), value)
        for phase in self.chain.namers:
            named = phase.read(text)
            if named is not None:
                return named
        return Action.parse(text, self.rules.mode_names)

    def why_illegal(self, card: int) -> str:
        """The regime statement that forbids a card now ('' when it is legal)."""
        s = self.s
        if not is_index(card, len(CARD_NAMES)):
            raise ApiUsageError(f"a card is a whole number from 0 to {len(CARD_NAMES) - 1}, "
                                f"not {card!r}")
        if s.phase != "play":
            return ""
        base = self.chain.play.trick_base(self)
        reasons = excluded_reasons(self.rules.play, s.hands[s.current], s.trick,
                                   self.rules.modes[base] if base >= 0 else None)
        return reasons.get(card, "" if s.hands[s.current] >> card & 1 else "not in hand")

    def observe(self, seat: int) -> Observation:
        """What one seat may see now, typed: its own hand, the table, public declarations."""
        return observe(self, self._seat(seat))

    def observation(self, seat: int) -> dict[str, Any]:
        """`observe` as a dict of plain values (card names), as JSON writes it."""
        return self.observe(seat).as_dict()

    def hand_events(self, number: int | None = None) -> list[Event]:
        """The events of one hand (None: the hand being played), in order."""
        number = self.s.hand_no if number is None else number
        return [e for e in self.events if e.hand == number]

    # -- changing the state
    def apply(self, action: Action | str) -> None:
        """Play a card or make a declaration (an Action, or its text such as ``"DA"``).

        Atomic: the action is applied and recorded in full, or the game is left exactly as
        it was. Anything that is not a legal action now raises IllegalActionError, which
        names the legal ones. An error of the rules themselves (InvariantError) takes the
        game back to where it was before the action; with ``record=False`` no copy is kept
        to go back to, so such a game refuses every later action (ApiUsageError)."""
        if self._failed is not None:
            raise ApiUsageError(f"the game stopped at an error that a game without history "
                                f"(record=False) cannot take back; start a new game: "
                                f"{self._failed}")
        if type(action) is not Action:
            action = self._as_action(action)
        s = self.s
        phase = s.phase
        card = phase == "play" and action.kind == "play" and type(action.value) is int
        if not card and (why := flaw(action, len(self.rules.mode_names))):  # a card number is checked as it is played
            raise IllegalActionError(action, self.legal_names(), why)
        if phase == "over":
            raise IllegalActionError(action, [], "the game is over")
        if not self.record:
            try:
                self.chain.play.play(self, action.value) if card else self._dispatch(action)
            except IllegalActionError:
                raise  # raised before anything changed
            except BaseException as err:
                self._failed = err
                raise
            return
        saved = self._save()
        try:
            self._dispatch(action)
        except BaseException:
            self._restore(saved)
            raise
        self._undo.append(saved)
        self.history.append(action)
        older = len(self._undo) - 1 - SNAPSHOTS
        if older > 0 and older % SNAPSHOTS:  # out of the recent ones: replay restores it
            self._undo[older] = None

    def _as_action(self, action: object) -> Action:
        """Text read as an action; anything else that is not an Action is illegal."""
        if not isinstance(action, str):
            raise IllegalActionError(shown_value(action), self.legal_names(),
                                     "not an Action or an action's text")
        try:
            return self.parse_action(action)
        except ApiUsageError:
            raise IllegalActionError(repr(action), self.legal_names(),
                                     "not an action's text") from None

    def _dispatch(self, action: Action) -> None:
        """Hand a well-formed action to the phase that waits for it."""
        phase = self.chain.by_name.get(self.s.phase)
        if phase is None or not phase.accepts(self, action):
            raise IllegalActionError(action, self.legal_names(),
                                     f"the game expects a {self.s.phase} action")
        phase.take(self, action)

    def _save(self) -> Saved:
        """A copy of the state to go back to. The chance's state is about 25 KB and changes
        only at a deal or a draw, so one copy of it is shared while it stays the same."""
        chance = self.chance.getstate()
        if chance == self._chance:
            chance = self._chance
        else:
            self._chance = chance
        return (self.s.copy(), chance, len(self.events))

    def _restore(self, saved: Saved) -> None:
        """Go back to a saved state. The game plays on a copy of it: a saved copy never
        changes, so `before_last` may hand it out to be read (a restore is rare: an
        undo, or an action that failed)."""
        self.s = saved[0].copy()
        self.chance.setstate(saved[1])
        del self.events[saved[2]:]

    def _replay(self, k: int) -> None:
        """Put the game where it was before action k of the history, whose copy was let go:
        from the nearest copy before it (the first action always keeps one), apply the
        actions in between again, keeping a copy before each as `apply` does. The game
        and its chance are deterministic, so this is the very state, events and draws."""
        start = k - 1
        while (base := self._undo[start]) is None:
            start -= 1
        self._restore(base)
        for i in range(start, k):
            if i > start:
                self._undo[i] = self._save()
            self._dispatch(self.history[i])

    def undo(self) -> Action:
        """Take back the last action (needs record=True); returns it. Exact: the state, the
        chance and the events are those of before the action. Within the last SNAPSHOTS
        actions this restores a copy; further back it replays up to SNAPSHOTS actions from
        the nearest copy before (the cost of one `apply` each), after which the next
        SNAPSHOTS undos restore copies again."""
        if not self._undo:
            raise ApiUsageError("nothing to undo: " + (
                "no action applied yet" if self.record else "the game keeps no history "
                "(record=False)"))
        saved = self._undo.pop()
        if saved is None:
            self._replay(len(self._undo))
        else:
            self._restore(saved)
        return self.history.pop()

    # -- what the phases call
    def advance(self, after: Phase) -> None:
        """A phase is done: begin the next one that has something to do."""
        self.chain.advance(self, after)

    def redeal(self) -> None:
        """Deal a new hand (the next, or the same again when everybody passed)."""
        self.chain.deal.start_hand(self)

    def deal_anew(self, dealer: int) -> None:
        """Nobody plays the hand (everybody passed): `dealer` deals it anew. A deal made
        anew counts toward the engine's limit (`records.HAND_LIMIT` deals, played or not):
        once the deals reach it, the game stops instead, as after the last hand."""
        s = self.s
        s.redeals += 1
        s.anew += 1
        if s.hand_no - 1 + s.redeals >= records.HAND_LIMIT:
            s.phase = "over"
            self.emit(GameOver(s.hand_no, self.end_reason()))
            return
        s.dealer = dealer
        self.emit(DealtAgain(s.hand_no, dealer))
        self.redeal()

    def nobody_plays(self) -> None:
        """The hand ends before play: nobody takes part."""
        self.chain.nobody_plays(self)

    def hooks(self, hook: str) -> tuple[Phase, ...]:
        """The phases of the chain that fill a hook (`chain.HOOKS`), in chain order."""
        return self.chain.hooks[hook]

    def finish_hand(self) -> None:
        """The hand's play is over (or nobody plays it): score it, go on or end."""
        self.chain.end.finish(self)

    def emit(self, event: Event) -> None:
        if self.log is not None:
            self.log.append(event)

    def copy(self, chance: Chance | None = None) -> Game:
        """An independent copy of the game as it stands, for search (MCTS, OpenSpiel's
        clone): it shares the compiled rules and phases (they never change), copies the
        state, the chance (its generator and script), the history and the events, and
        starts without undo copies (`undo` on it takes back nothing). Given a `chance`,
        the copy draws from that one instead and keeps no history or events: a search's
        playout, which should not know the game's draws to come (and copying a generator
        costs more than the rest of the state)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.s = self.s.copy()
        other._undo = []
        if chance is not None:
            other.chance, other.record, other.history = chance, False, []
            other.events, other.log = [], None
            return other
        other.chance = copy.deepcopy(self.chance, {id(self): other})
        other.history = list(self.history)
        other.events = list(self.events)
        other.log = other.events if self.log is not None else None
        return other

    def view(self, moment: Moment | None = None) -> Game:
        """The game as it stands (or at a `moment` kept earlier), to be read (observed,
        its legal actions listed), never played: it shares everything but the state, the
        chance included. Without a moment the state is copied (a few µs)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.s = self.s.copy() if moment is None else moment
        other._undo, other.record, other.history, other.events, other.log = [], False, [], [], None
        other._failed = ApiUsageError("a view of a game is read, never played (Game.copy "
                                      "gives a game to play on)")
        return other

    def moment(self) -> Moment:
        """The game as it stands, kept to be read later through `view` (a copy of the
        state; opaque to the caller)."""
        return self.s.copy()

    def before_last(self) -> Moment:
        """The game as it was before its last action, kept to be read through `view`: the
        copy of the state its history keeps for undo, so no copy is made (a saved copy
        never changes, see `_restore`). A caller that keeps what every step looked like
        (OpenSpiel's information states) needs no copy of its own, nor a game object per
        step (those were a tenth of an OpenSpiel step, most of it the cycle collector's).
        Needs record=True and an action applied since the game was made or copied."""
        saved = self._undo[-1] if self._undo else None
        if saved is None:
            raise ApiUsageError("no copy of the state before the last action: the game "
                                "keeps none (record=False), or no action was applied since "
                                "it was made or copied")
        return saved[0]

    # -- the end
    def end_reason(self) -> str:
        s = self.s
        won_with = s.results[-1].won_with if s.results else ""
        if s.anew and s.phase == "over":  # stopped at a deal made anew
            return records.ANEW.format(n=s.anew)
        return ("hand limit" if s.hand_no + s.redeals >= records.HAND_LIMIT
                else f"won at once with {won_with}" if won_with else "game end")

    def standings(self) -> list[tuple[int, int]]:
        """(subject, total in the winner's unit), best first; where the first to leave the
        table wins, players who left come first, in the order they left (the better total
        first within one hand)."""
        r = self.rules
        unit, sign = r.winner_unit
        totals = [sign * v for v in self.s.totals[unit]]
        left = self.s.left if r.winner_first_out else [0] * r.subjects
        order = sorted(range(r.subjects), key=lambda x: (
            left[x] or records.HAND_LIMIT + 1, -totals[x] if r.winner_most else totals[x]))
        return [(x, totals[x]) for x in order]

    def outcome(self) -> Outcome | None:
        """None while the game runs; then the winners and the standings."""
        if not self.is_over:
            return None
        table = self.standings()
        best = table[0][1]
        left = self.s.left  # all 0 where nobody leaves the table
        first = left[table[0][0]] if self.rules.winner_first_out else 0
        winners = tuple(x for x, v in table if v == best and (not first or left[x] == first))
        place = [y for y, _ in table]
        gone = tuple(sorted(((x, h) for x, h in enumerate(left) if h),
                            key=lambda p: (p[1], place.index(p[0]))))
        return Outcome(winners, tuple(table), self.end_reason(), len(self.s.results), gone,
                       self.rules.winner_first_out and bool(first))
