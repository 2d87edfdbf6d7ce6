"""The compiled playout: whole games of random legal play from a rule file's tables.

An optional fast path (``pip install -e '.[fast]'``: numba). `tables.build` turns
`CompiledRules` into arrays (beat rows per mode and trick, follow regimes, card points,
the deal plan, Weis per suit chunk, the trump method and the declarations), `kernel`
plays hands over them in one compiled loop, and `games.play_games` plays many games of
one file in lockstep: the kernel plays the next hand of every game still running, then
`scorer` scores those hands for all games at once with numpy, from the file's own scoring
clauses. The random policy and every draw of the engine are the same
(`twister`: CPython's Mersenne Twister), so a seed plays the very games `Game` plays;
`tests/test_fast.py` checks that over the files and options it covers.

`reasons(rules)` says what in a file the path does not cover (empty: it covers the file);
`simulate --bots random` uses the path where that is empty and numba is installed.
"""

from __future__ import annotations

import importlib.util


def available() -> str:
    """'' where the compiled path can run, else why not (numba is an optional extra)."""
    if importlib.util.find_spec("numba") is None or importlib.util.find_spec("numpy") is None:
        return "numba is not installed (pip install 'jassdsl[fast]')"
    return ""
