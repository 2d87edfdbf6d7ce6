"""The pure-Python playout: whole games of random legal play without `Game`'s machinery.

For installs without numba (and `simulate --no-compiled`), random bots' games of a file
it covers are played by one loop per hand (`hand.Playout`) over the engine's own compiled
data: `Play.plan`'s follow regime and beat rows per mode and trick, the point chunks, the
deal plan, the trump choices with the push (and the roles chooser and pusher), the
declarations in turn as `engine.declare` asks them, the Weis each seat holds
(`compile.weis`), the Stöck holder; and each hand is scored by the file's clauses,
invariants, `count first:` and game end, on the same `HandFacts` the engine builds. The
deal (`dealing`), the cards (`cards`) and the hand's end (`ending`) are Python source
written per rule file from the same data; the general loop and the engine's own scoring
pieces play and score what they do not write. The draws are the
engine's (the game's chance, `POLICY_SEED`'s policy, option ``(b * k) >> 32`` of k), so a
seed plays the very game `Game` plays; `tests/test_pyplay.py` checks that.

`cover.reasons(rules)` says what in a file the loop does not cover (empty: it covers it).
"""
