"""Numbers kept from hand to hand: named per-game state (Bock rounds, a prize won once,
a penalty carried on), with its start, its changes after each hand, read by expressions.

    keep bock "Bock: # left" german "Bock: noch #" starting at 0:
        after a hand when (some team has match) and bock > 0: bock + 3
        after a hand when some team has match: 4
        after a hand when bock > 0: bock - 1
    let factor = 2 if bock > 0 else 1

Each game starts the number at its start value. After a hand is scored, the first
`after a hand when CONDITION: AMOUNT` whose condition holds gives its value for the next
hand (none holds: it stays); the condition and the amount read the finished hand (its
facts, the totals after scoring, the number itself as it was in that hand). During a
hand every expression (scoring, invariants, the game's end, `count first:`) reads the
number as it was set before the deal: it is known before the first card, so `count
first:` may scale by it. A deal made anew (nobody played) is no hand. Where declarations
are asked the number is not read (the checker says so). The text is what the sheet
shows while the number is not at its start (`#` stands for it).

Everything about it is here: statement, check, compiled changes, phase (its part of the
state, the facts it gives, the record, the observation, what a position keeps), and how
the terminal, the browser table and the rulebook show it, in both languages. The layers
read it through general hooks: `Checks.kept_names` (names expressions may read,
`HandFacts.kept`), `Phase.kept_as`/`kept`/`restore` (positions, corpus records),
`status`, `hand_lines`, `board`, `section`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from jassdsl.compile.compiler import CompiledRules, number
from jassdsl.compile.handfacts import HandFacts
from jassdsl.compile.scoring import Fn
from jassdsl.core import model as m
from jassdsl.core.mechanism import (
    Browser,
    Checks,
    Mechanism,
    Reference,
    Rulebook,
    Runtime,
    Syntax,
    Terminal,
)
from jassdsl.core.roles import ROLES
from jassdsl.engine.phase import Phase, Table
from jassdsl.engine.position import PositionError
from jassdsl.engine.state import State
from jassdsl.language.facts import FACTS
from jassdsl.language.syntax import pos_of, unquote
from jassdsl.rulebook import safe
from jassdsl.rulebook.expressions import Speaker, formula
from jassdsl.rulebook.render import in_lang
from jassdsl.rulebook.words import Lang, say

NAME = "kept_numbers"
LIMIT = 1_000_000  # a kept number stays within plus or minus this (as a product does)

# -- the statement
GRAMMAR = """
%extend _statement: kept_numbers
// a number kept from hand to hand through the game: its start, and after each hand the first
// change whose condition holds (none: it stays); its text is what the sheet shows
kept_numbers: "keep" ID [STRING [german]] "starting" "at" value ":" kept_numbers_change+
kept_numbers_change: "after" "a" "hand" "when" expr ":" expr
"""


class Change(m.Node):
    """`after a hand when CONDITION: AMOUNT`: the number's value for the next hand."""

    when: m.Expr
    becomes: m.Expr


class Keep(m.Node):
    """`keep NAME "text" german "Text" starting at N: CHANGES`."""

    free_text: ClassVar[tuple[str, ...]] = ("title", "title_german")
    name: str
    title: str = ""
    title_german: str = ""
    start: m.Value
    changes: tuple[Change, ...]
    name_pos: m.Pos


def build_keep(meta: Any, ch: list[Any]) -> Keep:
    name, title, german, start, *changes = ch
    return Keep(pos=pos_of(meta), name=str(name), name_pos=pos_of(name),
                title=unquote(title) if title is not None else "", title_german=german or "",
                start=start, changes=tuple(changes))


def build_change(meta: Any, ch: list[Any]) -> Change:
    return Change(pos=pos_of(meta), when=ch[0], becomes=ch[1])


def keeps_of(rf: m.RuleFile) -> tuple[Keep, ...]:
    return rf.parts_of(NAME, Keep)


def kept_names(rf: m.RuleFile) -> tuple[str, ...]:
    """The names a file's `keep` statements give: numbers about the table, known before
    the first card of every hand."""
    return tuple(k.name for k in keeps_of(rf))


# -- the check
def check(c: Any, rf: m.RuleFile) -> None:
    """A new name per number, a whole-number start, changes read after scoring about the
    table, and no declaration asked by it."""
    keeps = keeps_of(rf)
    seen: dict[str, int] = {}
    units = {u.singular for u in rf.units} | {u.plural for u in rf.units}
    for k in keeps:
        taken = "a fact of the language" if k.name in FACTS else \
            "an option" if k.name in c.options else "a let" if k.name in c.lets else \
            "a declaration" if k.name in c.declared else "a role" if k.name in ROLES else \
            "a unit" if k.name in units else ""
        if k.name in seen:
            c.error(k.name_pos, "duplicate", f"the number {k.name!r} is kept twice (first on "
                    f"line {seen[k.name]}); give each kept number its own name")
        elif taken:
            c.error(k.name_pos, "duplicate", f"the kept number {k.name!r} has the name of "
                    f"{taken}; give it a name of its own, e.g. {'kept-' + k.name!r}")
        seen.setdefault(k.name, k.pos.line)
        if k.start.option is not None and k.start.option not in c.options:
            c.error(k.start.pos, "unknown-name", f"the start of {k.name!r} must be a whole "
                    f"number (or an option offering numbers), not {k.start.option!r}: "
                    "write e.g. 'starting at 0'")
        else:
            c.value(k.start, -LIMIT, LIMIT, f"the start of {k.name!r}")
        c.after_scoring = True  # a change reads the finished hand and the totals after it
        for change in k.changes:
            c.top(change.when, subject=False)
            c.top(change.becomes, subject=False)
        c.after_scoring = False
    names = set(seen)
    if not names:
        return
    lets = {lt.name: lt.expr for lt in rf.lets}
    for d in rf.declarations:  # who is asked is worked out before the hand's facts exist
        roots = [root for root in (d.by, d.only_when) if root is not None]
        for x in (x for root in roots for x in m.walk(root, lets=lets)):
            if isinstance(x, m.Name) and x.name in names:
                c.error(x.pos, "declare", f"{x.name!r} is kept from hand to hand and is not "
                        f"read where declarations are asked; who declares {d.name} may "
                        "depend on roles known before play, options, declarations before it, "
                        "the mode and the totals")


# -- the compiled changes
@dataclass(frozen=True)
class KeptNumber:
    """One kept number: its start and its changes, in file order."""

    name: str
    start: int
    changes: tuple[tuple[Fn, Fn], ...]  # (condition, the value for the next hand)


@dataclass(frozen=True)
class KeepConfig:
    counters: tuple[KeptNumber, ...]


def compile_keep(rf: m.RuleFile, options: dict[str, int | str], compiler: Any
                 ) -> KeepConfig | None:
    keeps = keeps_of(rf)
    if not keeps:
        return None
    return KeepConfig(tuple(
        KeptNumber(k.name, number(k.start, options),
                tuple((compiler.expr(x.when), compiler.expr(x.becomes)) for x in k.changes))
        for k in keeps))


# -- the phase
@dataclass
class KeptPart:
    """The kept numbers as they stand for the hand being played, by name."""

    values: dict[str, int]

    def copy(self) -> KeptPart:
        return KeptPart(dict(self.values))


class Keeping(Phase):
    """Never waits: gives the hand's facts the kept numbers, and after scoring works out
    their values for the next hand."""

    place = "keeper"
    part_key = NAME
    kept_as = "kept"

    def __init__(self, rules: CompiledRules) -> None:
        super().__init__(rules)
        config = rules.config(NAME, KeepConfig)
        assert config is not None
        self.counters = config.counters

    @classmethod
    def used_by(cls, rules: CompiledRules) -> bool:
        return NAME in rules.configs

    def part(self, s: State) -> KeptPart:
        part = s.parts[NAME]
        assert isinstance(part, KeptPart)
        return part

    def new_part(self, s: State) -> None:
        s.parts[NAME] = KeptPart({c.name: c.start for c in self.counters})

    def add_facts(self, g: Table, facts: HandFacts) -> None:
        facts.kept = dict(self.part(g.s).values)

    def record(self, g: Table, facts: HandFacts) -> dict[str, Any]:
        """The numbers in this hand, and (each read with the hand's facts as they were in
        it) their values for the next hand."""
        part = self.part(g.s)
        during = dict(part.values)
        for c in self.counters:
            for when, becomes in c.changes:
                facts.bound = None
                if when(facts, -1):
                    facts.bound = None
                    part.values[c.name] = max(-LIMIT, min(LIMIT, int(becomes(facts, -1))))
                    break
        return {"kept": during, "kept_next": dict(part.values)}

    def observe(self, g: Table, seat: int) -> dict[str, Any]:
        return {"kept": dict(self.part(g.s).values)}  # public: every seat sees the sheet

    def kept(self, g: Table) -> Any:
        return dict(self.part(g.s).values)

    def restore(self, g: Table, kept: Any) -> None:
        part = self.part(g.s)
        if not isinstance(kept, dict) or set(kept) != set(part.values) or not all(
                type(v) is int and abs(v) <= LIMIT for v in kept.values()):
            raise PositionError(f"the rules keep the numbers {sorted(part.values)}, each a "
                                f"whole number; the record gives {kept!r}")
        part.values.update(kept)


# -- the terminal, the browser table and the rulebook
def titles(rules: Any) -> dict[str, tuple[str, str, int]]:
    """Per kept number: its text in English and German, and its start."""
    rf, config = rules.model, rules.config(NAME, KeepConfig)
    starts = {c.name: c.start for c in config.counters} if config is not None else {}
    return {k.name: (k.title, k.title_german, starts.get(k.name, 0)) for k in keeps_of(rf)}


def shown(lang: Lang, rules: Any, values: dict[str, int]) -> list[str]:
    """What the sheet shows of the kept numbers not at their start: each number's text
    with the value for `#` ("Bock: 3 left"), or its name and value."""
    out = []
    for name, (title, german, start) in titles(rules).items():
        value = values.get(name, start)
        if value == start:
            continue
        text = in_lang(lang, title, german) if title else name
        out.append(text.replace("#", str(value)) if "#" in text else f"{text}: {value}")
    return out


def status(rules: Any, obs: Any, names: Sequence[str], lang: Lang = "en") -> list[str]:
    """At the deal: the kept numbers this hand is played with."""
    return shown(lang, rules, obs.kept) if NAME in rules.configs else []


def hand_lines(lang: Lang, rules: Any, result: Any, names: Any) -> list[str]:
    """Closing a hand's report: the kept numbers it was played with (those not at their
    start), and those that changed, as the next hand has them (none after a hand won at
    once: the game is over)."""
    if NAME not in rules.configs:
        return []
    before, after = result.kept, result.kept_next
    lines = []
    played = shown(lang, rules, before)
    if played:
        lines.append(say(lang, "live.keep_now", what="; ".join(played)))
    changed = {k: v for k, v in after.items() if before.get(k) != v}
    if changed and not result.won_with:
        said = shown(lang, rules, changed) or [f"{k}: {v}" for k, v in changed.items()]
        lines.append(say(lang, "live.keep_next", what="; ".join(said)))
    return lines


def board(game: Any, obs: Any, words: Any, names: Sequence[str], panel: dict[str, Any]
          ) -> None:
    """The browser table's sheet: each hand's row says the kept numbers it was played with,
    and a note under the sheet the numbers of the hand to come."""
    rules, lang = game.rules, words.lang
    if NAME not in rules.configs:  # the file keeps no number: the sheet as it was
        return
    by_number = {r.number: r for r in game.results}
    for row in panel["rows"]:
        said = shown(lang, rules, by_number[row["hand"]].kept)
        if said:
            row["mode"] = " · ".join([row["mode"], *said] if row["mode"] else said)
    panel["notes"] = shown(lang, rules, obs.kept)


def section(lang: Lang, v: Any) -> list[str]:
    """Its own section: each number, its start and its changes, in the rules' words."""
    rf: m.RuleFile = v.model
    keeps = keeps_of(rf)
    if not keeps:
        return []
    s = Speaker(lang, rf)
    out = [f"## {say(lang, 'h.keep')}", ""]
    for k in keeps:
        title = in_lang(lang, k.title, k.title_german)
        out += [say(lang, "keep.start", name=safe.code(k.name),
                    start=safe.code(formula_of(k.start))), ""]
        for change in k.changes:
            phrase = s.stmt(change.when)  # German: a clause after 'wenn', the verb last
            when = phrase.sub() if lang == "de" else phrase.main()
            out.append("- " + say(lang, "keep.change", when=when,
                                  value=safe.code(formula(change.becomes))))
        out += ["", say(lang, "keep.else"), ""]
        if title:
            value = title.replace("&#35;", "N").replace("#", "N")  # inert with the file
            out += [say(lang, "keep.shown", text=value), ""]
    out += [say(lang, "keep.read"), ""]
    return out


def formula_of(v: m.Value) -> str:
    return v.option if v.option is not None else str(v.number)


WORDS: dict[str, tuple[str, str]] = {
    "h.keep": ("Kept from hand to hand", "Von Runde zu Runde geführt"),
    "keep.start": ("{name} starts each game at {start}. After each hand is scored, the first "
                   "of these lines that applies gives its value for the next hand:",
                   "{name} beginnt jedes Spiel mit {start}. Nach dem Schreiben jeder Runde "
                   "gibt die erste dieser Zeilen, die zutrifft, den Wert für die nächste "
                   "Runde:"),
    "keep.change": ("when {when}: {value}", "wenn {when}: {value}"),
    "keep.else": ("When none applies, it stays as it is.",
                  "Trifft keine zu, bleibt der Wert, wie er ist."),
    "keep.shown": ("While it is not at its start, the sheet shows it as «{text}», N being "
                   "the value.", "Solange der Wert nicht am Anfang steht, zeigt die Tafel "
                   "ihn als «{text}», mit dem Wert für N."),
    "keep.read": ("During a hand its scoring, its checks and the end of the game read the "
                  "value set before the deal; a deal made anew, where nobody played, is no "
                  "hand.",
                  "Während einer Runde lesen das Schreiben, die Prüfungen und das Spielende "
                  "den Wert, der vor dem Geben galt; wird neu gegeben, weil niemand spielt, "
                  "zählt das nicht als Runde."),
    "live.keep_now": ("this hand: {what}", "diese Runde: {what}"),
    "live.keep_next": ("from the next hand: {what}", "ab der nächsten Runde: {what}"),
}


# Its paragraph in docs/*/language.md (`jassdsl/rulebook/reference.py` writes it there).
REFERENCE = Reference(
    text_en=(
        '`keep NAME "text" german "Text" starting at N:` keeps a number about the table through a\n'
        'game: Bock rounds (after a match the next hands count double), a prize won once per game,\n'
        'a penalty carried to the next hand. Each game starts it at N (a number or an option\n'
        'offering numbers). After each hand is scored, the first of its lines `after a hand when\n'
        'CONDITION: AMOUNT` whose condition holds gives its value for the next hand; where none\n'
        'holds, it stays. The condition and the amount read the finished hand as the end of the\n'
        'game does (its facts in a quantifier, the totals after scoring) and the number as it was\n'
        'in that hand. During a hand every expression reads the number by its name as it was set\n'
        'before the deal: scoring, invariants and the end of the game. The text is what the\n'
        "terminal's hand report and the browser table's sheet show while the number is not at its\n"
        'start, `#` standing for the value ("Bock: 3 left"); the rulebook says the lines.'),
    text_de=(
        '`keep NAME "text" german "Text" starting at N:` führt eine Zahl über den Tisch durch ein\n'
        'Spiel: Bockrunden (nach einem Match zählen die nächsten Spiele doppelt), ein Preis, der\n'
        'einmal pro Spiel gewonnen wird, eine Strafe, die in die nächste Runde mitgeht. Jedes Spiel\n'
        'beginnt sie mit N (eine Zahl oder eine Option mit Zahlen). Nach dem Schreiben jeder Runde\n'
        'gibt die erste ihrer Zeilen `after a hand when BEDINGUNG: BETRAG`, deren Bedingung gilt,\n'
        'ihren Wert für die nächste Runde; gilt keine, bleibt sie. Bedingung und Betrag lesen die\n'
        'fertige Runde wie das Spielende (ihre Fakten in einem Quantor, die Stände nach dem\n'
        'Schreiben) und die Zahl, wie sie in dieser Runde war. Während einer Runde liest jeder\n'
        'Ausdruck die Zahl mit ihrem Namen so, wie sie vor dem Geben gesetzt wurde: das Schreiben,\n'
        'die Prüfungen und das Spielende. Der Text ist, was der Rundenbericht im Terminal und die\n'
        'Tafel am Browsertisch zeigen, solange die Zahl nicht am Anfang steht; `#` steht für den\n'
        'Wert ("Bock: noch 3"); das Regelbuch sagt die Zeilen.'),
    example=(
        'players 4 in teams across\n'
        'bonus match 100\n'
        'keep bock "Bock: # left" german "Bock: noch #" starting at 0:\n'
        '    after a hand when (some team has match) and bock > 0: bock + 3\n'
        '    after a hand when some team has match: 4\n'
        '    after a hand when bock > 0: bock - 1\n'
        'let factor = 2 if bock > 0 else 1\n'
        'score each hand, first rule that applies:\n'
        '  card-points "each team scores its card points, twice in a Bock hand":\n'
        '      otherwise\n'
        '      then every team scores points * factor\n'
        'game ends when one team has total points >= 1000 and most(total points)\n'
        'count first: tricks'),
)


KEPT_NUMBERS = Mechanism(
    NAME,
    syntax=Syntax(
        grammar=GRAMMAR,
        build={"kept_numbers": build_keep, "kept_numbers_change": build_change},
        repeated=(Keep,),
        self_contained=False),
    rulebook=Rulebook(
        words=WORDS,
        section=section,
        reference=REFERENCE),
    checks=Checks(
        check=check,
        kept_names=kept_names),
    runtime=Runtime(
        compile_conditions=compile_keep,
        phase=Keeping,
        defaults={"kept": {}, "kept_next": {}},
        shows=("kept",)),
    terminal=Terminal(
        status=status,
        hand_lines=hand_lines),
    browser=Browser(
        board=board))
