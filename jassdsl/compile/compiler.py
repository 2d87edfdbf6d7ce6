"""Compile a checked rule model into `CompiledRules`: flat tables and closures for the engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TypeVar

from jassdsl.compile.counting import Scales
from jassdsl.compile.exprsource import Compiler
from jassdsl.compile.play import PlayRules
from jassdsl.compile.scoring import CompiledClause, Fn, HandFacts, compile_clauses, compile_target
from jassdsl.core import model as m
from jassdsl.core import settings
from jassdsl.core.actions import whole_number
from jassdsl.core.count_order import Additions, Gate, additions, end_gate, read_as, scales
from jassdsl.core.errors import OptionError
from jassdsl.core.mechanism import Mechanism, TrumpWay, installed, trump_way
from jassdsl.core.modes import Mode, ModeSchedule, mode_numbers
from jassdsl.core.options import declared_under, marks_under
from jassdsl.core.pack import FULL_PACK, file_pack, pack_size
from jassdsl.core.roles import BIDDER, CHOOSER, PUSHER, ROLES, role_name
from jassdsl.core.tables import OBENABE, ModeTable, build_modes

C = TypeVar("C")
EXPRESSIONS = (m.Num, m.Name, m.Total, m.TeamValue, m.RoleValue, m.Call, m.Unary, m.Binary,
               m.IfElse, m.Quant)


@dataclass(frozen=True)
class UnitInfo:
    singular: str
    plural: str
    negative: tuple[str, str] | None  # the unit that cancels this one, shown for totals < 0
    floor: int | None

    def show(self, amount: int) -> str:
        if amount < 0 and self.negative:
            one, many = self.negative
            return f"{-amount} {one if amount == -1 else many}"
        return f"{amount} {self.singular if amount == 1 else self.plural}"


@dataclass(frozen=True)
class Declaring:
    name: str
    low: int
    high: int
    hidden: bool
    naming: bool = False  # each bid names a mode of `trump_choices` too (`bid 100 H`)
    marks: frozenset[str] = frozenset()  # the options a mechanism adds (`Declaration.marks`)
    after_bidder: bool = False
    bidder_keeps: str | None = None
    after_role: int = -1  # the first to declare sits right of the holder of this role
    hook: int | None = None
    values: tuple[int, ...] = ()  # every value one may declare, lowest first
    names: tuple[tuple[int, str], ...] = ()  # named values (`or match worth 257`)
    # `by TARGET`: the subjects who may declare (None: every seat)
    by: Callable[[HandFacts, set[int]], list[int]] | None = None
    only_when: Fn | None = None  # a seat is asked only while this holds (table-wide)

    @property
    def top(self) -> int:
        """The highest value: a bid of it ends an auction at once."""
        return self.values[-1] if self.values else self.high

    def named(self, value: int) -> str | None:
        return next((name for v, name in self.names if v == value), None)


def declaring(d: m.Declaration, options: dict[str, int | str],
              compiler: Compiler | None = None) -> Declaring:
    """A declaration with its values: low, low + step, ... up to high, high itself, and
    the named values; who may declare and when, compiled."""
    low, high = number(d.low, options), number(d.high, options)
    step = number(d.step, options) if d.step is not None else 1
    names = tuple(sorted((number(v, options), w.text) for w, v in d.named))
    if d.yes_no:  # the answers are shown and read as `no` and `yes`
        names = ((0, "no"), *names)
    values = {*range(low, high + 1, max(step, 1)), high, *(v for v, _ in names)}
    after = BIDDER if d.after_bidder else role_index(d.after_role.text) if d.after_role else -1
    return Declaring(d.name, low, high, d.hidden, naming=d.naming, marks=marks_under(d, options),
                     after_bidder=d.after_bidder,
                     bidder_keeps=d.bidder_keeps.text if d.bidder_keeps else None,
                     after_role=after,
                     hook=number(d.hook, options) if d.hook is not None else None,
                     values=tuple(sorted(values)), names=names,
                     by=compile_target(compiler, d.by) if compiler and d.by else None,
                     only_when=compiler.expr(d.only_when)
                     if compiler and d.only_when is not None else None)


# Trump methods of the base grammar that make a suit trump without anyone choosing it (a
# mechanism's method whose card sets trump does too: `TrumpWay.card_sets`).
SUIT_SETTING = frozenset({"random_suit", "bottom_card", "turned"})


@dataclass(frozen=True)
class CompiledRules:
    """Everything the engine needs, with nothing left to look up in the model."""

    model: m.RuleFile
    options: dict[str, int | str]
    players: int
    team_of: tuple[int, ...]  # subject per seat: the seat itself, or its team
    subjects: int
    cards_each: int
    packet: int  # the first packet size (the only one, unless `packets` lists more)
    modes: dict[int, ModeTable]
    play: PlayRules
    trump_kind: str
    trump_choices: tuple[int, ...]
    push: bool
    fallback: int | None
    last_bonus: int
    match_bonus: int
    declarations: tuple[Declaring, ...]
    units: dict[str, UnitInfo]
    unit_of: dict[str, tuple[str, int]]
    main_unit: str
    clauses: tuple[CompiledClause, ...]
    end_hands: int | None
    end_when: Fn | None
    winner_unit: tuple[str, int]
    winner_most: bool
    first_dealer_lot: bool
    winner_first_out: bool = False  # players are placed by leaving the table, first wins
    invariants: tuple[tuple[str, Fn], ...] = ()
    stoeck_bonus: int = 0
    lead_role: int = -1  # the role (jassdsl.core.roles) whose holder leads the first trick
    dealer_role: int = -1  # the role whose holder deals the next hand (else: to the right)
    roles_read: frozenset[int] = frozenset()  # roles the file names (scoring, settings)
    roles_made: frozenset[int] = frozenset()  # roles its mechanisms give to a seat
    piles: tuple[tuple[str, int | None], ...] = ()  # leftover cards: name, size (None: rest)
    own_piles: frozenset[str] = frozenset()  # piles laid once for each player at the table
    turned_piles: tuple[str, ...] = ()  # trump: the top card of the first of these with cards
    show_pile: str | None = None  # everybody sees the bottom card of this pile
    pack: int = FULL_PACK  # the cards of the pack, a mask of the 36 (jassdsl.core.pack)
    packets: tuple[int, ...] = ()  # the packet sizes of one round of the deal, in order
    reads_in_play: bool = False  # the file asks for the card points in play
    count_first: tuple[str, ...] = ()  # facts booked one by one before the rest of the hand
    end_gate: Gate | None = None  # a test of the totals that the game end cannot hold without
    count_adds: Additions = field(default_factory=dict)  # clauses that just add them
    count_scales: Scales = field(default_factory=dict)  # ... times a factor for the hand
    mode_schedule: ModeSchedule = field(default_factory=ModeSchedule)  # the file's own modes
    push_next: bool = False  # pushing goes on to the next player, back to the first
    mechanisms: tuple[Mechanism, ...] = ()  # every mechanism known, in hand order
    configs: Mapping[str, object] = field(default_factory=dict)  # of those the file uses

    @property
    def mode_names(self) -> tuple[str, ...]:
        """Every mode's name by number: D H S C obenabe undenufe, then the file's modes."""
        return self.mode_schedule.names

    def trick_mode(self, mode: int, k: int) -> int:
        """The base mode (0-5) whose rank order decides trick k (from 0) in this mode."""
        return self.mode_schedule.trick_mode(mode, k)

    def mode(self, index: int) -> Mode:
        """The Mode of a number (-1: none), with its name."""
        return self.mode_schedule.mode(index)

    @property
    def name(self) -> str:
        return self.model.name

    @property
    def value_names(self) -> dict[tuple[str, int], str]:
        """(declaration, value) -> the value's name, for the named values (`bid match`)."""
        return {(d.name, v): name for d in self.declarations for v, name in d.names}

    @property
    def named_values(self) -> dict[tuple[str, str], int]:
        """(declaration, name) -> the named value, as an action's text reads it."""
        return {(d.name, name): v for d in self.declarations for v, name in d.names}

    @property
    def lead_bidder(self) -> bool:
        """The highest bidder of the auction leads the first trick."""
        return self.lead_role == BIDDER

    @property
    def next_dealer_bidder(self) -> bool:
        """The highest bidder deals the next hand."""
        return self.dealer_role == BIDDER

    def settled_mode(self, mode: int) -> int:
        """The mode a hand's tricks are decided and counted in: its own, or while no trump
        is set the file's fallback (Obenabe where the file names none)."""
        if mode >= 0:
            return mode
        return self.fallback if self.fallback is not None else OBENABE

    @cached_property
    def used(self) -> tuple[Mechanism, ...]:
        """The mechanisms whose phase the file uses (`Phase.used_by`), in list order: the
        bots, the observation and the tensors ask per decision, so it is kept."""
        return tuple(x for x in self.mechanisms
                     if x.runtime.phase is not None and x.runtime.phase.used_by(self))

    @cached_property
    def trump_way(self) -> TrumpWay | None:
        """What the file's trump method is, where a mechanism adds it (None: the base
        grammar's own)."""
        return trump_way(self.mechanisms, self.trump_kind)

    @cached_property
    def card_sets_trump(self) -> bool:
        """While no trump is set, a card played off the suit led makes its suit trump
        (`TrumpWay.card_sets`; read per card by the bots, so kept)."""
        way = self.trump_way
        return way is not None and way.card_sets

    def config(self, name: str, kind: type[C]) -> C | None:
        """The compiled settings of a mechanism the file uses (None: it does not)."""
        found = self.configs.get(name)
        assert found is None or isinstance(found, kind), (name, found)
        return found

    @property
    def playable_modes(self) -> tuple[int, ...]:
        """Every mode a hand of this file can be counted in: a suit where the method turns,
        draws or finds a suit, the modes a player may choose, and the fallback without trump."""
        modes = set(self.trump_choices)
        if (way := self.trump_way) is not None and way.plays is not None:
            modes.update(way.plays(self))  # nobody chooses them (a schedule)
        if self.trump_kind in SUIT_SETTING or self.card_sets_trump:
            modes.update(range(4))
        if self.fallback is not None:
            modes.add(self.fallback)
        return tuple(sorted(m for m in modes if m in self.modes))

    def unit_label(self, base: str, amount: int) -> str:
        return self.units[base].show(amount)


def option_value(v: m.Value) -> int | str:
    return v.number if v.number is not None else v.option or ""


def check_option_types(chosen: object) -> dict[str, int | str]:
    """Chosen options as the API takes them: a dict of option names to whole numbers or
    text (`{"target": 1000}`, or `"1000"` as a command line gives it); anything else
    raises OptionError, before a float or a list could be taken for a value."""
    if chosen is None:
        return {}
    if not isinstance(chosen, Mapping):
        raise OptionError(f"options must be a dict of option names to values, e.g. "
                          f"{{'target': 1000}}, not {type(chosen).__name__}")
    for key, value in chosen.items():
        if not isinstance(key, str):
            raise OptionError(f"an option name must be text, not {key!r}")
        if type(value) is not int and not isinstance(value, str):
            raise OptionError(f"option {key} takes a whole number or text (one of the values "
                              f"the rule file offers), not {value!r} ({type(value).__name__})")
    return dict(chosen)


def resolve_options(
    rf: m.RuleFile, chosen: dict[str, int | str] | None
) -> dict[str, int | str]:
    """The default of every option, overridden by the chosen values (checked)."""
    values = {o.name: option_value(o.default) for o in rf.options}
    for key, value in check_option_types(chosen).items():
        opt = next((o for o in rf.options if o.name == key), None)
        if opt is None:
            names = ", ".join(o.name for o in rf.options) or "none"
            raise OptionError(f"{rf.name} has no option {key!r} (options: {names})")
        allowed = [option_value(c) for c in opt.choices]
        if isinstance(value, str) and (n := whole_number(value)) is not None:
            value = n
        if value not in allowed:
            shown = ", ".join(str(a) for a in allowed)
            raise OptionError(f"option {key} must be one of {shown}, not {value}")
        values[key] = value
    return values


def number(v: m.Value, options: dict[str, int | str]) -> int:
    return v.number if v.number is not None else int(options[v.option or ""])


def names_used(node: m.Tree) -> set[str]:
    """Every name an expression in the node (a rule file, a clause, ...) reads."""
    return {x.name for x in m.walk(node) if isinstance(x, m.Name)}


def shaping_options(rf: m.RuleFile) -> set[str]:
    """The options named outside expressions (players, deal, Weis, point tables, ...): only
    their values change what compiles. In an expression an option is a constant."""
    names = {o.name for o in rf.options}
    found: set[str] = set()
    for node in m.walk(rf, prune=(m.Option, m.Let, *EXPRESSIONS)):
        if isinstance(node, m.Value) and node.option in names:
            found.add(node.option)
        elif isinstance(node, m.Word) and node.text in names:
            found.add(node.text)
    return found


def chosen_points(rf: m.RuleFile, options: dict[str, int | str]) -> tuple[m.Points, ...]:
    """Per card points table: the one whose `if OPTION = CHOICE` holds, else the plain one."""
    out: dict[str, m.Points] = {}
    for p in rf.points:
        name = p.table.text
        if p.option is None or p.choice is None:
            out.setdefault(name, p)
        elif options.get(p.option.text) == option_value(p.choice):
            out[name] = p
    return tuple(out.values())


def compile_units(rf: m.RuleFile, options: dict[str, int | str]
                  ) -> tuple[dict[str, UnitInfo], dict[str, tuple[str, int]]]:
    """Units that cancel another are folded into it with a negative sign."""
    by_word = {u.singular: u for u in rf.units} | {u.plural: u for u in rf.units}
    unit_of: dict[str, tuple[str, int]] = {}
    infos: dict[str, UnitInfo] = {}
    for u in rf.units:
        if u.cancels is None:
            neg = next(((x.singular, x.plural) for x in rf.units if x.cancels and
                        by_word[x.cancels.text] is u), None)
            floor = number(u.floor, options) if u.floor is not None else None
            infos[u.plural] = UnitInfo(u.singular, u.plural, neg, floor)
    for u in rf.units:
        base, sign = (by_word[u.cancels.text].plural, -1) if u.cancels else (u.plural, 1)
        unit_of[u.singular] = unit_of[u.plural] = (base, sign)
    return infos, unit_of


def role_index(word: str) -> int:
    """The role a setting's word names (`bidder`, `highest bidder`), or -1 (a seat word)."""
    name = role_name(word)
    return ROLES[name].index if name is not None else -1


def roles_read(rf: m.RuleFile) -> frozenset[int]:
    """The roles a file names: in expressions, in `first lead:` and `next dealer:`, and
    as who chooses trump."""
    found = {role_index(w.text) for s in rf.settings for w in s.values}
    for x in m.walk(rf):
        if isinstance(x, m.Name):
            found.add(role_index(x.name))
        elif isinstance(x, m.RoleValue):
            found.add(role_index(x.role))
    if rf.trump.kind == "bidder_chooses":
        found.add(BIDDER)
    return frozenset(found - {-1})


def roles_made(rf: m.RuleFile, mechanisms: tuple[Mechanism, ...] = ()) -> frozenset[int]:
    """The roles a file's mechanisms give: trump chosen (and pushed), and those a
    mechanism the file uses gives (`Checks.gives`)."""
    made = {ROLES[name].index for x in mechanisms if x.checks.gives and x.checks.gives.held(rf)
            for name in x.checks.gives.roles}
    way = trump_way(mechanisms, rf.trump.kind)
    if rf.trump.kind in ("forehand_chooses", "bidder_chooses") or (way and way.chosen):
        made.add(CHOOSER)
    if rf.trump.pushes:
        made.add(PUSHER)
    return frozenset(made)


def compile_rules(
    rf: m.RuleFile, chosen: dict[str, int | str] | None = None,
    mechanisms: tuple[Mechanism, ...] | None = None,
) -> CompiledRules:
    """The engine's rules for a checked file under the chosen options; `mechanisms` (the
    installed list by default) compile their own settings into `configs`."""
    options = resolve_options(rf, chosen)
    mechanisms = installed() if mechanisms is None else mechanisms
    configs = {x.name: config for x in mechanisms if x.runtime.compile is not None
               and (config := x.runtime.compile(rf, options)) is not None}
    players = number(rf.players, options)
    team_of = tuple(s % 2 for s in range(players)) if rf.teams else tuple(range(players))
    pack = file_pack(rf)
    cards_each = number(rf.deal.each, options) if rf.deal.each else pack_size(pack) // players
    units, unit_of = compile_units(rf, options)
    main_unit = unit_of[rf.units[0].plural][0]
    compiler = Compiler(rf, options, unit_of,
                        by_side=any(x.runtime.partners and x.name in configs for x in mechanisms))
    late = {x.name: config for x in mechanisms if x.runtime.compile_conditions is not None
            and (config := x.runtime.compile_conditions(rf, options, compiler)) is not None}
    configs = {x.name: found for x in mechanisms
               if (found := configs.get(x.name, late.get(x.name))) is not None}
    follow = settings.words(rf, "follow")
    t = rf.trump
    numbers = mode_numbers(rf)
    choices: list[int] = []
    if (way := trump_way(mechanisms, t.kind)) is not None and way.choices is not None:
        choices = list(way.choices(configs.get(t.kind)))
    else:
        for w in t.modes:
            choices.extend(mode_words(w.text, numbers))
    bonuses = {b.name.text: number(b.points, options) for b in rf.bonuses
               if b.only_if is None or options.get(b.only_if.text) == "yes"}
    end = rf.end
    used = names_used(rf)  # the facts the file reads, to skip work it never asks for
    count_order = tuple(w.text for w in rf.count_first.facts) if rf.count_first else ()
    adds = additions(rf, unit_of, main_unit, read_as(count_order)) if count_order else {}
    return CompiledRules(
        model=rf,
        options=options,
        players=players,
        team_of=team_of,
        subjects=2 if rf.teams else players,
        cards_each=cards_each,
        packet=number(rf.deal.packet, options),
        modes=in_pack(build_modes(rf.model_copy(update={"points": chosen_points(rf, options)})),
                      pack),
        play=PlayRules(
            trump_while_following="trump" in follow,
            strict=settings.word(rf, "undertrump") == "strict",
            puur_exempt=settings.word(rf, "puur") == "exempt",
        ),
        trump_kind=t.kind,
        trump_choices=tuple(choices),
        push=t.push,
        fallback=numbers[t.fallback.text] if t.fallback else None,
        last_bonus=bonuses.get("last-trick", 0),
        match_bonus=bonuses.get("match", 0),
        declarations=tuple(declaring(d, options, compiler) for d in rf.declarations
                           if declared_under(d, options)),
        units=units,
        unit_of=unit_of,
        main_unit=main_unit,
        clauses=compile_clauses(rf, compiler, main_unit),
        end_hands=number(end.hands, options) if end.hands is not None else None,
        end_when=compiler.expr(end.when) if end.when is not None else None,
        winner_unit=unit_of[rf.winner.unit.text],
        winner_most=rf.winner.direction == "most",
        winner_first_out=rf.winner.first_out,
        first_dealer_lot=settings.word(rf, "first dealer") == "lot",
        invariants=tuple((inv.id, compiler.expr(inv.expr)) for inv in rf.invariants),
        stoeck_bonus=bonuses.get("stoeck", 0),
        lead_role=role_index(settings.word(rf, "first lead")),
        dealer_role=role_index(settings.word(rf, "next dealer")),
        roles_read=roles_read(rf.model_copy(update={"declarations": tuple(
            d for d in rf.declarations if declared_under(d, options))})),
        roles_made=roles_made(rf, mechanisms),
        piles=tuple((p.name, number(p.size, options) if p.size is not None else None)
                    for p in rf.piles),
        own_piles=frozenset(p.name for p in rf.piles if p.each),
        turned_piles=tuple(w.text for w in t.piles),
        show_pile=rf.show.text if rf.show else None,
        pack=pack,
        packets=tuple(number(v, options) for v in rf.deal.packets),
        reads_in_play="points-in-play" in used,
        count_first=count_order,
        end_gate=end_gate(end.when, unit_of, options),
        count_adds=adds,
        count_scales={cid: tuple(None if x is None or compiler.constant(x) == 1
                                 else compiler.expr(x) for x in per)
                      for cid, per in scales(rf, adds).items()},
        mode_schedule=ModeSchedule.of(rf),
        push_next=t.push_next,
        mechanisms=mechanisms,
        configs=configs,
    )


def in_pack(modes: dict[int, ModeTable], pack: int) -> dict[int, ModeTable]:
    """The mode tables with a card outside the pack worth nothing and the pack noted: it
    is never dealt, so what the tables sum (a hand's worth, the bots' shares) and the
    cards the bots count as still out are the pack's."""
    if pack == FULL_PACK:
        return modes
    return {k: replace(t, points=tuple(p if pack >> c & 1 else 0
                                       for c, p in enumerate(t.points)), pack=pack, cache={})
            for k, t in modes.items()}


def mode_words(text: str, numbers: dict[str, int]) -> tuple[int, ...]:
    """The mode numbers a word names: `suits` the four suits, else the one mode (a base
    mode, or one the file defines)."""
    return tuple(range(4)) if text == "suits" else (numbers[text],)
