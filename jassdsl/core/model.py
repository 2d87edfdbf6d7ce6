"""The validated rule model: what a rule file says, as frozen pydantic data with positions;
the statements the parser hands the checker; and the one walk over the model's trees."""

from __future__ import annotations

import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal, TypeVar, overload

from pydantic import BaseModel, ConfigDict, Field

from jassdsl.core.pos import Pos as Pos  # the one position type; model users name it m.Pos


class Node(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    free_text: ClassVar[tuple[str, ...]] = ()  # its fields holding a file's free text (a
    # quoted string; every other string is an identifier): the rulebook makes them inert
    pos: Pos


N = TypeVar("N", bound=Node)


class Word(Node):
    """A bare word in the file (a rank, a mode, a unit, an option name)."""

    text: str


class Value(Node):
    """A number, or the name of an option that supplies the number."""

    number: int | None = None
    option: str | None = None

    def word(self) -> str:
        """As written: the number, or the option's name (or a word choice of an option)."""
        return str(self.number) if self.number is not None else self.option or ""


# --- expressions -------------------------------------------------------------------------
class Num(Node):
    kind: Literal["num"] = "num"
    value: int


class Name(Node):
    kind: Literal["name"] = "name"
    name: str


class Total(Node):
    kind: Literal["total"] = "total"
    unit: str


class TeamValue(Node):
    """``team bid``: a declared value of both partners of a team, added up."""

    kind: Literal["team"] = "team"
    name: str


class RoleValue(Node):
    """``bid of bidder``: a declared value of the player holding a role (0 if nobody
    holds it in this hand)."""

    kind: Literal["of"] = "of"
    name: str
    role: str


class Call(Node):
    kind: Literal["call"] = "call"
    func: str
    args: tuple[Expr, ...]


class Unary(Node):
    kind: Literal["unary"] = "unary"
    op: Literal["-", "not"]
    arg: Expr


class Binary(Node):
    kind: Literal["binary"] = "binary"
    op: str
    left: Expr
    right: Expr


class IfElse(Node):
    kind: Literal["if"] = "if"
    cond: Expr
    then: Expr
    other: Expr


class InMode(Node):
    """``in spades``, ``in obenabe``, ``in slalom``: 1 when the hand is played in that mode
    (``in suits``: in any trump suit), else 0."""

    kind: Literal["in"] = "in"
    mode: str


class Quant(Node):
    """``one player has ...``: true when the number of subjects satisfying body fits."""

    kind: Literal["quant"] = "quant"
    quantifier: Literal["count", "none", "some", "all_but_one", "every"]
    count: int | None = None
    subject: Literal["player", "team"]
    body: Expr


Expr = Annotated[
    Num | Name | Total | TeamValue | RoleValue | InMode | Call | Unary | Binary | IfElse | Quant,
    Field(discriminator="kind"),
]


# --- scoring -----------------------------------------------------------------------------
class Target(Node):
    kind: Literal["bound", "others", "every", "subset", "sole", "exactly", "lot"]
    subject: Literal["player", "team"] | None = None
    filter: Expr | None = None
    count: int | None = None
    inner: Target | None = None


class Award(Node):
    target: Target
    verb: Literal["gets", "loses", "scores", "holds"]
    amount: Expr
    unit: Word | None = None


class Clause(Node):
    id: str
    title: str | None = None
    title_german: str = ""  # the title in German, for the German rulebook
    condition: Expr | None = None  # None: "otherwise"
    awards: tuple[Award, ...]


class Unit(Node):
    singular: str
    plural: str
    cancels: Word | None = None
    floor: Value | None = None


class Let(Node):
    name: str
    expr: Expr


class Declaration(Node):
    """A value each player declares before play, e.g. a hidden point estimate."""

    name: str
    low: Value
    high: Value
    hidden: bool
    naming: bool = False  # in the auction: each bid names the mode too (`bid 100 H`)
    # the options a mechanism adds to the statement (`%extend declare_option`), by key
    marks: frozenset[str] = frozenset()
    # ... of those, the ones said only under an option's choice (`a pass is final if
    # passing = every`): (key, option, choice; None: the yes/no option is yes)
    marks_if: tuple[tuple[str, Word, Value | None], ...] = ()
    after_bidder: bool = False  # the first to declare sits right of the highest bidder
    after_role: Word | None = None  # ... or right of the player holding this role
    bidder_keeps: Word | None = None  # the highest bidder declares this auction's bid
    hook: Value | None = None  # the last to declare may not make the sum this number
    step: Value | None = None  # `in steps of N`: low, low + N, ... (and high itself)
    named: tuple[tuple[Word, Value], ...] = ()  # `or match worth 257`: a value by a name
    # ... of those, the auction's bids that play a mode (`or misere worth 105 playing
    # misere`): name, value, mode
    contracts: tuple[tuple[Word, Value, Word], ...] = ()
    option_pos: tuple[tuple[str, Pos], ...] = ()  # each option after a comma, and where
    by: Target | None = None  # `by the team without chooser`: who may declare (else all)
    only_when: Expr | None = None  # `only when sum(team konter) > 0`: asked before each turn
    only_if: Word | None = None  # `if doubling`: declared only under this option's choice
    only_if_value: Value | None = None  # ... `= CHOICE` (None: the yes/no option is yes)

    @property
    def yes_no(self) -> bool:
        """A yes/no question (`declare NAME yes or no`): no is 0, yes is the value named
        `yes`, worth 1; `from 0 to 0, or yes worth 1` says the same."""
        return (self.low.number, self.high.number, self.step) == (0, 0, None) and \
            [(w.text, v.number) for w, v in self.named] == [("yes", 1)]


class Option(Node):
    """A house-rule choice inside one file, e.g. the target score."""

    name: str
    description: str
    german: str = ""  # the description in German, for the German rulebook
    default: Value
    choices: tuple[Value, ...]


class Source(Node):
    key: str
    text: str
    german: str = ""  # the title in German, where it differs, for the German rulebook


class Decision(Node):
    key: str
    text: str
    german: str = ""  # the text in German, for the German rulebook


class GermanName(Node):
    """The German word for a name the file gives (a pile, a Weis table, an option value,
    a let, a declaration), used on the German rulebook page instead of the name; a
    declaration's word is a noun with its article ("der Konter") and may give its plural."""

    name: str
    german: str
    plural: str = ""


# The trump methods of the base grammar (`grammar.lark`); a mechanism adds its own
# (`jassdsl.core.mechanism.TrumpWay`), named as the mechanism.
BaseTrumpKind = Literal["random_suit", "bottom_card", "none", "forehand_chooses",
                        "bidder_chooses", "turned", "fixed", "in_turn"]


class TrumpMethod(Node):
    kind: str  # a BaseTrumpKind, or the name of the mechanism that adds the method
    # the modes a player may choose; fixed: the one mode (or an option naming modes);
    # in turn: the modes of hand 1, 2, ... repeating
    modes: tuple[Word, ...] = ()
    piles: tuple[Word, ...] = ()  # turned: the first of these piles with cards shows trump
    push: bool = False  # forehand may push to the partner across (once)
    push_next: bool = False  # ... or on to the next player, until it comes back to the first
    fallback: Word | None = None
    who: Word | None = None  # `WHO chooses`: the word naming who chooses, as written

    @property
    def pushes(self) -> bool:
        return self.push or self.push_next


class Deal(Node):
    each: Value | None  # None: all cards
    packet: Value
    more: tuple[Value, ...] = ()  # the packets after the first (`in packets of 3, 3, 2`)

    @property
    def packets(self) -> tuple[Value, ...]:
        """Every packet size, in the order they go round the table."""
        return (self.packet, *self.more)


class Pack(Node):
    """`pack: without sixes`: the cards taken out of the 36 (cards, ranks or suits)."""

    without: tuple[Word, ...]


class Pile(Node):
    """Cards left over after the deal, laid aside face down under a name (the blind)."""

    name: str
    size: Value | None  # None: the rest of the cards
    each: bool = False  # one pile of this size for each player at the table


class Ranks(Node):
    table: Word
    ranks: tuple[Word, ...]


class Points(Node):
    table: Word
    values: tuple[tuple[Word, int], ...]
    option: Word | None = None  # with `if OPTION = CHOICE`: used only under that choice
    choice: Value | None = None


class ModeDef(Node):
    """A mode the file defines from the base modes (D H S C obenabe undenufe): played
    alternating trick by trick (`obenabe and undenufe alternating by trick`), some tricks
    of one and then another (`obenabe for 5 tricks, then undenufe`), or as one base mode
    under a name of its own (`obenabe`). Numbered 6, 7, ... in file order."""

    name: str
    title: str | None = None  # how a player names it: "Slalom"
    title_german: str = ""
    kind: Literal["alternating", "tricks", "as"]
    parts: tuple[Word, ...]  # the base modes, in order
    counts: tuple[int, ...] = ()  # `tricks`: how many tricks each part but the last lasts
    # what the side playing it wants (`, for the fewest points`, `, for no tricks`), "": the
    # file's goal (`winner:`); the bots read it, the scoring says what it is worth
    goal: Literal["", "fewest points", "no tricks"] = ""


class Bonus(Node):
    name: Word
    points: Value
    only_if: Word | None = None  # a yes/no option that must be "yes" for the bonus to count


class GameEnd(Node):
    hands: Value | None = None
    when: Expr | None = None
    by: str = ""  # the mechanism whose phase says when the game ends (`Phase.ends_game`)


class CountFirst(Node):
    """Hand facts booked one by one before the rest of the hand (`count first: stoeck, then
    weis`); the game may end after each of them."""

    facts: tuple[Word, ...]


class Winner(Node):
    direction: Literal["most", "fewest"]
    unit: Word
    first_out: bool = False  # the first to leave the table wins; the unit orders the rest


class Invariant(Node):
    """A fact that must hold after every hand, e.g. that the card points add up to 157."""

    id: str
    title: str | None = None
    title_german: str = ""  # the title in German, for the German rulebook
    expr: Expr


class Setting(Node):
    """A one-word setting such as ``undertrump: weak``."""

    key: str
    values: tuple[Word, ...]


class RuleFile(BaseModel):
    """Everything one rule file says, in file order where order matters."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    path: str
    name: str
    summary: str = ""
    summary_german: str = ""
    sources: tuple[Source, ...] = ()
    decisions: tuple[Decision, ...] = ()
    options: tuple[Option, ...] = ()
    players: Value
    teams: bool = False
    # how the two teams sit: "across" (four players) or "alternating" (every second seat)
    seating: str = ""
    deal: Deal
    pack: Pack | None = None  # None: the 36 cards
    settings: tuple[Setting, ...] = ()
    ranks: tuple[Ranks, ...] = ()
    points: tuple[Points, ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    modes: tuple[ModeDef, ...] = ()  # modes the file defines, numbered 6, 7, ...
    trump: TrumpMethod
    units: tuple[Unit, ...] = ()
    declarations: tuple[Declaration, ...] = ()
    lets: tuple[Let, ...] = ()
    clauses: tuple[Clause, ...] = ()
    scoring_pos: Pos | None = None
    invariants: tuple[Invariant, ...] = ()
    piles: tuple[Pile, ...] = ()
    show: Word | None = None  # a pile whose bottom card everybody may see
    # the statements of each mechanism that keeps its own (jassdsl.core.mechanism), by name
    parts: dict[str, tuple[Node, ...]] = Field(default_factory=dict)
    german_names: tuple[GermanName, ...] = ()
    end: GameEnd
    count_first: CountFirst | None = None
    winner: Winner

    def setting(self, key: str) -> Setting | None:
        return next((s for s in self.settings if s.key == key), None)

    def part(self, mechanism: str, cls: type[N]) -> N | None:
        """The first statement of this class the mechanism keeps (None: the file has none)."""
        return next((s for s in self.parts.get(mechanism, ()) if isinstance(s, cls)), None)

    def parts_of(self, mechanism: str, cls: type[N]) -> tuple[N, ...]:
        """Every statement of this class the mechanism keeps, in file order."""
        return tuple(s for s in self.parts.get(mechanism, ()) if isinstance(s, cls))


for _m in (Call, Unary, Binary, IfElse, Quant, Target, Award, Clause, Let, GameEnd,
           Invariant, RuleFile):
    _m.model_rebuild()


# --- statements: what the parser hands the checker -------------------------------------
# A statement that fills a field of RuleFile is the node of that field (Deal, Option,
# TrumpMethod, ...); these few say what has no node of its own. Plain dataclasses: they
# live only between the parser and the checker, which builds the RuleFile from them.
@dataclass(frozen=True, slots=True)
class VariantName:
    pos: Pos
    name: str


@dataclass(frozen=True, slots=True)
class Summary:
    pos: Pos
    text: str
    german: str


@dataclass(frozen=True, slots=True)
class Players:
    pos: Pos
    count: Value
    teams: bool
    form: str = ""  # the team form: "across" or "alternating" ("" without teams)


@dataclass(frozen=True, slots=True)
class Scoring:
    pos: Pos
    clauses: tuple[Clause, ...]


@dataclass(frozen=True, slots=True)
class Show:
    pos: Pos
    pile: Word


@dataclass(frozen=True, slots=True)
class GermanNames:
    pos: Pos
    names: tuple[GermanName, ...]


@dataclass(frozen=True, slots=True)
class StandardTables:
    """`cards: the standard Swiss ranks and points [for TABLE and TABLE]`: the checker puts
    the standard tables (jassdsl/language/standard.py) in its place, all four or those named."""

    pos: Pos
    tables: tuple[Word, ...] = ()


Statement = (VariantName | Summary | Source | Decision | Option | Players | Pack | Deal
             | Setting              | Ranks | Points | Bonus | ModeDef | TrumpMethod | Unit | Declaration | Let | Scoring
             | GameEnd | CountFirst | Winner | Invariant | Pile | Show
             | GermanNames | StandardTables
             | Node)  # the last: a mechanism's own statement (jassdsl.core.mechanism)


# --- the one walk over the model -------------------------------------------------------
Tree = Node | RuleFile

_NODE_FIELDS: dict[type[BaseModel], tuple[str, ...]] = {}


def _holds_nodes(hint: object) -> bool:
    if isinstance(hint, type):
        return issubclass(hint, BaseModel)
    return any(_holds_nodes(a) for a in typing.get_args(hint))


def _node_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    """The fields of a node class that may hold nodes, in declaration (= source) order."""
    found = _NODE_FIELDS.get(cls)
    if found is None:
        found = _NODE_FIELDS[cls] = tuple(
            name for name, f in cls.model_fields.items() if _holds_nodes(f.annotation))
    return found


def _nodes_in(items: tuple[object, ...], out: list[Node]) -> None:
    for x in items:
        if isinstance(x, Node):
            out.append(x)
        elif isinstance(x, tuple):  # (Word, points) of a card points table
            _nodes_in(x, out)


@overload
def children(node: Expr) -> tuple[Expr, ...]: ...
@overload
def children(node: Tree) -> tuple[Node, ...]: ...
def children(node: Tree) -> tuple[Node, ...]:
    """The nodes directly inside node, in source order (an expression's operands, a
    clause's condition and awards, a rule file's statements)."""
    out: list[Node] = []
    for name in _node_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, Node):
            out.append(value)
        elif isinstance(value, tuple):
            _nodes_in(value, out)
        elif isinstance(value, dict):  # RuleFile.parts: each mechanism's statements
            _nodes_in(tuple(value.values()), out)
    return tuple(out)


@overload
def walk(root: Expr, *, lets: Mapping[str, Expr] | None = None,
         prune: tuple[type[Node], ...] = ()) -> Iterator[Expr]: ...
@overload
def walk(root: Tree, *, lets: Mapping[str, Expr] | None = None,
         prune: tuple[type[Node], ...] = ()) -> Iterator[Tree]: ...
def walk(root: Tree, *, lets: Mapping[str, Expr] | None = None,
         prune: tuple[type[Node], ...] = ()) -> Iterator[Tree]:
    """Every node of root's tree, root first, parents before children, in source order;
    without recursion, as lets may chain deeper than Python's stack. With `lets`, the
    first use of a let's name is followed by the let's expression; a node of a `prune`
    type is yielded but not entered."""
    seen: set[str] = set()
    stack: list[Tree] = [root]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, prune):
            continue
        if lets is not None and isinstance(node, Name) and node.name in lets \
                and node.name not in seen:
            seen.add(node.name)
            stack.append(lets[node.name])
        stack.extend(reversed(children(node)))
