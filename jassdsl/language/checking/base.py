"""What every check of the chain shares: the constants, the error list, the state read once
per file, and the small readings of the model they all use."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from jassdsl.core import model as m
from jassdsl.core.cards import CARD_CLASSES, RANKS, SUITS
from jassdsl.core.errors import RuleError, did_you_mean
from jassdsl.core.facts import FACTS as FACT_LIST
from jassdsl.core.facts import TABLE, known_by, late_calls
from jassdsl.core.mechanism import (
    Mechanism,
    installed,
)
from jassdsl.core.modes import SUIT_WORDS
from jassdsl.core.nesting import Nesting
from jassdsl.core.pack import FULL_PACK
from jassdsl.core.settings import DECK, get
from jassdsl.language.facts import FACTS
from jassdsl.language.syntax import Skipped

# The statements a file has at most once, as an error names them.
ONCE: dict[type[m.Statement], str] = {
    m.VariantName: 'variant "Name"',
    m.Summary: "summary",
    m.Players: "players N",
    m.Deal: "deal all cards in packets of 3",
    m.Pack: "pack: without ...",
    m.TrumpMethod: "trump: ...",
    m.Scoring: "score each hand, first rule that applies: ...",
    m.GameEnd: "game ends ...",
    m.Winner: "winner: most UNIT (or: first to leave the table, then most UNIT)",
    m.Show: "show",
    m.CountFirst: "count_first",
}
# ... and those it must have, in the order a missing one is reported
REQUIRED = (m.VariantName, m.Players, m.Deal, m.TrumpMethod, m.Scoring, m.GameEnd, m.Winner)
# Statements nothing else refers to and no file must have, by their first word: when a
# syntax error hides one, the rest of the file is still checked. Any other statement (and
# any a new construct adds) may define what the rest uses, so hiding it stops the check.
# A mechanism says so of its own statements (`Syntax.self_contained`).
SELF_CONTAINED = frozenset({"summary", "source", "decision", "first", "next", "follow",
                            "undertrump", "puur", "invariant", "count", "names",
                            "show"})
TRUMP_MODES = get("trump mode").allowed
TABLES = get("rank table").allowed
BONUSES = get("bonus").allowed
BASE_PARTS = ("D", "H", "S", "C", "obenabe", "undenufe")  # what a file's mode is built from
# `in NAME` in an expression: a suit (letter or word), any suit, obenabe, undenufe
IN_MODES = ("diamonds", "hearts", "spades", "clubs", "suits", "D", "H", "S", "C", "obenabe",
            "undenufe")
EARLY_FACTS = get("count first").allowed  # facts known before the tricks are over
HAND_TOTAL = 157
MAX_COMBINATIONS = 1000  # option choices tried together when a check must try each
MAX_SHOWN = 3  # option choices a message names before it says how many more
MAX_POINTS = 1000  # a bonus, a Weis, a floor: a number of points, as an option may give it
FUNCTIONS = sorted(n for n, f in FACTS.items() if f.arity is not None)
# what a declaration's `by` and `only when` may ask beside roles, options and declarations
BEFORE_PLAY_FACTS = known_by(FACT_LIST, TABLE)
AFTER_PLAY_CALLS = late_calls(FACT_LIST)


S = TypeVar("S", bound=m.Statement)


class CheckerBase:
    """The file, its errors and notes, and what `Checker.check` reads of the model once for
    every check of the chain (the options, lets, declarations, units, ... by name)."""

    options: dict[str, m.Option]
    file_modes: dict[str, m.ModeDef]
    lets: dict[str, m.Let]
    nesting: Nesting
    walked: set[tuple[str, bool, bool]]  # lets checked, in which context
    declared: set[str]
    hidden: set[str]  # declarations seen by the declarer only
    units: dict[str, m.Unit]
    teams: bool
    roles_off: dict[str, list[dict[str, str]]]  # role_switched_off, once each
    example_role: str  # a role somebody holds, for a message
    after_scoring: bool  # checking what is known once the hand is scored
    has_weis: bool
    has_stoeck: bool
    def __init__(self, path: str, text: str,
                 mechanisms: Sequence[Mechanism] | None = None) -> None:
        self.path, self.text = path, text
        self.mechanisms = tuple(installed() if mechanisms is None else mechanisms)
        self.once_names = ONCE | {t: name for x in self.mechanisms
                                  for t, name in x.syntax.statements.items()}
        self.self_contained = SELF_CONTAINED | {w for x in self.mechanisms if x.syntax.self_contained
                                                for w in x.first_words}
        self.errors: list[RuleError] = []
        self.notes: list[str] = []
        self.kept_names: frozenset[str] = frozenset()  # numbers kept across hands
        self.pack = FULL_PACK  # the cards of the pack (`check_pack`)
        self.rf: m.RuleFile | None = None

    def error(self, pos: m.Pos, kind: str, message: str) -> None:
        self.errors.append(RuleError(self.path, pos, kind, message))


def skipped_what(skip: Skipped, needed: list[str]) -> str:
    """What a syntax error hid, as the note after it names it: the statement it began,
    or the unknown word it began with and the statement that word is near, as a guess."""
    line = skip.pos.line
    if needed and skip.unknown and needed[0] == skip.statements[0]:
        return (f"line {line}, which begins with {skip.unknown!r}, an unknown statement "
                f"(did you mean {needed[0]!r}?),")
    return f"the '{needed[0]}' statement on line {line}" if needed else \
        f"what line {line} says"


def hand_worth(e: m.Expr, total: int) -> int | bool | None:
    """The value of an expression about a hand's worth when `sum(points)` (and
    `points-in-play`) is `total`; None where it asks anything else."""
    if isinstance(e, m.Num):
        return e.value
    if isinstance(e, m.Name):
        return total if e.name == "points-in-play" else None
    if isinstance(e, m.Call):
        whole = e.func == "sum" and len(e.args) == 1 and isinstance(e.args[0], m.Name) \
            and e.args[0].name == "points"
        return total if whole else None
    if isinstance(e, m.Unary):
        arg = hand_worth(e.arg, total)
        return None if arg is None else (not arg) if e.op == "not" else -arg
    if not isinstance(e, m.Binary):
        return None
    left, right = hand_worth(e.left, total), hand_worth(e.right, total)
    if e.op in ("or", "and"):
        known = [bool(v) for v in (left, right) if v is not None]
        if e.op == "or":
            return True if any(known) else False if len(known) == 2 else None
        return False if not all(known) else True if len(known) == 2 else None
    if left is None or right is None:
        return None
    a, b = int(left), int(right)
    compare = {"=": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}
    if e.op in compare:
        return compare[e.op]
    return {"+": a + b, "-": a - b, "*": a * b}.get(e.op)


def choices_of(options: list[m.Option]) -> list[dict[str, str]]:
    """Every combination of the options' choices, as words by option name (at most
    MAX_COMBINATIONS of them: a check over more would take too long to be worth it)."""
    out: list[dict[str, str]] = [{}]
    for o in options:
        out = [{**c, o.name: v.word()} for c in out for v in o.choices][:MAX_COMBINATIONS]
    return out


def mode_hint(word: str, modes: list[str]) -> str:
    """`did you mean 'S'? ` for a suit's name, else for a near miss of a trump mode."""
    number = SUIT_WORDS.get(word.lower(), -1)
    suit = SUITS[number] if number >= 0 else None
    if suit is not None and suit in modes:
        return f"did you mean {suit!r}? "
    return did_you_mean(word, modes)


def value_pos(s: m.Statement) -> m.Pos:
    """Where a second statement of a kind is reported: at the value it would set (the
    number of players, the pile, ...), else where it stands."""
    if isinstance(s, m.Players):
        return s.count.pos
    if isinstance(s, m.Show):
        return s.pile.pos
    at = getattr(s, "reported_at", None)  # a mechanism's statement may say where
    if isinstance(at, m.Pos):
        return at
    return s.pos


def every(statements: list[m.Statement], cls: type[S]) -> tuple[S, ...]:
    """The statements of one kind, in file order."""
    return tuple(s for s in statements if isinstance(s, cls))


def first(statements: list[m.Statement], cls: type[S]) -> S | None:
    return next((s for s in statements if isinstance(s, cls)), None)


def card_points(rf: m.RuleFile, mode: str, case: tuple[str, str] | None
                ) -> list[int] | None:
    """The points of every card in a base mode from the file's tables (those of `case`,
    an option and its choice, where it has them), or None when a table is missing."""
    def table(name: str) -> list[int] | None:
        plain = [p for p in rf.points if p.table.text == name and p.option is None]
        chosen = [p for p in rf.points if p.table.text == name and case is not None
                  and points_case(p) == case]
        if not chosen and not plain:
            return None
        found = (chosen or plain)[0]
        values = [0] * 9
        for w, v in found.values:
            if w.text in RANKS:
                values[RANKS.index(w.text)] = v
        return values

    if mode in ("obenabe", "undenufe"):
        t = table(mode)
        return None if t is None else [t[c % 9] for c in range(DECK)]
    trump, side = table("trump"), table("side")
    if trump is None or side is None:
        return None
    suit = "DHSC".index(mode)
    return [(trump if c // 9 == suit else side)[c % 9] for c in range(DECK)]


def packets_text(deal: m.Deal) -> str:
    """The packets as the file writes them: '3, 3, 2'."""
    return ", ".join(v.word() for v in deal.packets)


def pack_words(rf: m.RuleFile | None) -> str:
    """What the file takes out of the pack, as it writes it: 'sixes', 'D6 and H6'."""
    named = [w.text for w in rf.pack.without if w.text in CARD_CLASSES] if rf and rf.pack else []
    return " and ".join(dict.fromkeys(named)) or "nothing"


def points_case(p: m.Points) -> tuple[str, str] | None:
    """The option choice under which a card points table counts (None: the plain table)."""
    return (p.option.text, p.choice.word()) if p.option and p.choice else None


def compatible(a: m.Points, b: m.Points) -> bool:
    """Whether two tables can count together: not one option with two different choices."""
    ca, cb = points_case(a), points_case(b)
    return not (ca and cb and ca[0] == cb[0] and ca[1] != cb[1])


