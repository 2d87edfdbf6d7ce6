"""The scoring facts of the language, one `Fact` record each: the one place a fact is said.

A fact used to be registered in five places (the checker's vocabulary, what `count first`
and a declaration's `by` may read, the evaluator's source over `HandFacts`, the rulebook's
bonus nouns); each of them is now derived from `FACTS` by the functions below, so a new
fact is one record. Data only: the core layer imports nothing of the layers above it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

# when a fact is known, earliest first
TABLE = "table"  # before the deal: the hand's number, the table, the sheet's column
DEALT = "dealt"  # once the hand is dealt, before the first card: who takes part with what
PLAY = "play"  # only the tricks tell
SCORED = "scored"  # only after the hand is scored (`change`)
ARGS = "args"  # a function: as early as its arguments
KNOWN = (TABLE, DEALT, PLAY, SCORED, ARGS)


@dataclass(frozen=True)
class Fact:
    """One scoring fact: its name, whom it is about, when it is known, how the evaluator
    reads it from a hand's `HandFacts` ({s}: the subject), and its words in both languages.

    `subject`: "subject" (a player or a team asks it about itself) or "table". `arity`:
    None for a plain name, else (fewest, most) arguments of a function. `source`: the
    Python expression over `f` (HandFacts), empty for a function the evaluator writes
    itself. `bonus`: the fact as a plural noun (English with {pron}, German), for the
    Weis and Stöck facts the rulebook says as points one has."""

    name: str
    subject: str
    known: str
    doc: str  # English: what it means
    doc_de: str  # German
    arity: tuple[int, int] | None = None
    source: str = ""
    bonus: tuple[str, str] | None = None
    # the name as the reference's table shows it (None: `name`; "": in the row above)
    shown: str | None = None
    shown_de: str | None = None  # where German writes the argument otherwise

    @property
    def needs_subject(self) -> bool:
        return self.subject == "subject"


FACTS: tuple[Fact, ...] = (  # in the order of the reference's table
    Fact("points", "subject", PLAY, "card points taken in this hand, with the bonuses",
         "in dieser Runde gemachte Kartenpunkte, mit den Boni", source="f.points[{s}]"),
    Fact("tricks", "subject", PLAY, "tricks taken in this hand",
         "in dieser Runde gemachte Stiche", source="f.tricks[{s}]"),
    Fact("match", "subject", PLAY,
         "took every trick (false for everybody when no trick was played)",
         "hat alle Stiche gemacht (für alle falsch, wenn kein Stich gespielt wurde)",
         source="(f.tricks[{s}] == len(f.trick_winners) > 0)"),
    Fact("last", "subject", PLAY,
         "took the last trick (false for everybody when no trick was played)",
         "hat den letzten Stich gemacht (für alle falsch, wenn kein Stich gespielt wurde)",
         source="(len(f.trick_winners) > 0 and f.trick_winners[-1] == {s})"),
    Fact("rank", "subject", PLAY, "1 + how many have more points (equal points share a rank)",
         "1 + wie viele mehr Punkte haben (gleiche Punkte, gleicher Rang)",
         source="f.rank({s})"),
    Fact("sharing", "subject", PLAY, "how many have exactly these points, itself included",
         "wie viele genau diese Punktzahl haben, man selbst eingeschlossen",
         source="f.sharing({s})"),
    Fact("most", "subject", ARGS, "has the highest X (among those for whom FILTER holds)",
         "hat das höchste X (unter denen, für die FILTER gilt)", arity=(1, 2),
         shown="`most(X)`, `most(X, FILTER)`"),
    Fact("least", "subject", ARGS, "has the lowest X", "hat das tiefste X", arity=(1, 2),
         shown="`least(X)`, `least(X, FILTER)`"),
    Fact("won", "subject", PLAY,
         "how many cards of kind K it took: a suit (`hearts`), a rank (`queens`), a card "
         "(`CK`)",
         "wie viele Karten der Art K gewonnen wurden: eine Farbe (`hearts`), ein Rang "
         "(`queens`), eine Karte (`CK`)", arity=(1, 1), shown="`won(K)`"),
    Fact("trick", "subject", PLAY, "1 if it took trick number k, else 0",
         "1, wenn der k-te Stich gemacht wurde, sonst 0", arity=(1, 1), shown="`trick(k)`"),
    Fact("weis", "subject", PLAY,
         "Weis and Stöck points from the hand (see [Weis and Stöck](#weis-and-stock))",
         "Weis- und Stöckpunkte aus der Hand (siehe [Weis und Stöck](#weis-und-stock))",
         source="(f.weis[{s}] if f.weis else 0)", bonus=("Weis points", "Weispunkte"),
         shown="`weis`, `stoeck`"),
    Fact("stoeck", "subject", PLAY, "", "", source="(f.stoeck[{s}] if f.stoeck else 0)",
         bonus=("Stöck points", "Stöckpunkte"), shown=""),
    Fact("table-weis", "subject", PLAY, "Weis and Stöck points lying in the tricks it took",
         "Weis- und Stöckpunkte, die in den gemachten Stichen liegen",
         source="(f.table_weis[{s}] if f.table_weis else 0)",
         bonus=("table Weis points from the tricks {pron} took", "Tischweispunkte"),
         shown="`table-weis`, `table-stoeck`"),
    Fact("table-stoeck", "subject", PLAY, "", "",
         source="(f.table_stoeck[{s}] if f.table_stoeck else 0)",
         bonus=("table Stöck points from the tricks {pron} took", "Tisch-Stöckpunkte"),
         shown=""),
    Fact("change", "subject", SCORED,
         "how much of a unit it gained in this hand (after scoring; for invariants)",
         "wie viel der Einheit in dieser Runde dazukam (nach der Abrechnung; für Prüfungen)",
         arity=(1, 1), shown="`change(UNIT)`", shown_de="`change(EINHEIT)`"),
    Fact("playing", "subject", DEALT,
         "plays this hand (see taking part; 1 for everybody without it)",
         "spielt diese Runde mit (siehe Mitspielen; ohne das 1 für alle)",
         source="(f.playing[{s}] if f.playing else 1)"),
    Fact("place", "subject", ARGS, "1 + how many [for whom FILTER holds] have a higher X",
         "1 + wie viele [für die FILTER gilt] ein höheres X haben", arity=(1, 2),
         shown="`place(X)`, `place(X, FILTER)`"),
    # about the table: said in the reference's prose under the table
    Fact("hand", "table", TABLE, "the number of the hand, from 1",
         "die Nummer der Runde, ab 1", source="f.hand"),
    Fact("players", "table", TABLE, "how many sit at the table",
         "wie viele am Tisch sitzen", source="f.players"),
    Fact("points-in-play", "table", DEALT,
         "what the cards in play are worth, with the last trick",
         "was die Karten im Spiel wert sind, mit dem letzten Stich", source="f.in_play"),
    Fact("multiplier", "table", TABLE,
         "the multiplier of the scoresheet's column played in this hand",
         "der Faktor der Spalte der Tafel, die in dieser Runde gespielt wird",
         source="f.multiplier"),
    Fact("count", "table", ARGS, "how many players satisfy it", "wie viele Spieler sie erfüllen",
         arity=(1, 1)),
    Fact("sum", "table", ARGS, "X added over all players", "X über alle Spieler addiert",
         arity=(1, 1)),
    Fact("abs", "table", ARGS, "the absolute value", "der Betrag", arity=(1, 1)),
)


def vocabulary(facts: Iterable[Fact] = FACTS) -> dict[str, Fact]:
    """The checker's vocabulary: every fact by name (a name twice is an error here)."""
    out: dict[str, Fact] = {}
    for f in facts:
        if f.name in out:
            raise ValueError(f"fact {f.name!r} is said twice")
        if f.known not in KNOWN or (f.arity is None) == (not f.source) or \
                f.subject not in ("subject", "table"):
            raise ValueError(f"fact {f.name!r} is not a whole record")
        out[f.name] = f
    return out


def known_by(facts: Iterable[Fact], *when: str) -> frozenset[str]:
    """The plain names known by one of the times `when` (TABLE: what a declaration's `by`
    may ask; TABLE and DEALT: what `count first` reads before the first card)."""
    return frozenset(f.name for f in facts if f.arity is None and f.known in when)


def late_calls(facts: Iterable[Fact]) -> frozenset[str]:
    """The functions that read the play of the hand themselves (`won`, `trick`, `change`)."""
    return frozenset(f.name for f in facts if f.arity is not None and f.known in (PLAY, SCORED))


def sources(facts: Iterable[Fact]) -> dict[str, str]:
    """What the evaluator writes for each plain name, with {s} for the subject."""
    return {f.name: f.source for f in facts if f.source}


def bonus_nouns(facts: Iterable[Fact]) -> dict[str, tuple[str, str]]:
    """The facts the rulebook says as points one has: name -> (English, German) noun."""
    return {f.name: f.bonus for f in facts if f.bonus is not None}


def rows(facts: Iterable[Fact], de: bool = False) -> list[str]:
    """The facts about a subject as rows of a Markdown table (name, meaning), for the
    language reference; a fact shown as "" is named in the row above it."""
    out = []
    for f in facts:
        if f.subject != "subject" or f.shown == "":
            continue
        shown = (f.shown_de if de and f.shown_de else f.shown) or f"`{f.name}`"
        out.append(f"| {shown} | {f.doc_de if de else f.doc} |")
    return out


BY_NAME: Mapping[str, Fact] = vocabulary()
