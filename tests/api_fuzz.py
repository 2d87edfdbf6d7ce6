"""Action-sequence fuzzing of the Python API, shared by tests/test_api_fuzz.py (a small
budget in CI) and scripts/fuzz_api.py (a long run).

A sequence is a list of steps drawn by Hypothesis: legal actions (one, or a burst that
carries the game on by whole tricks and hands), illegal and malformed actions, and undo
calls. Each step is checked against what the API promises:

* an illegal or malformed action raises IllegalActionError naming the legal actions, and
  changes nothing (state, generator, history);
* `undo` gives back the last action and the exact state and generator of before it, and
  with nothing to undo raises ApiUsageError and changes nothing;
* the recorded actions, applied to a new game of the same seed (record=False, with an
  illegal action tried before each), give the same state.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

from hypothesis import strategies as st

from jassdsl.core.actions import Action, legal_names
from jassdsl.core.errors import ApiUsageError, IllegalActionError
from jassdsl.engine import Game
from jassdsl.engine.phase import overrides

# A step: (what, number). what 0-3: one legal action (number picks it); 4-5: a burst of
# up to 200 legal actions drawn from random.Random(number); 6-7: an illegal or malformed
# action; 8: undo once; 9: undo number % 4 + 1 times; 10: legal actions to the game's end.
STEPS = st.lists(st.tuples(st.integers(0, 10), st.integers(0, 2**32 - 1)), max_size=80)
SEEDS = st.integers(0, 2**32 - 1)
STATS: Counter[str] = Counter()  # what the checks saw, for scripts/fuzz_api.py to report

KINDS = ("play", "trump", "push", "pass", "weis", "estimate", "bid", "join", "fold",
         "swap", "rob", "take", "decline", "discard", "points", "")
VALUES = (-1, 0, 1, 2, 5, 8, 35, 36, 99, 157, 158, -7, 10**20)
TEXTS = ("DA", "play DA", "play 99", "trump X", "trump -1", "trump 6", "push 1", "push",
         "pass", "weis 2", "estimate 1.5", "bid x", "discard DA", "rob 1", "", "  ",
         "DA DA", "take", "join", "swap", "estimate 99999999999999999999999")
NOT_ACTIONS: tuple[object, ...] = (
    None, 5, -1, 1.5, float("nan"), True, [], [0], {}, b"DA", ("play", 0), object(), 10**5000,
    Action("play", 1.0), Action("play", None), Action("trump", "H"),
    Action(None), Action(5), Action("weis", True), Action("bid", []), Action("column", "x"),
    Action("column", 1.5), Action([], 1), Action("zzz", None), Action("estimate", 10**5000),
)


Fingerprint = tuple[bytes, tuple[Any, ...], tuple[Any, ...], Any, tuple[Action, ...]]
UNPICKLED = ("results", "tricks")  # records, immutable: kept as they are


def fingerprint(game: Game) -> Fingerprint:
    """The whole state, the generator and the history, as values (deep, so a later change
    of the game cannot reach them). The finished hands' records and the hand's finished
    tricks are immutable and only ever appended, so they are kept as they are rather than
    pickled each time. White-box: it reads the engine's state (`game.s`), which no code
    outside the engine may do."""
    state = {k: v for k, v in vars(game.s).items() if k not in UNPICKLED}
    return (pickle.dumps(state), tuple(game.s.results), tuple(game.s.tricks),
            game.chance.getstate(), tuple(game.history))


def candidate(game: Game, number: int) -> object:
    """Something to apply that is not a legal action now, or None when the pick is legal."""
    rng = random.Random(number)
    pick = rng.randrange(4)
    if pick == 0:
        thing: object = Action(rng.choice(KINDS), rng.choice(VALUES))
    elif pick == 1:
        thing = Action("play", rng.randrange(36))
    elif pick == 2:
        thing = rng.choice(TEXTS)
    else:
        return rng.choice(NOT_ACTIONS)
    action = thing
    if isinstance(thing, str):
        try:
            action = Action.parse(thing)
        except ApiUsageError:
            return thing
    return None if action in game.legal_actions() else thing


def check_illegal(game: Game, thing: object, now: Fingerprint | None = None) -> Fingerprint:
    """`thing` raises IllegalActionError naming the legal actions, and changes nothing;
    returns the game's fingerprint (`now`: the fingerprint of the game as it is, where
    the caller has it)."""
    before = fingerprint(game) if now is None else now
    # the game's names: a run of values as a range, a file's mode or a named value by its
    # name (`trump slalom`, `bid match`), a scoresheet's column by its name
    named = game.legal_names() if not game.is_over else []
    phase = game.chain.by_name.get(game.phase)
    if not game.is_over and not any(a.kind == "column" for a in game.legal_actions()) \
            and (phase is None or not overrides(phase, "read")):  # a phase naming its own
        # actions (a sheet's columns, bids naming the mode) names them its way
        assert named == legal_names(game.legal_actions(), game.rules.mode_names,
                                    game.rules.value_names)
    if isinstance(thing, Action):  # named as it is, whatever it holds
        assert isinstance(game.action_text(thing), str)
    try:
        game.apply(thing)
    except IllegalActionError as err:
        assert err.legal == named, (thing, err.legal, named)
        assert str(err).endswith("legal now: " + (", ".join(named) or "none")), str(err)
    else:
        raise AssertionError(f"{thing!r} was applied in phase {game.phase}")
    assert fingerprint(game) == before, f"{thing!r} changed the game"
    STATS["illegal"] += 1
    return before


def check_undo(game: Game, saved: list[Fingerprint],
               now: Fingerprint | None = None) -> Fingerprint:
    """One undo: back to the state before the last action, or ApiUsageError and no change;
    returns the game's fingerprint after it (`now`: the one before, where known)."""
    if not saved:
        before = fingerprint(game) if now is None else now
        try:
            game.undo()
        except ApiUsageError:
            assert fingerprint(game) == before
            return before
        raise AssertionError("undo with nothing to undo did not raise")
    last = game.history[-1]
    assert game.undo() == last
    back = saved.pop()
    assert fingerprint(game) == back
    STATS["undo"] += 1
    return back


def legal_step(game: Game, number: int, saved: list[Fingerprint],
               now: Fingerprint | None = None) -> None:
    """One legal action, the fingerprint of before it saved (`now`, where known)."""
    legal = game.legal_actions()
    if not legal:
        return
    saved.append(fingerprint(game) if now is None else now)
    game.apply(legal[number % len(legal)])


def run_steps(name: str, options: dict[str, int | str], seed: int,
              steps: list[tuple[int, int]], hands: int | None = None) -> Game:
    """Play the steps on a recorded game, checking each; then check the replay. With
    `hands`, no legal action is taken once that many hands are finished (the promises
    hold hand by hand; a random Bieter game runs to its limit of 200 hands)."""
    game = Game(name, seed=seed, options=options, record=True)
    saved: list[Fingerprint] = []
    # the game's fingerprint where a check has just taken it and nothing changed the game
    # since (an illegal action or an undo leaves one behind): not taken again
    now: Fingerprint | None = None

    def done() -> bool:
        return game.is_over or (hands is not None and len(game.results) >= hands)

    for what, number in steps:
        if what <= 3:
            if not done():
                legal_step(game, number, saved, now)
                now = None
        elif what in (4, 5, 10):
            rng = random.Random(number)
            for _ in range(rng.randrange(1, 201) if what < 10 else 10**6):
                if done():
                    break
                legal_step(game, rng.randrange(2**16), saved, now)
                now = None
        elif what <= 7:
            thing = candidate(game, number)
            if thing is not None:
                now = check_illegal(game, thing, now)
        else:
            for _ in range(1 if what == 8 else number % 4 + 1):
                now = check_undo(game, saved, now)
        assert len(saved) == len(game.history)
    check_replay(game, name, options, seed)
    STATS["sequences"] += 1
    STATS["actions"] += len(game.history)
    STATS["hands"] += len(game.results)
    STATS["games over"] += game.is_over
    return game


def check_replay(game: Game, name: str, options: dict[str, int | str], seed: int) -> None:
    """The recorded actions replay to the same state, on a game that keeps no history and
    is tried with an illegal action before each of them."""
    again = Game(name, seed=seed, options=options, record=False)
    for i, action in enumerate(game.history):
        thing = candidate(again, i)
        if thing is not None:
            check_illegal(again, thing)
        again.apply(action)
    assert again.s == game.s  # white-box: the engine's whole state
    assert again.chance.getstate() == game.chance.getstate()
    assert [again.observation(x) for x in range(again.n)] == \
        [game.observation(x) for x in range(game.n)]

