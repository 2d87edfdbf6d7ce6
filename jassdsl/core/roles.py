"""Roles: the seats a hand gives a part to play, in one registry.

A role is held by one seat for one hand (or by nobody): who chose trump, who pushed the
choice, the highest bidder, the first player who could not follow suit. The phase that
makes a role writes its seat into `State.roles` (`trump`: chooser and pusher, the first
void's phase in play: first-void, and a mechanism that says so in `Checks.gives`: the
highest bidder); the deal resets them. The checker,
the compiler, the evaluator, the rulebook, the lexer and the language reference take the
roles from here.

In scoring a role is a fact about a subject: 1 when the subject is the player holding the
role (in a team game: the team holding that player), else 0; `X of ROLE` reads a
declared value of the player holding the role. A role may also name the player who leads
the first trick (`first lead:`), deals the next hand (`next dealer:`) or chooses trump
(`trump: ROLE chooses ...`) where the role is known by then.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Need = Literal["choice", "push", "mechanism", "play"]  # "mechanism": `Checks.gives`


@dataclass(frozen=True)
class Role:
    """One role: its name in a rule file, its place in `State.roles`, what a file needs
    for anybody to hold it, and how the rulebook names its holder (English; German as a
    head noun in three cases and a relative clause, so a sentence can put the verb between
    them: "den Spieler stellt, der den Trumpf gewählt hat")."""

    name: str
    index: int  # its place in `State.roles` and `HandFacts.roles`
    need: Need  # what a file must have for the role to be held by anyone
    before_play: bool  # known before the first card (so it may lead the first trick)
    doc: str  # "the player who chose trump"
    de_head: tuple[str, str, str, str]  # nominative, accusative, genitive, dative
    de_rel: str  # "der den Trumpf gewählt hat", or "" when the head says it all

    @property
    def german(self) -> str:
        """The holder in German, nominative: 'der Spieler, der den Trumpf gewählt hat'."""
        return f"{self.de_head[0]}, {self.de_rel}" if self.de_rel else self.de_head[0]

    def de_np(self, case: int) -> str:
        """The holder in German in a case (0 nominative, 1 accusative, 2 genitive, 3
        dative), a relative clause closed by a comma: 'den Spieler, der den Trumpf gewählt
        hat,'; a role named by one noun has none: 'den Höchstbietenden'."""
        head = self.de_head[case]
        return f"{head}, {self.de_rel}," if self.de_rel else head


PLAYER = ("der Spieler", "den Spieler", "des Spielers", "dem Spieler")
ROLE_LIST: tuple[Role, ...] = (
    Role("chooser", 0, "choice", True, "the player who chose trump", PLAYER,
         "der den Trumpf gewählt hat"),
    Role("pusher", 1, "push", True, "the player who pushed the choice of trump", PLAYER,
         "der die Trumpfwahl geschoben hat"),
    Role("bidder", 2, "mechanism", True, "the highest bidder",
         ("der Höchstbietende", "den Höchstbietenden", "des Höchstbietenden",
          "dem Höchstbietenden"), ""),
    Role("first-void", 3, "play", False, "the first player who could not follow suit",
         ("der erste Spieler", "den ersten Spieler", "des ersten Spielers",
          "dem ersten Spieler"),
         "der nicht Farbe geben konnte"),
)
ROLES: dict[str, Role] = {r.name: r for r in ROLE_LIST}
CHOOSER, PUSHER, BIDDER = (ROLES[r].index for r in ("chooser", "pusher", "bidder"))
# older spellings of a role, kept working: `first lead: highest bidder`
ALIASES: dict[str, str] = {"highest bidder": "bidder"}
# what each need asks of a file, as an error message says it
NEEDS: dict[Need, str] = {
    "choice": "a player who chooses trump ('trump: forehand chooses ...' or 'trump: "
              "bidder chooses ...')",
    "push": "pushing ('trump: forehand chooses ... or pushes to partner')",
    "mechanism": "a mechanism that gives it",
    "play": "tricks",
}
# who may choose trump in `trump: WHO chooses ...`: forehand, or a role known by then
CHOOSERS = ("forehand", "bidder")


def no_roles() -> list[int]:
    """Nobody holds any role (a new hand)."""
    return [-1] * len(ROLE_LIST)


def role_name(word: str) -> str | None:
    """The role a word names (an alias included), or None."""
    name = ALIASES.get(word, word)
    return name if name in ROLES else None
