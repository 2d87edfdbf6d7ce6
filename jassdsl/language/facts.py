"""The vocabulary of scoring expressions: the facts a clause can ask about, by name.

Derived from the one list of `jassdsl.core.facts`: the checker uses it to report unknown
names and wrong arity, the rulebook the descriptions, and the evaluator implements
exactly these names.
"""

from __future__ import annotations

from jassdsl.core.facts import FACTS as FACT_LIST
from jassdsl.core.facts import Fact, vocabulary

FACTS: dict[str, Fact] = vocabulary(FACT_LIST)

__all__ = ["FACTS", "Fact"]
