"""The mechanisms of a hand, each one module, listed once in the order a hand runs them.

`MECHANISMS` is the one list: the top of the package installs it (`jassdsl/__init__.py`)
and the layers take it by injection (`jassdsl.core.mechanism`). A mechanism not yet moved
into its own module is listed by its phase alone; the layers still know the rest of it.
"""

from __future__ import annotations

from jassdsl.core.mechanism import Mechanism
from jassdsl.engine.auction import Auction
from jassdsl.engine.declare import Declarations
from jassdsl.engine.schedule import Schedule
from jassdsl.engine.sheet import SheetChoice
from jassdsl.engine.trump import TrumpChoice
from jassdsl.mechanisms.improve import IMPROVE
from jassdsl.mechanisms.rob import ROB
from jassdsl.mechanisms.take_part import TAKE_PART

MECHANISMS: tuple[Mechanism, ...] = (
    Mechanism("schedule", phase=Schedule),
    IMPROVE,
    TAKE_PART,
    ROB,
    Mechanism("auction", phase=Auction),
    Mechanism("trump", phase=TrumpChoice),
    Mechanism("sheet", phase=SheetChoice),
    Mechanism("declare", phase=Declarations),
)
