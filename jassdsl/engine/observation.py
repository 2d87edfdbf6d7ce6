"""What one seat may see: its own hand, the table, the public declarations.

`Observation` is typed (cards as card numbers, the mode as a `Mode`); `as_dict` gives
the same as plain values with card names, as the JSON of the CLI and the corpus write it.
Each mechanism fills its own fields (`Phase.observe`); a field of a mechanism the rule
file does not use keeps its empty default.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from jassdsl.core.cards import CARD_NAMES, mask_cards
from jassdsl.core.modes import Mode
from jassdsl.core.roles import ROLE_LIST
from jassdsl.engine.phase import Table
from jassdsl.engine.records import Trick


def _name(card: int) -> str | None:
    return CARD_NAMES[card] if card >= 0 else None


@dataclass(frozen=True)
class Observation:
    seat: int
    hand: tuple[int, ...]  # its own cards, in deck order
    trick: tuple[int, ...]  # the open trick, in play order
    leader: int
    trump: Mode  # NO_MODE while no trump is set
    shown: int  # a card shown to all (the bottom card), or -1
    phase: str
    current: int
    dealer: int
    bidder: int  # the highest bidder of an auction so far, or -1
    hand_number: int
    tricks: tuple[Trick, ...]
    declared: dict[str, tuple[int | None, ...]] = field(default_factory=dict)  # hidden: None
    totals: dict[str, tuple[int, ...]] = field(default_factory=dict)
    weis: tuple[tuple[str, ...], ...] = ()  # per seat: the Weise it declared, as said
    weis_offer: tuple[str, ...] = ()  # the Weise this seat may still declare
    table: tuple[int, ...] = ()  # seats still at the table
    playing: tuple[int, ...] = ()  # seats taking part (so far, while asked)
    piles: dict[str, int] = field(default_factory=dict)  # sizes only
    turned: int = -1  # the turned trump card while it lies on a pile
    swapped: int = -1
    robbed: int = -1
    seen: int = -1  # a pile's bottom card that everybody sees
    looked: tuple[int, ...] = ()  # its own pile, declined
    roles: dict[str, int] = field(default_factory=dict)  # role: seat so far, -1: nobody
    sheets: tuple[tuple[str, ...], ...] = ()  # per scoresheet: the columns still open
    column: str = ""  # the scoresheet's column taken this hand

    def as_dict(self) -> dict[str, Any]:
        """Plain values with card names (None for no card or no trump)."""
        out: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        for key in ("hand", "trick", "looked"):
            out[key] = [CARD_NAMES[c] for c in out[key]]
        for key in ("shown", "turned", "seen"):
            out[key] = _name(out[key])
        out["trump"] = str(self.trump) if self.trump.is_set else None
        out["tricks"] = [(t.leader, [CARD_NAMES[c] for c in t.cards], t.winner)
                         for t in self.tricks]
        out["declared"] = {k: list(v) for k, v in self.declared.items()}
        out["totals"] = {k: list(v) for k, v in self.totals.items()}
        out["weis"] = [list(w) for w in self.weis]
        out["weis_offer"] = list(self.weis_offer)
        out["table"], out["playing"] = list(self.table), list(self.playing)
        out["piles"] = dict(self.piles)
        out["roles"] = dict(self.roles)
        out["sheets"] = [list(x) for x in self.sheets]
        return out


def seats_in(mask: int, players: int) -> tuple[int, ...]:
    return tuple(x for x in range(players) if mask >> x & 1)


def observe(g: Table, seat: int) -> Observation:
    s, r = g.s, g.rules
    extra: dict[str, Any] = {}
    for phase in g.hooks("observe"):
        extra |= phase.observe(g, seat)
    return Observation(
        seat, tuple(mask_cards(s.hands[seat])), tuple(s.trick), s.leader,
        r.mode(s.mode), s.shown, s.phase, s.current, s.dealer,
        s.bidder, s.hand_no, tuple(s.tricks),
        totals={u: tuple(v) for u, v in s.totals.items()},
        table=seats_in(s.table, r.players), playing=seats_in(s.playing, r.players),
        roles={role.name: s.roles[role.index] for role in ROLE_LIST
               if role.index in r.roles_read or role.index in r.roles_made},
        **extra)
