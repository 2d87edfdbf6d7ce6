"""Which cards may be played, and who wins a trick: the follow and undertrump regimes.

The regimes are general mechanisms that a rule file selects by name:

* ``follow: suit or trump`` (Swiss): a side suit may be followed or trumped;
  ``follow: suit`` would forbid trumping while able to follow.
* ``undertrump: strict``: after a trump fell on a side-suit trick, a lower trump is
  forbidden unless the hand holds nothing but trumps.
* ``undertrump: weak``: a lower trump is forbidden unless the player is void in the
  suit led, in which case any card goes.
* ``puur: exempt``: when trump is led, a player whose only trump is the Jack (Puur)
  need not play it.

Reasons for excluded cards are named after these statements, so a legal-card
decision can cite the rule clause that made it.
"""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl.cards import SUIT_MASKS
from jassdsl.tables import ModeTable

FOLLOW, TRUMP_LED, UNDERTRUMP = "follow", "follow-trump", "undertrump"


@dataclass(frozen=True)
class PlayRules:
    """The follow regime of one variant, as flags the hot loop can test cheaply."""

    trump_while_following: bool
    strict: bool
    puur_exempt: bool


def legal_mask(rules: PlayRules, hand: int, trick: list[int], table: ModeTable | None) -> int:
    """The cards of hand (a bitmask) that may be played to trick under the mode table.

    table is None while no trump is set (first-void variants before the first void)."""
    if not trick:
        return hand
    led = trick[0] // 9
    led_cards = hand & SUIT_MASKS[led]
    trump = -1 if table is None else table.trump
    if trump < 0:
        return led_cards or hand
    trumps = hand & SUIT_MASKS[trump]
    if led == trump:
        must = trumps & ~table.puur if rules.puur_exempt else trumps  # type: ignore[union-attr]
        return trumps if must else hand
    if led_cards:
        allowed = led_cards | trumps if rules.trump_while_following else led_cards
    else:
        allowed = hand
    best = highest_trump(trick, table)  # type: ignore[arg-type]
    if best < 0:
        return allowed
    lower = trumps & table.lower_trumps[best]  # type: ignore[union-attr]
    if not lower:
        return allowed
    if rules.strict and hand == trumps:
        return allowed
    if not rules.strict and not led_cards:
        return allowed
    return allowed & ~lower


def highest_trump(trick: list[int], table: ModeTable) -> int:
    """The strongest trump in the trick, or -1."""
    best, best_strength = -1, 0
    for c in trick:
        s = table.strength[c]
        if s > best_strength and c // 9 == table.trump:
            best, best_strength = c, s
    return best


def excluded_reasons(
    rules: PlayRules, hand: int, trick: list[int], table: ModeTable | None
) -> dict[int, str]:
    """For every card in hand that may not be played: the regime statement excluding it."""
    legal = legal_mask(rules, hand, trick, table)
    out: dict[int, str] = {}
    if not trick:
        return out
    led = trick[0] // 9
    trump = -1 if table is None else table.trump
    for c in range(36):
        bit = 1 << c
        if not hand & bit or legal & bit:
            continue
        if trump >= 0 and led == trump:
            out[c] = TRUMP_LED
        elif trump >= 0 and c // 9 == trump:
            out[c] = UNDERTRUMP
        else:
            out[c] = FOLLOW
    return out


def trick_winner(trick: list[int], table: ModeTable) -> int:
    """Index within the trick of the winning card."""
    strength = table.strength
    led = trick[0] // 9
    best_i, best = 0, strength[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        s = strength[c]
        if s > best and (s >= 100 or c // 9 == led):
            best_i, best = i, s
    return best_i
