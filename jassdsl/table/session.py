"""The games a table server keeps: each with its seats, their links and the bots.

A seat is a person's (reached by an unguessable token in its link) or a bot's, which the
server plays. A person's action names the turn it answers (the number of actions so far),
so a late click never lands in a later decision. A game can be saved as its source, options,
seed and actions, and replayed from that: the same seed and actions give the same game.
A table draws its seed from 2^128 with `secrets`, and the save of an open game carries it
sealed (`jassdsl.table.seal`) with the seats' links: no seat can rebuild the hidden cards
from a save, nor open another seat's link by replaying it. With an evening folder
(`jassdsl.table.evening`) every game is also written to disk after each action, and the
open ones are played back to where they stood when the server starts again.
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jassdsl.bots.kinds import bot_rng, make_bot
from jassdsl.bots.view import Bot
from jassdsl.core.actions import Action
from jassdsl.core.errors import IllegalActionError, JassError
from jassdsl.engine import Game
from jassdsl.registry import load_rules, variant_names
from jassdsl.rulebook.words import Lang, say
from jassdsl.table.ending import lay_the_rest
from jassdsl.table.evening import Evening, new_id
from jassdsl.table.failure import Failure
from jassdsl.table.names import NameRefused, check_name, check_names, shown_names
from jassdsl.table.seal import Sealer, SealError, canonical, server_secret

log = logging.getLogger("jassdsl.table")

# a seat's kinds: a person, or a bot (`jassdsl.bots.kinds.make_bot` makes each by this name)
SEAT_KINDS = ("person", "heuristic", "random", "search:easy", "search:medium", "search:hard")
SEED_BITS = 128  # a table's own seed: far too many to search from the cards one holds
MAX_SEED = 2**SEED_BITS  # a seed typed on the start page is below it too
MAX_TABLES = 200  # games kept at once; only a finished or long-idle one makes room
MAX_OPEN = 12  # games one client (address) may have in play at once
IDLE = 3600.0  # seconds without an open page or an action after which a game may go
DIGITS = 18  # the longest number an option may be written with
SAVE_FORMAT = "jassdsl-table-game/1"


class Refusal(Exception):
    """A request the table refuses; the message says why, in words for the player;
    `status` is the HTTP status an answer to a request carries."""

    def __init__(self, text: str, status: int = 400) -> None:
        super().__init__(text)
        self.status = status


class Stopped(Exception):
    """The game has stopped at this failure (`Session.stopped`): the engine cannot go on."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.text)
        self.failure = failure


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
    journals: dict[tuple[int, str, str], Any] = field(default_factory=dict)  # seat, lang, pack
    driving: bool = False
    stopped: Failure | None = None  # why the game cannot go on, once it cannot
    client: str = ""  # the address that opened the game (its limit of open games)
    seen: float = field(default_factory=time.monotonic)  # its last page or action
    names: list[str] = field(default_factory=list)  # per seat: the name given, or ''
    id: str = field(default_factory=new_id)  # its file in the evening's folder
    host: str = field(default_factory=lambda: secrets.token_urlsafe(18))  # the host link
    started: float = field(default_factory=time.time)  # when it began (seconds, UTC)

    def __post_init__(self) -> None:
        self.names = list(self.names) or [""] * len(self.kinds)

    def shown(self, lang: Lang) -> list[str]:
        """The seats as every page names them (`names.shown_names`)."""
        return shown_names(self.names, self.kinds, lang)

    def name(self, seat: int, value: object, lang: Lang = "en") -> None:
        """A person names their seat on taking it by link (once: a seat named on the
        start page, or before, keeps its name); refused in words when taken or unfit."""
        if self.names[seat]:
            raise Refusal(say(lang, "live.name.refuse.late"))
        try:
            name = check_name(value, lang)
            check_names([n if s != seat else name for s, n in enumerate(self.names)],
                        len(self.kinds), lang)
        except NameRefused as err:
            raise Refusal(str(err)) from None
        self.names[seat] = name
        self.journals.clear()  # the narration is told again with the name

    def idle(self, now: float) -> bool:
        """Nobody has looked or acted for IDLE seconds: the game may make room."""
        return not self.listeners and now - self.seen > IDLE

    def stop(self, cause: str, seat: int, action: str, err: BaseException) -> Stopped:
        """Stop the game at this error (the first failure is the one told); the game keeps
        its actions up to the last that worked. Returns the exception to raise."""
        if self.stopped is None:
            self.stopped = Failure.of(cause, seat, action, err)
        return Stopped(self.stopped)

    def stop_text(self, seat: int, lang: Lang) -> str:
        """Why the game has stopped, as this seat's page says it ('' while it goes on)."""
        if self.stopped is None:
            return ""
        return self.stopped.told(lang, self.shown(lang), self.game.rules.model)

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
        as every seat is, with nothing to declare: `Game.forced_action`); never once the
        game has stopped."""
        game = self.game
        return self.stopped is None and not game.is_over and (
            game.current_player in self.bots or game.forced_action() is not None)

    def bot_choice(self) -> tuple[int, Action] | None:
        """The turn and the action of the bot whose turn it is, or of a person's forced
        answer (None where neither is due); it only reads the game, so the server asks it
        in a worker thread (a strong bot thinks up to about a second) and applies the answer on its
        event loop (`play_bot`). An error stops the game (Stopped)."""
        game = self.game
        if game.is_over or self.stopped is not None:
            return None
        seat, turn = game.current_player, self.turn
        try:
            if seat in self.bots:
                return turn, self.bots[seat].choose(game, seat)
            forced = game.forced_action()
            return None if forced is None else (turn, forced)
        except Exception as err:
            raise self.stop("bot" if seat in self.bots else "person", seat, "", err) from err

    def play_bot(self, choice: tuple[int, Action] | None = None) -> None:
        """One action of the bot whose turn it is, or a person's forced answer (nothing
        where neither is due any more: a person may have answered meanwhile); `choice`:
        the answer `bot_choice` gave, applied only if the game is still at its turn. Any
        error stops the game (Stopped): the bot would meet it again."""
        game = self.game
        if game.is_over or self.stopped is not None:
            return
        if choice is None:
            choice = self.bot_choice()
        if choice is None or choice[0] != self.turn:
            return
        seat, text, action = game.current_player, "", choice[1]
        try:
            text = game.action_text(action)
            game.apply(action)
            lay_the_rest(game)  # a game won at this trick ends at once
        except Exception as err:
            raise self.stop("bot" if seat in self.bots else "person", seat, text,
                            err) from err

    def act(self, seat: int, turn: object, text: object, lang: Lang = "en") -> None:
        """A person's action: refused unless it is this seat's turn, the turn it answers is
        the current one, and the text is a legal action now."""
        game = self.game
        if self.stopped is not None:
            raise Refusal(self.stop_text(seat, lang))
        if game.is_over:
            raise Refusal(say(lang, "live.refuse.over"))
        if type(turn) is not int or turn != self.turn:
            raise Refusal(say(lang, "live.refuse.moved"))
        if game.current_player != seat:
            raise Refusal(say(lang, "live.refuse.turn"))
        if not isinstance(text, str) or not text.strip() or len(text) > 100:
            raise Refusal(say(lang, "live.refuse.short"))
        try:
            legal = game.legal_actions()
            try:
                action = game.parse_action(text)
            except JassError:
                action = None
            if action not in legal:
                raise Refusal(say(lang, "live.refuse.illegal", text=repr(text),
                                  legal=", ".join(game.action_text(a) for a in legal)))
            assert isinstance(action, Action)
            game.apply(action)
            lay_the_rest(game)  # a game won at this trick ends at once
        except IllegalActionError as err:  # legal_actions and apply disagree: say so
            raise Refusal(str(err)) from None
        except Refusal:
            raise
        except Exception as err:  # the engine cannot go on from here: stop, say why
            raise self.stop("person", seat, text.strip(), err) from err

    def saved(self) -> dict[str, Any]:
        """The game as a replayable record: source, options, seed, seats, names, actions."""
        return {"format": SAVE_FORMAT, "variant": self.source, "options": self.options,
                "seed": self.seed, "seats": list(self.kinds), "lang": self.lang,
                "names": list(self.names),
                "actions": [self.game.action_text(a) for a in self.game.history]}

    def summary(self) -> dict[str, Any]:
        """What the evening's list shows of the game without playing it again."""
        game = self.game
        unit = game.rules.winner_unit[0]
        return {"hand": game.hand_number, "over": game.is_over,
                "stopped": self.stopped is not None, "unit": unit,
                "totals": list(game.totals.get(unit, ())), "team_of": list(game.rules.team_of)}


def folders_of(roots: Sequence[Path]) -> list[Path]:
    """The folders a rule file given by path may lie in (default: the working folder)."""
    return [Path(r).resolve() for r in roots] or [Path.cwd().resolve()]


def check_source(source: object, roots: Sequence[Path] = (), lang: Lang = "en") -> str:
    """A variant name of rules/, or the path of a regular .jass file inside one of `roots`
    (default: the working folder), resolved with its links. Nothing else is read, so a
    table open to a network cannot be made to quote other files: no link to a file
    elsewhere, no device, no pipe."""
    if not isinstance(source, str) or not source.strip():
        raise Refusal(say(lang, "live.refuse.variant"))
    source = source.strip()
    if source in variant_names():
        return source
    folders = folders_of(roots)
    given = Path(source).expanduser()
    for folder in folders:
        try:
            path = (folder / given).resolve()
        except (OSError, RuntimeError, ValueError):  # a loop of links, a NUL byte
            continue
        if path.suffix == ".jass" and path.is_file():
            if not any(path.is_relative_to(f) for f in folders):
                raise Refusal(say(lang, "live.refuse.outside", source=repr(source)), 403)
            return str(path)
    raise Refusal(say(lang, "live.refuse.file", source=repr(source)))


def shown_name(source: str, roots: Sequence[Path] = ()) -> str:
    """What a seat's link and a saved game call a variant: its name, or a rule file's path
    from the folder that holds it (never the host's full path)."""
    path = Path(source)
    if not path.is_absolute():
        return source
    for folder in folders_of(roots):
        if path.is_relative_to(folder):
            return path.relative_to(folder).as_posix()
    return path.name


def is_digits(text: str) -> bool:
    """Only the ASCII digits 0-9 (`str.isdigit` also takes '²', which `int` refuses)."""
    return text.isascii() and text.isdigit()


def check_options(options: object, lang: Lang = "en") -> dict[str, int | str]:
    """Option values as the rule file takes them: a number (ASCII digits, at most DIGITS
    of them) or a short word."""
    if options is None:
        return {}
    if not isinstance(options, dict) or not all(
            isinstance(k, str) and len(k) <= 100 and isinstance(v, int | str)
            and not isinstance(v, bool) for k, v in options.items()):
        raise Refusal(say(lang, "live.refuse.options"))
    out: dict[str, int | str] = {}
    for name, value in options.items():
        if isinstance(value, str) and is_digits(value.removeprefix("-")):
            if len(value.removeprefix("-")) > DIGITS:
                raise Refusal(say(lang, "live.refuse.digits", name=repr(name), n=DIGITS))
            value = int(value)
        elif isinstance(value, str) and len(value) > 100:
            raise Refusal(say(lang, "live.refuse.options"))
        if isinstance(value, int) and abs(value) >= 10 ** DIGITS:
            raise Refusal(say(lang, "live.refuse.digits", name=repr(name), n=DIGITS))
        out[name] = value
    return out


def check_seed(seed: object, lang: Lang = "en") -> int:
    """The seed typed (digits 0-9 only), or, left empty, one drawn with `secrets` from
    2^128: nobody at the table can find it from the cards they hold."""
    if seed is None or seed == "":
        return secrets.randbits(SEED_BITS)
    if isinstance(seed, str):
        text = seed.strip()
        if is_digits(text) and len(text) <= len(str(MAX_SEED)):
            seed = int(text)
    if type(seed) is not int or not 0 <= seed < MAX_SEED:
        raise Refusal(say(lang, "live.refuse.seed", high=f"2^{SEED_BITS} - 1"))
    return seed


class Tables:
    """Every game of the server, found by a seat's token."""

    def __init__(self, roots: Sequence[Path] = (), sealer: Sealer | None = None,
                 evening: Evening | None = None) -> None:
        self.sessions: list[Session] = []
        self.by_token: dict[str, tuple[Session, int]] = {}
        self.by_host: dict[str, Session] = {}
        self.roots = tuple(roots)  # where rule files given by path may lie
        self.lock = threading.RLock()  # a replay is made in a worker thread
        self._sealer = sealer
        self.evening = evening  # where every game is written as it is played (or None)

    @property
    def sealer(self) -> Sealer:
        """What seals an open game's save: the server's secret, read when first needed."""
        if self._sealer is None:
            self._sealer = Sealer(server_secret())
        return self._sealer

    def open(self, source: object, options: object, seed: object, kinds: object,
             lang: object = "en", actions: Sequence[object] = (), client: str = "",
             tokens: Mapping[int, str] | None = None, names: object = None,
             evening: Mapping[str, Any] | None = None) -> Session:
        """A new game (Refusal when a setting is wrong or there is no room; a rule file's
        errors as they are raised: RuleFileErrors); `actions` replays a saved game's
        actions first; `client` is the address asking (its games in play are limited);
        `tokens` gives the person seats their links of before (a sealed save's); `names`
        the seats' names; `evening` a game of the evening's folder its id, host link and
        start (`reload`)."""
        words: Lang = "de" if lang == "de" else "en"
        self.room(client, words)
        path = check_source(source, self.roots, words)
        name = shown_name(path, self.roots)
        opts = check_options(options, words)
        number = check_seed(seed, words)
        rules = load_rules(path, opts)
        if not isinstance(kinds, list | tuple) or len(kinds) != rules.players or any(
                k not in SEAT_KINDS for k in kinds):
            raise Refusal(say(words, "live.refuse.seats", name=rules.name, n=rules.players,
                              kinds=", ".join(SEAT_KINDS)))
        if "person" not in kinds:
            raise Refusal(say(words, "live.refuse.person"))
        try:  # a bot is named by its kind and level, never as a person
            seat_names = [n if kinds[s] == "person" else "" for s, n in
                          enumerate(check_names(names, rules.players, words))]
        except NameRefused as err:
            raise Refusal(str(err)) from None
        session = Session(name, opts, number, tuple(kinds), "de" if lang == "de" else "en",
                          Game(rules, seed=number, record=True, events=True),
                          names=seat_names)
        if evening is not None:
            session.id, session.host = str(evening["id"]), str(evening["host"])
            session.started = float(evening["started"])
        if tokens is not None and sorted(tokens) != session.persons:
            raise Refusal(say(session.lang, "live.refuse.links"))  # type: ignore[arg-type]
        for seat, kind in enumerate(kinds):
            if kind == "person":
                session.tokens[tokens[seat] if tokens else secrets.token_urlsafe(18)] = seat
            else:
                session.bots[seat] = make_bot(kind, bot_rng(number, seat))
        replay(session, actions)
        session.client = client
        self.keep(session, words)
        if not session.game.is_over:  # a save posted over is its poster's file already
            self.write(session)
        return session

    def disk_record(self, session: Session) -> dict[str, Any]:
        """The game's file in the evening's folder (`jassdsl.table.evening`): its save
        with its id, start and summary; its links sealed, and an open game's seed too (a
        finished game names it: its cards are public now, and it replays step by step)."""
        record = session.saved()
        record.update(game=session.id, started=session.started, summary=session.summary())
        secret: dict[str, Any] = {"host": session.host,
                                  "tokens": sorted([s, t] for t, s in session.tokens.items())}
        if not session.game.is_over:
            secret["seed"] = record.pop("seed")
        record["sealed"] = self.sealer.seal(secret, canonical(record))
        return record

    def write(self, session: Session) -> None:
        """Write the game to the evening's folder (after each action)."""
        if self.evening is not None:
            self.evening.write(session.id, self.disk_record(session))

    def reload(self) -> int:
        """Play the evening's games back to where they stood (at the server's start):
        each keeps its id, its seats' links and its host link (a finished one shows its
        end). A file that does not open or replay is left as it is and logged. Returns
        the games reloaded."""
        if self.evening is None:
            return 0
        count = 0
        for game_id, record in self.evening.games():
            if "sealed" not in record or record.get("game") != game_id:
                continue
            clear = {k: v for k, v in record.items() if k != "sealed"}
            try:
                secret = self.sealer.open(record["sealed"], canonical(clear))
                tokens = {int(s): str(t) for s, t in secret["tokens"]}
                if any(t in self.by_token for t in tokens.values()):
                    raise ValueError("its links are another game's")  # a copy of a file
                self.open(clear.get("variant"), clear.get("options"),
                          secret["seed"] if "seed" in secret else clear["seed"],
                          clear.get("seats"), clear.get("lang", "en"),
                          clear.get("actions") or (), tokens=tokens,
                          names=clear.get("names"), evening={
                              "id": game_id, "host": secret["host"],
                              "started": clear.get("started", time.time())})
                count += 1
            except (SealError, KeyError, TypeError, ValueError, Refusal, JassError) as err:
                log.warning("the game %s was not reloaded: %s", game_id, err)
        return count

    def hosted(self, token: object, lang: Lang = "en") -> Session:
        """The game whose host link this is."""
        found = self.by_host.get(token) if isinstance(token, str) else None
        if found is None:
            raise Refusal(say(lang, "live.refuse.link"))
        return found

    def save(self, session: Session, seat: int) -> dict[str, Any]:
        """The save `seat` downloads. A finished game's names its seed. An open game's
        (also one that stopped) seals the seed, the seats' links and the saver's seat,
        bound to the rest of the file: replayed, it gives back only the saver's link."""
        record = session.saved()
        if session.game.is_over:
            return record
        del record["seed"]
        secret = {"seed": session.seed, "seat": seat,
                  "tokens": sorted([s, t] for t, s in session.tokens.items())}
        record["sealed"] = self.sealer.seal(secret, canonical(record))
        return record

    def reopen(self, record: object, client: str = "",
               lang: Lang = "en") -> tuple[Session, list[int]]:
        """A saved game (`save`) replayed, ready to go on, and the seats whose links its
        poster gets: every person's for a save that names its seed, the saver's alone for a
        sealed one (whose seats keep their links; a table still open here is not replayed
        again but found). `client` is the address asking, `lang` the language it reads."""
        if not isinstance(record, dict) or record.get("format") != SAVE_FORMAT:
            raise Refusal(say(lang, "live.refuse.format", format=repr(SAVE_FORMAT)))
        actions = record.get("actions")
        if not isinstance(actions, list):
            raise Refusal(say(lang, "live.refuse.actions"))
        if "sealed" not in record:
            session = self.open(record.get("variant"), record.get("options"),
                                record.get("seed"), record.get("seats"),
                                record.get("lang", "en"), actions, client,
                                names=record.get("names"))
            return session, session.persons
        clear = {k: v for k, v in record.items() if k != "sealed"}
        try:
            secret = self.sealer.open(record["sealed"], canonical(clear))
            seed, seat = secret["seed"], secret["seat"]
            tokens = {int(s): str(t) for s, t in secret["tokens"]}
        except (SealError, KeyError, TypeError, ValueError):
            raise Refusal(say(lang, "live.refuse.sealed")) from None
        with self.lock:
            live = next((self.by_token[t][0] for t in tokens.values() if t in self.by_token),
                        None)
            if live is not None and live.stopped is None:  # open here: its seat, not a copy
                return live, [seat]
            same = None
            if live is not None:  # stopped here (the file may have been mended): anew,
                self.drop(live)  # in the same file of the evening, with the same host link
                same = {"id": live.id, "host": live.host, "started": live.started}
        session = self.open(clear.get("variant"), clear.get("options"), seed,
                            clear.get("seats"), clear.get("lang", "en"), actions, client,
                            tokens, clear.get("names"), same)
        return session, [seat]

    def room(self, client: str, lang: Lang = "en") -> None:
        """Refused unless `client` may open one more game and there is a place for it:
        a stranger's new table never ends a game in play (only a finished or idle one)."""
        with self.lock:
            now = time.monotonic()
            mine = [s for s in self.sessions if s.client == client and not s.game.is_over
                    and not s.idle(now)]
            if client and len(mine) >= MAX_OPEN:
                raise Refusal(say(lang, "live.refuse.yours", n=len(mine)), 429)
            if len(self.sessions) < MAX_TABLES:
                return
            done = [s for s in self.sessions if s.game.is_over]
            old = next((s for s in done if not s.listeners), None) or next(
                (s for s in self.sessions if s.idle(now)), None) or next(iter(done), None)
            if old is None:
                raise Refusal(say(lang, "live.refuse.full"), 429)
            self.drop(old)

    def keep(self, session: Session, lang: Lang = "en") -> None:
        with self.lock:
            self.room(session.client, lang)
            self.sessions.append(session)
            self.by_host[session.host] = session
            for token, seat in session.tokens.items():
                self.by_token[token] = (session, seat)

    def drop(self, session: Session) -> None:
        """Forget a game and its links."""
        self.sessions.remove(session)
        self.by_host.pop(session.host, None)
        for token in session.tokens:
            self.by_token.pop(token, None)

    def find(self, token: object, lang: Lang = "en") -> tuple[Session, int]:
        found = self.by_token.get(token) if isinstance(token, str) else None
        if found is None:
            raise Refusal(say(lang, "live.refuse.link"))
        return found


def replay(session: Session, actions: Sequence[object]) -> None:
    """Apply a saved game's actions; a bot's seat asks its bot too, so that a bot goes on
    from where its generator stood; except a searching bot (up to about a second a decision): it
    goes on with a generator of its own drawn from the game's seed, its seat and the
    number of actions replayed (the same save replays to the same bots)."""
    game = session.game
    lang: Lang = "de" if session.lang == "de" else "en"
    searching = [s for s, kind in enumerate(session.kinds) if kind.startswith("search:")]
    for k, text in enumerate(actions):
        if game.is_over:
            raise Refusal(say(lang, "live.refuse.replay_over", k=k + 1))
        if game.current_player in session.bots and game.current_player not in searching:
            session.bots[game.current_player].choose(game, game.current_player)
        shown = text if isinstance(text, str) else repr(text)
        try:
            game.apply(shown)
        except JassError:  # not an action of this moment: what was, as a seat is told
            why = say(lang, "live.refuse.illegal", text=repr(shown)[:80], legal=", ".join(
                game.action_text(a) for a in game.legal_actions()))
            raise Refusal(say(lang, "live.refuse.replay", k=k + 1, why=why)) from None
        except Exception as err:  # a fault of the engine: said, not a 500
            raise Refusal(say(lang, "live.refuse.replay", k=k + 1,
                              why=f"{type(err).__name__}: {err}")) from None
    if actions:
        for seat in searching:
            session.bots[seat] = make_bot(session.kinds[seat], random.Random(
                f"jassdsl-bot:{session.seed}:{seat}:{len(actions)}"))
