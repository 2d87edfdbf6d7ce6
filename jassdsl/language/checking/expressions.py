"""Expressions: every name, function and unit known, asked of a player or team where it is a fact about one, within the limits; the lets."""

from __future__ import annotations

from jassdsl.core import model as m
from jassdsl.core.cards import CARD_CLASSES
from jassdsl.core.errors import did_you_mean, listing
from jassdsl.core.limits import MAX_DEPTH, MAX_RANGES, MAX_SIZE
from jassdsl.core.roles import ROLE_LIST, ROLES
from jassdsl.core.settings import DECK
from jassdsl.language.checking.base import (
    FUNCTIONS,
    IN_MODES,
)
from jassdsl.language.checking.modes import ModeChecks
from jassdsl.language.facts import FACTS


class ExpressionChecks(ModeChecks):
    """Expressions: the checks of one concern, on the chain of jassdsl/language/check.py."""

    def top(self, e: m.Expr, subject: bool) -> None:
        """A whole expression (a condition, an amount, ...): its limits, then its parts."""
        self.limits(e)
        self.expr(e, subject)

    def limits(self, e: m.Expr, let: str | None = None) -> None:
        """Depth and nesting of ranges, counted through lets (see jassdsl.core.limits)."""
        over = self.nesting.over(e, let)
        if over is None:
            return
        if over.depth > MAX_DEPTH:
            self.error(e.pos, "limit", f"with its lets this expression nests {over.depth} "
                       f"levels deep; the limit is {MAX_DEPTH}")
        if over.ranges > MAX_RANGES:
            self.error(e.pos, "limit", f"{over.ranges} quantifiers, sums, counts, most, least "
                       f"or place nest in each other here (with its lets); the limit is "
                       f"{MAX_RANGES}, as each goes over every player")
        if over.size > MAX_SIZE:
            self.error(e.pos, "limit", f"written out with its lets this expression has more "
                       f"than {MAX_SIZE} parts, the limit")

    def let_body(self, name: str, subject: bool) -> None:
        """Check a let's expression once per context (not once per use: lets may use
        each other many times); lets over a limit or in a circle are reported already."""
        key = (name, subject, self.after_scoring)
        if key in self.walked or name in self.nesting.spoilt:
            return
        self.walked.add(key)
        self.expr(self.lets[name].expr, subject)

    def expr(self, e: m.Expr, subject: bool) -> None:
        """Check names, arity and that subject facts are asked about a subject."""
        if isinstance(e, m.Name):
            self.name(e, subject)
            return
        if isinstance(e, m.InMode):
            if e.mode not in IN_MODES and e.mode not in self.file_modes:
                known = [*IN_MODES, *self.file_modes]
                self.error(e.pos, "unknown-name", f"{e.mode!r} is not a mode; "
                           f"{did_you_mean(e.mode, known)}write 'in' and one of "
                           f"{', '.join(known)}")
            return
        if isinstance(e, m.Total):
            if e.unit not in self.units:
                self.error(e.pos, "unknown-name", f"no unit {e.unit!r}; "
                           f"{self.unit_list(e.unit)}")
            if not subject:
                self.needs_subject(e.pos, f"total {e.unit}")
            return
        if isinstance(e, m.Call):
            self.call(e, subject)
            return
        if isinstance(e, m.TeamValue):
            self.team_value(e, subject)
            return
        if isinstance(e, m.RoleValue):
            self.role_value(e)
            return
        if isinstance(e, m.Binary) and e.op == "/" and isinstance(e.right, m.Num) \
                and e.right.value == 0:
            self.error(e.right.pos, "division", "division by zero: this divisor is always 0")
        if isinstance(e, m.Quant):
            self.subject_kind(e.pos, e.subject)
            subject = True
        for part in m.children(e):
            self.expr(part, subject)

    def subject_kind(self, pos: m.Pos, kind: str | None) -> None:
        if kind == "team" and not self.teams:
            self.error(pos, "teams", "this variant has no teams; say 'player'")
        if kind == "player" and self.teams:
            self.error(pos, "teams", "this variant scores by team; say 'team'")

    def needs_subject(self, pos: m.Pos, what: str) -> None:
        self.error(pos, "context", f"'{what}' is a fact about one player or team; ask it "
                   "inside 'one player has ...' or a target such as 'players with ...'")

    def name(self, e: m.Name, subject: bool) -> None:
        if e.name in self.lets:
            self.let_body(e.name, subject)
            return
        if e.name in self.options:
            choices = self.options[e.name].choices
            if any(c.number is None for c in choices) and \
                    not all(c.option in ("yes", "no") for c in choices):
                self.error(e.pos, "option", f"option {e.name!r} offers words, not numbers; "
                           "it cannot be used in an expression (a yes/no option can: yes "
                           "is 1, no is 0)")
            return
        if e.name in self.declared:
            if not subject:
                self.needs_subject(e.pos, e.name)
            elif self.teams:
                self.error(e.pos, "teams", f"in a team game '{e.name}' read for a team would "
                           f"add up both partners' {e.name}s; write 'team {e.name}' for "
                           f"that sum, or '{e.name} of ROLE' for one player's (e.g. "
                           f"'{e.name} of {self.example_role}')")
            return
        if e.name in ROLES:
            if self.rf is not None:
                self.role_word(self.rf, e.pos, e.name)
            if not subject:
                self.needs_subject(e.pos, e.name)
            return
        if e.name in self.kept_names:  # about the table, known before the first card
            return
        fact = FACTS.get(e.name)
        if fact is None or fact.arity is not None:
            self.unknown_name(e, fact is not None)
            return
        if fact.needs_subject and not subject:
            self.needs_subject(e.pos, e.name)
        needs = self.fact_needs(e.name)
        if needs is not None:
            self.error(e.pos, "unknown-name", f"{e.name!r} needs {needs}")

    def fact_needs(self, name: str) -> str | None:
        """The statement a fact needs that the file lacks (Weis a Weis table, Stöck the
        bonus), None when the file can ask about it."""
        if name in ("weis", "table-weis") and not self.has_weis:
            return "a 'weis: TABLE' statement"
        if name in ("stoeck", "table-stoeck") and not self.has_stoeck:
            return "a 'bonus stoeck N' statement"
        for x in self.mechanisms:  # a fact a mechanism gives (the scoresheet's multiplier)
            needs = x.checks.fact_needs(name, self.rf) \
                if x.checks.fact_needs and self.rf else None
            if needs is not None:
                return needs
        return None

    def usable_facts(self) -> list[str]:
        """The facts of jassdsl.language.facts (names, not functions) this file can ask about: the
        ones `name` accepts without an error."""
        return sorted((n for n, f in FACTS.items() if f.arity is None
                       and self.fact_needs(n) is None), key=str.lower)

    def known_names(self) -> list[str]:
        """Every name an expression of this file may use, as the checker accepts them: the
        usable facts, then the file's lets, options offering numbers and declared values."""
        numbers = [o for o, opt in self.options.items()
                   if all(c.number is not None for c in opt.choices)]
        held = [r.name for r in ROLE_LIST if self.rf and self.role_held(self.rf, r)]
        return [*self.usable_facts(), *self.lets, *numbers, *self.declared, *held,
                *sorted(self.kept_names)]

    def unknown_name(self, e: m.Name, is_function: bool) -> None:
        """A name that is none of the known ones: a near miss, and every name, function
        and unit the file could use instead."""
        known = self.known_names()
        hint = " (it is a function: write it with parentheses)" if is_function else \
            f" (it is a unit: write 'total {e.name}')" if e.name in self.units else ""
        near = did_you_mean(e.name, [*known, *FUNCTIONS])
        self.error(e.pos, "unknown-name", f"unknown name {e.name!r}{hint}; {near}known names: "
                   f"{listing(known)}; functions: {', '.join(FUNCTIONS)}; a unit's total: "
                   f"{listing(f'total {u}' for u in sorted(self.units))}")

    def team_value(self, e: m.TeamValue, subject: bool) -> None:
        """`team bid`: a declared value of both partners together, in a team game."""
        if not self.teams:
            self.error(e.pos, "teams", f"this variant has no teams; write '{e.name}'")
        elif e.name not in self.declared:
            self.error(e.pos, "unknown-name", f"'team {e.name}': no declaration named "
                       f"{e.name!r}; declarations: {', '.join(sorted(self.declared)) or 'none'}")
        elif not subject:
            self.needs_subject(e.pos, f"team {e.name}")

    def role_value(self, e: m.RoleValue) -> None:
        """`bid of bidder`: a declared value of the player holding a role."""
        if e.name not in self.declared:
            self.error(e.pos, "unknown-name", f"'{e.name} of {e.role}': no declaration named "
                       f"{e.name!r}; declarations: {', '.join(sorted(self.declared)) or 'none'}")
        if e.role not in ROLES:
            self.error(e.pos, "unknown-name", f"'{e.name} of {e.role}': {e.role!r} is not a "
                       f"role; roles: {', '.join(ROLES)}")
        elif self.rf is not None:
            self.role_word(self.rf, e.pos, e.role)

    def call(self, e: m.Call, subject: bool) -> None:
        fact = FACTS.get(e.func)
        if fact is None or fact.arity is None:
            plain = " (it is a name: write it without parentheses)" \
                if e.func in self.known_names() else ""
            self.error(e.pos, "unknown-name", f"the language has no function {e.func!r}"
                       f"{plain}; {did_you_mean(e.func, FUNCTIONS)}functions: "
                       f"{', '.join(FUNCTIONS)}")
            return
        low, high = fact.arity
        if not low <= len(e.args) <= high:
            want = str(low) if low == high else f"{low} or {high}"
            self.error(e.pos, "arity", f"{e.func}() takes {want} argument"
                       f"{'s' if high > 1 else ''}, not {len(e.args)}")
            return
        if fact.needs_subject and not subject:
            self.needs_subject(e.pos, f"{e.func}(...)")
        if e.func == "won":
            arg = e.args[0]
            if not (isinstance(arg, m.Name) and arg.name in CARD_CLASSES):
                near = did_you_mean(arg.name, CARD_CLASSES) if isinstance(arg, m.Name) else ""
                self.error(arg.pos, "card", f"won() takes a card (CK), a suit (hearts) or a "
                           f"rank (queens){'; ' + near.strip() if near else ''}")
            else:
                self.in_pack(arg, arg.name, CARD_CLASSES[arg.name])
            return
        if e.func == "change":
            if not self.after_scoring:
                self.error(e.pos, "context", "change() is known only after the hand is "
                           "scored: use it in an invariant or in 'game ends when'")
                return
            arg = e.args[0]
            if not (isinstance(arg, m.Name) and arg.name in self.units):
                word = arg.name if isinstance(arg, m.Name) else ""
                self.error(arg.pos, "unknown-name", "change() takes a unit, e.g. "
                           f"change(sticks); {self.unit_list(word)}")
            return
        if e.func == "trick":
            arg = e.args[0]
            if not (isinstance(arg, m.Num) and 1 <= arg.value <= DECK):
                self.error(arg.pos, "card", "trick() takes the number of a trick")
            return
        inner_subject = subject or e.func in ("count", "most", "least", "place", "sum")
        for a in e.args:
            self.expr(a, inner_subject)

    def check_lets(self, rf: m.RuleFile) -> None:
        """Every let is checked where it is defined, used or not."""
        seen: set[str] = set()
        for lt in rf.lets:
            if lt.name in seen:
                self.error(lt.pos, "duplicate", f"{lt.name!r} is defined twice")
            seen.add(lt.name)
            if lt.name in FACTS or lt.name in self.options or lt.name in self.declared:
                self.error(lt.pos, "duplicate", f"let {lt.name!r} would hide the fact, option "
                           "or declaration of that name; choose another name")
            self.limits(lt.expr, lt.name if self.lets[lt.name] is lt else None)
            if self.lets[lt.name] is lt:
                self.let_body(lt.name, subject=True)
            else:  # the first of two lets of one name: no use reaches it
                self.expr(lt.expr, subject=True)
