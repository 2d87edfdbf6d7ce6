"""Modes and trump: a file's own modes built from base modes, how trump is chosen, and the tables each mode needs."""

from __future__ import annotations

from jassdsl.core import model as m
from jassdsl.core.cards import CARD_NAMES
from jassdsl.core.modes import SUIT_WORDS
from jassdsl.core.settings import DECK
from jassdsl.language.checking.base import (
    BASE_PARTS,
    TRUMP_MODES,
    card_points,
    mode_hint,
    points_case,
)
from jassdsl.language.checking.pack import PackChecks


class ModeChecks(PackChecks):
    """Modes and trump: the checks of one concern, on the chain of jassdsl/language/check.py."""

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
