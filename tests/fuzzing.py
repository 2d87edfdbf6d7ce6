"""Mutating shipped rule files, and what any mutant must get: clean errors, or a hand that plays.

Shared by `tests/test_fuzz_rules.py` (Hypothesis, a small budget) and
`scripts/fuzz_rules.py` (a longer run). A mutation is data, (kind, where, what), so
Hypothesis can shrink a failing list of them and the script can print one to replay.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from jassdsl.check import load_model
from jassdsl.compiler import compile_rules
from jassdsl.errors import InvariantError, RuleFileErrors
from jassdsl.game import Game
from jassdsl.limits import MAX_DEPTH, MAX_DIGITS

KINDS = ("delete-line", "repeat-line", "number", "swap-word", "insert", "cut", "nest")
# what an insert puts in: operators, deep or odd constructs, odd characters, odd numbers
INSERTS = (" / 0", " / tricks", " * total points", " - - - ", " abs(", ")", " last",
           " match", " some player has ", " sum(", " if hand > 1 else ", " not ", "\u2028",
           "\ufeff", "\t", "\r", "\x00", "é", '"', "#", ":", ",", " 0 ", " -1 ",
           " 9" * 3, "9" * (MAX_DIGITS + 1), "let z = z\n", "players 0\n", "\n")
NUMBERS = ("0", "1", "-1", "2", "3", "5", "36", "37", "99", "157", "1000", "9" * MAX_DIGITS,
           "9" * 60)
WORD = re.compile(r"[A-Za-z_][\w-]*|\d+")


@dataclass(frozen=True)
class Mutation:
    kind: str
    where: float  # 0 <= where < 1: the place in the file (a line, a word, a character)
    what: int  # which insert, number, word or nest size


def apply(text: str, mutation: Mutation) -> str:
    """The text with one mutation applied; deterministic."""
    kind, where, what = mutation.kind, mutation.where, mutation.what
    lines = text.split("\n")
    at = min(int(where * len(lines)), len(lines) - 1)
    if kind == "delete-line":
        return "\n".join(lines[:at] + lines[at + 1:])
    if kind == "repeat-line":
        return "\n".join(lines[:at + 1] + lines[at:])
    if kind == "cut":
        return text[: int(where * len(text))]
    words = list(WORD.finditer(text))
    if kind in ("number", "swap-word") and words:
        w = words[min(int(where * len(words)), len(words) - 1)]
        new = NUMBERS[what % len(NUMBERS)] if kind == "number" else \
            words[what % len(words)].group()
        return text[: w.start()] + new + text[w.end():]
    pos = int(where * len(text))
    if kind == "nest":  # an expression nested around a word: at, or just over, the limit
        depth = MAX_DEPTH - 2 + what % 4
        return text[:pos] + " abs(" * depth + "1" + ")" * depth + text[pos:]
    return text[:pos] + INSERTS[what % len(INSERTS)] + text[pos:]


def mutant(text: str, mutations: list[Mutation]) -> str:
    for mutation in mutations:
        text = apply(text, mutation)
    return text


def random_mutations(rng: random.Random, most: int = 4) -> list[Mutation]:
    return [Mutation(rng.choice(KINDS), rng.random(), rng.randrange(1000))
            for _ in range(rng.randint(1, most))]


def check_mutant(text: str, seed: int = 1) -> str:
    """Check and compile a mutant and play one hand: "errors" or "played". Raises on
    anything else: a stray exception, or an error without a usable position."""
    try:
        model = load_model(text, "mutant.jass")
    except RuleFileErrors as err:
        lines = text.split("\n")
        for e in err.errors:
            assert 1 <= e.pos.line <= max(len(lines), 1) and e.pos.column >= 1, e
            assert e.message and "Traceback" not in e.message, e
        assert err.render().count("^") >= 1 or not text.strip(), err.render()
        return "errors"
    rules = compile_rules(model)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    steps = 0
    try:
        while not game.is_over and not game.results:
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
            assert steps < 5_000, "the hand does not end"
    except InvariantError:
        pass  # the file's own check failed: a clean, intended error
    return "played"
