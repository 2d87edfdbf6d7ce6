"""The generic heuristic bot: it picks a mode, bids and declares from what the hand
promises (`declaring`), and plays cards by simple rules (take a trick worth taking, duck
where the file wants few points or tricks), reading everything from the compiled rules."""

from __future__ import annotations

import random
from typing import Any

from jassdsl.bots.declaring import (
    PUSH_BELOW,
    card_odds,
    clamp_declaration,
    declaring_now,
    expected_points,
    forms_sides,
    scaled,
    yes_if_strong,
)
from jassdsl.bots.view import View, hand_total, table_for
from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.play import beat_rows, trick_winner
from jassdsl.core.actions import Action
from jassdsl.core.cards import cards_mask
from jassdsl.core.mechanism import at_phase, partners_in
from jassdsl.core.tables import ModeTable
from jassdsl.engine import Game


class HeuristicBot:
    """A generic player: strongest trump mode, point-based estimates, cheap trick wins."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game, seat: int) -> Action:
        forced = game.forced_action()
        if forced is not None:  # nothing to declare: answered at once
            return forced
        legal = game.legal_actions()
        view = View.of(game, seat)
        phase = game.phase
        if phase == "play":
            return self.choose_card(game, view, [a.value for a in legal])
        mechanism = at_phase(game.rules.mechanisms, phase, game.rules)
        if mechanism is not None and mechanism.bots.policy is not None:
            return mechanism.bots.policy(game, view, legal)
        if phase == "trump":
            return self.choose_trump(game.rules, view, legal)
        if phase == "declare":
            table = table_for(game.rules, view.trump)
            share = expected_points(game.rules, view.hand, table) / hand_total(game.rules, table)
            if len(declaring_now(game).values) == 2:
                return yes_if_strong(legal, share)
            return clamp_declaration(legal, scaled(game, share))
        return legal[self.rng.randrange(len(legal))]  # a phase this bot has no plan for

    def choose_trump(self, rules: CompiledRules, view: View, legal: list[Action]) -> Action:
        """The mode with the highest expected points; push when even that one is weak."""
        modes = [a for a in legal if a.kind == "trump"]
        scored = [(expected_points(rules, view.hand, rules.modes[a.value]), a) for a in modes]
        best_score, best = max(scored, key=lambda x: x[0])
        push = next((a for a in legal if a.kind == "push"), None)
        share = hand_total(rules, rules.modes[best.value])
        if push is not None and best_score < PUSH_BELOW * share:
            return push
        return best

    def choose_card(self, game: Game, view: View, cards: list[int]) -> Action:
        rules = game.rules
        table = table_for(rules, view.order)
        if ducks(rules, view.trump):  # stay out of tricks
            return Action("play", duck(rules, view, cards, table))
        if not view.trick:
            return Action("play", lead_card(cards, table))
        trick = list(view.trick)
        winner = view.seats[trick_winner(trick, table)]
        team = rules.team_of
        if forms_sides(rules):  # this hand's sides, as the seat sees them
            team = partners_in(rules.mechanisms, game.observe(view.seat).parts) or team
        partner_ahead = winner != view.seat and team[winner] == team[view.seat] and (
            rules.subjects < rules.players or team is not rules.team_of)
        at_stake = sum(table.points[c] for c in trick)
        prefer = uncovering(game, view.seat)
        if at_stake > 0 and not partner_ahead:
            winning = takers(rules, view, trick, cards)
            if winning:
                return Action("play", cheapest(winning, table, prefer))
        return Action("play", cheapest(cards, table, prefer))


def uncover_hooks(rules: CompiledRules) -> tuple[Any, ...]:
    """The `uncovers` hooks of the mechanisms the file uses."""
    return tuple(x.bots.uncovers for x in rules.used if x.bots.uncovers is not None)


def uncovering(game: Game, seat: int) -> frozenset[int]:
    """The seat's cards whose play turns a hidden card up (`Bots.uncovers`: its
    face-up table cards lying on a face-down one); none where no mechanism says so."""
    hooks = uncover_hooks(game.rules)
    if not hooks:
        return frozenset()
    obs = game.observe(seat)
    return frozenset(c for hook in hooks for c in hook(obs))


def ducks(rules: CompiledRules, mode: int) -> bool:
    """Whether the bots stay out of tricks in a hand in this mode: where the fewest win,
    or where the mode wants no tricks or the fewest points (a Misère bid or column: its
    side ducks, and the others duck to leave the tricks to it)."""
    return not rules.winner_most or rules.mode_schedule.avoids_tricks(mode)


def duck(rules: CompiledRules, view: View, cards: list[int], table: ModeTable) -> int:
    """Where the fewest win: lead the card least likely to take the trick; follow with
    the most valuable card that loses it, or, when every card takes it, the strongest."""
    if not view.trick:
        return duck_lead(cards_mask(view.hand), cards, table)
    trick = list(view.trick)
    taking = takers(rules, view, trick, cards)
    losing = [c for c in cards if c not in taking]
    if losing:
        return max(losing, key=lambda c: (table.points[c], table.strength[c]))
    return max(cards, key=lambda c: (table.strength[c], -table.points[c]))


def duck_lead(hand: int, cards: list[int], table: ModeTable) -> int:
    """`duck`'s lead from a hand (a mask): the card least likely to take the trick, then
    the one with the fewest points, then the weakest."""
    odds = card_odds(table)
    return min(cards, key=lambda c: (odds[c][1][(odds[c][0] & ~hand).bit_count()],
                                     table.points[c], table.strength[c]))


def lead_card(cards: list[int], table: ModeTable) -> int:
    """The highest card of the longest suit (ties: the suit with the stronger top card;
    then the suit seen first)."""
    strength = table.strength
    count: dict[int, int] = {}  # per suit, in the order the suits first come
    top: dict[int, int] = {}  # per suit, its strongest card (the first of equals)
    for c in cards:
        suit = c // 9
        if suit in count:
            count[suit] += 1
            if strength[c] > strength[top[suit]]:
                top[suit] = c
        else:
            count[suit], top[suit] = 1, c
    best = -1
    for suit, k in count.items():
        if best < 0 or (k, strength[top[suit]]) > (count[best], strength[top[best]]):
            best = suit
    return top[best]


def cheapest(cards: list[int], table: ModeTable, prefer: frozenset[int] = frozenset()
             ) -> int:
    """The card giving away least: fewest points, a side card before a trump, weakest;
    among equally cheap cards, one of `prefer` (a card that turns a hidden one up)."""
    keys = cheapest_keys(table)
    best = min(cards, key=keys.__getitem__)
    if prefer and best not in prefer:
        return next((c for c in cards if c in prefer and keys[c] == keys[best]), best)
    return best


def cheapest_keys(table: ModeTable) -> tuple[tuple[int, bool, int], ...]:
    """Per card: what `cheapest` compares (cached on the table)."""
    keys: tuple[tuple[int, bool, int], ...] | None = table.cache.get("bots-cheapest")
    if keys is None:
        keys = table.cache["bots-cheapest"] = tuple(
            (table.points[c], c // 9 == table.trump, table.strength[c]) for c in range(36))
    return keys


def takes_trick(rules: CompiledRules, view: View, trick: list[int], card: int) -> bool:
    """Would this card lead the trick now? A first off-suit card may set trump first."""
    mode = view.order
    if mode < 0 and rules.card_sets_trump and card // 9 != trick[0] // 9:
        mode = card // 9 if card // 9 in rules.modes else -1
    table = table_for(rules, mode)
    return trick_winner([*trick, card], table) == len(trick)


def takers(rules: CompiledRules, view: View, trick: list[int], cards: list[int]) -> list[int]:
    """The cards that would lead the trick now (`takes_trick` for each, in their order).

    Under the trick's table a card takes the trick when it beats the card winning it so
    far (`play.beat_rows`); only a card that may set trump (first void) is tried whole."""
    table = table_for(rules, view.order)
    beats = beat_rows(table)[trick[trick_winner(trick, table)]]
    led = trick[0] // 9
    if view.trump < 0 and rules.card_sets_trump:
        return [c for c in cards if (takes_trick(rules, view, trick, c) if c // 9 != led
                                     else beats[c])]
    return [c for c in cards if beats[c]]
