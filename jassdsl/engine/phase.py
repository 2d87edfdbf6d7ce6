"""The shape every mechanism's module has: a `Phase` of the hand.

A hand runs a chain of phases taken from the compiled rule file (`chain.Chain`): the
deal, then the mechanisms the file uses in their order (bettering, taking part, robbing,
the auction, the trump choice, the declarations), then play. A phase owns its compiled
settings (read once from `CompiledRules` when the chain is built), its part of the state,
its legal actions and their effect, and what it adds to the hand's facts, record and the
seats' observations. A phase the file does not use is not in the chain and costs nothing.

A phase that waits for actions sets `State.phase` to its `name`; when it is done it calls
`Game.advance(self)`, which begins the next phase of the chain that has something to do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from jassdsl.actions import Action
from jassdsl.compiler import CompiledRules
from jassdsl.scoring import HandFacts

if TYPE_CHECKING:
    from jassdsl.engine.game import Game
    from jassdsl.engine.state import State


class Phase:
    """One mechanism of a hand. Subclasses override what they need; the chain lists a
    phase's hooks (facts, record, observation) only where it overrides them."""

    name: ClassVar[str] = ""  # State.phase while it waits for an action ('' never waits)

    def __init__(self, rules: CompiledRules) -> None:
        self.rules = rules

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        """Whether a rule file uses this mechanism (a phase not used is left out)."""
        return True

    def new_part(self, s: State) -> None:
        """Give a new game this mechanism's part of the state."""

    def new_hand(self, g: Game) -> None:
        """Reset this mechanism's part at a new deal."""

    def begin(self, g: Game) -> bool:
        """Enter this phase after the one before it: True if it now waits for actions,
        False if it has nothing to do in this hand."""
        return False

    def legal(self, g: Game) -> list[Action]:
        return []

    def accepts(self, g: Game, action: Action) -> bool:
        """Whether the action is of a kind this phase takes (legal or not)."""
        return action in self.legal(g)

    def take(self, g: Game, action: Action) -> None:
        """Carry out an action this phase accepts (raise IllegalActionError if it is not
        legal, before changing anything)."""

    def text(self, action: Action) -> str:
        """The action as the game names it (where this phase names its own actions)."""
        return action.text(self.rules.mode_names, self.rules.value_names)

    def read(self, text: str) -> Action | None:
        """An action of this phase that only the rule file can name (a sheet's column by
        name), or None."""
        return None

    def add_facts(self, g: Game, facts: HandFacts) -> None:
        """Add what this mechanism knows about the finished hand to its facts."""

    def record(self, g: Game, facts: HandFacts) -> dict[str, Any]:
        """Fields of the hand's record (`HandResult`) that this mechanism fills."""
        return {}

    def observe(self, g: Game, seat: int) -> dict[str, Any]:
        """Fields of a seat's observation that this mechanism fills."""
        return {}


def overrides(phase: Phase, hook: str) -> bool:
    """Whether a phase has its own version of a hook (else the chain skips it)."""
    return getattr(type(phase), hook) is not getattr(Phase, hook)
