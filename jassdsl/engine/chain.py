"""The chain of phases a rule file's hands run through, built from its compiled rules.

The order is the order of a hand at the table: the deal (trump set by rule at the deal,
the piles laid), the mode of a schedule, bettering, taking part, robbing, the auction, the trump choice (or the
scoresheet's), the declarations, play (with the Weis decisions of the first trick), then the end of the hand
(the facts the phases know, table Weis, leaving the table). Only the mechanisms the file
uses are in the chain; the hooks lists hold only the phases that fill them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from jassdsl.compile.compiler import CompiledRules
from jassdsl.engine.dealing import Deal
from jassdsl.engine.hand_end import HandEnd
from jassdsl.engine.phase import Phase, Table, overrides
from jassdsl.engine.piles import Piles
from jassdsl.engine.state import State
from jassdsl.engine.tricks import Play
from jassdsl.engine.trump import TrumpByRule

# The phases are those of the mechanisms the compiled rules carry (`CompiledRules.
# mechanisms`, injected from `jassdsl.mechanisms`), in their order, each at its place
# (`Phase.place`): between the deal and play; in play, subscribers of its hooks, after
# `Play`; keepers, which never wait (the piles first: the deal lays them).
# the hooks a phase may fill, as `Table.hooks` names them
HOOKS = ("new_hand", "nobody_plays", "add_facts", "record", "observe", "partners", "hidden",
         "known", "unseen_dealt", "joined", "redeal",
         "named_mode", "asks", "ends_game", "bonuses")


SHARED: dict[str, object] = {}  # `Chain.shared`: the last rules asked for and their chain


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
    def kinds_asked(self) -> tuple[str, ...]:
        """The kinds of action the file's games can ever ask for (`Phase.kinds_asked` of the
        phases that wait for actions), in chain order."""
        return tuple(dict.fromkeys(k for p in self.by_name.values() for k in p.kinds_asked()))

    @property
    def resets(self) -> tuple[Phase, ...]:
        """The phases with a part to reset at the deal."""
        return self.hooks["new_hand"]

    @classmethod
    def of(cls, rules: CompiledRules) -> Chain:
        def made(kinds: tuple[type[Phase], ...]) -> list[Phase]:
            return [kind(rules) for kind in kinds if kind.used_by(rules)]

        def placed(place: str) -> tuple[type[Phase], ...]:
            # the record types its phase by what lies below the engine (`PhaseKind`);
            # every mechanism's phase is one of the engine's `Phase` classes
            return tuple(cast("type[Phase]", x.runtime.phase) for x in rules.mechanisms
                         if x.runtime.phase is not None and x.runtime.phase.place == place)

        steps = tuple(made(placed("before play")))
        in_play = tuple(made(placed("in play")))
        keepers = made((Piles, *placed("keeper")))
        piles = next((p for p in keepers if isinstance(p, Piles)), None)
        rule = TrumpByRule(rules)
        play = Play(rules)
        chain = cls(Deal(rules, rule, piles), rule, steps, play, in_play, piles,
                    HandEnd(rules))
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

    @classmethod
    def shared(cls, rules: CompiledRules) -> Chain:
        """The chain of these compiled rules, made once for the last rules asked for: for
        callers that play many games of one file one after another (`simulate`). The
        phases keep nothing of a game (the state does; `Play` keeps only memos of pure
        functions), so such games may share it; `Game` makes its own by default."""
        last = SHARED.get("rules")
        if last is not rules:
            SHARED.clear()
            SHARED["rules"], SHARED["chain"] = rules, cls.of(rules)
        chain = SHARED["chain"]
        assert isinstance(chain, Chain)
        return chain

    def new_state(self, s: State) -> None:
        """Give a new game's state the parts of the mechanisms in the chain."""
        for p in self.phases:
            p.new_part(s)

    def advance(self, g: Table, after: Phase | None) -> None:
        """Begin the first phase after `after` (None: the deal) that has something to do;
        play when none has."""
        start = self.after.get(id(after), 0) if after is not None else 0
        s = g.s
        for p in self.steps[start:]:
            s.current = -1  # a phase that waits names the seat it asks (`Phase.begin`)
            if p.begin(g):
                assert s.phase == p.name and 0 <= s.current < g.rules.players, (
                    f"{type(p).__name__}.begin waits without setting its phase and the "
                    f"seat it asks (phase {s.phase!r}, seat {s.current})")
                return
        self.play.begin(g)

    def nobody_plays(self, g: Table) -> None:
        """A hand nobody plays: the phases of play have nothing to show for it."""
        for p in self.hooks["nobody_plays"]:
            p.nobody_plays(g)
