"""What in a rule file the pure-Python playout does not play (a whitelist of what it does).

It plays the phases of a hand that need no machinery of their own beyond a table:
a trump choice by forehand with the push to the partner, or trump set at the deal (drawn,
the dealer's last card, none) or by the first card of a player who cannot follow
(`sets_trump` of that phase), declarations made in turn after it (`by`, `only when`, a
hook; the roles chooser and pusher), play in every follow regime, Weis decided before a
seat's first card and counted after the first trick, and Stöck; any pack and packets,
every card dealt. Anything else (auctions, piles, sheets, other roles, ...) is
played by the engine, with the reason in `simulate --json`.
"""

from __future__ import annotations

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.count_order import TRICKS
from jassdsl.core.roles import CHOOSER, PUSHER
from jassdsl.engine.chain import Chain

PHASES = frozenset({"TrumpChoice", "Declarations", "Play", "WeisPhase", "HandBonuses",
                    "FirstVoid"})
# forehand's choice, and the trumps set at the deal (`TrumpByRule`)
TRUMP_KINDS = frozenset({"forehand_chooses", "random_suit", "bottom_card", "none"})
TRUMP_ROLES = frozenset({CHOOSER, PUSHER})  # the roles the trump choice gives


def reasons(rules: CompiledRules) -> tuple[str, ...]:
    """Why the playout does not play this file (empty: it does)."""
    r = rules
    phases = {type(p).__name__ for p in Chain.of(r).phases}
    out = [f"phase {name}" for name in sorted(phases - PHASES)]
    # or trump set by a card in play (`FirstVoid.sets_trump`, its mechanism's `card_sets`)
    if r.trump_kind not in TRUMP_KINDS and not r.card_sets_trump:
        out.append(f"trump method {r.trump_kind}")
    elif r.trump_kind == "none" and (r.fallback is None or r.fallback not in r.modes):
        out.append("no trump and no mode to play without it")
    if r.card_sets_trump and ("WeisPhase" in phases or TRICKS in r.count_first):
        out.append("trump set by a card in play with Weis or counting trick by trick")
    if r.push_next:
        out.append("pushing on to the next player")
    if not r.roles_read <= TRUMP_ROLES:
        out.append("scoring that reads roles other than the chooser and the pusher")
    if r.lead_role >= 0 or r.dealer_role >= 0:
        out.append("lead or deal by a role")
    for d in r.declarations:
        if d.naming or d.bidder_keeps is not None or d.after_bidder or d.marks \
                or d.after_role not in (-1, *TRUMP_ROLES):
            out.append(f"declaration {d.name} of an auction or a role's holder")
    if r.players * r.cards_each != r.pack.bit_count():
        out.append("cards left over after the deal")
    if r.subjects not in (r.players, len(set(r.team_of))):
        out.append("subjects other than players or teams")
    if r.winner_first_out:
        out.append("the first out of the table wins")
    return tuple(dict.fromkeys(out))
