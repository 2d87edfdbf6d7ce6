"""Values and options: a number within its setting's range, an option's choices, the settings and the units a file names."""

from __future__ import annotations

from jassdsl.core import model as m
from jassdsl.core.errors import did_you_mean, listing
from jassdsl.core.roles import role_name
from jassdsl.core.settings import get
from jassdsl.language.checking.base import (
    MAX_POINTS,
    CheckerBase,
)


class ValueChecks(CheckerBase):
    """Values and options: the checks of one concern, on the chain of jassdsl/language/check.py."""

    def value(self, v: m.Value, low: int, high: int, what: str) -> list[int]:
        """The numbers a value can take (an option's choices), each checked against a range."""
        if v.option is not None:
            opt = self.options.get(v.option)
            if opt is None:
                self.error(v.pos, "unknown-name", f"{what}: no option named {v.option!r}; "
                           f"{self.option_list(v.option)}")
                return []
            numbers = [c.number for c in opt.choices if c.number is not None]
            if len(numbers) != len(opt.choices):
                self.error(v.pos, "option", f"{what}: option {v.option!r} must offer numbers")
        else:
            numbers = [v.number] if v.number is not None else []
        for n in numbers:
            if not low <= n <= high:
                self.error(v.pos, "range", f"{what} must be between {low} and {high}, not {n}")
        return numbers

    def number(self, v: m.Value, name: str, what: str) -> list[int]:
        """The numbers a value can take, checked against the range of its setting."""
        row = get(name)
        return self.value(v, row.low, row.high, what)

    def players_choices(self, v: m.Value) -> list[int]:
        """The possible player counts in range, without reporting (check_table reports
        the others, once: nothing is checked against a count that cannot be)."""
        if v.number is not None:
            numbers = [v.number]
        else:
            opt = self.options.get(v.option or "")
            numbers = [c.number for c in opt.choices if c.number is not None] if opt else []
        players = get("players")
        return [n for n in numbers if players.low <= n <= players.high]

    def check_options(self, rf: m.RuleFile) -> None:
        names: set[str] = set()
        for o in rf.options:
            if o.name in names:
                self.error(o.pos, "duplicate", f"option {o.name!r} is defined twice")
            names.add(o.name)
            if o.default not in o.choices and not any(
                (c.number, c.option) == (o.default.number, o.default.option) for c in o.choices
            ):
                self.error(o.default.pos, "option", f"the default of {o.name!r} is not "
                           "one of its choices")

    def option_choice(self, option: m.Word, choice: m.Value) -> bool:
        """`OPTION = CHOICE`: an option of the file and one of its choices; False when
        there is no such option."""
        opt = self.options.get(option.text)
        if opt is None:
            self.error(option.pos, "unknown-name", f"no option {option.text!r}; "
                       f"{self.option_list(option.text)}")
            return False
        choices = [c.word() for c in opt.choices]
        if choice.word() not in choices:
            self.error(choice.pos, "option", f"option {opt.name} has no choice "
                       f"{choice.word()!r}; its choices are {', '.join(choices)}")
        return True

    def word_option(self, w: m.Word, allowed: set[str]) -> None:
        """An option used as a word must exist and offer only allowed words."""
        opt = self.options.get(w.text)
        if opt is None:
            self.error(w.pos, "unknown-name", f"no option named {w.text!r}; "
                       f"{self.option_list(w.text)}")
            return
        for c in opt.choices:
            if c.option not in allowed:
                self.error(c.pos, "option", f"option {opt.name!r} may only choose among "
                           f"{', '.join(sorted(allowed))}")

    def check_settings(self, rf: m.RuleFile) -> None:
        seen: dict[str, int] = {}
        for s in rf.settings:
            if s.key in seen:
                self.error(s.pos, "duplicate", f"'{s.key}' is set twice (first on line "
                           f"{seen[s.key]})")
            seen[s.key] = s.pos.line
            row = get(s.key)
            if row.kind == "name":  # a Weis table of the file: checked in check_weis
                continue
            for w in s.values:
                if s.key == "first lead" and role_name(w.text):  # said in check_roles
                    continue
                if w.text not in row.allowed:
                    self.error(w.pos, "unknown-name", f"{s.key}: {w.text!r} is not known; "
                               f"{did_you_mean(w.text, row.allowed)}choose {row.choose}")

    def check_units(self, rf: m.RuleFile) -> None:
        if not rf.units:
            self.error(rf.winner.pos, "missing", "the file declares no unit (e.g. 'unit "
                       "stick sticks')")
        words: set[str] = set()
        for u in rf.units:
            for w in {u.singular, u.plural}:
                if w in words:
                    self.error(u.pos, "duplicate", f"unit {w!r} is declared twice")
                words.add(w)
            if u.floor is not None:
                self.value(u.floor, -MAX_POINTS, MAX_POINTS, f"the floor of {u.plural}")
            if u.cancels and u.cancels.text not in self.units:
                self.error(u.cancels.pos, "unknown-name", f"no unit {u.cancels.text!r} to "
                           f"cancel; {self.unit_list(u.cancels.text)}")
        self.unit_word(rf.winner.unit)

    def unit_list(self, word: str) -> str:
        """`did you mean 'sticks'? units are stick, sticks`, for a word that is no unit."""
        return f"{did_you_mean(word, self.units)}units are " \
            f"{listing(sorted(self.units), 'none (write unit NAME/NAMES)')}"

    def option_list(self, word: str) -> str:
        """`did you mean 'target'? options: target`, for a word that is no option."""
        return f"{did_you_mean(word, self.options)}options: " \
            f"{listing(sorted(self.options), 'none (write option NAME ...)')}"

    def unit_word(self, w: m.Word) -> None:
        if w.text not in self.units:
            self.error(w.pos, "unknown-name", f"no unit {w.text!r}; {self.unit_list(w.text)}")
