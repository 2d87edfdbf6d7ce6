"""What a Jass player may mean by a first word that begins no statement: a concept the
language lacks (bock rounds, cards on the table of a seat) or says with
another word (Konter is a declaration, a bid too, Misère a mode). The parser's error
then names the statements that come nearest, not the whole list of keywords
(`syntax.syntax_error`); an unknown word gets that list, the likest statements first.

Each sentence is English here and German in `core/errors_de.py` (read back against it);
tests/test_concept_errors.py keeps both, and that every statement named here exists.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class Concept:
    """Words a player writes for one idea, what the language has for it, and the first
    words of those statements (checked against the grammar)."""

    words: tuple[str, ...]
    says: str
    statements: tuple[str, ...]


EXCHANGE = ("cards are passed between players with 'passing: each player passes 3 cards to "
            "the left' (to the right, across, in turn); they change hands also by 'talon' "
            "(the bidder takes a pile and lays away as many), 'improve' (a player takes an "
            "own pile or refuses it), 'rob' (a trump card taken for the turned card) and "
            "'take part' (a hand swapped for a pile)")
ACROSS_HANDS = ("the language keeps no state across hands (bock rounds, a prize won once, "
                "a penalty carried to the next hand); what comes nearest: a scoring rule "
                "('score each hand') that reads 'hand' or 'total UNIT', or a second 'unit'")
SEAT_ROWS = ("cards on the table that belong to a seat (Zweierjass, Tischjass) are 'table "
             "cards: 6 face down with 6 face up on them each'; cards laid aside for nobody "
             "are a 'pile', dealt with 'deal'")
DOUBLING = ("doubling is a declaration: 'declare double yes or no, by the team without "
            "chooser', read by the scoring like any value")
BIDDING = ("a bid is a declaration: 'declare bid from 60 to 157 in steps of 10, auction "
           "before trump'")
CONTRACT = ("a way of playing a hand is a 'mode' (its ranks, points and goal), chosen with "
            "'trump:' or a 'column' of the sheet")
MELDS = "Weis are a table, 'weis NAME: ...', and its use, 'weis: NAME'"
STOECK = "Stöck, the match and the last trick are bonuses: 'bonus stoeck 20'"
GAME_END = "the end of the game is 'game ends when ...' or 'game ends after N hands'"
PACK = ("the pack is 'cards: the standard Swiss ranks and points', or 'ranks' and 'card "
        "points' per suit: 36 cards, four suits of nine; a smaller one is 'pack: without "
        "sixes'")
TEAMS = ("partners are said with the players: 'players 4 in teams across' or 'players 6 in "
         "teams alternating'")
LEAD = "who leads is 'first lead: forehand'"
PUSH = ("pushing the choice of trump to the partner is part of 'trump:': 'trump: forehand "
        "chooses suits, obenabe, undenufe or pushes to partner'")

CONCEPTS: tuple[Concept, ...] = (
    Concept(("pass", "give", "exchange", "trade", "swap"),
            EXCHANGE, ("passing", "talon", "improve", "rob", "take")),
    Concept(("bock", "bockrunde", "bockrunden", "carry", "penalty", "bergpreis"),
            ACROSS_HANDS, ("score", "unit")),
    Concept(("open", "face-up", "face-down", "tischjass", "zweierjass"),
            SEAT_ROWS, ("table", "pile", "deal")),
    Concept(("konter", "kontra", "contra", "double", "redouble", "re"), DOUBLING,
            ("declare",)),
    Concept(("bid", "bids", "bidding", "auction"), BIDDING, ("declare",)),
    Concept(("misere", "misère", "contract", "slalom", "guschti"), CONTRACT,
            ("mode", "trump", "column")),
    Concept(("meld", "melds", "announce", "wis", "wies", "weisen"), MELDS, ("weis",)),
    Concept(("stoeck", "stöck", "stock", "match", "last-trick"), STOECK, ("bonus",)),
    Concept(("target", "goal", "end", "until"), GAME_END, ("game",)),
    Concept(("deck", "suits"), PACK, ("cards", "ranks", "card", "pack")),
    Concept(("team", "teams", "partner", "partners"), TEAMS, ("players",)),
    Concept(("lead", "leads", "forehand"), LEAD, ("first",)),
    Concept(("push", "pushes", "schieben", "schiebe"), PUSH, ("trump",)),
)
BY_WORD = {w: c for c in CONCEPTS for w in c.words}


def concept_of(word: str) -> Concept | None:
    """The concept a first word names, if the table knows it."""
    return BY_WORD.get(word.lower())


def likest_first(word: str, words: list[str]) -> list[str]:
    """`words` ranked by their likeness to `word` (difflib's ratio), alike in the order
    given."""
    def likeness(w: str) -> float:
        return difflib.SequenceMatcher(None, word.lower(), w.lower()).ratio()
    return sorted(words, key=likeness, reverse=True)
