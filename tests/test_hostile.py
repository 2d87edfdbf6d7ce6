"""Hostile rule files: every one gets a `file:line:col` error or checks, compiles and plays.

The inputs are built here (a 250-term sum, lets that double each other, ...), after the
reproducers of a fuzzing campaign; the limits they meet are the named constants of
`jassdsl.core.limits`. The last tests feed the campaigns' own files, vendored in
tests/fixtures/hostile (every round, with its README), and ask of each what its row wants.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from conftest import THOROUGH
from fuzzing import PATHS
from reference_expr import Naive
from snippets import completed
from test_language_fixtures import BASE, play_whole_game
from test_rulebook_hostile import MARKUP

from jassdsl import registry
from jassdsl.bots.declaring import clamp_declaration
from jassdsl.cli import check as cli_check
from jassdsl.compile.compiler import compile_rules
from jassdsl.compile.exprsource import Compiler, Source
from jassdsl.compile.scoring import HandFacts
from jassdsl.core.actions import Action
from jassdsl.core.errors import RuleFileErrors
from jassdsl.core.limits import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_FILE_BYTES,
    MAX_PRODUCT,
    MAX_RANGES,
    MAX_SIZE,
    MAX_SYNTAX_ERRORS,
)
from jassdsl.engine import Game
from jassdsl.engine.events import Declared
from jassdsl.engine.game import SNAPSHOTS
from jassdsl.language.check import Checker, forget_models, load_model
from jassdsl.language.syntax import unprintable
from jassdsl.registry import read_rule_text
from jassdsl.rulebook.example import play_example
from jassdsl.rulebook.site import load_variant, rulebook_pages

THEN = "score each hand, first rule that applies:\n  all:\n      otherwise\n      then "


def source(snippet: str) -> str:
    return completed(snippet, BASE.read_text(encoding="utf-8"))


def amount(expr: str, prefix: str = "") -> str:
    """A file whose one clause gives every player `expr` points; the expression starts at
    line 4 (after `prefix` lines), column 30."""
    return source(prefix + THEN + f"every player gets {expr} points\n")


def errors(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(RuleFileErrors) as info:
        load_model(text, "hostile.jass")
    rendered = info.value.render()
    assert "Traceback" not in rendered and "sys.set_int_max_str_digits" not in rendered
    return sorted({(e.pos.line, e.pos.column, e.kind) for e in info.value.errors})


def plays(text: str) -> None:
    """Checks, compiles and plays a whole game."""
    model = load_model(text, "hostile.jass")
    compile_rules(model)
    play_whole_game(compile_rules(model))


# --- item 2: check must not blow up ------------------------------------------------------------
@pytest.mark.parametrize("snippet", ["players 0\n", "deal all cards in packets of 0\n"])
def test_zero_players_or_packets_is_one_range_error(snippet: str) -> None:
    assert [kind for _, _, kind in errors(source(snippet))] == ["range"]


def nest(kind: str, depth: int) -> str:
    """An expression `depth` levels deep, of one kind of construct."""
    if kind == "sum":
        return " + ".join(["points"] * depth)
    if kind == "minus":
        return "- " * (depth - 1) + "points"
    if kind == "abs":
        return "abs(" * (depth - 1) + "points" + ")" * (depth - 1)
    return "points if hand > 1 else " * (depth - 2) + "points"  # if/else: one level per if


KINDS = ["sum", "minus", "abs", "if-else"]


@pytest.mark.parametrize("kind", KINDS)
def test_an_expression_at_the_depth_limit_plays(kind: str) -> None:
    plays(amount(nest(kind, MAX_DEPTH)))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("over", [1, 200, 500])
def test_an_expression_over_the_depth_limit_is_an_error_where_it_starts(kind: str,
                                                                         over: int) -> None:
    assert errors(amount(nest(kind, MAX_DEPTH + over))) == [(4, 30, "limit")]


def test_lets_count_into_the_depth() -> None:
    half = MAX_DEPTH // 2 + 1
    b = nest("abs", half).replace("points", "a")  # half - 1 levels around a, half deep
    text = amount("b", f"let a = {nest('abs', half)}\nlet b = {b}\n")
    assert errors(text) == [(2, 9, "limit")]


def test_a_long_chain_of_lets_is_an_error_not_a_recursion() -> None:
    lets = "let x0 = points\n" + "".join(f"let x{i} = x{i - 1} + 1\n" for i in range(1, 3000))
    found = errors(amount("x2999", lets))
    column = len(f"let x{MAX_DEPTH} = ") + 1
    assert found == [(MAX_DEPTH + 1, column, "limit")]  # once, at the first let over


def test_a_long_circle_of_lets_is_a_cycle_error_not_a_recursion() -> None:
    lets = "let x0 = x2999\n" + "".join(f"let x{i} = x{i - 1}\n" for i in range(1, 3000))
    assert [kind for _, _, kind in errors(amount("x0", lets))] == ["cycle"]


def doubling(lines: int, op: str = "+") -> str:
    return "let x0 = points\n" + "".join(f"let x{i} = x{i - 1} {op} x{i - 1}\n"
                                         for i in range(1, lines))


def counting(monkeypatch: pytest.MonkeyPatch, cls: Any, name: str, budget: int) -> None:
    """Fail as soon as cls.name is called more than `budget` times (no model kept from an
    earlier read of the same text)."""
    forget_models()
    original = getattr(cls, name)
    calls = [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        assert calls[0] <= budget, f"{cls.__name__}.{name} called more than {budget} times"
        return original(*args, **kwargs)

    monkeypatch.setattr(cls, name, counted)


def test_lets_that_double_each_other_are_walked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each let is checked and compiled once: work grows with the lines, not 2 ** lines."""
    counting(monkeypatch, Checker, "expr", 1_000)
    counting(monkeypatch, Source, "of", 1_000)
    plays(amount("x9", doubling(10)))  # x9 written out has 2 ** 10 - 1 parts


@pytest.mark.parametrize("used", [True, False])
def test_lets_that_double_each_other_meet_the_size_limit(
        monkeypatch: pytest.MonkeyPatch, used: bool) -> None:
    """Written out, x10 has 2 ** 11 - 1 parts: over the limit, reported once, at x10."""
    counting(monkeypatch, Checker, "expr", 1_000)
    assert MAX_SIZE < 2 ** 11 - 1 and MAX_SIZE >= 2 ** 10 - 1
    assert errors(amount("x29" if used else "points", doubling(30))) == [(11, 11, "limit")]


def test_products_are_cut_to_the_limit() -> None:
    text = amount("x9", doubling(10, "*"))
    rules = compile_rules(load_model(text, "hostile.jass"))
    facts = hand_facts(points=[90, 40, 20, 7])
    fn = rules.clauses[0].awards[0].amount
    assert fn(facts, 0) == MAX_PRODUCT and fn(facts, 3) == MAX_PRODUCT
    play_whole_game(rules)


def test_check_compiles_only_options_that_shape_the_tables(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    options = "".join(f'option o{i} "d" default 1 choices 1, 2\n' for i in range(400))
    path = tmp_path / "options.jass"
    path.write_text(source(options + 'option packet "p" default 3 choices 3, 1\n'
                           "deal all cards in packets of packet\n"), encoding="utf-8")
    calls: list[dict[str, Any]] = []
    real = registry.compile_rules

    def spy(rf: Any, chosen: dict[str, Any] | None = None) -> Any:
        calls.append(dict(chosen or {}))
        return real(rf, chosen)

    monkeypatch.setattr(registry, "compile_rules", spy)
    assert cli_check.check_one(str(path)) is None
    assert calls == [{}, {"packet": 3}, {"packet": 1}]


def test_many_lets_check() -> None:
    lets = "".join(f"let v{i} = points + {i}\n" for i in range(2000))
    plays(amount("v1999", lets))


# --- item 7: diagnostics ---------------------------------------------------------------------
@pytest.mark.parametrize("digits", [MAX_DIGITS + 1, 4301, 5000])
def test_a_long_number_is_an_error_in_our_words(digits: int) -> None:
    assert errors(amount("9" * digits)) == [(4, 30, "limit")]


def test_a_number_at_the_digit_limit_plays() -> None:
    plays(amount("9" * MAX_DIGITS))


def test_a_line_separator_in_a_comment_keeps_the_quoted_line() -> None:
    text = source("# a comment\u2028with a line separator\ntrump: first void, else oben\n")
    with pytest.raises(RuleFileErrors) as info:
        load_model(text, "sep.jass")
    shown = info.value.render().splitlines()
    assert shown[0].startswith("sep.jass:2:25:") and shown[1] == "    trump: first void, else oben"


def test_a_file_over_the_size_limit_is_an_error_at_its_place(tmp_path: Path) -> None:
    path = tmp_path / "big.jass"
    path.write_text(source("# " + "x" * MAX_FILE_BYTES + "\n"), encoding="utf-8")
    with pytest.raises(RuleFileErrors) as info:
        registry.read_rule_text(path)
    assert [(e.pos.line, e.pos.column, e.kind) for e in info.value.errors] == \
        [(1, MAX_FILE_BYTES + 1, "limit")]


# --- item 3: an accepted file plays ----------------------------------------------------------
def hand_facts(points: list[int], winners: list[int] | None = None) -> HandFacts:
    winners = [0, 1, 2, 3] * 2 + [0] if winners is None else winners
    tricks = [winners.count(s) for s in range(4)]
    return HandFacts(4, 4, 1, points, tricks, [0] * 4, winners, {}, {"points": [0] * 4}, {},
                     random.Random(1))


def evaluate(expr: str, facts: HandFacts, subject: int = -1) -> list[Any]:
    """The expression on the facts: compiled, and by the naive evaluator of the tests."""
    model = load_model(amount(expr), "expr.jass")
    e = model.clauses[0].awards[0].amount
    compiled = Compiler(model, {}, {"point": ("points", 1), "points": ("points", 1)})
    return [compiled.expr(e)(facts, subject), Naive(model, {}).value(e, facts, subject)]


def test_division_by_zero_is_zero() -> None:
    facts = hand_facts([157, 0, 0, 0], winners=[0] * 9)
    assert evaluate("points / tricks", facts, 1) == [0, 0]
    assert evaluate("points / tricks", facts, 0) == [157 // 9] * 2
    assert evaluate("-7 / 2", facts, 0) == [-4, -4]  # whole numbers, rounding down
    plays(amount("points / tricks + 100 / (hand - 1)"))


def test_a_divisor_that_is_always_zero_is_an_error() -> None:
    assert errors(amount("points / 0")) == [(4, 39, "division")]


def test_last_and_match_without_a_trick_are_false() -> None:
    facts = hand_facts([0, 0, 0, 0], winners=[])
    assert evaluate("sum(last)", facts) == [0, 0]
    assert evaluate("count(match)", facts) == [0, 0]
    assert evaluate("sum(trick(1))", facts) == [0, 0]
    played = hand_facts([157, 0, 0, 0], winners=[0] * 9)
    assert evaluate("sum(last) + count(match)", played) == [2, 2]


def ranges(depth: int) -> str:
    return "count(" * (depth - 1) + "some player has points > 1" + ")" * (depth - 1)


def test_ranges_at_the_limit_play() -> None:
    plays(amount(ranges(MAX_RANGES)))


@pytest.mark.parametrize("how", ["written", "through a let"])
def test_ranges_over_the_limit_are_an_error(how: str) -> None:
    if how == "written":
        assert errors(amount(ranges(MAX_RANGES + 1))) == [(4, 30, "limit")]
    else:
        text = amount("sum(if_many)", f"let if_many = {ranges(MAX_RANGES)} > 0\n")
        assert errors(text) == [(5, 30, "limit")]


# --- the campaign's own files ------------------------------------------------------------------
# --- reading on after syntax errors ----------------------------------------------------------
RULES = sorted((Path(__file__).resolve().parents[1] / "rules").glob("*.jass"))


def broken(text: str, lines: list[int]) -> str:
    """The text with a stray word before the second word of each given line."""
    out = text.split("\n")
    for i in lines:
        second = list(re.finditer(r"[A-Za-z0-9_:-]+", out[i]))[1]
        out[i] = out[i][:second.start()] + "zork " + out[i][second.start():]
    return "\n".join(out)


@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_three_broken_statements_of_each_rule_file_give_three_errors(path: Path) -> None:
    """Three statements of a shipped file, far apart, each broken by a stray word: exactly
    three syntax errors, each on its own line, and no traceback."""
    text = path.read_text(encoding="utf-8")
    starts = [i for i, line in enumerate(text.split("\n"))
              if re.match(r"[a-z]+\S*\s+\S", line)]
    picked = [starts[len(starts) // 6], starts[len(starts) // 2], starts[-2]]
    with pytest.raises(RuleFileErrors) as info:
        load_model(broken(text, picked), path.name)
    syntax = [e for e in info.value.errors if e.kind == "syntax"]
    assert [e.pos.line for e in syntax] == [i + 1 for i in picked], info.value.render()


@pytest.mark.parametrize("seed", range(20))
def test_garbage_gives_positioned_errors_and_stops(seed: int) -> None:
    """Random words, numbers and punctuation: every error has a place in the file, reading
    stops after MAX_SYNTAX_ERRORS, and nothing is reported twice."""
    rng = random.Random(seed)
    pieces = ["players", "unit", "let", "x", "=", ":", "(", ")", "score", "4", '"t"', "\n",
              "then", "when", "zork", "#", ",", "game", "ends", "+", "weis", "\n  "]
    text = " ".join(rng.choice(pieces) for _ in range(400))
    with pytest.raises(RuleFileErrors) as info:
        load_model(text, "garbage.jass")
    errs = info.value.errors
    assert 1 <= len(errs) <= MAX_SYNTAX_ERRORS + 1
    lines = text.split("\n")
    assert all(1 <= e.pos.line <= len(lines) for e in errs)
    heads = [line for line in info.value.render().split("\n") if line.startswith("garbage")]
    assert len(heads) == len(set(heads))


# --- the campaigns' own files ----------------------------------------------------------------
# A copy of ../shared/hostile-inputs (every round, with its README), vendored so that a clone
# of the project tests them too; each README row says what its files must get.
HOSTILE = Path(__file__).parent / "fixtures" / "hostile"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "hostile-inputs"
FOLDERS = ("check", "play", "fuzz-found", "docs", "api", "turn3")
FILES = sorted(p for f in FOLDERS for p in (HOSTILE / f).glob("*.jass"))
# played elsewhere: a thousand hands through `Game` with full history (N8, its own test)
ELSEWHERE = {"n8-1000-hands-record-memory"}
# files `check` must accept, and then every command plays them
MUST_CHECK = {"08-options-400", "09-lets-20000", "12-utf8-bom", "20-division-by-zero",
              "21-last-when-nobody-plays", "b1-slalom-before-first-void",
              "n2-docs-example-declare-in-steps", "xss-all-fields-bieter",
              "xss-all-fields-coiffeur", "zz-evil"}
# files `check` must reject: each error it reports, in order, as `line:col: message`
# (the start of it); the place is where the file's fault is (the expression that nests or
# is too long, the number, the bad byte, the statement), never 1:1 for a fault further on.
# Every other file must be accepted (but the one of INVARIANT_FAILS, below).
NESTS = "this expression nests {} levels deep; the limit is 50"
PARTS = "written out with its lets this expression has more than 2000 parts"
RANGES = "12 quantifiers, sums, counts, most, least or place nest in each other here"
PACKETS = "the packet size must be between 1 and 36, not 0"
PLAYERS = "the number of players must be between 2 and 6, not 0"
ZERO = "division by zero: this divisor is always 0"
MUST_REJECT = {
    "01-players-zero": [f"6:9: {PLAYERS}"],
    "02-packets-zero": [f"7:30: {PACKETS}"],
    "03-sum-of-250-terms": ["32:30: " + NESTS.format(250)],
    "04-unary-minus-500": ["32:30: " + NESTS.format(501)],
    "05-abs-nested-250": ["32:30: " + NESTS.format(251)],
    "06-ifelse-500-diag-at-1-1": ["32:30: " + NESTS.format(502)],
    "07-let-doubling-22": [f"37:11: {PARTS}"],
    "07b-let-doubling-20-used": [f"37:11: {PARTS}"],
    "10-int-5000-digits": ["34:17: a number has at most 9 digits; this one has 5000"],
    "11-not-utf8": ["27:7: not UTF-8 text: byte 0xFC (invalid start byte)"],
    "13-u2028-in-comment": ["22:25: 'obenabex' is not a trump mode"],
    "22-nested-quantifier-12": [f"31:12: {RANGES}"],
    "23-nested-sum-12": [f"32:30: {RANGES}"],
    "out1-case1386": [f"3:73: {ZERO}"],
    "out1-case1764": ["13:38: a number has at most 9 digits; this one has 5000"],
    "out1-case1811": [f"54:78: {ZERO}"],
    "out1-case2045": ["3:9: " + NESTS.format(202)],
    "out1-case2542": ["7:30: " + NESTS.format(201)],
    "out1-case2603": ["2:8: not UTF-8 text: byte 0xC3 (invalid continuation byte)"],
    "out1-case2889": [f"5:9: {PLAYERS}"],
    "out1-case5027": ["14:30: " + NESTS.format(1001)],
    "out1-case5853": ["34:12: " + NESTS.format(3001)],
    "out1-case916": ["3:16: " + NESTS.format(203)],
    "out2-case1490": [f"8:39: {ZERO}"],
    "out2-case1775": ["8:1: an undenufe hand totals 161 points; it must be 157",
                      f"13:30: {PACKETS}"],
    "b2-swap-pile-size": ["11:49: a player who takes 'blind' plays it as their hand, but "
                          "with 3 players and 10 cards each it holds 6 cards, not a hand "
                          "of 10"],
    "n1-turned-trump-without-trump-table": ["64:8: playing trump needs a 'ranks trump:' "
                                            "and a 'card points trump:' table"],
    "n1b-piles-turned-trump-without-trump-table": ["13:8: playing trump needs a 'ranks "
                                                   "trump:' and a 'card points trump:' "
                                                   "table"],
    "n3-sheet-empty-by-default-option": ["75:1: with misere = no the sheet has no column"],
    "n7-terminal-escapes-in-strings": ["5:13: a text may not hold U+001B, a control "
                                       "character"],
}
# the file's own invariant fails in the first hand: check plays it and says so at the
# invariant (jassdsl/cli/explore.py); play, simulate and docs, run all the same, stop
# with one line
INVARIANT_FAILS = {"invariant-fails"}
# check plays a game of the fast loop to the engine's limit of 1000 hands without the file's
# game end holding: refused at the game end (jassdsl/cli/explore.py); play, simulate and
# docs, run all the same, play their (shorter) games
NO_END = {"out1-case883": "51:1: the game of seed 3626764237 (default options; the fast "
                          "loop of simulate) does not end: it stopped at the engine's limit "
                          "of 1000 hands"}
HOSTILE_HANDS = 5  # check plays so many hands per option set and way: robustness, not rules
# One interpreter runs the four commands for every file of the session (the CLI keeps
# nothing between calls; its caches are keyed by path and text), as a user runs them: from
# the file's folder, by its name, stdin closed, no colour. Each file's output comes after a
# marker line on both streams (for a file check rejects, each other command's after one of
# its own: path, space, command). An exception
# escaping `main` is printed as the interpreter would print it (a traceback in that file's
# part), and the next file goes on.
#
# The same interpreter then plays each accepted file that this session's
# test_an_accepted_hostile_file_plays_on_every_path names through `fuzzing.every_path`
# (after its own marker line), on the file itself under the name the commands gave it, so
# that it reuses what they made of it (the model `check` read, the rules `play` compiled,
# the listing `docs` highlighted): 09-lets-20000 takes seconds for each, and the commands
# and the paths read the very same text.
ALL_COMMANDS = """
import json, os, sys, tempfile, traceback
from jassdsl.cli import explore, main
from jassdsl.registry import read_rule_text

explore.HANDS = HANDS  # check plays each file at the suite's size

def run(args):
    try:
        code = main(args)
    except BaseException:
        traceback.print_exc()
        code = "raised"
    sys.stdout.flush()
    sys.stderr.flush()
    return code

for path in COMMANDS:
    for stream in (sys.stdout, sys.stderr):
        print(MARK + path, file=stream, flush=True)
    os.chdir(os.path.dirname(path))
    name = os.path.basename(path)
    code = run(["check", name])
    print("check", code, flush=True)
    for args in (["play", name, "--seed", "1"], ["simulate", name, "--games", "2"],
                 ["docs", "--out", tempfile.mkdtemp(), name]):
        if code != 0 and os.path.splitext(name)[0] not in PLAY_ANYWAY:  # a rejected file:
            # each command's refusal after its own marker
            for stream in (sys.stdout, sys.stderr):
                print(MARK + path + " " + args[0], file=stream, flush=True)
        print(args[0], run(args), flush=True)
    if path in EVERY_PATH:
        for stream in (sys.stdout, sys.stderr):
            print(MARK + path + EVERY, file=stream, flush=True)
        sys.path.insert(0, TESTS)
        from fuzzing import every_path
        try:  # 08 has 400 options: a sample of option sets (see the test)
            got = every_path(read_rule_text(Path(path)), seed=3, hands=2, max_sets=6,
                             parses=PARSES, path=Path(name))
            print(json.dumps(got), flush=True)
        except BaseException:
            traceback.print_exc()
        sys.stdout.flush()
        sys.stderr.flush()
"""
MARK = "=== hostile file: "
EVERY = " (every path)"


def by_file(stream: str) -> dict[str, str]:
    """A stream of the batch cut at its marker lines: the text each file printed."""
    parts: dict[str, list[str]] = {}
    lines: list[str] = []
    for line in stream.splitlines(keepends=True):
        if line.startswith(MARK):
            lines = parts.setdefault(line[len(MARK):].rstrip("\n"), [])
        else:
            lines.append(line)
    return {path: "".join(text) for path, text in parts.items()}


def named_by(request: pytest.FixtureRequest, test: str) -> list[Path]:
    """The files this session's cases of `test` name, in their order."""
    return [item.callspec.params["path"] for item in request.session.items
            if isinstance(item, pytest.Function) and item.originalname == test]


@pytest.fixture(scope="module")
def command_runs(request: pytest.FixtureRequest) -> dict[str, tuple[str, str]]:
    """(stdout, stderr) from one interpreter: of the commands for each file that this
    session's test_hostile_file cases name (keyed by its path), and of `every_path` for
    each that test_an_accepted_hostile_file_plays_on_every_path names (its path + EVERY)."""
    commands = named_by(request, "test_hostile_file")
    paths = named_by(request, "test_an_accepted_hostile_file_plays_on_every_path")
    commands += [p for p in paths if p not in commands]  # the paths read what check read
    setup = (f"from pathlib import Path\nMARK = {MARK!r}\nEVERY = {EVERY!r}\n"
             f"TESTS = {str(Path(__file__).parent)!r}\n"
             f"PARSES = {None if THOROUGH else 2!r}\nHANDS = {HOSTILE_HANDS}\n"
             f"PLAY_ANYWAY = {INVARIANT_FAILS | set(NO_END)!r}\n"
             f"COMMANDS = {list(map(str, commands))!r}\nEVERY_PATH = {set(map(str, paths))!r}\n")
    env = {**os.environ, "NO_COLOR": "1"}
    run = subprocess.run([sys.executable, "-c", setup + ALL_COMMANDS], capture_output=True,
                         text=True, timeout=900, env=env, stdin=subprocess.DEVNULL,
                         check=False)
    out, err = by_file(run.stdout), by_file(run.stderr)
    return {p: (out[p], err[p]) for p in out if p in err}


@pytest.mark.parametrize("path", [p for p in FILES if p.stem not in ELSEWHERE],
                         ids=[f"{p.parent.name}/{p.stem}" for p in FILES
                              if p.stem not in ELSEWHERE])
def test_hostile_file(path: Path, command_runs: dict[str, tuple[str, str]]) -> None:
    """check, play, simulate and docs: no traceback, no hang; what the README row wants:
    accepted and played by every command, or rejected
    with each error of MUST_REJECT at its place (the line quoted, a caret), and play,
    simulate and docs refusing it with the same words."""
    assert str(path) in command_runs, "the commands stopped before this file (see the one " \
        "before)"
    stdout, stderr = command_runs[str(path)]
    assert "Traceback" not in stderr + stdout, stderr[-3000:]
    assert not any(unprintable(c) for c in stderr + stdout if c not in "\n"), \
        "a control character reached the terminal"
    codes = dict(line.split() for line in stdout.splitlines()
                 if re.fullmatch(r"(check|play|simulate|docs) \d+", line))
    if path.stem in INVARIANT_FAILS:
        assert codes == {"check": "1", "play": "1", "simulate": "1", "docs": "1"}, stderr
        lines = stderr.splitlines()
        assert re.match(rf"{path.name}:\d+:\d+: invariant 'never' does not hold after hand 1 "
                        r"of seed 0 \(default options; Game\.apply with random bots\): .*; "
                        rf"replay: jassdsl play {path.name} --seed 0 --bots random$",
                        lines[0]), stderr
        assert len(lines) == 9 and all("invariant 'never' does not hold after hand 1" in line
                                       for line in lines[-3:]), stderr
        assert "{" not in stderr and "[" not in stderr
        return
    if path.stem in NO_END:
        assert codes == {"check": "1", "play": "0", "simulate": "0", "docs": "0"}, stderr
        assert stderr.startswith(f"{path.name}:{NO_END[path.stem]}"), stderr
        return
    if path.stem not in MUST_REJECT:
        assert codes == {"check": "0", "play": "0", "simulate": "0", "docs": "0"}, stderr
        return
    assert codes == {"check": "1"}, "check accepted it"
    shown = stderr.splitlines()
    heads = [i for i, text in enumerate(shown) if text.startswith(f"{path.name}:")]
    wants = MUST_REJECT[path.stem]
    assert len(heads) == len(wants), stderr
    for i, want in zip(heads, wants, strict=True):
        assert shown[i].startswith(f"{path.name}:{want}"), stderr
    raw = path.read_bytes().split(b"\n")
    for i in heads:  # the quoted line is the line named, a caret under the place
        line = raw[int(shown[i].split(":")[1]) - 1]
        assert shown[i + 2].strip().startswith("^"), stderr
        if line.isascii() and line.decode().isprintable():
            assert shown[i + 1] == "    " + line.decode().removesuffix("\r"), stderr
    for command in ("play", "simulate", "docs"):  # they refuse it alike, never hang
        out, err = command_runs[f"{path} {command}"]
        assert (out, err) == (f"{command} 1\n", stderr), (command, err[-3000:])


@pytest.mark.parametrize("path", [p for p in FILES if p.stem in MUST_CHECK],
                         ids=[p.stem for p in FILES if p.stem in MUST_CHECK])
def test_an_accepted_hostile_file_plays_on_every_path(
        path: Path, command_runs: dict[str, tuple[str, str]]) -> None:
    """Game with random and heuristic bots under every option set, the fast playout, the
    worked example, the rulebook pages and the corpus derivation: each plays the file or
    stops at the file's own failing invariant, never with another exception.

    `every_path` runs in the interpreter of the commands (`command_runs`), on the text
    check read there. 08 has 400 options, 09 takes seconds a parse: a sample of six option
    sets, and the parse cases of the file and of its shortest mutation (the thorough
    profile derives every mutation)."""
    assert str(path) + EVERY in command_runs, "the commands stopped before this file"
    stdout, stderr = command_runs[str(path) + EVERY]
    assert stdout.strip(), stderr[-3000:]  # an exception: its traceback
    want = "invariant" if path.stem in INVARIANT_FAILS else "ok"
    assert json.loads(stdout) == dict.fromkeys(PATHS, want), stderr[-3000:]


@pytest.mark.parametrize("name", ["turn3/xss-all-fields-bieter", "turn3/xss-all-fields-coiffeur",
                                  "docs/zz-evil"])
def test_the_markup_of_every_field_stays_text_on_the_pages(name: str) -> None:
    """The XSS files (turn3, and docs/ of the first round): no payload reaches the
    Markdown of either page as markup (test_rulebook_hostile builds the site of one)."""
    pages = rulebook_pages([load_variant(HOSTILE / f"{name}.jass")], compare=False)
    assert len(pages) == 2
    for page, text in pages.items():
        assert text.startswith("# ") and MARKUP.search(text) is None, (page,
                                                                     MARKUP.search(text))


def test_the_worked_example_declares_a_legal_value_in_steps() -> None:
    """N2: `declare ... in steps of 10` and the last player's forbidden total leave gaps in
    the range; the worked example declares a value the game takes, near its wish."""
    text = read_rule_text(HOSTILE / "turn3" / "n2-docs-example-declare-in-steps.jass")
    rules = compile_rules(load_model(text, "n2.jass"))
    example = play_example(rules)
    values = [e.value for e in example.calls if isinstance(e, Declared)] or \
        list(example.result.declared.get("estimate", ()))
    assert values and all(v % 10 == 0 or v == 157 for v in values), values
    hooked = text.replace("in steps of 10 hidden", "hidden, last may not make the total 157")
    for seed in range(20):  # the last player's nearest wish is often the forbidden total
        play_example(compile_rules(load_model(hooked, "hook.jass")), seed)


@pytest.mark.parametrize("values", [(0, 157), (*range(0, 158, 10), 157),
                                    tuple(v for v in range(158) if v != 39)])
def test_the_worked_example_picks_a_legal_value_whatever_the_gaps(values: tuple[int, ...]
                                                                  ) -> None:
    """The example's bots declare through `bots.clamp_declaration`: whatever the wish,
    a value the game offers."""
    legal = [Action("estimate", v) for v in values]
    for wish in (-5, 0, 39, 44, 157, 400):
        assert clamp_declaration(legal, wish) in legal


def test_the_worked_example_of_a_declaration_with_option_steps_is_legal() -> None:
    """N2's second file: the language fixture whose steps and forbidden total are
    options; under each, the worked example declares values the game offers."""
    fixture = Path(__file__).parent / "fixtures" / "language" / "option-numbers.jass"
    model = load_model(source(fixture.read_text(encoding="utf-8")), fixture.name)
    for step in (5, 10):
        for hook in (100, 157):
            example = play_example(compile_rules(model, {"step": step, "hook": hook}))
            values = [e.value for e in example.calls if isinstance(e, Declared)] or \
                list(example.result.declared.get("estimate", ()))
            assert values and all(v % step == 0 or v in (157, 257) for v in values), values
            assert sum(values) != hook or 257 in values, values


def test_nobody_playing_reads_last_match_and_trick_as_nothing_in_play() -> None:
    """play/21 through the engine: every player folds, and the clause that asks that no
    player took the last trick, none the match and the first trick nobody's points
    applies (were `last` or `match` true for everybody, a later clause would)."""
    text = read_rule_text(HOSTILE / "play" / "21-last-when-nobody-plays.jass")
    asked = "when sum(last) = 0 and count(match) = 0 and sum(trick(1)) = 0"
    assert text.count("when sum(last) = 0\n") == 1
    rules = compile_rules(load_model(text.replace("when sum(last) = 0", asked), "21.jass"))
    game = Game(rules, seed=4)
    for _ in range(4):
        game.apply("fold")
    hand = game.results[0]
    assert hand.clause == "nobody" and not hand.tricks, hand.clause
    assert hand.totals["strokes"] == (0, 0, 0, 0)


def test_a_thousand_hand_game_keeps_a_bounded_undo_history() -> None:
    """N8: with history (the default) a long game keeps copies of the state for the last
    SNAPSHOTS actions and every SNAPSHOTS-th before (engine-authors.md says what it
    costs): over 1,000 actions it grows by about 0.6 KB an action, where a copy kept for
    every action makes it 2.4 KB (and took 30 KB when the copy held the generator)."""
    game = Game(str(HOSTILE / "turn3" / "n8-1000-hands-record-memory.jass"), seed=1)
    rng = random.Random(1)
    for _ in range(300):
        game.apply(rng.choice(game.legal_actions()))
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(1000):
            game.apply(rng.choice(game.legal_actions()))
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # white-box: the undo copies kept
    assert sum(x is not None for x in game._undo) <= SNAPSHOTS + 1300 // SNAPSHOTS + 1
    assert grown / 1000 < 1500, f"{grown / 1000:.0f} bytes an action"
    assert len(game.history) == 1300 and not game.is_over
