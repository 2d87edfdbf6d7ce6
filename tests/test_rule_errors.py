"""Error messages, pinned word for word: what a person sees when a rule file or an action is wrong.

Each case edits one line of a small valid rule file (BASE) and pins the full message. When a
message changes on purpose, change it here too: that is the point of pinning them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jassdsl.actions import Action
from jassdsl.check import load_model
from jassdsl.compiler import OptionError
from jassdsl.errors import IllegalActionError, JassError, RuleFileErrors, UnknownVariantError
from jassdsl.game import Game
from jassdsl.registry import load_rules

try:
    import reference as ref
except ImportError:  # tests/ turned into a package
    from tests import reference as ref

BASE = """\
variant "Tiny"
players 3
deal all cards in packets of 3
ranks trump:    J 9 A K Q 10 8 7 6
ranks side:     A K Q J 10 9 8 7 6
ranks obenabe:  A K Q J 10 9 8 7 6
card points trump:    J 20, 9 14, A 11, K 4, Q 3, 10 10
card points side:     A 11, K 4, Q 3, J 2, 10 10
card points obenabe:  A 11, K 4, Q 3, J 2, 10 10, 8 8
bonus last-trick 5
trump: first void, else obenabe
unit stick/sticks
score each hand, first rule that applies:
  middle "the middle score":
      otherwise
      then players with rank = 2 get 2 sticks
game ends after 2 hands
winner: most sticks
"""
KNOWN_NAMES = "hand, last, match, players, points, rank, sharing, tricks, first-void"
CONTEXT = ("is a fact about one player or team; ask it inside 'one player has ...' or a "
           "target such as 'players with ...'")


def with_lets(text: str) -> str:
    return text.replace("unit stick/sticks", "let a = b + 1\nlet b = a\nunit stick/sticks")


def errors_of(text: str) -> RuleFileErrors:
    with pytest.raises(RuleFileErrors) as info:
        load_model(text, "t.jass")
    return info.value


def edit(old: str, new: str) -> str:
    assert BASE.count(old) == 1, old
    return BASE.replace(old, new)


def test_base_is_valid() -> None:
    assert load_model(BASE, "t.jass").name == "Tiny"


# (edit, [(kind, line, column, message)]) -- every error the edited file must report
CASES = {
    "syntax-unexpected-token": (
        ("then players with rank = 2", "then that player with rank = 2"),
        [("syntax", 16, 24, "unexpected 'with'; expected 'get', 'gets', 'hold', 'holds', "
                            "'lose', 'loses', 'score', 'scores'")]),
    "syntax-unexpected-character": (
        ("trump: first void", "trump: first void @"),
        [("syntax", 11, 19, "unexpected character '@'; expected ','")]),
    "syntax-early-end": (
        ("game ends after 2 hands\nwinner: most sticks\n", "winner: most sticks\ngame ends after"),
        [("syntax", 18, 11, "the file ends too early; expected a name, a number")]),
    "unknown-name": (
        ("rank = 2", "rnk = 2"),
        [("unknown-name", 16, 25, f"unknown name 'rnk'; known names: {KNOWN_NAMES}")]),
    "function-without-parentheses": (
        ("rank = 2", "most = 2"),
        [("unknown-name", 16, 25, "unknown name 'most' (it is a function: write it with "
                                  f"parentheses); known names: {KNOWN_NAMES}")]),
    "arity": (
        ("rank = 2", "most() = 2"),
        [("arity", 16, 25, "most() takes 1 or 2 arguments, not 0")]),
    "arity-too-many": (
        ("rank = 2", "abs(points, 2) = 2"),
        [("arity", 16, 25, "abs() takes 1 argument, not 2")]),
    "not-a-rank": (
        ("ranks trump:    J 9 A K Q 10 8 7 6", "ranks trump:    J 9 A K Q 10 8 7 X"),
        [("card", 4, 34, "'X' is not a rank; ranks are A K Q J 10 9 8 7 6")]),
    "rank-missing": (
        ("ranks side:     A K Q J 10 9 8 7 6", "ranks side:     A K Q J 10 9 8 7"),
        [("card", 5, 1, "a rank order must list each of the nine ranks once (missing: 6; "
                        "listed 8)")]),
    "won-not-a-card": (
        ("rank = 2", "won(XY) = 2"),
        [("card", 16, 29, "won() takes a card (CK), a suit (hearts) or a rank (queens)")]),
    "points-trump-not-157": (
        ("J 20, 9 14", "J 20, 9 15"),
        [("points", 7, 1, "a trump hand totals 158 points (trump table + 3 side tables + last "
                          "trick); it must be 157")]),
    "points-obenabe-not-157": (
        ("10 10, 8 8", "10 10, 8 7"),
        [("points", 9, 1, "an obenabe hand totals 153 points; it must be 157")]),
    "unreachable-after-otherwise": (
        ("first rule that applies:\n", "first rule that applies:\n"
         "  always: otherwise then players with rank = 1 get 1 stick\n"),
        [("unreachable", 15, 3, "clause 'middle' can never apply: 'always' before it "
                                "applies always")]),
    "unreachable-four-of-three": (
        ("      otherwise\n", "      when four players have points > 0\n"),
        [("unreachable", 15, 12, "clause 'middle' can never apply: there are only 3 players")]),
    "duplicate-clause-id": (
        ("first rule that applies:\n", "first rule that applies:\n"
         "  middle: when one player has points > 99 then that player gets 1 stick\n"),
        [("duplicate", 15, 3, "clause id 'middle' is used twice (first on line 14)")]),
    "duplicate-statement": (
        ("winner: most sticks\n", "winner: most sticks\ngame ends after 3 hands\n"),
        [("duplicate", 19, 1, "a second 'game ends ...' statement; the first is on line 17")]),
    "missing-statement": (
        ("game ends after 2 hands\n", ""),
        [("missing", 1, 1, "the file has no 'game ends ...' statement")]),
    "player-fact-outside-quantifier": (
        ("game ends after 2 hands", "game ends when points > 3"),
        [("context", 17, 16, f"'points' {CONTEXT}")]),
    "player-fact-in-condition": (
        ("      otherwise\n", "      when rank = 2\n"),
        [("context", 15, 12, f"'rank' {CONTEXT}")]),
    "unbound-that-player": (
        ("then players with rank = 2 get 2 sticks", "then that player gets 2 sticks"),
        [("unbound", 16, 12, "'that player' / 'those players' needs a condition such as "
                             "'when one player has ...' that names them")]),
    "unknown-unit": (
        ("get 2 sticks", "get 2 carrots"),
        [("unknown-name", 16, 40, "no unit 'carrots'; units are stick, sticks")]),
    "unknown-setting-value": (
        ("unit stick/sticks", "undertrump: sometimes\nunit stick/sticks"),
        [("unknown-name", 12, 13, "undertrump: 'sometimes' is not known; choose strict or "
                                  "weak")]),
    "cancels-unknown-unit": (
        ("unit stick/sticks", "unit stick/sticks\nunit potato/potatoes, cancels carrot"),
        [("unknown-name", 13, 31, "no unit 'carrot' to cancel")]),
    "teams-without-teams": (
        ("then players with rank = 2", "then teams with rank = 2"),
        [("teams", 16, 12, "this variant has no teams; say 'player'")]),
    "push-without-teams": (
        ("trump: first void, else obenabe",
         "trump: forehand chooses suits, obenabe or pushes to partner"),
        [("teams", 11, 8, "pushing to the partner needs 'players 4 in teams across'")]),
    "let-cycle": (
        ("rank = 2 get", "a = 2 get"),
        [("cycle", 13, 9, "'a' is defined in terms of itself")]),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_error_is_pinned(case: str) -> None:
    (old, new), want = CASES[case]
    text = edit(old, new)
    err = errors_of(with_lets(text) if case == "let-cycle" else text)
    got = [(e.kind, e.pos.line, e.pos.column, e.message) for e in err.errors]
    assert got == want


def test_rendered_error_shows_file_line_and_caret() -> None:
    err = errors_of(edit("rank = 2", "rnk = 2"))
    assert str(err) == (
        f"t.jass:16:25: unknown name 'rnk'; known names: {KNOWN_NAMES}\n"
        "          then players with rnk = 2 get 2 sticks\n"
        "                            ^^^")


def test_early_end_renders_one_caret() -> None:
    """The caret sits under the last word read (not after it, where the name is missing)."""
    err = errors_of(BASE.replace("winner: most sticks\n", "winner: most"))
    assert str(err) == ("t.jass:18:9: the file ends too early; expected a name\n"
                        "    winner: most\n"
                        "            ^")


def test_all_errors_of_a_file_are_reported_sorted_by_position() -> None:
    """The unit error is found last (units are checked after cards) but comes first."""
    text = (BASE.replace("winner: most sticks\n", "")
            .replace('variant "Tiny"\n', 'variant "Tiny"\nwinner: most beans\n')
            .replace("8 7 6\nranks side", "8 7 X\nranks side")
            .replace("rank = 2", "rnk = 2"))
    err = errors_of(text)
    assert [(e.pos.line, e.pos.column, e.kind) for e in err.errors] == [
        (2, 14, "unknown-name"), (5, 34, "card"), (17, 25, "unknown-name")]
    assert str(err).splitlines()[::3] == [
        "t.jass:2:14: no unit 'beans'; units are stick, sticks",
        "t.jass:5:34: 'X' is not a rank; ranks are A K Q J 10 9 8 7 6",
        f"t.jass:17:25: unknown name 'rnk'; known names: {KNOWN_NAMES}",
    ]


def test_each_problem_is_reported_once() -> None:
    err = errors_of(edit("players 3", "players 5"))
    messages = [e.message for e in err.errors]
    assert len(messages) == len(set(messages)), messages


def test_unused_let_is_checked_too() -> None:
    errors_of(edit("unit stick/sticks", "let a = rnk\nunit stick/sticks"))


def test_change_outside_an_invariant_is_an_error() -> None:
    errors_of(edit("rank = 2", "change(sticks) >= 0"))


def test_declaration_range_must_not_be_empty() -> None:
    errors_of(edit("unit stick/sticks", "declare bid from 5 to 2\nunit stick/sticks"))


def test_unit_declared_twice_is_an_error() -> None:
    errors_of(edit("unit stick/sticks", "unit stick/sticks\nunit stick/sticks"))


# --- errors while playing --------------------------------------------------------------------
def test_illegal_action_error_format() -> None:
    err = IllegalActionError("H6", ["HA", "HK"], "follow")
    assert str(err) == "illegal action H6 (follow); legal now: HA, HK"
    assert str(IllegalActionError("push", ["trump H"])) == \
        "illegal action push; legal now: trump H"


def test_illegal_card_names_the_legal_cards() -> None:
    """The second player of a trick must follow suit; the message lists what may be played."""
    for seed in range(100):  # the first deal where the second player cannot play everything
        game = Game("guggitaler", seed=seed)
        lead = game.legal_actions()[0]
        game.apply(lead)
        hand = [c for c in ref.deck() if c in game.observation(game.current_player)["hand"]]
        legal = ref.legal_cards(hand, [str(lead)], "obenabe", "weak")
        wrong = [c for c in hand if c not in legal]
        if wrong:
            break
    with pytest.raises(IllegalActionError) as info:
        game.apply(wrong[0])
    assert str(info.value) == (f"illegal action {wrong[0]} (follow); legal now: "
                               f"{', '.join(legal)}")
    assert info.value.legal == legal


def test_card_not_in_hand() -> None:
    game = Game("guggitaler", seed=3)
    seat = game.current_player
    missing = next(c for c in ref.deck() if c not in game.observation(seat)["hand"])
    with pytest.raises(IllegalActionError, match=rf"^illegal action {missing} \(not in hand\); "
                       "legal now: "):
        game.apply(missing)


def test_wrong_phase_action() -> None:
    game = Game("guggitaler", seed=3)
    legal = ", ".join(str(a) for a in game.legal_actions())
    with pytest.raises(IllegalActionError) as info:
        game.apply("push")
    assert str(info.value) == (f"illegal action push (the game expects a play action); "
                               f"legal now: {legal}")


def test_unreadable_action() -> None:
    with pytest.raises(JassError) as info:
        Action.parse("trump X")
    assert str(info.value) == ("cannot read action 'trump X' (write e.g. DA, trump H, push, "
                               "pass, join, fold, swap, rob 1, take, discard DA, estimate 40)")


def test_unknown_variant_suggests_close_names() -> None:
    known = sorted(p.stem for p in (Path(__file__).parents[1] / "rules").glob("*.jass"))
    with pytest.raises(UnknownVariantError) as info:
        load_rules("mitlere")
    # the closest name first; which others come close depends on the files in rules/
    assert re.fullmatch(r"unknown variant 'mitlere'; did you mean mittlere( or [\w-]+){0,2}\? "
                        + re.escape(f"(known: {', '.join(known)})"), str(info.value))
    with pytest.raises(UnknownVariantError) as info:
        load_rules("zzzz")
    assert str(info.value) == f"unknown variant 'zzzz' (known: {', '.join(known)})"


def test_unknown_option() -> None:
    with pytest.raises(OptionError) as info:
        load_rules("schieber", {"target": 900})
    assert str(info.value) == "option target must be one of 1000, 1200, not 900"
    with pytest.raises(OptionError) as info:
        load_rules("mittlere", {"seats": 3})
    assert str(info.value) == "Mittlere has no option 'seats' (options: none)"
