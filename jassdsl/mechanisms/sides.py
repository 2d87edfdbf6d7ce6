"""Sides formed per hand: `sides: bidder against the rest`. The holder of a role plays
alone against the others, who count as one side for that hand: their card points, tricks
and cards are added up, their Weis is compared as a side's and the Stöck of one of them
counts for both; what scoring gives a subject it gives every player of its side.

Everything about sides but its grammar lines and model node is here (its words too); the
engine's part is `engine/sides.py` (and the facts it sums in `engine/hand_end.py`)."""

from __future__ import annotations

from typing import Any

from jassdsl import model as m
from jassdsl.compiler import role_index
from jassdsl.engine.sides import Sides, SidesConfig
from jassdsl.mechanism import Mechanism
from jassdsl.roles import ROLES
from jassdsl.rulebook.words import Lang

# the roles that may play alone: known before play, so every hand has its sides
ALONE = ("bidder", "chooser")

WORDS: dict[str, tuple[str, str]] = {
    "rule": (
        "In each hand {who} plays alone against the others, who play that hand as one "
        "side: their card points, tricks and Weis count together, the best Weis is "
        "compared between the two sides, and what the side scores each of its players "
        "writes.",
        "In jeder Runde spielt {who} allein gegen die anderen, die in dieser Runde eine "
        "Partei bilden: ihre Kartenpunkte, Stiche und Weise zählen zusammen, der beste "
        "Weis wird zwischen den beiden Parteien verglichen, und was die Partei schreibt, "
        "schreibt jeder ihrer Spieler.",
    ),
}


def check(c: Any, rf: m.RuleFile) -> None:
    """A role held in every hand before play; players who play for themselves."""
    sides = rf.sides
    if sides is None:
        return
    role = c.role_word(rf, sides.role.pos, sides.role.text)
    if role is None or role.name not in ALONE:
        c.error(sides.role.pos, "role", f"{sides.role.text!r} cannot play alone: sides are "
                f"formed around a role known before play; write "
                f"{' or '.join(repr(x) for x in ALONE)}")
    if rf.teams:
        c.error(sides.pos, "teams", "the teams are fixed in this file ('players N in teams "
                "across'); sides per hand are for players who play for themselves")


def compile_sides(rf: m.RuleFile, options: dict[str, int | str]) -> SidesConfig | None:
    return SidesConfig(role_index(rf.sides.role.text)) if rf.sides is not None else None


def describe(lang: Lang, rf: m.RuleFile) -> list[str]:
    """Said with the declarations."""
    if rf.sides is None:
        return []
    role = ROLES[rf.sides.role.text]
    en, de = WORDS["rule"]
    return [(en if lang == "en" else de).format(who=role.doc if lang == "en" else role.de_np(0))]


SIDES = Mechanism(
    name="sides",
    statements={m.Sides: "sides"},
    check=check,
    compile=compile_sides,
    phase=Sides,
    describe={"declare": describe},
)
