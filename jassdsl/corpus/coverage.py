"""What a case covers: legality paths of a position, features of tricks and hands, and the
coverage table of a corpus (every scoring clause, every legality path that applies).

The paths describe the situation of the player to move, read from the rule file's
declared regime (follow, undertrump, puur, trump selection); they name which statement
of the rules the legal-card decision exercises.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.compile.play import highest_trump
from jassdsl.core.cards import SUIT_MASKS, card_index, cards_mask, mask_cards
from jassdsl.core.tables import MODE_INDEX, MODE_NAMES

PATHS = (
    "lead",  # nothing on the table: any card
    "must-follow",  # the suit led is held and no trump may replace it
    "trump-while-able-to-follow",  # the suit led is held, and so is a trump
    "trump-led",  # trump led and trumps held besides the Puur
    "puur-exempt",  # trump led and the Puur is the only trump held
    "void",  # the suit led is not held
    "first-void",  # no trump yet and the suit led is not held: this card sets trump
    "undertrump-strict",  # strict regime: a lower trump is held after a trump fell
    "undertrump-strict-only-trumps",  # ... and the hand is nothing but trumps
    "undertrump-weak",  # weak regime: a lower trump is held, and the suit led too
    "undertrump-weak-void",  # weak regime: a lower trump is held, the suit led is not
)
PATH_CLAUSE = {
    "lead": "play.lead", "must-follow": "play.follow", "void": "play.follow",
    "trump-while-able-to-follow": "play.follow", "trump-led": "play.follow",
    "puur-exempt": "play.puur", "first-void": "play.trump",
    "undertrump-strict": "play.undertrump", "undertrump-strict-only-trumps": "play.undertrump",
    "undertrump-weak": "play.undertrump", "undertrump-weak-void": "play.undertrump",
}


def has_trumps(rules: CompiledRules) -> bool:
    return rules.trump_kind != "none" and any(m < 4 for m in rules.modes)


def applicable_paths(rules: CompiledRules) -> list[str]:
    """The paths a variant's rules can reach, in the order of PATHS."""
    paths = {"lead", "must-follow", "void"}
    if rules.card_sets_trump:
        paths.add("first-void")
    if has_trumps(rules):
        paths.add("trump-led")
        if rules.play.trump_while_following:
            paths.add("trump-while-able-to-follow")
        if rules.play.puur_exempt:
            paths.add("puur-exempt")
        regime = "strict" if rules.play.strict else "weak"
        if rules.players >= 3:  # a lower trump onto a trump already played: a third card
            paths |= {p for p in PATHS if p.startswith(f"undertrump-{regime}")}
    return [p for p in PATHS if p in paths]


def legal_paths(rules: CompiledRules, hand: int, trick: list[int], mode: int) -> list[str]:
    """The paths the player to move is on (a hand bitmask, the trick, the mode or -1)."""
    if not trick:
        return ["lead"]
    led = trick[0] // 9
    table = rules.modes[mode] if mode >= 0 else None
    led_cards = hand & SUIT_MASKS[led]
    if table is None or table.trump < 0:
        if led_cards:
            return ["must-follow"]
        first = mode < 0 and rules.card_sets_trump
        return ["first-void" if first else "void"]
    trumps = hand & SUIT_MASKS[table.trump]
    if led == table.trump:
        if not trumps:
            return ["void"]
        only_puur = trumps == table.puur and rules.play.puur_exempt
        return ["puur-exempt" if only_puur else "trump-led"]
    paths = ["void"]
    if led_cards:
        able = trumps and rules.play.trump_while_following
        paths = ["trump-while-able-to-follow" if able else "must-follow"]
    best = highest_trump(trick, table)
    if best >= 0 and trumps & table.lower_trumps[best]:
        if rules.play.strict:
            paths.append("undertrump-strict-only-trumps" if hand == trumps
                         else "undertrump-strict")
        else:
            paths.append("undertrump-weak" if led_cards else "undertrump-weak-void")
    return [p for p in PATHS if p in paths]


def legal_clause(paths: list[str]) -> str:
    """The statement a legal case is filed under: the most specific of its paths."""
    order = ("play.undertrump", "play.puur", "play.trump", "play.follow", "play.lead")
    clauses = {PATH_CLAUSE[p] for p in paths}
    return next(c for c in order if c in clauses)


def trick_features(rules: CompiledRules, cards: list[int], before: int, after: int,
                   last: bool) -> list[str]:
    """Tags of a finished trick: how it was decided and what the trump did."""
    tags = {f"mode:{MODE_NAMES[after]}" if after >= 0 else "mode:none"}
    if before < 0 and after >= 0:
        tags.add("first-void-sets-trump")
    table = rules.modes.get(after)
    trump = table.trump if table is not None else -1
    led = cards[0] // 9
    trumps = [c for c in cards if c // 9 == trump]
    if trump >= 0 and led == trump:
        tags.add("trump-led")
    elif trumps:
        tags.add("trumped" if len(trumps) == 1 else "overtrumped")
    else:
        tags.add("led-suit-wins")
    if any(c // 9 not in (led, trump) for c in cards):
        tags.add("discard")
    if last:
        tags.add("last-trick")
    return sorted(tags)


def hand_features(inp: Any, expect: Any) -> list[str]:
    """Tags of a hand case (input and expect as JSON data)."""
    tags = {f"mode:{expect['trump'] or 'none'}", f"hand:{inp['hand_number']}"}
    if inp["lots"]:
        tags.add("lot")
    if inp["held"]:
        tags.add("abeyance-before")
    if expect["held"]:
        tags.add("abeyance-after")
    if any(h not in expect["held"] for h in inp["held"]):
        tags.add("abeyance-resolved")
    if len({t["winner"] for t in expect["tricks"]}) == 1:
        tags.add("one-takes-all")
    if "push" in inp["actions"]:
        tags.add("pushed")
    if any(b["name"] == "match" for b in expect["bonuses"]):
        tags.add("match-bonus")
    return sorted(tags)


def coverage_table(rules_by_variant: dict[str, list[CompiledRules]],
                   cases: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Per variant: cases deciding each scoring clause, cases on each legality path."""
    scoring: dict[str, dict[str, int]] = {}
    legality: dict[str, dict[str, int]] = {}
    for variant, rule_sets in rules_by_variant.items():
        scoring[variant] = {c.id: 0 for r in rule_sets for c in r.clauses}
        legality[variant] = {p: 0 for r in rule_sets for p in applicable_paths(r)}
    for case in cases:
        v = case["variant"]
        if case["kind"] == "hand" and case["expect"]["clause"] in scoring.get(v, {}):
            scoring[v][case["expect"]["clause"]] += 1
        if case["kind"] == "legal":
            for tag in case["tags"]:
                if tag in legality.get(v, {}):
                    legality[v][tag] += 1
    return {"scoring": scoring, "legality": legality}


def gaps(table: dict[str, Any]) -> list[str]:
    """Every scoring clause and legality path that no case covers."""
    out = []
    for section in ("scoring", "legality"):
        for variant, counts in table[section].items():
            out += [f"{section}: {variant} {name}" for name, n in counts.items() if n == 0]
    return out


def mode_tag(trump: str | None) -> str:
    return f"mode:{trump or 'none'}"


def between_trumps(rules: CompiledRules, hand: int, trick: list[int], mode: int) -> bool:
    """Two trumps lie on a side-suit lead and the hand holds a trump ranked between them:
    the case that tells "below the highest trump" from "below the lowest trump" apart."""
    table = rules.modes.get(mode)
    if table is None or table.trump < 0 or not trick or trick[0] // 9 == table.trump:
        return False
    strengths = [table.strength[c] for c in trick if c // 9 == table.trump]
    if len(strengths) < 2:
        return False
    held = mask_cards(hand & SUIT_MASKS[table.trump])
    return any(min(strengths) < table.strength[c] < max(strengths) for c in held)


def legal_tags(rules: CompiledRules, inp: dict[str, Any]) -> list[str]:
    hand = cards_mask([card_index(c) for c in inp["hand"]])
    trick = [card_index(c) for c in inp["trick"]]
    mode = MODE_INDEX[inp["trump"]] if inp["trump"] is not None else -1
    extra = ["between-trumps"] if between_trumps(rules, hand, trick, mode) else []
    return [*legal_paths(rules, hand, trick, mode), *extra, mode_tag(inp["trump"])]


def derived_tags(kind: str, rules: CompiledRules | None, inp: dict[str, Any],
                 expect: dict[str, Any]) -> list[str]:
    """The tags a case gets from its content alone (verify recomputes them)."""
    if kind == "parse" or rules is None:
        return ["valid" if expect["valid"] else "invalid"]
    if kind == "legal":
        return legal_tags(rules, inp)
    if kind == "trick":
        mode = MODE_INDEX.get(inp["trump"] or "", -1)
        after = MODE_INDEX.get(expect["trump"] or "", -1)
        return trick_features(rules, [card_index(c) for c in inp["cards"]], mode, after,
                              inp["last"])
    if kind == "hand":
        return hand_features(inp, expect)
    if kind == "perft":
        tags = [f"depth:{inp['depth']}", "mid-trick" if inp["trick"] else "trick-start",
                mode_tag(inp["trump"])]
        if inp["trump"] is None and rules.card_sets_trump:
            tags.append("first-void-open")
        return tags
    return ["over" if expect["over"] else "partial", f"hands:{len(inp['hands'])}"]
