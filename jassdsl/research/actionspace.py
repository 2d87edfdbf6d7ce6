"""Every action a rule file's games can ask for, numbered: the finite action space that
OpenSpiel and PettingZoo want.

The space is read from the compiled rules with the engine's vocabulary of actions
(`jassdsl.core.actions`): the 36 card plays; a card laid away where the file lays own piles;
a trump choice per mode the file knows; a column per scoresheet column; every value of
every declaration the file makes (its range and its named values, as `bid match`; with
each mode where a bid names it, as `bid 100 H`); and
the actions without a value (push, pass, join, fold, swap, take, decline), Weis and
robbing (yes or no). An id never changes with the state: id k is the same action
wherever it is legal. Only the kinds the file's phases can ever ask for are numbered
(`Chain.kinds_asked`, read from the compiled rules): Schieber has no ids for passing, folding or
robbing, a file where no player names trump none for a trump choice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import Action, kinds_carrying, mode_bid
from jassdsl.core.cards import CARD_NAMES
from jassdsl.core.errors import JassError
from jassdsl.engine.chain import Chain


class ActionSpaceError(JassError):
    """An action the space of a rule file does not hold (a gap in the space)."""


@dataclass(frozen=True)
class ActionSpace:
    """The numbered actions of one rule file (`of`), with both ways to look them up."""

    actions: tuple[Action, ...]
    ids: dict[Action, int]

    @classmethod
    def of(cls, rules: CompiledRules) -> ActionSpace:
        asked = set(Chain.of(rules).kinds_asked)
        return cls.numbered(a for a in cls.every(rules) if a.kind in asked)

    @classmethod
    def numbered(cls, actions: Iterable[Action]) -> ActionSpace:
        """The actions numbered in order; the 36 plays come first, so that a card's id is
        its number (OpenSpiel's legal actions in play are the legal cards as they are)."""
        unique = tuple(dict.fromkeys(actions))  # a declaration named like a kind: once
        assert unique[:36] == tuple(Action("play", c) for c in range(36))
        return cls(unique, {a: i for i, a in enumerate(unique)})

    @staticmethod
    def every(rules: CompiledRules) -> list[Action]:
        """Every action of the engine's vocabulary the file could name, of any kind (the
        space keeps those of the kinds it asks for)."""
        out = [Action("play", c) for c in range(len(CARD_NAMES))]
        used = {k for x in rules.mechanisms if x.name in rules.configs for k in x.runtime.kinds}
        for kind in kinds_carrying("card")[1:]:  # a card laid away, given, ...
            if kind in used or (kind == "discard" and rules.own_piles):
                out += [Action(kind, c) for c in range(len(CARD_NAMES))]
        out += [Action("trump", m) for m in range(len(rules.mode_names))]
        out += [a for x in rules.mechanisms if x.runtime.actions is not None and x.name in rules.configs
                for a in x.runtime.actions(rules)]  # a mechanism's (a column of a scoresheet)
        for d in rules.declarations:
            named = sorted(v for (kind, _), v in rules.named_values.items() if kind == d.name)
            values = sorted({*range(d.low, d.high + 1), *named})
            if d.naming:  # a bid names a mode of the trump choice too (`bid 100 H`)
                out += [mode_bid(d.name, v, m) for v in values for m in rules.trump_choices]
            else:
                out += [Action(d.name, v) for v in values]
        out += [Action(kind) for kind in kinds_carrying("none")]
        yes_no = tuple(k for x in rules.mechanisms for k in x.runtime.yes_no)
        out += [Action(kind, v) for kind in yes_no for v in (0, 1)]
        return out

    def __len__(self) -> int:
        return len(self.actions)

    def id(self, action: Action) -> int:
        found = self.ids.get(action)
        if found is None:
            raise ActionSpaceError(f"the action space has no {action}")
        return found

    def ids_of(self, actions: Iterable[Action]) -> list[int]:
        """The ids of many actions (a phase's legal ones), as `id` gives each: looked up
        by kind and value (a frozen dataclass's hash and equality run in Python, a
        string's and an int's do not), made once per space."""
        by_kind: dict[str, dict[int, int]] | None = self.__dict__.get("_by_kind")
        if by_kind is None:
            by_kind = {}
            for a, i in self.ids.items():
                by_kind.setdefault(a.kind, {})[a.value] = i
            object.__setattr__(self, "_by_kind", by_kind)
        actions = list(actions)
        if set(map(type, actions)) == {Action}:  # all of them found at once, or one by one
            try:
                return [by_kind[a.kind][a.value] for a in actions]
            except (KeyError, TypeError):
                pass
        out = []
        for a in actions:
            found = by_kind.get(a.kind, {}).get(a.value)
            if found is None or type(a) is not Action:
                found = self.id(a)  # its error, or an action of another type
            out.append(found)
        return out

    def action(self, number: int) -> Action:
        return self.actions[number]

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of action in the space, in order."""
        return tuple(dict.fromkeys(a.kind for a in self.actions))
