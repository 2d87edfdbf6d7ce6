"""The talon: the holder of a role known before trump (the highest bidder) takes a pile of
the table into the hand and lays away as many cards, one `discard` action per card; the
laid-away cards count for a role (`, which count for bidder`) or for nobody.

`talon: bidder takes pile talon and lays away as many, which count for bidder`

Everything about the talon but its grammar lines and model node is here (its words
too); the phase is `engine/talon.py`."""

from __future__ import annotations

from typing import Any

from jassdsl import model as m
from jassdsl.actions import Action
from jassdsl.bots import View, table_for
from jassdsl.cards import CARD_INDEX, CARD_NAMES
from jassdsl.compiler import role_index
from jassdsl.engine import Game
from jassdsl.engine.events import TalonTaken
from jassdsl.engine.talon import Talon, TalonConfig
from jassdsl.mechanism import Mechanism, Prompt
from jassdsl.rulebook.render import pile, pile_name
from jassdsl.rulebook.words import Lang
from jassdsl.roles import ROLES

# the roles that may take the talon: known once the auction is over, before trump
TAKERS = ("bidder",)

WORDS: dict[str, tuple[str, str]] = {
    "rule": (
        "Once the auction is over, {who} takes the {pile} into the hand without showing it "
        "and then lays away as many cards, face down; nobody else sees them.",
        "Nach der Versteigerung nimmt {who} {pile} auf, ohne ihn zu zeigen, und legt "
        "dann gleich viele Karten verdeckt weg; niemand sonst sieht sie.",
    ),
    "counts": (
        "The laid-away cards count for {who} as if taken in a trick.",
        "Die weggelegten Karten zählen für {who}, als hätte er sie mit einem Stich gemacht.",
    ),
    "nobody": (
        "The laid-away cards count for nobody.",
        "Die weggelegten Karten zählen für niemanden.",
    ),
    "ask": ("lay away which card? (number or card name): ",
            "welche Karte weglegen? (Nummer oder Kartenname): "),
    "label": ("Lay away {card}", "{card} weglegen"),
    "took": ("{name} takes the talon ({n} cards)", "{name} nimmt den Talon ({n} Karten)"),
    "you_took": ("you take the talon: {cards}", "Sie nehmen den Talon: {cards}"),
}


def say(lang: Lang, key: str, **fields: object) -> str:
    en, de = WORDS[key]
    return (en if lang == "en" else de).format(**fields)


def check(c: Any, rf: m.RuleFile) -> None:
    """A role known before trump takes a pile of the table; what it lays away counts for a
    role or for nobody."""
    t = rf.talon
    if t is None:
        return
    role = c.role_word(rf, t.who.pos, t.who.text)
    if role is None or role.name not in TAKERS:
        c.error(t.who.pos, "role", f"{t.who.text!r} cannot take the talon: it goes to a "
                f"role known once the auction is over; write "
                f"{' or '.join(repr(x) for x in TAKERS)}")
    c.table_pile(rf, t.pile)
    if t.counts_for is not None and t.counts_for.text != "nobody":
        if c.role_word(rf, t.counts_for.pos, t.counts_for.text) is None:
            c.error(t.counts_for.pos, "unknown-name", f"{t.counts_for.text!r} is no role; "
                    "laid-away cards count for a role (the bidder) or for 'nobody'")


def compile_talon(rf: m.RuleFile, options: dict[str, int | str]) -> TalonConfig | None:
    t = rf.talon
    if t is None:
        return None
    counts = t.counts_for.text if t.counts_for is not None else "nobody"
    return TalonConfig(role_index(t.who.text), t.pile.text,
                       role_index(counts) if counts != "nobody" else -1)


def ask(game: Game, lang: Lang) -> str:
    return say(lang, "ask")


def read(game: Game, text: str, legal: list[Action]) -> Action | str | None:
    """A card to lay away, by its name."""
    words = text.lower().split()
    if len(words) == 1 and words[0].upper() in CARD_INDEX:
        action = Action("discard", CARD_INDEX[words[0].upper()])
        return action if action in legal else f"{words[0].upper()} is not in your hand"
    return None


def label(words: Any, a: Action) -> str:
    """A button of the browser table."""
    return say(words.lang, "label", card=words.card_text(a.value))


def narrate(n: Any, e: TalonTaken) -> list[str]:
    """Everybody hears that the talon is taken; only its taker hears its cards."""
    if not n.live:
        return []
    if e.seat == n.you:
        return [say(n.lang, "you_took", cards=" ".join(CARD_NAMES[c] for c in e.cards))]
    return [say(n.lang, "took", name=n.names[e.seat], n=len(e.cards))]


def keep_value(hand: tuple[int, ...], table: Any) -> dict[int, tuple[int, int, int]]:
    """How much the bot wants to keep each card: a trump, a card that wins by rank, a
    long suit and points; a lone card without points in a short suit goes first."""
    length: dict[int, int] = {}
    for c in hand:
        length[c // 9] = length.get(c // 9, 0) + 1
    best = {s: max((table.strength[c] for c in hand if c // 9 == s), default=-1)
            for s in length}
    return {c: (int(c // 9 == table.trump), table.strength[c] + 9 * length[c // 9]
                + (20 if table.strength[c] == best[c // 9] else 0), table.points[c])
            for c in hand}


def policy(game: Game, view: View, legal: list[Action]) -> Action:
    """Lay away the weakest card: no trump, a short suit's low card, few points (they
    count for the bidder anyway where the file says so)."""
    table = table_for(game.rules, view.trump if view.trump >= 0 else best_mode(game, view))
    value = keep_value(view.hand, table)
    cards = [a.value for a in legal]
    return Action("discard", min(cards, key=lambda c: value[c]))


def best_mode(game: Game, view: View) -> int:
    """The trump the bot will choose after laying away: the suit it holds most of."""
    r = game.rules
    modes = r.trump_choices or tuple(r.modes)
    return max(modes, key=lambda x: sum(1 for c in view.hand if c // 9 == x))


def describe(lang: Lang, rf: m.RuleFile) -> list[str]:
    """Said with the declarations, after the auction."""
    t = rf.talon
    if t is None:
        return []
    role = ROLES[t.who.text]
    who = role.doc if lang == "en" else role.de_head[0]
    talon = (pile if lang == "en" else pile_name)(lang, rf, t.pile.text)
    out = [say(lang, "rule", who=who, pile=talon)]
    counts = t.counts_for.text if t.counts_for is not None else "nobody"
    if counts == "nobody":
        out[0] += " " + say(lang, "nobody")
    else:
        whom = ROLES[counts]
        out[0] += " " + say(lang, "counts", who=whom.doc if lang == "en" else whom.de_head[1])
    return out


TALON = Mechanism(
    name="talon",
    statements={m.Talon: "talon"},
    check=check,
    compile=compile_talon,
    phase=Talon,
    kinds=("discard",),
    prompt=Prompt(ask=ask, read=read),
    label=label,
    narrate={TalonTaken: narrate},
    policy=policy,
    describe={"declare": describe},
)
