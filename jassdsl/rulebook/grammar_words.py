"""Grammar that depends on a word, for prose in both languages: units and their German
plurals and datives, players and teams as subjects, numbers and ordinals, comparisons,
the nouns of declared values with their gender, and the roles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from jassdsl.core.german import Gender, de_plural, german_noun
from jassdsl.core.lang import Lang
from jassdsl.core.roles import ROLES

if TYPE_CHECKING:
    from jassdsl.core import model as m


# -- units ------------------------------------------------------------------------------------
# German words for the unit names rule files use; an unknown unit keeps the file's word.
UNIT_DE: dict[str, tuple[str, str]] = {
    "stick": ("Strich", "Striche"),
    "potato": ("Herdöpfel", "Herdöpfel"),
    "point": ("Punkt", "Punkte"),
    "penalty": ("Strafpunkt", "Strafpunkte"),
    "stroke": ("Strich", "Striche"),
    "zero": ("Nuller", "Nuller"),
    "mark": ("Kreuz", "Kreuze"),
    "minus": ("Minuspunkt", "Minuspunkte"),
}


def unit_word(lang: Lang, singular: str, plural: str, amount: int | None = None) -> str:
    """A unit's name; singular only for an amount of 1 or -1."""
    one = amount is not None and abs(amount) == 1
    if lang == "de" and singular in UNIT_DE:
        de_one, de_many = UNIT_DE[singular]
        return de_one if one else de_many
    return singular if one else plural


def de_dative(plural: str) -> str:
    """German dative plural of a noun ('Punkte' -> 'Punkten')."""
    return plural if plural.endswith(("n", "s")) else plural + "n"


# -- players and teams ------------------------------------------------------------------------
@dataclass(frozen=True)
class SubjectWords:
    """How a player or a team is named: one noun and the German forms that agree with it."""

    sg: str
    pl: str
    a: str  # "ein" / "a"
    no: str  # "kein" / "no"
    every: str  # "jeder" / "every"
    this: str  # "dieser" / "that"
    other: str  # "jeder andere" / "every other"
    rel: str  # "der" / "who"
    pron: str  # "er" / "they"
    poss: str  # "seine" / "their" (German: feminine or plural object)
    poss_dat: str  # "seinen" (German dative plural)
    article: str  # "der" / "the"


SUBJECTS: dict[str, dict[str, SubjectWords]] = {
    "en": {
        "player": SubjectWords("player", "players", "a", "no", "every", "that", "every other",
                               "who", "they", "their", "their", "the"),
        "team": SubjectWords("team", "teams", "a", "no", "every", "that", "every other",
                             "that", "it", "its", "its", "the"),
    },
    "de": {
        "player": SubjectWords("Spieler", "Spieler", "ein", "kein", "jeder", "dieser",
                               "jeder andere", "der", "er", "seine", "seinen", "der"),
        "team": SubjectWords("Team", "Teams", "ein", "kein", "jedes", "dieses", "jedes andere",
                             "das", "es", "seine", "seinen", "das"),
    },
}

NUMBER_WORDS = {
    "en": {1: "one", 2: "two", 3: "three", 4: "four"},
    "de": {1: "ein", 2: "zwei", 3: "drei", 4: "vier"},
}
ORDINALS = {
    "en": {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth",
           7: "seventh", 8: "eighth", 9: "ninth", 10: "tenth", 11: "eleventh", 12: "twelfth"},
    "de": {1: "ersten", 2: "zweiten", 3: "dritten", 4: "vierten", 5: "fünften", 6: "sechsten",
           7: "siebten", 8: "achten", 9: "neunten", 10: "zehnten", 11: "elften",
           12: "zwölften"},
}


def number_word(lang: Lang, n: int) -> str:
    return NUMBER_WORDS[lang].get(n, str(n))


# -- comparisons ------------------------------------------------------------------------------
# "at least 100 points": the word before the number, per operator.
CMP_BEFORE = {
    "en": {"=": "exactly ", ">=": "at least ", ">": "more than ", "<=": "at most ",
           "<": "fewer than ", "!=": "other than "},
    "de": {"=": "genau ", ">=": "mindestens ", ">": "mehr als ", "<=": "höchstens ",
           "<": "weniger als ", "!=": "nicht genau "},
}
# "the hand number is at most 5": the same for a value that is not counted.
CMP_IS = {
    "en": {"=": "", ">=": "at least ", ">": "more than ", "<=": "at most ", "<": "less than ",
           "!=": "not "},
    "de": {"=": "", ">=": "mindestens ", ">": "grösser als ", "<=": "höchstens ",
           "<": "kleiner als ", "!=": "nicht "},
}
# "more points than their estimate": comparing a count with another quantity.
CMP_THAN = {
    "en": {"=": "exactly as many {noun} as {other}", ">=": "at least as many {noun} as {other}",
           ">": "more {noun} than {other}", "<=": "at most as many {noun} as {other}",
           "<": "fewer {noun} than {other}", "!=": "a number of {noun} other than {other}"},
    "de": {"=": "genau so viele {noun} wie {other}", ">=": "mindestens so viele {noun} wie {other}",
           ">": "mehr {noun} als {other}", "<=": "höchstens so viele {noun} wie {other}",
           "<": "weniger {noun} als {other}", "!=": "eine andere Zahl {noun} als {other}"},
}


# -- declarations -----------------------------------------------------------------------------
class Noun(NamedTuple):
    """How the pages and the table name a declared value: English with its article and
    alone, German with its article (accusative) and alone, the German gender and plural;
    `known` is False for a name without words, said as "a value *x*"."""

    en_a: str
    en: str
    de_a: str
    de: str
    gender: Gender
    de_pl: str
    known: bool = True


def noun(en_a: str, en: str, de_a: str, de: str, gender: Gender) -> Noun:
    return Noun(en_a, en, de_a, de, gender, de_plural(de))


# The declared values the language has words for; a file names its own declarations in
# German (`names in german: double "der Konter" plural "Konter"`).
DECLARED: dict[str, Noun] = {
    "estimate": noun("an estimate", "estimate", "eine Schätzung", "Schätzung", "f"),
    "bid": noun("a bid", "bid", "ein Gebot", "Gebot", "n"),
    "call": noun("a call", "call", "eine Ansage", "Ansage", "f"),
}
A_ACCUSATIVE: dict[Gender, str] = {"m": "einen", "f": "eine", "n": "ein"}


def declared_words(name: str, rf: m.RuleFile | None = None) -> Noun:
    """The words for a declared value: the file's German noun where it gives one (English
    then cites it: "a double (Konter)"), else the language's, else the name itself."""
    given = next((n for n in rf.german_names if n.name == name), None) if rf else None
    found = german_noun(given.german) if given is not None else None
    if given is not None and found is not None:
        gender, de = found
        en_a = f"{'an' if name[:1] in 'aeiou' else 'a'} {name} ({de})"
        return Noun(en_a, name, f"{A_ACCUSATIVE[gender]} {de}", de, gender,
                    given.plural or de_plural(de))
    if name in DECLARED:
        return DECLARED[name]
    de = f"Wert *{name}*"
    return Noun(f"a value *{name}*", f"*{name}*", f"einen {de}", de, "m", de_plural(de),
                known=False)


def role_words(lang: Lang, name: str) -> str:
    """The holder of a role as the subject of a sentence: 'the player who chose trump',
    'der Spieler, der den Trumpf gewählt hat,' (German closes the relative clause with a
    comma before the verb); '' for no role."""
    role = ROLES.get(name)
    if role is None:
        return ""
    return role.de_np(0) if lang == "de" else role.doc
