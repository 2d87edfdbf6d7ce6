"""CPython's Mersenne Twister (MT19937) in compiled code, on states kept in arrays.

`random.Random.getstate()` is 624 words and a position; `pack` copies it into a row of a
uint32 array (the position in the last slot), `unpack` gives it back, and the compiled
functions draw exactly as CPython's `getrandbits(k)` (k <= 32) and `randrange(n)` do, so
the compiled path and the engine share every draw of a seed.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from numba import njit

N, M = 624, 397


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


@njit(cache=True)
def next32(mt: np.ndarray) -> np.uint32:
    """The next 32-bit output (genrand_uint32); mt[624] is the position."""
    i = mt[N]
    if i >= N:
        _twist(mt)
        i = 0
    y = np.uint32(mt[i])
    mt[N] = i + 1
    y ^= y >> np.uint32(11)
    y ^= (y << np.uint32(7)) & np.uint32(0x9D2C5680)
    y ^= (y << np.uint32(15)) & np.uint32(0xEFC60000)
    y ^= y >> np.uint32(18)
    return y


@njit(cache=True)
def bits(mt: np.ndarray, k: int) -> Any:
    """getrandbits(k) for 1 <= k <= 32."""
    return np.int64(next32(mt) >> np.uint32(32 - k))


@njit(cache=True)
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


@njit(cache=True)
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
    pass, the same for every key, copied from `GENRAND_BASE`)."""
    for i in range(N):
        mt[i] = GENRAND_BASE[i]
    i, j = 1, 0
    n = key.shape[0]
    for _ in range(max(N, n)):
        prev = np.uint64(mt[i - 1])
        mt[i] = np.uint32(((np.uint64(mt[i]) ^ ((prev ^ (prev >> np.uint64(30)))
                                                 * np.uint64(1664525)))
                           + np.uint64(key[j]) + np.uint64(j)) & np.uint64(0xFFFFFFFF))
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= n:
            j = 0
    for _ in range(N - 1):
        prev = np.uint64(mt[i - 1])
        mt[i] = np.uint32(((np.uint64(mt[i]) ^ ((prev ^ (prev >> np.uint64(30)))
                                                 * np.uint64(1566083941))) - np.uint64(i))
                          & np.uint64(0xFFFFFFFF))
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = np.uint32(0x80000000)
    mt[N] = N


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
    table = np.asarray(seeds, np.uint64).astype(np.uint32).reshape(-1, 1)
    if len(seeds) and (table[:, 0] != np.asarray(seeds, np.uint64)).any():
        raise ValueError("seed_rows_32 takes seeds below 2**32")
    _seed_rows(rows, table, np.ones(len(seeds), np.int64))


@njit(cache=True)
def _seed_rows(rows: np.ndarray, table: np.ndarray, lengths: np.ndarray) -> None:
    for i in range(rows.shape[0]):
        init_by_array(rows[i], table[i, :lengths[i]])


@njit(cache=True)
def draw_below(rows: np.ndarray, n: int, out: np.ndarray) -> None:
    """randrange(n) from each row's generator, into out."""
    for i in range(rows.shape[0]):
        out[i] = below(rows[i], n)
