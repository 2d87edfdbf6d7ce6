"""Build the rule model from parsed statements and check its meaning, collecting every error.

The entry point: `load_model`, `file_warnings` and the `Checker`, the last link of the chain
of checks in jassdsl/language/checking/ (one concern a module); it assembles the model from
the statements and runs the checks in order."""

from __future__ import annotations

import gc
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from pydantic import ValidationError

from jassdsl.core import model as m
from jassdsl.core.errors import RuleError, RuleFileErrors
from jassdsl.core.limits import MAX_SYNTAX_ERRORS
from jassdsl.core.mechanism import (
    Mechanism,
    installed,
    kept_names_of,
)
from jassdsl.core.modes import SUIT_WORDS
from jassdsl.core.nesting import Nesting
from jassdsl.core.pos import FILE_START
from jassdsl.core.roles import ROLE_LIST
from jassdsl.language import empty_piles, quantifier_scope, standard, team_sums
from jassdsl.language.checking.base import (
    MAX_POINTS,
    ONCE,
    REQUIRED,
    TRUMP_MODES,
    choices_of,
    every,
    first,
    mode_hint,
    skipped_what,
    value_pos,
)
from jassdsl.language.checking.names import NameChecks
from jassdsl.language.syntax import parse_file

# what other modules read from here (the checks' own constants and helpers)
__all__ = ["MAX_POINTS", "TRUMP_MODES", "Checker", "choices_of", "collector_paused",
           "file_warnings", "forget_models", "load_model", "mode_hint"]


class Checker(NameChecks):
    """Collects errors for one file; each check adds to the list and never stops early."""

    # -- assembling the model
    def once(self, statements: list[m.Statement]) -> None:
        """A statement of ONCE comes at most once; each of REQUIRED comes."""
        seen: dict[type[m.Statement], m.Pos] = {}
        for s in statements:
            name = self.once_names.get(type(s))
            if name is None:
                continue
            if type(s) in seen:
                self.error(value_pos(s), "duplicate", f"a second '{name}' statement; the "
                           f"first is on line {seen[type(s)].line}")
            else:
                seen[type(s)] = value_pos(s)
        for cls in REQUIRED:
            if cls not in seen:
                self.error(FILE_START, "missing", f"the file has no '{ONCE[cls]}' statement")

    def read(self) -> list[m.Statement] | None:
        """The statements of the file, reading on after syntax errors; None when what a
        syntax error hid may be needed by the rest (then the rest is not checked, and a
        note says so: its errors could be follow-ons of the syntax error)."""
        parsed = parse_file(self.text, self.path, self.mechanisms)
        self.errors += parsed.errors
        if parsed.stopped is not None:
            self.notes.append(f"{self.path}: reading stopped after {MAX_SYNTAX_ERRORS} "
                              f"syntax errors, at line {parsed.stopped.line}; the rest of the "
                              "file and its meaning are checked once they are fixed")
            return None
        if any(e.kind == "limit" for e in parsed.errors):
            return None
        for skip in parsed.skipped:
            needed = [w for w in skip.statements if w not in self.self_contained]
            if needed or not (skip.statements or skip.leftover):
                what = skipped_what(skip, needed)
                self.notes.append(
                    f"{self.path}: the meaning of the file is not checked yet: {what} "
                    "could not be read, and the rest of the file may need it; fix the "
                    "syntax errors and check again")
                return None
        return parsed.statements

    def build(self) -> m.RuleFile | None:
        st = self.read()
        if st is None:
            return None
        read = len(self.errors)  # syntax errors in statements nothing needs
        st = standard.expanded(st, self.error)
        self.once(st)
        name, players, deal = first(st, m.VariantName), first(st, m.Players), first(st, m.Deal)
        trump, scoring = first(st, m.TrumpMethod), first(st, m.Scoring)
        end, winner = first(st, m.GameEnd), first(st, m.Winner)
        if len(self.errors) > read or name is None or players is None or deal is None \
                or trump is None or scoring is None or end is None or winner is None:
            return None
        summary, show = first(st, m.Summary), first(st, m.Show)
        owns = {x.name: frozenset(x.owns) for x in self.mechanisms}  # node types
        any_owned = frozenset().union(*owns.values())
        owned = [s for s in st if type(s) in any_owned and isinstance(s, m.Node)]
        parts = {x.name: found for x in self.mechanisms
                 if (found := tuple(s for s in owned if type(s) in owns[x.name]))}
        try:
            return m.RuleFile(
                path=self.path, name=name.name, summary=summary.text if summary else "",
                summary_german=summary.german if summary else "",
                sources=every(st, m.Source), decisions=every(st, m.Decision),
                options=every(st, m.Option), players=players.count, teams=players.teams,
                seating=players.form,
                deal=deal, pack=first(st, m.Pack), settings=every(st, m.Setting),
                ranks=every(st, m.Ranks),
                points=every(st, m.Points), bonuses=every(st, m.Bonus),
                modes=every(st, m.ModeDef), trump=trump,
                units=every(st, m.Unit), declarations=every(st, m.Declaration),
                lets=every(st, m.Let), clauses=scoring.clauses, scoring_pos=scoring.pos,
                invariants=every(st, m.Invariant),
                piles=every(st, m.Pile), show=show.pile if show else None,
                parts=parts,
                german_names=tuple(n for g in every(st, m.GermanNames) for n in g.names),
                end=end, count_first=first(st, m.CountFirst), winner=winner,
            )
        except ValidationError as err:  # a bug in the transformer, reported without a traceback
            self.error(FILE_START, "internal", str(err))
            return None

    # -- meaning
    def check(self, rf: m.RuleFile) -> None:
        self.options = {o.name: o for o in rf.options}
        self.file_modes = {d.name: d for d in rf.modes if d.name not in TRUMP_MODES
                           and d.name not in SUIT_WORDS and d.name != "none"}
        self.lets = {lt.name: lt for lt in rf.lets}
        self.nesting = Nesting({lt.name: lt.expr for lt in rf.lets})
        self.walked = set()  # lets checked, in which context
        for use in self.nesting.cycles:
            self.error(use.pos, "cycle", f"{use.name!r} is defined in terms of itself")
        self.declared = {d.name for d in rf.declarations}
        self.kept_names = kept_names_of(self.mechanisms, rf)  # numbers kept across hands
        self.hidden = {d.name for d in rf.declarations if d.hidden}  # seen by the declarer only
        self.units = {}
        for u in rf.units:
            self.units[u.singular] = u
            self.units[u.plural] = u
        self.teams = rf.teams
        self.rf = rf
        self.roles_off = {}  # role_switched_off, once each
        held = [r.name for r in sorted(ROLE_LIST, key=lambda r: r.name != "bidder")
                if self.role_held(rf, r) and r.need != "play"]
        self.example_role = held[0] if held else "bidder"  # for a message
        self.after_scoring = False
        self.has_weis = rf.setting("weis") is not None
        self.has_stoeck = any(b.name.text == "stoeck" for b in rf.bonuses)
        self.check_options(rf)
        self.pack = self.check_pack(rf)
        self.check_table(rf)
        self.check_cards(rf)
        self.check_modes(rf)
        self.check_trump(rf)
        self.check_settings(rf)
        self.check_units(rf)
        self.check_scoring(rf)
        self.check_end(rf)
        self.check_invariants(rf)
        self.check_lets(rf)
        self.check_declarations(rf)
        self.check_roles(rf)
        self.check_piles(rf)
        for mechanism in self.mechanisms:
            if mechanism.checks.check is not None:
                mechanism.checks.check(self, rf)
        self.check_german_names(rf)



# A command reads its file more than once (check, then play, simulate or the pages; the
# corpus's parse cases), and a large file takes seconds to parse: the last few valid texts
# keep their model (frozen, so shared), with the mechanisms that checked it; the oldest
# goes first. Room for more than every shipped rule file, so a pass over all of them (the
# registry, the pages, the corpus) parses each once.
KEPT_MODELS = 40
_kept: OrderedDict[str, tuple[tuple[Mechanism, ...], m.RuleFile]] = OrderedDict()


def load_model(text: str, path: str,
               mechanisms: Sequence[Mechanism] | None = None) -> m.RuleFile:
    """Parse and check one rule file; raises RuleFileErrors with every problem found.
    `mechanisms` check their own statements (the installed list by default). A text read
    before by the same mechanisms gives the model it gave then, under this `path`."""
    chosen = tuple(installed() if mechanisms is None else mechanisms)
    kept = _kept.get(text)
    if kept is not None and len(kept[0]) == len(chosen) and all(
            a is b for a, b in zip(kept[0], chosen, strict=True)):
        done = kept[1]
        return done if done.path == path else done.model_copy(update={"path": path})
    checker = Checker(path, text, chosen)
    with collector_paused():
        rf = checker.build()
        if rf is not None:
            checker.check(rf)
    if checker.errors or rf is None:
        raise RuleFileErrors(checker.errors, text, checker.notes)
    _kept[text] = (chosen, rf)
    while len(_kept) > KEPT_MODELS:
        _kept.popitem(last=False)
    return rf


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a file is read: a large file makes hundreds of
    thousands of tokens, tree nodes and model nodes that all stay alive until the model is
    built, and the collector would walk them again and again (a third of the time of a
    20,000-line file). Any cycle left is collected once it runs again."""
    if not gc.isenabled():  # paused by the caller: theirs to restart
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def forget_models() -> None:
    """Drop the kept models (for a test that counts the work of a parse)."""
    _kept.clear()


def file_warnings(text: str, path: str) -> list[RuleError]:
    """What a valid file says that it likely does not mean (jassdsl/language/team_sums.py,
    quantifier_scope.py, empty_piles.py): rule errors of their own kind that do not stop
    the file, in file order; raises RuleFileErrors as load_model does."""
    rf = load_model(text, path)
    own = [w for x in installed() if x.checks.warnings is not None for w in x.checks.warnings(rf, path)]
    found = own + team_sums.warnings(rf, path, frozenset(w.pos for w in own)) + \
        quantifier_scope.warnings(rf, path, text) + empty_piles.warnings(rf, path) + \
        empty_piles.set_aside(rf, path)
    return sorted(found, key=lambda w: (w.pos.line, w.pos.column))
