"""Mutating shipped rule files, and what any mutant must get: clean errors, or a hand that plays.

Besides edits of characters, words and lines, a mutation grafts a whole statement of
another shipped file into a file (or puts it in place of the file's own statement of that
kind), or ends a line with a phrase of the newest constructs, so that mutants reach
`by`, `only when`, yes/no declarations, sides per hand, the talon, bids naming a mode and
the standard tables in files that had none.

Shared by `tests/test_fuzz_rules.py` (Hypothesis, a small budget) and
`scripts/fuzz_rules.py` (a longer run). A mutation is data, (kind, where, what), so
Hypothesis can shrink a failing list of them and the script can print one to replay.
"""

from __future__ import annotations

import random
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from jassdsl.bots.kinds import make_bots
from jassdsl.compile.compiler import CompiledRules, option_value
from jassdsl.core.errors import InvariantError, RuleFileErrors
from jassdsl.core.limits import MAX_DEPTH, MAX_DIGITS
from jassdsl.corpus.generate import (
    Draft,
    Quota,
    finish,
    game_drafts,
    hand_drafts,
    legal_drafts,
    parse_drafts,
    perft_drafts,
    trick_drafts,
)
from jassdsl.corpus.harvest import play
from jassdsl.engine import Game
from jassdsl.engine.playout import play_random
from jassdsl.language.check import load_model
from jassdsl.registry import load_rules, rules_dir
from jassdsl.research.simulate import policy_rng
from jassdsl.rulebook.example import play_example
from jassdsl.rulebook.site import load_variant, rulebook_pages

KINDS = ("delete-line", "repeat-line", "number", "swap-word", "insert", "cut", "nest",
         "graft", "transplant", "phrase")
# what an insert puts in: operators, deep or odd constructs, odd characters, odd numbers
INSERTS = (" / 0", " / tricks", " * total points", " - - - ", " abs(", ")", " last",
           " match", " some player has ", " sum(", " if hand > 1 else ", " not ", "\u2028",
           "\ufeff", "\t", "\r", "\x00", "é", '"', "#", ":", ",", " 0 ", " -1 ",
           " 9" * 3, "9" * (MAX_DIGITS + 1), "let z = z\n", "players 0\n", "\n")
NUMBERS = ("0", "1", "-1", "2", "3", "5", "36", "37", "99", "157", "1000", "9" * MAX_DIGITS,
           "9" * 60)
WORD = re.compile(r"[A-Za-z_][\w-]*|\d+")
# the newest constructs, as a statement begins (graft, transplant: a whole statement of a
# shipped file put into another) and as a phrase ends a line (`by`, `only when`, yes/no,
# the talon, sides per hand, bids naming a mode, the standard tables, an option's `if`)
GRAFTED = ("declare", "talon", "pile", "sides", "cards", "trump", "deal", "option", "let",
           "first", "next", "names", "invariant", "bonus", "weis", "game", "players")
PHRASES = (", by the team with bidder", ", by the team without chooser", ", by the bidder",
           ", only when sum(team double) = 0", ", only when hand > 1", " yes or no",
           ", if konter", ", if re", ", naming the mode", ", ending the auction",
           ", a pass is final", " for trump and side", ", which count for bidder",
           ", auction before trump", " hidden", " or match worth 257", " in steps of 10",
           ", starting after the highest bidder")


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
    if kind in ("graft", "transplant"):
        return grafted(lines, at, GRAFTS[what % len(GRAFTS)], kind == "transplant")
    if kind == "phrase":  # at the end of a line of a declaration, talon, sides, ... if any
        ends = [k for k, line in enumerate(lines) if line.split()[:1] and
                line.split()[0].rstrip(":") in GRAFTED[:6]] or [at]
        at = ends[min(int(where * len(ends)), len(ends) - 1)]
        lines[at] = lines[at].rstrip("\r") + PHRASES[what % len(PHRASES)]
        return "\n".join(lines)
    pos = int(where * len(text))
    if kind == "nest":  # an expression nested around a word: at, or just over, the limit
        depth = MAX_DEPTH - 2 + what % 4
        return text[:pos] + " abs(" * depth + "1" + ")" * depth + text[pos:]
    return text[:pos] + INSERTS[what % len(INSERTS)] + text[pos:]


def statements(text: str) -> list[str]:
    """The statements of a rule file as text: a line that starts in column 1, with the
    indented lines that continue it (comments and blank lines left out)."""
    out: list[str] = []
    for line in text.split("\n"):
        if line[:1].isspace() and out and line.strip():
            out[-1] += "\n" + line
        elif line.strip() and not line.startswith("#"):
            out.append(line)
    return out


def graft_pool() -> tuple[str, ...]:
    """The statements of the shipped files that a graft puts into another file: those of
    GRAFTED, each once, in file order."""
    found: dict[str, None] = {}
    for path in sorted(rules_dir().glob("*.jass")):
        for st in statements(path.read_text(encoding="utf-8")):
            if WORD.match(st) and WORD.match(st).group() in GRAFTED:  # type: ignore[union-attr]
                found[st] = None
    return tuple(found)


GRAFTS = graft_pool()


def grafted(lines: list[str], at: int, statement: str, replace: bool) -> str:
    """`statement` put in before the statement that starts at or after line `at`; with
    `replace`, in place of the first statement that begins with the same word (if any)."""
    first = statement.split()[0]
    if replace:
        for k, line in enumerate(lines):
            if line.split()[:1] == [first]:
                end = k + 1
                while end < len(lines) and lines[end][:1].isspace() and lines[end].strip():
                    end += 1
                return "\n".join(lines[:k] + statement.split("\n") + lines[end:])
    while at < len(lines) and lines[at][:1].isspace():
        at += 1
    return "\n".join(lines[:at] + statement.split("\n") + lines[at:])


def mutant(text: str, mutations: list[Mutation]) -> str:
    for mutation in mutations:
        text = apply(text, mutation)
    return text


def random_mutations(rng: random.Random, most: int = 4) -> list[Mutation]:
    return [Mutation(rng.choice(KINDS), rng.random(), rng.randrange(1000))
            for _ in range(rng.randint(1, most))]


def check_mutant(text: str, seed: int = 1, hands: int = 1) -> str:
    """Check a mutant; a file check accepts is played through every path (`every_path`).
    "errors", "played", or "invariant" (played until the file's own invariant failed on
    some path); raises on anything else: a stray exception, or an error without a usable
    position."""
    try:
        load_model(text, "mutant.jass")
    except RuleFileErrors as err:
        lines = text.split("\n")
        for e in err.errors:
            assert 1 <= e.pos.line <= max(len(lines), 1) and e.pos.column >= 1, e
            assert e.message and "Traceback" not in e.message, e
        assert err.render().count("^") >= 1 or not text.strip(), err.render()
        return "errors"
    paths = every_path(text, seed, hands)
    return "invariant" if "invariant" in paths.values() else "played"


# --- every path a file that `check` accepts is played on ------------------------------------
PATHS = ("game-random", "game-heuristic", "simulate", "example", "rulebook", "corpus",
         "table")
TABLE_STEPS = 400  # actions at the browser table, at most, per mutant
TINY = Quota(games=1, legal=1, trick=1, hand=1, feature=1, perft=1, full_games=0,
             partial_games=1)


def every_path(text: str, seed: int = 1, hands: int = 1, max_sets: int | None = None,
               parses: int | None = None, path: Path | None = None) -> dict[str, str]:
    """Play an accepted rule file through every path a user or a researcher takes: `Game`
    with random and with heuristic bots (under every option set: the defaults, then each
    other choice of one option), the fast playout of `simulate` on a game without history,
    the rulebook's worked example and both pages, and the corpus derivation (its drafts
    of every kind with a tiny quota, each derived), and the browser table's server in
    process (`play_table`: every seat's page drawn at every step). At most `hands` hands a game, at
    most `max_sets` option sets (the defaults first; None: all), and at most `parses`
    parse cases (the file itself first, then its mutations, shortest first: a mutation
    that keeps a huge file whole costs a parse of seconds; None: all). Per path
    "ok", or "invariant" when the file's own invariant failed: the one documented clean
    error of an accepted file. Any other exception is raised.

    `path`: where `text` already is on disk, named as the commands that read it named it
    (then the compiled rules and the highlighted listing those commands made are reused:
    a large file takes seconds for each); None: a temporary file."""
    with tempfile.TemporaryDirectory() as folder:
        if path is None:
            path = Path(folder) / "mutant.jass"
            path.write_text(text, encoding="utf-8")
        model = load_model(text, str(path))
        sets: list[dict[str, Any]] = [{}]
        for opt in model.options:
            default = option_value(opt.default)
            sets += [{opt.name: option_value(c)} for c in opt.choices
                     if option_value(c) != default]
        out: dict[str, str] = {}
        for options in sets[:max_sets]:
            for kind in ("random", "heuristic"):
                got = clean(partial(play_bots, load_rules(path, options), kind, seed, hands))
                out[f"game-{kind}"] = "invariant" if "invariant" in (
                    got, out.get(f"game-{kind}")) else got
        rules = load_rules(path)
        out["simulate"] = clean(lambda: play_random(Game(rules, seed=seed, record=False),
                                                    policy_rng(seed), hands))
        out["example"] = clean(lambda: play_example(rules, seed))
        out["rulebook"] = clean(lambda: rulebook_pages([load_variant(path)]))
        out["corpus"] = clean(lambda: corpus_cases(str(path), rules, seed, hands, parses))
        out["table"] = clean(lambda: play_table(str(path), seed, hands))
        return out


def clean(run: Callable[[], object]) -> str:
    try:
        run()
    except InvariantError:
        return "invariant"
    return "ok"


def play_bots(rules: CompiledRules, kind: str, seed: int, hands: int) -> None:
    """A game through `Game.apply`, every seat a bot of one kind, for `hands` hands."""
    game = Game(rules, seed=seed)
    bots = make_bots(kind, rules.players, seed)
    while not game.is_over and len(game.results) < hands:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))


def play_table(source: str, seed: int, hands: int, steps: int = TABLE_STEPS) -> int:
    """A game at the browser table's server, in process, bots only: seat 0 is a person's
    whose actions a random bot picks and sends as the page does (`Session.act`, the
    action's text and the turn it answers), the other seats random and heuristic bots;
    at every step the page of every seat is drawn (`seat_view`, with its narration), in
    German for an odd seed. At most `hands` hands and `steps` actions; returns the steps."""
    from jassdsl.bots.kinds import bot_rng
    from jassdsl.bots.random_bot import RandomBot
    from jassdsl.table.session import Stopped, Tables
    from jassdsl.table.view import Journal, seat_view

    players = load_rules(source).players
    kinds = ["person"] + [("random", "heuristic")[k % 2] for k in range(players - 1)]
    folder = Path(source).resolve().parent  # the table reads a rule file from its folders
    session = Tables((folder,)).open(source, {}, seed, kinds, "de" if seed % 2 else "en")
    game = session.game
    lang: Any = session.lang
    journals = [Journal(game, seat, lang) for seat in range(players)]
    person = RandomBot(bot_rng(seed, 99))
    done = 0
    while True:
        for seat in range(players):
            seat_view(session, seat, lang, journals[seat].update())
        if game.is_over or len(game.results) >= hands or done >= steps:
            return done
        try:
            if session.waiting_for_bot():
                session.play_bot()
            else:
                action = person.choose(game, game.current_player)
                session.act(game.current_player, session.turn, game.action_text(action), lang)
        except Stopped as stop:  # the table stops the game at the error: the error itself
            raise stop.__cause__ or stop from None
        done += 1


def corpus_cases(variant: str, rules: CompiledRules, seed: int, hands: int,
                 parses: int | None = None) -> int:
    """What `jassdsl corpus generate` derives for one rule file, on a tiny quota: one
    harvested game, drafts of every kind from it, each derived (and checked against the
    game where the draft saw it played), and the parse cases of the file and its
    mutations (the first `parses` of them, the file itself first and then the mutations
    shortest first; None: all)."""
    harvests = [play(rules, seed, max_hands=max(hands, 1))]
    drafts = [*legal_drafts(rules, variant, {}, harvests, TINY),
              *trick_drafts(rules, variant, {}, harvests, TINY),
              *perft_drafts(rules, variant, {}, harvests, TINY),
              *hand_drafts(variant, {}, [h for hv in harvests for h in hv.hands], TINY),
              *game_drafts(variant, {}, harvests, TINY), *shortest_parses(variant, parses)]
    for draft in drafts:
        finish(draft)
    return len(drafts)


def shortest_parses(variant: str, parses: int | None) -> list[Draft]:
    """The parse drafts of a file: itself first, then its mutations from the shortest text
    (the first `parses` of them; None: all, in the generator's order)."""
    drafts = parse_drafts(variant)
    if parses is None:
        return drafts
    return [drafts[0], *sorted(drafts[1:], key=lambda d: len(d.input["text"]))][:parses]
