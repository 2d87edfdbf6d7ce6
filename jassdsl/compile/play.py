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

Speed: `follow_rule` turns the regime and one mode table into a small closure
``rule(hand, led, top)``; `legal_mask` and the engine's hot loops both call it, so the
regime is written once. `beat_rows` tabulates `trick_winner` for pairs of cards, which
lets a play loop keep the winning card of a trick up to date card by card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from jassdsl.core.cards import SUIT_MASKS
from jassdsl.core.tables import ModeTable

FOLLOW, TRUMP_LED, UNDERTRUMP = "follow", "follow-trump", "undertrump"

# rule(hand, led suit, top) -> legal cards of a hand that follows a trick; top is the card
# winning the trick so far (only read when it is a trump, as the highest trump in it)
FollowRule = Callable[[int, int, int], int]


@dataclass(frozen=True)
class PlayRules:
    """The follow regime of one variant, as flags the hot loop can test cheaply."""

    trump_while_following: bool
    strict: bool
    puur_exempt: bool


def follow_plain(hand: int, led: int, top: int) -> int:
    """No trump: follow suit when possible, otherwise any card."""
    return hand & SUIT_MASKS[led] or hand


def follow_rule(rules: PlayRules, table: ModeTable | None) -> FollowRule:
    """The follow regime under one mode table as a closure (cached on the table)."""
    if table is None or table.trump < 0:
        return follow_plain
    cached = table.cache.get(rules)
    if cached is None:
        cached = table.cache[rules] = _trump_rule(rules, table)
    rule: FollowRule = cached
    return rule


def _trump_rule(rules: PlayRules, table: ModeTable) -> FollowRule:
    """The regime with a trump suit. A trick holding a trump is won by its highest trump
    (tables.py ranks every trump above every other card), so top names that trump."""
    trump, lower_of = table.trump, table.lower_trumps
    trump_mask = SUIT_MASKS[trump]
    not_exempt = ~table.puur if rules.puur_exempt else -1
    with_trumps, strict = rules.trump_while_following, rules.strict

    def rule(hand: int, led: int, top: int) -> int:
        trumps = hand & trump_mask
        if led == trump:
            return trumps if trumps & not_exempt else hand
        led_cards = hand & SUIT_MASKS[led]
        if not led_cards:
            allowed = hand
        elif with_trumps:
            allowed = led_cards | trumps
        else:
            allowed = led_cards
        lower = trumps & lower_of[top]  # 0 unless top is a trump
        if not lower or (hand == trumps if strict else not led_cards):
            return allowed
        return allowed & ~lower

    # what the closure reads, for a loop written out per rule file (`pyplay.cards`)
    rule.regime = (rules, table)  # type: ignore[attr-defined]
    return rule


def legal_mask(rules: PlayRules, hand: int, trick: list[int], table: ModeTable | None) -> int:
    """The cards of hand (a bitmask) that may be played to trick under the mode table.

    table is None while no trump is set (first-void variants before the first void)."""
    if not trick:
        return hand
    if table is None or table.trump < 0:
        return follow_plain(hand, trick[0] // 9, -1)
    top = trick[trick_winner(trick, table)]
    return follow_rule(rules, table)(hand, trick[0] // 9, top)


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


def beat_rows(table: ModeTable) -> tuple[tuple[bool, ...], ...]:
    """rows[a][b]: card b, played after a, takes a trick that a is winning.

    Built from `trick_winner` on the pair (a, b). The card winning a trick is always of
    the suit led or ranks as a trump, and for such a card the pair decides as the whole
    trick would; so a loop may keep the winner up to date card by card. Cached on the
    table."""
    rows = table.cache.get("beats")
    if rows is None:
        rows = table.cache["beats"] = tuple(
            tuple(trick_winner([a, b], table) == 1 for b in range(36)) for a in range(36)
        )
    out: tuple[tuple[bool, ...], ...] = rows
    return out
