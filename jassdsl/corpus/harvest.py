"""Play seeded games and keep what the corpus is made of: move positions, finished tricks,
hands with everything needed to replay them, and whole games.

Players are simple generic policies (random, the heuristic bot, or a search that lets one
seat take every trick); nothing here knows a variant. A seeded game plus its policy replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from jassdsl.bots.heuristic import HeuristicBot
from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_NAMES
from jassdsl.core.deal import split_piles
from jassdsl.core.modes import BASE_MODES
from jassdsl.corpus.position import card_names
from jassdsl.engine import Game
from jassdsl.engine.events import Dealt, DealtAgain, LotDrawn, TrickTaken, TrumpSet

Policy = Callable[[Game, random.Random], Action]


def bot_policy(game: Game, rng: random.Random) -> Action:
    """The heuristic bot's action, drawing from the policy's generator: hands as the bots
    bid and play them, for clauses random play seldom reaches (a Misère bid and made)."""
    return HeuristicBot(rng).choose(game, game.current_player)


def random_policy(game: Game, rng: random.Random) -> Action:
    """A random legal action; asked whether to play a hand, it plays three times in four,
    so that many hands seat every player (what a position case needs). A forced answer
    (nothing to declare, `Game.forced_action`) draws nothing, so that the games harvested
    are those of before every seat was asked."""
    forced = game.forced_action()
    if forced is not None:
        return forced
    legal = game.legal_actions()
    if game.phase == "take part" and rng.random() < 0.75:
        return next(a for a in legal if a.kind == "join")
    return rng.choice(legal)


@dataclass
class Position:
    """The player to move, with every hand (for perft) and the open trick."""

    hands: list[int]
    trick: list[int]
    leader: int
    mode: int  # the mode of the open trick: a base mode, also in a file's own mode
    left: int  # card plays left in the hand
    scheduled: bool = False  # in a file's own mode: later tricks may change their mode
    # the trump a perft case from here gives: the mode of the trick, or in a file's own mode
    # during the first trick that mode (its schedule then counts from this trick on)
    perft_trump: str | None = None

    @property
    def seat(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)


@dataclass
class TrickSeen:
    cards: list[int]
    before: int
    after: int
    last: bool


@dataclass
class HandSeen:
    """A finished hand as a HandInput (JSON data), plus how the game scored it."""

    input: dict[str, Any]
    clause: str
    totals: dict[str, list[int]] | None = None


@dataclass
class Harvest:
    positions: list[Position] = field(default_factory=list)
    tricks: list[TrickSeen] = field(default_factory=list)
    hands: list[HandSeen] = field(default_factory=list)
    first_dealer: int = 0
    over: bool = False


def hand_start(game: Game) -> dict[str, Any]:
    """The hand just dealt, as a record: read from its events."""
    events = game.hand_events()
    deal = next(e for e in reversed(events) if isinstance(e, Dealt))
    drawn = next((e.mode for e in events if isinstance(e, TrumpSet) and e.how == "drawn"),
                 None)
    return {
        "hand_number": game.hand_number, "dealer": game.dealer,
        "deal": [card_names(h) for h in deal.hands],
        "shown": CARD_NAMES[deal.shown] if deal.shown >= 0 else None,
        "trump": str(drawn) if drawn is not None else None,
        "totals": {u: list(v) for u, v in game.totals.items()},
        "held": [{"unit": u, "among": list(a), "amount": n} for u, a, n in game.held],
        "actions": [],
        # draws made as the hand was laid out (table cards drawn at random), before scoring's
        "lots": [{"index": e.value, "of": e.of} for e in events[events.index(deal):]
                 if isinstance(e, LotDrawn)],
        **({"piles": {name: [CARD_NAMES[c] for c in cards] for name, cards in deal.piles}}
           if any(cards for _, cards in deal.piles) else {}),
        **game.kept,
    }


def play(rules: CompiledRules, seed: int, policy: Policy = random_policy,
         max_hands: int | None = None, positions: bool = True) -> Harvest:
    """Play one seeded game (or its first max_hands hands) and keep what it shows."""
    game = Game(rules, seed=seed, record=False, events=True)
    rng = random.Random(seed * 1_000_003 + 17)
    out = Harvest(first_dealer=game.dealer)
    current = hand_start(game)
    trick_mode = game.mode
    while not game.is_over and (max_hands is None or len(out.hands) < max_hands):
        if game.phase == "play":
            trick = game.trick
            if not trick:
                trick_mode = base_mode(game)
            if positions and len(game.playing) == game.n:
                # a position seats every player: only hands that everybody plays; in a
                # file's own mode it is told in the base mode of the trick being played
                hands = [sum(1 << c for c in game.hand_of(x)) for x in range(game.n)]
                mode, scheduled = base_mode(game), game.mode >= BASE_MODES
                whole = not scheduled or game.tricks_played == 0
                perft = game.rules.mode_names[game.mode] if game.mode >= 0 else None
                out.positions.append(Position(hands, list(trick), game.leader, mode,
                                              sum(h.bit_count() for h in hands), scheduled,
                                              perft if whole else None))
        action = policy(game, rng)
        mark, done = len(game.events), len(game.results)
        before = len(game.trick)
        game.apply(action)
        new = game.events[mark:]
        if any(isinstance(e, DealtAgain) for e in new):  # everybody passed: dealt anew
            if out.hands:
                break  # a game case replays its hands one after the other: stop before it
            out.first_dealer = game.dealer
            current = hand_start(game)
            continue
        current["actions"].append(game.action_text(action))
        if action.kind == "play" and before == game.n - 1:
            taken = next(e for e in new if isinstance(e, TrickTaken))
            finished = len(game.results) > done
            mode = game.mode if not finished else mode_of(game, game.results[-1].trump)
            if mode >= BASE_MODES:  # the trick as played: in its base mode
                mode = trick_mode
            out.tricks.append(TrickSeen(list(taken.cards), trick_mode, mode, finished))
        if len(game.results) > done:
            last = game.results[-1]
            current["lots"] += [{"index": e.value, "of": e.of} for e in new
                                if isinstance(e, LotDrawn) and e.hand == last.number]
            totals = {u: list(v) for u, v in last.totals.items()}
            out.hands.append(HandSeen(current, last.clause, totals))
            current = hand_start(game)
    out.over = game.is_over
    return out


def mode_of(game: Game, name: str) -> int:
    return game.rules.mode_schedule.number(name)


def base_mode(game: Game) -> int:
    """The mode whose order decides the open trick (a file's mode: its trick's base mode)."""
    mode = game.mode
    return game.rules.trick_mode(mode, game.tricks_played) if mode >= 0 else mode


def rigged_hand(rules: CompiledRules, k: int) -> dict[str, Any]:
    """Hand 1 dealt so that one seat (never forehand) holds a whole suit topped up with the
    best cards of a second suit: the deal in which one player can take every trick."""
    rng = random.Random(k)
    n, each = rules.players, rules.cards_each
    dealer = k % n
    target = (dealer + 2 + (k // n) % (n - 1)) % n
    suit = rng.randrange(4)
    other = (suit + 1 + rng.randrange(3)) % 4
    pack = rules.pack  # the cards of the pack, a mask of the 36
    mine = [c for c in [suit * 9 + r for r in range(9)] + [other * 9 + r for r in range(9)]
            if pack >> c & 1][:each]
    rest = [c for c in range(36) if c not in mine and pack >> c & 1]
    rng.shuffle(rest)
    deal = [sorted(rest[i * each:(i + 1) * each]) for i in range(n - 1)]
    deal.insert(target, sorted(mine))
    left = rest[(n - 1) * each:]  # cards left over lie on the piles, in the rules' order
    seats = tuple((dealer + i) % n for i in range(1, n + 1))
    piles = split_piles(rules.piles, rules.own_piles, left, seats)
    turned = any(piles.get(name) for name in rules.turned_piles)
    bottom = rules.trump_kind == "bottom_card" or (rules.trump_kind == "turned" and not turned)
    shown = CARD_NAMES[deal[dealer][-1]] if bottom else None
    trump = "DHSC"[suit] if rules.trump_kind == "random_suit" else None
    extra = {"piles": {k: card_names(v) for k, v in piles.items()}} if any(
        piles.values()) else {}
    return {"hand_number": 1, "dealer": dealer, "deal": [card_names(h) for h in deal],
            "shown": shown, "trump": trump, "totals": {u: [0] * rules.subjects
                                                        for u in rules.units},
            "held": [], "actions": [], "lots": [], "target": target, **extra}


def sweep(game: Game, target: int, budget: int) -> list[str] | None:
    """Actions (from here to the end of the hand) in which `target` takes every trick,
    found by a depth-first search of at most `budget` moves; declarations at random."""
    start = len(game.history)
    rng = random.Random(budget)
    while game.phase != "play":
        game.apply(random_policy(game, rng))
    nodes = [0]
    if _sweep(game, target, nodes, budget):
        return [game.action_text(a) for a in game.history[start:]]
    return None


def _sweep(game: Game, target: int, nodes: list[int], budget: int) -> bool:
    if game.results:
        return True
    for action in _ordered(game, target):
        nodes[0] += 1
        if nodes[0] > budget:
            return False
        mark = len(game.events)
        game.apply(action)
        taken = [e for e in game.events[mark:] if isinstance(e, TrickTaken)]
        if (not taken or taken[-1].winner == target) and _sweep(game, target, nodes,
                                                                          budget):
            return True
        game.undo()
    return False


def _ordered(game: Game, target: int) -> Iterator[Action]:
    """The target tries its strongest cards first, the others their weakest."""
    table = game.order_table()
    acts = game.legal_actions()
    strong = game.current_player == target
    yield from sorted(acts, key=lambda a: -table.strength[a.value] if strong
                      else table.strength[a.value])
