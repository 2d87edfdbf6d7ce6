"""Scoring expressions, targets and awards of a rule file as sentences, in English or German.

A `Speaker` knows one language and one rule file. Conditions become phrases that can be
used as a main clause ("exactly one player took every trick") or, for German, as a
subordinate clause with the verb at the end ("genau ein Spieler alle Stiche gemacht hat").
Common shapes get plain sentences; anything else falls back to the expression itself as
code, so every file renders, never wrongly, at worst tersely.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from jassdsl.core import model as m
from jassdsl.core.facts import FACTS, bonus_nouns
from jassdsl.core.roles import ROLES, Role
from jassdsl.rulebook import safe
from jassdsl.rulebook.card_words import (
    GENDER_EVERY,
    GENDER_TAKEN,
    RANK_CLASSES,
    SUIT_CLASSES,
    card_name,
)
from jassdsl.rulebook.cardview import suit_prose
from jassdsl.rulebook.grammar_words import (
    CMP_BEFORE,
    CMP_IS,
    CMP_THAN,
    ORDINALS,
    SUBJECTS,
    de_dative,
    declared_words,
    number_word,
    unit_word,
)
from jassdsl.rulebook.words import TEXT, Lang, join_words, say

TIMES, MINUS = "\u00d7", "\u2212"  # the multiplication and minus signs of printed rules
INVERSE = {"=": "!=", "!=": "=", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
PRECEDENCE = {"or": 1, "and": 2, "=": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4,
              "+": 5, "-": 5, "*": 6, "/": 6}


def formula(e: m.Expr) -> str:
    """The expression in the rule language's own syntax (for code spans)."""
    return _formula(e, 0)


def _formula(e: m.Expr, outer: int) -> str:
    if isinstance(e, m.Num):
        return str(e.value)
    if isinstance(e, m.Name):
        return e.name
    if isinstance(e, m.Total):
        return f"total {e.unit}"
    if isinstance(e, m.TeamValue):
        return f"team {e.name}"
    if isinstance(e, m.RoleValue):
        return f"{e.name} of {e.role}"
    if isinstance(e, m.InMode):
        return f"in {e.mode}"
    if isinstance(e, m.Call):
        return f"{e.func}({', '.join(_formula(a, 0) for a in e.args)})"
    if isinstance(e, m.Unary):
        return f"-{_formula(e.arg, 7)}" if e.op == "-" else f"not {_formula(e.arg, 3)}"
    if isinstance(e, m.Binary):
        p = PRECEDENCE.get(e.op, 4)
        text = f"{_formula(e.left, p)} {e.op} {_formula(e.right, p + 1)}"
        return f"({text})" if p < outer else text
    if isinstance(e, m.IfElse):
        text = f"{_formula(e.then, 1)} if {_formula(e.cond, 1)} else {_formula(e.other, 0)}"
        return f"({text})" if outer else text
    q = e
    plural = q.quantifier == "count" and q.count != 1
    what = {"count": number_word("en", q.count or 0), "none": "no", "some": "some",
            "all_but_one": "all but one", "every": "every"}[q.quantifier]
    text = f"{what} {q.subject}{'s have' if plural else ' has'} {_formula(q.body, 0)}"
    return f"({text})" if outer else text


def same(a: m.Expr, b: m.Expr) -> bool:
    """Structural equality, positions ignored."""
    return formula(a) == formula(b)


def words(*parts: str) -> str:
    return " ".join(p for p in parts if p)


# --- phrases ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Pred:
    """A verb phrase, optionally with its subject; German puts the verb last in `sub`."""

    de: bool
    fin: tuple[str, str]  # finite verb, singular and plural
    middle: str
    tail: str = ""
    subj: str = ""
    pl: bool | None = None  # a subject fixes the number

    def main(self, pl: bool = False) -> str:
        n = self.pl if self.pl is not None else pl
        return words(self.subj, self.fin[n], self.middle, self.tail)

    def sub(self, pl: bool = False) -> str:
        if not self.de:
            return self.main(pl)
        n = self.pl if self.pl is not None else pl
        return words(self.subj, self.middle, self.tail, self.fin[n])


@dataclass(frozen=True)
class Raw:
    """A phrase given as finished text in both word orders."""

    main_sg: str
    main_pl: str
    sub_sg: str
    sub_pl: str

    def main(self, pl: bool = False) -> str:
        return self.main_pl if pl else self.main_sg

    def sub(self, pl: bool = False) -> str:
        return self.sub_pl if pl else self.sub_sg


@dataclass(frozen=True)
class Join:
    parts: tuple[Phrase, ...]
    word: str  # already in the page's language

    def main(self, pl: bool = False) -> str:
        return self.joined([p.main(pl) for p in self.parts])

    def sub(self, pl: bool = False) -> str:
        return self.joined([p.sub(pl) for p in self.parts])

    def joined(self, texts: list[str]) -> str:
        """The parts with the word between; a comma closes a group before more follows
        ('both a and b, or c')."""
        closed = [f"{t}," if i < len(texts) - 1 and ends_in_group(p) else t
                  for i, (p, t) in enumerate(zip(self.parts, texts, strict=True))]
        return f" {self.word} ".join(closed)


@dataclass(frozen=True)
class Group(Raw):
    """A joined phrase marked as one group: 'either a or b', 'both a and b'."""


Phrase = Pred | Raw | Join


def ends_in_group(p: Phrase) -> bool:
    return isinstance(p, Group) or (isinstance(p, Join) and ends_in_group(p.parts[-1]))


def framed(p: Phrase, before: str, after: str) -> Raw:
    """A phrase with words before and after it, in both word orders (still a group
    when it ends in one)."""
    kind = Group if ends_in_group(p) and not after else Raw
    return kind(f"{before}{p.main()}{after}", f"{before}{p.main(True)}{after}",
               f"{before}{p.sub()}{after}", f"{before}{p.sub(True)}{after}")


@dataclass(frozen=True)
class Qty:
    """A number about one player or team, with the words to count, compare and name it."""

    kind: str  # "count" (took 3 tricks), "value" (has an estimate of 40), "flag" (0 or 1)
    verb: tuple[str, str] = ("", "")
    noun: tuple[str, str] = ("", "")
    zero: str = ""
    tail: str = ""  # German participle
    prefix: str = ""  # German adverb before the amount ("insgesamt")
    suffix: str = ""  # English words after the noun ("in total")
    np: str = ""  # nominative noun phrase with a possessive
    np_dat: str = ""  # German dative of np
    a_noun: str = ""  # "an estimate": for value comparisons
    per: str = ""  # "for each trick they took"
    most: str = ""
    least: str = ""
    everyone: str = ""  # "the card points of all players together"
    flag: Phrase | None = None
    unflag: Phrase | None = None  # the flag said the other way round: "does not play"


@dataclass(frozen=True)
class TableQty:
    """A number about the whole table: the hand number, a sum over all players."""

    np: str
    verb: tuple[str, str]  # English/German "is", "add up to"


@dataclass
class Speaker:
    """Renders the expressions of one rule file in one language."""

    lang: Lang
    rf: m.RuleFile
    inline_options: bool = False  # show an option as its default value (for short texts)
    refs: list[str] = field(default_factory=list)  # lets and options named, for "where ..."

    def __post_init__(self) -> None:
        self.de = self.lang == "de"
        self.subject = "team" if self.rf.teams else "player"
        self.sw = SUBJECTS[self.lang][self.subject]
        self.lets = {lt.name: lt.expr for lt in self.rf.lets}
        self.options = {o.name: o for o in self.rf.options}
        self.declared = {d.name for d in self.rf.declarations}
        self.unit_words = {}
        for u in self.rf.units:
            self.unit_words[u.singular] = (u.singular, u.plural)
            self.unit_words[u.plural] = (u.singular, u.plural)

    def t(self, key: str, **fields: object) -> str:
        return say(self.lang, key, **fields)

    def pick(self, en: str, de: str) -> str:
        return de if self.de else en

    # -- units
    def unit(self, word: str, amount: int | None = None) -> str:
        sg, pl = self.unit_words.get(word, (word, word))
        return unit_word(self.lang, sg, pl, amount)

    def main_unit(self) -> str:
        return self.rf.units[0].plural if self.rf.units else "points"

    # -- names that stand for a value
    def ref(self, name: str) -> str:
        option = self.options.get(name)
        if self.inline_options and option is not None:
            return f"{own_name(self.lang, self.rf, option.default.word())} ({safe.code(name)})"
        if name not in self.refs:
            self.refs.append(name)
        return self.named(name)

    def named(self, name: str) -> str:
        """A let in italics by its name (German where the file gives one), an option as
        the code one types."""
        return safe.code(name) if name in self.options else \
            f"*{own_name(self.lang, self.rf, name)}*"

    def is_bool_let(self, e: m.Expr) -> bool:
        return isinstance(e, m.Name) and e.name in self.lets and is_boolean(self.lets[e.name])

    # -- quantities about one subject
    def quantity(self, e: m.Expr) -> Qty | None:
        if isinstance(e, m.Name):
            return self.named_quantity(e.name)
        if isinstance(e, m.Total):
            return self.total_quantity(e.unit)
        if isinstance(e, m.TeamValue):
            return self.team_quantity(e.name)
        if isinstance(e, m.Call) and len(e.args) == 1:
            arg = e.args[0]
            if e.func == "won" and isinstance(arg, m.Name):
                return self.won_quantity(arg.name)
            if e.func == "trick" and isinstance(arg, m.Num):
                return self.trick_quantity(arg.value)
            if e.func == "change" and isinstance(arg, m.Name):
                return self.change_quantity(arg.name)
        return None

    def named_quantity(self, name: str) -> Qty | None:
        sw, de = self.sw, self.de
        if name == "points":
            if de:
                return Qty("count", ("hat", "haben"), ("Punkt", "Punkte"), "keine Punkte",
                           tail="gemacht", np=f"{sw.poss} Kartenpunkte",
                           np_dat=f"{sw.poss_dat} Kartenpunkten",
                           per="für jeden gewonnenen Punkt", most="die meisten Punkte",
                           least="die wenigsten Punkte",
                           everyone=f"die Punkte aller {sw.pl} zusammen")
            return Qty("count", ("took", "took"), ("card point", "card points"),
                       "no card points", np=f"{sw.poss} card points",
                       per=f"for each card point {sw.pron} took", most="the most card points",
                       least="the fewest card points",
                       everyone=f"the card points of all {sw.pl} together")
        if name == "tricks":
            if de:
                return Qty("count", ("hat", "haben"), ("Stich", "Stiche"), "keinen Stich",
                           tail="gemacht", np="die Zahl seiner Stiche",
                           np_dat="der Zahl seiner Stiche", per="für jeden gewonnenen Stich",
                           most="die meisten Stiche", least="die wenigsten Stiche",
                           everyone=f"die Stiche aller {sw.pl} zusammen")
            return Qty("count", ("took", "took"), ("trick", "tricks"), "no trick",
                       np=f"the number of tricks {sw.pron} took",
                       per=f"for each trick {sw.pron} took", most="the most tricks",
                       least="the fewest tricks", everyone=f"the tricks of all {sw.pl} together")
        if name in ("match", "last", "playing", "chooser"):
            return Qty("flag", flag=self.named_flag(name),
                       unflag=self.named_flag(name, negative=True))
        if name in self.lets and not is_boolean(self.lets[name]):
            ref = self.ref(name)
            return self.value_quantity((f"a {ref}", f"{sw.poss} {ref}"),
                                       (f"einen {ref}", f"sein {ref}", f"seinem {ref}"))
        if name in self.declared:
            return self.declared_quantity(name)
        if name in ROLES:
            return Qty("flag", flag=self.role_flag(ROLES[name]),
                       unflag=self.role_flag(ROLES[name], negative=True))
        if name in BONUS_NOUNS:
            return self.bonus_quantity(name)
        if name == "rank":
            return self.value_quantity(("a rank by card points", "their rank by card points"),
                                       ("einen Rang nach Punkten", "sein Rang nach Punkten",
                                        "seinem Rang nach Punkten"))
        if name == "sharing":
            return self.value_quantity(
                (f"a count of {sw.pl} with equal card points",
                 f"the number of {sw.pl} with {sw.poss} card points"),
                (f"eine Zahl von {sw.pl} mit gleich vielen Punkten",
                 f"die Zahl der {sw.pl} mit seiner Punktzahl",
                 f"der Zahl der {sw.pl} mit seiner Punktzahl"))
        return None

    def bonus_quantity(self, name: str) -> Qty:
        """Weis and Stöck points of one subject, from the hand or from the table."""
        sw = self.sw
        en, de = BONUS_NOUNS[name]
        if self.de:
            return Qty("value", ("hat", "haben"), a_noun=de, np=f"{sw.poss} {de}",
                       np_dat=f"{sw.poss_dat} {de}n",
                       everyone=f"die {de} aller {sw.pl} zusammen")
        noun = en.format(pron=sw.pron)
        return Qty("value", ("has", "have"), a_noun=noun, np=f"{sw.poss} {noun}",
                   everyone=f"the {noun} of all {sw.pl} together")

    def value_quantity(self, en: tuple[str, str], de: tuple[str, str, str]) -> Qty:
        if self.de:
            return Qty("value", ("hat", "haben"), a_noun=de[0], np=de[1], np_dat=de[2])
        return Qty("value", ("has", "have"), a_noun=en[0], np=en[1], np_dat=en[1])

    def named_flag(self, name: str, negative: bool = False) -> Phrase:
        if name == "chooser":
            if self.de:
                return Pred(True, ("hat", "haben"), "den Trumpf nicht" if negative
                            else "den Trumpf", "bestimmt")
            verb = ("did not name", "did not name") if negative else ("named", "named")
            return Pred(False, verb, "trump")
        if name == "playing":
            if self.de:  # a separable verb: "spielt mit", "mitspielt"
                no = " nicht" if negative else ""
                return Raw(f"spielt diese Runde{no} mit", f"spielen diese Runde{no} mit",
                           f"diese Runde{no} mitspielt", f"diese Runde{no} mitspielen")
            verb = ("does not play", "do not play") if negative else ("plays", "play")
            return Pred(False, verb, "this hand")
        if name == "match":
            return self.took("every trick", "alle Stiche", "gemacht", negative)
        return self.took("the last trick", "den letzten Stich", "gemacht", negative)

    def took(self, en: str, de: str, participle: str, negative: bool = False) -> Pred:
        """'took X' / 'hat X gemacht', or with `negative` 'did not take X' / 'hat X nicht
        gemacht'."""
        if self.de:
            return Pred(True, ("hat", "haben"), f"{de} nicht" if negative else de, participle)
        verb = ("did not take", "did not take") if negative else ("took", "took")
        return Pred(False, verb, en)

    def declared_quantity(self, name: str) -> Qty:
        en_a, en_noun, de_a, de_noun, gender, de_pl, _ = declared_words(name, self.rf)
        poss = {"f": "seine", "m": "sein", "n": "sein"}[gender]
        poss_dat = {"f": "seiner", "m": "seinem", "n": "seinem"}[gender]
        highest = {"f": "die höchste", "m": "den höchsten", "n": "das höchste"}[gender]
        lowest = {"f": "die tiefste", "m": "den tiefsten", "n": "das tiefste"}[gender]
        if self.de:
            return Qty("value", ("hat", "haben"), a_noun=de_a, np=f"{poss} {de_noun}",
                       np_dat=f"{poss_dat} {de_noun}", most=f"{highest} {de_noun}",
                       least=f"{lowest} {de_noun}",
                       everyone=f"die {de_pl} aller {self.sw.pl} zusammen")
        return Qty("value", ("has", "have"), a_noun=en_a, np=f"{self.sw.poss} {en_noun}",
                   np_dat=f"{self.sw.poss} {en_noun}", most=f"the highest {en_noun}",
                   least=f"the lowest {en_noun}",
                   everyone=f"the {en_noun}s of all {self.sw.pl} together")

    def role_flag(self, role: Role, negative: bool = False) -> Raw:
        """'is the player who chose trump' (a team: 'has the player who ...'); German with
        the relative clause after the verb: 'den Spieler stellt, der den Trumpf ...'."""
        team = self.subject == "team"
        if self.de:
            no = "nicht " if negative else ""
            case, verb = (1, ("stellt", "stellen")) if team else (0, ("ist", "sind"))
            head = role.de_head[case]
            # the relative clause is closed by a comma (dropped at the end of a sentence)
            rel = f", {role.de_rel}," if role.de_rel else ""
            return Raw(f"{verb[0]} {no}{head}{rel}", f"{verb[1]} {no}{head}{rel}",
                       f"{no}{head} {verb[0]}{rel}", f"{no}{head} {verb[1]}{rel}")
        if team:
            sg, pl = ("does not have", "do not have") if negative else ("has", "have")
        else:
            sg, pl = ("is not", "are not") if negative else ("is", "are")
        return Raw(f"{sg} {role.doc}", f"{pl} {role.doc}", f"{sg} {role.doc}",
                   f"{pl} {role.doc}")

    def team_quantity(self, name: str) -> Qty:
        """`team bid`: both partners' values added up."""
        words = declared_words(name, self.rf)
        en_noun = words.en
        if self.de:
            plural = words.de_pl
            return Qty("value", ("hat", "haben"), a_noun=f"zusammen {plural}",
                       np=f"die {plural} beider Partner zusammen",
                       np_dat=f"den {plural} beider Partner zusammen",
                       everyone=f"die {plural} aller Spieler zusammen")
        return Qty("value", ("has", "have"), a_noun=f"{en_noun}s together",
                   np=f"the {en_noun}s of both partners together",
                   everyone=f"the {en_noun}s of all players together")

    def role_value(self, e: m.RoleValue) -> tuple[str, str]:
        """`bid of bidder`: 'the bid of the highest bidder' (German: nominative and dative,
        'das Gebot des Höchstbietenden')."""
        role = ROLES.get(e.role)
        _, en_noun, _, de_noun, gender, _, _ = declared_words(e.name, self.rf)
        if role is None:
            code = f"`{formula(e)}`"
            return code, code
        if self.de:
            art, art_dat = {"f": ("die", "der"), "m": ("der", "dem"),
                            "n": ("das", "dem")}[gender]
            tail = f"{de_noun} {role.de_np(2)}"
            return f"{art} {tail}", f"{art_dat} {tail}"
        text = f"the {en_noun} of {role.doc}"
        return text, text

    def total_quantity(self, unit: str) -> Qty:
        sg, pl = self.unit(unit, 1), self.unit(unit)
        if self.de:
            return Qty("count", ("hat", "haben"), (sg, pl), f"keine {pl}", prefix="insgesamt",
                       np=f"sein Gesamtstand an {de_dative(pl)}",
                       np_dat=f"seinem Gesamtstand an {de_dative(pl)}",
                       most=f"die meisten {pl}", least=f"die wenigsten {pl}",
                       everyone=f"die {pl} aller {self.sw.pl} zusammen")
        return Qty("count", ("has", "have"), (sg, pl), f"no {pl}", suffix="in total",
                   np=f"{self.sw.poss} total of {pl}", most=f"the most {pl}",
                   least=f"the fewest {pl}", everyone=f"the {pl} of all {self.sw.pl} together")

    def change_quantity(self, unit: str) -> Qty:
        pl = self.unit(unit)
        if self.de:
            dat = de_dative(pl)
            return Qty("value", ("hat", "haben"), a_noun=f"einen Zuwachs an {dat}",
                       np=f"sein Zuwachs an {dat} in dieser Runde",
                       np_dat=f"seinem Zuwachs an {dat} in dieser Runde",
                       everyone=f"die in dieser Runde gewonnenen {pl} aller {self.sw.pl} "
                                "zusammen")
        return Qty("value", ("has", "have"), a_noun=f"a gain in {pl} this hand",
                   np=f"{self.sw.poss} gain in {pl} this hand",
                   everyone=f"the {pl} gained by all {self.sw.pl} together in this hand")

    def trick_quantity(self, k: int) -> Qty:
        en = f"the {ORDINALS['en'].get(k, f'{k}th')} trick"
        return Qty("flag", flag=self.took(en, f"den {k}. Stich", "gemacht"),
                   unflag=self.took(en, f"den {k}. Stich", "gemacht", negative=True))

    def won_quantity(self, name: str) -> Qty | None:
        if name in SUIT_CLASSES:
            suit = suit_prose(self.lang, SUIT_CLASSES[name])
            if self.de:
                return self.won_count((f"Karte der Farbe {suit}", f"Karten der Farbe {suit}"),
                                      "f")
            return self.won_count((f"card of {suit}", f"cards of {suit}"), "")
        if name in RANK_CLASSES:
            _, en, (sg, pl, gender) = RANK_CLASSES[name]
            return self.won_count((sg, pl), gender) if self.de else self.won_count(en, "")
        if len(name) >= 2 and name[0] in "DHSC":
            card = card_name(self.lang, name[0], name[1:])
            return Qty("flag", flag=self.took(card, card, "gewonnen"),
                       unflag=self.took(card, card, "gewonnen", negative=True))
        return None

    def won_count(self, noun: tuple[str, str], gender: str) -> Qty:
        sw = self.sw
        if self.de:
            no = {"m": "keinen", "f": "keine", "n": "kein"}[gender]
            return Qty("count", ("hat", "haben"), noun, f"{no} {noun[0]}", tail="gewonnen",
                       np=f"die Zahl seiner gewonnenen {noun[1]}",
                       np_dat=f"der Zahl seiner gewonnenen {noun[1]}",
                       per=f"für {GENDER_EVERY[gender]} {GENDER_TAKEN[gender]} {noun[0]}",
                       most=f"die meisten {noun[1]}", least=f"die wenigsten {noun[1]}",
                       everyone=f"die {noun[1]} aller {sw.pl} zusammen")
        return Qty("count", ("took", "took"), noun, f"no {noun[0]}",
                   np=f"the number of {noun[1]} {sw.pron} took",
                   per=f"for each {noun[0]} {sw.pron} took", most=f"the most {noun[1]}",
                   least=f"the fewest {noun[1]}",
                   everyone=f"the {noun[1]} of all {sw.pl} together")

    # -- numbers as words
    def value(self, e: m.Expr) -> str | None:
        """A number, an option or a numeric let as a short word; None for anything else."""
        if isinstance(e, m.Num):
            return str(e.value)
        if isinstance(e, m.Unary) and e.op == "-" and isinstance(e.arg, m.Num):
            return f"{MINUS}{e.arg.value}"
        if isinstance(e, m.Name) and (e.name in self.options or
                                      (e.name in self.lets and not self.is_bool_let(e))):
            return self.ref(e.name)
        if isinstance(e, m.Name) and e.name == "players":
            return self.pick("the number of players", "die Zahl der Spieler")
        if isinstance(e, m.Name) and e.name == "multiplier":
            return self.pick(*COLUMN_FACTOR)
        return None

    def the_others(self, e: m.Expr) -> tuple[str, str] | None:
        """`sum(x) - x`, what all the others have together, in words: 'the card points of
        the other teams', 'die Punkte der anderen Teams' (dative 'den Punkten ...')."""
        if not (isinstance(e, m.Binary) and e.op == "-" and isinstance(e.left, m.Call)
                and e.left.func == "sum" and len(e.left.args) == 1
                and formula(e.left.args[0]) == formula(e.right)):
            return None
        q = self.quantity(e.right)
        if q is None or q.kind != "count" or not q.noun[1]:
            return None
        noun, sw = q.noun[1], self.sw
        if not self.de:
            text = f"the {noun} of the other {sw.pl}"
            return text, text
        dative = noun if noun.endswith(("n", "s")) else f"{noun}n"
        return f"die {noun} der anderen {sw.pl}", f"den {dative} der anderen {sw.pl}"

    def noun_phrase(self, e: m.Expr) -> tuple[str, str]:
        """A number about one subject as a noun phrase: (nominative, German dative)."""
        if isinstance(e, m.RoleValue):
            return self.role_value(e)
        v = self.value(e)
        if v is not None:
            return v, v
        q = self.quantity(e)
        if q is not None and q.np:
            return q.np, q.np_dat or q.np
        others = self.the_others(e)
        if others is not None:
            return others
        terms = signed_terms(e)
        if any(sign < 0 for sign, _ in terms):  # a sum alone is said below
            signed = [(sign, self.noun_phrase(x)) for sign, x in terms]
            if all(worded(x, nom) for (_, x), (_, (nom, _)) in zip(terms, signed,
                                                                   strict=True)):
                head = MINUS if signed[0][0] < 0 else ""
                rest = "".join(f" {'plus' if s > 0 else 'minus'} {np[0]}"
                               for s, np in signed[1:])
                rest_dat = "".join(f" {'plus' if s > 0 else 'minus'} {np[1]}"
                                   for s, np in signed[1:])
                return head + signed[0][1][0] + rest, head + signed[0][1][1] + rest_dat
        if isinstance(e, m.Call) and e.func == "abs" and isinstance(e.args[0], m.Binary) \
                and e.args[0].op == "-":
            a = self.noun_phrase(e.args[0].left)
            b = self.noun_phrase(e.args[0].right)
            if self.de:
                return (f"der Unterschied zwischen {a[1]} und {b[1]}",
                        f"dem Unterschied zwischen {a[1]} und {b[1]}")
            text = f"the difference between {a[0]} and {b[0]}"
            return text, text
        if isinstance(e, m.IfElse) and self.about_the_hand(e.cond):
            text = f"({self.let_value(e)})"  # 'plus (50 if the hand is played in Guschti, ...)'
            return text, text
        if isinstance(e, m.IfElse):  # about the subject: 'minus (10 if it took ..., ...)'
            cond = self.pred(e.cond)
            then, other = self.noun_phrase(e.then)[0], self.noun_phrase(e.other)[0]
            pl = self.sw.pron == "they"
            if worded(e.then, then) and worded(e.other, other) and "`" not in cond.main():
                text = self.pick(f"({then} if {self.sw.pron} {cond.main(pl)}, otherwise "
                                 f"{other})",
                                 f"({then}, wenn {self.sw.pron} {cond.sub()}, sonst {other})")
                return text, text
        if isinstance(e, m.Binary) and e.op == "*":  # a fact times a constant factor
            coef, operand = self.split_product(e)
            if coef and operand is not None and not (isinstance(operand, m.Binary)
                                                     and operand.op == "*"):
                nom, dat = self.noun_phrase(operand)
                if isinstance(operand, m.Call) and operand.func == "abs":  # 'the difference
                    nom, dat = f"({nom})", f"({dat})"  # between a and b' is one factor
                if "`" not in nom:
                    coef_dat = f"dem {coef[4:]}" if coef.startswith("der ") else coef
                    return f"{nom} {TIMES} {coef}", f"{dat} {TIMES} {coef_dat}"
        if isinstance(e, m.Binary) and e.op == "+":
            parts = [self.noun_phrase(t) for t in flatten(e, "+")]
            if not any("`" in p[0] for p in parts):
                if self.de:
                    dat = f"{', '.join(p[1] for p in parts[:-1])} und {parts[-1][1]}"
                    return f"die Summe aus {dat}", f"der Summe aus {dat}"
                text = " plus ".join(p[0] for p in parts)
                return text, text
        code = f"`{formula(e)}`"
        return code, code

    # -- conditions about one subject
    def pred(self, e: m.Expr) -> Phrase:
        if isinstance(e, m.Name) and e.name in self.lets and self.is_bool_let(e):
            return self.pred(self.lets[e.name])
        if isinstance(e, m.Binary) and e.op in ("and", "or"):
            return self.joined(e.op, self.pred(e.left), self.pred(e.right))
        if isinstance(e, m.Unary) and e.op == "not":
            q = self.quantity(e.arg)
            if q is not None and q.unflag is not None:
                return q.unflag
            return self.negated(self.pred(e.arg))
        if isinstance(e, m.Call) and e.func in ("most", "least"):
            found = self.extreme(e)
            if found is not None:
                return found
        if isinstance(e, m.Binary) and e.op in CMP_IS["en"]:
            found = self.comparison(e)
            if found is not None:
                return found
        q = self.quantity(e)
        if q is not None and q.flag is not None:
            return q.flag
        return self.fallback(e)

    def fallback(self, e: m.Expr) -> Raw:
        code = f"`{formula(e)}`"
        if self.de:
            return Raw(f"erfüllt die Bedingung {code}", f"erfüllen die Bedingung {code}",
                       f"die Bedingung {code} erfüllt", f"die Bedingung {code} erfüllen")
        return Raw(f"meets the condition {code}", f"meet the condition {code}",
                   f"meets the condition {code}", f"meet the condition {code}")

    def negated(self, p: Phrase) -> Raw:
        inner = p.sub(True) if self.de else p.main(True)
        if self.de:
            return Raw(f"gehört nicht zu denen, die {inner}",
                       f"gehören nicht zu denen, die {inner}",
                       f"nicht zu denen gehört, die {inner}",
                       f"nicht zu denen gehören, die {inner}")
        return Raw(f"is not one of those who {inner}", f"are not among those who {inner}",
                   f"is not one of those who {inner}", f"are not among those who {inner}")

    def extreme(self, e: m.Call) -> Phrase | None:
        q = self.quantity(e.args[0])
        if q is None or not q.most:
            return None
        what = q.most if e.func == "most" else q.least
        among = ""
        if len(e.args) > 1:
            f = self.pred(e.args[1])
            among = self.pick(f"among those who {f.main(True)}",
                              f"unter denen, die {f.sub(True)},")
        if self.de:
            return Pred(True, ("hat", "haben"), words(among, q.prefix, what))
        return Pred(False, ("has", "have"), words(what, q.suffix, among))

    def comparison(self, e: m.Binary) -> Phrase | None:
        left, op, right = e.left, e.op, e.right
        if isinstance(left, m.Call) and left.func == "place" and isinstance(right, m.Num) \
                and op in ("=", "<="):
            return self.placed(left, op, right.value)
        if isinstance(left, m.Name) and isinstance(right, m.Num):
            if left.name == "rank" and op == "=":
                return self.ranked(right.value)
            if left.name == "sharing" and op == "=":
                return self.sharing(right.value)
        if isinstance(left, m.RoleValue):  # a number about the table, in a condition
            return self.table_compared(left, op, right)
        q = self.quantity(left)
        if q is None:
            return None
        if q.kind == "flag" and q.flag is not None and isinstance(right, m.Num):
            if (op, right.value) in (("=", 1), (">=", 1), (">", 0), ("!=", 0)):
                return q.flag
            if (op, right.value) in (("=", 0), ("<", 1), ("<=", 0), ("!=", 1)):
                return q.unflag if q.unflag is not None else self.negated(q.flag)
        if q.kind == "count":
            return self.counted(q, op, right)
        if q.kind == "value":
            return self.valued(q, op, right)
        return None

    def table_compared(self, left: m.RoleValue, op: str, right: m.Expr) -> Raw:
        """'the bid of the highest bidder is 257' (German with the verb
        last in a subordinate clause: '... 257 beträgt')."""
        nom = self.role_value(left)[0]
        v = self.value(right)
        other = v if v is not None else self.noun_phrase(right)[1 if self.de else 0]
        if self.de:
            cmp = {"=": "", "!=": "nicht", ">=": "mindestens", ">": "mehr als",
                   "<=": "höchstens", "<": "weniger als"}[op]
            amount = words(cmp, other)
            return Raw(f"{nom} beträgt {amount}", f"{nom} beträgt {amount}",
                       f"{nom} {amount} beträgt", f"{nom} {amount} beträgt")
        cmp = {"=": "is", "!=": "is not", ">=": "is at least", ">": "is more than",
               "<=": "is at most", "<": "is less than"}[op]
        return Raw(f"{nom} {cmp} {other}", f"{nom} {cmp} {other}", f"{nom} {cmp} {other}",
                   f"{nom} {cmp} {other}")

    def placed(self, e: m.Call, op: str, k: int) -> Phrase:
        """'place(score, playing) <= 2': at most one other has a higher value."""
        what = self.noun_phrase(e.args[0])
        among = ""
        if len(e.args) > 1:
            f = self.pred(e.args[1])
            among = self.pick(f" among those who {f.main(True)}",
                              f" unter denen, die {f.sub(True)},")
        higher = k - 1
        if higher == 0:  # the highest value, shared by equals
            if self.de:
                return Pred(True, ("liegt", "liegen"), f"{among} bei {what[1]} vorne".strip())
            return Pred(False, ("has", "have"), f"the highest {what[0]}{among}")
        if self.de:
            many = "höchstens" if op == "<=" else "genau"
            other = "anderen" if higher == 1 else "andere"
            return Pred(True, ("hat", "haben"),
                        f"{among} bei {what[1]} {many} {higher} {other} vor sich".strip())
        many = "at most" if op == "<=" else "exactly"
        noun = "other player" if higher == 1 else "other players"
        return Pred(False, ("has", "have"),
                    f"{many} {higher} {noun} ahead with a higher {what[0]}{among}")

    def counted(self, q: Qty, op: str, right: m.Expr) -> Phrase:
        v = self.value(right)
        if v is None:
            other = self.noun_phrase(right)[0]
            text = CMP_THAN[self.lang][op].format(noun=q.noun[1], other=other)
            return Pred(self.de, q.verb, words(q.prefix, text, q.suffix), q.tail)
        if isinstance(right, m.Num) and op == ">" and right.value == 0:
            op, v = ">=", "1"
        if isinstance(right, m.Num) and right.value == 0 and op in ("=", "<="):
            return Pred(self.de, q.verb, words(q.prefix, q.zero, q.suffix), q.tail)
        noun = q.noun[0] if v == "1" else q.noun[1]
        amount = f"{CMP_BEFORE[self.lang][op]}{v} {noun}"
        return Pred(self.de, q.verb, words(q.prefix, amount, q.suffix), q.tail)

    def valued(self, q: Qty, op: str, right: m.Expr) -> Phrase:
        v = self.value(right)
        if v is None:
            nom, dat = self.noun_phrase(right)
            v = dat if self.de else nom
        cmp = {
            "en": {"=": "equal to", "!=": "different from", ">=": "of at least",
                   ">": "of more than", "<=": "of at most", "<": "of less than"},
            "de": {"=": "gleich", "!=": "ungleich", ">=": "von mindestens", ">": "von mehr als",
                   "<=": "von höchstens", "<": "von weniger als"},
        }[self.lang][op]
        return Pred(self.de, q.verb, f"{q.a_noun} {cmp} {v}")

    def ranked(self, k: int) -> Pred:
        ordinal = ORDINALS[self.lang].get(k, f"{k}.")
        if self.de:
            return Pred(True, ("liegt", "liegen"), f"nach Punkten auf dem {ordinal} Platz")
        return Pred(False, ("ranks", "rank"), f"{ordinal} in card points")

    def sharing(self, k: int) -> Pred:
        sw = self.sw
        if k == 1:
            if self.de:
                return Pred(True, ("steht", "stehen"), "mit der eigenen Punktzahl allein")
            return Pred(False, ("has", "have"), "card points that nobody else has")
        others = k - 1
        if self.de:
            other = "anderer" if others == 1 else "andere"
            return Pred(True, ("hat", "haben"),
                        f"gleich viele Punkte wie genau {number_word('de', others)} {other}")
        noun = sw.sg if others == 1 else sw.pl
        return Pred(False, ("has", "have"), f"the same card points as exactly "
                    f"{number_word('en', others)} other {noun}")

    # -- conditions about the table
    def quantifier(self, q: m.Quant) -> tuple[str, bool]:
        """'exactly two players' and whether it is plural."""
        sw = self.sw
        if q.quantifier == "count":
            n = q.count or 0
            if self.de:
                return (f"genau {number_word('de', n)} {sw.sg if n == 1 else sw.pl}", n != 1)
            return f"exactly {number_word('en', n)} {sw.sg if n == 1 else sw.pl}", n != 1
        en = {"none": (f"no {sw.sg}", False), "some": (f"at least one {sw.sg}", False),
              "every": (f"every {sw.sg}", False),
              "all_but_one": (f"all {sw.pl} but one", True)}
        one_de = "einen" if self.subject == "player" else "eines"
        de = {"none": (f"{sw.no} {sw.sg}", False), "some": (f"mindestens {sw.a} {sw.sg}", False),
              "every": (f"{sw.every} {sw.sg}", False),
              "all_but_one": (f"alle {sw.pl} bis auf {one_de}", True)}
        return (de if self.de else en)[q.quantifier]

    def quant_size(self, q: m.Quant) -> str | None:
        """How many subjects the quantifier counts, as a formula (for the sharing shape)."""
        return {"count": str(q.count), "all_but_one": "players - 1",
                "every": "players"}.get(q.quantifier)

    def shared(self, q: m.Quant) -> Pred | None:
        """'exactly two players share the most card points' from sharing = 2 [and most(..)]."""
        parts = [q.body]
        if isinstance(q.body, m.Binary) and q.body.op == "and":
            parts = [q.body.left, q.body.right]
        share = [p for p in parts if isinstance(p, m.Binary) and p.op == "=" and
                 isinstance(p.left, m.Name) and p.left.name == "sharing"]
        size = self.quant_size(q)
        if len(share) != 1 or size is None or formula(share[0].right) != size:
            return None
        rest = [p for p in parts if p is not share[0]]
        what = self.pick("the same card points", "gleich viele Punkte")
        if rest:
            r = rest[0]
            if not (isinstance(r, m.Call) and r.func in ("most", "least") and len(r.args) == 1
                    and isinstance(r.args[0], m.Name) and r.args[0].name == "points"):
                return None
            most = r.func == "most"
            what = self.pick("the most card points" if most else "the fewest card points",
                             "gemeinsam die meisten Punkte" if most else
                             "gemeinsam die wenigsten Punkte")
        if self.de:
            return Pred(True, ("hat", "haben"), what)
        return Pred(False, ("shares", "share"), what)

    def in_modes(self, modes: list[m.InMode]) -> Phrase:
        """'the hand is played in Obenabe or Undenufe', '♠ Spades or ♣ Clubs is trump'."""
        suits = [x.mode for x in modes if x.mode in SUIT_LETTERS or x.mode == "suits"]
        others = [x.mode for x in modes if x.mode not in SUIT_LETTERS and x.mode != "suits"]
        parts: list[Raw] = []
        if suits:
            if "suits" in suits:
                key, fields = "in.suits", {}
            else:
                names = [suit_prose(self.lang, SUIT_LETTERS[x]) for x in dict.fromkeys(suits)]
                key, fields = "in.suit", {"suit": join_words(self.lang, names, "or")}
            parts.append(self.raw(key, fields))
        if others:
            names = [mode_prose(self.lang, self.rf, x) for x in dict.fromkeys(others)]
            parts.append(self.raw("in.mode", {"mode": join_words(self.lang, names, "or")}))
        return parts[0] if len(parts) == 1 else Join(tuple(parts), self.t("or"))

    def raw(self, key: str, fields: dict[str, str]) -> Raw:
        main, sub = self.t(f"{key}.main", **fields), self.t(key, **fields)
        return Raw(main, main, sub, sub)

    def joined(self, op: str, left: Phrase, right: Phrase) -> Join:
        """'A and B' / 'A or B'; a part that joins with the other word is marked as a group,
        so the brackets of the file show: `a and (b or c)` is 'a and either b or c',
        `(a and b) or c` is 'both a and b, or c' (German 'entweder sowohl a als auch b,
        oder c')."""
        other = self.t("or" if op == "and" else "and")
        mixed = [isinstance(p, Join) and p.word == other for p in (left, right)]
        first, second = (self.grouped(p) if isinstance(p, Join) and mix else p
                         for p, mix in zip((left, right), mixed, strict=True))
        if op == "or" and any(mixed) and self.de:
            first = framed(first, "entweder ", "")
        return Join((first, second), self.t(op))

    def grouped(self, j: Join) -> Group:
        """A joined phrase as one group: 'either a or b', 'both a and b'."""
        either = j.word == self.t("or")
        lead = self.pick("either" if either else "both", "entweder" if either else "sowohl")
        word = j.word if either or not self.de else "als auch"
        inner = Join(j.parts, word)
        return Group(f"{lead} {inner.main()}", f"{lead} {inner.main(True)}",
                     f"{lead} {inner.sub()}", f"{lead} {inner.sub(True)}")

    def stmt(self, e: m.Expr) -> Phrase:
        if isinstance(e, m.InMode):
            return self.in_modes([e])
        if isinstance(e, m.Name) and e.name in self.options and all(
                c.option in ("yes", "no") for c in self.options[e.name].choices):
            return self.raw("option.on", {"name": safe.code(e.name)})
        if isinstance(e, m.Binary) and e.op == "or":
            leaves = flatten(e, "or")
            if all(isinstance(x, m.InMode) for x in leaves):
                return self.in_modes([x for x in leaves if isinstance(x, m.InMode)])
        if isinstance(e, m.Quant):
            positive = self.none_who_not(e)
            if positive is not None:
                return positive
            who, pl = self.quantifier(e)
            body: Phrase | None = self.shared(e)
            if body is None:
                body = self.pred(e.body)
            return self.with_subject(body, who, pl)
        if isinstance(e, m.Name) and self.is_bool_let(e):
            return self.stmt(self.lets[e.name])
        if isinstance(e, m.Binary) and e.op in ("and", "or"):
            merged = self.merged_or(e)
            if merged is not None:
                return merged
            return self.joined(e.op, self.stmt(e.left), self.stmt(e.right))
        if isinstance(e, m.Unary) and e.op == "not" and isinstance(e.arg, m.Binary) \
                and e.arg.op in INVERSE:
            found = self.table_comparison(e.arg.left, INVERSE[e.arg.op], [e.arg.right])
            if found is not None:
                return found
        if isinstance(e, m.Unary) and e.op == "not":
            inner = self.stmt(e.arg)
            if self.de:
                text = f"es trifft nicht zu, dass {inner.sub()}"
                return Raw(text, text, f"es nicht zutrifft, dass {inner.sub()}",
                           f"es nicht zutrifft, dass {inner.sub()}")
            text = f"it is not the case that {inner.main()}"
            return Raw(text, text, text, text)
        if isinstance(e, m.Binary) and e.op in CMP_IS["en"]:
            found = self.table_comparison(e.left, e.op, [e.right]) or self.option_is(e)
            if found is not None:
                return found
        code = f"`{formula(e)}`"
        holds = self.pick(f"{code} holds", f"{code} gilt")
        return Raw(holds, holds, holds, holds)

    def option_is(self, e: m.Binary) -> Phrase | None:
        """An option compared with one of its values: 'the option `target` is `2500`'
        ('die Option `target` ist `2500`'), 'is at least `1200`', 'is not `2500`'."""
        option, value = e.left, e.right
        if not (isinstance(option, m.Name) and option.name in self.options):
            return None
        if isinstance(value, m.Num):
            shown = str(value.value)
        elif isinstance(value, m.Name) and value.name not in self.options:
            shown = value.name
        else:
            return None
        key = "option.is" if e.op in ("=", "!=") else "option.cmp"  # German: 'steht auf'
        return self.raw(key, {"name": safe.code(option.name),
                                      "cmp": CMP_IS[self.lang][e.op],
                                      "value": typed_value(self.lang, self.rf, shown)})

    def none_who_not(self, q: m.Quant) -> Phrase | None:
        """'no player who does not play has a gain other than 0' said without a double
        negative: 'every player who does not play has a gain equal to 0'."""
        body = q.body
        if not (q.quantifier == "none" and isinstance(body, m.Binary) and body.op == "and"
                and isinstance(body.left, m.Unary) and body.left.op == "not"
                and isinstance(body.right, m.Binary) and body.right.op in INVERSE):
            return None
        claim = body.right
        flipped = m.Binary(pos=claim.pos, op=INVERSE[claim.op], left=claim.left,
                           right=claim.right)
        who, has, sw = self.pred(body.left), self.pred(flipped), self.sw
        if self.de:
            subject = f"{sw.every} {sw.sg}, {sw.rel} {who.sub()},"
        else:
            subject = f"every {sw.sg} who {who.main()}"
        return Raw(f"{subject} {has.main()}", f"{subject} {has.main()}",
                   f"{subject} {has.sub()}", f"{subject} {has.sub()}")

    def with_subject(self, p: Phrase, who: str, pl: bool) -> Phrase:
        if isinstance(p, Pred):
            return Pred(p.de, p.fin, p.middle, p.tail, subj=who, pl=pl)
        return Raw(f"{who} {p.main(pl)}", f"{who} {p.main(pl)}", f"{who} {p.sub(pl)}",
                   f"{who} {p.sub(pl)}")

    def merged_or(self, e: m.Binary) -> Phrase | None:
        """'x = 1 or x = 6' as 'x is 1 or 6'."""
        if e.op != "or":
            return None
        left, right = e.left, e.right
        if not (isinstance(left, m.Binary) and isinstance(right, m.Binary)
                and left.op == right.op == "=" and same(left.left, right.left)):
            return None
        if self.table_quantity(left.left) is None:
            return None
        return self.table_comparison(left.left, "=", [left.right, right.right])

    def table_quantity(self, e: m.Expr) -> TableQty | None:
        is_ = ("is", "ist")
        if isinstance(e, m.Name) and e.name == "hand":
            return TableQty(self.pick("the hand number", "die Nummer der Runde"), is_)
        if isinstance(e, m.Name) and e.name == "players":
            return TableQty(self.pick("the number of players at the table",
                                      "die Zahl der Spieler am Tisch"), is_)
        if isinstance(e, m.Name) and e.name == "multiplier":
            return TableQty(self.pick("the multiplier of the column played",
                                      "der Multiplikator der gespielten Spalte"), is_)
        if isinstance(e, m.Name) and e.name == "points-in-play":
            return TableQty(self.pick("the card points of the cards in play",
                                      "die Kartenpunkte der Karten im Spiel"), is_)
        if isinstance(e, m.Call) and e.func == "sum":
            q = self.quantity(e.args[0])
            if q is not None and q.everyone:
                return TableQty(q.everyone, ("add up to", "ergeben"))
        if isinstance(e, m.Call) and e.func == "abs":
            inner = self.table_quantity(e.args[0])
            if inner is not None:
                return TableQty(self.pick(f"{inner.np}, counted without sign,",
                                          f"{inner.np}, ohne Vorzeichen gezählt,"),
                                inner.verb)
        if isinstance(e, m.Call) and e.func == "count":
            f = self.pred(e.args[0])
            sw = self.sw
            return TableQty(self.pick(f"the number of {sw.pl} {sw.rel} {f.main(True)}",
                                      f"die Zahl der {sw.pl}, die {f.sub(True)},"), is_)
        return None

    def table_np(self, e: m.Expr) -> str:
        """A number about the table as a noun phrase; a sum of such numbers, or one times a
        named number, in words ('the card points of all teams together plus the Weis
        points of all teams together', '*factor* times (...)'), else the formula."""
        tq = self.table_quantity(e)
        if tq is not None:
            return tq.np
        code = f"`{formula(e)}`"
        if isinstance(e, m.Binary) and e.op == "+":
            parts = [self.table_np(t) for t in flatten(e, "+")]
            return code if any("`" in p for p in parts) else " plus ".join(parts)
        if isinstance(e, m.Binary) and e.op == "*":
            for named, other in ((e.left, e.right), (e.right, e.left)):
                v = self.value(named)
                rest = self.table_np(other)
                if v is not None and "`" not in rest:
                    grouped = isinstance(other, m.Binary) and other.op in ("+", "-")
                    return f"{v} {TIMES} ({rest})" if grouped else f"{v} {TIMES} {rest}"
        return code

    def table_comparison(self, left: m.Expr, op: str, rights: list[m.Expr]) -> Phrase | None:
        if isinstance(left, m.Call) and left.func == "count" and op == "=" and \
                len(rights) == 1 and isinstance(rights[0], m.Num):
            n = rights[0].value
            subject: Literal["player", "team"] = "team" if self.rf.teams else "player"
            quant = m.Quant(pos=left.pos, quantifier="count" if n else "none", count=n or None,
                            subject=subject, body=left.args[0])
            return self.stmt(quant)
        tq = self.table_quantity(left)
        if tq is None:
            return None
        values = [self.value(r) or self.table_np(r) for r in rights]
        joined = f" {self.t('or')} ".join(values)
        if isinstance(left, m.Name) and left.name == "hand" and op == "=":
            if self.de:
                return Pred(True, ("ist", "ist"), f"Runde {joined}", subj="es", pl=False)
            return Pred(False, ("is", "is"), f"hand {joined}", subj="this", pl=False)
        verb = tq.verb[1] if self.de else tq.verb[0]
        cmp = CMP_IS[self.lang][op]
        if op == "!=" and verb not in ("is", "ist"):  # "do not add up to 9"
            verb, cmp = (verb, "nicht ") if self.de else (f"do not {verb}", "")
        return Pred(self.de, (verb, verb), f"{cmp}{joined}", subj=tq.np, pl=False)

    # -- awards
    def amount(self, e: m.Expr, unit: str) -> str:
        """'2 sticks', '5 points for each trick they took', 'penalties equal to ...'."""
        v = self.value(e)
        if isinstance(e, m.Num):
            return f"{e.value} {self.unit(unit, e.value)}"
        if v is not None:
            return f"{v} {self.unit(unit)}"
        coef, rest = self.split_product(e)
        if rest is None:
            return f"{coef} {self.unit(unit)}"
        term = self.term(coef, rest, unit)
        if term is not None:
            return term
        if isinstance(rest, m.Binary) and rest.op == "+":
            terms = [self.term(*self.split_product(t), None) for t in flatten(rest, "+")]
            if all(t is not None for t in terms):
                body = ", plus ".join(t for t in terms if t is not None)
                return f"{self.unit(unit)}: " + (f"{coef} {TIMES} ({body})" if coef else body)
        nom, _ = self.noun_phrase(rest)
        wordy = is_column_factor(coef)  # the column's multiplier, after what it multiplies
        if coef and not wordy and isinstance(rest, m.Binary) and rest.op in ("+", "-"):
            nom = f"({nom})"  # times binds closer than plus: the bracket keeps the sum whole
        scaled = f"{nom} {TIMES} {coef}" if wordy else f"{coef} {TIMES} {nom}" if coef else nom
        if self.de:
            return f"so viele {self.unit(unit)}, wie {scaled} beträgt"
        return f"{self.unit(unit)} equal to {scaled}"

    def split_product(self, e: m.Expr) -> tuple[str, m.Expr | None]:
        """A product as its constant factors (in words) and the one other factor, if any."""
        factors = flatten(e, "*")
        consts = [f for f in factors if self.value(f) is not None]
        others = [f for f in factors if self.value(f) is None]
        coef = f" {TIMES} ".join(self.value(f) or "" for f in consts)
        if len(others) > 1:
            return coef, e if not consts else _product(others)
        return coef, others[0] if others else None

    def term(self, coef: str, rest: m.Expr | None, unit: str | None) -> str | None:
        """'5 points for each trick they took' or '50 points if they took the last trick'."""
        if rest is None:
            return coef or None
        q = self.quantity(rest)
        if q is None or is_column_factor(coef):  # the column's multiplier: said whole
            return None
        coef = coef or "1"
        label = f" {self.unit(unit, 1 if coef == '1' else None)}" if unit else ""
        if q.kind == "count" and q.per:
            return f"{coef}{label} {q.per}"
        if q.kind == "flag" and q.flag is not None:
            if self.de:
                return f"{coef}{label}, falls {self.sw.pron} {q.flag.sub()}"
            return f"{coef}{label} if {self.sw.pron} {q.flag.main()}"
        return None

    def bound_plural(self, condition: m.Expr | None) -> bool:
        quants = (q for q in m.walk(condition) if isinstance(q, m.Quant)) if condition else ()
        first = next(iter(quants), None)
        return not (first is not None and first.quantifier == "count" and first.count == 1)

    def target(self, t: m.Target, bound_pl: bool) -> tuple[str, bool, str]:
        """(noun phrase, plural, condition in front) for an award's target."""
        sw = self.sw
        if t.kind == "bound":
            if self.de:
                return (f"diese {sw.pl}" if bound_pl else f"{sw.this} {sw.sg}"), bound_pl, ""
            return (f"those {sw.pl}" if bound_pl else f"that {sw.sg}"), bound_pl, ""
        if t.kind == "others":
            return f"{sw.other} {sw.sg}", False, ""
        if t.kind == "every":
            return f"{sw.every} {sw.sg}", False, ""
        if t.kind == "lot" and t.inner is not None:
            pool = self.pool(t.inner, bound_pl)
            return self.pick(f"one {sw.sg} drawn by lot from {pool}",
                             f"ein ausgelost{'er' if self.subject == 'player' else 'es'} "
                             f"{sw.sg} unter {pool}"), False, ""
        f = self.pred(t.filter) if t.filter is not None else self.fallback(m.Num(pos=t.pos,
                                                                                  value=1))
        if t.kind == "subset" and isinstance(t.filter, m.Name) and t.filter.name in ROLES:
            return self.role_holder(ROLES[t.filter.name]), False, ""  # one player holds it
        if t.kind == "subset":
            return self.pick(f"every {sw.sg} who {f.main()}",
                             f"{sw.every} {sw.sg}, {sw.rel} {f.sub()},"), False, ""
        n = t.count or 1
        if n == 1 and isinstance(t.filter, m.Name) and t.filter.name in ROLES:
            return self.role_holder(ROLES[t.filter.name]), False, ""
        if n == 1:
            cond = self.pick(f"if exactly one {sw.sg} {f.main()}",
                             f"wenn genau {sw.a} {sw.sg} {f.sub()}")
            return self.pick(f"that {sw.sg}", f"{sw.this} {sw.sg}"), False, cond
        cond = self.pick(f"if exactly {number_word('en', n)} {sw.pl} {f.main(True)}",
                         f"wenn genau {number_word('de', n)} {sw.pl} {f.sub(True)}")
        return self.pick("they", "sie"), True, cond

    def role_holder(self, role: Role) -> str:
        """The one subject holding a role, as the subject of an award: 'the highest
        bidder', 'the team of the highest bidder', 'das Team des Spielers, der den Trumpf
        gewählt hat,' (a role is held by one player, so no 'if exactly one')."""
        if self.subject != "team":
            return role.de_np(0) if self.de else role.doc
        return self.pick(f"the {self.sw.sg} of {role.doc}", f"das {self.sw.sg} {role.de_np(2)}")

    def pool(self, t: m.Target, bound_pl: bool) -> str:
        """The players a lot is drawn from, after 'from' / 'unter' (dative)."""
        sw = self.sw
        if t.kind == "subset" and t.filter is not None:
            f = self.pred(t.filter)
            return self.pick(f"the {sw.pl} who {f.main(True)}", f"denen, die {f.sub(True)},")
        if t.kind == "others":
            return self.pick("the others", "den anderen")
        if t.kind == "bound":
            return self.pick(f"those {sw.pl}", "diesen")
        return self.pick(f"all {sw.pl}", f"allen {sw.pl}{'n' if self.subject == 'player' else ''}")

    def award(self, a: m.Award, bound_pl: bool) -> str:
        np, pl, cond = self.target(a.target, bound_pl)
        unit = a.unit.text if a.unit is not None else self.main_unit()
        amount = self.amount(a.amount, unit)
        if a.verb == "scores" and self.quantity(a.amount) is not None:
            amount = self.noun_phrase(a.amount)[0]
            if unit_word("en", *self.unit_words.get(unit, (unit, unit))) not in ("points",
                                                                              "point"):
                amount += self.pick(f" as {self.unit(unit)}", f" als {self.unit(unit)}")
        return self.de_award(a.verb, np, pl, cond, amount) if self.de else \
            self.en_award(a.verb, np, pl, cond, amount)

    def en_award(self, verb: str, np: str, pl: bool, cond: str, amount: str) -> str:
        each = " each" if pl and verb in ("gets", "loses") else ""
        forms = {"gets": ("gets", "get"), "loses": ("loses", "lose"),
                 "scores": ("scores", "score"), "holds": ("holds", "hold")}[verb]
        tail = " in abeyance between them" if verb == "holds" and pl else \
            " in abeyance" if verb == "holds" else ""
        text = f"{np} {forms[pl]} {amount}{each}{tail}"
        return f"{cond}, {text}" if cond else text

    def de_award(self, verb: str, np: str, pl: bool, cond: str, amount: str) -> str:
        if verb == "holds":
            core = ("wird", f"für {de_accusative(np)} {amount}", "zurückgestellt")
            if cond:
                return f"{cond}, {core[0]} {core[1]} {core[2]}"
            return f"{core[1]} {core[0]} {core[2]}"
        fin = {"gets": ("erhält", "erhalten"), "loses": ("verliert", "verlieren"),
               "scores": ("schreibt", "schreiben")}[verb][pl]
        rest = f"je {amount}" if pl and verb != "scores" else amount
        tail = " an" if verb == "scores" else ""
        cut = min((i for i in (rest.find(": "), rest.find(", wie ")) if i >= 0), default=-1)
        if tail and cut >= 0:  # the separable 'an' goes before a list or a 'wie' clause
            rest, tail = f"{rest[:cut]} an{rest[cut:]}", ""
        if cond:
            return f"{cond}, {fin} {np} {rest}{tail}"
        return f"{np} {fin} {rest}{tail}"

    # -- whole statements
    def condition_line(self, c: m.Clause) -> str:
        if c.condition is None:  # a rule with nothing before it applies in every case
            first = bool(self.rf.clauses) and self.rf.clauses[0] is c
            return self.t("cond.always" if first else "cond.otherwise")
        phrase = self.stmt(c.condition)
        return self.t("cond.if", cond=phrase.sub() if self.de else phrase.main())

    def awards(self, c: m.Clause) -> list[str]:
        bound_pl = self.bound_plural(c.condition)
        return [self.award(a, bound_pl) for a in c.awards]

    def clause_text(self, c: m.Clause) -> str:
        """The whole clause as one paragraph."""
        parts = self.awards(c)
        return f"{self.condition_line(c)} {'; '.join(parts)}."

    def end_condition(self, e: m.Expr) -> str:
        phrase = self.stmt(e)
        return phrase.sub() if self.de else phrase.main()

    def about_the_hand(self, e: m.Expr) -> bool:
        """Whether a condition asks only about the hand, not about one player or team: its
        mode (`in NAME`), yes/no options, numbers and the hand's number."""
        table = ("hand", "players", "points-in-play")
        for x in m.walk(e, lets=self.lets):
            if isinstance(x, m.Name) and x.name not in table and x.name not in self.options \
                    and x.name not in self.lets:
                return False
            if not isinstance(x, (m.Name, m.Num, m.InMode, m.Binary, m.Unary)):
                return False
        return True

    def let_value(self, e: m.Expr) -> str:
        if isinstance(e, m.IfElse):
            cond = self.stmt(e.cond)
            then, other = self.let_value(e.then), self.let_value(e.other)
            if self.de:
                return f"{then}, wenn {cond.sub()}, sonst {other}"
            return f"{then} if {cond.main()}, otherwise {other}"
        v = self.value(e)
        if v is None and isinstance(e, m.Binary) and e.op == "*":  # *a* times *b*
            left, right = self.value(e.left), self.value(e.right)
            if left is not None and right is not None:
                return f"{left} {TIMES} {right}"
        return v if v is not None else self.noun_phrase(e)[0]

    def where(self) -> list[str]:
        """Definitions of the lets and options named so far (and of lets they name)."""
        out: list[str] = []
        done: set[str] = set()
        while len(done) < len(self.refs):
            name = next(n for n in self.refs if n not in done)
            done.add(name)
            if name in self.lets:
                out.append(self.t("let.def", name=self.named(name),
                                  value=self.let_value(self.lets[name])))
            elif name in self.options:
                default = own_name(self.lang, self.rf, self.options[name].default.word())
                out.append(self.t("option.ref", name=self.named(name), value=default))
        return out


# `in NAME` of a suit: its letter
SUIT_LETTERS = {"D": "D", "H": "H", "S": "S", "C": "C", "diamonds": "D", "hearts": "H",
                "spades": "S", "clubs": "C"}


def mode_prose(lang: Lang, rf: m.RuleFile, name: str) -> str:
    """A mode in a sentence: a suit with its symbol and names, Obenabe, Undenufe, or the
    title of a mode the file defines (its German title on a German page)."""
    if name in SUIT_LETTERS:
        return suit_prose(lang, SUIT_LETTERS[name])
    if name in ("obenabe", "undenufe"):
        return say(lang, f"fallback.{name}")
    d = next((x for x in rf.modes if x.name == name), None)
    if d is None:
        return name
    return (d.title_german if lang == "de" and d.title_german else d.title) or name


def own_name(lang: Lang, rf: m.RuleFile, name: str) -> str:
    """A name the file gives (a pile, a Weis table, an option value, a let) in the page's
    language: on a German page the file's German word for it, else a language word's German
    (yes, no, none), else the name itself."""
    if lang == "en":
        return name
    given = next((n.german for n in rf.german_names if n.name == name), None)
    if given is not None:
        return given
    word = f"word.{name}"
    return say(lang, word) if word in TEXT else name


def typed_value(lang: Lang, rf: m.RuleFile | None, word: str) -> str:
    """An option's value as the pages show it: as typed after `--option` (`ace`), on a
    German page after its German word where there is one ('*Ass* (`ace`)')."""
    named = own_name(lang, rf, word) if rf is not None else word
    return f"*{named}* ({safe.code(word)})" if named != word else safe.code(word)


# the scoresheet's multiplier as a factor in words (English, German)
COLUMN_FACTOR = ("the multiplier of the column played", "der Multiplikator der gespielten Spalte")


def is_column_factor(coef: str) -> bool:
    """Whether a product's constant factors, in words, hold the column's multiplier."""
    return any(phrase in coef for phrase in COLUMN_FACTOR)


def de_accusative(np: str) -> str:
    """German accusative of a masculine singular noun phrase ('dieser' -> 'diesen')."""
    for nom, acc in (("dieser ", "diesen "), ("jeder ", "jeden "), ("ein ausgeloster ",
                                                                     "einen ausgelosten ")):
        if np.startswith(nom):
            return acc + np[len(nom):]
    return np


# Weis and Stöck facts as plural nouns: English ({pron}: they / it), German
BONUS_NOUNS = bonus_nouns(FACTS)


def signed_terms(e: m.Expr, sign: int = 1) -> list[tuple[int, m.Expr]]:
    """A chain of + and - as its terms with their signs: a - (b + c) -> +a, -b, -c."""
    if isinstance(e, m.Binary) and e.op in ("+", "-"):
        return [*signed_terms(e.left, sign),
                *signed_terms(e.right, sign if e.op == "+" else -sign)]
    return [(sign, e)]


def flatten(e: m.Expr, op: str) -> list[m.Expr]:
    if isinstance(e, m.Binary) and e.op == op:
        return [*flatten(e.left, op), *flatten(e.right, op)]
    return [e]


def _product(factors: list[m.Expr]) -> m.Expr:
    out = factors[0]
    for f in factors[1:]:
        out = m.Binary(pos=f.pos, op="*", left=out, right=f)
    return out


def is_boolean(e: m.Expr) -> bool:
    """Whether an expression is a condition (for inlining a let into prose)."""
    if isinstance(e, m.Quant):
        return True
    if isinstance(e, m.Unary):
        return e.op == "not"
    if isinstance(e, m.Binary):
        return e.op in ("and", "or", "=", "!=", "<", "<=", ">", ">=")
    if isinstance(e, m.Call):
        return e.func in ("most", "least")
    if isinstance(e, m.InMode):
        return True
    return isinstance(e, m.Name) and e.name in ("match", "last", "playing")


def worded(e: m.Expr, text: str) -> bool:
    """Whether a noun phrase is words, not the whole formula it fell back to (an option's
    name in code counts as words)."""
    return isinstance(e, m.Name) or text != f"`{formula(e)}`"
