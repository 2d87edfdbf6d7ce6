"""Naive, independent evaluator of scoring expressions, written from the language reference
(docs/en/language.md: "Expressions", "Limits", "Scoring clauses").

It walks the checked rule model node by node, every time, with no compilation, no memo
and no caching; the engine's evaluator (`jassdsl.compile.exprsource`) is tested against it. Like
`tests/reference.py` it never imports from ``jassdsl``: nodes are read by their `kind`
and fields, facts by the attributes of the engine's `HandFacts` (the data both read).

Subjects are numbered 0..n-1; subject -1 is the table. A name about one subject asked
for the table reads like a Python index (the last subject): the checker never lets a
file do that, and the tests evaluate every node for every subject alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reference import deck

PRODUCT_LIMIT = 10**15  # "a product a * b is cut to plus or minus 10^15" (Limits)
SUIT_WORDS = {"diamonds": "D", "hearts": "H", "spades": "S", "clubs": "C"}
RANK_WORDS = {"aces": "A", "kings": "K", "queens": "Q", "jacks": "J", "tens": "10",
              "nines": "9", "eights": "8", "sevens": "7", "sixes": "6"}
LOGIC = ("and", "or")
# the roles as the language reference lists them ("Roles"), in the order the engine's
# `HandFacts.roles` and `HandFacts.role_seats` hold them
ROLE_ORDER = ("chooser", "pusher", "bidder", "first-void")
# "in NAME" (Expressions): the hand's mode number is 0-3 for the trump suit D H S C, 4 for
# obenabe, 5 for undenufe, then 6, 7, ... for the modes the file defines, in file order
BASE_MODE_NAMES = ["D", "H", "S", "C", "obenabe", "undenufe"]
SUIT_NAMES = ["diamonds", "hearts", "spades", "clubs"]


class Naive:
    """The meaning of the expressions of one rule file under chosen option values."""

    def __init__(self, rf: Any, options: dict[str, int | str]) -> None:
        self.lets = {lt.name: lt.expr for lt in rf.lets}
        self.options = options
        self.declared = {d.name for d in rf.declarations}
        # "under another choice nobody declares it and its name reads 0" (`if OPTION`)
        self.silent = {d.name for d in rf.declarations if d.only_if is not None and str(
            options.get(d.only_if.text)) != (d.only_if_value.word() if d.only_if_value
                                              else "yes")}
        by_word = {w: u for u in rf.units for w in (u.singular, u.plural)}
        self.units: dict[str, tuple[str, int]] = {}
        for u in rf.units:  # a unit that cancels another is that one, counted negative
            base, sign = (by_word[u.cancels.text].plural, -1) if u.cancels else (u.plural, 1)
            self.units[u.singular] = self.units[u.plural] = (base, sign)
        self.mode_names = BASE_MODE_NAMES + [d.name for d in rf.modes]

    def value(self, e: Any, f: Any, s: int) -> Any:
        kind = e.kind
        if kind == "num":
            return e.value
        if kind == "name":
            return self.name(e.name, f, s)
        if kind == "total":
            base, sign = self.units[e.unit]
            return sign * f.totals[base][s]
        if kind in ("team", "of") and e.name in self.silent:
            return 0
        if kind == "team":  # `team bid`: both partners' values added up
            return f.declared[e.name][s]
        if kind == "of":  # `bid of bidder`: the value of the player holding the role, or 0
            seat = f.role_seats[ROLE_ORDER.index(e.role)]
            return f.seat_declared[e.name][seat] if seat >= 0 else 0
        if kind == "in":
            return 1 if self.played_in(e.mode, f.mode) else 0
        if kind == "unary":
            return (not self.truth(e.arg, f, s)) if e.op == "not" else -self.value(e.arg, f, s)
        if kind == "binary":
            return self.binary(e, f, s)
        if kind == "if":
            branch = e.then if self.truth(e.cond, f, s) else e.other
            return self.value(branch, f, s)
        if kind == "quant":
            return self.quantifier(e, f)
        return self.call(e, f, s)

    def played_in(self, name: str, mode: int) -> bool:
        """`in suits`: any trump suit; `in spades` or `in S`: that suit; else the mode of
        that name."""
        if mode < 0:
            return False
        if name == "suits":
            return mode in (0, 1, 2, 3)
        if name in SUIT_NAMES:
            return mode == SUIT_NAMES.index(name)
        return bool(self.mode_names[mode] == name)

    def truth(self, e: Any, f: Any, s: int) -> bool:
        return bool(self.value(e, f, s))

    def binary(self, e: Any, f: Any, s: int) -> Any:
        op = e.op
        if op == "and":  # the right side is asked only when the left holds
            return self.truth(e.left, f, s) and self.truth(e.right, f, s)
        if op == "or":
            return self.truth(e.left, f, s) or self.truth(e.right, f, s)
        a, b = self.value(e.left, f, s), self.value(e.right, f, s)
        if op == "/":
            return 0 if b == 0 else a // b  # whole numbers, rounding down; by zero: 0
        if op == "*":
            return max(-PRODUCT_LIMIT, min(PRODUCT_LIMIT, a * b))
        compare = {"=": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b,
                   ">=": a >= b}
        if op in compare:
            return compare[op]
        return a + b if op == "+" else a - b

    def quantifier(self, e: Any, f: Any) -> bool:
        """True when exactly that many subjects satisfy the body; the first quantifier to
        be worked out names its subjects (for `that player`, `those players`)."""
        sat = [t for t in range(f.n) if self.truth(e.body, f, t)]
        if f.bound is None:
            f.bound = sat
        want = {"count": e.count, "none": 0, "some": None, "all_but_one": f.n - 1,
                "every": f.n}[e.quantifier]
        return len(sat) > 0 if want is None else len(sat) == want

    def name(self, name: str, f: Any, s: int) -> Any:
        if name in self.lets:  # as if written out where it is named
            return self.value(self.lets[name], f, s)
        if name in self.options:  # "a yes/no option can: yes is 1, no is 0"
            value = self.options[name]
            return {"yes": 1, "no": 0}.get(value, value) if isinstance(value, str) else value
        if name in self.silent:
            return 0
        if name in self.declared:
            return f.declared[name][s]
        if name in ROLE_ORDER:  # 1 when the subject is (or its team holds) that player
            return f.roles[ROLE_ORDER.index(name)] == s
        if name in f.kept:  # a number kept across hands, as it stands for the hand
            return f.kept[name]
        played = len(f.trick_winners)
        points = f.points
        facts: dict[str, Callable[[], Any]] = {
            "points": lambda: points[s],
            "tricks": lambda: f.tricks[s],
            "match": lambda: played > 0 and f.tricks[s] == played,
            "last": lambda: played > 0 and f.trick_winners[played - 1] == s,
            "rank": lambda: 1 + len([q for q in points if q > points[s]]),
            "sharing": lambda: len([q for q in points if q == points[s]]),
            "hand": lambda: f.hand,
            "players": lambda: f.players,
            "points-in-play": lambda: f.in_play,
            "weis": lambda: f.weis[s] if f.weis else 0,
            "stoeck": lambda: f.stoeck[s] if f.stoeck else 0,
            "table-weis": lambda: f.table_weis[s] if f.table_weis else 0,
            "table-stoeck": lambda: f.table_stoeck[s] if f.table_stoeck else 0,
            "playing": lambda: f.playing[s] if f.playing else 1,  # 1 without taking part
            "multiplier": lambda: f.multiplier,  # the column's multiplier (a scoresheet)
        }
        return facts[name]()

    def call(self, e: Any, f: Any, s: int) -> Any:
        func, args = e.func, e.args
        if func == "won":
            return len([c for c in self.taken(f, s) if fits(c, args[0].name)])
        if func == "change":
            base, sign = self.units[args[0].name]
            return sign * f.change[base][s]
        if func == "trick":
            k = args[0].value
            return 1 if len(f.trick_winners) >= k and f.trick_winners[k - 1] == s else 0
        if func == "abs":
            return abs(self.value(args[0], f, s))
        if func == "sum":
            return sum(self.value(args[0], f, t) for t in range(f.n))
        if func == "count":
            return len([t for t in range(f.n) if self.truth(args[0], f, t)])
        return self.ranking(func, args, f, s)

    def ranking(self, func: str, args: Any, f: Any, s: int) -> Any:
        """most(X, FILTER), least(X, FILTER): has the highest (lowest) X among those for
        whom FILTER holds; place(X, FILTER): 1 + how many of them have a higher X."""
        pool = [t for t in range(f.n) if len(args) < 2 or self.truth(args[1], f, t)]
        if func == "place":
            mine = self.value(args[0], f, s)
            return 1 + len([t for t in pool if self.value(args[0], f, t) > mine])
        if s not in pool:
            return False
        values = [self.value(args[0], f, t) for t in pool]
        best = max(values) if func == "most" else min(values)
        return bool(self.value(args[0], f, s) == best)

    @staticmethod
    def taken(f: Any, s: int) -> list[str]:
        """The cards a subject took (card number i of `reference.deck()` is bit i)."""
        return [card for i, card in enumerate(deck()) if f.won[s] >> i & 1]

    def target(self, t: Any, f: Any, named: set[int]) -> list[int]:
        """The subjects an award goes to (a draw by lot aside: see `lot_pool`)."""
        if t.kind == "bound":
            return list(f.bound or [])
        if t.kind == "others":
            return [x for x in range(f.n) if x not in named]
        if t.kind == "every":
            return list(range(f.n))
        chosen = [x for x in range(f.n) if self.truth(t.filter, f, x)]
        if t.kind == "subset" or len(chosen) == (1 if t.kind == "sole" else t.count):
            return chosen
        return []


def fits(card: str, kind: str) -> bool:
    """Whether a card is of a kind `won(K)` names: a suit, a rank or the card itself."""
    if kind in SUIT_WORDS:
        return card[0] == SUIT_WORDS[kind]
    if kind in RANK_WORDS:
        return card[1:] == RANK_WORDS[kind]
    return card == kind
