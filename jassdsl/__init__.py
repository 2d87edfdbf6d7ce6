"""jassdsl: Swiss Jass variants written as rule files, compiled into a game engine."""

from jassdsl.core.actions import Action
from jassdsl.core.errors import (
    ApiUsageError,
    IllegalActionError,
    InvariantError,
    JassError,
    OptionError,
    RuleError,
    RuleFileErrors,
    UnknownVariantError,
)
from jassdsl.core.version import VERSION
from jassdsl.engine import Game, Outcome
from jassdsl.registry import load_rules, variant_names

__all__ = [
    "Action",
    "ApiUsageError",
    "Game",
    "IllegalActionError",
    "InvariantError",
    "JassError",
    "OptionError",
    "Outcome",
    "RuleError",
    "RuleFileErrors",
    "UnknownVariantError",
    "load_rules",
    "variant_names",
]
__version__ = VERSION

# The mechanisms, installed once for every layer that is not handed them (last: each
# mechanism's module reads the layers above).
from jassdsl.core.mechanism import install
from jassdsl.mechanisms import MECHANISMS

install(MECHANISMS)
