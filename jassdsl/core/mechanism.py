"""What a mechanism of a hand is, as one record: the shape every layer reads.

A mechanism (robbing, taking part, bettering, ...) carries everything about it in one
module of `jassdsl/mechanisms/`: its statements, its check, its compiled settings, its
phase, how the terminal asks for its actions, how the browser table labels them, how
the terminal tells its events, how the heuristic bot decides, and how the rulebook
describes it. `jassdsl.mechanisms.MECHANISMS` lists them in hand order.

The layers never import `jassdsl.mechanisms`: they take the list by injection. The top
of the package (`jassdsl/__init__.py`) installs it here once, the checker and the
compiler take it as a parameter (the installed list by default), and the compiled rules
carry it to everything that plays a game (the chain, the bots, the terminal, the
browser table, the rulebook, the action space). This module holds only the record and
the slot; it imports no layer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jassdsl.core import model as m
    from jassdsl.core.actions import Action
    from jassdsl.engine.game import Game
    from jassdsl.engine.phase import Phase
    from jassdsl.rulebook.words import Lang

# Callables take the layer's own objects; `Any` where the layer's class would be a
# circular import here (the checker, the narrator, the table's words, the bot's view).
Check = Callable[[Any, "m.RuleFile"], None]  # (Checker, rule file): reports errors
Compile = Callable[["m.RuleFile", dict[str, "int | str"]], object | None]  # -> config
Narrate = Callable[[Any, Any], list[str]]  # (Narrator, event) -> the lines it says
Describe = Callable[["Lang", "m.RuleFile"], list[str]]  # the rulebook's lines
Policy = Callable[["Game", Any, list["Action"]], "Action"]  # (game, View, legal) -> choice
Label = Callable[[Any, "Action"], str]  # (the table's Words, action) -> a button's label


@dataclass(frozen=True)
class Prompt:
    """How the terminal asks a person for the mechanism's decision."""

    ask: Callable[[Game, Lang], str]  # the question ending the prompt
    choices: Callable[[Game, list[Action], Lang], str] | None = None  # the legal ones
    read: Callable[[Game, str, list[Action]], Action | str | None] | None = None
    # an entry read as an action (or a sentence why not); None: read as any other


@dataclass(frozen=True)
class Mechanism:
    """One mechanism of a hand, with what each layer needs of it (None: nothing)."""

    name: str  # the key of its config in `CompiledRules.configs`
    statements: Mapping[type[m.Statement], str] = field(default_factory=dict)
    # the statement nodes it owns, at most once each, as an error names them
    check: Check | None = None
    compile: Compile | None = None  # its config from the file (None: the file lacks it)
    phase: type[Phase] | None = None  # its phase before play, in hand order
    kinds: tuple[str, ...] = ()  # the action kinds it asks for
    yes_no: tuple[str, ...] = ()  # ... of them, those answered yes (1) or no (0)
    prompt: Prompt | None = None
    label: Label | None = None
    narrate: Mapping[type[Any], Narrate] = field(default_factory=dict)  # per event type
    policy: Policy | None = None
    describe: Mapping[str, Describe] = field(default_factory=dict)  # per rulebook section

    @property
    def phase_name(self) -> str:
        return self.phase.name if self.phase is not None else ""


def at_phase(mechanisms: Sequence[Mechanism], phase: str) -> Mechanism | None:
    """The mechanism whose phase waits under this name, if any."""
    return next((x for x in mechanisms if phase and x.phase_name == phase), None)


def of_kind(mechanisms: Sequence[Mechanism], kind: str) -> Mechanism | None:
    """The mechanism that asks for actions of this kind, if any."""
    return next((x for x in mechanisms if kind in x.kinds), None)


_installed: tuple[Mechanism, ...] = ()


def install(mechanisms: Sequence[Mechanism]) -> None:
    """Make these the mechanisms a layer uses when none are passed to it (done once, by
    the top of the package)."""
    global _installed
    _installed = tuple(mechanisms)


def installed() -> tuple[Mechanism, ...]:
    return _installed
