"""The compiled hand one action at a time, for the batched environment
(`jassdsl.research.vector`): the phases of `kernel.play_hands` as a state machine per
game, which takes each seat's action from outside instead of the random policy.

Action ids (`vector.action_names`): a card 0-35; trump mode m: 36 + m; the push; Weis
yes and no; then each declaration's values in order; then a scoresheet's columns. The state of game g is a row of `st` (the slots
below) and rows of the arrays `kernel.play_hands` writes (`o_*`), so the hand's end is
scored by `games.Runner.score_hands` as the compiled path scores it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros

from jassdsl.fast.kernel import (
    SUIT,
    WEIS_SCRATCH,
    close,
    deal,
    follow,
    hand_facts,
    sheet_push,
    weis_of,
)
from jassdsl.fast.twister import below, no_refs

# the slots of a game's state row
(PHASE, CUR, MODE, CHOOSER, PUSHED, DEALER, LEADER, K, POS, TOP, WIN, LED, DECL, TURN,
 FOREHAND, FIRST, PUSHES, COLUMN, PUSHER) = range(19)
SLOTS = 20
TRUMP, DECLARE, WEIS, PLAY, DONE = range(5)  # the phases (DONE: the hand waits to be scored)
CARDS = 36
# the index of the lowest set bit of x > 0 (numba's cttz, one instruction; typed Any: mypy
# reads the intrinsic's own typing signature)
trailing_zeros: Any = _trailing_zeros
# an index known to be >= 0, unsigned where the step's hot path indexes with it: numba
# fixes up a negative signed index (-1: the last) at every access, an unsigned one not
U = np.uint64


@no_refs
def begin_play(g: int, st: np.ndarray, hands: np.ndarray, offer: np.ndarray,
               asked: np.ndarray, said: np.ndarray, players: int, w_has: np.ndarray,
               w_val: np.ndarray, w_key: np.ndarray, w_num: np.ndarray, w_four: np.ndarray,
               w_fval: np.ndarray, w_fkey: np.ndarray, reuse: int, tmp: np.ndarray,
               lead_chooser: int) -> None:
    """Play begins: forehand leads (or the chooser, where the file says so), each seat
    is offered the Weise of its hand."""
    wrow = st[g, MODE] + 1
    for seat in range(players):
        said[g, seat] = 0
        asked[g, seat] = 0
        offer[g, seat, 2] = 0
        if w_has[wrow] == 1:
            weis_of(hands[g, seat], wrow, w_val, w_key, w_num, w_four, w_fval, w_fkey, reuse,
                    tmp)
            offer[g, seat, 0], offer[g, seat, 1], offer[g, seat, 2] = tmp[0], tmp[1], tmp[2]
    lead = st[g, CHOOSER] if lead_chooser and st[g, CHOOSER] >= 0 else st[g, FOREHAND]
    st[g, LEADER] = lead
    st[g, CUR] = lead
    st[g, K] = 0
    st[g, POS] = 0
    turn(g, st, offer, asked)


@njit(cache=True, inline="always")
def turn(g: int, st: np.ndarray, offer: np.ndarray, asked: np.ndarray) -> None:
    """A seat is about to play: before its first card, the Weis question where it holds
    one (a seat without only has 'no', which changes nothing)."""
    cur = st[g, CUR]
    if st[g, K] == 0 and offer[g, cur, 2] > 0 and not asked[g, cur]:
        st[g, PHASE] = WEIS
    else:
        st[g, PHASE] = PLAY


@no_refs
def after_trump(g: int, st: np.ndarray, decls: int, players: int) -> bool:
    """Trump is set: the declarations next (True), or play (False)."""
    if decls > 0:
        st[g, PHASE] = DECLARE
        st[g, DECL] = 0
        st[g, TURN] = 0
        st[g, CUR] = (st[g, DEALER] + 1) % players
        return True
    return False


@no_refs
def new_hand(g: int, st: np.ndarray, cmt: np.ndarray, ints: np.ndarray, deal_pos: np.ndarray,
             deck: np.ndarray, hands: np.ndarray, dealt: np.ndarray, o_won: np.ndarray,
             o_decl: np.ndarray,
             offer: np.ndarray, asked: np.ndarray, said: np.ndarray, w_has: np.ndarray,
             w_val: np.ndarray, w_key: np.ndarray, w_num: np.ndarray, w_four: np.ndarray,
             w_fval: np.ndarray, w_fkey: np.ndarray, tmp: np.ndarray, sheet_of: np.ndarray,
             played: np.ndarray, n_cols: int) -> None:
    """Deal game g's next hand (its dealer set) and begin its first phase."""
    players, kind, fallback, each, decls = ints[0], ints[1], ints[3], ints[10], ints[11]
    mode = deal(cmt[g], st[g, DEALER], players, each, deal_pos, kind, fallback, deck,
                hands[g], dealt[g])
    st[g, MODE] = mode
    st[g, CHOOSER] = -1
    st[g, PUSHED] = 0
    st[g, PUSHES] = 0
    st[g, PUSHER] = -1
    st[g, COLUMN] = -1
    st[g, FOREHAND] = (st[g, DEALER] + 1) % players
    for seat in range(players):
        o_won[g, seat] = 0
        for d in range(o_decl.shape[1]):
            o_decl[g, d, seat] = 0
    if kind == 0:
        st[g, PHASE] = TRUMP
        st[g, CUR] = st[g, FOREHAND]
        return
    if kind == 5:  # the scoresheet: from forehand, passing over full sheets
        full = (1 << n_cols) - 1
        seat = st[g, FOREHAND]
        for _ in range(players):
            if played[g, sheet_of[seat]] != full:
                break
            seat = (seat + 1) % players
        st[g, PHASE] = TRUMP
        st[g, CUR] = seat
        st[g, FIRST] = seat
        return
    if not after_trump(g, st, decls, players):
        begin_play(g, st, hands, offer, asked, said, players, w_has, w_val, w_key, w_num,
                   w_four, w_fval, w_fkey, ints[9], tmp, ints[14])


@njit(cache=True, inline="always")
def touch(cmt: np.ndarray, games: np.ndarray, k: int) -> Any:
    """Read the words of their chances that the next deals of games[:k] draw first
    (the position, then four lines of words from it): one game's loads do not wait on
    another's, so the misses of a row last read many steps ago overlap here instead of
    stalling each shuffle in turn. Returns a sum of them, so they are read."""
    last = cmt.shape[1] - 2
    s = np.uint32(0)
    for j in range(k):
        g = max(games[j], 0)
        at = min(np.int64(cmt[g, last + 1]), last)
        s ^= cmt[g, last + 1] ^ cmt[g, at] ^ cmt[g, min(at + 16, last)] ^ \
            cmt[g, min(at + 32, last)] ^ cmt[g, min(at + 48, last)]
    return s


STEP, FINISH, START, DEAL, MASK = range(5)  # what `run` does to each of its games


@njit(cache=True, error_model="numpy")
def run(mode: int, games: np.ndarray, k: int, actions: np.ndarray, rewards: np.ndarray,
        ended: np.ndarray, seeds: np.ndarray, scored: bool, over_in: np.ndarray,
        ends: np.ndarray, failed: np.ndarray, tot: np.ndarray, before: np.ndarray,
        mask: np.ndarray, count: np.ndarray, legal: np.ndarray, st: np.ndarray,
        hands: np.ndarray, dealt: np.ndarray, trick: np.ndarray, offer: np.ndarray,
        asked: np.ndarray, said: np.ndarray, cmt: np.ndarray, ints: np.ndarray,
        deal_pos: np.ndarray, choices: np.ndarray, plan_base: np.ndarray,
        plan_beat: np.ndarray, beats: np.ndarray, f_trump: np.ndarray, f_lower: np.ndarray,
        f_keep: np.ndarray, points: np.ndarray, w_has: np.ndarray, w_val: np.ndarray,
        w_key: np.ndarray, w_num: np.ndarray, w_four: np.ndarray, w_fval: np.ndarray,
        w_fkey: np.ndarray, decl_values: np.ndarray, decl_count: np.ndarray,
        first_decl: int, decl_offsets: np.ndarray, o_mode: np.ndarray,
        o_chooser: np.ndarray, o_cards: np.ndarray, o_lead: np.ndarray, o_win: np.ndarray,
        o_tpoints: np.ndarray, o_won: np.ndarray, o_said: np.ndarray, o_best: np.ndarray,
        o_stoeck: np.ndarray, o_decl: np.ndarray, o_pusher: np.ndarray,
        o_column: np.ndarray, done: np.ndarray, col_modes: np.ndarray,
        col_count: np.ndarray, col_free: np.ndarray, sheet_of: np.ndarray,
        played: np.ndarray, first_col: int, totals: np.ndarray, hand_no: np.ndarray,
        seeds_of: np.ndarray, draws: np.ndarray, team: np.ndarray, unit: int, sign: int,
        end_hands: int, hand_limit: int, fin: np.ndarray, gone: np.ndarray) -> Any:
    """The batched env's work on its games, each game's state at hand once, and last
    its legal actions (its row of `mask` by the list of the last ones, `count`, `legal`:
    their ids in order, so a draw among them is one look-up). One function for all the
    kinds of work, so that the masks are written once, in the loop (numba inlines no
    call of 30 arguments or more, and an inlined call counts references to each array
    it takes, in every game):

    - STEP: every game's current seat takes its action (all are checked against `mask`
      first: the first game whose action is not legal is returned as -1 - g, nothing
      changed): a trump or the push, a declared value, a Weis yes or no, a card. The
      games whose hand is over with it (`done`; the outputs `o_*` hold it, to be scored)
      are listed in `fin` and get no mask; their number is returned.
    - FINISH: the first k games of `games`, their hands scored: with `scored` (the
      compiled clauses) their totals `tot` (units, rows, subjects) go into `totals`
      (games, units, subjects) and whether the game is over is worked out here (the
      clauses' end, `count first`, a failed invariant, a full scoresheet, the hand
      limits), else it is `over_in`. A seat's reward is what its
      side gained in the winner's unit (`unit`, `sign`: more is better); a game that is
      over is marked `ended` and listed in `gone` (their number returned: they start
      anew with new seeds); the others deal their next hand, the dealer passing on.
    - START: new games in slots `games`, the i-th of seed seeds[i] (its chance already
      seeded as `random.Random(seed)`): its draws' generator the seed itself, the first
      dealer by lot where the file says so (else seat 0), no columns played, the totals
      nil, hand 1 dealt.
    - DEAL: `games` deal their next hand (their dealers set). MASK: the masks only.
    """
    players, kind, decls, each = ints[0], ints[1], ints[11], ints[10]
    modes, push, reuse, lead_chooser, eights = ints[13], ints[2], ints[9], ints[14], ints[8]
    with_trumps, strict, lot = ints[4], ints[5], ints[12]
    sheets, end_full = ints[15], ints[16]
    n_cols = col_count.shape[0]
    full = (1 << n_cols) - 1
    if mode == STEP:
        k = st.shape[0]
        for g in range(k):
            a = actions[g]
            if a < 0 or a >= mask.shape[1] or not mask[g, a]:
                return -1 - g
    tmp = np.empty(WEIS_SCRATCH, np.int64)
    deck = np.empty(36, np.int64)
    if mode != STEP:  # the games deal: their chances' next words read ahead, together
        deck[0] = touch(cmt, games, k)
    n = 0
    for j in range(k):
        g = j if mode == STEP else max(games[j], 0)  # >= 0: no index wraps around
        if mode == STEP:
            a = actions[g]
            phase = st[g, PHASE]
            cur = st[g, CUR]
            over = False
            if phase == PLAY:  # a card
                t = st[g, K]
                pos = st[g, POS]
                md = st[g, MODE]
                beat = plan_beat[U(md + 1), U(t)]
                hands[g, U(cur)] ^= 1 << a
                trick[g, U(pos)] = a
                if pos == 0:
                    led, top, win = a // 9, a, cur
                    st[g, LED] = led
                else:
                    led, top, win = st[g, LED], st[g, TOP], st[g, WIN]
                    if kind == 4 and md < 0 and a // 9 != led:  # a first void: trump
                        md = a // 9
                        st[g, MODE] = md
                        beat = plan_beat[md + 1, t]
                        leader = st[g, LEADER]
                        top = trick[g, 0]
                        win = leader
                        for i in range(1, pos):
                            if beats[beat, top, trick[g, i]]:
                                top = trick[g, i]
                                win = leader + i - (players if leader + i >= players else 0)
                    if beats[U(beat), U(top), U(a)]:
                        top, win = a, cur
                st[g, TOP] = top
                st[g, WIN] = win
                pos += 1
                if pos < players:
                    st[g, POS] = pos
                    nxt = st[g, LEADER] + pos
                    nxt -= players if nxt >= players else 0
                    st[g, CUR] = nxt
                    # the Weis question before a seat's first card (`turn`)
                    if t == 0 and offer[g, U(nxt), 2] > 0 and not asked[g, U(nxt)]:
                        st[g, PHASE] = WEIS
                    if kind == 6 and md < 0 and not hands[g, U(nxt)] & SUIT[U(led)]:
                        st[g, PHASE] = TRUMP  # the first who cannot follow names the mode
                else:  # the trick is complete (no seat is asked about Weis after it)
                    taken = 0
                    for i in range(players):
                        o_cards[g, U(t), i] = trick[g, i]
                        taken |= 1 << trick[g, i]
                    o_lead[g, U(t)] = st[g, LEADER]
                    o_win[g, U(t)] = win
                    o_won[g, U(win)] |= taken
                    st[g, LEADER] = win
                    st[g, CUR] = win
                    st[g, POS] = 0
                    st[g, K] = t + 1
                    if t + 1 == each:
                        st[g, PHASE] = DONE
                        close(g, md, players, each, st[g, FOREHAND], points, offer[g],
                              said[g], dealt[g], eights, o_cards, o_tpoints, o_said, o_best,
                              o_stoeck)
                        o_mode[g] = md
                        o_chooser[g] = st[g, CHOOSER]
                        o_pusher[g] = st[g, PUSHER]
                        o_column[g] = st[g, COLUMN]
                        over = True
            elif phase == WEIS:
                said[g, cur] = 1 if a == CARDS + modes + 1 else 0
                asked[g, cur] = 1
                st[g, PHASE] = PLAY
            elif phase == DECLARE:
                d = st[g, DECL]
                o_decl[g, d, cur] = decl_values[d, a - first_decl - decl_offsets[d]]
                st[g, TURN] += 1
                if st[g, TURN] == players:
                    st[g, DECL] += 1
                    st[g, TURN] = 0
                if st[g, DECL] == decls:
                    begin_play(g, st, hands, offer, asked, said, players, w_has, w_val,
                               w_key, w_num, w_four, w_fval, w_fkey, reuse, tmp,
                               lead_chooser)
                else:
                    st[g, CUR] = (st[g, DEALER] + 1 + st[g, TURN]) % players
            else:  # trump
                names = True  # whether the action names the mode now
                if kind == 5:  # the scoresheet
                    if a == CARDS + modes:  # pushed on
                        target = sheet_push(g, cur, st[g, FIRST], st[g, PUSHES], players,
                                            push, sheet_of, played, full)
                        st[g, PUSHES] += 1
                        if st[g, PUSHER] < 0:
                            st[g, PUSHER] = cur
                        st[g, CUR] = target
                        names = False
                    elif a >= first_col:  # a column of the seat's sheet
                        c = a - first_col
                        played[g, sheet_of[cur]] |= 1 << c
                        st[g, COLUMN] = c
                        if col_free[c]:  # the same seat names one of its modes next
                            names = False
                        else:
                            a = CARDS + col_modes[c, 0]
                if not names:
                    pass
                elif kind == 6:  # the first void names the mode, then plays
                    md = a - CARDS
                    st[g, MODE] = md
                    beat = plan_beat[md + 1, st[g, K]]
                    leader = st[g, LEADER]
                    top = trick[g, 0]
                    win = leader
                    for i in range(1, st[g, POS]):
                        if beats[beat, top, trick[g, i]]:
                            top = trick[g, i]
                            win = (leader + i) % players
                    st[g, TOP] = top
                    st[g, WIN] = win
                    st[g, PHASE] = PLAY
                elif a == CARDS + modes:  # pushed to the partner across, who must choose
                    st[g, PUSHED] = 1
                    st[g, PUSHER] = cur
                    st[g, CUR] = (st[g, FOREHAND] + 2) % players
                else:
                    st[g, MODE] = a - CARDS
                    st[g, CHOOSER] = cur
                    if not after_trump(g, st, decls, players):
                        begin_play(g, st, hands, offer, asked, said, players, w_has, w_val,
                                   w_key, w_num, w_four, w_fval, w_fkey, reuse, tmp,
                                   lead_chooser)
            done[g] = over
            if over:
                fin[n] = g
                n += 1
                continue
        elif mode == FINISH:
            if scored:
                for u in range(totals.shape[1]):
                    for s in range(totals.shape[2]):
                        totals[g, u, s] = tot[u, j, s]
                over = (ends[j] & 1) != 0
                if end_hands >= 0:
                    over = hand_no[g] >= end_hands
                if sheets:  # `SheetChoice.ends_game`: every sheet full
                    every = True
                    for x in range(sheets):
                        if played[g, x] != full:
                            every = False
                    over = every if end_full else (over or every)
                over = over or (ends[j] & 2) != 0 or failed[j] != 0 or \
                    hand_no[g] >= hand_limit
            else:
                over = over_in[j]
            for seat in range(players):
                x = team[seat]
                rewards[g, seat] = sign * (totals[g, unit, x] - before[unit, j, x])
            if over:
                ended[g] = True
                gone[n] = g
                n += 1
                continue
            hand_no[g] += 1
            st[g, DEALER] = (st[g, DEALER] + 1) % players
            new_hand(g, st, cmt, ints, deal_pos, deck, hands, dealt, o_won, o_decl, offer,
                     asked, said, w_has, w_val, w_key, w_num, w_four, w_fval, w_fkey, tmp,
                     sheet_of, played, n_cols)
        elif mode == START:  # its chance `cmt[g]` seeded outside (`twister.seed_words`)
            seeds_of[g] = seeds[j]
            draws[g] = np.uint64(seeds[j])
            st[g, DEALER] = below(cmt[g], players) if lot else 0
            played[g, :] = 0
            totals[g, :, :] = 0
            hand_no[g] = 1
            new_hand(g, st, cmt, ints, deal_pos, deck, hands, dealt, o_won, o_decl, offer,
                     asked, said, w_has, w_val, w_key, w_num, w_four, w_fval, w_fkey, tmp,
                     sheet_of, played, n_cols)
        elif mode == DEAL:
            new_hand(g, st, cmt, ints, deal_pos, deck, hands, dealt, o_won, o_decl, offer,
                     asked, said, w_has, w_val, w_key, w_num, w_four, w_fval, w_fkey, tmp,
                     sheet_of, played, n_cols)
        # the mask: the trump choices and the push while trump is chosen (with a
        # scoresheet: the seat's open columns and the push, then a free column's modes),
        # a declaration's values, Weis yes and no, the cards the follow regime allows
        for i in range(count[g]):
            mask[g, legal[g, i]] = False
        phase = st[g, PHASE]
        m = 0
        if phase == PLAY:
            hand = hands[g, U(st[g, CUR])]
            if st[g, POS] > 0:
                base = plan_base[U(st[g, MODE] + 1), U(st[g, K])]
                hand = follow(hand, st[g, LED], st[g, TOP], base, f_trump, f_lower, f_keep,
                              with_trumps, strict)
            while hand:  # the set bits, lowest first
                c = trailing_zeros(hand)
                hand &= hand - 1
                mask[g, U(c)] = True
                legal[g, U(m)] = c
                m += 1
        elif phase == TRUMP and kind == 5:
            col = st[g, COLUMN]
            cur = st[g, CUR]
            if col >= 0:  # a free column taken: its modes
                for i in range(col_count[col]):
                    mask[g, CARDS + col_modes[col, i]] = True
                    legal[g, m] = CARDS + col_modes[col, i]
                    m += 1
            else:
                for c in range(n_cols):
                    if not (played[g, sheet_of[cur]] >> c) & 1:
                        mask[g, first_col + c] = True
                        legal[g, m] = first_col + c
                        m += 1
                if sheet_push(g, cur, st[g, FIRST], st[g, PUSHES], players, push,
                              sheet_of, played, full) >= 0:
                    mask[g, CARDS + modes] = True
                    legal[g, m] = CARDS + modes
                    m += 1
        elif phase == TRUMP:
            for i in range(choices.shape[0]):
                mask[g, CARDS + choices[i]] = True
                legal[g, m] = CARDS + choices[i]
                m += 1
            if push and not st[g, PUSHED]:
                mask[g, CARDS + modes] = True
                legal[g, m] = CARDS + modes
                m += 1
        elif phase == DECLARE:
            d = U(st[g, DECL])
            lo = first_decl + decl_offsets[d]
            for i in range(decl_count[d]):
                mask[g, U(lo + i)] = True
                legal[g, U(i)] = lo + i
            m = decl_count[d]
        elif phase == WEIS:
            mask[g, CARDS + modes + 1] = True
            mask[g, CARDS + modes + 2] = True
            legal[g, 0] = CARDS + modes + 1
            legal[g, 1] = CARDS + modes + 2
            m = 2
        count[g] = m
    return n


@njit(cache=True)
def gather(fin: np.ndarray, k: int, team: np.ndarray, n: int, each: int, last_bonus: int,
           match_bonus: int, stoeck_bonus: int, o_win: np.ndarray, o_tpoints: np.ndarray,
           o_won: np.ndarray, o_said: np.ndarray, o_best: np.ndarray, o_stoeck: np.ndarray,
           o_decl: np.ndarray, o_mode: np.ndarray, o_column: np.ndarray,
           o_chooser: np.ndarray, o_pusher: np.ndarray, col_mult: np.ndarray, sheets: int,
           totals: np.ndarray, hand_no: np.ndarray, points: np.ndarray, tricks: np.ndarray,
           won: np.ndarray, win: np.ndarray, weis: np.ndarray, stoeck: np.ndarray,
           declared: np.ndarray, mode: np.ndarray, hand: np.ndarray, mult: np.ndarray,
           roles: np.ndarray, tot: np.ndarray, before: np.ndarray, chg: np.ndarray,
           tp: np.ndarray) -> None:
    """What the compiled clauses (`fast.clauses`) read of the first k games of `fin`, row
    j for game fin[j], made once by the environment (`VectorEnv.clauses_scratch`): the hand's
    facts (`hand_facts`), its mode, number, multiplier, the sides of the chooser and the
    pusher, the totals before it (`totals`: games, units, subjects) and the tricks'
    points."""
    hand_facts(fin[:k], team, n, each, last_bonus, match_bonus, stoeck_bonus, o_win,
               o_tpoints, o_won, o_said, o_best, o_stoeck, o_decl, points, tricks, won, win,
               weis, stoeck, declared)
    for j in range(k):
        g = fin[j]
        mode[j] = o_mode[g]
        hand[j] = hand_no[g]
        col = o_column[g]
        mult[j] = col_mult[col] if col >= 0 else (0 if sheets else 1)
        roles[j, 0] = team[o_chooser[g]] if o_chooser[g] >= 0 else -1
        roles[j, 1] = team[o_pusher[g]] if o_pusher[g] >= 0 else -1
        for u in range(totals.shape[1]):
            for s in range(n):
                before[u, j, s] = totals[g, u, s]
                tot[u, j, s] = totals[g, u, s]
                chg[u, j, s] = 0
        for t in range(each):
            tp[j, t] = o_tpoints[g, t]


@njit(cache=True)
def write_row(g: int, seat: int, st: np.ndarray, hands: np.ndarray, trick: np.ndarray,
              o_cards: np.ndarray, o_decl: np.ndarray, decl_scale: np.ndarray,
              decl_hidden: np.ndarray, totals: np.ndarray, modes: int, decls: int,
              row: np.ndarray) -> None:
    """One seat's observation of game g into a zeroed row (see `vector.layout`): what it
    may see, so a hidden declaration only its own."""
    players = hands.shape[1]
    phase = st[g, PHASE]
    k = st[g, K]
    pos = st[g, POS]
    leader = st[g, LEADER]
    h = hands[g, seat]
    for c in range(CARDS):
        if (h >> c) & 1:
            row[c] = 1.0
    at = CARDS
    for t in range(k):
        for i in range(players):
            row[at + o_cards[g, t, i]] = 1.0
    at += CARDS
    if phase in (PLAY, WEIS):
        for i in range(pos):
            rel = ((leader + i) % players - seat) % players
            row[at + rel * CARDS + trick[g, i]] = 1.0
    at += players * CARDS
    row[at + st[g, MODE] + 1] = 1.0
    at += modes + 1
    row[at + phase] = 1.0
    at += 5
    row[at] = 1.0 if st[g, CUR] == seat and phase != DONE else 0.0
    at += 1
    row[at + (leader - seat) % players] = 1.0
    at += players
    row[at] = k / 9.0
    at += 1
    for d in range(decls):
        for j in range(players):
            if j == 0 or not decl_hidden[d]:
                row[at + d * players + j] = o_decl[g, d, (seat + j) % players] * decl_scale[d]
    at += decls * players
    for u in range(totals.shape[1]):
        for x in range(totals.shape[2]):
            row[at + u * totals.shape[2] + x] = totals[g, u, x] / 1000.0


@njit(cache=True)
def observe(st: np.ndarray, hands: np.ndarray, trick: np.ndarray, o_cards: np.ndarray,
            o_decl: np.ndarray, decl_scale: np.ndarray, decl_hidden: np.ndarray,
            totals: np.ndarray, modes: int, decls: int, out: np.ndarray) -> None:
    """Every seat's observation: out (games, seats, width)."""
    out[:] = 0.0
    for g in range(out.shape[0]):
        for seat in range(out.shape[1]):
            write_row(g, seat, st, hands, trick, o_cards, o_decl, decl_scale, decl_hidden,
                      totals, modes, decls, out[g, seat])


@njit(cache=True)
def observe_current(st: np.ndarray, hands: np.ndarray, trick: np.ndarray,
                    o_cards: np.ndarray, o_decl: np.ndarray, decl_scale: np.ndarray,
                    decl_hidden: np.ndarray, totals: np.ndarray, modes: int, decls: int,
                    out: np.ndarray) -> None:
    """The observation of the seat to act in each game: out (games, width)."""
    out[:] = 0.0
    for g in range(out.shape[0]):
        write_row(g, st[g, CUR], st, hands, trick, o_cards, o_decl, decl_scale, decl_hidden,
                  totals, modes, decls, out[g])


@njit(cache=True)
def seed_draws(seed: int) -> None:
    """Seed the generator `draw_actions` uses (numba's own, not the games')."""
    np.random.seed(seed)


@njit(cache=True)
def draw_actions(mask: np.ndarray, count: np.ndarray, out: np.ndarray) -> None:
    """A uniformly random legal action per row of `mask` (`count`: its legal actions),
    for random play and tests."""
    for g in range(mask.shape[0]):
        j = np.random.randint(0, max(count[g], 1))
        for a in range(mask.shape[1]):
            if mask[g, a]:
                if j == 0:
                    out[g] = a
                    break
                j -= 1


GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, inline="always")
def splitmix(state: np.ndarray, g: int) -> Any:
    """The next 64-bit output of game g's SplitMix64 generator (its state advanced)."""
    z = state[g] + GOLDEN
    state[g] = z
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def draw_masked(legal: np.ndarray, count: np.ndarray, state: np.ndarray,
                out: np.ndarray) -> None:
    """A uniformly random legal action per game from its own generator (`state`, one
    SplitMix64 per game): option (b * k) >> 32 of its k (`legal`, `count`), b the high 32
    bits of a draw, nothing drawn where only one is legal; so a game's draws depend on
    its seed alone, not on the batch around it."""
    for g in range(count.shape[0]):
        k = count[g]
        if k <= 1:
            out[g] = legal[g, 0]
            continue
        b = splitmix(state, g) >> np.uint64(32)
        out[g] = legal[g, np.int64((b * np.uint64(k)) >> np.uint64(32))]
