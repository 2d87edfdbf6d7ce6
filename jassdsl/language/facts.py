"""The vocabulary of scoring expressions: the facts a clause can ask about, in one registry.

Each entry says whether it needs a subject (a player or a team) and how many arguments
it takes; the checker uses this to report unknown names and wrong arity, the rulebook
uses the descriptions, and the evaluator implements exactly these names.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fact:
    name: str
    needs_subject: bool
    arity: tuple[int, int] | None  # None: a plain name, not a function
    doc: str


FACTS: dict[str, Fact] = {
    f.name: f
    for f in (
        Fact("points", True, None, "card points taken in this hand, with the bonuses"),
        Fact("tricks", True, None, "number of tricks taken in this hand"),
        Fact("match", True, None, "took every trick of the hand"),
        Fact("last", True, None, "took the last trick"),
        Fact("rank", True, None, "1 + how many have more points (ties share a rank)"),
        Fact("sharing", True, None, "how many have exactly these points, itself included"),
        Fact("weis", True, None, "Weis points scored (only the side with the best Weis)"),
        Fact("stoeck", True, None, "Stöck points: trump King and Queen dealt to one hand"),
        Fact("table-weis", True, None,
             "table Weis: the Weise formed by the cards of each trick it took"),
        Fact("table-stoeck", True, None,
             "table Stöck: trump King and Queen in one trick it took, trump made by then"),
        Fact("hand", False, None, "number of the hand in the game, from 1"),
        Fact("players", False, None, "number of players at the table"),
        Fact("playing", True, None, "takes part in this hand (1), or not (0)"),
        Fact("points-in-play", False, None,
             "card points of the cards in play (held by those taking part), with the "
             "last-trick bonus"),
        Fact("multiplier", False, None,
             "the multiplier of the scoresheet's column played in this hand"),
        Fact("most", True, (1, 2), "has the highest value of the expression [among the filter]"),
        Fact("least", True, (1, 2), "has the lowest value of the expression [among the filter]"),
        Fact("place", True, (1, 2),
             "1 + how many [among the filter] have a higher value of the expression"),
        Fact("won", True, (1, 1), "how many cards of a kind it took (hearts, queens, CK, ...)"),
        Fact("trick", True, (1, 1), "1 if it took trick number k, else 0"),
        Fact("count", False, (1, 1), "how many subjects satisfy the condition"),
        Fact("sum", False, (1, 1), "the sum of the expression over all subjects"),
        Fact("change", True, (1, 1), "how much of a unit it gained in this hand (after scoring)"),
        Fact("abs", False, (1, 1), "absolute value"),
    )
}
