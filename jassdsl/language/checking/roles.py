"""Roles and seats: whether anybody holds the role a file names (the bidder, the chooser, ...), under every choice of the options."""

from __future__ import annotations

from collections.abc import Sequence

from jassdsl.core import model as m
from jassdsl.core.mechanism import (
    TrumpWay,
    giver,
    trump_way,
)
from jassdsl.core.options import declared_under
from jassdsl.core.roles import CHOOSERS, NEEDS, ROLE_LIST, ROLES, Role, role_name
from jassdsl.core.settings import get
from jassdsl.language.checking.base import (
    MAX_SHOWN,
    choices_of,
)
from jassdsl.language.checking.values import ValueChecks


class RoleChecks(ValueChecks):
    """Roles and seats: the checks of one concern, on the chain of jassdsl/language/check.py."""

    def trump_way(self, kind: str) -> TrumpWay | None:
        """The trump method of this kind a mechanism adds (None: the base grammar's)."""
        return trump_way(self.mechanisms, kind)

    def role_held(self, rf: m.RuleFile, role: Role) -> bool:
        """Whether anybody can hold the role in a hand of this file."""
        if role.need == "choice":
            way = self.trump_way(rf.trump.kind)
            return rf.trump.kind in ("forehand_chooses", "bidder_chooses") or bool(
                way and way.chosen)
        if role.need == "push":
            return rf.trump.pushes
        if role.need == "mechanism":
            gives = giver(self.mechanisms, role.name)
            return gives is not None and gives.held(rf)
        return True

    def role_word(self, rf: m.RuleFile, pos: m.Pos, word: str) -> Role | None:
        """A role named in the file: one its mechanisms give to a seat (else an error
        saying what the file needs); None for a word that names no role."""
        name = role_name(word)
        if name is None:
            return None
        role = ROLES[name]
        held = self.role_held(rf, role)
        off = self.role_off_when(rf, role.name) if held else ""
        if not held or off:
            gives = giver(self.mechanisms, role.name) if role.need == "mechanism" else None
            self.error(pos, gives.kind if gives else "role", f"nobody is '{word}' in this "
                       f"file{off}: the role needs "
                       f"{gives.need if gives else NEEDS[role.need]}" + (
                           ", and its 'if OPTION' leaves it out then" if off else ""))
        return role

    def role_off_when(self, rf: m.RuleFile, name: str) -> str:
        """` when target = 1500 or target = 2000`: the option choices under which nobody
        holds the role (`role_switched_off`), as a message says them; "" for none."""
        off = self.role_switched_off(rf, ROLES[name])
        if not off:
            return ""
        when = " or ".join(" and ".join(f"{k} = {v}" for k, v in c.items())
                           for c in off[:MAX_SHOWN]) or "whatever the options"
        more = f" (and {len(off) - MAX_SHOWN} more choices)" if len(off) > MAX_SHOWN else ""
        return f" when {when}{more}"

    def role_switched_off(self, rf: m.RuleFile, role: Role) -> list[dict[str, str]]:
        """The choices of the options guarding declarations (`, if target = 1000`) under
        which nobody holds a role the whole file gives: the file reads the role under
        every choice, so what gives it must be there under every one."""
        if role.name in self.roles_off:
            return self.roles_off[role.name]
        guards = list(dict.fromkeys(d.only_if.text for d in rf.declarations
                                    if d.only_if is not None and d.only_if.text in self.options))
        found = []
        for chosen in choices_of([self.options[name] for name in guards]) if guards else ():
            kept = tuple(d for d in rf.declarations if declared_under(d, chosen))
            if len(kept) < len(rf.declarations) and not self.role_held(
                    rf.model_copy(update={"declarations": kept}), role):
                found.append(chosen)
        for name in guards:  # an option whose every choice is in, said by the others
            words = [c.word() for c in self.options[name].choices]
            if all({**c, name: w} in found for c in found for w in words):
                found = [c for c in ({k: v for k, v in c.items() if k != name}
                                     for c in found)]
                found = [c for i, c in enumerate(found) if c not in found[:i]]
        self.roles_off[role.name] = found
        return found

    def role_among(self, rf: m.RuleFile, w: m.Word, allowed: Sequence[str],
                   cannot: str) -> None:
        """A role word that must name one of `allowed`: else an error saying what that
        player cannot do, why (`cannot`), and which roles to write."""
        role = self.role_word(rf, w.pos, w.text)
        if role is None or role.name not in allowed:
            self.error(w.pos, "role", f"{w.text!r} cannot {cannot}; write "
                       f"{' or '.join(repr(x) for x in allowed)}")

    def check_roles(self, rf: m.RuleFile) -> None:
        """Roles in the settings and as who chooses trump; names that would hide one."""
        for s in rf.settings:
            if s.key not in ("first lead", "next dealer"):
                continue
            for w in s.values:
                role = self.role_word(rf, w.pos, w.text)
                if role is not None and s.key == "first lead" and not role.before_play:
                    self.error(w.pos, "role", f"'{w.text}' is known only once play has "
                               "begun, so that player cannot lead the first trick; choose "
                               f"{get('first lead').choose}")
        who = rf.trump.who
        if who is not None and who.text != "forehand":
            role = self.role_word(rf, who.pos, who.text)
            if role is None or role.name not in CHOOSERS:
                self.error(who.pos, "trump", f"'{who.text}' cannot choose trump: it is "
                           f"chosen before anybody else has a role; write "
                           f"{' or '.join(repr(c + ' chooses') for c in CHOOSERS)}")
        for d in rf.declarations:  # `starting after the ROLE`: a role known by then
            start = d.after_role
            if start is None:
                continue
            after = self.role_word(rf, start.pos, start.text)
            if after is None:
                known = " or the ".join(r.name for r in ROLE_LIST if r.before_play)
                self.error(start.pos, "unknown-name", f"{start.text!r} is not a role; a declaration "
                           f"may start after the {known}")
            elif not after.before_play:
                self.error(start.pos, "role", f"'{start.text}' is known only once play has begun; a "
                           "declaration before play cannot start after that player")
        given = [*((o.name, o.pos) for o in rf.options), *((lt.name, lt.pos) for lt in rf.lets),
                 *((d.name, d.pos) for d in rf.declarations)]
        for name, pos in given:
            if name in ROLES:
                self.error(pos, "duplicate", f"{name!r} is a role ({ROLES[name].doc}); "
                           "choose another name")
