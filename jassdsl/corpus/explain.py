"""Why a conformance case failed, told so that an engine author can act on it.

A failed case is shown the way a player reads the position (the hand by suit, the trick
with who led it, trump and mode), then what the corpus expects and why (the reason of
each excluded card, the clause that fired, the rule text in the rulebook's own words,
the case's tags and origin), what the engine answered, and the difference in one line:
``S10 should be excluded: undertrump; your engine allowed it``.

Everything here reads untrusted engine output: any value of ``got`` is shown, never
trusted to have a shape.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from jassdsl.core import settings
from jassdsl.core.cards import RANKS, SUIT_NAMES, SUITS
from jassdsl.corpus.engine import shown
from jassdsl.corpus.models import canonical
from jassdsl.corpus.protocol import normal

ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th")
REASON_WORDS = {
    "follow": "the suit led must be followed",
    "follow-trump": "trump was led and must be followed",
    "undertrump": "undertrump",
}
MARKUP = re.compile(r"[*`]")


@dataclass
class Explanation:
    """One failed case, told in words: `difference` is the line that names the rule."""

    difference: str
    position: list[str] = field(default_factory=list)
    expected: list[str] = field(default_factory=list)
    rule: list[str] = field(default_factory=list)
    got: str = ""

    def lines(self) -> list[str]:
        """The difference first, then the indented story (for the terminal)."""
        out = [self.difference, "position:", *[f"  {p}" for p in self.position],
               "expected:", *[f"  {e}" for e in self.expected]]
        if self.rule:
            out += ["rule text:", *[f"  {r}" for r in self.rule]]
        return [*out, f"your engine: {self.got}"]

    def as_json(self) -> dict[str, Any]:
        return {"difference": self.difference, "position": self.position,
                "expected": self.expected, "rule": self.rule}


# --- cards and positions as a player reads them ------------------------------------------
def rank_order(card: str) -> int:
    return RANKS.index(card[1:]) if card[1:] in RANKS else len(RANKS)


def by_suit(cards: list[str]) -> str:
    """'Diamonds K 8 6 · Hearts - · Spades 10 9 · Clubs A Q 8 7'."""
    parts = []
    for suit in SUITS:
        ranks = sorted((c for c in cards if c[:1] == suit), key=rank_order)
        parts.append(f"{SUIT_NAMES['en'][suit]} {' '.join(c[1:] for c in ranks) or '-'}")
    return " · ".join(parts)


def mode_text(trump: Any) -> str:
    if trump is None:
        return "no trump set yet"
    if trump in SUITS:
        return (f"trump {SUIT_NAMES['en'][trump]} ({trump}; {SUIT_NAMES['fr'][trump]}/"
                f"{SUIT_NAMES['ch'][trump]})")
    if trump == "obenabe":
        return "Obenabe (no trump, the highest card of the suit led wins)"
    if trump == "undenufe":
        return "Undenufe (no trump, the lowest card of the suit led wins)"
    return f"mode {trump} (defined by the rule file)"


def trick_text(cards: list[str], leader: int | None = None, seats: int = 4) -> str:
    """'H7 led, then S8 (2nd), SQ (3rd)', naming seats when the leader is known."""
    if not cards:
        return "empty: the player to move leads"
    who = [f"seat {(leader + i) % seats}" if leader is not None else ORDINAL[min(i, 5)]
           for i in range(len(cards))]
    first = f"{cards[0]} led" + (f" by {who[0]}" if leader is not None else "")
    rest = [f"{c} ({w})" for c, w in zip(cards[1:], who[1:], strict=True)]
    return ", then ".join([first, ", ".join(rest)]) if rest else first


def options_text(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"


def position(case: dict[str, Any]) -> list[str]:
    kind, inp = case["kind"], case["input"]
    head = f"{case['variant']} (options: {options_text(case['options'])})"
    if kind == "legal":
        n = len(inp["trick"])
        mover = "you lead" if not n else f"you play the {ORDINAL[min(n, 5)]} card"
        return [f"{head}, {mode_text(inp['trump'])}",
                f"trick: {trick_text(inp['trick'])}; {mover}",
                f"hand: {by_suit(inp['hand'])}"]
    if kind == "trick":
        last = "the last trick of the hand" if inp["last"] else "not the last trick"
        return [f"{head}, {mode_text(inp['trump'])}",
                f"trick: {trick_text(inp['cards'])} ({last})"]
    if kind == "perft":
        seats = [f"seat {i}: {by_suit(h)}" for i, h in enumerate(inp["hands"])]
        leader = int(inp["leader"])
        trick = (f"trick: {trick_text(inp['trick'], leader, len(seats))}" if inp["trick"]
                 else f"seat {leader} leads")
        return [f"{head}, {mode_text(inp['trump'])}, depth {inp['depth']}", trick, *seats]
    if kind == "hand":
        seats = [f"seat {i}: {by_suit(h)}" for i, h in enumerate(inp["deal"])]
        return [f"{head}, hand {inp['hand_number']}, dealer seat {inp['dealer']}, totals "
                f"before {canonical(inp['totals'])}", *seats,
                f"actions: {shown(' '.join(inp['actions']), 400)}"]
    if kind == "game":
        return [f"{head}, {len(inp['hands'])} hands, first dealer seat {inp['first_dealer']}"]
    lines = str(inp.get("text", "")).splitlines()
    errors = case["expect"].get("errors", [])
    at = [f"line {e['line']}: {shown(lines[e['line'] - 1].strip(), 120)}" for e in errors
          if 0 < e["line"] <= len(lines)]
    return [f"{head}: a rule file of {len(lines)} lines", *at]


# --- what is expected, and the rule text behind it ---------------------------------------
def expected_lines(case: dict[str, Any]) -> list[str]:
    expect = case["expect"]
    if case["kind"] == "legal":
        excluded = ", ".join(f"{c} ({why})" for c, why in sorted(expect["excluded"].items()))
        out = [f"legal: {' '.join(expect['legal'])}", f"excluded: {excluded or 'none'}"]
    else:
        out = [shown(canonical(expect), 600)]
    origin = case["origin"] + (f" ({case['note']})" if case.get("note") else "")
    return [*out, f"clause: {case['clause']}; tags: {', '.join(case['tags']) or 'none'}; "
            f"origin: {origin}"]


def rule_words(case: dict[str, Any]) -> list[str]:
    """The rule statements behind the case, in the rulebook's words (English)."""
    from jassdsl.registry import load_rules
    from jassdsl.rulebook import render
    from jassdsl.rulebook.expressions import Speaker
    from jassdsl.rulebook.words import say

    kind, clause = case["kind"], case["clause"]
    if kind == "parse":
        return []
    rules = load_rules(case["variant"], case["options"])
    rf = rules.model
    trump = render.has_trump(rf)
    follow = "play.suit_or_trump" if trump and "trump" in settings.words(rf, "follow") \
        else "play.suit"
    keys: list[str] = []
    if kind == "legal":
        reasons = set(case["expect"]["excluded"].values())
        if "follow" in reasons or clause == "play.follow":
            keys.append(follow)
        if "follow-trump" in reasons or "trump-led" in case["tags"]:
            keys.append("play.trump_led")
        if "undertrump" in reasons or clause == "play.undertrump":
            keys.append(f"play.{settings.word(rf, 'undertrump')}")
        if clause == "play.puur":
            keys.append(f"play.puur_{settings.word(rf, 'puur')}")
    out = [say("en", k) for k in dict.fromkeys(keys)]
    if clause == "play.lead":
        out.append("Any card may be led.")
    elif clause == "play.trump":
        out += [t for t in render.trump_section("en", rf, rules.mechanisms)[1:] if t]
    elif clause == "cards.ranks":
        out.append(say("en", "play.winner" if trump else "play.no_trump"))
    elif clause == "cards.bonus":
        out.append(say("en", "bonus.last-trick", points=rules.last_bonus))
    elif clause.startswith("score."):
        speaker = Speaker("en", rf)
        for c in rf.clauses:
            if c.id == clause.partition(".")[2]:
                out += [f"{c.id}: {speaker.condition_line(c)}", *speaker.awards(c)]
    elif clause == "game.end":
        out += [t for t in render.end_section("en", rf)[1:] if t]
    return [MARKUP.sub("", line) for line in out]


# --- the difference in one line -------------------------------------------------------------
def cards_of(value: Any) -> set[str]:
    return {v for v in value if isinstance(v, str)} if isinstance(value, list) else set()


def listed(cards: list[str]) -> tuple[str, str]:
    """'S10' and 'it', or 'H6, H8 and S10' and 'them'."""
    names = [shown(c, 40) for c in cards]
    if len(names) == 1:
        return names[0], "it"
    return f"{', '.join(names[:-1])} and {names[-1]}", "them"


def legal_difference(expect: dict[str, Any], got: dict[str, Any]) -> list[str]:
    if not isinstance(got.get("legal"), list):
        return ["your engine gave no 'legal' list"]
    legal, theirs = set(expect["legal"]), cards_of(got["legal"])
    allowed: dict[str, list[str]] = {}  # reason -> cards allowed against it
    for card in sorted(theirs - legal, key=rank_key):
        allowed.setdefault(expect["excluded"].get(card, ""), []).append(card)
    out = []
    for why, cards in allowed.items():
        names, pronoun = listed(cards)
        out.append(f"{names} should be excluded: {why}; your engine allowed {pronoun}" if why
                   else f"{names} {'is' if pronoun == 'it' else 'are'} not in the hand; your "
                   f"engine called {pronoun} legal")
    if legal - theirs:
        names, pronoun = listed(sorted(legal - theirs, key=rank_key))
        out.append(f"{names} should be legal; your engine excluded {pronoun}")
    return out or excluded_difference(expect["excluded"], got.get("excluded"))


def excluded_difference(expect: dict[str, str], given: Any) -> list[str]:
    """Where the legal cards agree but the reasons sent under 'excluded' do not (an engine
    may leave 'excluded' out; what it sends must match)."""
    if given is None:
        return []
    if not isinstance(given, dict):
        return [f"your engine's 'excluded' is not an object of card: reason: "
                f"{shown(canonical(given), 60)}"]
    out = []
    missing = sorted(set(expect) - set(given), key=rank_key)
    if missing:
        names, pronoun = listed(missing)
        reasons = ", ".join(sorted({expect[c] for c in missing}))
        out.append(f"the legal cards agree, but your engine's 'excluded' leaves out {names} "
                   f"({reasons}): name {pronoun} with the reason, or send no 'excluded'")
    extra = sorted((c for c in given if c not in expect), key=rank_key)
    if extra:
        names, pronoun = listed(extra)
        out.append(f"{names} {'is' if pronoun == 'it' else 'are'} not excluded; your "
                   f"engine's 'excluded' names {pronoun}")
    out += [f"{card} is excluded for {why}; your engine says {shown(repr(given[card]), 40)}"
            for card, why in sorted(expect.items()) if card in given and given[card] != why]
    return out


def rank_key(card: str) -> tuple[int, int]:
    """Deck order: by suit, then from the Ace down."""
    return (SUITS.index(card[0]) if card[:1] in SUITS else 4, rank_order(card))


def trick_difference(case: dict[str, Any], got: dict[str, Any]) -> list[str]:
    expect, cards = case["expect"], case["input"]["cards"]
    out = []
    winner = got.get("winner")
    if "winner" not in got:
        out.append("your engine gave no 'winner'")
    elif winner != expect["winner"]:
        theirs = (f"{ORDINAL[winner]} ({cards[winner]})" if isinstance(winner, int)
                  and not isinstance(winner, bool) and 0 <= winner < len(cards)
                  else shown(repr(winner), 40))
        mine = expect["winner"]
        out.append(f"the trick goes to the {ORDINAL[mine]} card ({cards[mine]}); your engine "
                   f"gave it to {theirs}")
    if "points" not in got:
        out.append("your engine gave no 'points'")
    elif got["points"] != expect["points"]:
        out.append(f"the trick is worth {expect['points']} points; your engine says "
                   f"{shown(repr(got['points']), 40)}")
    if "trump" in got and got["trump"] != expect["trump"]:
        out.append(f"after the trick {mode_text(expect['trump'])}; your engine says "
                   f"{shown(repr(got['trump']), 40)}")
    return out


def difference(case: dict[str, Any], got: Any) -> str:
    """What the engine got wrong, in one line."""
    if not isinstance(got, dict):
        return f"your engine's result is not a JSON object: {shown(canonical(got), 80)}"
    kind, expect = case["kind"], case["expect"]
    if kind == "legal":
        out = legal_difference(expect, got)
    elif kind == "trick":
        out = trick_difference(case, got)
    else:
        out = [f"{key} should be {shown(canonical(expect[key]), 120)}; your engine says "
               f"{shown(canonical(got[key]), 120)}" for key in sorted(got)
               if key in expect and normal(key, got[key]) != normal(key, expect[key])]
        out += [f"your engine gave no '{key}'" for key in ("points", "changes", "totals",
                                                              "over", "nodes", "valid")
                if key in expect and key not in got and not out]
    line = ". ".join(out) or "the result differs from the expectation"
    # a legal line names its reason already; the others name the clause that fired
    return line if kind == "legal" else f"{line} (rule {case['clause']})"


def explain(case: dict[str, Any], got: Any) -> Explanation:
    """The whole story of one failed case (the rule text only where it can be read)."""
    try:
        rule = rule_words(case)
    except Exception as err:  # a rule file that does not load must not hide the failure
        rule = [f"(the rule text could not be read: {type(err).__name__})"]
    return Explanation(difference(case, got), position(case), expected_lines(case), rule,
                       shown(canonical(got), 600))
