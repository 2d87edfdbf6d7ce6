"""The shape every mechanism's module has: a `Phase` of the hand.

A hand runs a chain of phases taken from the compiled rule file (`chain.Chain`): the
deal, then the mechanisms the file uses in their order (bettering, taking part, robbing,
the auction, the trump choice, the declarations), then play. A phase owns its compiled
settings (read once from `CompiledRules` when the chain is built), its part of the state,
its legal actions and their effect, and what it adds to the hand's facts, record and the
seats' observations. A phase the file does not use is not in the chain and costs nothing.

A phase that waits for actions sets `State.phase` to its `name` and `State.current` to
the seat it asks, both in `begin` (the chain asserts it: a seat left over from an earlier
phase is never asked by mistake); when it is done it calls `Table.advance(self)`, which
begins the next phase of the chain that has something to do.

Whom a phase asks, and when, is public: every seat sees `State.phase` and `State.current`
(as do OpenSpiel's `current_player` and PettingZoo's `agent_selection`), so they may depend
only on what every seat knows (the table, the public declarations and cards, the options),
never on a seat's hidden cards or hidden answers. A question that only some seats' cards
make worth asking (declare a Weis, rob the turned card) is an `Offer`: it is put to every
seat in its turn, and a seat with nothing to take has only the answer no (`Phase.forced`),
which bots, the terminal and the table give at once. `tests/test_hidden.py` plays every
shipped file to check that no seat's observation depends on another seat's hidden cards
or hidden answers.

Phases see the game as a `Table`: the state, the rules, the chance, the event log and the
few moves a phase may make (advance, finish or deal a hand). `Game` is one; no phase
imports it, so the engine's modules form no circle.

Play has hooks other mechanisms subscribe to (`Play` calls them; the chain collects the
phases that override them): `on_play` as play begins, `on_card` as a card is played
(before it lies in the trick: trump set by a card), `on_turn` when a seat is about to play
(True: play waits for this phase's action, as the Weis question does) and `on_trick` when a
trick is taken. `quiet` tells the fast random playout whether a subscriber may still act
in the tricks to come; only then does the playout play them in its own loop. `calm` tells
it, trick by trick, whether a subscriber that is not yet quiet leaves one trick alone (no
first void in it), so that the playout plays that trick in its loop too.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from jassdsl.compile.compiler import CompiledRules, Declaring
from jassdsl.compile.handfacts import HandFacts
from jassdsl.core.actions import Action
from jassdsl.core.errors import IllegalActionError
from jassdsl.engine.chance import Chance
from jassdsl.engine.events import Event
from jassdsl.engine.records import Trick
from jassdsl.engine.redeal import Redeal
from jassdsl.engine.state import State


class Table(Protocol):
    """What a phase may touch of the game it runs in (`Game` implements it)."""

    s: State
    rules: CompiledRules
    chance: Chance
    log: list[Event] | None  # the event log, None where the game keeps no events
    seed: int | None
    check_invariants: bool

    def emit(self, event: Event) -> None: ...
    def advance(self, after: Phase) -> None: ...
    def finish_hand(self) -> None: ...
    def redeal(self) -> None: ...
    def deal_anew(self, dealer: int) -> None: ...
    def nobody_plays(self) -> None: ...
    def hooks(self, hook: str) -> tuple[Phase, ...]: ...
    def legal_names(self) -> list[str]: ...
    def why_illegal(self, card: int) -> str: ...
    def end_reason(self) -> str: ...


class Phase:
    """One mechanism of a hand. Subclasses override what they need; the chain lists a
    phase's hooks (facts, record, observation) only where it overrides them."""

    name: ClassVar[str] = ""  # State.phase while it waits for an action ('' never waits)
    # where the chain puts it: "before play" (a step between the deal and play, in the
    # mechanisms' order), "in play" (a subscriber of play's hooks), "keeper" (never waits:
    # it keeps state, or adds to the hand's facts and record)
    place: ClassVar[str] = "before play"
    # its mechanism's key in the parts of hand records and observations (`record`, `observe`)
    part_key: ClassVar[str] = ""
    # it changes the hands before play (taking part, a talon): play keeps the hands as it
    # begins (`State.in_hands`, recorded as `in_hands`), and the Stöck is read there
    changes_hands: ClassVar[bool] = False

    def __init__(self, rules: CompiledRules) -> None:
        self.rules = rules

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        """Whether a rule file uses this mechanism (a phase not used is left out)."""
        return True

    def new_part(self, s: State) -> None:
        """Give a new game this mechanism's part of the state."""

    def new_hand(self, g: Table) -> None:
        """Reset this mechanism's part at a new deal."""

    def begin(self, g: Table) -> bool:
        """Enter this phase after the one before it: True if it now waits for actions
        (having set `State.phase` to its name and `State.current` to the seat it asks,
        from public facts only), False if it has nothing to do in this hand."""
        return False

    def forced(self, g: Table) -> Action | None:
        """The one answer the current seat has where the phase asks every seat whatever
        it holds (an `Offer` it cannot take), which bots, the terminal and the table give
        at once; None where the seat has a choice."""
        return None

    def legal(self, g: Table) -> list[Action]:
        return []

    def kinds_asked(self) -> tuple[str, ...]:
        """The kinds of action `legal` can ever offer in this file's games (read from
        the compiled rules, not from a game): the research action space numbers only
        these (`Chain.kinds_asked`). A phase that waits for actions says which."""
        return ()

    def accepts(self, g: Table, action: Action) -> bool:
        """Whether the action is of a kind this phase takes (legal or not)."""
        return action in self.legal(g)

    def take(self, g: Table, action: Action) -> None:
        """Carry out an action this phase accepts (raise IllegalActionError if it is not
        legal, before changing anything)."""

    def text(self, action: Action) -> str:
        """The action as the game names it (where this phase names its own actions)."""
        return action.text(self.rules.mode_names, self.rules.value_names)

    def legal_texts(self, legal: list[Action]) -> list[str]:
        """The legal actions as a message names them, where this phase names its own."""
        return [self.text(a) for a in legal]

    def read(self, text: str) -> Action | None:
        """An action of this phase that only the rule file can name (a sheet's column by
        name), or None."""
        return None

    def add_facts(self, g: Table, facts: HandFacts) -> None:
        """Add what this mechanism knows about the finished hand to its facts."""

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        """This mechanism's part of the hand's record (`HandResult.parts[part_key]`)."""
        return {}

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        """This mechanism's part of a seat's observation (`Observation.parts[part_key]`)."""
        return {}

    def partners(self, g: Table) -> tuple[int, ...] | None:
        """Where this mechanism forms sides per hand: per seat, the number of its side in
        this hand (`engine/partners.py`: the players of a side add up their card points,
        tricks and cards, a Weis is compared between the sides, and a side's Weis and
        Stöck count for each of its players); None where it forms none in this hand."""
        return None

    def nobody_plays(self, g: Table) -> None:
        """A hand ends before play (nobody takes part): clear what play would have made."""

    def named_mode(self, g: Table) -> int:
        """The mode this phase's actions named for the hand before trump is set (a bid
        naming its mode), or -1: the trump phase then sets it without asking anybody."""
        return -1

    def asks(self, d: Declaring) -> bool:
        """Whether this phase asks for a declaration in its own turns (an auction its bids
        and the calls ending it): the declarations' phase then leaves it out."""
        return False

    # -- the hooks of play (see the module docstring)
    def on_play(self, g: Table) -> None:
        """Play of a hand begins (the leader is set)."""

    def on_card(self, g: Table, seat: int, card: int) -> None:
        """A seat plays a card: it has left the hand and is not yet in `s.trick`."""

    def on_turn(self, g: Table) -> bool:
        """`s.current` is about to play: True if play waits for an action of this phase
        (which sets `State.phase` to its name and back to 'play' when it is done)."""
        return False

    def on_trick(self, g: Table, trick: Trick) -> None:
        """A trick was taken (already in `s.tricks`)."""

    def quiet(self, g: Table) -> bool:
        """At a trick boundary: True if this phase does nothing more on cards and turns in
        this hand (the fast playout then plays the rest of the hand in its own loop and
        calls `on_trick` for each trick afterwards). A phase that overrides `on_card` or
        `on_turn` says here when it is quiet."""
        return True

    def calm(self, g: Table, led: int, hands: tuple[int, ...]) -> bool:
        """At a trick boundary: True if this phase does nothing on the cards and turns of
        the next trick, where its leader leads suit `led` (-1: asked before the lead, for
        the leader's turn and card) and `hands` are the hands of the seats that follow,
        in order. Where not `quiet`, the fast playout asks this before the lead and after
        it, and plays the trick in its own loop only if every subscriber is calm."""
        return self.quiet(g)

    # -- added for the scoresheet
    kept_as: ClassVar[str] = ""  # the key of what it keeps from hand to hand in a
    # position at the deal (the corpus's inputs); '' keeps nothing

    def ends_game(self, g: Table) -> bool | None:
        """After a hand: True where no further hand can be played (the game ends), False
        where the game goes on whatever the file's end says; None: no say."""
        return None

    def kept(self, g: Table) -> Any:
        """What it keeps from hand to hand, as a position at the deal gives it back."""
        return None

    def restore(self, g: Table, kept: Any) -> None:
        """Put back what `kept` gave, before the hand is dealt (PositionError if it
        cannot be)."""

    # -- hooks of the searching bot's deals (`engine.determinize`, issue 32)
    def hidden(self, g: Table, seat: int) -> tuple[int, ...]:
        """The places of its part holding cards the seat cannot see (a face-down pile,
        cards laid away out of its sight), each as a mask of its cards, in an order that
        depends only on what the seat knows; () for none. The cards of a place are dealt
        anew with the other hidden ones, the place keeping its count."""
        return ()

    def known(self, g: Table, seat: int) -> int:
        """Cards of its part the seat knows the place of (a declared Weis, a talon it took,
        the turned card), as a mask: they stay where they are when the rest is dealt anew."""
        return 0

    def unseen_dealt(self, g: Table, seat: int) -> int:
        """Cards dealt to the seat that it has not seen (laid face down before it looked),
        as a mask: being dealt them does not tell it where they are."""
        return 0

    def joined(self, g: Table) -> tuple[tuple[int, int, int], ...]:
        """Cards that joined a seat's hand during this hand's play (a table card turned
        up), each as (seat, card, the first trick from 0 it could be played in): a replay
        of the hand leaves them out of the tricks before."""
        return ()

    def redeal(self, g: Table, deal: Redeal) -> None:
        """The hidden cards were dealt anew (`deal` says which card takes each one's place):
        carry its part over, card by card, and derive again what it derived from the
        hands (the Weise a hand may declare)."""

    # -- hooks added with the move of Weis (issue 19)
    def bonuses(self, g: Table, facts: HandFacts) -> dict[str, tuple[int, ...]]:
        """The bonus facts it counted in the finished hand, per subject, by fact name
        (`HandResult.bonuses`, which the terminal's hand report shows); {} for none."""
        return {}


def overrides(phase: Phase, hook: str) -> bool:
    """Whether a phase has its own version of a hook (else the chain skips it)."""
    return getattr(type(phase), hook) is not getattr(Phase, hook)


class Offer(Phase):
    """A yes/no question that only some seats' hidden cards make worth asking: declare a
    Weis, rob the turned card with the trump Six. Asking only those seats would tell the
    others what they hold, so the phase puts it to every seat in its turn (in an order
    every seat knows), and a seat that holds nothing to take has only `no` (`forced`).
    A subclass says who can take it (`can_take`, read from the hidden cards) and when each
    seat is asked; the answers, the check of a yes and the forced no are here."""

    yes: ClassVar[Action]
    no: ClassVar[Action]
    cannot: ClassVar[str] = "nothing in this hand allows it"  # why a yes is refused

    def can_take(self, g: Table, seat: int) -> bool:
        """Whether the seat holds what taking the offer needs (hidden from the others)."""
        return False

    def legal(self, g: Table) -> list[Action]:
        return [self.yes, self.no] if self.can_take(g, g.s.current) else [self.no]

    def accepts(self, g: Table, action: Action) -> bool:
        return action == self.yes or action == self.no

    def kinds_asked(self) -> tuple[str, ...]:
        return (self.yes.kind,)

    def forced(self, g: Table) -> Action | None:
        return None if self.can_take(g, g.s.current) else self.no

    def said_yes(self, g: Table, action: Action) -> bool:
        """Whether the current seat takes the offer (IllegalActionError for a yes from a
        seat that cannot, before anything changes)."""
        if action == self.yes and not self.can_take(g, g.s.current):
            raise IllegalActionError(action, g.legal_names(), self.cannot)
        return action == self.yes
