"""The games a table server keeps: each with its seats, their links and the bots.

A seat is a person's (reached by an unguessable token in its link) or a bot's, which the
server plays. A person's action names the turn it answers (the number of actions so far),
so a late click never lands in a later decision. A game can be saved as its source, options,
seed and actions, and replayed from that: the same seed and actions give the same game.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jassdsl.bots import Bot, bot_rng, make_bot
from jassdsl.core.actions import Action
from jassdsl.core.errors import IllegalActionError, JassError
from jassdsl.engine import Game
from jassdsl.registry import load_rules, variant_names
from jassdsl.rulebook.words import Lang, say

SEAT_KINDS = ("person", "heuristic", "random")
MAX_SEED = 10**9
MAX_TABLES = 200  # games kept at once; the oldest finished (else oldest) goes first
SAVE_FORMAT = "jassdsl-table-game/1"


class Refusal(Exception):
    """A request the table refuses; the message says why, in words for the player."""


@dataclass(eq=False)  # a game is itself: two sessions are never equal
class Session:
    """One game at one table."""

    source: str  # a variant name of rules/ or a path to a .jass file
    options: dict[str, int | str]
    seed: int
    kinds: tuple[str, ...]  # per seat: person or a bot kind
    lang: str
    game: Game
    tokens: dict[str, int] = field(default_factory=dict)  # a person's link: its seat
    bots: dict[int, Bot] = field(default_factory=dict)
    # kept by the server (jassdsl.table.app): the open pages, the narration per seat and
    # language, whether the bots are playing now
    listeners: list[Any] = field(default_factory=list)
    journals: dict[tuple[int, str], Any] = field(default_factory=dict)
    driving: bool = False

    @property
    def persons(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.kinds) if kind == "person"]

    def token_of(self, seat: int) -> str:
        return next(t for t, s in self.tokens.items() if s == seat)

    @property
    def turn(self) -> int:
        """The number of actions so far: what an answer to the current decision names."""
        return len(self.game.history)

    def waiting_for_bot(self) -> bool:
        """Whether the server acts now: a bot's turn, or a person's forced answer (asked
        as every seat is, with nothing to declare: `Game.forced_action`)."""
        game = self.game
        return not game.is_over and (game.current_player in self.bots
                                     or game.forced_action() is not None)

    def play_bot(self) -> None:
        """One action of the bot whose turn it is, or a person's forced answer (nothing
        where neither is due any more: a person may have answered meanwhile)."""
        game = self.game
        if game.is_over:
            return
        seat = game.current_player
        if seat in self.bots:
            game.apply(self.bots[seat].choose(game, seat))
        elif (forced := game.forced_action()) is not None:
            game.apply(forced)

    def act(self, seat: int, turn: object, text: object, lang: Lang = "en") -> None:
        """A person's action: refused unless it is this seat's turn, the turn it answers is
        the current one, and the text is a legal action now."""
        game = self.game
        if game.is_over:
            raise Refusal(say(lang, "live.refuse.over"))
        if type(turn) is not int or turn != self.turn:
            raise Refusal(say(lang, "live.refuse.moved"))
        if game.current_player != seat:
            raise Refusal(say(lang, "live.refuse.turn"))
        if not isinstance(text, str) or not text.strip() or len(text) > 100:
            raise Refusal(say(lang, "live.refuse.short"))
        legal = game.legal_actions()
        try:
            action = game.parse_action(text)
        except JassError:
            action = None
        if action not in legal:
            raise Refusal(say(lang, "live.refuse.illegal", text=repr(text), legal=", ".join(
                game.action_text(a) for a in legal)))
        assert isinstance(action, Action)
        try:
            game.apply(action)
        except IllegalActionError as err:  # legal_actions and apply disagree: say so
            raise Refusal(str(err)) from None

    def saved(self) -> dict[str, Any]:
        """The game as a replayable record: source, options, seed, seats, actions."""
        return {"format": SAVE_FORMAT, "variant": self.source, "options": self.options,
                "seed": self.seed, "seats": list(self.kinds), "lang": self.lang,
                "actions": [self.game.action_text(a) for a in self.game.history]}


def check_source(source: object) -> str:
    """A variant name of rules/, or the path of an existing .jass file (nothing else is
    read, so a table open to a network cannot be made to quote other files)."""
    if not isinstance(source, str) or not source.strip():
        raise Refusal("choose a variant")
    source = source.strip()
    if source in variant_names():
        return source
    path = Path(source).expanduser()
    if path.suffix != ".jass" or not path.is_file():
        raise Refusal(f"{source!r} is neither a variant of rules/ nor a .jass file")
    return str(path)


def check_options(options: object) -> dict[str, int | str]:
    if options is None:
        return {}
    if not isinstance(options, dict) or not all(
            isinstance(k, str) and isinstance(v, int | str) and not isinstance(v, bool)
            for k, v in options.items()):
        raise Refusal("options are names with a number or a word each")
    return {k: int(v) if isinstance(v, str) and v.lstrip("-").isdigit() else v
            for k, v in options.items()}


def check_seed(seed: object) -> int:
    if seed is None or seed == "":
        return secrets.randbelow(MAX_SEED)
    if isinstance(seed, str) and seed.strip().isdigit():
        seed = int(seed)
    if type(seed) is not int or not 0 <= seed < MAX_SEED:
        raise Refusal(f"a seed is a whole number from 0 to {MAX_SEED - 1}")
    return seed


class Tables:
    """Every game of the server, found by a seat's token."""

    def __init__(self) -> None:
        self.sessions: list[Session] = []
        self.by_token: dict[str, tuple[Session, int]] = {}

    def open(self, source: object, options: object, seed: object, kinds: object,
             lang: object = "en", actions: Sequence[object] = ()) -> Session:
        """A new game (Refusal when a setting is wrong; a rule file's errors as they are
        raised: RuleFileErrors); `actions` replays a saved game's actions first."""
        name = check_source(source)
        opts = check_options(options)
        number = check_seed(seed)
        rules = load_rules(name, opts)
        if not isinstance(kinds, list | tuple) or len(kinds) != rules.players or any(
                k not in SEAT_KINDS for k in kinds):
            raise Refusal(f"{rules.name} has {rules.players} seats; give each one of "
                          f"{', '.join(SEAT_KINDS)}")
        if "person" not in kinds:
            raise Refusal("at least one seat is a person's")
        session = Session(name, opts, number, tuple(kinds), "de" if lang == "de" else "en",
                          Game(rules, seed=number, record=True, events=True))
        for seat, kind in enumerate(kinds):
            if kind == "person":
                session.tokens[secrets.token_urlsafe(18)] = seat
            else:
                session.bots[seat] = make_bot(kind, bot_rng(number, seat))
        replay(session, actions)
        self.keep(session)
        return session

    def reopen(self, record: object) -> Session:
        """A saved game (`Session.saved`) replayed, ready to go on."""
        if not isinstance(record, dict) or record.get("format") != SAVE_FORMAT:
            raise Refusal(f"not a saved game (its 'format' is {SAVE_FORMAT!r})")
        actions = record.get("actions")
        if not isinstance(actions, list):
            raise Refusal("a saved game lists its actions")
        return self.open(record.get("variant"), record.get("options"), record.get("seed"),
                         record.get("seats"), record.get("lang", "en"), actions)

    def keep(self, session: Session) -> None:
        if len(self.sessions) >= MAX_TABLES:
            old = next((s for s in self.sessions if s.game.is_over), self.sessions[0])
            self.sessions.remove(old)
            for token in old.tokens:
                self.by_token.pop(token, None)
        self.sessions.append(session)
        for token, seat in session.tokens.items():
            self.by_token[token] = (session, seat)

    def find(self, token: object) -> tuple[Session, int]:
        found = self.by_token.get(token) if isinstance(token, str) else None
        if found is None:
            raise Refusal("no seat has this link (the server may have restarted)")
        return found


def replay(session: Session, actions: Sequence[object]) -> None:
    """Apply a saved game's actions; a bot's seat asks its bot too, so that a bot goes on
    from where its generator stood."""
    game = session.game
    for k, text in enumerate(actions):
        if game.is_over:
            raise Refusal(f"the saved game is over before its action {k + 1}")
        if game.current_player in session.bots:
            session.bots[game.current_player].choose(game, game.current_player)
        try:
            game.apply(text if isinstance(text, str) else repr(text))
        except JassError as err:
            raise Refusal(f"the saved game's action {k + 1} ({text!r}) does not replay: "
                          f"{err}") from None
