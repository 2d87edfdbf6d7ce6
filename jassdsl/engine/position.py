"""Games at a recorded deal or in the middle of play, as python-chess sets up a board.

`at_deal` starts a game at a given deal: the cards of each seat, the dealer, the hand's
number, the totals and amounts held so far, the piles as laid, and what chance decided
(a trump suit drawn, lots in scoring). `deal_again` gives the hand about to begin a
recorded deal in a running game (the next hand of a recorded game). `at_play` sets up a
position in the middle of play: the hands left, the open trick, its leader and trump.

A recorded deal goes through the engine's own deal: the game's `ScriptedChance` hands the
deal phase a deck in the order that deals exactly the recorded hands and piles, so trump
by rule, the turned card, the Weise on offer and every later phase follow from them as in
a game played from a seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.cards import CARD_NAMES, mask_cards
from jassdsl.core.deal import BITS, deal_plan, next_seat, trick_seats
from jassdsl.core.errors import JassError
from jassdsl.core.mechanism import empties_seats
from jassdsl.engine.chance import ScriptedChance
from jassdsl.engine.game import Game


class PositionError(JassError):
    """A deal or position that the rules cannot be put into; says what does not fit."""


def at_deal(rules: CompiledRules, hands: Sequence[Sequence[int]], dealer: int, *,
            hand_number: int = 1, totals: Mapping[str, Sequence[int]] | None = None,
            held: Sequence[tuple[str, Sequence[int], int]] = (),
            piles: Mapping[str, Sequence[int]] | None = None, shown: int = -1,
            trump: int = -1, lots: Sequence[tuple[int, int]] = (), seed: int = 0,
            check_invariants: bool = True, sheets: Sequence[Sequence[str]] = (),
            kept: Mapping[str, Any] | None = None,
            record: bool = True, events: bool | None = None) -> Game:
    """A game at the start of a hand with the given deal.

    `hands` per seat (card numbers; no cards for a seat that has left the table), `piles`
    by name (own piles as 'name:seat'), each from its top card; `shown` the card the deal
    shows (the dealer's bottom card), or -1; `trump` the mode drawn where trump is drawn
    at random; `lots` the draws (among, value) scoring will make; `sheets` per scoresheet
    the columns played before the hand (by name); `kept` what other mechanisms keep from
    hand to hand, by their key (`Phase.kept_as`: `kept`, the numbers kept across hands by
    name), as `Game.kept` gives it. Afterwards chance runs freely from
    `seed`. `record=False`: a game that is only played forward (no undo, no copies);
    `events` as `Game` takes it (None: logged where the history is kept)."""
    game = Game(rules, seed=seed, check_invariants=check_invariants,
                chance=ScriptedChance(seed), start=False, record=record, events=events)
    s = game.s
    n = rules.players
    if not (isinstance(dealer, int) and 0 <= dealer < n):
        raise PositionError(f"the dealer is a seat from 0 to {n - 1}, not {dealer!r}")
    s.hand_no, s.dealer = hand_number, dealer
    if totals is not None:
        if set(totals) != set(s.totals):
            raise PositionError(f"the record's units {sorted(totals)} are not the rules' "
                                f"units {sorted(s.totals)}")
        s.totals = {u: list(v) for u, v in totals.items()}
    s.pending = [(unit, tuple(among), amount) for unit, among, amount in held]
    if sheets:  # what a mechanism keeps from hand to hand (`Phase.kept_as`)
        keeper = next((p for p in game.chain.phases if p.kept_as == "sheets"), None)
        if keeper is None:
            raise PositionError("the rules keep no scoresheets; the record gives "
                                f"{len(sheets)}")
        keeper.restore(game, sheets)
    for key, value in (kept or {}).items():
        keeper = next((p for p in game.chain.phases if p.kept_as == key), None)
        if keeper is None:
            raise PositionError(f"the rules keep nothing as {key!r} from hand to hand")
        keeper.restore(game, value)
    deal_again(game, hands, piles=piles, shown=shown, trump=trump, lots=lots)
    return game


def deal_again(game: Game, hands: Sequence[Sequence[int]], *,
               piles: Mapping[str, Sequence[int]] | None = None, shown: int = -1,
               trump: int = -1, lots: Sequence[tuple[int, int]] = ()) -> None:
    """Deal the hand about to begin (no action taken in it yet) as recorded; the hand
    keeps its number, dealer and the totals so far."""
    s, rules = game.s, game.rules
    chance = game.chance
    if not isinstance(chance, ScriptedChance):
        raise PositionError("a recorded deal needs a game made by at_deal")
    if game.is_over:
        raise PositionError("the game is over: no hand is about to begin")
    if s.tricks or s.trick:
        raise PositionError("a recorded deal replaces a hand before its first card only")
    n, each = rules.players, rules.cards_each
    if len(hands) != n:
        raise PositionError(f"the rules seat {n} players; the deal has {len(hands)} hands")
    seated = [seat for seat, h in enumerate(hands) if h]
    for seat, h in enumerate(hands):
        if h and len(h) != each:
            raise PositionError(f"seat {seat} holds {len(h)} cards; the rules deal {each} "
                                "to each player")
        if not h and not empties_seats(rules.mechanisms, rules.configs):
            raise PositionError(f"seat {seat} holds no cards; nobody leaves the table in "
                                "these rules")
    if not seated:
        raise PositionError("nobody holds cards")
    table = sum(1 << seat for seat in seated)
    laid = dict(piles or {})
    known = [name for name, _ in rules.piles]
    for name in laid:
        base, _, owner = name.partition(":")
        if base not in known or (base in rules.own_piles) != bool(owner) \
                or (owner and not (owner.isdigit() and int(owner) < n)):
            raise PositionError(f"the rules have no pile {name!r}; the rules lay "
                                f"{known or 'no piles'} (own piles as 'name:seat')")
    check_cards([c for h in hands for c in h] + [c for p in laid.values() for c in p])
    if shown >= 0 and shown not in hands[s.dealer]:
        raise PositionError(f"the shown card {card_name(shown)} is not in the dealer's "
                            f"hand (seat {s.dealer})")
    s.table = table
    deck = deck_for(rules, s.dealer, table, hands, laid, shown)
    draws = [(4, trump)] if trump >= 0 else []
    chance.script([deck], [*draws, *lots])
    if game.log is not None:  # the hand dealt before is replaced, unseen
        del game.events[len(game.events) - len(game.hand_events()):]
    game.chain.deal.start_hand(game)
    if chance.decks or len(chance.draws) > len(lots):  # (a layout may draw lots at once)
        raise PositionError("the rules do not draw a trump at random" if draws
                            else "the rules deal otherwise")
    for seat, h in enumerate(hands):  # as dealt (bettering may have begun at once)
        if sum(BITS[c] for c in h) != game.s.dealt[seat]:
            raise PositionError(f"the engine did not take the recorded hand of seat {seat}")
    if game.s.shown != shown:
        raise PositionError(f"the engine shows card {game.s.shown}; the record {shown}")


def card_name(card: object) -> str:
    return f"{CARD_NAMES[card]} ({card})" if type(card) is int and 0 <= card < 36 \
        else repr(card)


def check_cards(cards: Sequence[object]) -> None:
    """Every card a number from 0 to 35, none twice; else a PositionError naming it."""
    seen: set[object] = set()
    for card in cards:
        if type(card) is not int or not 0 <= card < 36:
            raise PositionError(f"a card is a number from 0 to 35, not {card!r}")
        if card in seen:
            raise PositionError(f"the card {card_name(card)} is given twice")
        seen.add(card)


def deck_for(rules: CompiledRules, dealer: int, table: int, hands: Sequence[Sequence[int]],
             piles: Mapping[str, Sequence[int]], shown: int) -> list[int]:
    """The deck (card bits, in order) that the deal phase deals as `hands` and `piles`:
    each seat's cards at the places the deal plan gives it, the shown card last of the
    dealer's, then the piles in the rule file's order, then the cards nobody gets."""
    n = rules.players
    seats = trick_seats(n, table)[next_seat(n, dealer, table)]
    pack = mask_cards(rules.pack)
    outside = [c for h in hands for c in h if not rules.pack >> c & 1]
    if outside:
        raise PositionError(f"{CARD_NAMES[outside[0]]} is not in the pack of these rules "
                            f"({len(pack)} cards)")
    deck: list[int] = [-1] * len(pack)
    packets = rules.packets if len(set(rules.packets)) > 1 else rules.packet
    for seat, getter in zip(seats, deal_plan(len(seats), rules.cards_each, packets),
                            strict=True):
        places = list(getter(range(len(pack))))
        own = sorted(hands[seat], key=lambda c: c == shown)  # the shown card last
        if len(places) != len(own):
            raise PositionError(f"seat {seat} holds {len(own)} cards; the rules deal "
                                f"{len(places)}")
        for place, card in zip(places, own, strict=True):
            deck[place] = card
    pos = rules.cards_each * len(seats)
    rest: list[int] = []
    for name, _ in rules.piles:
        if name in rules.own_piles:
            for seat in seats:
                rest += piles.get(f"{name}:{seat}", ())
        else:
            rest += piles.get(name, ())
    used = set(deck[:pos]) | set(rest)
    rest += [c for c in pack if c not in used]
    deck[pos:] = rest
    return [BITS[c] for c in deck]


def at_play(rules: CompiledRules, hands: Sequence[Sequence[int]], trick: Sequence[int],
            leader: int, mode: int) -> Game:
    """A game in the middle of play: the hands left, the open trick (cards in play order
    from `leader`), and the mode (-1: no trump set yet). Every seat plays; nobody is asked
    about Weis; the rule file's hand invariants do not apply to a part of a hand. In a mode
    the rule file defines (Slalom) the open trick is the hand's first: its schedule counts
    the tricks from there."""
    n = rules.players
    if len(hands) != n:
        raise PositionError(f"the position has {len(hands)} hands; the rules seat {n}")
    if mode >= 0 and mode not in rules.modes:
        raise PositionError(f"the rules have no tables for trump mode {mode}")
    if type(leader) is not int or not 0 <= leader < n:
        raise PositionError(f"the leader is a seat from 0 to {n - 1}, not {leader!r}")
    if len(trick) >= n:
        raise PositionError(f"an open trick holds fewer than {n} cards, not {len(trick)}")
    check_cards([c for h in hands for c in h] + list(trick))
    game = Game(rules, seed=0, check_invariants=False, start=False)
    s = game.s
    s.phase = "play"
    s.hands = [sum(BITS[c] for c in h) for h in hands]
    s.trick = list(trick)
    s.leader = leader
    s.current = (leader + len(trick)) % n
    s.mode = mode
    s.tricks, s.won = [], [0] * n
    s.table = s.playing = (1 << n) - 1  # in a position every seat plays
    for phase in game.chain.resets:
        phase.new_hand(game)
    s.dealt = s.in_hands = tuple(s.hands)
    game.chain.play.turn(game)  # a subscriber may ask the seat to play first (a mode named)
    return game
