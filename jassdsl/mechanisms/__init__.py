"""The mechanisms of a hand, each one module, listed once in the order a hand runs them.

`MECHANISMS` is the one list: the top of the package installs it (`jassdsl/__init__.py`)
and the layers take it by injection (`jassdsl.core.mechanism`); the chain of phases puts each
mechanism's phase at its place (`Phase.place`: before play, in play, keeper), in this
order. A mechanism not yet moved
into its own module is listed by its phase alone; the layers still know the rest of it.
"""

from __future__ import annotations

from jassdsl.core.mechanism import Mechanism, Runtime
from jassdsl.engine.declare import Declarations
from jassdsl.engine.trump import TrumpChoice
from jassdsl.mechanisms.auction import AUCTION
from jassdsl.mechanisms.first_void import FIRST_VOID
from jassdsl.mechanisms.improve import IMPROVE
from jassdsl.mechanisms.kept_numbers import KEPT_NUMBERS
from jassdsl.mechanisms.leave import LEAVE
from jassdsl.mechanisms.mode_bids import MODE_BIDS
from jassdsl.mechanisms.passing import CARD_PASSING
from jassdsl.mechanisms.rob import ROB
from jassdsl.mechanisms.schedule import SCHEDULE
from jassdsl.mechanisms.sheet import SHEET
from jassdsl.mechanisms.sides import SIDES
from jassdsl.mechanisms.table_cards import TABLE_CARDS
from jassdsl.mechanisms.take_part import TAKE_PART
from jassdsl.mechanisms.talon import TALON
from jassdsl.mechanisms.void_names import VOID_NAMES
from jassdsl.mechanisms.weis import HAND_BONUSES, TABLE_WEIS, WEIS

MECHANISMS: tuple[Mechanism, ...] = (
    TABLE_CARDS,
    CARD_PASSING,
    SCHEDULE,
    IMPROVE,
    TAKE_PART,
    ROB,
    AUCTION,
    MODE_BIDS,
    TALON,
    Mechanism(
        "trump",
        runtime=Runtime(
            phase=TrumpChoice)),
    SHEET,
    Mechanism(
        "declare",
        runtime=Runtime(
            phase=Declarations)),
    # in play: subscribers of play's hooks
    FIRST_VOID,
    VOID_NAMES,
    WEIS,
    # keepers: after play, the hand's facts and record
    HAND_BONUSES,
    TABLE_WEIS,
    LEAVE,
    SIDES,
    KEPT_NUMBERS,
)
