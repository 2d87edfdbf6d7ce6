"""Piles: named once, of the table where a statement needs one, and a pile taken as a hand holding a hand's cards at every count of players."""

from __future__ import annotations

from jassdsl.core import model as m
from jassdsl.core.errors import did_you_mean
from jassdsl.core.mechanism import (
    empties_seats,
)
from jassdsl.core.pack import pack_size
from jassdsl.core.settings import get
from jassdsl.language.checking.base import (
    choices_of,
)
from jassdsl.language.checking.declarations import DeclarationChecks


class PileChecks(DeclarationChecks):
    """Piles: the checks of one concern, on the chain of jassdsl/language/check.py."""

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
