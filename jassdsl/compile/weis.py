"""Weis: card combinations declared for points, found and compared from a rule file's table.

A Weis table (``weis small: sequence 3 = 20, ..., four J = 200; each card once``) lists
what counts. Sequences run in the fixed order A K Q J 10 9 8 7 6 of every suit. The
comparison follows the common rules: the higher value wins; at equal value a sequence
beats four of a kind; a longer sequence beats a shorter one; then the higher top card
(in Undenufe the lower), then the trump suit; a full tie goes to the player who plays
earlier to the first trick.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from typing import Any

from jassdsl.core.cards import CARD_NAMES, SUIT_MASKS

UNDENUFE = 5


@dataclass(frozen=True)
class WeisTable:
    sequences: dict[int, int]  # length -> points; lengths above the longest listed use it
    fours: dict[int, int]  # rank index -> points
    reuse: bool  # may a card count in a sequence and a four of a kind at once
    # per trump mode, the sequences of every suit chunk (`suit_sequences`); not compared
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True, order=True)
class Weis:
    """One combination in a hand; `key` orders Weise from worst to best."""

    key: tuple[int, ...]
    value: int
    kind: str  # "sequence" or "four"
    cards: int  # bitmask
    top: int  # the highest card of a sequence, or any card of a four


RANK_MASKS = tuple(sum(1 << (suit * 9 + rank) for suit in range(4)) for rank in range(9))


@cache
def chunk_runs(chunk: int, shortest: int) -> tuple[tuple[int, int], ...]:
    """(first rank, length) of each run of at least `shortest` ranks in one suit's 9 bits."""
    out, start = [], -1
    for rank in range(10):  # rank 9 is a sentinel that ends the last run
        if rank < 9 and chunk >> rank & 1:
            start = rank if start < 0 else start
            continue
        if start >= 0 and rank - start >= shortest:
            out.append((start, rank - start))
        start = -1
    return tuple(out)


def runs(hand: int, table: WeisTable) -> Iterator[list[int]]:
    """Every run of consecutive cards of one suit in hand, long enough to count."""
    shortest = min(table.sequences, default=99)
    for suit in range(4):
        for start, length in chunk_runs(hand >> (9 * suit) & 511, shortest):
            yield [suit * 9 + r for r in range(start, start + length)]


def sequence_value(table: WeisTable, length: int) -> int:
    listed = [n for n in table.sequences if n <= length]
    return table.sequences[max(listed)] if listed else 0


def find_weise(hand: int, table: WeisTable, mode: int) -> list[Weis]:
    """Every maximal sequence and every four of a kind the table counts in hand."""
    found = [make_sequence(run, table, mode) for run in runs(hand, table)]
    for rank, value in table.fours.items():
        mask = RANK_MASKS[rank]
        if hand & mask == mask:  # the card of suit 0 stands for the four
            found.append(Weis(weis_key(value, False, 4, rank, mode, False), value, "four",
                              mask, rank))
    return found


def make_sequence(run: list[int], table: WeisTable, mode: int) -> Weis:
    value = sequence_value(table, len(run))
    top = run[0] if mode != UNDENUFE else run[-1]
    mask = sum(1 << c for c in run)
    is_trump = mode < 4 and run[0] // 9 == mode
    return Weis(weis_key(value, True, len(run), top % 9, mode, is_trump), value, "sequence",
                mask, top)


def weis_key(value: int, seq: bool, length: int, rank: int, mode: int, trump: bool) -> tuple[
        int, ...]:
    height = rank if mode == UNDENUFE else 8 - rank  # rank index 0 is the Ace
    return (value, int(seq), length if seq else 0, height, int(trump))


def declaration(hand: int, table: WeisTable, mode: int) -> list[Weis]:
    """The most valuable set of Weise a hand can declare (see `search_declaration`)."""
    return list(hand_weise(hand, table, mode))


def hand_weise(hand: int, table: WeisTable, mode: int) -> tuple[Weis, ...]:
    """`search_declaration`, fast: the sequences come from per-suit tables.

    The Weise of a hand are those of its four 9-card suit chunks, plus its fours. So
    unless the hand holds a four of a kind that the table counts (about one hand in 80),
    the answer is the sequences of each chunk, found once per table, mode and chunk;
    with reuse in `find_weise` order, without it best first, as the search returns."""
    per_suit = suit_sequences(table, mode)
    c0, c1, c2, c3 = hand & 511, hand >> 9 & 511, hand >> 18 & 511, hand >> 27 & 511
    if c0 & c1 & c2 & c3 & per_suit[4]:
        return tuple(search_declaration(hand, table, mode))
    p0, p1, p2, p3 = per_suit[:4]
    s0, s1, s2, s3 = p0[c0], p1[c1], p2[c2], p3[c3]
    if s0 is None or s1 is None or s2 is None or s3 is None:
        s0, s1, s2, s3 = (sequences_of(per_suit, suit, c, table, mode)
                          for suit, c in enumerate((c0, c1, c2, c3)))
    found: tuple[Weis, ...] = s0 + s1 + s2 + s3
    if table.reuse or len(found) < 2:
        return found
    return tuple(sorted(found, reverse=True))


def suit_sequences(table: WeisTable, mode: int) -> list[Any]:
    """Per suit, a 512-slot list of each chunk's sequences (filled on first use), then the
    mask of the ranks whose four of a kind the table counts.

    A suit's sequences depend on the mode only through Undenufe (the order of tops) and
    whether the suit is trump (`weis_key`), so the modes share three lists per suit:
    trump, Undenufe and every other mode. A chunk without a run long enough to count
    holds none in any mode; those slots start filled."""
    per_suit: list[Any] | None = table.cache.get(mode)
    if per_suit is None:
        slots: dict[tuple[int, str], list[Any]] | None = table.cache.get("slots")
        if slots is None:
            slots = table.cache["slots"] = {}
        shortest = min(table.sequences, default=99)
        runless = [() if not chunk_runs(c, shortest) else None for c in range(512)]
        per_suit = []
        for suit in range(4):
            kind = "trump" if mode == suit else "undenufe" if mode == UNDENUFE else "plain"
            chunks = slots.get((suit, kind))
            if chunks is None:
                chunks = slots[suit, kind] = runless[:]
            per_suit.append(chunks)
        per_suit.append(sum(1 << rank for rank in table.fours))
        table.cache[mode] = per_suit
    return per_suit


def sequences_of(per_suit: list[Any], suit: int, chunk: int, table: WeisTable,
                 mode: int) -> tuple[Weis, ...]:
    """The sequences the table counts in one suit chunk: maximal runs with reuse, else
    the best split of every run."""
    found: tuple[Weis, ...] | None = per_suit[suit][chunk]
    if found is None:
        if table.reuse:
            shortest = min(table.sequences, default=99)
            found = tuple(make_sequence(list(range(9 * suit + start, 9 * suit + start + n)),
                                        table, mode) for start, n in chunk_runs(chunk, shortest))
        else:
            found = tuple(best_sequences(chunk << 9 * suit, table, mode))
        per_suit[suit][chunk] = found
    return found


def search_declaration(hand: int, table: WeisTable, mode: int) -> list[Weis]:
    """The most valuable set of Weise a hand can declare.

    With reuse (the big table) that is every maximal sequence and every four of a kind.
    Without it each card counts once: we try every set of fours and split the remaining
    runs into the best sequences (a run of eight may be worth more as five plus three)."""
    weise = find_weise(hand, table, mode)
    if table.reuse:
        return weise
    fours = [w for w in weise if w.kind == "four"]
    best: list[Weis] = []
    best_value = -1
    for k in range(len(fours) + 1):
        for chosen in combinations(fours, k):
            used = sum(w.cards for w in chosen)
            sequences = best_sequences(hand & ~used, table, mode)
            picked = [*chosen, *sequences]
            value = sum(w.value for w in picked)
            if value > best_value:
                best, best_value = picked, value
    return sorted(best, reverse=True)


def best_sequences(hand: int, table: WeisTable, mode: int) -> list[Weis]:
    """The best split of every run in hand into sequences, each card used once."""
    return [w for run in runs(hand, table) for w in split_run(run, table, mode)]


def split_run(run: list[int], table: WeisTable, mode: int) -> list[Weis]:
    """Dynamic programme over the run: best[i] is the best split of its first i cards.

    Splits are ranked by value, then by their longest piece: at equal value the longer
    sequence is declared, as it wins the comparison."""
    shortest = min(table.sequences)
    Split = tuple[int, int, list[tuple[int, int]]]  # value, longest piece, pieces
    best: list[Split] = [(0, 0, [])] * (len(run) + 1)
    for i in range(1, len(run) + 1):
        best[i] = best[i - 1]
        for k in range(shortest, i + 1):
            value, longest, pieces = best[i - k]
            cand = (value + sequence_value(table, k), max(longest, k), [*pieces, (i - k, i)])
            if cand[:2] > best[i][:2]:
                best[i] = cand
    return [make_sequence(run[a:b], table, mode) for a, b in best[len(run)][2]]


def best_seat(declared: Mapping[int, Sequence[Weis]], order: Sequence[int]) -> int:
    """The seat holding the best Weis; order lists seats as they play to the first trick."""
    best_seat_, best_key = -1, None
    for seat in order:
        for w in declared.get(seat, []):
            if best_key is None or w.key > best_key:
                best_seat_, best_key = seat, w.key
    return best_seat_


def stoeck_pair(mode: int) -> int:
    """The trump King and Queen as a mask; 0 without a trump suit."""
    if not 0 <= mode < 4:
        return 0
    return (1 << (mode * 9 + 1)) | (1 << (mode * 9 + 2))


def stoeck_holder(hands: Sequence[int], mode: int) -> int:
    """The seat dealt both the trump King and Queen (Stöck), or -1."""
    pair = stoeck_pair(mode)
    if not pair:
        return -1
    for seat, h in enumerate(hands):
        if h & pair == pair:
            return seat
    return -1


def table_weise(cards: int, table: WeisTable) -> list[Weis]:
    """The Weise formed by the cards lying in one trick (a table Weis).

    A trick of four cards holds at most a sequence of three or four in one suit or a four
    of a kind, never both, so whether a card may count twice cannot matter. Table Weise are
    never compared with each other, so no suit is taken as trump for them."""
    return declaration(cards, table, -1)


def trump_made_in(tricks: Sequence[Sequence[int]], by_card: bool) -> int:
    """The index of the trick in which trump was made: the first trick with a card off the
    led suit when such a card sets trump (`by_card`: the first void), else 0 (trump is
    known before play); the number of tricks when it was never made."""
    if not by_card:
        return 0
    return next((i for i, cards in enumerate(tricks)
                 if any(c // 9 != cards[0] // 9 for c in cards)), len(tricks))


def trick_bonuses(tricks: Sequence[Sequence[int]], table: WeisTable | None, mode: int,
                  since: int) -> list[tuple[list[Weis], bool]]:
    """Per trick: its table Weise, and whether trump King and Queen lie in it with trump
    made in this or an earlier trick (table Stöck)."""
    pair = stoeck_pair(mode)
    out = []
    for i, cards in enumerate(tricks):
        mask = sum(1 << c for c in cards)
        weise = table_weise(mask, table) if table is not None else []
        out.append((weise, bool(pair) and i >= since and mask & pair == pair))
    return out


def weis_label(w: Weis) -> str:
    """A declared Weis as a person says it, e.g. 'sequence of 4 to HK (50)'."""
    if w.kind == "four":
        return f"four {CARD_NAMES[w.top][1:]} ({w.value})"
    return f"sequence of {w.cards.bit_count()} to {CARD_NAMES[w.top]} ({w.value})"


def suit_cards(hand: int, suit: int) -> int:
    return hand & SUIT_MASKS[suit]
