"""Hypothesis over rule-file text: mutants of the shipped files get errors, or play on every
path (`Game` with both bot kinds, the fast playout of `simulate`, the worked example, the
rulebook pages, the corpus derivation).

A small budget here (the profile's max_examples, one hand a game); `scripts/fuzz_rules.py`
runs the same mutations for longer. See tests/fuzzing.py for the mutations and what a
mutant must get.
"""

from __future__ import annotations

from conftest import scaled
from fuzzing import GRAFTS, KINDS, Mutation, check_mutant, mutant
from hypothesis import given, settings
from hypothesis import strategies as st

from jassdsl.registry import rules_dir

SOURCES = {p.name: p.read_text(encoding="utf-8") for p in sorted(rules_dir().glob("*.jass"))}
mutations = st.builds(Mutation, st.sampled_from(KINDS),
                      st.floats(0, 1, exclude_max=True, allow_nan=False), st.integers(0, 999))


@settings(max_examples=scaled(3))
@given(st.sampled_from(sorted(SOURCES)), st.lists(mutations, min_size=1, max_size=4),
       st.integers(0, 2**16))
def test_a_mutated_rule_file_gets_errors_or_plays(name: str, changes: list[Mutation],
                                                   seed: int) -> None:
    assert check_mutant(mutant(SOURCES[name], changes), seed) in ("errors", "played",
                                                                   "invariant")


def test_the_mutations_reach_both_outcomes() -> None:
    """The fuzzing is worth something only if mutants both fail and pass the check."""
    text = SOURCES["mittlere.jass"]
    assert check_mutant(mutant(text, [Mutation("insert", 0.99, 0)])) in ("errors", "played")
    assert check_mutant(mutant(text, [Mutation("nest", 0.0, 3)])) == "errors"
    assert check_mutant(text) == "played"
    broken = text.replace("invariant", "invariant never \"never\": hand = 0\ninvariant", 1)
    assert check_mutant(broken) == "invariant"  # the file's own invariant: a clean stop


def test_a_graft_brings_a_newer_construct_to_the_table() -> None:
    """A Kontra of Sidi Barrani (`yes or no`, `by`) grafted into Bieter, and Sidi
    Barrani's bid naming the mode in place of Bieter's own, play on every path, the
    browser table too."""
    def graft(start: str) -> int:
        return next(k for k, g in enumerate(GRAFTS) if g.startswith(start))

    double = mutant(SOURCES["bieter.jass"], [
        Mutation("graft", 0.5, graft("declare double yes or no, by the team without bidder"))])
    assert "declare double yes or no" in double
    naming = mutant(SOURCES["bieter.jass"], [
        Mutation("transplant", 0.0, graft("declare bid from 70 to 157 in steps of 10"))])
    assert "naming the mode" in naming
    assert [check_mutant(double), check_mutant(naming)] == ["played", "played"]
