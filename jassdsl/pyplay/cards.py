"""The hand's cards as Python source written for one rule file (`card_loop`).

`Playout.generic_tricks` plays every covered file in one loop that asks, card by card,
what the file might do: a Weis question in any trick, a follow closure to call, a card
that may set trump, a seat list to walk. Here that loop is written out once per file
from its compiled data, with what the file does not use left out, and compiled:

* each seat's hand as four 9-bit suit masks (small ints are cheaper than 36-bit ones),
  a card picked as option j among the legal ones from a per-suit table instead of a
  walk over bits;
* the trick unrolled per leading seat for the file's number of players, so the seats of
  a trick are constants; the first trick (Weis questions) and the last one (one card a
  seat, nothing drawn) written apart from the others;
* the follow regime of each trick (`compile.play.follow_plain` or `_trump_rule`'s, read
  from its `regime`) written inline with its mode's trump suit, strictness and exempt
  Jack, one function per mode (`rest_M`), trick ranges per regime where a schedule
  changes it;
* a card that sets trump (the first void: tabulated from the phase, not assumed) ends
  the open loop in `switcher`'s function, which finishes that trick as the generic loop does and
  hands over to the new mode's function.

The draws are the generic loop's: a seat holding a Weis asked before its first card,
option ``bits(32) * c >> 32`` of the c legal cards in lowest-bit-first order, nothing
drawn for one. `tests/test_pyplay_cards.py` checks the two hand for hand. A file with
something else in play (another follow rule, another setter) gets None: the generic
loop plays it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from jassdsl.compile.play import PlayRules, follow_plain
from jassdsl.compile.weis import Weis, hand_weise
from jassdsl.core.tables import ModeTable
from jassdsl.engine.playout import pick

# the playout of `pyplay.hand` (not imported: it imports this module)
Playout = Any
# the cards each seat took, who took each trick, each trick's card points, the Weise said
# by each seat and the hand's mode (a card may have set it)
Tricks = tuple[list[int], list[int], list[int], list[tuple[Weis, ...]], int]

TricksFn = Callable[..., Tricks]

COUNT = tuple(m.bit_count() for m in range(512))
MASKS = tuple(range(512))  # one int object per 9-bit mask, shared by the tables below
# per suit and 9-bit mask: its cards lowest first, as (card, the mask without it): taking
# a card is one unpacking, and the mask left is an int made once, not one made per card
PICKS = tuple(tuple(tuple((9 * s + r, MASKS[m ^ 1 << r]) for r in range(9) if m >> r & 1)
                    for m in range(512)) for s in range(4))
# the same with the card's bit in place of the mask left: a card of the legal part of a
# suit's mask (trumps not under the one on top) taken from the whole mask
BITS = tuple(tuple(tuple((9 * s + r, MASKS[1 << r]) for r in range(9) if m >> r & 1)
                   for m in range(512)) for s in range(4))
# per suit and mask of one card: that card (the last trick)
ONLY = tuple(tuple(9 * s + m.bit_length() - 1 for m in range(512)) for s in range(4))
BIT = tuple(1 << c for c in range(36))
# the module's own tables and functions the source reads (`card_loop` binds them)
TABLES = ("C", "B", *(f"PK{s}" for s in range(4)), *(f"PB{s}" for s in range(4)),
          *(f"ONLY{s}" for s in range(4)),
          "hand_weise", "SWITCH")


@dataclass(frozen=True)
class Regime:
    """The follow regime of one trick as the source reads it: the shape (trump suit or
    -1, trumping while following, strict undertrumping) is written into the source, the
    tables per card on top of the trick (9-bit trump masks) are bound by name."""

    trump: int
    with_trumps: bool = False
    strict: bool = False
    keep: tuple[int, ...] = ()  # the trumps not below the card on top
    lower: tuple[int, ...] = ()  # the trumps below the card on top
    must: int = 0  # the trumps that oblige a follower to a trump lead (not a lone exempt Jack)


PLAIN = Regime(-1)


def regime_of(follow: Callable[[int, int, int], int]) -> Regime | None:
    """The regime of a follow function of `Play.plan`, or None if the source does not
    write it (neither `follow_plain` nor a `_trump_rule` closure)."""
    if follow is follow_plain:
        return PLAIN
    read = getattr(follow, "regime", None)
    if read is None:
        return None
    rules, table = read
    assert isinstance(rules, PlayRules) and isinstance(table, ModeTable)
    tr = table.trump
    shift = 9 * tr
    lower = tuple(table.lower_trumps[c] >> shift & 511 for c in range(36))
    exempt = table.puur >> shift & 511 if rules.puur_exempt else 0
    return Regime(tr, rules.trump_while_following, rules.strict,
                  tuple(511 ^ x for x in lower), lower, 511 ^ exempt)


class Source:
    """Lines of Python source and the objects they name. A trick's cards are c0 (the
    leader's), c1, ... in play order; their points and bits are summed at its end."""

    def __init__(self, players: int, cards: int, after: Sequence[tuple[int, ...]]) -> None:
        self.lines: list[str] = []
        self.names: dict[str, object] = {}
        self.n, self.T, self.after = players, cards, after
        self.hs = ", ".join(f"H{s}" for s in range(players))
        self.local = False  # the function is written per led suit, its masks in locals

    def __call__(self, depth: int, *lines: str) -> None:
        self.lines.extend("    " * depth + x for x in lines)

    def bind(self, prefix: str, value: object) -> str:
        """A name for a table: the same table (by value) has one name."""
        for name, v in self.names.items():
            if name.startswith(prefix) and v == value:
                return name
        name = f"{prefix}{sum(x.startswith(prefix) for x in self.names)}"
        self.names[name] = value
        return name

    def define(self, head: str, body: Callable[[], None], **aliases: str) -> None:
        """A def of the lines body writes, the tables they read bound as defaults (a
        local load is cheaper than a global one); aliases: a local name for a table."""
        outer, self.lines = self.lines, []
        body()
        inner, self.lines = self.lines, outer
        text = "\n".join(inner)
        words = set(re.findall(r"\w+", text))
        used = [x for x in (*TABLES, *self.names) if x in words and x not in aliases.values()]
        defaults = [*(f"{k}={v}" for k, v in aliases.items()), *(f"{x}={x}" for x in used)]
        self(0, f"def {head[:-1]}, {', '.join(defaults)}):")
        self.lines.extend(inner)

    # -- where a seat's suit masks are
    def mask(self, seat: int, suit: int | str) -> str:
        """A seat's mask of a suit: a local h{seat}_{suit} where the function is written
        per led suit (`local`), else an item of the seat's list H{seat}."""
        if self.local:
            assert isinstance(suit, int)
            return f"h{seat}_{suit}"
        return f"H{seat}[{suit}]"

    def held(self, d: int, seat: int, suit: int | str, temp: str) -> str:
        """A name holding a seat's mask of a suit (a list item loaded into temp)."""
        if self.local:
            return self.mask(seat, suit)
        self(d, f"{temp} = {self.mask(seat, suit)}")
        return temp

    # -- a card picked among legal ones
    def draw(self, d: int, count: str, least: int) -> None:
        """j: option j of count legal cards (nothing drawn for one)."""
        if least >= 2:
            self(d, f"j = bits(32) * {count} >> 32")
        else:
            self(d, f"j = bits(32) * {count} >> 32 if {count} > 1 else 0")

    def walk(self, d: int, legal: Callable[[int, int], str],
             leaf: Callable[[int, int, str], None]) -> None:
        """Option j among a hand's legal cards, suit by suit lowest first: legal(depth,
        suit) names the suit's legal cards, leaf(depth, suit, name) takes the card."""
        for s in range(3):
            m = legal(d, s)
            self(d, f"k = C[{m}]", "if j < k:")
            leaf(d + 1, s, m)
            self(d, "else:")
            d += 1
            self(d, "j -= k")
        leaf(d, 3, legal(d, 3))

    def any_card(self, d: int, seat: int, count: str, least: int, card: str,
                 then: Callable[[int, int], None] | None = None) -> None:
        """Any card of a seat holding count cards; then(depth, suit) follows in each
        suit's branch."""
        self.draw(d, count, least)

        def leaf(d: int, s: int, m: str) -> None:
            self(d, f"{card}, {self.mask(seat, s)} = PK{s}[{m}][j]")
            if then is not None:
                then(d, s)

        self.walk(d, lambda d, s: self.held(d, seat, s, "m"), leaf)

    def one_suit(self, d: int, seat: int, suit: int | str, m: str, card: str) -> None:
        """Any card of one suit (m names its mask, nonzero) of a seat."""
        table = f"PK{suit}" if isinstance(suit, int) else "PKL"
        self(d, f"k = C[{m}]",
             f"{card}, {self.mask(seat, suit)} = {table}[{m}][bits(32) * k >> 32 if k > 1 else 0]")

    # -- a trick
    def take(self, d: int, seat: int, top: bool, card: str) -> None:
        """A follower's card may take the trick (top: the card on top is read after)."""
        self(d, f"if row[{card}]:", f"    row, win = beats[{card}], {seat}")
        if top:
            self(d + 1, f"top = {card}")

    def suit_or_any(self, d: int, seat: int, suit: int | str, var: str, test: str,
                    count: str, least: int, card: str) -> None:
        """The cards of one suit where the seat holds them (and `test` holds of them),
        else any card."""
        held = self.held(d, seat, suit, var)
        self(d, f"if {held}{test}:")
        self.one_suit(d + 1, seat, suit, held, card)
        self(d, "else:")
        self.any_card(d + 1, seat, count, least, card)

    def follower(self, d: int, seat: int, r: Regime, led: int | str, led_trump: bool,
                 count: str, least: int, names: dict[str, str], card: str) -> None:
        """A follower's legal cards under regime r (the trick led in trump or not)."""
        if r.trump < 0:
            self.suit_or_any(d, seat, led, "f", "", count, least, card)
            return
        tr = r.trump
        if led_trump:  # a trump must follow a trump, but a lone exempt Jack need not
            self.suit_or_any(d, seat, tr, "tr", f" & {r.must}", count, least, card)
            return
        f = self.held(d, seat, led, "f")
        self(d, f"if {f}:")
        if r.with_trumps:  # follow suit or trump, not under the trump on top
            e = d + 1
            pk, at_led, at_tr = (f"PK{led}" if isinstance(led, int) else "PKL",
                                 self.mask(seat, led), self.mask(seat, tr))
            t = self.held(e, seat, tr, "tr")
            self(e, f"tt = {t} & {names['keep']}[top]", "if tt:")
            self(e + 1, f"kf = C[{f}]", "kt = C[tt]", "j = bits(32) * (kf + kt) >> 32")
            first_led = ["if j < kf:", f"    {card}, {at_led} = {pk}[{f}][j]",
                         "else:", f"    {card}, bit = PB{tr}[tt][j - kf]",
                         f"    {at_tr} = {t} ^ bit"]
            first_trump = ["if j < kt:", f"    {card}, bit = PB{tr}[tt][j]",
                           f"    {at_tr} = {t} ^ bit", "else:",
                           f"    {card}, {at_led} = {pk}[{f}][j - kt]"]
            below = led < tr if isinstance(led, int) else {0: False, 3: True}.get(tr)
            if below is None:
                self(e + 1, "if below:")
                self(e + 2, *first_led)
                self(e + 1, "else:")
                self(e + 2, *first_trump)
            else:  # the led suit's cards come before the trumps or after them
                self(e + 1, *(first_led if below else first_trump))
            self(e, "else:")
            self.one_suit(e + 1, seat, led, f, card)
        else:
            self.one_suit(d + 1, seat, led, f, card)
        self(d, "else:")
        e = d + 1
        if not r.strict:  # void: any card
            self.any_card(e, seat, count, least, card)
            return
        # void: no trump under the one on top, unless the hand holds only trumps
        t = self.held(e, seat, tr, "tr")
        self(e, f"lower = {t} & {names['lower']}[top]", f"if lower and C[{t}] != {count}:")
        self(e + 1, f"tt = {t} ^ lower", f"kl = {count} - C[lower]")
        self.draw(e + 1, "kl", 1)

        def leaf(d: int, s: int, m: str) -> None:
            if s == tr:
                self(d, f"{card}, bit = PB{s}[{m}][j]", f"{self.mask(seat, s)} = {t} ^ bit")
            else:
                self(d, f"{card}, {self.mask(seat, s)} = PK{s}[{m}][j]")

        self.walk(e + 1, lambda d, s: "tt" if s == tr else self.held(d, seat, s, "m"), leaf)
        self(e, "else:")
        self.any_card(e + 1, seat, count, least, card)

    def trick(self, d: int, leader: int, r: Regime, count: str, least: int,
              ask: bool = False, open_: bool = False) -> None:
        """One trick led by a seat (not the last): the leader's card, then each
        follower's; ask: each seat's Weis question before its card; open_: a void
        follower's card sets trump (`switch`). With `local`, the followers are written
        once per led suit, in the leader's branch of that suit."""
        followers = self.after[leader]
        names = {} if r.trump < 0 else {"keep": self.bind("KEEP", r.keep),
                                        "lower": self.bind("LOWER", r.lower)}
        tops = r.trump >= 0
        if ask:
            self.ask(d, leader)

        def body(d: int, led: int | str, led_trump: bool) -> None:
            for i, seat in enumerate(followers, 1):
                if ask:
                    self.ask(d, seat)
                if open_:
                    self.open_follower(d, leader, i, led, count, least)
                    continue
                self.follower(d, seat, r, led, led_trump, count, least, names, f"c{i}")
                self.take(d, seat, tops and i < len(followers), f"c{i}")

        def start(d: int) -> None:
            self(d, "row = beats[c0]", f"win = {leader}", *(["top = c0"] if tops else []))

        if self.local:
            def per_suit(d: int, s: int) -> None:
                start(d)
                body(d, s, s == r.trump)

            self.any_card(d, leader, count, least, "c0", per_suit)
            return

        def led_here(d: int, s: int) -> None:
            self(d, f"led = {s}", f"PKL = PK{s}")

        self.any_card(d, leader, count, least, "c0", led_here)
        start(d)
        if r.trump >= 0:
            self(d, f"if led == {r.trump}:")
            body(d + 1, "led", True)
            self(d, "else:")
            d += 1
            if r.with_trumps and 0 < r.trump < 3:
                self(d, f"below = led < {r.trump}")
        body(d, "led", False)

    def open_follower(self, d: int, leader: int, i: int, led: int | str, count: str,
                      least: int) -> None:
        """The i-th follower while trump is open (plain regime): a void one's card sets
        trump, and `switch` plays the rest of the hand."""
        seats = (leader, *self.after[leader])
        seat, card = seats[i], f"c{i}"
        f = self.held(d, seat, led, "f")
        self(d, f"if {f}:")
        self.one_suit(d + 1, seat, led, f, card)
        self.take(d + 1, seat, False, card)
        self(d, "else:")
        self.any_card(d + 1, seat, count, least, card)
        played = range(i + 1)
        seen = ", ".join(f"({s}, c{k})" for k, s in enumerate(seats[:i + 1]))
        self(d + 1, f"return SWITCH({card} // 9, t, {led}, ({seen},), {tuple(seats[i + 1:])!r}, "
             f"{' + '.join(f'P[c{k}]' for k in played)}, "
             f"{' + '.join(f'B[c{k}]' for k in played)}, ({self.lists()}), bits, won, "
             "winners, per, said)")

    def lists(self) -> str:
        """The seats' suit masks as lists (as `switch` and `rest_M` take them)."""
        if not self.local:
            return f"{self.hs},"
        return ", ".join(f"[{', '.join(self.mask(seat, s) for s in range(4))}]"
                         for seat in range(self.n)) + ","

    def last(self, d: int, leader: int) -> None:
        """The last trick: each seat holds one card, nothing is drawn."""
        for i, seat in enumerate((leader, *self.after[leader])):
            card, e = f"c{i}", d
            for s in range(3):
                m = self.held(e, seat, s, "m")
                self(e, f"if {m}:", f"    {card} = ONLY{s}[{m}]", "else:")
                e += 1
            self(e, f"{card} = ONLY3[{self.held(e, seat, 3, 'm')}]")
            if i == 0:
                self(d, "row = beats[c0]", f"win = {seat}")
            else:
                self.take(d, seat, False, card)

    def ask(self, d: int, seat: int) -> None:
        """A seat holding a Weis is asked before its first card (yes: option 0)."""
        self(d, f"if offer[{seat}] and not bits(32) >> 31:",
             f"    said[{seat}] = hand_weise(start[{seat}], table, mode)")

    def by_leader(self, d: int, body: Callable[[int, int], None]) -> None:
        """The trick's code once per leading seat."""
        for leader in range(self.n):
            if leader < self.n - 1:
                self(d, f"{'if' if leader == 0 else 'elif'} leader == {leader}:")
            else:
                self(d, "else:")
            body(d + 1, leader)

    def close_trick(self, d: int) -> None:
        """The trick's cards to its winner (cards are distinct: a sum is their union)."""
        cards = range(self.n)
        self(d, f"won[win] += {' + '.join(f'B[c{i}]' for i in cards)}", "winners.append(win)",
             f"per.append({' + '.join(f'P[c{i}]' for i in cards)})", "leader = win")

    def begin(self, asks: str) -> None:
        """A hand's entry: the hands as suit masks, the lists it returns; where the file
        has Weis (`asks`: the mode's tag), whether each seat holds one, unless given
        (`Playout.holds` of the mode: a run the table counts in a suit, or a four)."""
        for s in range(self.n):
            masks = "h & 511, h >> 9 & 511, h >> 18 & 511, h >> 27"
            if self.local:
                self(1, f"h = hands[{s}]",
                     f"{', '.join(self.mask(s, x) for x in range(4))} = {masks}")
            else:
                self(1, f"h = hands[{s}]", f"H{s} = [{masks}]")
        self(1, f"won = [0] * {self.n}", "winners = []", "per = []", f"said = [()] * {self.n}")
        if asks:
            runs, fours = f"RUNS_{asks}", f"FOURS_{asks}"
            held = [" or ".join([*(f"{runs}[{self.mask(s, x)}]" for x in range(4)),
                                 " & ".join([*(self.mask(s, x) for x in range(4)), fours])])
                    for s in range(self.n)]
            self(1, "if offer is None:", f"    offer = ({', '.join(held)},)")


def runs(regimes: Sequence[Regime], start: int, stop: int) -> list[tuple[int, int]]:
    """The tricks start..stop-1 as ranges of one regime."""
    out: list[tuple[int, int]] = []
    for k in range(start, stop):
        if out and regimes[out[-1][0]] == regimes[k]:
            out[-1] = (out[-1][0], k + 1)
        else:
            out.append((k, k + 1))
    return out


def write(playout: Playout) -> tuple[str, dict[str, object]] | None:
    """The source of the file's card loop and the objects it names, or None."""
    r = playout.rules
    n, T = r.players, r.cards_each
    if T < 2:
        return None
    setter = playout.setter
    src = Source(n, T, playout.after)
    asks = playout.weis is not None
    entries: dict[int, str] = {}
    rests: dict[int, str] = {}
    for mode, plan in playout.plans.items():
        tag = str(mode) if mode >= 0 else "x"
        regimes = [regime_of(follow) for follow, _ in plan[:T]]
        if any(x is None for x in regimes):
            return None
        rg: list[Regime] = [x for x in regimes if x is not None]
        src.names[f"BE_{tag}"] = tuple(beats for _, beats in plan[:T])
        src.names[f"P_{tag}"] = playout.trick_points[mode]
        if setter is not None and setter.trump_open(mode):
            if asks or not opens_on_void(playout, mode) or any(x != PLAIN for x in rg):
                return None
            entries[mode] = f"open_{tag}"
            src.define(f"open_{tag}(hands, leader, bits, offer, start, table, mode)",
                       lambda: open_entry(src, T), P=f"P_{tag}", BE=f"BE_{tag}")
            src(0, "")
            continue
        entries[mode] = f"entry_{tag}"
        rests[mode] = f"rest_{tag}"

        if asks:  # per suit mask: whether it holds a run the mode's table counts; the fours
            if mode not in playout.holds:
                return None
            src.names[f"RUNS_{tag}"], src.names[f"FOURS_{tag}"] = playout.holds[mode]

        def entry(tag: str = tag, r0: Regime = rg[0]) -> None:
            src.begin(tag if asks else "")
            src(1, "beats = BE[0]")
            src.by_leader(1, lambda d, leader: src.trick(d, leader, r0, str(T), T, asks))
            src.close_trick(1)
            src(1, f"return rest_{tag}({src.hs}, leader, bits, 1, won, winners, per, said)")

        src.define(f"entry_{tag}(hands, leader, bits, offer, start, table, mode)", entry,
                   P=f"P_{tag}", BE=f"BE_{tag}")
        src(0, "")
        src.define(f"rest_{tag}({src.hs}, leader, bits, t0, won, winners, per, said)",
                   partial(rest, src, mode, rg, T), P=f"P_{tag}", BE=f"BE_{tag}")
        src(0, "")
    src(0, "ENTRY = {" + ", ".join(f"{m}: {f}" for m, f in entries.items()) + "}",
        "REST = {" + ", ".join(f"{m}: {f}" for m, f in rests.items()) + "}", "",
        "def tricks(hands, leader, bits, offer, start, table, mode):",
        "    return ENTRY[mode](hands, leader, bits, offer, start, table, mode)")
    return "\n".join(src.lines) + "\n", src.names


def rest(src: Source, mode: int, rg: Sequence[Regime], T: int) -> None:
    """`rest_M`: tricks t0.. of a hand in mode M (from the second, or after trump set),
    each seat's suit masks in locals."""
    src.local = True
    for seat in range(src.n):
        src(1, f"{', '.join(src.mask(seat, s) for s in range(4))} = H{seat}")
    for a, b in runs(rg, 1, T - 1):
        src(1, f"for t in range(t0 if t0 > {a} else {a}, {b}):", f"    n = {T} - t",
            "    beats = BE[t]")
        src.by_leader(2, partial(middle, src, rg[a]))
        src.close_trick(2)
    src(1, f"if t0 < {T}:", f"    beats = BE[{T - 1}]")
    src.by_leader(2, src.last)
    src.close_trick(2)
    src(1, f"return won, winners, per, said, {mode}")
    src.local = False


def middle(src: Source, r: Regime, d: int, leader: int) -> None:
    """A trick between the first and the last."""
    src.trick(d, leader, r, "n", 2)


def open_entry(src: Source, T: int) -> None:
    """`open_M`: a hand begun without trump, until a void follower's card sets it
    (each seat's suit masks in locals)."""
    src.local = True
    src.begin("")  # no Weis where a card sets trump (`write`)
    src(1, f"for t in range({T}):", f"    n = {T} - t", "    beats = BE[t]")
    src.by_leader(2, lambda d, leader: src.trick(d, leader, PLAIN, "n", 1, open_=True))
    src.close_trick(2)
    src(1, "return won, winners, per, said, mode")
    src.local = False


def opens_on_void(playout: Playout, mode: int) -> bool:
    """Whether the setter of a hand begun in mode sets trump exactly with the first card
    off the suit led, to that card's suit, for good (tabulated, not assumed)."""
    setter = playout.setter
    assert setter is not None
    for led in range(4):
        for card in range(36):
            if setter.sets_trump(mode, led, card) != (card // 9 != led):
                return False
    return all(m in playout.plans and not setter.trump_open(m) for m in range(4))


def switcher(playout: Playout, names: dict[str, Any]) -> Callable[..., Tricks]:
    """The hand-over after a card set trump, bound to the playout's tables and the generated functions."""
    plans, points = playout.plans, playout.trick_points

    def switch(mode: int, t: int, led: int, seen: tuple[tuple[int, int], ...],
               remain: tuple[int, ...], total: int, taken: int, hs: tuple[list[int], ...],
               bits: Callable[[int], int], won: list[int], winners: list[int],
               per: list[int], said: list[Any]) -> Tricks:
        """A card set trump: the trick so far decided again under the new order, its
        other followers played under the new regime (as the generic loop does), then
        the new mode's function from the next trick."""
        follow, beats = plans[mode][t]
        points_of = points[mode]
        win, top = seen[0]
        for s2, c2 in seen[1:]:
            if beats[top][c2]:
                win, top = s2, c2
        row = beats[top]
        for seat in remain:
            h = hs[seat]
            hand = h[0] | h[1] << 9 | h[2] << 18 | h[3] << 27
            card = pick(bits, follow(hand, led, top))
            h[card // 9] ^= 1 << card % 9
            taken |= 1 << card
            total += points_of[card]
            if row[card]:
                top, win, row = card, seat, beats[card]
        won[win] |= taken
        winners.append(win)
        per.append(total)
        rest: Callable[..., Tricks] = names["REST"][mode]
        return rest(*hs, win, bits, t + 1, won, winners, per, said)

    return switch


@lru_cache(maxsize=64)
def compiled(source: str) -> Any:
    """The code of a source (files of one shape share it)."""
    return compile(source, "<jassdsl.pyplay.cards>", "exec")


def card_loop(playout: Playout) -> TricksFn | None:
    """The file's card loop with `Playout.generic_tricks`'s arguments and results, or
    None where it uses something this module does not write."""
    written = write(playout)
    if written is None:
        return None
    source, names = written
    namespace: dict[str, Any] = dict(names)
    namespace.update(C=COUNT, B=BIT, hand_weise=hand_weise,
                     **{f"PK{s}": PICKS[s] for s in range(4)},
                     **{f"PB{s}": BITS[s] for s in range(4)},
                     **{f"ONLY{s}": ONLY[s] for s in range(4)})
    namespace["SWITCH"] = switcher(playout, namespace)
    exec(compiled(source), namespace)
    fn: TricksFn = namespace["tricks"]
    return fn
