#!/usr/bin/env python3
"""A hand-written pure-Python Schieber playout that draws exactly as the engine draws.

Issue 33 asks `simulate --bots random` (pure Python) for ten times jass-kit's `GameSim`
loop. `python_floor.py` says how far pure Python goes with its own draws and no trump
choice, Weis or Stöck; this spike plays the engine's games: the same deal (`shuffle_deck`
from the game's chance, the first dealer by lot), the same policy draws (option
``(getrandbits(32) * k) >> 32`` of k legal options in `Game.legal_actions` order, nothing
drawn where k = 1: the six modes then the push, Weis yes before no asked before a seat's
first card only where it holds one, cards lowest index first), Schieber's follow rule
(suit or trump, no undertrumping unless only trumps are held, the trump Jack never
forced), trick winners, card points with the last trick's 5 and the match's 100, the best
Weis side (big table, cards may count twice) and Stöck. It is written for Schieber with its
default options only, which is what a playout generated per rule file would be.

Three levels are timed beside jass-kit's GameSim (`--level`): ``cards`` (the deal and the
cards with the engine's draws, the mode drawn among the six without a push, no Weis or
Stöck), ``hand`` (+ trump choice with the push, Weis questions and counting, Stöck) and
``game`` (+ the hand's score and the game to 1000 checked after Stöck, Weis and every
trick, as the rule file counts). `--check N` plays N seeded games (`simulate`'s seeds and
POLICY_SEED) through the engine and through this loop and exits 1 on any difference.

    python bench/python_playout.py --check 300
    python bench/python_playout.py --hands 20000 --rounds 3 --clock cpu
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from jassdsl.core.deal import shuffle_deck

# card = suit * 9 + rank; rank 0..8 = A K Q J 10 9 8 7 6 (the engine's card order)
TRUMP_STRENGTH = (107, 106, 105, 109, 104, 108, 103, 102, 101)  # J, then 9, then A K Q 10 8 7 6
TRUMP_POINTS = (11, 4, 3, 20, 10, 14, 0, 0, 0)
PLAIN_POINTS = (11, 4, 3, 2, 10, 0, 0, 0, 0)
NOTRUMP_POINTS = (11, 4, 3, 2, 10, 0, 8, 0, 0)  # Obenabe and Undenufe: the eights 8
OBEN_STRENGTH = tuple(9 - r for r in range(9))
UNDEN_STRENGTH = tuple(r + 1 for r in range(9))
KEEP = 511 ^ (1 << 3)  # the trumps a follower must play to a trump lead: not the Jack alone
COUNT = tuple(m.bit_count() for m in range(512))
ABOVE = tuple(sum(1 << r for r in range(9) if TRUMP_STRENGTH[r] > best) for best in range(110))
STOECK = 0b110  # the trump King and Queen
CARD = tuple(tuple(9 * s + r for r in range(9)) for s in range(4))

Pick = tuple[tuple[tuple[int, int, int, int], ...], ...]


def _picks(suit: int, strength: tuple[int, ...], points: tuple[int, ...]) -> Pick:
    """Per 9-bit suit mask, its cards lowest index first as (bit, strength, points, card)."""
    return tuple(tuple((1 << r, strength[r], points[r], 9 * suit + r)
                       for r in range(9) if m >> r & 1) for m in range(512))


def _mode_picks(mode: int) -> tuple[Pick, ...]:
    out = []
    for s in range(4):
        if mode < 4:
            out.append(_picks(s, TRUMP_STRENGTH if s == mode else OBEN_STRENGTH,
                              TRUMP_POINTS if s == mode else PLAIN_POINTS))
        else:
            out.append(_picks(s, OBEN_STRENGTH if mode == 4 else UNDEN_STRENGTH,
                              NOTRUMP_POINTS))
    return tuple(out)


PICKS = tuple(_mode_picks(m) for m in range(6))
SEQUENCE = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}  # the big table
FOURS = {0: 100, 1: 100, 2: 100, 3: 200, 4: 100}  # A K Q J 10 (no four nines by default)
FOUR_RANKS = sum(1 << r for r in FOURS)


def weis_key(value: int, seq: int, length: int, height: int, trump: int) -> int:
    """`compile.weis.weis_key` as one integer (same order)."""
    return (((value * 2 + seq) * 10 + length) * 9 + height) * 2 + trump


def _chunk_weis(chunk: int, undenufe: bool, trump: bool) -> tuple[int, int]:
    """(value, best key) of the maximal sequences of one suit's 9 bits."""
    value = key = 0
    r = 0
    while r < 9:
        if chunk >> r & 1:
            start = r
            while r < 9 and chunk >> r & 1:
                r += 1
            n = r - start
            if n >= 3:
                v = SEQUENCE[n]
                value += v
                height = r - 1 if undenufe else 8 - start
                key = max(key, weis_key(v, 1, n, height, int(trump)))
        else:
            r += 1
    return value, key


# per mode and suit: per chunk (value, key) of its sequences
WEIS = tuple(tuple(tuple(_chunk_weis(c, m == 5, m == s) for c in range(512)) for s in range(4))
             for m in range(6))
WEIS_VALUE = tuple(tuple(tuple(w[0] for w in suit) for suit in m) for m in WEIS)
FOUR_KEY = tuple(tuple(weis_key(FOURS[r], 0, 0, r if m == 5 else 8 - r, 0) if r in FOURS else 0
                       for r in range(9)) for m in range(6))
FOLLOWERS = tuple(((lead + 1) & 3, (lead + 2) & 3, (lead + 3) & 3) for lead in range(4))
FIRST_TRICK = tuple((lead, *FOLLOWERS[lead]) for lead in range(4))
DECK = [1 << c for c in range(36)]
NO_WEIS = [0] * 4
# the deal in packets of 3 from forehand: the deck places of each seat counted from forehand
PLACES = tuple(tuple(r * 12 + i * 3 + k for r in range(3) for k in range(3)) for i in range(4))


def deal(cbits: Callable[[int], int], dealer: int) -> list[int]:
    """Shuffle with the game's chance and deal: 16 suit masks (seat * 4 + suit)."""
    deck = DECK[:]
    shuffle_deck(deck, cbits)
    held = [0] * 16
    for i in range(4):
        seat = (dealer + 1 + i) & 3
        p = PLACES[i]
        h = (deck[p[0]] | deck[p[1]] | deck[p[2]] | deck[p[3]] | deck[p[4]] | deck[p[5]]
             | deck[p[6]] | deck[p[7]] | deck[p[8]])
        b = seat * 4
        held[b] = h & 511
        held[b + 1] = h >> 9 & 511
        held[b + 2] = h >> 18 & 511
        held[b + 3] = h >> 27
    return held


def offers(held: list[int], mode: int) -> list[int]:
    """Per seat: the value of its Weise in the mode, 0 without one (the best key is found
    by `best_key` for a seat that declares)."""
    v0, v1, v2, v3 = WEIS_VALUE[mode]
    out = []
    for b in (0, 4, 8, 12):
        c0, c1, c2, c3 = held[b], held[b + 1], held[b + 2], held[b + 3]
        value = v0[c0] + v1[c1] + v2[c2] + v3[c3]
        fours = c0 & c1 & c2 & c3 & FOUR_RANKS
        if fours:
            value += sum(FOURS[r] for r in range(5) if fours >> r & 1)
        out.append(value)
    return out


def best_key(hand: list[int], mode: int) -> int:
    """The key of the best Weis in one seat's four suit masks (`compile.weis.weis_key`)."""
    table = WEIS[mode]
    key = max(table[s][hand[s]][1] for s in range(4))
    fours = hand[0] & hand[1] & hand[2] & hand[3] & FOUR_RANKS
    for r in range(5):
        if fours >> r & 1:
            key = max(key, FOUR_KEY[mode][r])
    return key


def play(pbits: Callable[[int], int], held: list[int], mode: int, lead: int,
         weis: list[int], rec: list[int] | None,
         per: list[int] | None = None) -> tuple[list[int], int]:
    """Play the nine tricks from `lead`; returns the two teams' card points (last trick and
    match included) and a bitmask of the seats that declared their Weis. Weis questions
    are drawn before each holder's first card (`NO_WEIS`: nobody holds one). `rec` gets the cards
    in play order, `per` each trick's winning team and card points (without the 5)."""
    picks = PICKS[mode]
    score = [0, 0]
    said = 0
    first = True
    taken = 0  # bit per trick won by team 1
    trump = mode if mode < 4 else -1
    if trump >= 0:
        tpick = picks[trump]
    for n in (9, 8, 7, 6, 5, 4, 3, 2, 1):
        base = lead * 4
        if first and weis[lead] and not (pbits(32) >> 31):  # option 0 of 2: yes
            said |= 1 << lead
        if n > 1:
            i = pbits(32) * n >> 32
            suit = 0
            mask = held[base]
            while i >= COUNT[mask]:
                i -= COUNT[mask]
                suit += 1
                mask = held[base + suit]
        else:
            suit = 0
            mask = held[base]
            while not mask:
                suit += 1
                mask = held[base + suit]
            i = 0
        bit, best, total, card = picks[suit][mask][i]
        held[base + suit] = mask ^ bit
        if rec is not None:
            rec.append(card)
        led, winner = suit, lead
        led_pick = picks[led]
        for seat in FOLLOWERS[lead]:
            base = seat * 4
            if first and weis[seat] and not (pbits(32) >> 31):
                said |= 1 << seat
            follow = held[base + led]
            if trump < 0:
                if follow:
                    k = COUNT[follow]
                    bit, value, points, card = led_pick[follow][pbits(32) * k >> 32 if k > 1 else 0]
                    held[base + led] = follow ^ bit
                    total += points
                    if value > best:
                        best, winner = value, seat
                    if rec is not None:
                        rec.append(card)
                    continue
                over = -1
            elif led == trump:
                if follow & KEEP:
                    k = COUNT[follow]
                    bit, value, points, card = tpick[follow][pbits(32) * k >> 32 if k > 1 else 0]
                    held[base + led] = follow ^ bit
                    total += points
                    if value > best:
                        best, winner = value, seat
                    if rec is not None:
                        rec.append(card)
                    continue
                over = -1
            elif follow:  # the led suit and the trumps not under the best trump
                trumps = held[base + trump]
                over = trumps & ABOVE[best] if best > 100 else trumps
                cf, co = COUNT[follow], COUNT[over]
                k = cf + co
                i = pbits(32) * k >> 32 if k > 1 else 0
                if led < trump:
                    if i < cf:
                        bit, value, points, card = led_pick[follow][i]
                        held[base + led] = follow ^ bit
                    else:
                        bit, value, points, card = tpick[over][i - cf]
                        held[base + trump] = trumps ^ bit
                else:
                    if i < co:
                        bit, value, points, card = tpick[over][i]
                        held[base + trump] = trumps ^ bit
                    else:
                        bit, value, points, card = led_pick[follow][i - co]
                        held[base + led] = follow ^ bit
                total += points
                if value > best:
                    best, winner = value, seat
                if rec is not None:
                    rec.append(card)
                continue
            else:  # void: anything, but no trump under the best unless only trumps are held
                trumps = held[base + trump]
                over = -1
                if best > 100 and trumps and COUNT[trumps] != n:
                    above = trumps & ABOVE[best]
                    if above != trumps:
                        over = above
            if over < 0:  # any card held
                if n > 1:
                    i = pbits(32) * n >> 32
                    suit = 0
                    mask = held[base]
                    while i >= COUNT[mask]:
                        i -= COUNT[mask]
                        suit += 1
                        mask = held[base + suit]
                else:
                    suit = 0
                    mask = held[base]
                    while not mask:
                        suit += 1
                        mask = held[base + suit]
                    i = 0
            else:
                masks = held[base:base + 4]
                masks[trump] = over
                k = n - COUNT[trumps] + COUNT[over]
                i = pbits(32) * k >> 32 if k > 1 else 0
                suit = 0
                mask = masks[0]
                while i >= COUNT[mask]:
                    i -= COUNT[mask]
                    suit += 1
                    mask = masks[suit]
            bit, value, points, card = picks[suit][mask][i]
            held[base + suit] ^= bit
            total += points
            if rec is not None:
                rec.append(card)
            if suit == trump and value > best:
                best, winner = value, seat
        first = False
        team = winner & 1
        score[team] += total
        taken |= team << n
        lead = winner
        if per is not None:
            per += (team, total)
    score[lead & 1] += 5  # the last trick
    if taken == 0:
        score[0] += 100  # the match
    elif taken == 0b1111111110:
        score[1] += 100
    return score, said


def weis_points(weis: list[int], said: int, lead: int, dealt: list[int], mode: int
                ) -> list[int]:
    """The side with the best declared Weis scores all its declared Weise (a full tie goes
    to the seat that plays earlier to the first trick)."""
    out = [0, 0]
    if not said:
        return out
    best, top = -1, -1
    for seat in FIRST_TRICK[lead]:
        if said >> seat & 1:
            key = best_key(dealt[seat * 4:seat * 4 + 4], mode)
            if key > top:
                best, top = seat, key
    team = best & 1
    out[team] = sum(weis[x] for x in (team, team + 2) if said >> x & 1)
    return out


def hand_cards(cbits: Callable[[int], int], pbits: Callable[[int], int], dealer: int) -> int:
    """Level ``cards``: the engine's deal and card draws, the mode among six, no Weis."""
    held = deal(cbits, dealer)
    mode = pbits(32) * 6 >> 32
    score, _ = play(pbits, held, mode, (dealer + 1) & 3, NO_WEIS, None)
    return score[0]


def hand(cbits: Callable[[int], int], pbits: Callable[[int], int], dealer: int,
         rec: list[int] | None = None, per: list[int] | None = None
         ) -> tuple[int, list[int], list[int], list[int]]:
    """Level ``hand``: one whole hand as the engine plays it. Returns the mode and the
    teams' card points, Weis and Stöck."""
    held = deal(cbits, dealer)
    fore = (dealer + 1) & 3
    mode = pbits(32) * 7 >> 32
    if mode == 6:  # the push: the partner chooses among the six
        mode = pbits(32) * 6 >> 32
    weis = offers(held, mode)
    stoeck = [0, 0]
    if mode < 4:
        for seat in range(4):
            if held[seat * 4 + mode] & STOECK == STOECK:
                stoeck[seat & 1] = 20
    dealt = held[:] if weis != NO_WEIS else held
    score, said = play(pbits, held, mode, fore, weis, rec, per)
    return mode, score, weis_points(weis, said, fore, dealt, mode) if said else [0, 0], stoeck


def game(cbits: Callable[[int], int], pbits: Callable[[int], int], dealer: int,
         target: int = 1000) -> tuple[int, list[int]]:
    """Level ``game``: hands until the game is over; returns (hands, totals).

    The rule file counts Stöck, then Weis, then the tricks one by one (the last with its 5
    and the match's 100) and ends the game at the first of those steps after which one team
    has at least the target and alone the most; what the hand would still bring does not
    count. Each step adds to one team only and both are below the target before a hand,
    so a hand ends the game exactly when a team has the target at its end; only then are
    its steps replayed from the tricks' points (`per`) to stop the totals where the game
    ended."""
    totals = [0, 0]
    hands = 0
    per: list[int] = []
    while True:
        del per[:]
        _, score, weis, stoeck = hand(cbits, pbits, dealer, None, per)
        hands += 1
        a, b = totals
        if a + stoeck[0] + weis[0] + score[0] < target and \
                b + stoeck[1] + weis[1] + score[1] < target:
            totals = [a + stoeck[0] + weis[0] + score[0], b + stoeck[1] + weis[1] + score[1]]
            dealer = (dealer + 1) & 3
            continue
        steps = [(0, stoeck[0]), (1, stoeck[1]), (0, weis[0]), (1, weis[1])]
        steps += zip(per[0::2], per[1::2], strict=True)
        last, _ = steps[-1]
        bonus = 5 + (100 if per[0::2] == [last] * 9 else 0)
        steps[-1] = (last, steps[-1][1] + bonus)
        t = [a, b]
        for team, pts in steps:
            t[team] += pts
            if max(t) >= target and t[0] != t[1]:
                return hands, t
        return hands, t  # (not reached: a team has the target at the hand's end)


# ---- the check against the engine -------------------------------------------------------

def check(games: int, seed: int) -> int:
    """Play `games` seeded games through the engine and this loop; the number of hands
    compared, or exit 1 at the first difference."""
    from jassdsl.engine import Game
    from jassdsl.engine.playout import play_random
    from jassdsl.registry import load_rules
    from jassdsl.research.simulate import game_seeds, policy_rng

    rules = load_rules("schieber")
    for m in range(6):  # the tables against the compiled rule file's
        t = rules.modes[m]
        for c in range(36):
            pick = PICKS[m][c // 9][1 << c % 9][0]
            if (pick[1], pick[2]) != (t.strength[c], t.points[c]):
                sys.exit(f"mode {m} card {c}: table {pick[1:3]}, "
                         f"rule file {t.strength[c], t.points[c]}")
    names = rules.mode_names if hasattr(rules, "mode_names") else None
    compared = 0
    seen = dict.fromkeys(("Weis", "Stöck", "match", "Obenabe", "Undenufe", "game over mid-hand"), 0)
    for number, gs in enumerate(game_seeds(seed, games), 1):
        g = Game(rules, seed=gs)
        play_random(g, policy_rng(gs))
        chance = random.Random(gs)
        pol = policy_rng(gs)
        dealer = chance.randrange(4)
        for result in g.results:
            rec: list[int] = []
            mode, score, weis, stoeck = hand(chance.getrandbits, pol.getrandbits, dealer, rec)
            want = ([c for t in result.tricks for c in t.cards], list(result.points),
                    list(result.bonuses["weis"]), list(result.bonuses["stoeck"]),
                    result.dealer, result.trump)
            got = (rec, score, weis, stoeck, dealer, names[mode] if names else result.trump)
            if got != want:
                print(f"game {number} (seed {gs}) hand {result.number}: engine {want}, "
                      f"playout {got}")
                sys.exit(1)
            compared += 1
            seen["Weis"] += any(weis)
            seen["Stöck"] += any(stoeck)
            seen["match"] += max(score) >= 257
            seen["Obenabe"] += mode == 4
            seen["Undenufe"] += mode == 5
            dealer = (dealer + 1) & 3
        chance, pol = random.Random(gs), policy_rng(gs)
        got_game = game(chance.getrandbits, pol.getrandbits, chance.randrange(4))
        want_game = (len(g.results), list(g.totals["points"]))
        if got_game != (want_game[0], want_game[1]):
            print(f"game {number} (seed {gs}): engine (hands, totals) {want_game}, "
                  f"playout {got_game}")
            sys.exit(1)
        seen["game over mid-hand"] += sum(hand_end_totals(g)) != sum(got_game[1])
    print("hands with " + ", ".join(f"{k} {v}" for k, v in seen.items()))
    return compared


def hand_end_totals(g: object) -> list[int]:
    """The game's totals had its last hand counted whole (card points, Weis, Stöck)."""
    out = [0, 0]
    for r in g.results:  # type: ignore[attr-defined]
        for x in (0, 1):
            out[x] += r.points[x] + r.bonuses["weis"][x] + r.bonuses["stoeck"][x]
    return out


# ---- timing --------------------------------------------------------------------------------

def rate(level: str, hands: int, seed: int, clock: Callable[[], float]) -> float:
    chance, pol = random.Random(seed), random.Random(f"policy:{seed}")
    cbits, pbits = chance.getrandbits, pol.getrandbits
    if level == "game":
        done = 0
        t0 = clock()
        while done < hands:
            done += game(cbits, pbits, done & 3)[0]
        return done / (clock() - t0)
    fn = hand_cards if level == "cards" else hand
    t0 = clock()
    for i in range(hands):
        fn(cbits, pbits, i & 3)
    return hands / (clock() - t0)


def gamesim(hands: int, clock: str) -> float:
    here = Path(__file__).resolve().parent
    py = here.parent / ".oracle-venv" / "bin" / "python"
    out = subprocess.run([str(py), str(here / "jasskit_speed.py"), "--driver", "sim",
                          "--hands", str(hands), "--rounds", "1", "--clock", clock],
                         capture_output=True, text=True, check=True).stdout
    return float(json.loads(out)["median_hands_per_sec"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", type=int, metavar="N", help="compare N games with the engine")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--jasskit-hands", type=int, default=2000)
    parser.add_argument("--no-jasskit", action="store_true")
    args = parser.parse_args()
    if args.check is not None:
        n = check(args.check, args.seed)
        print(f"{n} hands of {args.check} games identical to the engine's")
        return
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    rows: dict[str, list[float]] = {"GameSim": [], "cards": [], "hand": [], "game": []}
    for r in range(args.rounds):
        if not args.no_jasskit:
            rows["GameSim"].append(gamesim(args.jasskit_hands, args.clock))
        for level in ("cards", "hand", "game"):
            rows[level].append(rate(level, args.hands, r, clock))
    base = statistics.median(rows["GameSim"]) if rows["GameSim"] else None
    ratios = {k: [v / g for v, g in zip(rows[k], rows["GameSim"], strict=False)]
              for k in ("cards", "hand", "game")} if base else {}
    for k, v in rows.items():
        if not v:
            continue
        line = f"{k:8} median {statistics.median(v):8.0f} hands/s"
        if k in ratios:
            line += f"  {statistics.median(ratios[k]):5.1f}x GameSim (per-round ratios " \
                    f"{', '.join(f'{x:.1f}' for x in ratios[k])})"
        print(line)


if __name__ == "__main__":
    main()
