"""Build the rule model from parsed statements and check its meaning, collecting every error."""

from __future__ import annotations

import gc
from collections import OrderedDict
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

from pydantic import ValidationError

from jassdsl.core import model as m
from jassdsl.core.cards import CARD_CLASSES, CARD_NAMES, RANK_MASKS, RANKS, SUIT_MASKS, SUITS
from jassdsl.core.count_order import TRICKS, additions, read_as
from jassdsl.core.errors import RuleError, RuleFileErrors, did_you_mean, listing
from jassdsl.core.german import german_noun
from jassdsl.core.limits import MAX_DEPTH, MAX_RANGES, MAX_SIZE, MAX_SYNTAX_ERRORS
from jassdsl.core.mechanism import (
    Mechanism,
    TrumpWay,
    action_kinds,
    empties_seats,
    giver,
    installed,
    kept_names_of,
    trump_way,
)
from jassdsl.core.model import walk
from jassdsl.core.modes import SUIT_WORDS
from jassdsl.core.nesting import Nesting
from jassdsl.core.options import declared_under
from jassdsl.core.pack import FULL_PACK, pack_mask, pack_size
from jassdsl.core.pack import hand_worth as pack_worth
from jassdsl.core.pos import FILE_START
from jassdsl.core.roles import CHOOSERS, NEEDS, ROLE_LIST, ROLES, Role, role_name
from jassdsl.core.settings import DECK, get
from jassdsl.language import count_known, empty_piles, quantifier_scope, standard, team_sums
from jassdsl.language.facts import FACTS
from jassdsl.language.syntax import Skipped, parse_file

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
# A mechanism says so of its own statements (`Mechanism.self_contained`).
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
BEFORE_PLAY_FACTS = frozenset({"hand", "players", "multiplier"})
AFTER_PLAY_CALLS = frozenset({"won", "trick", "change"})


class Checker:
    """Collects errors for one file; each check adds to the list and never stops early."""

    def __init__(self, path: str, text: str,
                 mechanisms: Sequence[Mechanism] | None = None) -> None:
        self.path, self.text = path, text
        self.mechanisms = tuple(installed() if mechanisms is None else mechanisms)
        self.once_names = ONCE | {t: name for x in self.mechanisms
                                  for t, name in x.statements.items()}
        self.self_contained = SELF_CONTAINED | {w for x in self.mechanisms if x.self_contained
                                                for w in x.first_words}
        self.errors: list[RuleError] = []
        self.notes: list[str] = []
        self.kept_names: frozenset[str] = frozenset()  # numbers kept across hands
        self.pack = FULL_PACK  # the cards of the pack (`check_pack`)
        self.rf: m.RuleFile | None = None

    def error(self, pos: m.Pos, kind: str, message: str) -> None:
        self.errors.append(RuleError(self.path, pos, kind, message))

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
        self.walked: set[tuple[str, bool, bool]] = set()  # lets checked, in which context
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
        self.roles_off: dict[str, list[dict[str, str]]] = {}  # role_switched_off, once each
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
            if mechanism.check is not None:
                mechanism.check(self, rf)
        self.check_german_names(rf)

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

    def check_pack(self, rf: m.RuleFile) -> int:
        """`pack: without sixes`: cards, ranks or suits of the 36, each a real one and
        named once, leaving a pack that still has cards; the pack's mask."""
        if rf.pack is None:
            return FULL_PACK
        seen: set[str] = set()
        for w in rf.pack.without:
            if w.text not in CARD_CLASSES:
                near = did_you_mean(w.text, CARD_CLASSES)
                self.error(w.pos, "card", f"{w.text!r} is not a card, a rank or a suit; "
                           f"{near}a pack is written without cards (D6), ranks (sixes) or "
                           "suits (spades)")
            elif w.text in seen:
                self.error(w.pos, "duplicate", f"{w.text!r} is taken out of the pack twice")
            seen.add(w.text)
        mask = pack_mask(w.text for w in rf.pack.without)
        if not mask:
            self.error(rf.pack.pos, "card", "the pack has no cards left")
        return mask or FULL_PACK

    def in_pack(self, w: m.Word | m.Name, name: str, mask: int) -> bool:
        """Whether a card, rank or suit the file names has a card in the pack; an error
        at the name where it has none (a rule on it could never apply)."""
        if mask & self.pack or not mask:
            return True
        self.error(w.pos, "card", f"{name!r} names no card of the pack: the file plays "
                   f"{pack_size(self.pack)} cards, without {pack_words(self.rf)}")
        return False

    def four_in_pack(self, w: m.Word, rank: int) -> bool:
        """Whether the pack has all four cards of a rank (a Weis of four needs them)."""
        mask = RANK_MASKS[rank]
        if mask & self.pack == mask:
            return True
        self.error(w.pos, "card", f"four {w.text} needs the four cards of the rank, and the "
                   f"pack has {(mask & self.pack).bit_count()} of them: the file plays "
                   f"{pack_size(self.pack)} cards, without {pack_words(self.rf)}")
        return False

    def longest_suit(self) -> int:
        """The most cards one suit has in the pack (a Weis sequence is at most as long)."""
        return max((self.pack & s).bit_count() for s in SUIT_MASKS)

    def check_table(self, rf: m.RuleFile) -> None:
        # a count out of range is reported once; the checks that build on it skip it
        deck = pack_size(self.pack)
        players = get("players")
        counts = [n for n in self.number(rf.players, "players", "the number of players")
                  if players.low <= n <= players.high]
        if rf.teams and any(n != 4 for n in counts):
            self.error(rf.players.pos, "teams", "teams across need exactly 4 players")
        # a count or size below 1 is reported above; dividing by it would stop the check
        sizes = [[p for p in self.number(v, "packet", "the packet size") if p > 0]
                 for v in rf.deal.packets]
        rounds: set[int] = {0} if all(sizes) else set()  # the cards one round can give
        for choices in sizes:
            rounds = {r + p for r in rounds for p in choices}
        for n in [c for c in counts if c > 0]:
            each = self.number(rf.deal.each, "cards each", "cards each") if rf.deal.each \
                else [deck // n]
            for e in each:
                if e * n > deck:
                    self.error(rf.deal.pos, "deal", f"{n} players with {e} cards each need "
                               f"{e * n} cards; the deck has {deck}")
                if rf.deal.each is None and deck % n:
                    self.error(rf.deal.pos, "deal", f"{deck} cards do not split evenly among {n}")
                for p in sorted(rounds):
                    if e % p and not rf.deal.more:
                        self.error(rf.deal.packet.pos, "deal",
                                   f"{e} cards each cannot be dealt in packets of {p}")
                    elif e % p:
                        self.error(rf.deal.packet.pos, "deal",
                                   f"{e} cards each cannot be dealt in packets of "
                                   f"{packets_text(rf.deal)}: the packets of one round "
                                   f"give {p} cards, and a hand is whole rounds")

    def check_cards(self, rf: m.RuleFile) -> None:
        for r in rf.ranks:
            if r.table.text in self.file_modes:
                self.error(r.table.pos, "tables", f"{r.table.text!r} is a mode the file "
                           "defines: each trick takes the rank order of the base mode its "
                           f"schedule names; write 'ranks' only for {', '.join(TABLES)}")
            elif r.table.text not in TABLES:
                self.error(r.table.pos, "unknown-name", f"no rank table {r.table.text!r}; "
                           f"{did_you_mean(r.table.text, TABLES)}tables are {', '.join(TABLES)}")
            seen = [w.text for w in r.ranks]
            for w in r.ranks:
                if w.text not in RANKS:
                    self.not_a_rank(w)
            if sorted(seen) != sorted(RANKS) and all(w in RANKS for w in seen):
                missing = [r_ for r_ in RANKS if r_ not in seen]
                self.error(r.pos, "card", "a rank order must list each of the nine ranks "
                           f"once (missing: {' '.join(missing) or 'none'}; listed "
                           f"{len(seen)})")
        sums: dict[str, list[tuple[m.Points, int]]] = {}
        for p in rf.points:
            if p.table.text not in TABLES and p.table.text not in self.file_modes:
                known = [*TABLES, *self.file_modes]
                self.error(p.table.pos, "unknown-name", f"no point table {p.table.text!r}; "
                           f"{did_you_mean(p.table.text, known)}tables are {', '.join(known)} "
                           "(a mode the file defines may have one)")
            self.check_points_condition(p, rf)
            total = 0
            for w, v in p.values:
                if w.text not in RANKS:
                    self.not_a_rank(w)
                total += v
            sums.setdefault(p.table.text, []).append((p, total))
        bonuses = {b.name.text: b.points.number or 0 for b in rf.bonuses}
        for b in rf.bonuses:
            self.value(b.points, 0, MAX_POINTS, f"the {b.name.text} bonus")
            if b.name.text == "last-trick" and b.points.option is not None:
                self.error(b.points.pos, "option", "the last-trick bonus belongs to the "
                           f"{HAND_TOTAL} points of a hand; give it as a number")
            if b.name.text not in BONUSES:
                self.error(b.name.pos, "unknown-name", f"no bonus {b.name.text!r}; "
                           f"{did_you_mean(b.name.text, BONUSES)}bonuses are "
                           f"{', '.join(BONUSES)}")
            if b.only_if is not None:
                self.word_option(b.only_if, {"yes", "no"})
                if b.name.text == "last-trick":
                    self.error(b.only_if.pos, "option", "the last-trick bonus belongs to the "
                               f"{HAND_TOTAL} points of a hand; it cannot depend on an option")
        if any(b.name.text == "last-trick" and b.points.option for b in rf.bonuses):
            return  # reported above: the totals cannot be added up
        last = bonuses.get("last-trick", 0)
        for trump, t_sum in sums.get("trump", []):
            for side, s_sum in sums.get("side", []):
                total = t_sum + 3 * s_sum + last
                if total != HAND_TOTAL and compatible(trump, side):
                    self.error(trump.pos, "points", f"a trump hand totals {total} "
                               f"points (trump table + 3 side tables + last trick); it must be "
                               f"{HAND_TOTAL}")
        for t in ("obenabe", "undenufe", *self.file_modes):
            for p, total in sums.get(t, []):
                if 4 * total + last != HAND_TOTAL:
                    hand = f"an {t} hand" if t in TABLES else f"a hand in {t}"
                    self.error(p.pos, "points", f"{hand} totals {4 * total + last} points; "
                               f"it must be {HAND_TOTAL}")

    def not_a_rank(self, w: m.Word) -> None:
        self.error(w.pos, "card", f"{w.text!r} is not a rank; {did_you_mean(w.text, RANKS)}"
                   f"ranks are {' '.join(RANKS)}")

    def check_points_condition(self, p: m.Points, rf: m.RuleFile) -> None:
        """`card points T if OPTION = CHOICE`: a known option and choice, a plain table
        beside it for the other choices, and no second table for the same case."""
        same = [q for q in rf.points if q.table.text == p.table.text and q is not p
                and points_case(q) == points_case(p)]
        if same and rf.points.index(same[0]) < rf.points.index(p):
            self.error(p.pos, "duplicate", f"a second 'card points {p.table.text}' table for "
                       f"the same case; the first is on line {same[0].pos.line}")
        if p.option is None or p.choice is None or not self.option_choice(p.option, p.choice):
            return
        if not any(q.table.text == p.table.text and q.option is None for q in rf.points):
            self.error(p.pos, "tables", f"'card points {p.table.text} if ...' needs a plain "
                       f"'card points {p.table.text}:' table for the other choices")

    def check_modes(self, rf: m.RuleFile) -> None:
        """`mode NAME: ...`: a new name, built from base modes with their tables, lasting
        at least one trick each, with card points that are well defined: its own
        `card points NAME` table, or parts whose tables give every card the same points."""
        seen: dict[str, m.ModeDef] = {}
        for d in rf.modes:
            if d.name in TRUMP_MODES or d.name in SUIT_WORDS or d.name == "none":
                self.error(d.pos, "duplicate", f"{d.name!r} is a base mode; give the mode a "
                           "name of its own, e.g. 'slalom'")
            elif d.name in seen:
                self.error(d.pos, "duplicate", f"mode {d.name!r} is defined twice; the first "
                           f"is on line {seen[d.name].pos.line}")
            seen.setdefault(d.name, d)
            ok = True
            for w in d.parts:
                if w.text not in BASE_PARTS:
                    self.error(w.pos, "unknown-name", f"{w.text!r} cannot be part of a mode; "
                               f"a mode is played in {', '.join(BASE_PARTS)}")
                    ok = False
                else:
                    self.needs_tables(w.pos, w.text, rf)
            for n in d.counts:
                if not 1 <= n < DECK:
                    self.error(d.pos, "mode", f"a part lasts 1 to {DECK - 1} tricks, not {n}")
            if ok and not any(p.table.text == d.name for p in rf.points):
                self.agreeing_points(d, rf)

    def agreeing_points(self, d: m.ModeDef, rf: m.RuleFile) -> None:
        """Without its own table a mode counts its parts' card points, which must agree
        card by card (under the plain tables and under each option's tables)."""
        parts = list(dict.fromkeys(w.text for w in d.parts))
        cases: list[tuple[str, str] | None] = [None]
        for p in rf.points:
            case = points_case(p)
            if case is not None and case not in cases:
                cases.append(case)
        for case in cases:
            cards = [card_points(rf, part, case) for part in parts]
            if any(c is None for c in cards):
                return  # a missing table is reported by needs_tables
            first = cards[0]
            for part, other in zip(parts[1:], cards[1:], strict=True):
                assert first is not None and other is not None
                bad = next((c for c in range(DECK) if first[c] != other[c]), None)
                if bad is not None:
                    when = f" when {case[0]} = {case[1]}" if case else ""
                    self.error(d.pos, "points", f"mode {d.name!r}: {CARD_NAMES[bad]} counts "
                               f"{first[bad]} in {parts[0]} but {other[bad]} in {part}"
                               f"{when}; give the mode its own table 'card points "
                               f"{d.name}: ...'")
                    return

    def needs_tables(self, pos: m.Pos, mode: str, rf: m.RuleFile) -> None:
        if mode in self.file_modes:
            return  # its parts are checked where it is defined
        need = ("trump", "side") if mode in ("D", "H", "S", "C", "suits", "trump") else (mode,)
        have_r = {r.table.text for r in rf.ranks}
        have_p = {p.table.text for p in rf.points}
        for t in need:
            if t not in have_r or t not in have_p:
                self.error(pos, "tables", f"playing {mode} needs a 'ranks {t}:' and a "
                           f"'card points {t}:' table")

    def check_trump(self, rf: m.RuleFile) -> None:
        t = rf.trump
        way = self.trump_way(t.kind)
        if way is not None and way.own_modes:
            return  # its check reads the method's modes
        words = [*t.modes, *([t.fallback] if t.fallback else [])]
        for w in words:
            if w.text not in TRUMP_MODES and w.text not in self.file_modes:
                known = [*TRUMP_MODES, *self.file_modes]
                self.error(w.pos, "unknown-name", f"{w.text!r} is not a trump mode; "
                           f"{mode_hint(w.text, known)}modes are {', '.join(known)}")
            else:
                self.needs_tables(w.pos, w.text, rf)
        if t.kind in ("random_suit", "bottom_card", "turned"):
            self.needs_tables(t.pos, "trump", rf)
        if t.pushes and t.kind == "bidder_chooses":
            self.error(t.pos, "trump", "only forehand may push the choice of trump; the "
                       "highest bidder chooses it")
        elif t.push and not rf.teams and way is None:  # else its own
            self.error(t.pos, "teams", "pushing to the partner needs 'players 4 in teams "
                       "across'")
        # a word that is no mode at all is reported above, once
        if t.kind == "none" and t.fallback and t.fallback.text in TRUMP_MODES and \
                t.fallback.text not in ("obenabe", "undenufe"):
            self.error(t.fallback.pos, "trump", "a game without trump plays as obenabe or "
                       "undenufe (or a mode the file defines)")

    def one_modes(self) -> list[str]:
        """The words naming one mode to play: a suit, obenabe, undenufe, a file's mode."""
        return [*(x for x in TRUMP_MODES if x != "suits"), *self.file_modes]

    def one_mode(self, w: m.Word, rf: m.RuleFile, what: str) -> None:
        """A word that names one mode to play (a suit, obenabe, undenufe, a file's mode)."""
        known = self.one_modes()
        if w.text not in known:
            self.error(w.pos, "unknown-name", f"{what}: {w.text!r} is not one mode; "
                       f"{mode_hint(w.text, known)}modes are {', '.join(known)}")
        else:
            self.needs_tables(w.pos, w.text, rf)

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

    def check_scoring(self, rf: m.RuleFile) -> None:
        ids: dict[str, int] = {}
        after_otherwise: m.Clause | None = None
        n_players = self.players_choices(rf.players)
        subjects = max(n_players or [4]) if not rf.teams else 2
        for c in rf.clauses:
            if c.id in ids:
                self.error(c.pos, "duplicate", f"clause id {c.id!r} is used twice (first on "
                           f"line {ids[c.id]})")
            ids[c.id] = c.pos.line
            if after_otherwise is not None:
                self.error(c.pos, "unreachable", f"clause {c.id!r} can never apply: "
                           f"'{after_otherwise.id}' before it applies always")
            if c.condition is None:
                after_otherwise = c
                binds = False
            else:
                self.top(c.condition, subject=False)
                binds = any(isinstance(q, m.Quant) for q in walk(c.condition))
                for q in walk(c.condition):
                    if isinstance(q, m.Quant) and q.quantifier == "count" and q.count and \
                            q.count > subjects:
                        self.error(q.pos, "unreachable", f"clause {c.id!r} can never apply: "
                                   f"there are only {subjects} {q.subject}s")
                    if isinstance(q, m.Quant):
                        self.subject_kind(q.pos, q.subject)
            for a in c.awards:
                self.target(a.target, binds)
                self.top(a.amount, subject=True)
                if a.unit is not None:
                    self.unit_word(a.unit)

    def subject_kind(self, pos: m.Pos, kind: str | None) -> None:
        if kind == "team" and not self.teams:
            self.error(pos, "teams", "this variant has no teams; say 'player'")
        if kind == "player" and self.teams:
            self.error(pos, "teams", "this variant scores by team; say 'team'")

    def target(self, t: m.Target, binds: bool) -> None:
        if t.kind == "bound" and not binds:
            self.error(t.pos, "unbound", "'that player' / 'those players' needs a condition "
                       "such as 'when one player has ...' that names them")
        if t.subject:
            self.subject_kind(t.pos, t.subject)
        if t.filter is not None:
            self.top(t.filter, subject=True)
        if t.inner is not None:
            self.target(t.inner, binds)

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

    def trump_way(self, kind: str) -> TrumpWay | None:
        """The trump method of this kind a mechanism adds (None: the base grammar's)."""
        return trump_way(self.mechanisms, kind)

    # -- roles (jassdsl/core/roles.py)
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

    def check_german_names(self, rf: m.RuleFile) -> None:
        """A German word is given once, for a name the file itself gives; a declaration's
        word is a noun with its article (the gender makes "seinen Konter", "ihre Ansage"),
        and only a declaration's word has a plural."""
        declared = {d.name for d in rf.declarations}
        own = {p.name for p in rf.piles} | {n for x in self.mechanisms if x.names
                                            for n in x.names(rf)} | \
            {lt.name for lt in rf.lets} | {w.text for d in rf.declarations for w, _ in d.named} | \
            {c.option for o in rf.options for c in o.choices if c.option is not None} | declared | \
            {o.name for o in rf.options} | {c.id for c in rf.clauses} | \
            {i.id for i in rf.invariants}
        seen: set[str] = set()
        for n in rf.german_names:
            if n.name in seen:
                self.error(n.pos, "duplicate", f"{n.name!r} has a second German word")
            seen.add(n.name)
            if n.name not in own:
                self.error(n.pos, "unknown-name", f"no pile, Weis table, option, option "
                           f"value, clause, invariant, declaration, named value or let named "
                           f"{n.name!r}; "
                           f"{did_you_mean(n.name, own)}names of this file: "
                           f"{', '.join(sorted(own)) or 'none'}")
            if not n.german.strip():
                self.error(n.pos, "german", f"the German word for {n.name!r} is empty")
            elif n.name in declared and german_noun(n.german) is None:
                self.error(n.pos, "german", f"{n.name!r} is a declaration: give its German "
                           f"noun with the article, as \"der Konter\", \"die Ansage\" or "
                           f"\"das Gebot\" (not {n.german!r})")
            if n.plural and n.name not in declared:
                self.error(n.pos, "german", f"only a declaration's German word has a plural; "
                           f"{n.name!r} is no declaration")
            elif n.plural and not n.plural.strip():
                self.error(n.pos, "german", f"the German plural for {n.name!r} is empty")

    def table_pile(self, rf: m.RuleFile, w: m.Word) -> bool:
        """Whether a word names a pile of the table (one laid once, not for each player);
        an error where it does not."""
        names = {p.name for p in rf.piles}
        if w.text not in names:
            self.error(w.pos, "unknown-name", f"no pile {w.text!r}; "
                       f"{did_you_mean(w.text, names)}piles: "
                       f"{', '.join(sorted(names)) or 'none (write pile NAME: 9 cards)'}")
            return False
        if any(p.each for p in rf.piles if p.name == w.text):
            self.error(w.pos, "pile", f"{w.text!r} is one pile per player; name a pile "
                       "of the table here")
            return False
        return True

    def check_piles(self, rf: m.RuleFile) -> None:
        """Piles are named once; whatever names a pile names one of them."""
        names: set[str] = set()
        pile = get("pile")
        for p in rf.piles:
            if p.name in names:
                self.error(p.pos, "duplicate", f"pile {p.name!r} is defined twice")
            names.add(p.name)
            if p.size is not None:
                self.value(p.size, pile.low, pile.high, "the cards of a pile")
        for w in [*rf.trump.piles, *([rf.show] if rf.show else [])]:
            self.table_pile(rf, w)
        if rf.winner.first_out and not empties_seats(self.mechanisms, rf.parts):
            self.error(rf.winner.pos, "missing", "nobody leaves the table: add 'players leave "
                       "the table when CONDITION' or write 'winner: most UNIT'")

    def check_swap(self, rf: m.RuleFile, swap: m.Word) -> None:
        """`swap hand for PILE`: whoever takes the pile plays it as their hand, so the pile
        holds as many cards as a hand (or none, and then nobody can take it), at every
        number of players at the table and under every choice of the options involved."""
        values = [rf.players, *([rf.deal.each] if rf.deal.each else []),
                  *(p.size for p in rf.piles if p.size is not None)]
        named = list(dict.fromkeys(v.option for v in values if v.option is not None))
        if any(name not in self.options or any(c.number is None for c in
                                                self.options[name].choices) for name in named):
            return  # reported where the value names it
        for chosen in choices_of([self.options[name] for name in named]):
            def number(v: m.Value, chosen: dict[str, str] = chosen) -> int:
                return int(chosen[v.option]) if v.option is not None else v.number or 0

            most = min(number(rf.players), get("players").high)
            fewest = 2 if empties_seats(self.mechanisms, rf.parts) else most
            for n in range(fewest, most + 1):
                deck = pack_size(self.pack)
                each = number(rf.deal.each) if rf.deal.each is not None else deck // max(n, 1)
                left = deck - n * each
                if n < 1 or each < 1 or left < 0:
                    continue  # reported by check_table
                held, short = 0, False  # short: fewer cards are left than the pile asks
                for p in rf.piles:
                    asked = left if p.size is None else max(number(p.size), 0) * \
                        (n if p.each else 1)
                    if p.name == swap.text:
                        held, short = min(left, asked), asked > left or p.size is None
                        break
                    left -= min(left, asked)
                if held and held != each:
                    case = [f"{n} players", f"{each} cards each",
                            *(f"{k} = {v}" for k, v in chosen.items()
                              if k != rf.players.option)]
                    when = ", ".join(case[:-1]) + " and " + case[-1]
                    fix = f"write 'pile {swap.text}: {each} cards'" \
                        if held > each or not short else \
                        "deal fewer cards each, or lay fewer cards in the piles before it"
                    self.error(swap.pos, "pile", f"a player who takes {swap.text!r} plays it "
                               f"as their hand, but with {when} it holds {held} cards, not a "
                               f"hand of {each}; {fix}")
                    return

    def check_invariants(self, rf: m.RuleFile) -> None:
        ids: set[str] = set()
        for inv in rf.invariants:
            if inv.id in ids:
                self.error(inv.pos, "duplicate", f"invariant id {inv.id!r} is used twice")
            ids.add(inv.id)
            self.after_scoring = True
            self.top(inv.expr, subject=False)
            self.after_scoring = False
        self.check_match_totals(rf)

    def check_match_totals(self, rf: m.RuleFile) -> None:
        """An invariant on what a hand is worth (`sum(points) = 157 or sum(points) = 257`)
        that holds for a hand but not for a match: with every card in play a hand is worth
        HAND_TOTAL, and a match that plus the match bonus; the bonus breaks the file's own
        invariant in the first match. Only invariants made of `sum(points)`, numbers,
        arithmetic, comparisons, `and`, `or` and `not` are read this way."""
        out_of_play = any(x.out_of_play and x.name in rf.parts for x in self.mechanisms)
        if rf.piles or out_of_play or rf.deal.each is not None:
            return  # cards out of play: a hand may be worth less, which play shows
        matches: list[tuple[int, m.Bonus]] = []
        for b in rf.bonuses:
            if b.name.text == "match":
                opt = self.options.get(b.points.option or "")
                numbers = [b.points.number] if b.points.number is not None else \
                    [c.number for c in opt.choices if c.number is not None] if opt else []
                matches += [(n, b) for n in numbers if n is not None and n > 0]
        totals = self.hand_totals(rf)
        for inv in rf.invariants:
            if any(hand_worth(inv.expr, t) is not True for t in totals):
                continue
            for bonus, b in matches:
                for worth in totals:
                    total = worth + bonus
                    if hand_worth(inv.expr, total) is False:
                        shown = f"{b.points.option} = {bonus}" if b.points.option else str(bonus)
                        self.error(b.points.pos, "invariant", f"the match bonus breaks invariant "
                                   f"{inv.id!r} (line {inv.pos.line}): a hand with a match is "
                                   f"worth {worth} + {shown} = {total} card points, which "
                                   "the invariant does not allow; give the bonus the invariant "
                                   f"expects, or allow {total} in the invariant")
                        break
                else:
                    continue
                break

    def hand_totals(self, rf: m.RuleFile) -> list[int]:
        """What a hand is worth: HAND_TOTAL with the 36 cards (the tables are checked to
        give it), else per base mode the points of the pack's cards and the last trick."""
        if self.pack == FULL_PACK:
            return [HAND_TOTAL]
        last = sum(b.points.number or 0 for b in rf.bonuses if b.name.text == "last-trick")
        found = [card_points(rf, mode, None) for mode in ("D", "obenabe", "undenufe")]
        return sorted({pack_worth(points, self.pack, last) for points in found
                       if points is not None}) or [HAND_TOTAL]

    def check_end(self, rf: m.RuleFile) -> None:
        if rf.end.hands is not None:
            self.number(rf.end.hands, "hands", "the number of hands")
        if rf.end.when is not None:
            self.after_scoring = True
            self.top(rf.end.when, subject=False)
            self.after_scoring = False
        if rf.count_first is not None:
            self.check_count_first(rf, rf.count_first)

    def check_count_first(self, rf: m.RuleFile, first: m.CountFirst) -> None:
        """`count first: stoeck, then weis, then tricks`: facts known before the tricks are
        over, each once, each one the file has, the tricks last and only where every rule
        adds the card points, and a game that ends on a condition."""
        if rf.end.when is None:
            self.error(first.pos, "missing", "'count first' needs 'game ends when ...': the "
                       "game can end in the middle of a hand only on a condition")
        has = {"stoeck": self.has_stoeck, "weis": self.has_weis, TRICKS: True}
        seen: set[str] = set()
        for w in first.facts:
            if w.text not in EARLY_FACTS:
                self.error(w.pos, "unknown-name", f"{w.text!r} is not known before the tricks "
                           f"are over; {did_you_mean(w.text, EARLY_FACTS)}'count first' may "
                           f"name {', '.join(EARLY_FACTS)}")
            elif w.text in seen:
                self.error(w.pos, "duplicate", f"{w.text!r} is counted first twice")
            elif not has[w.text]:
                need = "a Weis table (weis: TABLE)" if w.text == "weis" else "bonus stoeck N"
                self.error(w.pos, "unknown-name", f"{w.text!r} needs {need}")
            elif w.text == TRICKS and w is not first.facts[-1]:
                self.error(w.pos, "context", "'tricks' comes last in 'count first': the "
                           "tricks are counted one by one after everything else")
            seen.add(w.text)
        late = self.check_count_known(rf, [w.text for w in first.facts if w.text in seen])
        if TRICKS in seen and rf.units:
            self.tricks_added(rf, read_as(tuple(w.text for w in first.facts)), late)

    def check_count_known(self, rf: m.RuleFile, order: list[str]) -> set[str]:
        """With `count first`, which rule applies and what a fact counted first scores
        depend only on what is known before the first card (jassdsl/language/
        count_known.py); returns the ids of the rules reported."""
        reported: set[str] = set()
        words = ["the tricks one by one" if w == TRICKS else w for w in order] or ["them"]
        booked = ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]
        for late in count_known.late_reads(rf):
            if late.clause is not None:
                reported.add(late.clause.id)
            where = "the game's end" if late.clause is None else \
                f"which rule applies (rule {late.clause.id!r})" if not late.fact else \
                f"what {'the tricks bring' if late.fact == 'points' else late.fact + ' brings'}" \
                f" in rule {late.clause.id!r}"
            self.error(late.at.pos, "context", f"'{late.what}' is known only once the hand "
                       f"is played, but 'count first' books {booked} before the hand is over, so "
                       f"{where} cannot depend on it; ask it only of what is known before "
                       "the first card (options, declared values, the mode, the hand, the "
                       "totals), or leave out 'count first'")
        return reported

    def tricks_added(self, rf: m.RuleFile, facts: tuple[str, ...],
                     reported: Collection[str] = ()) -> None:
        """Counting the tricks one by one books each trick's card points as it is taken:
        every rule must add the card points (and the other facts counted first) to what
        every team or player scores."""
        units = {name: (u.plural, 1) for u in rf.units for name in (u.singular, u.plural)}
        try:
            plain = additions(rf, units, rf.units[0].plural, facts)
        except KeyError:  # an unknown unit: reported where it is named
            return
        for cl in rf.clauses:
            if cl.id not in plain and cl.id not in reported:  # reported: said already
                self.error(cl.pos, "context", f"rule {cl.id!r} does not just add the card "
                           "points and what is counted first, so 'count first: ... tricks' "
                           "cannot count them trick by trick; a rule must give every team "
                           "(or player) points + ..., times a factor fixed for the hand")

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


S = TypeVar("S", bound=m.Statement)


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
    own = [w for x in installed() if x.warnings is not None for w in x.warnings(rf, path)]
    found = own + team_sums.warnings(rf, path, frozenset(w.pos for w in own)) + \
        quantifier_scope.warnings(rf, path, text) + empty_piles.warnings(rf, path) + \
        empty_piles.set_aside(rf, path)
    return sorted(found, key=lambda w: (w.pos.line, w.pos.column))


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
