"""The chain of phases a rule file's hands run through, built from its compiled rules.

The order is the order of a hand at the table: the deal (trump set by rule at the deal,
the piles laid), the mode of a schedule, bettering, taking part, robbing, the auction, the trump choice (or the
scoresheet's), the declarations, play (with the Weis decisions of the first trick), then the end of the hand
(the facts the phases know, table Weis, leaving the table). Only the mechanisms the file
uses are in the chain; the hooks lists hold only the phases that fill them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jassdsl.compiler import CompiledRules
from jassdsl.engine.dealing import Deal
from jassdsl.engine.hand_end import HandEnd, Leave
from jassdsl.engine.phase import Phase, overrides
from jassdsl.engine.piles import Piles
from jassdsl.engine.state import State
from jassdsl.engine.table_weis import TableBonuses
from jassdsl.engine.tricks import Play
from jassdsl.engine.trump import TrumpByRule
from jassdsl.engine.weis import HandBonuses, WeisPhase

if TYPE_CHECKING:
    from jassdsl.engine.game import Game

# the phases between the deal and play are those of the mechanisms the compiled rules
# carry (`CompiledRules.mechanisms`, injected from `jassdsl.mechanisms`), in their order
# phases that never wait: they keep state, or add to the hand's facts and record
KEEPERS: tuple[type[Phase], ...] = (Piles, HandBonuses, TableBonuses, Leave)


@dataclass
class Chain:
    """One game's phases. Made per game: the phases hold compiled settings and caches,
    the game's state holds everything that changes."""

    deal: Deal
    rule: TrumpByRule
    steps: tuple[Phase, ...]  # between the deal and play, in order
    play: Play
    weis: WeisPhase | None
    piles: Piles | None
    leave: Leave | None
    end: HandEnd
    by_name: dict[str, Phase] = field(default_factory=dict)  # the phases that wait
    after: dict[int, int] = field(default_factory=dict)  # id(step) -> index of the next
    phases: tuple[Phase, ...] = ()  # every phase in the chain
    resets: tuple[Phase, ...] = ()  # phases with a part to reset at the deal
    fact_hooks: tuple[Phase, ...] = ()
    record_hooks: tuple[Phase, ...] = ()
    observe_hooks: tuple[Phase, ...] = ()
    namers: tuple[Phase, ...] = ()  # phases that name (and read) actions of their own

    @classmethod
    def of(cls, rules: CompiledRules) -> Chain:
        def made(kinds: tuple[type[Phase], ...]) -> list[Phase]:
            return [kind(rules) for kind in kinds if kind.used_by(rules)]

        steps = tuple(made(tuple(x.phase for x in rules.mechanisms if x.phase is not None)))
        weis = WeisPhase(rules) if WeisPhase.used_by(rules) else None
        keepers = made(KEEPERS)
        piles = next((p for p in keepers if isinstance(p, Piles)), None)
        leave = next((p for p in keepers if isinstance(p, Leave)), None)
        chain = cls(Deal(rules), TrumpByRule(rules), steps, Play(rules, weis), weis, piles,
                    leave, HandEnd(rules))
        # piles first: the others' hooks read what the piles keep
        first = [piles] if piles is not None else []
        rest = [p for p in keepers if p is not piles]
        phases = (*first, *steps, chain.play, *([weis] if weis else []), *rest)
        chain.phases = phases
        chain.by_name = {p.name: p for p in phases if p.name}
        chain.after = {id(p): i + 1 for i, p in enumerate(steps)}
        chain.resets = tuple(p for p in phases if overrides(p, "new_hand"))
        chain.fact_hooks = tuple(p for p in phases if overrides(p, "add_facts"))
        chain.record_hooks = tuple(p for p in phases if overrides(p, "record"))
        chain.observe_hooks = tuple(p for p in phases if overrides(p, "observe"))
        chain.namers = tuple(p for p in phases if overrides(p, "read"))
        return chain

    def new_state(self, s: State) -> None:
        """Give a new game's state the parts of the mechanisms in the chain."""
        for p in self.phases:
            p.new_part(s)

    def advance(self, g: Game, after: Phase | None) -> None:
        """Begin the first phase after `after` (None: the deal) that has something to do;
        play when none has."""
        start = self.after.get(id(after), 0) if after is not None else 0
        for p in self.steps[start:]:
            if p.begin(g):
                return
        self.play.begin(g)

    def nobody_plays(self, g: Game) -> None:
        if self.weis is not None:
            self.weis.nobody_plays(g)
