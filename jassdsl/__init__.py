"""jassdsl: Swiss Jass variants written as rule files, compiled into a game engine."""

from jassdsl.actions import Action
from jassdsl.errors import IllegalActionError, JassError, RuleError, RuleFileErrors
from jassdsl.game import Game, Outcome
from jassdsl.registry import load_rules, variant_names

__all__ = [
    "Action",
    "Game",
    "IllegalActionError",
    "JassError",
    "Outcome",
    "RuleError",
    "RuleFileErrors",
    "load_rules",
    "variant_names",
]
__version__ = "0.1.0"
