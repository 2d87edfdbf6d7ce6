"""Every rule file as an OpenSpiel game: ``import jassdsl.research.openspiel`` registers ``jassdsl``.

```python
import pyspiel
import jassdsl.research.openspiel  # registers the game

game = pyspiel.load_game("jassdsl", {"variant": "coiffeur", "horizon": "hand"})
```

Parameters: ``variant`` (a name from ``rules/`` or a path to a ``.jass`` file),
``options`` (the file's options as ``key=value,key=value``; the game string writes them
``key:value;key:value``, which OpenSpiel's parser leaves whole, and reads both), ``horizon`` (``game``: play to the file's game end, returns
1 for each seat of a winner and 0 otherwise; ``hand``: play one hand, returns each
seat's score of that hand in the unit that decides the game, signed so that more is
better).

Chance is OpenSpiel's explicit chance player, fed from the engine's own chance API: the
game runs on an engine `Game` whose `Chance` does not draw by itself but stops the step
that needs a draw (`NeedChance`); `Game.apply` is atomic, so the step is taken back, the
state becomes a chance node, and the step is taken again once the outcomes are in, from
a `ScriptedChance` script, as a recorded deal is replayed (`engine/position.py`). A deal
is 36 chance steps, one card per place of the deck (uniform over the cards left); a draw
among n (the first dealer by lot, a trump drawn at random, a lot in scoring) is one step
with n outcomes.

Observation strings and tensors of a seat come from the engine's observation of that
seat (`Game.observe`; the tensors from the same inputs, kept per seat by the game's
observer: `jassdsl.research.incremental`): its own hand, the table, public declarations;
another seat's hidden value stays hidden. The information state is the seat's
observations through the current hand (each one that differs from the one before), so a
seat recalls what it saw in this hand; earlier hands are known through the totals and sheets. Action ids are
`jassdsl.research.actionspace.ActionSpace`, read from the compiled rules.
"""

from __future__ import annotations

import copy
import json
import random
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_NAMES, mask_cards
from jassdsl.core.errors import IllegalActionError, OptionError
from jassdsl.engine import Game
from jassdsl.engine.chain import Chain
from jassdsl.engine.chance import ScriptedChance
from jassdsl.engine.game import Moment
from jassdsl.engine.observation import Observation
from jassdsl.registry import load_rules
from jassdsl.research.actionspace import ActionSpace
from jassdsl.research.incremental import SeatVectors
from jassdsl.research.tensors import Layout, utility_sign

NAME = "jassdsl"
DEFAULTS: dict[str, Any] = {"variant": "schieber", "options": "", "horizon": "game"}
HORIZONS = ("game", "hand")
STEPS_PER_HAND = 400  # chance and player steps of one hand, a generous bound
HAND_LIMIT = 1000
TERMINAL, CHANCE = int(pyspiel.PlayerId.TERMINAL), int(pyspiel.PlayerId.CHANCE)

GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Jass (a jassdsl rule file)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class NeedChance(BaseException):  # a signal, not an error
    """The engine asks chance for a draw that has not been made yet: a deck (`cards`, the
    card numbers it holds) or a number among `among`. A BaseException, so that nothing
    in the engine mistakes it for an error of the rules."""

    def __init__(self, cards: tuple[int, ...] = (), among: int = 0) -> None:
        super().__init__(f"deck of {len(cards)}" if cards else f"draw among {among}")
        self.cards = cards
        self.among = among

    def __deepcopy__(self, memo: dict[int, Any]) -> NeedChance:
        """The same: nothing changes a need once made (a clone shares it)."""
        return self


class ProbeChance(ScriptedChance):
    """Chance that gives the scripted outcomes and stops at the first one not given.

    While `free()` holds (the hand the game plays is over) it draws from its own
    generator instead: what follows the horizon is never seen."""

    def __init__(self, hands: int | None = None) -> None:
        self.free_rng: random.Random | None = None  # made (seed 0) at the first free draw
        self.drawn: list[tuple[int, int]] = []
        self.decks: deque[list[int]] = deque()
        self.draws: deque[tuple[int, int]] = deque()
        self.hands = hands  # the horizon in hands (None: the whole game)
        self.game_ref: Callable[[], Game | None] | None = None  # the game it draws for

    @property
    def rng(self) -> random.Random:  # type: ignore[override]
        """The generator of the draws past the horizon, seeded 0. Made only when first
        drawn from (most states never are): seeding one, saving its state before each
        action and copying it with each clone was a good part of a state's cost."""
        if self.free_rng is None:
            self.free_rng = random.Random(0)
        return self.free_rng

    def getstate(self) -> tuple[Any, ...]:
        rng = None if self.free_rng is None else self.free_rng.getstate()
        return (rng, len(self.drawn), tuple(self.draws), tuple(tuple(d) for d in self.decks))

    def setstate(self, state: tuple[Any, ...]) -> None:
        if state[0] is None:
            self.free_rng = None
        else:
            self.rng.setstate(state[0])
        del self.drawn[state[1]:]
        self.draws = deque(state[2])
        self.decks = deque(list(d) for d in state[3])

    def __deepcopy__(self, memo: dict[int, Any]) -> ProbeChance:
        """A copy without deep-copying the generator's state (a tuple, never changed)."""
        other = ProbeChance.__new__(ProbeChance)
        other.free_rng = None
        if self.free_rng is not None:
            other.free_rng = random.Random()
            other.free_rng.setstate(self.free_rng.getstate())
        other.drawn = list(self.drawn)
        other.decks, other.draws = deque(self.decks), deque(self.draws)  # (as copy.copy)
        other.hands = self.hands
        game = self.game
        other.game = memo.get(id(game), game) if game is not None else None
        return other

    @property
    def game(self) -> Game | None:
        """The game it draws for, once made: held weakly (the game holds its chance), so
        that a finished game is freed at once and not left to the cycle collector, whose
        runs were a tenth of a step."""
        return self.game_ref() if self.game_ref is not None else None

    @game.setter
    def game(self, game: Game | None) -> None:
        self.game_ref = weakref.ref(game) if game is not None else None

    def free(self) -> bool:
        game = self.game
        return self.hands is not None and game is not None \
            and len(game.results) >= self.hands

    def shuffle(self, deck: list[int]) -> None:
        if not self.decks and not self.free():
            raise NeedChance(cards=tuple(sorted(bit.bit_length() - 1 for bit in deck)))
        super().shuffle(deck)

    def draw(self, n: int) -> int:
        if not self.draws and not self.free():
            raise NeedChance(among=n)
        return super().draw(n)


def parse_options(text: str) -> dict[str, int | str]:
    """``key=value,key=value`` (or ``key:value;key:value``, as a game string writes it)
    as the options of `load_rules`."""
    out: dict[str, int | str] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        key, eq, value = part.replace(":", "=", 1).partition("=")
        if not eq:
            raise OptionError(f"an option is key=value, not {part!r}")
        value = value.strip()
        out[key.strip()] = int(value) if value.lstrip("-").isdigit() else value
    return out


def options_text(options: dict[str, int | str]) -> str:
    """Options as a game string can hold them (OpenSpiel splits its parameters at ',' and
    '='): ``key:value;key:value``."""
    return ";".join(f"{k}:{v}" for k, v in options.items())


@dataclass(frozen=True)
class Compiled:
    """A game's compiled rules and action space, made once per parameters."""

    rules: CompiledRules
    space: ActionSpace
    horizon: str
    phase_chain: Chain  # the phases every engine game of these rules shares (`Chain.of`)


@cache
def compiled(variant: str, options: str, horizon: str) -> Compiled:
    if horizon not in HORIZONS:
        raise OptionError(f"horizon is 'game' or 'hand', not {horizon!r}")
    rules = load_rules(variant, parse_options(options) or None)
    return Compiled(rules, ActionSpace.of(rules), horizon, Chain.of(rules))


SpielGame: Any = pyspiel.Game  # OpenSpiel's game class (the engine's `Game` is another)


class JassGame(SpielGame):  # type: ignore[misc]
    """One rule file with its options as an OpenSpiel game. It keeps its parameters
    (OpenSpiel pickles and rebuilds games from them) and, once looked up, what they make
    and what its states share."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        options = options_text(parse_options(str(params["options"])))
        made = compiled(str(params["variant"]), options, str(params["horizon"]))
        hands = 1 if made.horizon == "hand" else HAND_LIMIT
        low, high = (0.0, 1.0) if made.horizon == "game" else (-1e9, 1e9)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(made.space), max_chance_outcomes=36,
            num_players=made.rules.players, min_utility=low, max_utility=high,
            utility_sum=None, max_game_length=hands * STEPS_PER_HAND)
        super().__init__(GAME_TYPE, info, {"variant": str(params["variant"]),
                                           "options": options, "horizon": made.horizon})

    @property
    def made(self) -> Compiled:
        """What the parameters make, read once per game object (OpenSpiel rebuilds a
        pickled game without calling __init__, so it is looked up on first use)."""
        made: Compiled | None = self.__dict__.get("_made")
        if made is None:
            made = self._made = compiled(*self.parameters())
        return made

    @property
    def shared(self) -> Shared:
        """What every state of this game shares (one object per game)."""
        shared: Shared | None = self.__dict__.get("_shared")
        if shared is None:
            shared = self._shared = Shared(self, self.parameters())
        return shared

    def parameters(self) -> Params:
        """The parameters as its states and their pickles carry them."""
        p = self.get_parameters()
        return str(p["variant"]), str(p["options"]), str(p["horizon"])

    @property
    def rules(self) -> CompiledRules:
        return self.made.rules

    @property
    def space(self) -> ActionSpace:
        return self.made.space

    @property
    def horizon(self) -> str:
        return self.made.horizon

    def new_initial_state(self) -> JassState:
        return JassState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The seat's view: with perfect recall its information state, else (and by
        default, as OpenSpiel's observation) what it sees now."""
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, recall)


Params = tuple[str, str, str]  # variant, options, horizon


FIRST_NEED: dict[Params, NeedChance] = {}
# per number of cards left to deal: each card's chance outcome (made once, not per step)
OUTCOMES = [[(c, 1.0 / n if n else 0.0) for c in range(36)] for n in range(37)]  # per game: what its first chance step is


class Shared:
    """What states of one game share and never change (the rules): not copied, and
    pickled as the game's parameters."""

    def __init__(self, game: JassGame, params: Params) -> None:
        self.jass, self.rules, self.space, self.params = game, game.rules, game.space, params
        self.observers: dict[bool, Observer] = {}  # without and with recall, once made
        self.legal: list[tuple[list[Action], list[int]]] = []  # (`legal_ids`)

    def legal_ids(self, actions: list[Action]) -> list[int]:
        """The sorted ids of legal actions outside play (a new list), kept for the last
        few lists asked: a declaration's some 160 values are the same list at each
        seat's turn, and an equal list (compared object by object first) has the same ids."""
        for kept, ids in self.legal:
            if kept == actions:
                return list(ids)
        made = sorted(self.space.ids_of(actions))
        self.legal = [(list(actions), made), *self.legal[:7]]
        return list(made)

    def observer(self, recall: bool) -> Observer:
        """The game's observer of the current view (`recall`: of the information state)."""
        made = self.observers.get(recall)
        if made is None:
            made = self.observers[recall] = Observer(self.jass, recall)
        return made

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return shared_of, self.params


def shared_of(variant: str, options: str, horizon: str) -> Shared:
    game = pyspiel.load_game(NAME, {"variant": variant, "options": options,
                                    "horizon": horizon})
    return Shared(game, (variant, options, horizon))


class Box:
    """The engine game and its chance, with every outcome scripted so far; a copy shares
    the compiled rules (`Game.copy`), a pickle is replayed from the outcomes and the
    engine's history."""

    def __init__(self, rules: CompiledRules, hands: int | None, params: Params) -> None:
        self.ruleset, self.hands, self.params = rules, hands, params
        self.engine: Game | None = None
        self.probe = ProbeChance(hands)
        self.decks: list[list[int]] = []  # card numbers, each deck in order
        self.draws: list[tuple[int, int]] = []
        # per seat, the engine's observation as the game stands: made once per step (the
        # state's strings and both tensors read it), emptied before the engine moves
        self.observed: dict[int, Observation] = {}
        # per seat and whether someone is to act, its observation tensor as the game
        # stands (the information state's begins with it), emptied with `observed`
        self.numbers: dict[tuple[int, bool], list[float]] = {}

    def observe(self, seat: int) -> Observation:
        """The engine's observation of a seat (`Game.observe`), made once per step."""
        obs = self.observed.get(seat)
        if obs is None:
            assert self.engine is not None
            obs = self.observed[seat] = self.engine.observe(seat)
        return obs

    def script(self, decks: Sequence[list[int]] = (),
               draws: Sequence[tuple[int, int]] = ()) -> None:
        self.decks += decks
        self.draws += draws
        self.probe.script([[1 << c for c in d] for d in decks], draws)

    def start(self) -> None:
        """Make the engine's game with the outcomes so far (NeedChance if they are not
        enough for its first deal)."""
        decks, draws = self.decks, self.draws
        self.probe = ProbeChance(self.hands)
        self.decks, self.draws = [], []
        self.script(decks, draws)
        chain = compiled(*self.params).phase_chain  # made once per game, not per hand
        # with history (a step that needs a draw is taken back), without the events'
        # log, which nothing of a state reads (it was written at every step and copied at
        # every clone)
        self.probe.game = self.engine = Game(self.ruleset, chance=self.probe, record=True,
                                             events=False, chain=chain)

    def __deepcopy__(self, memo: dict[int, Any]) -> Box:
        other = Box.__new__(Box)
        other.ruleset, other.hands, other.params = self.ruleset, self.hands, self.params
        other.decks, other.draws = [list(d) for d in self.decks], list(self.draws)
        other.observed = dict(self.observed)  # immutable, of the same game state
        other.numbers = dict(self.numbers)  # never written (callers get copies)
        if self.engine is None:
            other.engine, other.probe = None, copy.deepcopy(self.probe)
        else:
            other.engine = self.engine.copy()  # copies the chance with it
            other.probe = other.engine.chance  # type: ignore[assignment]
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        history = None if self.engine is None else [(a.kind, a.value)
                                                    for a in self.engine.history]
        return box_of, (self.params, self.decks, self.draws, history)


def box_of(params: Params, decks: list[list[int]], draws: list[tuple[int, int]],
           history: list[tuple[str, int]] | None) -> Box:
    """A pickled Box: its outcomes scripted, and the engine's actions replayed."""
    made = compiled(*params)
    box = Box(made.rules, 1 if made.horizon == "hand" else None, params)
    box.decks, box.draws = decks, [tuple(d) for d in draws]  # type: ignore[misc]
    if history is not None:
        box.start()
        assert box.engine is not None
        for kind, value in history:
            box.engine.apply(Action(kind, value))
    return box


class Progress:
    """Where a state stands besides its engine game: the step waiting for chance, the
    deal so far, the end. One object, so that OpenSpiel's clone (which deep-copies every
    attribute of a state one by one) copies it in one go."""

    __slots__ = ("applying", "deck", "deck_starts", "final", "need", "over",
                 "pending", "steps", "undealt")

    def __init__(self, players: int) -> None:
        self.pending: Action | None = None
        self.need: NeedChance | None = None
        self.deck: list[int] = []
        self.undealt: list[int] = []  # the cards of the deck not dealt yet, in order
        self.deck_starts: list[int] = []
        self.over = False
        self.final: list[float] = [0.0] * players
        self.steps = 0
        self.applying = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Progress:
        other = Progress.__new__(Progress)
        other.pending, other.need, other.over = self.pending, self.need, self.over
        other.steps, other.applying = self.steps, self.applying  # the needs never change
        other.deck, other.deck_starts = list(self.deck), list(self.deck_starts)
        other.undealt = list(self.undealt)
        other.final = list(self.final)
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        return progress_of, tuple(getattr(self, k) for k in Progress.__slots__)


def progress_of(*values: Any) -> Progress:
    """A pickled Progress."""
    progress = Progress.__new__(Progress)
    for key, value in zip(Progress.__slots__, values, strict=True):
        setattr(progress, key, value)
    return progress


class InProgress:
    """An attribute of a state that lives in its `Progress`."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, state: Any, owner: type | None = None) -> Any:
        return getattr(state.progress, self.name)

    def __set__(self, state: Any, value: Any) -> None:
        setattr(state.progress, self.name, value)


class Core:
    """All of a state's own parts in one object: OpenSpiel's clone deep-copies a state's
    attributes one by one, each with a memo of its own, so that parts copied apart could
    not find one another; copied together, the clone's recall reads the clone's game as
    its live step (no copy of it) and the copy is one call."""

    __slots__ = ("box", "progress", "recall", "shared")

    def __init__(self, shared: Shared, box: Box, progress: Progress, recall: Recall) -> None:
        self.shared, self.box, self.progress, self.recall = shared, box, progress, recall

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        box = self.box.__deepcopy__(memo)
        return Core(self.shared, box, self.progress.__deepcopy__(memo),
                    self.recall.playing_on(self.box.engine, box.engine))

    def __reduce__(self) -> tuple[Any, ...]:
        return Core, (self.shared, self.box, self.progress, self.recall)


class JassState(pyspiel.State):  # type: ignore[misc]
    """A game of the engine, with the chance step it waits for, if any."""

    # a state that only tries whether actions apply (`resample`): it keeps no observations
    # (a class default, so that no other state holds it among the values it pickles)
    quiet = False

    pending = InProgress()  # the player's action waiting for chance
    need = InProgress()  # the chance step it waits for, or None
    deck = InProgress()  # the cards of the deck being dealt, in order
    deck_starts = InProgress()  # where each deal begins in the history
    over = InProgress()
    final = InProgress()  # the returns, once over
    steps = InProgress()
    applying = InProgress()  # 1 inside _apply_action: its action is not in the history yet

    def __init__(self, game: JassGame) -> None:
        super().__init__(game)
        # its parts (`core`) are made when first read (`__getattr__`): OpenSpiel's clone
        # makes a new initial state and then copies the parts of the state cloned over
        # it, so that a clone never makes (and throws away) parts of its own

    core: Core  # the state's parts, made at the first read (`__getattr__`)

    if not TYPE_CHECKING:  # (a type checker reads `core` above, and no other name)
        def __getattr__(self, name: str) -> Core:
            """`core`, the state's parts, made at the first read: those of a new game."""
            if name != "core":
                raise AttributeError(name)
            game: JassGame = self.get_game()
            shared = game.shared
            params = shared.params
            players = shared.rules.players
            core = self.__dict__["core"] = Core(
                shared, Box(shared.rules, 1 if game.horizon == "hand" else None, params),
                Progress(players), Recall(0, players))
            first = FIRST_NEED.get(params)  # a new game always asks chance the same first
            if first is None:
                self.step()
                assert self.need is not None  # every game begins with chance
                FIRST_NEED[params] = self.need
            else:
                self.need = first
                if first.cards:
                    self.deck_starts.append(0)
                    self.progress.undealt = list(first.cards)
            return core

    # the parts of the state, all in its one attribute `core` (see `Core`)
    @property
    def shared(self) -> Shared:
        return self.core.shared

    @property
    def box(self) -> Box:
        return self.core.box

    @property
    def progress(self) -> Progress:
        return self.core.progress

    @property
    def recall(self) -> Recall:
        return self.core.recall

    @recall.setter
    def recall(self, recall: Recall) -> None:
        self.core.recall = recall

    @property
    def jass(self) -> JassGame:
        return self.shared.jass

    @property
    def rules(self) -> CompiledRules:
        return self.shared.rules

    @property
    def space(self) -> ActionSpace:
        return self.shared.space

    @property
    def engine(self) -> Game | None:
        return self.box.engine

    @property
    def chance(self) -> ProbeChance:
        return self.box.probe

    # -- the engine and chance
    def step(self) -> None:
        """Take the waiting step (the first deal, or the pending action) with the chance
        outcomes scripted so far; stop at a chance node if it needs more. (The progress
        is read and written through one local name here and in the other methods of a
        step: each attribute through `InProgress` is a Python call.)"""
        core = self.core
        box, progress = core.box, core.progress
        box.observed.clear()
        box.numbers.clear()
        try:
            if box.engine is None:
                box.start()
            else:
                assert progress.pending is not None
                box.engine.apply(progress.pending)
        except NeedChance as need:
            progress.need = need
            if need.cards:  # the deal's first card is the next step of the history
                progress.deck = []
                progress.undealt = list(need.cards)
                progress.deck_starts.append(len(self.history()) + progress.applying)
            return
        progress.need, progress.pending = None, None
        self.after_step()

    def past_horizon(self) -> bool:
        return self.chance.free()

    def after_step(self) -> None:
        core = self.core
        game = core.box.engine
        assert game is not None
        progress = core.progress
        progress.steps += 1
        if game.is_over or self.past_horizon():
            progress.over = True
            progress.final = self.final_returns()
            if not self.quiet:
                self.recall.settle(game)
            return
        if self.quiet:
            return
        if game.hand_number != core.recall.hand:
            core.recall = Recall(game.hand_number, self.rules.players)
        core.recall.keep(game)

    def final_returns(self) -> list[float]:
        game = self.engine
        assert game is not None
        r = self.rules
        if self.jass.horizon == "game":
            outcome = game.outcome()
            winners = outcome.winners if outcome is not None else ()
            return [1.0 if r.team_of[x] in winners else 0.0 for x in range(r.players)]
        unit, _ = r.winner_unit
        totals = game.results[0].totals[unit]
        sign = utility_sign(r)
        return [float(sign * totals[r.team_of[x]]) for x in range(r.players)]

    # -- OpenSpiel's API
    def current_player(self) -> int:
        """(OpenSpiel asks it several times a step: read straight from the parts.)"""
        core = self.core
        progress = core.progress
        if progress.over:
            return TERMINAL
        if progress.need is not None:
            return CHANCE
        engine = core.box.engine
        assert engine is not None
        return engine.current_player

    def is_terminal(self) -> bool:
        return bool(self.core.progress.over)

    def returns(self) -> list[float]:
        return list(self.final) if self.over else [0.0] * self.rules.players

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """OpenSpiel's observation tensor (of the current player without `player`): the
        numbers its own path gives, without its round trip, which makes a new initial
        state and fills a tensor for it at every call to learn the size, and then copies
        the tensor piece by piece (called from C++, that path still runs)."""
        return self.tensor_of(self.core.shared.observer(False), player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """OpenSpiel's information state tensor, as `observation_tensor` gives its own."""
        return self.tensor_of(self.core.shared.observer(True), player)

    def tensor_of(self, observer: Observer, player: int | None) -> list[float]:
        core = self.core
        n = core.shared.rules.players
        seat = self.current_player() if player is None else player
        if not 0 <= seat < n:  # as OpenSpiel refuses it
            raise pyspiel.SpielError(f"player {seat}: a tensor is of a seat 0 to {n - 1}")
        box, progress = core.box, core.progress
        game = box.engine
        playing = not progress.over and progress.need is None
        if game is None:  # before the first deal: the seat alone
            return observer.layout.numbers(None, seat, playing, None)
        # the observation's numbers from the seat's vector kept by the game's observer
        # (brought up to this state's game: `research.incremental`), the history after them
        kept = box.numbers.get((seat, playing))
        if kept is None:
            vectors = core.shared.observer(False).vectors
            assert vectors is not None
            kept = box.numbers[seat, playing] = vectors.floats(game, seat, playing)
        out = list(kept)
        if observer.recall:
            out += observer.layout.history_numbers(game.playing, game.finished_tricks,
                                                   game.leader, game.trick)
        return out

    def _legal_actions(self, player: int) -> list[int]:
        engine = self.engine
        assert engine is not None and player == engine.current_player
        cards = engine.legal_mask()  # in play: the cards, whose ids are their numbers
        if cards:
            return mask_cards(cards)
        return self.shared.legal_ids(engine.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        progress = self.core.progress
        need = progress.need
        assert need is not None
        if need.cards:  # the cards not dealt yet, in order (the need lists them sorted)
            undealt = progress.undealt
            return list(map(OUTCOMES[len(undealt)].__getitem__, undealt))
        return [(v, 1.0 / need.among) for v in range(need.among)]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's legal actions, read here at a decision of the seat to act (the
        same list: its C++ path asks `_legal_actions` and copies the answer twice);
        anything else (chance, the end, another seat) as OpenSpiel answers it."""
        progress = self.core.progress
        if progress.over or progress.need is not None:
            ids: list[int] = super().legal_actions() if player is None else \
                super().legal_actions(player)
            return ids
        engine = self.core.box.engine
        assert engine is not None
        if player is not None and player != engine.current_player:
            return super().legal_actions(player)  # type: ignore[no-any-return]
        cards = engine.legal_mask()  # in play: the cards, whose ids are their numbers
        if cards:
            return mask_cards(cards)
        return self.core.shared.legal_ids(engine.legal_actions())

    def is_chance_node(self) -> bool:
        """Whether chance acts now, read here (OpenSpiel's asks `current_player`)."""
        progress = self.core.progress
        return progress.need is not None and not progress.over

    def _apply_action(self, action: int) -> None:
        progress = self.core.progress
        progress.applying = 1
        try:
            self.take(action)
        finally:
            progress.applying = 0

    def take(self, action: int) -> None:
        core = self.core
        progress = core.progress
        need = progress.need
        if need is None:
            progress.pending = core.shared.space.action(action)
            self.step()
            return
        if need.cards:
            deck = progress.deck
            deck.append(action)
            if action in progress.undealt:
                progress.undealt.remove(action)
            if len(deck) < len(need.cards):
                return
            progress.deck = []
            core.box.script(decks=[deck])
        else:
            core.box.script(draws=[(need.among, action)])
        self.step()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            need = self.need
            if need is not None and not need.cards:
                return f"draw {action} of {need.among}"
            return f"deal {CARD_NAMES[action]}"
        a = self.space.action(action)
        return self.engine.action_text(a) if self.engine is not None else str(a)

    def __str__(self) -> str:
        if self.engine is None:
            return f"dealing: {' '.join(CARD_NAMES[c] for c in self.deck)}"
        game = self.engine
        hands = " | ".join(" ".join(CARD_NAMES[c] for c in game.hand_of(x))
                           for x in range(game.n))
        trick = " ".join(CARD_NAMES[c] for c in game.trick)
        return (f"hand {game.hand_number}, {game.phase}, seat {game.current_player}; "
                f"hands {hands}; trick [{trick}]; totals {game.totals}")

    def resample_from_infostate(self, player: int, sampler: Any) -> JassState:
        """A state `player` cannot tell from this one (see `resample`)."""
        return resample(self, player, random.Random(int(sampler() * 2**31)))


class Recall:
    """What each seat saw through one hand, put into words only when asked for.

    The game as it stood after each step is kept without a copy of its own: a step
    before the last is the state the engine's history saved before the next action
    (`Game.before_last`), the last step is the game itself (`live`) until an action, or
    the end, moves it on; a seat's texts, each observation that differs from the one
    before as `observed_text` writes it, are made from the steps it has not read yet
    (`Game.view` of each) when its information state is asked for. Writing every seat's
    observation as JSON at every step was most of a step's cost, and most users of the
    states never ask for the strings. A clone shares the moments and the texts made so
    far (neither ever changes), with a copy of the live step."""

    def __init__(self, hand: int, players: int) -> None:
        self.hand = hand
        self.moments: list[Moment] = []
        self.texts: list[list[str]] = [[] for _ in range(players)]
        self.read = [0] * players  # per seat: the steps its texts are made from
        self.game: Game | None = None  # the game played (its present: the live step)
        self.live = False

    def keep(self, game: Game) -> None:
        """A step was taken; the one before it, if live, is the game before its last
        action."""
        self.settle(game)
        self.game, self.live = game, True

    def settle(self, game: Game) -> None:
        """The game moved on from the live step (an action, or the end)."""
        if self.live:
            self.moments.append(game.before_last())
            self.live = False

    def views(self) -> list[Game]:
        """Each step kept, as a game to read (the live one: the game itself)."""
        game = self.game
        if game is None:
            return []
        out = [game.view(m) for m in self.moments]
        return [*out, game] if self.live else out

    def texts_of(self, seat: int) -> list[str]:
        """The seat's texts through the last step kept (a new one where it changed)."""
        texts, views = self.texts[seat], self.views()
        for view in views[self.read[seat]:]:
            text = observed_text(view.observe(seat))
            if not texts or texts[-1] != text:
                texts.append(text)
        self.read[seat] = len(views)
        return texts

    def last_text(self, seat: int) -> str:
        """The seat's text at the last step kept ('' before the first)."""
        steps = len(self.moments) + self.live
        if self.read[seat] < steps:
            return observed_text(self.views()[-1].observe(seat))
        texts = self.texts[seat]
        return texts[-1] if texts else ""

    def __deepcopy__(self, memo: dict[int, Any]) -> Recall:
        """A clone's: its live step kept as a copy (the clone's game is another one)."""
        other = Recall.__new__(Recall)
        other.hand, other.read, other.game = self.hand, list(self.read), self.game
        live = [self.game.moment()] if self.live and self.game is not None else []
        other.moments, other.live = [*self.moments, *live], False
        other.texts = [list(t) for t in self.texts]
        return other

    def playing_on(self, game: Game | None, other_game: Game | None) -> Recall:
        """A clone's recall, whose game `other_game` is a copy of `game` as it stands: its
        live step is that copy's present (the same state, so no copy of its own)."""
        if self.game is None or self.game is not game or other_game is None:
            return self.__deepcopy__({})
        other = Recall.__new__(Recall)
        other.hand, other.read, other.game = self.hand, list(self.read), other_game
        other.moments, other.live = list(self.moments), self.live
        other.texts = [list(t) for t in self.texts]
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its texts (a view holds the compiled rules, which do not pickle)."""
        return recall_of, (self.hand, [self.texts_of(x) for x in range(len(self.texts))])


def recall_of(hand: int, texts: list[list[str]]) -> Recall:
    """A pickled Recall: every text made, no views left to read."""
    recall = Recall(hand, len(texts))
    recall.texts = texts
    return recall


def observation_text(game: Game, seat: int) -> str:
    """A seat's observation as one line of JSON (keys sorted)."""
    return observed_text(game.observe(seat))


def observed_text(obs: Observation) -> str:
    """An observation as one line of JSON (keys sorted), as `Game.observation` has it."""
    return json.dumps(obs.as_dict(), sort_keys=True, separators=(",", ":"))


# --- tensors -----------------------------------------------------------------------------
class Observer:
    """OpenSpiel's observer of a seat: the flat tensor of `jassdsl.research.tensors`, and a string."""

    def __init__(self, game: JassGame, recall: bool) -> None:
        self.layout = Layout(game.rules, game.space, recall)
        self.recall = recall
        # per seat, its observation's vector kept from the last state asked about
        self.vectors = SeatVectors(self.layout) if not recall else None
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.views(self.tensor)

    def set_from(self, state: JassState, player: int) -> None:
        playing = not state.over and state.need is None
        game = state.engine
        self.layout.fill(self.tensor, game, player, playing,
                         state.box.observe(player) if game is not None else None)

    def string_from(self, state: JassState, player: int) -> str:
        game = state.engine
        if game is None:
            return f"seat {player}: dealing"
        recall = state.recall
        if self.recall:
            return f"seat {player}|hand {recall.hand}|" + "|".join(recall.texts_of(player))
        return recall.last_text(player) or observation_text(game, player)  # the last step's
        # (past the horizon, where the engine may have dealt on, the last one seen)


# --- resampling for ISMCTS ------------------------------------------------------------------
def resample(state: JassState, player: int, rng: random.Random, tries: int = 200
             ) -> JassState:
    """A state the seat cannot tell from this one: the cards the other seats hold now are
    dealt among them anew (each keeping its count), the deal replayed with every action
    since; a try counts only if the seat's information state is the same. After `tries`
    failures the state itself (a clone) is returned."""
    game = state.engine
    if game is None or state.over or state.need is not None or not state.deck_starts:
        return state.clone()  # type: ignore[no-any-return]
    others = [x for x in range(game.n) if x != player]
    held = {x: game.hand_of(x) for x in others}
    pool = [c for x in others for c in held[x]]
    start = state.deck_starts[-1]
    history = state.history()
    want = state.information_state_string(player)
    for _ in range(tries):
        rng.shuffle(pool)
        swap: dict[int, int] = {}
        at = 0
        for x in others:
            new = pool[at:at + len(held[x])]
            at += len(held[x])
            swap.update(zip(sorted(held[x]), sorted(new), strict=True))
        actions = [swap.get(action, action) if start <= i < start + 36 else action
                   for i, action in enumerate(history)]
        # most deals break an earlier action: tried first on a quiet state (no seat's
        # observations kept, which are most of a step's cost), replayed in full only if not
        trial = state.jass.new_initial_state()
        trial.quiet = True
        if not replayed(trial, actions):
            continue
        other = state.jass.new_initial_state()
        if replayed(other, actions) and other.information_state_string(player) == want:
            return other
    return state.clone()  # type: ignore[no-any-return]


def replayed(state: JassState, actions: list[int]) -> bool:
    """Whether the actions apply one after the other (applied to `state`)."""
    try:
        for action in actions:
            state.apply_action(action)
    except (IllegalActionError, AssertionError, RuntimeError):
        return False
    return True


pyspiel.register_game(GAME_TYPE, JassGame)
