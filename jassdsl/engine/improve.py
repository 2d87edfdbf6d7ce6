"""What bettering (`jassdsl/mechanisms/improve.py`) leaves in the engine: its compiled
setting and the own pile's name, which the piles, the terminal and the bots read too."""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl.compile.compiler import CompiledRules


@dataclass(frozen=True)
class ImproveConfig:
    """The compiled `improve:` statement."""

    pile: str  # the own pile a player may swap cards for (bettering the hand)
    cards: int  # how many cards are swapped
    dealer_sees: bool = False  # the dealer takes the own pile first, then discards


def improve(rules: CompiledRules) -> ImproveConfig | None:
    """The file's bettering (None: nobody betters)."""
    return rules.config("improve", ImproveConfig)


def own_pile(rules: CompiledRules) -> str | None:
    """The name of the own pile bettering swaps cards for (None: no bettering)."""
    config = improve(rules)
    return config.pile if config is not None else None
