"""Declarations (bids, Konter, ...): a range worth declaring, a name that is no fact or action, and who may declare read from what is known before play."""

from __future__ import annotations

from jassdsl.core import model as m
from jassdsl.core.mechanism import (
    action_kinds,
    installed,
)
from jassdsl.core.roles import ROLES, role_name
from jassdsl.language.checking.base import (
    AFTER_PLAY_CALLS,
    BEFORE_PLAY_FACTS,
)
from jassdsl.language.checking.scoring import ScoringChecks
from jassdsl.language.facts import FACTS


class DeclarationChecks(ScoringChecks):
    """Declarations (bids, Konter, ...): the checks of one concern, on the chain of jassdsl/language/check.py."""

    def check_declarations(self, rf: m.RuleFile) -> None:
        names: set[str] = set()
        for d in rf.declarations:
            if d.name in names:
                self.error(d.pos, "duplicate", f"{d.name!r} is declared twice")
            names.add(d.name)
            if d.name in FACTS:
                self.error(d.pos, "duplicate", f"a declaration may not be called {d.name!r}: "
                           "that is already a fact")
            if d.name in self.options:
                self.error(d.pos, "duplicate", f"a declaration may not be called {d.name!r}: "
                           "that is already an option")
            lows = self.number(d.low, "declared value", "the lowest value")
            highs = self.number(d.high, "declared value", "the highest value")
            if lows and highs and min(highs) < max(lows):
                self.error(d.pos, "range", f"{d.name} from {max(lows)} to {min(highs)} leaves "
                           "nothing to declare")
            elif d.hook is not None and lows and highs and max(highs) <= min(lows) \
                    and not d.named:
                self.error(d.pos, "range", f"{d.name} has one value only; the last to declare "
                           "needs a choice to avoid the total")
            if d.hook is not None:
                self.number(d.hook, "declared value", "the total the last may not make")
            steps = self.number(d.step, "declare step", "the step") if d.step else [1]
            self.check_named(d, lows, highs, steps)
        self.check_declare_options(rf)
        self.check_action_names(rf)
        for i, d in enumerate(rf.declarations):
            self.check_declarers(rf, d, {e.name for e in rf.declarations[:i + 1]})

    def check_action_names(self, rf: m.RuleFile) -> None:
        """A declaration is asked as an action of its own name: one named like an action
        the engine or any mechanism asks for (`push`, `pass`, `take`, `column`, `rob`,
        ...) would be taken for that action by the engine, the bots and the table."""
        kinds = action_kinds((*installed(), *self.mechanisms))  # used by the file or not
        for d in rf.declarations:
            if d.name in kinds and d.name not in FACTS:  # a fact: said above
                self.error(d.pos, "duplicate", f"a declaration may not be called "
                           f"{d.name!r}: that is already an action of the game; choose "
                           f"another name (actions: {', '.join(kinds)})")

    def check_declarers(self, rf: m.RuleFile, d: m.Declaration, made: set[str]) -> None:
        """`by TARGET`, `only when EXPR`, `if OPTION`: who may declare and when, read
        from what is known before the first card (roles, earlier declarations, options)."""
        if d.by is not None:
            if d.by.kind in ("bound", "lot", "others"):
                self.error(d.by.pos, "declare", "who may declare is a group of players or "
                           "teams: 'by the team with chooser', 'by teams without chooser'")
            else:
                self.target(d.by, binds=False)
                self.before_play(d.by.filter, d.name, made)
        if d.only_when is not None:
            self.top(d.only_when, subject=False)
            self.before_play(d.only_when, d.name, made)
        if d.only_if is not None:
            self.declare_option(d.only_if, d.only_if_value)

    def before_play(self, e: m.Expr | None, name: str, made: set[str]) -> None:
        """A declaration's condition reads only what is known when it is asked: options,
        roles known before play, this and earlier declarations, the hand's mode, totals;
        and only what every player knows (no hidden declaration): who is asked is seen
        by all."""
        if e is None:
            return
        lets = {k: v.expr for k, v in self.lets.items()}
        for x in m.walk(e, lets=lets):
            if isinstance(x, m.Call) and x.func in AFTER_PLAY_CALLS:
                self.error(x.pos, "declare", f"'{x.func}' is known only once play has begun; "
                           f"who declares {name} cannot depend on it")
            if isinstance(x, m.RoleValue):
                role = ROLES.get(role_name(x.role) or x.role)
                if role is not None and not role.before_play:
                    self.late(x.pos, x.role, name)
            said = x.name if isinstance(x, (m.Name, m.TeamValue, m.RoleValue)) else None
            if said is None or said in self.lets or said in self.options:
                continue
            if said in self.declared:
                if said not in made:
                    self.error(x.pos, "declare", f"{said!r} is declared after {name!r}; "
                               f"who declares {name} can only depend on declarations "
                               "made before it")
                elif said in self.hidden:  # who is asked is public (issue 29)
                    self.error(x.pos, "declare", f"{said!r} is declared hidden, and whether "
                               f"{name} is asked would tell every player about it")
                continue
            role = ROLES.get(said)
            known = said in BEFORE_PLAY_FACTS or (role is None and said not in FACTS)
            if isinstance(x, m.Name) and not known and (role is None or not role.before_play):
                self.late(x.pos, said, name)

    def late(self, pos: m.Pos, said: str, name: str) -> None:
        self.error(pos, "declare", f"{said!r} is known only once play has begun; who "
                   f"declares {name} may depend on roles known before play, options, "
                   "declarations before it, the mode and the totals")

    def declare_option(self, w: m.Word, value: m.Value | None) -> None:
        """`if OPTION` (a yes/no option) or `if OPTION = CHOICE`."""
        opt = self.options.get(w.text)
        if opt is None:
            self.error(w.pos, "unknown-name", f"no option named {w.text!r}; "
                       f"{self.option_list(w.text)}")
            return
        words = [c.option if c.option is not None else str(c.number) for c in opt.choices]
        if value is None:
            if sorted(words) != ["no", "yes"]:
                self.error(w.pos, "option", f"'if {w.text}' needs a yes/no option; "
                           f"write 'if {w.text} = CHOICE' with one of {', '.join(words)}")
        elif value.word() not in words:
            self.error(value.pos, "option", f"option {w.text!r} has no choice "
                       f"{value.word()!r}; its choices: {', '.join(words)}")

    def check_named(self, d: m.Declaration, lows: list[int], highs: list[int],
                    steps: list[int]) -> None:
        """`or match worth 257`: a name of its own and a value that is no other value."""
        seen: set[str] = set()
        for w, v in d.named:
            if w.text in seen or w.text == "pass":
                what = "the word for passing" if w.text == "pass" else "named twice"
                self.error(w.pos, "duplicate", f"{d.name} value {w.text!r} is {what}")
            seen.add(w.text)
            for n in self.number(v, "declared value", f"the value of {w.text!r}"):
                stepped = any(lo <= n <= hi and ((n - lo) % st == 0 or n == hi)
                              for lo in lows for hi in highs for st in steps if st > 0)
                if stepped:
                    self.error(v.pos, "range", f"{n} is already a {d.name} from the range; "
                               f"a named value needs a number of its own")

    def check_declare_options(self, rf: m.RuleFile) -> None:
        """A declaration says each of its options once."""
        for d in rf.declarations:
            seen: set[str] = set()
            for key, pos in d.option_pos:
                if key in seen:
                    self.error(pos, "duplicate", f"{d.name!r} says this twice")
                seen.add(key)
