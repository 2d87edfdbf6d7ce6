"""CPython's Mersenne Twister (MT19937) in compiled code, on states kept in arrays.

`random.Random.getstate()` is 624 words and a position; `pack` copies it into a row of a
uint32 array (the position in the last slot), `unpack` gives it back, and the compiled
functions draw exactly as CPython's `getrandbits(k)` (k <= 32) and `randrange(n)` do, so
the compiled path and the engine share every draw of a seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit

N, M = 624, 397
_F = TypeVar("_F", bound=Callable[..., Any])


def no_refs(fn: _F) -> _F:
    """`njit(cache=True)` without numba's reference counting, for a compiled function
    that another calls per game or hand (never Python), that allocates no array and
    returns none: numba would increment and decrement, atomically, every array it takes
    and every slice it makes, at every call, although the caller holds them all (in
    begin_play, new_hand, close and the twist that was about 15% of the batched env's
    time)."""
    options: dict[str, Any] = {"_nrt": False}
    return cast(_F, njit(cache=True, **options)(fn))


def pack(rng: random.Random, row: np.ndarray) -> None:
    """Put a generator's state into one row (625 uint32)."""
    version, words, _ = rng.getstate()
    assert version == 3
    row[:] = words


def unpack(row: np.ndarray) -> random.Random:
    """A generator in the state of one row."""
    rng = random.Random()
    rng.setstate((3, tuple(row.tolist()), None))
    return rng


@njit(cache=True, inline="always")
def _word(mt: np.ndarray, i: int, j: int, k: int) -> None:
    y = (np.uint32(mt[i]) & np.uint32(0x80000000)) | (np.uint32(mt[j]) & np.uint32(0x7FFFFFFF))
    v = np.uint32(mt[k]) ^ (y >> np.uint32(1))
    if y & np.uint32(1):
        v ^= np.uint32(0x9908B0DF)
    mt[i] = v


@njit(cache=True, inline="always")
def _twist(mt: np.ndarray) -> None:
    """The refill of all 624 words, in three runs so that no index needs a modulo."""
    for i in range(N - M):
        _word(mt, i, i + 1, i + M)
    for i in range(N - M, N - 1):
        _word(mt, i, i + 1, i + M - N)
    _word(mt, N - 1, 0, M - 1)


@no_refs
def refill(mt: np.ndarray) -> None:
    """The twist, once every 624 outputs: a call of its own, so that the draws that
    inline `next32` do not each carry its loops."""
    _twist(mt)
    mt[N] = 0


@njit(cache=True, inline="always")
def next32(mt: np.ndarray) -> np.uint32:
    """The next 32-bit output (genrand_uint32); mt[624] is the position. The draws are
    inlined where they are made: a call of a compiled function that takes an array
    costs numba about ten times the draw."""
    if mt[N] >= N:
        refill(mt)
    i = mt[N]
    y = np.uint32(mt[i])
    mt[N] = i + 1
    y ^= y >> np.uint32(11)
    y ^= (y << np.uint32(7)) & np.uint32(0x9D2C5680)
    y ^= (y << np.uint32(15)) & np.uint32(0xEFC60000)
    y ^= y >> np.uint32(18)
    return y


@njit(cache=True, inline="always")
def bits(mt: np.ndarray, k: int) -> Any:
    """getrandbits(k) for 1 <= k <= 32."""
    return np.int64(next32(mt) >> np.uint32(32 - k))


@njit(cache=True, inline="always")
def below(mt: np.ndarray, n: int) -> Any:
    """randrange(n) for 1 <= n < 2**32: k = n.bit_length() bits, drawn again while >= n."""
    k: Any = np.int64(0)
    x = np.int64(n)
    while x:
        k += 1
        x >>= 1
    r = bits(mt, k)
    while r >= n:
        r = bits(mt, k)
    return r


@njit(cache=True, inline="always")
def choose(mt: np.ndarray, k: int) -> Any:
    """The random policy's index among k options (`playout.choose`): (b * k) >> 32, b
    drawn only where there is a choice."""
    if k <= 1:
        return np.int64(0)
    return np.int64((np.uint64(next32(mt)) * np.uint64(k)) >> np.uint64(32))


def seed_key(seed: int | str) -> np.ndarray:
    """The key CPython's `random.seed(seed)` hands to init_by_array: the 32-bit words of
    the number, lowest first (a str seed becomes the number of its bytes followed by
    their SHA-512, as `random.seed` version 2 makes it)."""
    from hashlib import sha512

    if isinstance(seed, str):
        raw = seed.encode()
        seed = int.from_bytes(raw + sha512(raw).digest(), "big")
    seed = abs(seed)
    words = max(1, (seed.bit_length() + 31) // 32)
    return np.frombuffer(seed.to_bytes(words * 4, "little"), dtype="<u4").astype(np.uint32)


def _genrand_base() -> np.ndarray:
    """`init_genrand(19650218)`, where `init_by_array` starts from whatever the key."""
    mt = np.zeros(N, np.uint32)
    mt[0] = 19650218
    for i in range(1, N):
        prev = int(mt[i - 1])
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF
    return mt


GENRAND_BASE = _genrand_base()


@njit(cache=True)
def init_by_array(mt: np.ndarray, key: np.ndarray) -> None:
    """CPython's `init_by_array`: the state `random.Random(seed)` starts from (its first
    pass, the same for every key, copied from `GENRAND_BASE`). The word just made is
    carried in a local, the arithmetic is int64's (no product passes 2**63)."""
    for i in range(N):
        mt[i] = GENRAND_BASE[i]
    i, j = 1, 0
    n = key.shape[0]
    prev = np.int64(mt[0])
    for _ in range(max(N, n)):
        v = ((np.int64(mt[i]) ^ ((prev ^ (prev >> 30)) * 1664525)) + np.int64(key[j]) + j
             ) & 0xFFFFFFFF
        mt[i] = v
        prev = v
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= n:
            j = 0
    for _ in range(N - 1):
        v = ((np.int64(mt[i]) ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        mt[i] = v
        prev = v
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = np.uint32(0x80000000)
    mt[N] = N


def key_bytes(seed: int | str) -> bytes:
    """`seed_key` as its little-endian bytes (a multiple of 4), made without the big
    number: a str seed's bytes and their SHA-512, reversed, leading zeros dropped."""
    from hashlib import sha512

    if isinstance(seed, str):
        raw = seed.encode()
        data = (raw + sha512(raw).digest()).lstrip(b"\0")[::-1]
        return data + bytes(-len(data) % 4) if data else bytes(4)
    seed = abs(seed)
    return seed.to_bytes(max(1, (seed.bit_length() + 31) // 32) * 4, "little")


def seed_all(rows: np.ndarray, seeds: Sequence[int | str | None]) -> None:
    """`seed_rows` with each seed's key (`seed_key`; None: the key 0), the keys read
    into one table at once (each padded with zero words to the longest; seeds of one
    word, as `simulate` draws them, straight from their numbers)."""
    if seeds and all(type(x) is int and 0 <= x < 2**32 for x in seeds):
        seed_words(rows, np.arange(len(seeds), dtype=np.int64), np.asarray(seeds, np.uint32))
        return
    raw = [bytes(4) if x is None else key_bytes(x) for x in seeds]
    width = max([len(x) for x in raw], default=4)
    table = np.frombuffer(b"".join([x.ljust(width, b"\0") for x in raw]), "<u4")
    lengths = np.fromiter([len(x) >> 2 for x in raw], np.int64, len(raw))
    _seed_rows(rows, table.astype(np.uint32).reshape(len(raw), width >> 2), lengths)


def seed_rows(rows: np.ndarray, keys: list[np.ndarray]) -> None:
    """`init_by_array` for each row with its key (one compiled call for all)."""
    width = max([len(k) for k in keys], default=1)
    table = np.zeros((len(keys), width), np.uint32)
    lengths = np.zeros(len(keys), np.int64)
    for i, k in enumerate(keys):
        table[i, :len(k)] = k
        lengths[i] = len(k)
    _seed_rows(rows, table, lengths)


def seed_rows_32(rows: np.ndarray, seeds: list[int]) -> None:
    """`seed_rows` for seeds below 2**32, whose key is the seed itself as one word (the
    seeds `simulate` and the batched environment draw), without a key per seed."""
    words = np.asarray(seeds, np.uint64)
    if len(seeds) and (words >> np.uint64(32)).any():
        raise ValueError("seed_rows_32 takes seeds below 2**32")
    seed_words(rows, np.arange(len(seeds), dtype=np.int64), words.astype(np.uint32))


LANES = 16  # the rows `seed_words` seeds side by side


@njit(cache=True, inline="always")
def _lanes(lane: np.ndarray, lo: int, hi: int, mul: int, key: np.ndarray, sub: int) -> None:
    """Words lo .. hi-1 of a pass of `init_by_array` (multiplier `mul`) in every lane,
    each made from the word before it (the one the C code carries), plus the key word,
    less the index where `sub` (the second pass)."""
    for i in range(lo, hi):
        for x in range(LANES):
            p = lane[i - 1, x]
            lane[i, x] = np.uint32((lane[i, x] ^ ((p ^ (p >> np.uint32(30))) * np.uint32(mul)))
                                   + key[x] - np.uint32(i * sub))


@njit(cache=True)
def seed_words(rows: np.ndarray, at: np.ndarray, words: np.ndarray) -> None:
    """`init_by_array` with a key of one word: row at[i] of `rows` seeded as
    `random.Random(words[i])` is, LANES rows at a time side by side (a word waits on the
    one before it in its row, not on the other rows'; 30% less than `_init4` a row).
    The arithmetic is mod 2**32, as the C code's; the key's index stays 0; where a pass
    comes to the end of the row, word 0 becomes word N-1 and the pass goes on from 1."""
    lane = np.empty((N, LANES), np.uint32)
    key = np.zeros(LANES, np.uint32)
    nokey = np.zeros(LANES, np.uint32)
    for first in range(0, at.shape[0], LANES):
        m = min(LANES, at.shape[0] - first)
        for x in range(m):
            key[x] = words[first + x]
        for i in range(N):
            for x in range(LANES):
                lane[i, x] = GENRAND_BASE[i]
        _lanes(lane, 1, N, 1664525, key, 0)  # max(N, 1) = N words: 1 .. N-1, then 1
        lane[0, :] = lane[N - 1, :]
        _lanes(lane, 1, 2, 1664525, key, 0)
        _lanes(lane, 2, N, 1566083941, nokey, 1)  # N - 1 words: 2 .. N-1, then 1
        lane[0, :] = lane[N - 1, :]
        _lanes(lane, 1, 2, 1566083941, nokey, 1)
        for x in range(m):
            g = at[first + x]
            rows[g, 0] = np.uint32(0x80000000)
            for j in range(1, N):
                rows[g, j] = lane[j, x]
            rows[g, N] = N


@njit(cache=True)
def _init4(m0: np.ndarray, m1: np.ndarray, m2: np.ndarray, m3: np.ndarray,
           k0: np.ndarray, k1: np.ndarray, k2: np.ndarray, k3: np.ndarray) -> None:
    """`init_by_array` of four rows at once (keys of at most N words): each word waits
    for the one before it, so one row at a time waits on its multiplications; four
    interleaved do not wait on each other."""
    for i in range(N):
        x = GENRAND_BASE[i]
        m0[i], m1[i], m2[i], m3[i] = x, x, x, x
    n0, n1, n2, n3 = k0.shape[0], k1.shape[0], k2.shape[0], k3.shape[0]
    j0 = j1 = j2 = j3 = 0
    p0 = p1 = p2 = p3 = np.int64(GENRAND_BASE[0])
    i = 1
    for _ in range(N):
        p0 = ((np.int64(m0[i]) ^ ((p0 ^ (p0 >> 30)) * 1664525)) + np.int64(k0[j0]) + j0
              ) & 0xFFFFFFFF
        p1 = ((np.int64(m1[i]) ^ ((p1 ^ (p1 >> 30)) * 1664525)) + np.int64(k1[j1]) + j1
              ) & 0xFFFFFFFF
        p2 = ((np.int64(m2[i]) ^ ((p2 ^ (p2 >> 30)) * 1664525)) + np.int64(k2[j2]) + j2
              ) & 0xFFFFFFFF
        p3 = ((np.int64(m3[i]) ^ ((p3 ^ (p3 >> 30)) * 1664525)) + np.int64(k3[j3]) + j3
              ) & 0xFFFFFFFF
        m0[i], m1[i], m2[i], m3[i] = p0, p1, p2, p3
        i += 1
        if i >= N:
            m0[0], m1[0], m2[0], m3[0] = m0[N - 1], m1[N - 1], m2[N - 1], m3[N - 1]
            i = 1
        j0 = j0 + 1 if j0 + 1 < n0 else 0
        j1 = j1 + 1 if j1 + 1 < n1 else 0
        j2 = j2 + 1 if j2 + 1 < n2 else 0
        j3 = j3 + 1 if j3 + 1 < n3 else 0
    for _ in range(N - 1):
        p0 = ((np.int64(m0[i]) ^ ((p0 ^ (p0 >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        p1 = ((np.int64(m1[i]) ^ ((p1 ^ (p1 >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        p2 = ((np.int64(m2[i]) ^ ((p2 ^ (p2 >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        p3 = ((np.int64(m3[i]) ^ ((p3 ^ (p3 >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        m0[i], m1[i], m2[i], m3[i] = p0, p1, p2, p3
        i += 1
        if i >= N:
            m0[0], m1[0], m2[0], m3[0] = m0[N - 1], m1[N - 1], m2[N - 1], m3[N - 1]
            i = 1
    for mt in (m0, m1, m2, m3):
        mt[0] = np.uint32(0x80000000)
        mt[N] = N


@njit(cache=True)
def _seed_rows(rows: np.ndarray, table: np.ndarray, lengths: np.ndarray) -> None:
    b = rows.shape[0]
    g = 0
    if table.shape[1] <= N:  # four at a time, the rest one by one
        while g + 4 <= b:
            _init4(rows[g], rows[g + 1], rows[g + 2], rows[g + 3],
                   table[g, :lengths[g]], table[g + 1, :lengths[g + 1]],
                   table[g + 2, :lengths[g + 2]], table[g + 3, :lengths[g + 3]])
            g += 4
    for i in range(g, b):
        init_by_array(rows[i], table[i, :lengths[i]])


@njit(cache=True)
def draw_below(rows: np.ndarray, n: int, out: np.ndarray) -> None:
    """randrange(n) from each row's generator, into out."""
    for i in range(rows.shape[0]):
        out[i] = below(rows[i], n)
