"""Twin runs: the same seeds played by the engine (`play_random`, as `simulate` plays
random bots) and by the compiled path (`jassdsl.fast.games.Runner`).

Shared by `test_fast.py` and `scripts/differential_fast.py`. Both take the random
policy from generators of the same seeds (`simulate.policy_rng`), so they must deal,
play and score the same hands (every card in order, the card points, the clause, the
totals), end the games alike (the report's summary of each game), and leave the policy
generators in the same state.
"""

from __future__ import annotations

from dataclasses import dataclass

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.errors import InvariantError
from jassdsl.engine import Game
from jassdsl.engine.chain import Chain
from jassdsl.engine.playout import play_random
from jassdsl.fast.games import Hand, Runner
from jassdsl.research.simulate import policy_rng, summarize


@dataclass
class Seen:
    games: int = 0  # games compared
    hands: int = 0  # hands compared
    whole: int = 0  # games compared to their end (summaries too)
    broken: int = 0  # games both paths stopped at a broken invariant


def engine_hands(game: Game) -> list[Hand]:
    return [Hand(tuple(c for t in r.tricks for c in t.cards), tuple(r.points), r.clause,
                 {u: tuple(v) for u, v in r.totals.items()}) for r in game.results]


def compare(rules: CompiledRules, seeds: list[int], hands: int | None = None) -> Seen:
    """Both paths over the seeds (whole games, or the first `hands` hands of each);
    AssertionError names the seed and hand where they part."""
    seen = Seen()
    runner = Runner(rules)
    policies = [policy_rng(s) for s in seeds]
    trace: list[list[Hand]] = [[] for _ in seeds]
    kw = {"hand_limit": hands} if hands is not None else {}
    fast = runner.play(seeds, policies, trace=trace, **kw)
    for i, seed in enumerate(seeds):
        game = Game(rules, seed=seed, record=False, chain=Chain.shared(rules))
        rng = policy_rng(seed)
        try:
            play_random(game, rng, hands)
        except InvariantError:
            assert fast[i].broken, f"{rules.name} seed {seed}: the engine's invariant fails"
            assert len(trace[i]) == len(game.results) + 1, f"seed {seed}: where it fails"
            seen.broken += 1
            continue
        assert not fast[i].broken, f"{rules.name} seed {seed}: an invariant fails compiled"
        mine = engine_hands(game)
        assert len(mine) == len(trace[i]), f"seed {seed}: {len(mine)} hands, {len(trace[i])}"
        for number, (a, b) in enumerate(zip(mine, trace[i], strict=True), 1):
            assert a == b, f"{rules.name} seed {seed} hand {number}:\n  {a}\n  {b}"
        assert rng.getstate() == policies[i].getstate(), f"seed {seed}: the policy's draws"
        seen.games += 1
        seen.hands += len(mine)
        if game.is_over:
            s, f = summarize(game), fast[i]
            assert (s.hands, dict(s.clauses), s.winners, s.stopped, s.totals, dict(s.modes),
                    s.weis, s.stoeck, s.match, s.points) == (
                f.hands, f.clauses, f.winners, f.stopped, f.totals, f.modes, f.weis,
                f.stoeck, f.match, f.points), f"{rules.name} seed {seed}: the game's summary"
            seen.whole += 1
    return seen
