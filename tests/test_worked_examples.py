"""The worked examples and the plain statements of the rule texts, reproduced.

Sources: pagat (Mittlere, Molotow, Plus-Minus) and Allmedias (Plusminus, Molotow). A single
hand is scored by running the compiled clauses on a `HandFacts` built from the numbers of
the example. Examples that span several hands (held sticks, cross marks, the game end) run
through a real `Game` in which only the card points are replaced: the engine keeps its own
grant, abeyance and game-end logic, which is not available without a Game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.scoring import CompiledClause, Grant, HandFacts
from jassdsl.engine import Game, HandResult
from jassdsl.registry import load_rules


# --- helpers ----------------------------------------------------------------------------------
def default_tricks(points: Sequence[int], total: int) -> list[int]:
    """One trick for everyone with points, the rest to the top scorer."""
    tricks = [1 if p > 0 else 0 for p in points]
    top = max(range(len(points)), key=lambda s: points[s])
    tricks[top] += total - sum(tricks)
    return tricks


def hand_facts(rules: CompiledRules, points: Sequence[int], tricks: Sequence[int] | None = None,
               seed: int = 0) -> HandFacts:
    """The facts of one hand with the given card points (and tricks) per player."""
    n = rules.subjects
    tricks = list(tricks) if tricks is not None else default_tricks(points, 36 // rules.players)
    top = max(range(n), key=lambda s: points[s])
    winners = [s for s in range(n) for _ in range(tricks[s]) if s != top] + [top] * tricks[top]
    return HandFacts(
        n=n, players=rules.players, hand=1, points=list(points), tricks=tricks, won=[0] * n,
        trick_winners=winners, declared={}, totals={u: [0] * n for u in rules.units},
        options=dict(rules.options), rng=random.Random(seed),
    )


def first_clause(rules: CompiledRules, facts: HandFacts) -> CompiledClause:
    return next(c for c in rules.clauses if c.applies(facts))


def score(rules: CompiledRules, facts: HandFacts) -> tuple[str, dict[str, list[int]]]:
    """The clause that decides the hand and what it gives now (held amounts left out)."""
    clause = first_clause(rules, facts)
    delta = {u: [0] * rules.subjects for u in rules.units}
    for g in clause.grants(facts):
        if not g.held_with:
            delta[g.unit][g.subject] += g.amount
    return clause.id, delta


def play_hands(name: str, hands: Sequence[Sequence[int]], seed: int = 1,
               options: dict[str, int] | None = None,
               tricks: Sequence[Sequence[int]] | None = None) -> Game:
    """A game whose hands score with the given card points (and tricks); cards at random."""
    game = Game(name, seed=seed, options=options)
    todo = [list(p) for p in hands]
    todo_tricks = [list(t) for t in tricks] if tricks is not None else None
    end = game.chain.end  # white-box: the hand's facts are replaced by the example's
    real_facts = end.facts

    def facts(g: Game) -> HandFacts:
        f = real_facts(g)
        made = hand_facts(game.rules, todo.pop(0), todo_tricks.pop(0) if todo_tricks else None)
        f.points, f.tricks, f.trick_winners = made.points, made.tricks, made.trick_winners
        return f

    end.facts = facts  # type: ignore[method-assign]
    rng = random.Random(seed)
    while todo and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def totals(r: HandResult, unit: str) -> tuple[int, ...]:
    return tuple(r.totals[unit])


# --- Mittlere (pagat) ----------------------------------------------------------------------------
def test_mittlere_121_36_0_is_scored_by_no_trick() -> None:
    """A 121, B 36, C no trick: C two potatoes, A and B a stick; A's 100 does not count."""
    rules = load_rules("mittlere")
    facts = hand_facts(rules, [121, 36, 0], [8, 4, 0])
    assert score(rules, facts) == ("no-trick", {"sticks": [1, 1, -2]})
    hundred = next(c for c in rules.clauses if c.id == "hundred")
    assert hundred.applies(facts), "on its own the 100-point rule would fire"
    assert rules.unit_label("sticks", -2) == "2 potatoes"


def test_mittlere_121_36_0_in_a_game() -> None:
    """The same hand through the engine's own scoring: the totals and the clause on record."""
    game = play_hands("mittlere", [[121, 36, 0]], tricks=[[8, 4, 0]])
    r = game.results[0]
    assert (r.clause, r.points, totals(r, "sticks")) == ("no-trick", (121, 36, 0), (1, 1, -2))


@pytest.mark.parametrize(("points", "tricks", "clause", "sticks"), [
    ([157, 0, 0], [12, 0, 0], "all-tricks", [2, -1, -1]),
    ([110, 40, 7], [8, 3, 1], "hundred", [-2, 1, 1]),
    ([60, 60, 37], [4, 4, 4], "tie", [-1, -1, 2]),
    ([80, 50, 27], [6, 4, 2], "middle", [1, -2, 1]),
    ([0, 90, 67], [1, 6, 5], "middle", [1, 1, -2]),  # a pointless trick still counts
])
def test_mittlere_each_rule(points: list[int], tricks: list[int], clause: str,
                            sticks: list[int]) -> None:
    rules = load_rules("mittlere")
    assert score(rules, hand_facts(rules, points, tricks)) == (clause, {"sticks": sticks})


def test_mittlere_slate_sticks_and_potatoes_cancel() -> None:
    """pagat's slate: 3 sticks and 2 potatoes are 1 stick; 6 potatoes and 1 stick, 5 potatoes."""
    rules = load_rules("mittlere")
    assert rules.unit_of["potato"] == ("sticks", -1)
    assert rules.unit_label("sticks", 3 - 2) == "1 stick"
    assert rules.unit_label("sticks", 1 - 6) == "5 potatoes"


# --- Plusminus (Allmedias): the three rounds of the example ------------------------------------
ANNA, BERTA, CHRISTINE, DOXYLAG = range(4)


def test_plusminus_allmedias_three_rounds() -> None:
    rounds = [[0, 0, 15, 142], [45, 0, 28, 84], [157, 0, 0, 0]]
    game = play_hands("plusminus-allmedias", rounds)
    one, two, three = game.results
    # round 1: Christine alone has the most of those under 100; Anna and Berta tie for the
    # fewest and get cross marks (a point held between them); Doxylag has 100 or more
    assert one.clause == "spread"
    assert totals(one, "points") == (0, 0, 1, 0)
    assert [g for g in one.grants if g.held_with] == [Grant(-1, "points", 1, (ANNA, BERTA))]
    # round 2: Doxylag most, Berta fewest; Berta scores and Anna does not, so Berta's mark
    # turns into a point
    assert totals(two, "points") == (0, 2, 1, 1)
    assert Grant(BERTA, "points", 1) in two.grants
    # round 3: three players have 0, the fourth gets two points
    assert three.clause == "three-equal"
    assert totals(three, "points") == (2, 2, 1, 1)
    assert not game.is_over


# --- Plus-Minus (pagat) -------------------------------------------------------------------------
@pytest.mark.parametrize(("seats", "points", "clause", "sticks"), [
    (3, [57, 50, 50], "odd-one-out", [2, 0, 0]),  # all but one tie: the odd one 2 sticks
    (4, [157, 0, 0, 0], "odd-one-out", [2, 0, 0, 0]),
    (3, [60, 57, 40], "spread", [1, 0, 1]),  # most and least a stick each
    (4, [60, 50, 40, 7], "spread", [1, 0, 0, 1]),
    (3, [120, 30, 7], "hundred", [0, 0, 1]),  # 100 or more: only the least scores
    (4, [120, 20, 10, 7], "hundred", [0, 0, 0, 1]),
    (4, [60, 60, 30, 7], "spread", [0, 0, 0, 1]),  # a tie for most: held, least scores
])
def test_plus_minus_statements(seats: int, points: list[int], clause: str,
                               sticks: list[int]) -> None:
    rules = load_rules("plus-minus", {"seats": seats})
    assert score(rules, hand_facts(rules, points)) == (clause, {"sticks": sticks})


def test_plus_minus_tie_holds_a_stick_for_the_one_who_next_scores_alone() -> None:
    game = play_hands("plus-minus", [
        [60, 60, 30, 7],  # 0 and 1 tie for most: one stick held, 3 scores
        [80, 7, 40, 30],  # 0 most, 1 least: both score, the stick stays held
        [40, 70, 30, 17],  # 1 most, 3 least: 1 alone of the two scores, takes the held stick
    ])
    one, two, three = game.results
    assert totals(one, "sticks") == (0, 0, 0, 1)
    assert [g.held_with for g in one.grants if g.held_with] == [(0, 1)]
    assert totals(two, "sticks") == (1, 1, 0, 1)
    assert totals(three, "sticks") == (1, 3, 0, 2)


def test_plus_minus_several_at_seven_play_on_until_a_clear_leader() -> None:
    both = [80, 7, 40, 30]  # seats 0 and 1 score a stick each
    game = play_hands("plus-minus", [both] * 7 + [[40, 30, 80, 7], [80, 40, 30, 7]])
    sticks = [totals(r, "sticks")[:2] for r in game.results]
    assert sticks[6] == (7, 7) and len(game.results) == 9
    assert totals(game.results[-2], "sticks") == (7, 7, 1, 1)
    assert totals(game.results[-1], "sticks") == (8, 7, 1, 2)
    assert game.is_over and game.outcome().winners == (0,)  # type: ignore[union-attr]


# --- Molotow (pagat) ------------------------------------------------------------------------------
@pytest.mark.parametrize(("points", "tricks", "clause", "sticks"), [
    ([157, 0, 0, 0], [9, 0, 0, 0], "all-points", [3, -1, -1, -1]),
    ([157, 0, 0, 0], [8, 1, 0, 0], "all-points", [3, -1, -1, -1]),  # 157 without every trick
    ([120, 20, 10, 7], None, "hundred", [-3, 1, 1, 1]),
    ([156, 1, 0, 0], [7, 1, 1, 0], "hundred", [-3, 1, 1, 1]),
    ([60, 50, 40, 7], None, "spread", [1, -1, -1, 1]),
    ([90, 40, 27, 0], [5, 2, 2, 0], "spread", [1, -1, -1, 1]),  # no trick is no penalty
    ([70, 40, 40, 7], None, "spread", [1, -1, -1, 1]),  # a tie in the middle
    ([60, 60, 30, 7], None, "tie-for-most", [0, 0, -1, 1]),
    ([80, 47, 15, 15], None, "tie-for-least", [1, -1, 0, 0]),
])
def test_molotow_statements(points: list[int], tricks: list[int] | None, clause: str,
                            sticks: list[int]) -> None:
    rules = load_rules("molotow")
    assert score(rules, hand_facts(rules, points, tricks)) == (clause, {"sticks": sticks})


@pytest.mark.parametrize("points", [[40, 39, 39, 39], [52, 52, 52, 1]])
def test_molotow_three_way_tie_draws_the_potato_by_seeded_lot(points: list[int]) -> None:
    rules = load_rules("molotow")
    odd = next(s for s in range(4) if points.count(points[s]) == 1)
    losers = set()
    for seed in range(40):
        clause, delta = score(rules, hand_facts(rules, points, seed=seed))
        assert clause == "three-tie"
        sticks = delta["sticks"]
        assert sticks[odd] == 1 and sorted(sticks) == [-1, 0, 0, 1]
        loser = sticks.index(-1)
        assert score(rules, hand_facts(rules, points, seed=seed))[1]["sticks"].index(-1) == loser
        losers.add(loser)
    assert losers == set(range(4)) - {odd}, "every tied player can draw the potato"


def test_molotow_lot_replays_in_a_game() -> None:
    tie = [40, 39, 39, 39]
    one = play_hands("molotow", [tie] * 6, seed=7)
    two = play_hands("molotow", [tie] * 6, seed=7)
    assert [r.totals for r in one.results] == [r.totals for r in two.results]
    assert len({r.grants for r in one.results}) > 1, "the lot should not always fall alike"


# --- Molotow (Allmedias) --------------------------------------------------------------------------
@pytest.mark.parametrize(("points", "tricks", "clause", "delta"), [
    ([60, 50, 40, 7], None, "spread", [1, -1, -1, 1]),
    ([80, 47, 15, 15], None, "two-least", [1, -1, 0, 0]),
    ([60, 60, 30, 7], None, "two-most", [0, 0, -1, 1]),
    ([157, 0, 0, 0], [9, 0, 0, 0], "match", [3, -1, -1, -1]),
    ([157, 0, 0, 0], [8, 1, 0, 0], "hundred", [-3, 1, 1, 1]),  # 157 without the match
    ([120, 20, 10, 7], None, "hundred", [-3, 1, 1, 1]),
])
def test_molotow_allmedias_statements(points: list[int], tricks: list[int] | None, clause: str,
                                      delta: list[int]) -> None:
    rules = load_rules("molotow-allmedias")
    assert score(rules, hand_facts(rules, points, tricks)) == (clause, {"points": delta})
