"""The chain of phases a rule file's hands run through, built from its compiled rules.

The order is the order of a hand at the table: the deal (trump set by rule at the deal,
the piles laid), the mode of a schedule, bettering, taking part, robbing, the auction, the trump choice (or the
scoresheet's), the declarations, play (with the Weis decisions of the first trick), then the end of the hand
(the facts the phases know, table Weis, leaving the table). Only the mechanisms the file
uses are in the chain; the hooks lists hold only the phases that fill them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jassdsl.compile.compiler import CompiledRules
from jassdsl.engine.dealing import Deal
from jassdsl.engine.first_void import FirstVoid
from jassdsl.engine.hand_end import HandEnd, Leave
from jassdsl.engine.phase import Phase, Table, overrides
from jassdsl.engine.piles import Piles
from jassdsl.engine.state import State
from jassdsl.engine.table_weis import TableBonuses
from jassdsl.engine.tricks import Play
from jassdsl.engine.trump import TrumpByRule
from jassdsl.engine.void_names import VoidNames
from jassdsl.engine.weis import HandBonuses, WeisPhase

# the phases between the deal and play are those of the mechanisms the compiled rules
# carry (`CompiledRules.mechanisms`, injected from `jassdsl.mechanisms`), in their order;
# the phases of play itself, subscribers of its hooks (in this order), come after `Play`
IN_PLAY: tuple[type[Phase], ...] = (FirstVoid, VoidNames, WeisPhase)
# phases that never wait: they keep state, or add to the hand's facts and record
KEEPERS: tuple[type[Phase], ...] = (Piles, HandBonuses, TableBonuses, Leave)
# the hooks a phase may fill, as `Table.hooks` names them
HOOKS = ("new_hand", "nobody_plays", "add_facts", "record", "observe")


@dataclass
class Chain:
    """One game's phases. Made per game: the phases hold compiled settings and caches,
    the game's state holds everything that changes."""

    deal: Deal
    rule: TrumpByRule
    steps: tuple[Phase, ...]  # between the deal and play, in order
    play: Play
    in_play: tuple[Phase, ...]  # the subscribers of play's hooks
    piles: Piles | None
    end: HandEnd
    by_name: dict[str, Phase] = field(default_factory=dict)  # the phases that wait
    after: dict[int, int] = field(default_factory=dict)  # id(step) -> index of the next
    phases: tuple[Phase, ...] = ()  # every phase in the chain
    hooks: dict[str, tuple[Phase, ...]] = field(default_factory=dict)  # HOOKS -> phases
    namers: tuple[Phase, ...] = ()  # phases that name (and read) actions of their own

    @property
    def resets(self) -> tuple[Phase, ...]:
        """The phases with a part to reset at the deal."""
        return self.hooks["new_hand"]

    @classmethod
    def of(cls, rules: CompiledRules) -> Chain:
        def made(kinds: tuple[type[Phase], ...]) -> list[Phase]:
            return [kind(rules) for kind in kinds if kind.used_by(rules)]

        steps = tuple(made(tuple(x.phase for x in rules.mechanisms if x.phase is not None)))
        in_play = tuple(made(IN_PLAY))
        keepers = made(KEEPERS)
        piles = next((p for p in keepers if isinstance(p, Piles)), None)
        leave = next((p for p in keepers if isinstance(p, Leave)), None)
        rule = TrumpByRule(rules)
        play = Play(rules)
        chain = cls(Deal(rules, rule, piles), rule, steps, play, in_play, piles,
                    HandEnd(rules, leave))
        # piles first: the others' hooks read what the piles keep
        first = [piles] if piles is not None else []
        rest = [p for p in keepers if p is not piles]
        phases = (*first, *steps, play, *in_play, *rest)
        play.subscribe(phases)
        chain.phases = phases
        chain.by_name = {p.name: p for p in phases if p.name}
        chain.after = {id(p): i + 1 for i, p in enumerate(steps)}
        chain.hooks = {h: tuple(p for p in phases if overrides(p, h)) for h in HOOKS}
        chain.namers = tuple(p for p in phases if overrides(p, "read"))
        return chain

    def new_state(self, s: State) -> None:
        """Give a new game's state the parts of the mechanisms in the chain."""
        for p in self.phases:
            p.new_part(s)

    def advance(self, g: Table, after: Phase | None) -> None:
        """Begin the first phase after `after` (None: the deal) that has something to do;
        play when none has."""
        start = self.after.get(id(after), 0) if after is not None else 0
        for p in self.steps[start:]:
            if p.begin(g):
                return
        self.play.begin(g)

    def nobody_plays(self, g: Table) -> None:
        """A hand nobody plays: the phases of play have nothing to show for it."""
        for p in self.hooks["nobody_plays"]:
            p.nobody_plays(g)
