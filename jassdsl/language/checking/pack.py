"""The pack, the deal and the card tables: cards taken out, a deal that adds up, rank orders and card points that total a hand."""

from __future__ import annotations

from jassdsl.core import model as m
from jassdsl.core.cards import CARD_CLASSES, RANK_MASKS, RANKS, SUIT_MASKS
from jassdsl.core.errors import did_you_mean
from jassdsl.core.pack import FULL_PACK, pack_mask, pack_size
from jassdsl.core.settings import get
from jassdsl.language.checking.base import (
    BONUSES,
    HAND_TOTAL,
    MAX_POINTS,
    TABLES,
    compatible,
    pack_words,
    packets_text,
    points_case,
)
from jassdsl.language.checking.roles import RoleChecks


class PackChecks(RoleChecks):
    """The pack, the deal and the card tables: the checks of one concern, on the chain of jassdsl/language/check.py."""

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
        if rf.seating == "across" and any(n != 4 for n in counts):
            self.error(rf.players.pos, "teams", "teams across need exactly 4 players")
        odd = [n for n in counts if n % 2 or n < 4]
        if rf.seating == "alternating" and odd:
            self.error(rf.players.pos, "teams", "alternating teams need an even number of "
                       f"players, 4 or more, not {odd[0]}")
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
                    self.error(rf.deal.pos, "deal", f"{deck} cards do not split evenly among {n} "
                               f"players ({deck % n} left over): take cards out with 'pack: "
                               "without ...', or deal N each with a pile for the rest")
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
