"""How deep expressions nest, counted through lets, and which lets are defined in a circle.

Each let is measured once, in an order where the lets it names come first, so neither a
chain of thousands of lets nor lets that name each other twice (`let b = a + a`) cost more
than one walk of every expression; nothing here recurses along a chain of lets.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jassdsl.core import model as m
from jassdsl.core.limits import MAX_DEPTH, MAX_RANGES, MAX_SIZE

RANGING_CALLS = frozenset({"sum", "count", "most", "least", "place"})


@dataclass(frozen=True)
class Measure:
    depth: int  # levels of operators, calls, if/else and quantifiers, through lets
    ranges: int  # quantifiers and ranging calls nested in each other, through lets
    size: int  # parts, with the lets written out (counted up to MAX_SIZE + 1)

    @property
    def too_deep(self) -> bool:
        return self.depth > MAX_DEPTH or self.ranges > MAX_RANGES or self.size > MAX_SIZE


def let_names(e: m.Expr, lets: dict[str, m.Expr]) -> list[m.Name]:
    """Every use of a let in e, in file order."""
    return [x for x in m.walk(e) if isinstance(x, m.Name) and x.name in lets]


@dataclass
class Nesting:
    """The measure of every let of a file, and the uses of lets that close a circle.

    A let over a limit is reported where it is defined; lets and expressions that use it
    are `spoilt`: not reported again, and not walked into by the checker."""

    lets: dict[str, m.Expr]
    measures: dict[str, Measure] = field(default_factory=dict)
    cycles: list[m.Name] = field(default_factory=list)  # a use that closes a circle
    cyclic: set[str] = field(default_factory=set)
    spoilt: set[str] = field(default_factory=set)  # over a limit, or using such a let
    uses: dict[str, list[m.Name]] = field(default_factory=dict)  # the lets each let names

    def __post_init__(self) -> None:
        self.uses = {name: let_names(e, self.lets) for name, e in self.lets.items()}
        for name in self.order():
            self.measures[name] = self.measure(self.lets[name])
            if self.measures[name].too_deep or self.uses_spoilt(self.uses[name]):
                self.spoilt.add(name)
        self.spoilt |= self.cyclic

    def uses_spoilt(self, uses: list[m.Name]) -> bool:
        return any(u.name in self.spoilt or u.name in self.cyclic for u in uses)

    def over(self, e: m.Expr, let: str | None = None) -> Measure | None:
        """The measure of e (the expression of `let`, if given) when it is over a limit
        and does not use a let reported already."""
        if self.uses_spoilt(self.uses[let] if let else let_names(e, self.lets)):
            return None
        found = self.measures[let] if let in self.measures else self.measure(e)
        return found if found.too_deep else None

    def order(self) -> list[str]:
        """Lets after the lets they name (depth-first, without recursion); records circles."""
        done: list[str] = []
        state: dict[str, int] = {}  # 1: on the path, 2: finished
        for start in self.lets:
            if start in state:
                continue
            state[start] = 1
            path = [(start, iter(self.uses[start]))]
            while path:
                name, uses = path[-1]
                use = next(uses, None)
                if use is None:
                    path.pop()
                    state[name] = 2
                    done.append(name)
                elif state.get(use.name) == 1:
                    self.cycles.append(use)
                    self.cyclic.update(n for n, _ in path[[n for n, _ in path].index(use.name):])
                elif use.name not in state:
                    state[use.name] = 1
                    path.append((use.name, iter(self.uses[use.name])))
        return done

    def measure(self, e: m.Expr) -> Measure:
        """The measure of e; a let counts as its measure (a let in a circle as 1, 0, 1)."""
        if isinstance(e, m.Name) and e.name in self.lets:
            return self.measures.get(e.name, Measure(1, 0, 1))
        inner = [self.measure(x) for x in m.children(e)]
        ranging = isinstance(e, m.Quant) or (isinstance(e, m.Call) and e.func in RANGING_CALLS)
        return Measure(1 + max((x.depth for x in inner), default=0),
                       ranging + max((x.ranges for x in inner), default=0),
                       min(MAX_SIZE + 1, 1 + sum(x.size for x in inner)))
