"""The compiled hand: deal, trump, declarations, Weis and Stöck, and every card, for many
games in one call, from the arrays of `tables` and each game's two generators.

The draws are the engine's, in its order (see `playout`): the deal shuffles with the
game's chance (`shuffle_deck`), a trump drawn at the deal draws from it too (`randrange(4)`);
every decision of a seat takes option ``(b * k) >> 32`` of its k legal options from the
policy's generator (nothing drawn where k = 1), the options ordered as `Game.legal_actions`
lists them: the trump choices then the push, a declaration's values, Weis yes before no
(asked before a seat's first card, only where it holds one), cards lowest first.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from jassdsl.fast.twister import below, bits, choose, no_refs

WEIS_SCRATCH = 23  # the slots of `weis_of`'s out: 3 answers, 10 + 10 scratch
SUIT = np.array([511 << (9 * s) for s in range(4)], np.int64)
BIT_LENGTH = np.array([n.bit_length() for n in range(37)], np.int64)  # of 0..36


@njit(cache=True, inline="always")
def popcount(x: int) -> Any:
    """The number of set bits of 0 <= x < 2**62 (the SWAR sum, no loop). The bytes are
    added by shifts, not by the multiply that overflows: numba's signed multiply may not
    overflow, and where the draws are inlined beside it LLVM made wrong code of it."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


@njit(cache=True, inline="always")
def lowest(x: int) -> Any:
    """The index of the lowest set bit of x > 0."""
    return popcount((x & -x) - 1)


@njit(cache=True, inline="always")
def follow(hand: int, led: int, top: int, row: int, f_trump: np.ndarray, f_lower: np.ndarray,
           f_keep: np.ndarray, with_trumps: int, strict: int) -> Any:
    """`compile.play`'s regime (`follow_plain` in row 0, `_trump_rule` otherwise)."""
    # unsigned indices (all >= 0): numba fixes up no negative one
    led_cards = hand & SUIT[np.uint64(led)]
    trump = f_trump[np.uint64(row)]
    if trump < 0:
        return led_cards if led_cards else hand
    trumps = hand & SUIT[np.uint64(trump)]
    if led == trump:
        return trumps if trumps & f_keep[np.uint64(row)] else hand
    if not led_cards:
        allowed = hand
    elif with_trumps:
        allowed = led_cards | trumps
    else:
        allowed = led_cards
    lower = trumps & f_lower[np.uint64(row), np.uint64(top)]
    if not lower:
        return allowed
    if strict:
        if hand == trumps:
            return allowed
    elif not led_cards:
        return allowed
    return allowed & ~lower


@njit(cache=True, inline="always")
def trick_top(beats: np.ndarray, beat: int, trick: np.ndarray, i: int, seats: np.ndarray
              ) -> Any:
    """The open trick's top card and its winner, decided anew in the mode just set (a
    first void that sets or names it): its first `i` cards, played by `seats`."""
    top, win = trick[0], seats[0]
    for t in range(1, i):
        if beats[beat, top, trick[t]]:
            top = trick[t]
            win = seats[t]
    return top, win


@njit(cache=True, inline="always")
def next_in(players: int, seat: int, among: int) -> Any:
    """The first seat after `seat` (to its right) in the bitmask `among`, or -1
    (`core.deal.next_seat`)."""
    for i in range(1, players + 1):
        x = (seat + i) % players
        if (among >> x) & 1:
            return x
    return -1


@njit(cache=True, inline="always")
def weis_of(hand: int, row: int, w_val: np.ndarray, w_key: np.ndarray, w_num: np.ndarray,
            w_four: np.ndarray, w_fval: np.ndarray, w_fkey: np.ndarray, reuse: int,
            out: np.ndarray) -> None:
    """The most valuable set of Weise in a hand (`weis.hand_weise`): out = value, best key,
    how many (out has WEIS_SCRATCH slots: the rest is this call's scratch, so that a call
    allocates nothing)."""
    held = out[3:13]
    n = 0
    j = 0
    while j < 10 and w_four[row, j] >= 0:
        rank = w_four[row, j]
        mask = (1 << rank) | (1 << (rank + 9)) | (1 << (rank + 18)) | (1 << (rank + 27))
        if hand & mask == mask:
            held[n] = j
            n += 1
        j += 1
    if n == 0 or reuse:
        val, key, num = 0, -1, 0
        for s in range(4):
            c = (hand >> (9 * s)) & 511
            val += w_val[row, s, c]
            num += w_num[row, s, c]
            key = max(key, w_key[row, s, c])
        for i in range(n):
            val += w_fval[row, held[i]]
            key = max(key, w_fkey[row, held[i]])
            num += 1
        out[0], out[1], out[2] = val, key, num
        return
    best_val, best_key, best_num = -1, -1, 0
    idx = out[13:23]
    for k in range(n + 1):
        for i in range(k):
            idx[i] = i
        while True:
            used = 0
            val, key, num = 0, -1, k
            for i in range(k):
                f = held[idx[i]]
                used |= 1 << w_four[row, f]
                val += w_fval[row, f]
                key = max(key, w_fkey[row, f])
            for s in range(4):
                c = ((hand >> (9 * s)) & 511) & ~used
                val += w_val[row, s, c]
                num += w_num[row, s, c]
                key = max(key, w_key[row, s, c])
            if val > best_val:
                best_val, best_key, best_num = val, key, num
            i = k - 1
            while i >= 0 and idx[i] == n - k + i:
                i -= 1
            if i < 0:
                break
            idx[i] += 1
            for t in range(i + 1, k):
                idx[t] = idx[t - 1] + 1
    out[0], out[1], out[2] = best_val, best_key, best_num


@no_refs
def sheet_push(g: int, seat: int, first: int, pushes: int, players: int, push: int,
               sheet_of: np.ndarray, played: np.ndarray, full: int) -> Any:
    """Where a push from `seat` goes (`trump.push_target`), -1: no push: on to the next
    seat that can choose until it comes back to the first (push 2), or once to the
    partner across (push 1)."""
    if push == 2 and not (seat == first and pushes):
        nxt = seat
        for _ in range(players):
            nxt = (nxt + 1) % players
            if played[g, sheet_of[nxt]] != full:
                break
        return nxt if nxt != seat else -1
    if push == 1 and not pushes:
        nxt = (seat + 2) % players
        return nxt if played[g, sheet_of[nxt]] != full else -1
    return -1


@njit(cache=True)
def sheet_choice(q: np.ndarray, g: int, forehand: int, players: int, push: int,
                 col_modes: np.ndarray, col_count: np.ndarray, col_free: np.ndarray,
                 sheet_of: np.ndarray, played: np.ndarray) -> Any:
    """The scoresheet's choice (`mechanisms.sheet.SheetChoice`): from forehand, passing
    over full sheets, a seat takes an open column of its sheet (file order) or pushes on
    to the next seat that can choose (until it comes back to the first, who must choose);
    a free column's player then names one of its modes. Returns (mode, chooser, pusher,
    column)."""
    n_cols = col_count.shape[0]
    full = (1 << n_cols) - 1
    seat = forehand
    for _ in range(players):
        if played[g, sheet_of[seat]] != full:
            break
        seat = (seat + 1) % players
    first = seat
    pushes = 0
    pusher = -1
    opened = np.empty(n_cols, np.int64)
    while True:
        k = 0
        for c in range(n_cols):
            if not (played[g, sheet_of[seat]] >> c) & 1:
                opened[k] = c
                k += 1
        target = sheet_push(g, seat, first, pushes, players, push, sheet_of, played, full)
        pick = choose(q, k + (1 if target >= 0 else 0))
        if pick == k:  # the push
            pushes += 1
            if pusher < 0:
                pusher = seat
            seat = target
            continue
        column = opened[pick]
        played[g, sheet_of[seat]] |= 1 << column
        mode = col_modes[column, 0]
        if col_free[column]:
            mode = col_modes[column, choose(q, col_count[column])]
        return mode, seat, pusher, column


@njit(cache=True, inline="always")
def shuffle(c: np.ndarray, deck: np.ndarray) -> None:
    """The deck shuffled with the chance's generator (`core.deal.shuffle_deck`)."""
    for i in range(36):
        deck[i] = i
    for i in range(35, 0, -1):
        k = BIT_LENGTH[i + 1]
        j = bits(c, k)
        while j > i:
            j = bits(c, k)
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t


@njit(cache=True)
def deal_table(c: np.ndarray, dealer: int, players: int, table: int, each: int,
               packet: int, deal_at: np.ndarray, piles: np.ndarray, n_piles: int, kind: int,
               fallback: int, deck: np.ndarray, hands: np.ndarray, dealt: np.ndarray,
               pile: np.ndarray, own_pile: int, own: np.ndarray, out: np.ndarray) -> None:
    """The deal among the seats at the table (`engine.dealing.Deal`): from forehand, the
    cards left over laid as the file's piles (`core.deal.split_piles`; pile `own_pile`
    once for each seat at the table, from forehand, into `own`), trump set at the
    deal: drawn, the bottom card (the dealer's last), or turned from the first of the
    file's piles that has cards (`piles.Piles.lay`), else the bottom card shown.
    out = mode, turned card (-1: none), bottom card."""
    shuffle(c, deck)
    m = popcount(table)
    for seat in range(players):
        hands[seat] = 0
        dealt[seat] = 0
    seat = next_in(players, dealer, table)
    for i in range(m):
        h = 0
        for e in range(each):
            h |= 1 << deck[deal_at[m, i, e]]
        hands[seat] = h
        dealt[seat] = h
        seat = next_in(players, seat, table)
    pos = each // packet * packet * m
    bottom = deck[pos - 1]
    start = pos
    for seat in range(players):
        own[seat] = 0
    for j in range(n_piles):
        size = piles[j]
        if j == own_pile:  # a pile of its size for each seat at the table
            pile[j] = 0
            pile[4 + j] = -1
            seat = next_in(players, dealer, table)
            for _ in range(m):
                end = min(start + size, 36)
                mask = 0
                for x in range(start, end):
                    mask |= 1 << deck[x]
                own[seat] = mask
                start = end
                seat = next_in(players, seat, table)
            continue
        end = 36 if size < 0 else min(start + size, 36)
        mask = 0
        for x in range(start, end):
            mask |= 1 << deck[x]
        pile[j] = mask
        pile[4 + j] = deck[start] if end > start else -1  # its top card
        start = end
    mode = -1
    turned = -1
    if kind == 1:
        mode = below(c, 4)
    elif kind == 2:
        mode = bottom // 9
    elif kind == 3:
        mode = fallback
    elif kind == 7:
        for t in range(4):
            j = piles[4 + t]
            if j < 0:
                break
            if pile[4 + j] >= 0:
                turned = pile[4 + j]
                break
        mode = (turned if turned >= 0 else bottom) // 9
    out[0], out[1], out[2] = mode, turned, bottom


@njit(cache=True, inline="always")
def lay_away(q: np.ndarray, hands: np.ndarray, seat: int, cards: int) -> None:
    """The seat lays `cards` cards of its hand away, one at a time (lowest first)."""
    for _ in range(cards):
        legal = hands[seat]
        j = choose(q, popcount(legal))
        while j:
            legal &= legal - 1
            j -= 1
        hands[seat] ^= legal & -legal


@njit(cache=True)
def better(q: np.ndarray, dealer: int, players: int, table: int, cards: int,
           dealer_sees: int, hands: np.ndarray, own: np.ndarray) -> None:
    """Bettering (`mechanisms.improve.Bettering`): the dealer first where the dealer sees
    the pile (takes it, then lays as many cards away), then from forehand each seat at
    the table with an own pile takes it (lays the cards away, then the pile comes into
    the hand) or refuses it (out of play)."""
    m = popcount(table)
    seat = dealer if dealer_sees else next_in(players, dealer, table)
    for _ in range(m):
        if own[seat]:
            if dealer_sees and seat == dealer:
                hands[seat] |= own[seat]
                lay_away(q, hands, seat, cards)
            elif choose(q, 2) == 0:
                lay_away(q, hands, seat, cards)
                hands[seat] |= own[seat]
            own[seat] = 0
        seat = next_in(players, seat, table)
        if dealer_sees and seat == dealer:
            seat = next_in(players, seat, table)


@njit(cache=True)
def take_part(q: np.ndarray, dealer: int, players: int, table: int, fold_from: int,
              swap: int, hands: np.ndarray, pile: np.ndarray) -> Any:
    """Taking part (`mechanisms.take_part.TakingPart`): from forehand each seat at the
    table joins, folds (with enough at the table: its hand goes out of play) or swaps its
    hand for the file's pile (once; then plays). Returns the seats that play."""
    m = popcount(table)
    playing = 0
    seat = next_in(players, dealer, table)
    for _ in range(m):
        fold = m >= fold_from
        can_swap = swap >= 0 and pile[swap] != 0
        pick = choose(q, 1 + (1 if fold else 0) + (1 if can_swap else 0))
        if pick == 0:
            playing |= 1 << seat
        elif pick == 1 and fold:
            hands[seat] = 0
        else:
            hands[seat] = pile[swap]
            pile[swap] = 0
            playing |= 1 << seat
        seat = next_in(players, seat, table)
    return playing


@njit(cache=True)
def rob(q: np.ndarray, dealer: int, players: int, playing: int, turned: int, rank: int,
        n_piles: int, hands: np.ndarray, pile: np.ndarray) -> None:
    """Robbing (`mechanisms.rob.Robbing`): while the turned card lies on a pile, each
    seat that plays is asked in turn from forehand; one holding the trump of the file's
    rank may take the turned card for it (yes first), which ends the asking."""
    robber = turned // 9 * 9 + rank
    if robber == turned:
        return
    lying = False
    for j in range(n_piles):
        if (pile[j] >> turned) & 1:
            lying = True
    if not lying:
        return
    swap = (1 << robber) | (1 << turned)
    seat = next_in(players, dealer, playing)
    for _ in range(popcount(playing)):
        if (hands[seat] >> robber) & 1 and choose(q, 2) == 0:
            hands[seat] ^= swap
            for j in range(n_piles):
                if (pile[j] >> turned) & 1:
                    pile[j] ^= swap
            return
        seat = next_in(players, seat, playing)


@njit(cache=True, inline="always")
def deal(c: np.ndarray, dealer: int, players: int, each: int, deal_pos: np.ndarray,
         kind: int, fallback: int, deck: np.ndarray, hands: np.ndarray, dealt: np.ndarray
         ) -> Any:
    """Shuffle with the chance's generator (`core.deal.shuffle_deck`: random.shuffle's
    steps), deal from forehand, and set a trump the deal sets (drawn, the bottom card,
    the fallback); returns the mode (-1: none yet)."""
    shuffle(c, deck)
    forehand = (dealer + 1) % players
    for i in range(players):
        h = 0
        for e in range(each):
            h |= 1 << deck[deal_pos[i, e]]
        hands[(forehand + i) % players] = h
        dealt[(forehand + i) % players] = h
    if kind == 1:
        return below(c, 4)
    if kind == 2:
        return deck[35] // 9
    if kind == 3:
        return fallback
    return -1


@no_refs
def close(g: int, mode: int, players: int, each: int, forehand: int, points: np.ndarray,
          offer: np.ndarray, said: np.ndarray, dealt: np.ndarray, stoeck_bonus: int,
          o_cards: np.ndarray, o_tpoints: np.ndarray, o_said: np.ndarray,
          o_best: np.ndarray, o_stoeck: np.ndarray) -> None:
    """The hand's end: each trick's card points in the mode it settled in, the Weise
    declared (-1: none) and the seat of the best (`weis.best_seat`, in the order of the
    first trick), the seat dealt the Stöck (-1: none)."""
    trick_points(g, mode, players, each, points, o_cards, o_tpoints)
    bonuses(g, mode, players, forehand, offer, said, dealt, stoeck_bonus, o_said, o_best,
            o_stoeck)


@njit(cache=True, inline="always")
def trick_points(g: int, mode: int, width: int, each: int, points: np.ndarray,
                 o_cards: np.ndarray, o_tpoints: np.ndarray) -> None:
    """Each trick's card points (its `width` cards) in the mode the hand settled in."""
    row = mode + 1
    for k in range(each):
        p = 0
        for i in range(width):
            p += points[row, o_cards[g, k, i]]
        o_tpoints[g, k] = p


@njit(cache=True, inline="always")
def bonuses(g: int, mode: int, players: int, forehand: int, offer: np.ndarray,
            said: np.ndarray, held: np.ndarray, stoeck_bonus: int, o_said: np.ndarray,
            o_best: np.ndarray, o_stoeck: np.ndarray) -> None:
    """The Weise declared (-1: none), the seat of the best in the order from `forehand`
    (the first trick's leader), the seat whose hand `held` holds the Stöck (-1: none)."""
    best = -1
    best_key = -1
    for i in range(players):
        seat = (forehand + i) % players
        o_said[g, seat] = offer[seat, 0] if said[seat] else -1
        if said[seat] and offer[seat, 1] > best_key:
            best, best_key = seat, offer[seat, 1]
    o_best[g] = best
    holder = -1
    if stoeck_bonus and 0 <= mode < 4:
        pair = (1 << (mode * 9 + 1)) | (1 << (mode * 9 + 2))
        for seat in range(players):
            if held[seat] & pair == pair:
                holder = seat
                break
    o_stoeck[g] = holder


@njit(cache=True)
def play_hands(live: np.ndarray, cmt: np.ndarray, pmt: np.ndarray, dealer: np.ndarray,
               ints: np.ndarray, deal_pos: np.ndarray, choices: np.ndarray,
               plan_base: np.ndarray, plan_beat: np.ndarray, beats: np.ndarray,
               f_trump: np.ndarray, f_lower: np.ndarray, f_keep: np.ndarray,
               points: np.ndarray, w_has: np.ndarray, w_val: np.ndarray, w_key: np.ndarray,
               w_num: np.ndarray, w_four: np.ndarray, w_fval: np.ndarray, w_fkey: np.ndarray,
               decl_values: np.ndarray, decl_count: np.ndarray, col_modes: np.ndarray,
               col_count: np.ndarray, col_free: np.ndarray, sheet_of: np.ndarray,
               played: np.ndarray, o_mode: np.ndarray, o_chooser: np.ndarray,
               o_pusher: np.ndarray, o_column: np.ndarray, o_cards: np.ndarray,
               o_lead: np.ndarray, o_win: np.ndarray, o_tpoints: np.ndarray,
               o_won: np.ndarray, o_said: np.ndarray, o_best: np.ndarray,
               o_stoeck: np.ndarray, o_decl: np.ndarray, o_hands: np.ndarray,
               o_dealt: np.ndarray, deal_at: np.ndarray, piles: np.ndarray,
               o_table: np.ndarray, o_playing: np.ndarray, o_ntricks: np.ndarray,
               o_incards: np.ndarray, stage: int) -> None:
    """Play the next hand of every live game (slots of `ints`: see `tables`; `played`:
    per game and scoresheet, the columns played, kept from hand to hand). `stage` 0 plays
    it whole; 1 deals and sets trump only (the hands kept in `o_hands`, `o_dealt`), for
    declarations made outside (`games.Runner.declare`, into `o_decl`); 2 plays the rest.
    With the table's deal (`tables.table_dealt`): the seats at the table `o_table` (kept
    from hand to hand), the piles, taking part and robbing; out the seats that play
    (`o_playing`), the tricks played (`o_ntricks`: 0 where nobody plays) and the cards in
    play (`o_incards`)."""
    players, kind, push, fallback = ints[0], ints[1], ints[2], ints[3]
    with_trumps, strict, stoeck_bonus, reuse, each = ints[4], ints[5], ints[8], ints[9], ints[10]
    decls = ints[11]
    n_choices = choices.shape[0]
    deck = np.empty(36, np.int64)
    hands = np.empty(players, np.int64)
    dealt = np.empty(players, np.int64)
    offer = np.zeros((players, 3), np.int64)
    said = np.zeros(players, np.int64)
    trick = np.empty(players, np.int64)
    tseat = np.empty(players, np.int64)  # the seat of each card of the trick
    nxt = np.empty(players, np.int64)  # the next seat that plays
    inhand = np.empty(players, np.int64)  # the hands as play begins
    pile = np.empty(8, np.int64)
    own = np.zeros(players, np.int64)  # each seat's own pile
    tmp = np.empty(WEIS_SCRATCH, np.int64)
    tabled, n_piles, stoeck_at_play = ints[17], ints[23], ints[21]
    everybody = (1 << players) - 1
    for g in range(live.shape[0]):
        if not live[g]:
            continue
        c = cmt[g]
        q = pmt[g]
        forehand = (dealer[g] + 1) % players
        playing = everybody
        if tabled:
            deal_table(c, dealer[g], players, o_table[g], each, ints[22], deal_at, piles,
                       n_piles, kind, fallback, deck, hands, dealt, pile, ints[25], own, tmp)
            mode, turned = tmp[0], tmp[1]
            if ints[26]:
                better(q, dealer[g], players, o_table[g], ints[26], ints[27], hands, own)
            chooser = -1
            pusher = -1
            column = -1
            playing = o_table[g]
            if ints[24]:
                playing = take_part(q, dealer[g], players, playing, ints[18], ints[19],
                                    hands, pile)
            o_playing[g] = playing
            o_mode[g], o_chooser[g], o_pusher[g], o_column[g] = mode, -1, -1, -1
            if playing == 0:  # nobody plays: the hand is over before it began
                o_ntricks[g] = 0
                o_incards[g] = 0
                o_best[g] = -1
                o_stoeck[g] = -1
                for seat in range(players):
                    o_said[g, seat] = -1
                    o_won[g, seat] = 0
                continue
            if ints[20] >= 0 and turned >= 0:
                rob(q, dealer[g], players, playing, turned, ints[20], n_piles, hands, pile)
            forehand = next_in(players, dealer[g], playing)
            if kind == 0:  # forehand of those who play chooses (`trump.TrumpChoice`)
                mode = choices[choose(q, n_choices)]
                chooser = forehand
                o_mode[g], o_chooser[g] = mode, chooser
        elif stage == 2:  # trump is set, the declarations made: play on
            for seat in range(players):
                hands[seat] = o_hands[g, seat]
                dealt[seat] = o_dealt[g, seat]
            mode, chooser, pusher, column = o_mode[g], o_chooser[g], o_pusher[g], o_column[g]
        else:
            mode = deal(c, dealer[g], players, each, deal_pos, kind, fallback, deck, hands,
                        dealt)
            chooser = -1
            pusher = -1
            column = -1
        if stage == 2 or tabled:
            pass
        elif kind == 0:
            seat = forehand
            pick = choose(q, n_choices + push)
            if pick == n_choices:  # pushed to the partner across, who must choose
                pusher = seat
                seat = (forehand + 2) % players
                pick = choose(q, n_choices)
            mode = choices[pick]
            chooser = seat
        elif kind == 5:
            mode, chooser, pusher, column = sheet_choice(
                q, g, forehand, players, push, col_modes, col_count, col_free, sheet_of,
                played)
        if stage == 1:
            for seat in range(players):
                o_hands[g, seat] = hands[seat]
                o_dealt[g, seat] = dealt[seat]
            o_mode[g], o_chooser[g], o_pusher[g], o_column[g] = mode, chooser, pusher, column
            continue
        if stage == 0:
            for d in range(decls):
                for i in range(players):
                    seat = (dealer[g] + 1 + i) % players
                    o_decl[g, d, seat] = decl_values[d, choose(q, decl_count[d])]
        wrow = mode + 1
        asking = w_has[wrow] == 1
        for seat in range(players):
            said[seat] = 0
            if asking:
                weis_of(hands[seat], wrow, w_val, w_key, w_num, w_four, w_fval, w_fkey,
                        reuse, tmp)
                offer[seat, 0], offer[seat, 1], offer[seat, 2] = tmp[0], tmp[1], tmp[2]
            else:
                offer[seat, 2] = 0
        leader = chooser if ints[14] and chooser >= 0 else forehand
        width = 0
        incards = 0
        for seat in range(players):
            o_won[g, seat] = 0
            nxt[seat] = next_in(players, seat, playing)
            if (playing >> seat) & 1:
                width += 1
                incards |= hands[seat]
            inhand[seat] = hands[seat]
        o_ntricks[g] = each
        o_incards[g] = incards
        o_playing[g] = playing
        first_leader = leader
        for k in range(each):
            base = plan_base[mode + 1, k]
            beat = plan_beat[mode + 1, k]
            top = -1
            win = leader
            led = 0
            seat = leader
            for i in range(width):
                if i > 0:
                    seat = nxt[seat]
                tseat[i] = seat
                if k == 0 and offer[seat, 2] > 0 and choose(q, 2) == 0:
                    said[seat] = 1  # Weis: yes is the first option
                hand = hands[seat]
                legal = hand
                if kind == 6 and mode < 0 and i > 0 and not hand & SUIT[led]:
                    # the first void names the mode, then plays in it (`void_names`)
                    mode = choices[choose(q, n_choices)]
                    base = plan_base[mode + 1, k]
                    beat = plan_beat[mode + 1, k]
                    top, win = trick_top(beats, beat, trick, i, tseat)
                if i > 0:
                    legal = follow(hand, led, top, base, f_trump, f_lower, f_keep,
                                   with_trumps, strict)
                m = popcount(legal)
                if m > 1:
                    j = choose(q, m)
                    while j:
                        legal &= legal - 1
                        j -= 1
                card = lowest(legal)
                hands[seat] = hand ^ (1 << card)
                trick[i] = card
                if i == 0:
                    led = card // 9
                    top = card
                    continue
                if kind == 4 and mode < 0 and card // 9 != led:  # the first void sets trump
                    mode = card // 9
                    base = plan_base[mode + 1, k]
                    beat = plan_beat[mode + 1, k]
                    top, win = trick_top(beats, beat, trick, i, tseat)
                if beats[beat, top, card]:
                    top = card
                    win = seat
            o_lead[g, k] = leader
            o_win[g, k] = win
            taken = 0
            for i in range(width):
                o_cards[g, k, i] = trick[i]
                taken |= 1 << trick[i]
            o_won[g, win] |= taken
            leader = win
        trick_points(g, mode, width, each, points, o_cards, o_tpoints)
        bonuses(g, mode, players, first_leader, offer, said,
                inhand if stoeck_at_play else dealt, stoeck_bonus, o_said, o_best, o_stoeck)
        o_mode[g] = mode
        o_chooser[g] = chooser
        o_pusher[g] = pusher
        o_column[g] = column


@njit(cache=True)
def hand_facts(idx: np.ndarray, team: np.ndarray, n: int, each: int, last_bonus: int,
               match_bonus: int, stoeck_bonus: int, o_win: np.ndarray, o_tpoints: np.ndarray,
               o_won: np.ndarray, o_said: np.ndarray, o_best: np.ndarray,
               o_stoeck: np.ndarray, o_decl: np.ndarray, points: np.ndarray,
               tricks: np.ndarray, won: np.ndarray, winners: np.ndarray, weis: np.ndarray,
               stoeck: np.ndarray, declared: np.ndarray) -> None:
    """The facts of the hands of games `idx`, per subject (`HandEnd.facts`,
    `partners.group_sums`, `HandBonuses.add_facts`): card points with the last trick's
    and the match bonus, tricks, cards taken, each trick's winner, the best side's Weise,
    the Stöck, the declared values added up."""
    players = team.shape[0]
    for j in range(idx.shape[0]):
        g = idx[j]
        for x in range(n):
            points[j, x] = 0
            tricks[j, x] = 0
            won[j, x] = 0
            weis[j, x] = 0
            stoeck[j, x] = 0
            for d in range(declared.shape[1]):
                declared[j, d, x] = 0
        for k in range(each):
            x = team[o_win[g, k]]
            winners[j, k] = x
            points[j, x] += o_tpoints[g, k]
            tricks[j, x] += 1
        last = winners[j, each - 1]
        points[j, last] += last_bonus
        if match_bonus and tricks[j, last] == each:
            points[j, last] += match_bonus
        for seat in range(players):
            won[j, team[seat]] |= o_won[g, seat]
            for d in range(declared.shape[1]):
                declared[j, d, team[seat]] += o_decl[g, d, seat]
        best = o_best[g]
        if best >= 0:
            side = team[best]
            for seat in range(players):
                if team[seat] == side and o_said[g, seat] > 0:
                    weis[j, side] += o_said[g, seat]
        if o_stoeck[g] >= 0:
            stoeck[j, team[o_stoeck[g]]] = stoeck_bonus


@njit(cache=True)
def choose_in(pmt: np.ndarray, games: np.ndarray, k: int, out: np.ndarray) -> None:
    """The random policy's index among k options for each of `games` (`twister.choose`
    on its generator)."""
    for i in range(games.shape[0]):
        out[i] = choose(pmt[games[i]], k)


@njit(cache=True)
def tally(idx: np.ndarray, fired: np.ndarray, n_clauses: int, team: np.ndarray, each: int,
          o_mode: np.ndarray, o_said: np.ndarray, o_stoeck: np.ndarray, o_win: np.ndarray,
          o_ntricks: np.ndarray, points: np.ndarray, hands: np.ndarray,
          fired_count: np.ndarray, mode_count: np.ndarray, weis_hands: np.ndarray,
          stoeck_hands: np.ndarray, match_hands: np.ndarray, psum: np.ndarray,
          psq: np.ndarray) -> None:
    """What `simulate` counts of the hands just scored in games `idx` (`fired`: the
    clause of each, -1: none; `points`: their card points per subject): the hands, the
    clauses and modes, the hands with a Weis declared, with Stöck, with a match."""
    players = o_said.shape[1]
    for j in range(idx.shape[0]):
        g = idx[j]
        hands[g] += 1
        fired_count[g, fired[j] if fired[j] >= 0 else n_clauses] += 1
        mode_count[g, o_mode[g] + 1] += 1
        for seat in range(players):
            if o_said[g, seat] >= 0:
                weis_hands[g] += 1
                break
        if o_stoeck[g] >= 0:
            stoeck_hands[g] += 1
        if o_ntricks[g] > 0:
            side = team[o_win[g, 0]]
            every = True
            for k in range(1, each):
                if team[o_win[g, k]] != side:
                    every = False
                    break
            if every:
                match_hands[g] += 1
        for x in range(points.shape[1]):
            psum[g, x] += points[j, x]
            psq[g, x] += points[j, x] * points[j, x]


@njit(cache=True)
def advance(idx: np.ndarray, over: np.ndarray, hand_no: np.ndarray, hand_limit: int,
            live: np.ndarray, dealer: np.ndarray, table: np.ndarray, players: int) -> None:
    """After the hands of games `idx`: a game that is over (or at `hand_limit`) stops;
    the others count their next hand, dealt by the next seat at the table."""
    for j in range(idx.shape[0]):
        g = idx[j]
        if over[j] or hand_no[g] >= hand_limit:
            live[g] = False
            continue
        hand_no[g] += 1
        seat = next_in(players, dealer[g], table[g])
        if seat >= 0:
            dealer[g] = seat
