"""Naive, independent reference implementation of Swiss Jass card play.

Written directly from the rule texts in the seed documents, without looking at the engine.
It must never import from ``jassdsl``: tests use it as an oracle for the engine.

Cards are strings suit+rank as in the HSLU jass-kit: "DA", "H10", "C6".
Modes: a suit letter (that suit is trump), "obenabe", "undenufe", or None (no trump yet,
cards rank as in obenabe).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SUITS = ["D", "H", "S", "C"]
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]

Mode = str | None
Chooser = Callable[[int, list[str], dict[str, Any]], str]


def deck() -> list[str]:
    """All 36 cards; index = suit_index * 9 + rank_index."""
    cards = []
    for suit in SUITS:
        for rank in RANKS:
            cards.append(suit + rank)
    return cards


# The words a pack line may take out (the rule language's reference, "The pack"): a rank in
# the plural, a suit, or one card by its code.
RANK_WORDS = dict(zip(("aces", "kings", "queens", "jacks", "tens", "nines", "eights", "sevens",
                       "sixes"), RANKS, strict=True))
SUIT_WORDS = dict(zip(("diamonds", "hearts", "spades", "clubs"), SUITS, strict=True))


def pack(without: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The cards a game is played with: the 36 less what `without` names (``sixes``,
    ``spades``, ``H6``), in deck order."""
    out = []
    for card in deck():
        gone = any(RANK_WORDS.get(w) == rank_of(card) or SUIT_WORDS.get(w) == suit_of(card)
                   or w == card for w in without)
        if not gone:
            out.append(card)
    return out


def pack_of_text(text: str) -> list[str]:
    """The pack a rule file's text names on its `pack: without A, B and C` line (the 36
    cards without one), read from the text as a player reads it."""
    for line in text.splitlines():
        words = line.split("#")[0].replace(",", " ").split()
        if words[:2] == ["pack:", "without"]:
            return pack([w for w in words[2:] if w != "and"])
    return deck()


def suit_of(card: str) -> str:
    """The suit letter of a card."""
    return card[0]


def rank_of(card: str) -> str:
    """The rank part of a card ("A", "10", ...)."""
    return card[1:]


def is_trump_mode(mode: Mode) -> bool:
    """True when the mode names a trump suit."""
    return mode in SUITS


def rank_order(mode: Mode, suit: str) -> list[str]:
    """Ranks of ``suit`` from highest to lowest under ``mode``."""
    if mode == "undenufe":
        return ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    if is_trump_mode(mode) and suit == mode:
        return ["J", "9", "A", "K", "Q", "10", "8", "7", "6"]
    # side suit of a trump game, obenabe, or no trump chosen yet
    return ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]


def strength(card: str, mode: Mode) -> int:
    """Bigger number = stronger card, only meaningful within one suit."""
    order = rank_order(mode, suit_of(card))
    return len(order) - order.index(rank_of(card))


def card_points(card: str, mode: Mode, undenufe_six_is_11: bool = False) -> int:
    """Card points of one card when the hand is counted under ``mode``."""
    rank = rank_of(card)
    if is_trump_mode(mode) and suit_of(card) == mode:
        trump_table = {"J": 20, "9": 14, "A": 11, "K": 4, "Q": 3, "10": 10}
        return trump_table.get(rank, 0)
    side_table = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10}
    if is_trump_mode(mode):
        return side_table.get(rank, 0)
    # no trump at all: the eights are worth 8 to make up for the missing Puur and Naell
    no_trump_table = dict(side_table)
    no_trump_table["8"] = 8
    if mode == "undenufe" and undenufe_six_is_11:
        no_trump_table["A"] = 0
        no_trump_table["6"] = 11
    return no_trump_table.get(rank, 0)


def trick_winner(cards: list[str], mode: Mode) -> int:
    """Index (in play order) of the card that takes the trick."""
    trumps = []
    if is_trump_mode(mode):
        trumps = [i for i, c in enumerate(cards) if suit_of(c) == mode]
    if trumps:
        candidates = trumps
    else:
        led = suit_of(cards[0])
        candidates = [i for i, c in enumerate(cards) if suit_of(c) == led]
    best = candidates[0]
    for i in candidates:
        if strength(cards[i], mode) > strength(cards[best], mode):
            best = i
    return best


def undertrump_exception(regime: str, hand: list[str], led: str, trump: str) -> bool:
    """May this hand play a trump lower than one already in a side-suit trick?"""
    if regime == "strict":
        # purely positive games: only when nothing but trumps is left in the hand
        return all(suit_of(c) == trump for c in hand)
    # negative / mixed games: whenever the hand has no card of the led suit
    return not any(suit_of(c) == led for c in hand)


def legal_cards(
    hand: list[str], trick: list[str], mode: Mode, regime: str, puur_exempt: bool = True
) -> list[str]:
    """Cards of ``hand`` that may be played onto ``trick`` (in hand order).

    ``regime`` is "strict" (purely positive games) or "weak" (negative / mixed games) and
    only affects playing a lower trump after someone already trumped a side-suit lead.
    """
    if regime not in ("strict", "weak"):
        raise ValueError(f"unknown regime {regime!r}")
    if not trick:
        return list(hand)  # the leader may lead anything
    led = suit_of(trick[0])
    of_led_suit = [c for c in hand if suit_of(c) == led]

    if mode is None or not is_trump_mode(mode):
        # no trump: follow suit when possible, otherwise free choice
        if of_led_suit:
            return of_led_suit
        return list(hand)

    trump = mode
    my_trumps = [c for c in hand if suit_of(c) == trump]

    if led == trump:
        # trump led: must play trump if any; no need to beat anything
        if not my_trumps:
            return list(hand)
        if puur_exempt and my_trumps == [trump + "J"]:
            return list(hand)  # the Puur alone is never forced out
        return my_trumps

    # a side suit was led
    allowed = list(hand)  # void in the led suit: free choice (before the undertrump check)
    if of_led_suit:
        allowed = [c for c in hand if suit_of(c) in (led, trump)]  # follow or trump

    trumps_in_trick = [c for c in trick if suit_of(c) == trump]
    if not trumps_in_trick:
        return allowed
    highest = max(strength(c, trump) for c in trumps_in_trick)
    exception = undertrump_exception(regime, hand, led, trump)

    result = []
    for card in allowed:
        is_under_trump = suit_of(card) == trump and strength(card, trump) < highest
        if is_under_trump and not exception:
            continue  # undertrumping is forbidden here
        result.append(card)
    assert result, "the rules should always leave at least one playable card"
    return result


def hand_points(
    tricks_by_player: list[list[list[str]]],
    mode: Mode,
    last_trick_winner: int,
    undenufe_six_is_11: bool = False,
) -> list[int]:
    """Card points per player (all won tricks under ``mode``) plus 5 for the last trick."""
    totals = []
    for player, tricks in enumerate(tricks_by_player):
        total = 0
        for trick in tricks:
            for card in trick:
                total += card_points(card, mode, undenufe_six_is_11)
        if player == last_trick_winner:
            total += 5
        totals.append(total)
    return totals


def _play(
    hands: list[list[str]],
    leader: int,
    mode: Mode,
    regime: str,
    choose: Chooser,
    puur_exempt: bool,
    first_void_sets_trump: bool,
    undenufe_six_is_11: bool,
    in_play: list[int] | None = None,
    trick_modes: list[Mode] | None = None,
    name_mode: Callable[[int, dict[str, Any]], str] | None = None,
    face_down: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    """Shared loop for ``play_hand``, ``play_first_void_hand`` and ``play_wish_hand``.

    ``in_play``: the seats taking part (default all); the others sit out, and a trick
    has one card of each seat taking part, in seat order from the leader.
    ``trick_modes``: the mode of each trick in turn (Slalom, Guschti); the cards are
    then counted under ``mode``.
    ``face_down``: per seat, its table cards lying face down, by the face-up card on each
    (see `table_hands`); the face-up ones are in ``hands``."""
    hands = [list(h) for h in hands]  # never touch the caller's lists
    under = [dict(d) for d in face_down] if face_down is not None else [{} for _ in hands]
    n = len(hands)
    seats = sorted(in_play) if in_play is not None else list(range(n))

    def after(seat: int) -> int:
        """The next seat taking part, counter-clockwise (the next index round the table)."""
        later = [s for s in seats if s > seat]
        return later[0] if later else seats[0]

    tricks_by_player: list[list[list[str]]] = [[] for _ in range(n)]
    history: list[dict[str, Any]] = []
    last_winner = leader
    for number in range(len(hands[leader]) + len(under[leader])):
        trick: list[str] = []
        order: list[int] = []
        player = leader
        here = trick_modes[number] if trick_modes is not None else mode  # this trick's mode
        for _ in range(len(seats)):
            void = bool(trick) and not any(suit_of(c) == suit_of(trick[0]) for c in hands[player])
            if name_mode is not None and mode is None and void:
                # the first player who cannot follow names the mode before the card
                mode = here = name_mode(player, {"hand": list(hands[player]),
                                                 "trick": list(trick)})
            legal = legal_cards(hands[player], trick, here, regime, puur_exempt)
            state = {
                "hand": list(hands[player]),
                "trick": list(trick),
                "trump": here,
                "leader": leader,
                "history": list(history),
            }
            card = choose(player, list(legal), state)
            if card not in legal:
                raise ValueError(f"player {player} chose illegal card {card!r}")
            failed_to_follow = bool(trick) and suit_of(card) != suit_of(trick[0])
            if first_void_sets_trump and mode is None and failed_to_follow:
                mode = here = suit_of(card)  # the first void discard fixes trump from now on
            hands[player].remove(card)
            if card in under[player]:  # the face-down card under it turns up
                hands[player].append(under[player].pop(card))
            trick.append(card)
            order.append(player)
            player = after(player)  # anticlockwise = next index
        winner = order[trick_winner(trick, here)]
        tricks_by_player[winner].append(trick)
        history.append({"leader": leader, "cards": trick, "winner": winner})
        leader = winner
        last_winner = winner
    points = hand_points(tricks_by_player, mode, last_winner, undenufe_six_is_11)
    return {
        "tricks": tricks_by_player,
        "trump": mode,
        "points": points,
        "last_trick_winner": last_winner,
        "history": history,
    }


def play_hand(
    hands: list[list[str]],
    leader: int,
    mode: Mode,
    regime: str,
    choose: Chooser,
    puur_exempt: bool = True,
    undenufe_six_is_11: bool = False,
    in_play: list[int] | None = None,
    trick_modes: list[Mode] | None = None,
) -> dict[str, Any]:
    """Play out a whole hand with a fixed mode (``in_play``: the seats taking part;
    ``trick_modes``: the mode of each trick where it changes by trick, see `slalom`).

    ``choose(player, legal_cards, state)`` returns the card to play. The result has keys
    "tricks" (per player, won tricks in play order), "trump", "points" (per player, with
    5 for the last trick), "last_trick_winner" and "history".
    """
    return _play(hands, leader, mode, regime, choose, puur_exempt, False, undenufe_six_is_11,
                 in_play, trick_modes)


# --- table cards (rules/zweierjass.jass, source R): each player lays some dealt cards face
# down in a row with a face-up card on each; the face-up cards are played as cards of the
# hand (following suit over both), a face-down one turns up when the card on it is played.
def table_hands(dealt: list[list[str]], laid: list[tuple[list[str], list[str]]]
                ) -> tuple[list[list[str]], list[dict[str, str]]]:
    """The cards each seat may play as play begins (dealt, less the face-down ones) and,
    per seat, its face-down cards by the face-up card lying on each."""
    hands = [[c for c in h if c not in downs] for h, (downs, _) in zip(dealt, laid, strict=True)]
    return hands, [dict(zip(ups, downs, strict=False)) for downs, ups in laid]


def play_table_hand(dealt: list[list[str]], laid: list[tuple[list[str], list[str]]],
                    leader: int, mode: Mode, regime: str, choose: Chooser,
                    puur_exempt: bool = True) -> dict[str, Any]:
    """Play out a hand with table cards (see `table_hands`) in a fixed mode."""
    hands, face_down = table_hands(dealt, laid)
    return _play(hands, leader, mode, regime, choose, puur_exempt, False, False,
                 face_down=face_down)


def slalom(first: str, tricks: int = 9) -> list[Mode]:
    """Slalom: the tricks alternate between Obenabe and Undenufe, the first in `first`."""
    other = "undenufe" if first == "obenabe" else "obenabe"
    return [first if k % 2 == 0 else other for k in range(tricks)]


def guschti(first: str, then: str, count: int, tricks: int = 9) -> list[Mode]:
    """Guschti: the first `count` tricks in `first`, the rest in `then`."""
    return [first if k < count else then for k in range(tricks)]


def play_first_void_hand(hands: list[list[str]], leader: int, choose: Chooser) -> dict[str, Any]:
    """Play a hand where trump is unknown until someone first fails to follow suit.

    Used by Mittlere, Molotow and Plus-Minus: no trump and obenabe ranks at first; the
    first card played by a player void in the led suit makes its suit trump at once (in
    that very trick) and for the rest of the hand. Weak undertrump regime, Puur exempt.
    Points are counted at the end with the final trump (None -> no-trump table).
    """
    return _play(hands, leader, None, "weak", choose, True, True, False)


def play_wish_hand(hands: list[list[str]], leader: int, choose: Chooser,
                   name_mode: Callable[[int, dict[str, Any]], str]) -> dict[str, Any]:
    """Play a Wunsch-Molotow hand: as `play_first_void_hand`, but the first player who
    cannot follow names the mode (``name_mode(player, state)``: a suit letter, "obenabe"
    or "undenufe") before choosing a card, and that card is already played in it. Weak
    undertrump regime, Puur exempt; points with the named mode (None: never named, the
    no-trump table)."""
    return _play(hands, leader, None, "weak", choose, True, False, False,
                 name_mode=name_mode)


# --- Weis (common rules, G): the big table and the small one, four nines optional --------
SEQUENCE_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]
BIG_SEQUENCES = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
SMALL_SEQUENCES = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 100, 9: 100}  # five or more: 100
FOUR_OF_A_KIND = {"J": 200, "9": 150, "A": 100, "K": 100, "Q": 100, "10": 100}


def weis_value(cards: list[str], table: str = "big", four_nines: bool = True,
               undenufe_six: bool = False) -> int:
    """What a declared combination is worth in the big or small table; 0 if it is none.

    undenufe_six: the hand is played Undenufe under the house rule of the Six counting 11;
    then four Sixes instead of four Aces are the Weis of 100 (G, Varianten)."""
    ranks = [rank_of(c) for c in cards]
    if len(cards) == 4 and len(set(ranks)) == 1:
        if ranks[0] == "9" and not four_nines:
            return 0
        if undenufe_six and ranks[0] in ("A", "6"):
            return 100 if ranks[0] == "6" else 0
        return FOUR_OF_A_KIND.get(ranks[0], 0)
    if len({suit_of(c) for c in cards}) != 1 or len(cards) < 3:
        return 0
    places = sorted(SEQUENCE_ORDER.index(r) for r in ranks)
    if places != list(range(places[0], places[0] + len(places))):
        return 0
    return (BIG_SEQUENCES if table == "big" else SMALL_SEQUENCES)[len(cards)]


def weis_rank(cards: list[str], mode: Mode, table: str = "big", four_nines: bool = True,
              undenufe_six: bool = False) -> tuple[int, int, int, int, int]:
    """Orders Weise from worst to best, as the common rules list them."""
    value = weis_value(cards, table, four_nines, undenufe_six)
    ranks = [rank_of(c) for c in cards]
    is_sequence = len(set(ranks)) > 1
    places = [SEQUENCE_ORDER.index(r) for r in ranks]
    top = max(places) if mode == "undenufe" else -min(places)
    in_trump = is_sequence and suit_of(cards[0]) == mode
    return (value, int(is_sequence), len(cards) if is_sequence else 0, top, int(in_trump))


def best_weis_seat(declared: list[list[list[str]]], order: list[int], mode: Mode,
                   table: str = "big", four_nines: bool = True,
                   undenufe_six: bool = False) -> int:
    """The seat with the best single Weis; at a full tie the one that plays first."""
    best, best_rank = -1, None
    for seat in order:
        for cards in declared[seat]:
            rank = weis_rank(cards, mode, table, four_nines, undenufe_six)
            if best_rank is None or rank > best_rank:
                best, best_rank = seat, rank
    return best


# --- Weis and Stöck lying on the table (Misère Molotow, A) ----------------------------------
def table_weis(cards: list[str], four_nines: bool = False) -> int:
    """The Weise the cards of one trick form, worth as in the big table: four cards of one
    rank (four nines only where allowed), or three or more cards of one suit in unbroken
    order (A K Q J 10 9 8 7 6)."""
    ranks = [rank_of(c) for c in cards]
    if len(cards) == 4 and len(set(ranks)) == 1:
        return 0 if ranks[0] == "9" and not four_nines else FOUR_OF_A_KIND.get(ranks[0], 0)
    total = 0
    for suit in SUITS:
        places = sorted(SEQUENCE_ORDER.index(rank_of(c)) for c in cards if suit_of(c) == suit)
        run = 1
        for a, b in zip(places, [*places[1:], 99][:len(places)], strict=True):
            if b == a + 1:
                run += 1
                continue
            total += BIG_SEQUENCES.get(run, 0)
            run = 1
    return total


def table_stoeck(tricks: list[list[str]], trump: Mode) -> list[bool]:
    """Per trick: trump King and Queen lie in it, and trump was made in this trick or an
    earlier one (trump is made by the first card that does not follow the suit led)."""
    made = next((i for i, t in enumerate(tricks) if len({suit_of(c) for c in t}) > 1),
                len(tricks))
    if trump not in SUITS:
        return [False] * len(tricks)
    return [i >= made and {f"{trump}K", f"{trump}Q"} <= set(t) for i, t in enumerate(tricks)]


# --- the scoresheet (Coiffeur: Swisslos, jassverzeichnis.ch) -------------------------------
# Each team (or player) has a sheet of columns and plays each exactly once. The player asked
# (forehand first) takes an open column of their own sheet, or pushes: on to the next player
# (to the right, as play goes) until it comes back to the first, who must then choose; or
# once to the partner across. A player whose sheet is full is passed over.
def sheet_open(columns: list[str], played: set[str]) -> list[str]:
    """The columns still open on a sheet, in the sheet's order."""
    return [c for c in columns if c not in played]


def next_open_seat(players: int, seat: int, has_open: Callable[[int], bool]) -> int:
    """The first seat after `seat` (to its right) whose sheet has an open column, or seat."""
    for i in range(1, players + 1):
        x = (seat + i) % players
        if has_open(x):
            return x
    return seat


def sheet_first_asked(players: int, dealer: int, has_open: Callable[[int], bool]) -> int:
    """Forehand, or the first after forehand whose sheet is not full."""
    return next_open_seat(players, dealer, has_open)


def sheet_push_to(players: int, seat: int, first: int, pushes: int, how: str,
                  has_open: Callable[[int], bool]) -> int | None:
    """Where a push from `seat` goes (how: 'next' or 'partner'), or None if it may not."""
    if how == "next":
        if seat == first and pushes > 0:
            return None
        to = next_open_seat(players, seat, has_open)
        return to if to != seat else None
    if how == "partner" and pushes == 0:
        to = (seat + 2) % players
        return to if has_open(to) else None
    return None


def sheet_choices(columns: list[str], played: set[str], may_push: bool) -> list[str]:
    """The choices of the player asked: 'column NAME' for each open column, and 'push'."""
    return [f"column {c}" for c in sheet_open(columns, played)] + (["push"] if may_push else [])


# --- the auction (Sticheln: Allmedias; Bieter: jassonkel.ch, jassverzeichnis.ch) ------------
# From forehand each player in turn bids higher than the highest bid or passes. Without
# final passes it ends when the others have passed in a row after the highest bid; with
# them (Bieter: who passed "darf nachträglich nicht mehr bieten") a player who passed is not
# asked again and it ends when all but the highest bidder have passed. With final passes
# after a bid only (jassonkel.ch: who says "fort" before the first bid may bid later), a
# pass said while there is no bid yet does not count as final. The highest value ends it
# at once; when everybody passes without a bid, the cards are dealt anew.
def auction_turn(players: int, forehand: int, calls: list[tuple[int, int | None]],
                 values: list[int], final: bool,
                 after_bid: bool = False) -> tuple[int, list[int | None]] | None:
    """Who is asked next and what they may say (bids, None for a pass), or None when the
    auction of this deal is over. `calls`: (seat, bid or None for a pass) so far;
    `after_bid`: only a pass once there is a bid is final."""
    seat, best, bidder, in_row, passed = forehand, None, None, 0, set()
    for who, bid in calls:
        assert who == seat, f"seat {who} bid out of turn (expected {seat})"
        if bid is None:
            if bidder is not None or not after_bid:
                passed.add(who)
            in_row += 1
        else:
            assert bidder is None or bid > best, "a bid must be higher"
            best, bidder, in_row = bid, who, 0
        seat = (who + 1) % players
        while final and seat in passed and len(passed) < players:
            seat = (seat + 1) % players
    if bidder is None and in_row == players:
        return None  # everybody passed: dealt anew
    if bidder is not None and (best == max(values) or in_row == players - 1 or (
            final and passed | {bidder} == set(range(players)))):
        return None
    return seat, [v for v in values if best is None or v > best] + [None]


def konter_turn(players: int, forehand: int, chooser: int,
                calls: list[tuple[int, str, int]]) -> tuple[int, str] | None:
    """Konter and Re in a game of two teams sitting across (seat % 2): after trump, from
    forehand on, each player of the team without the chooser is asked whether to double
    until one has; after a double, each player of the chooser's team, from forehand on,
    whether to redouble until one has. `calls`: (seat, "double" | "redouble", 0 or 1) so
    far in the hand. The seat asked next and for what, or None when nobody is."""
    said = {(seat, kind): value for seat, kind, value in calls}
    order = [(forehand + i) % players for i in range(players)]
    for kind, side in (("double", 1 - chooser % 2), ("redouble", chooser % 2)):
        if kind == "redouble" and not any(v for (_, k), v in said.items() if k == "double"):
            return None
        for seat in order:
            if seat % 2 != side:
                continue
            if any(v for (_, k), v in said.items() if k == kind):
                break
            if (seat, kind) not in said:
                return seat, kind
    return None


# --- the talon and one against the rest (Dreier-Bieter: jassverzeichnis.ch) -------------------
# Ten cards each, six on the table. The highest bidder takes the six up and lays six away;
# in the file's decision they count for the bidder as if taken in a trick, so a hand is
# still worth 157. The bidder then plays alone, and the other two form one party: what
# they take is added up, and the party that takes every trick has the match.
def talon_hand(hand: list[str], talon: list[str], laid: list[str]) -> list[str]:
    """The bidder's hand as play begins: the talon taken up, the laid-away cards out
    (each laid-away card was in the hand or in the talon)."""
    held = hand + talon
    assert len(laid) == len(talon) and all(c in held for c in laid), "laid away unheld cards"
    return [c for c in held if c not in laid]


def one_against_rest(points: list[int], tricks: list[int], alone: int, laid: int,
                     match: int) -> list[int]:
    """Per player, what its party made: the player alone its own points and the laid-away
    cards' points, each of the others the two's points added up; a party that took every
    trick adds the match bonus."""
    mine = points[alone] + laid
    theirs = sum(p for seat, p in enumerate(points) if seat != alone)
    all_tricks = sum(tricks)
    if tricks[alone] == all_tricks:
        mine += match
    elif tricks[alone] == 0:
        theirs += match
    return [mine if seat == alone else theirs for seat in range(len(points))]
# --- bids naming the mode, and a Kontra ending the auction (Sidi Barrani: jassverzeichnis.ch,
# pagat.com via a copy) -----------------------------------------------------------------------
# A bid is a number and a mode; it beats the highest bid by its number alone. From forehand
# each player in turn bids, passes, or (a player of the team without the highest bidder,
# once there is a bid) says Kontra, which ends the auction at once. It also ends when the
# three others have passed in a row after the highest bid. The highest number does not end
# it at once: pagat.com lets an opponent double a bid, any bid, so after it the others are
# still asked, to say Kontra or pass (the file's decision, as the text says no exception).
Call = tuple[int, str, int | None, str | None]  # seat, "bid" | "pass" | "kontra", number, mode


def mode_auction_turn(players: int, forehand: int, calls: list[Call], numbers: list[int],
                      modes: list[str]) -> tuple[int, list[tuple[str, int | None, str | None]]] | None:
    """Who is asked next and what they may say, as (kind, number, mode): every bid with a
    higher number in every mode, a Kontra where allowed, a pass; None when the auction of
    this deal is over (a Kontra, three passes after a bid, or four passes)."""
    seat, best, bidder, in_row = forehand, None, None, 0
    for who, kind, number, _ in calls:
        assert who == seat, f"seat {who} called out of turn (expected {seat})"
        if kind == "kontra":
            assert bidder is not None and who % 2 != bidder % 2, "only an opponent says Kontra"
            return None
        if kind == "pass":
            in_row += 1
        else:
            assert number is not None and (best is None or number > best), "a higher number"
            best, bidder, in_row = number, who, 0
        seat = (who + 1) % players
    if bidder is None and in_row == players:
        return None  # everybody passed: dealt anew
    if bidder is not None and in_row == players - 1:
        return None
    says: list[tuple[str, int | None, str | None]] = [
        ("bid", n, m) for n in numbers if best is None or n > best for m in modes]
    if bidder is not None and seat % 2 != bidder % 2:
        says.append(("kontra", None, None))
    return seat, [*says, ("pass", None, None)]


def re_turn(players: int, forehand: int, bidder: int, kontra: bool,
            calls: list[tuple[int, int]]) -> int | None:
    """After a Kontra, the bidding team may answer Re: its players from forehand on are
    asked until one says yes. `calls`: (seat, 0 or 1) so far. The seat asked next, or None."""
    if not kontra or any(yes for _, yes in calls):
        return None
    asked = {seat for seat, _ in calls}
    for i in range(players):
        seat = (forehand + i) % players
        if seat % 2 == bidder % 2 and seat not in asked:
            return seat
    return None


def sidi_written(bid: int, made: int, bidders: int, others: int, factor: int) -> tuple[int, int]:
    """What the bidding team and its opponents write (jassverzeichnis.ch's table): the
    bidders write the bid on top when their card points reach it, else the opponents do;
    `bidders`, `others`: card points with Weis and Stöck; all times the Kontra's factor."""
    if made >= bid:
        return (bid + bidders) * factor, others * factor
    return bidders * factor, (bid + others) * factor


# --- Bock rounds (a club house rule: rules/schieber-bock.jass) -----------------------------
# After a match the next round of four hands counts double; a match in a Bock hand adds a
# round to the Bock hands left after it. Each game starts without Bock.
def bock_after(left: int, match: bool, length: int = 4) -> int:
    """The Bock hands left for the next hand, after a hand played with `left` of them."""
    after = left - 1 if left > 0 else 0  # a Bock hand was played
    return after + length if match else after


def bock_factor(left: int) -> int:
    """A hand played during Bock counts double."""
    return 2 if left > 0 else 1


# --- cards passed before play (a house rule of trick-avoiding games; rules/
# schaufeldame-weitergeben.jass says it): right after the deal each player passes N cards,
# to the left (the seat before it: play goes to the right, forehand is the dealer's right),
# to the right, across, or in turn (left, right, across, hand after hand). All pass at
# once, so nobody passes on a card received.
def passing_way(way: str, hand_number: int) -> str:
    """Where the cards go in the hand of this number (from 1)."""
    return ["left", "right", "across"][(hand_number - 1) % 3] if way == "in turn" else way


def passed_hands(hands: list[list[str]], passes: list[list[str]], way: str) -> list[list[str]]:
    """The hands as play begins: each player's passed cards out, and in the receiver's."""
    n = len(hands)
    step = {"left": -1, "right": 1, "across": n // 2}[way]
    assert all(c in hands[s] for s in range(n) for c in passes[s]), "passed unheld cards"
    assert len({len(p) for p in passes}) == 1, "everybody passes as many"
    out = [[c for c in hands[s] if c not in passes[s]] for s in range(n)]
    for s in range(n):
        out[(s + step) % n] += passes[s]
    return out
