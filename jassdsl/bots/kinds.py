"""The kinds of bot by name (`random`, `heuristic`, `search:LEVEL`, or a factory by
reference, `module:function`), made per seat with a generator seeded from the game seed,
and a timer that measures each bot's decisions."""

from __future__ import annotations

import importlib
import os
import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import cast

from jassdsl.bots.heuristic import HeuristicBot
from jassdsl.bots.random_bot import RandomBot
from jassdsl.bots.search import LEVELS, SearchBot
from jassdsl.bots.view import Bot
from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import Action
from jassdsl.engine import Game

BOT_KINDS = ("random", "heuristic", "mixed", "search:easy", "search:medium", "search:hard")

def bot_rng(seed: int | None, seat: int) -> random.Random:
    """A generator per seat derived from the game seed (string seeds hash stably)."""
    return random.Random(f"jassdsl-bot:{seed}:{seat}") if seed is not None else random.Random()


# a bot given by reference: `module.path:factory` (the factory is called per seat)
REFERENCE = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*:[A-Za-z_]\w*")

BotFactory = Callable[[CompiledRules, random.Random], Bot]


def is_reference(kind: str) -> bool:
    """Whether a kind names a bot factory by reference (``mypkg.bots:make``), not one of
    the built-in kinds (``search:hard`` is one of those)."""
    return kind not in BOT_KINDS and not kind.startswith("search:") and bool(
        REFERENCE.fullmatch(kind))


def bot_factory(reference: str) -> BotFactory:
    """The factory a reference names: ``module.path:name``, imported as Python imports
    it, the current directory first on the path (as `uvicorn app:main` does). Raises
    ValueError saying what is missing."""
    module_name, _, name = reference.partition(":")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise ValueError(f"bot {reference!r}: cannot import module {module_name!r} "
                         f"({e})") from None
    factory = getattr(module, name, None)
    if not callable(factory):
        raise ValueError(f"bot {reference!r}: module {module_name!r} has no function "
                         f"{name!r}") from None
    return cast(BotFactory, factory)


def make_bot(kind: str, rng: random.Random, rules: CompiledRules | None = None) -> Bot:
    """The bot of one kind: ``random``, ``heuristic``, ``search:LEVEL``
    (`search.LEVELS`), or a factory by reference (``mypkg.bots:make``), called with
    the compiled rules and the seat's generator (`rules` is needed for those)."""
    if kind == "random":
        return RandomBot(rng)
    if kind == "heuristic":
        return HeuristicBot(rng)
    if kind.startswith("search:"):
        level = LEVELS.get(kind.partition(":")[2])
        if level is not None:
            return SearchBot(rng, level)
    if is_reference(kind) and rules is not None:
        bot = bot_factory(kind)(rules, rng)
        if not callable(getattr(bot, "choose", None)):
            raise ValueError(f"bot {kind!r}: the factory returned {type(bot).__name__}, "
                             "which has no choose(game, seat) method")
        return bot
    raise ValueError(f"unknown bot kind {kind!r} (known: {', '.join(BOT_KINDS)}, "
                     "or a factory by reference: module:function)")


def bot_kinds(kind: str) -> list[str]:
    """The kinds of a ``--bots`` value: one kind, or kinds by comma taken in turn by the
    seats (``search:easy,heuristic``: one per team of a four-seat partnership game).
    ``mixed`` is ``heuristic,random``. A kind may be a factory by reference
    (``mypkg.bots:make``: imported here, so a wrong one is reported at once). Raises
    ValueError naming the known kinds."""
    kinds = ["heuristic", "random"] if kind == "mixed" else kind.split(",")
    for k in kinds:
        if is_reference(k):
            bot_factory(k)
        elif k not in BOT_KINDS or k == "mixed":
            raise ValueError(f"unknown bot kind {k!r} (known: {', '.join(BOT_KINDS)}; "
                             "a factory by reference, module:function; or kinds by comma, "
                             "one per seat in turn)")
    return kinds


def seat_kinds(kind: str, players: int, turn: int = 0) -> list[str]:
    """The kind each seat plays (see `make_bots`)."""
    kinds = bot_kinds(kind)
    turn = turn if "," in kind else 0
    return [kinds[(seat + turn) % len(kinds)] for seat in range(players)]


def make_bots(kind: str, players: int, seed: int | None, turn: int = 0,
              rules: CompiledRules | None = None) -> list[Bot]:
    """One bot per seat; where `kind` names several (`bot_kinds`), seat x gets kind
    number (x + turn) of them in turn: `simulate` turns them by one each game, so every
    kind sits at every seat and plays every deal's hands alike over the games. ``mixed``
    keeps its seats (heuristic on the even ones). A factory by reference gets `rules`."""
    return [make_bot(k, bot_rng(seed, seat), rules)
            for seat, k in enumerate(seat_kinds(kind, players, turn))]


class Timed:
    """A bot that notes how many decisions it made (where it had a choice) and the CPU
    time they took (`time.process_time`: on a machine shared with other work, what the
    bot itself spent), for the report's decision times; what it chooses is its bot's."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, game: Game, seat: int) -> Action:
        start = time.process_time()
        action = self.bot.choose(game, seat)
        spent = time.process_time() - start
        if game.forced_action() is None and len(game.legal_actions()) > 1:
            self.decisions += 1
            self.seconds += spent
        return action


def timed(bots: Sequence[Bot]) -> list[Bot]:
    """The bots, each one that is not played in the fast trick loop (`TrickCards`: the
    heuristic and random bots) wrapped in `Timed`."""
    return [b if type(b) in (HeuristicBot, RandomBot) else Timed(b) for b in bots]
