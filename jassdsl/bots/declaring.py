"""How the heuristic bids and declares: the points a hand promises in a mode (the chance
that each card takes a trick), and the declaration or bid that follows from that share."""

from __future__ import annotations

from collections.abc import Sequence

from jassdsl.bots.view import View, hand_total
from jassdsl.compile.compiler import CompiledRules, Declaring
from jassdsl.core.actions import Action
from jassdsl.core.cards import cards_mask
from jassdsl.core.tables import ModeTable
from jassdsl.engine import Game

# Chance that a card takes a trick, by how many stronger cards of its suit are out.
TRUMP_WIN = (0.9, 0.65, 0.45, 0.3, 0.2)
SIDE_WIN = (0.75, 0.3, 0.1, 0.03)
RUFF_RISK = 0.75  # a side card can be trumped when a trump suit exists
PUSH_BELOW = 0.3  # push when the best mode promises less than this share of the points
# say the higher of a two-valued declaration (a double, a yes) when the hand promises this
# share of the points or more: about one hand in ten
STRONG_FROM = 0.35

def declaring_now(game: Game) -> Declaring:
    """The declaration the game asks for now (by its name)."""
    kind = next(a.kind for a in game.legal_actions() if a.kind != "pass")
    return next(d for d in game.rules.declarations if d.name == kind)


def declared_range(game: Game) -> tuple[int, int]:
    """The lowest and highest value of the declaration the game asks for now."""
    d = declaring_now(game)
    return d.low, d.high


def yes_if_strong(legal: Sequence[Action], share: float) -> Action:
    """A declaration of two values (a double, a yes or no): the higher one only when the
    hand promises a strong share of the points, else the lower."""
    pick = max if share >= STRONG_FROM else min
    return pick(legal, key=lambda a: a.value)


def clamp_declaration(legal: Sequence[Action], value: int) -> Action:
    """The legal declaration closest to the wished value."""
    return min(legal, key=lambda a: abs(a.value - value))


def bid_or_pass(legal: Sequence[Action], wish: int) -> Action:
    """Where a pass is open (an auction): the lowest value allowed if the wish reaches
    it, else pass."""
    bids = [a for a in legal if a.kind != "pass"]
    if bids and bids[0].value <= wish:
        return bids[0]
    return next(a for a in legal if a.kind == "pass")


def scaled(game: Game, share: float) -> int:
    """A share of the hand (0..1) as a value of the declaration asked for now.

    A declaration counts what one player can take (card points, tricks) up to its highest
    value, the whole hand: the share of the hand is that share of the highest value."""
    low, high = declared_range(game)
    return max(low, round(share * high))


def card_odds(table: ModeTable) -> tuple[tuple[int, tuple[float, ...]], ...]:
    """Per card: the cards of its suit that rank above it (a bitmask), and its chance to
    take a trick by how many of them are still out (0 to 8; a card outside the pack is
    never out). Cached on the table."""
    odds: tuple[tuple[int, tuple[float, ...]], ...] | None = table.cache.get("bots-odds")
    if odds is None:
        strength, rows, pack = table.strength, [], table.pack
        for card in range(36):
            suit = card // 9
            stronger = sum(1 << c for c in range(suit * 9, suit * 9 + 9)
                           if strength[c] > strength[card] and pack >> c & 1)
            if suit == table.trump:
                chances = tuple(TRUMP_WIN[min(k, len(TRUMP_WIN) - 1)] for k in range(9))
            else:
                side = [SIDE_WIN[min(k, len(SIDE_WIN) - 1)] for k in range(9)]
                chances = tuple(x * RUFF_RISK if table.trump >= 0 else x for x in side)
            rows.append((stronger, chances))
        odds = table.cache["bots-odds"] = tuple(rows)
    return odds


def win_chance(card: int, hand: list[int] | tuple[int, ...], table: ModeTable) -> float:
    """A rough chance that a card takes a trick, from the stronger cards still out."""
    stronger, chances = card_odds(table)[card]
    return chances[(stronger & ~cards_mask(hand)).bit_count()]


def expected_points(rules: CompiledRules, hand: tuple[int, ...], table: ModeTable) -> float:
    """What a hand should take under a table: each likely trick brings its card points."""
    rows, last = worth_rows(rules, table)
    mask = cards_mask(hand)
    return last + sum([worth[(stronger & ~mask).bit_count()]
                       for stronger, worth in map(rows.__getitem__, hand)])


def worth_rows(rules: CompiledRules, table: ModeTable) -> tuple[
        tuple[tuple[int, tuple[float, ...]], ...], float]:
    """For `expected_points`, per card: the cards of its suit that rank above it, and by
    how many of them are still out what it should bring, its chance to take a trick times
    its points and a fair share of the others' cards (a likely trick brings both); then
    the share of the last trick's bonus. Cached on the table."""
    key = ("bots-worth", rules.players, rules.last_bonus)
    found: tuple[tuple[tuple[int, tuple[float, ...]], ...], float] | None = table.cache.get(key)
    if found is None:
        others = rules.players - 1
        per_card = (hand_total(rules, table) - rules.last_bonus) / table.pack.bit_count()
        share, points = others * per_card, table.points
        found = table.cache[key] = (tuple(
            (stronger, tuple([x * (points[c] + share) for x in chances]))
            for c, (stronger, chances) in enumerate(card_odds(table))),
            rules.last_bonus / rules.players)
    return found


def bid_gain(game: Game, view: View, table: ModeTable) -> float:
    """What the file's mechanisms add to the points a bidder expects to make in a mode (a
    talon the highest bidder takes: `Bots.bid_gain`)."""
    r = game.rules
    return sum(x.bots.bid_gain(game, view, table) for x in r.mechanisms
               if x.bots.bid_gain is not None and x.name in r.configs)


def forms_sides(rules: CompiledRules) -> bool:
    """Whether a mechanism of the file forms sides per hand (`Runtime.partners`)."""
    return any(x.runtime.partners and x.name in rules.configs for x in rules.mechanisms)
