"""Hypothesis over action sequences, for every rule file in rules/ (see tests/api_fuzz.py;
`scripts/fuzz_api.py --examples N` runs the same with a bigger budget, on whole games).
The promises hold action by action: a sequence stops taking legal actions after
MAX_HANDS hands."""

from __future__ import annotations

from api_fuzz import SEEDS, STEPS, run_steps
from conftest import MAX_HANDS, VariantCase, scaled
from hypothesis import given, settings


@settings(max_examples=scaled(0.25))
@given(seed=SEEDS, steps=STEPS)
def test_action_sequences_keep_the_api_promises(variant_case: VariantCase, seed: int,
                                                 steps: list[tuple[int, int]]) -> None:
    run_steps(variant_case.name, variant_case.options, seed, steps, MAX_HANDS)
