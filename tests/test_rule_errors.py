"""Error messages, pinned word for word: what a person sees when a rule file or an action is wrong.

Each case edits one line of a small valid rule file (BASE) and pins the full message. When a
message changes on purpose, change it here too: that is the point of pinning them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jassdsl.cli import check as cli_check
from jassdsl.compile.compiler import OptionError
from jassdsl.core.actions import Action
from jassdsl.core.errors import IllegalActionError, JassError, RuleFileErrors, UnknownVariantError
from jassdsl.core.limits import MAX_SYNTAX_ERRORS
from jassdsl.core.mechanism import installed
from jassdsl.core.roles import ROLES
from jassdsl.engine import Game
from jassdsl.language.check import load_model
from jassdsl.language.facts import FACTS
from jassdsl.language.syntax import unprintable
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
# the facts that need a statement BASE lacks: Weis a Weis table, Stöck the stoeck bonus,
# the column's multiplier a scoresheet
NEEDS_STATEMENT = {"weis", "table-weis", "stoeck", "table-stoeck", "multiplier"}
# what an unknown name's message lists for BASE, from the registry of facts (not a copy),
# then the one role every file gives (the first player who could not follow)
KNOWN_NAMES = (
    ", ".join(sorted((n for n, f in FACTS.items() if f.arity is None
                      and n not in NEEDS_STATEMENT), key=str.lower))
    + ", first-void"
    + "; functions: " + ", ".join(sorted(n for n, f in FACTS.items() if f.arity is not None))
    + "; a unit's total: total stick, total sticks")
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
        [("unknown-name", 16, 25, f"unknown name 'rnk'; did you mean 'rank'? known names: "
                                  f"{KNOWN_NAMES}")]),
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
        [("unknown-name", 13, 31, "no unit 'carrot' to cancel; units are potato, potatoes, "
                                  "stick, sticks")]),
    "teams-without-teams": (
        ("then players with rank = 2", "then teams with rank = 2"),
        [("teams", 16, 12, "this variant has no teams; say 'player'")]),
    "push-without-teams": (
        ("trump: first void, else obenabe",
         "trump: forehand chooses suits, obenabe or pushes to partner"),
        [("teams", 11, 8, "pushing to the partner needs teams, 'players 4 in teams across' "
                          "or 'players N in teams alternating'")]),
    "push-to-the-partner": (
        ("trump: first void, else obenabe",
         "trump: forehand chooses suits, obenabe or pushes to the partner"),
        [("syntax", 11, 57, "unexpected 'partner' (write 'pushes to partner', without 'the', "
                            "or 'pushes to the next player'); expected 'next'")]),
    "column-of-several-modes": (
        ("unit stick/sticks", "column x: obenabe, undenufe times 2\nunit stick/sticks"),
        [("syntax", 12, 18, "unexpected ',' (a column of several modes is written "
                            "'free choice of A, B times N'); expected 'times'")]),
    "role-as-subject": (
        ("then players with rank = 2", "then the chooser with rank = 2"),
        [("syntax", 16, 16, "unexpected 'chooser' (a role is no subject: write 'the player "
                            "with chooser' or 'the team with chooser'); expected 'four', 'one', "
                            "'others', 'player', 'players', 'sole', 'team', 'teams', 'three', "
                            "'two', a number")]),
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
        f"t.jass:16:25: unknown name 'rnk'; did you mean 'rank'? known names: {KNOWN_NAMES}\n"
        "          then players with rnk = 2 get 2 sticks\n"
        "                            ^^^")


def test_early_end_renders_one_caret() -> None:
    """The caret sits under the last word read (not after it, where the name is missing);
    the winner is cut short, so the meaning is not checked (no "no winner" follows)."""
    err = errors_of(BASE.replace("winner: most sticks\n", "winner: most"))
    assert str(err) == ("t.jass:18:9: the file ends too early; expected a name\n"
                        "    winner: most\n"
                        "            ^\n"
                        "t.jass: the meaning of the file is not checked yet: the 'winner' "
                        "statement on line 18 could not be read, and the rest of the file "
                        "may need it; fix the syntax errors and check again")


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
        f"t.jass:17:25: unknown name 'rnk'; did you mean 'rank'? known names: {KNOWN_NAMES}",
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
    assert str(info.value) == "option target must be one of 1000, 1200, 2500, not 900"
    with pytest.raises(OptionError) as info:
        load_rules("mittlere", {"seats": 3})
    assert str(info.value) == "Mittlere has no option 'seats' (options: none)"


# --- reading on after a syntax error ---------------------------------------------------------
def syntax_errors(err: RuleFileErrors) -> list[tuple[int, int, str]]:
    return [(e.pos.line, e.pos.column, e.message) for e in err.errors if e.kind == "syntax"]


def test_three_independent_syntax_errors_are_all_reported() -> None:
    """A missing colon, a misspelt statement word and a word too many: each is reported at
    its place with the line and a caret, and nothing else is (the statements they hide
    refer to nothing), so the meaning of the rest is checked too: the unknown unit."""
    text = (edit("trump: first void, else obenabe", "trump first void, else obenabe")
            .replace("unit stick/sticks", "undertrmp: strict\nunit stick/sticks")
            .replace("game ends after 2 hands", "game ends after 2 hands hands")
            .replace("get 2 sticks", "get 2 stiks"))
    text = text.replace("trump first void", "trump: first void")  # (trump is needed)
    text = text.replace("bonus last-trick 5", "bonus last-trick 5\nfirst dealer lot")
    err = errors_of(text)
    assert syntax_errors(err) == [
        (11, 14, "unexpected 'lot'; expected ':'"),
        (13, 1, "no statement starts with 'undertrmp' (did you mean 'undertrump'?); "
                "expected a new statement (" + statements_like("undertrmp") + ")"),
        (19, 25, "unexpected 'hands'; expected a new statement (" + statements_like("hands")
         + ")")]
    assert [(e.pos.line, e.kind) for e in err.errors if e.kind != "syntax"] == \
        [(18, "unknown-name")]
    assert err.notes == ()
    rendered = str(err).split("\n")
    assert rendered[:3] == ["t.jass:11:14: unexpected 'lot'; expected ':'",
                            "    first dealer lot",
                            "                 ^^^"]
    assert rendered[3].startswith("t.jass:13:1: no statement starts with 'undertrmp'")
    assert rendered[4:6] == ["    undertrmp: strict", "    ^^^^^^^^^"]


# the statements' first words, read from the grammar's own text (not from the parser)
GRAMMAR = (Path(__file__).parents[1] / "jassdsl" / "language" / "grammar.lark").read_text(encoding="utf-8")


def grammar_statement_words() -> list[str]:
    """The first word of each statement: of the grammar's statement list, and of those
    each mechanism's grammar lines add (`%extend _statement: ...`)."""
    words = set()
    for grammar, head in [(GRAMMAR, r"^_statement:(.*?)^\n"),
                          *((x.syntax.grammar, r"^%extend _statement:(.*?)$") for x in installed())]:
        rules = [r for block in re.findall(head, grammar, re.M | re.S)
                 for r in re.findall(r"[a-z_]+", block)]
        for rule in rules:
            for body in re.findall(rf"^{rule}:(.*?)(?=^\S|\Z)", grammar, re.M | re.S):
                for alt in body.split("\n"):
                    first = re.match(r'\s*\|?\s*"([a-z]+)"', alt)
                    if first:
                        words.add(first.group(1))
    assert "rob" in words
    return sorted(words)




def statements_like(word: str) -> str:
    """The statements' first words as an error lists them after `word`: likest first
    (difflib's ratio), alphabetical among equals."""
    import difflib

    words = grammar_statement_words()
    return ", ".join(repr(w) for w in sorted(
        words, key=lambda w: -difflib.SequenceMatcher(None, word, w).ratio()))


def test_expected_statements_are_every_statement_of_the_grammar() -> None:
    assert len(grammar_statement_words()) >= 30
    err = errors_of(edit("unit stick/sticks", "zzz coiffeur\nunit stick/sticks"))
    assert syntax_errors(err) == [
        (12, 1, "no statement starts with 'zzz'; expected a new statement "
                f"({statements_like('zzz')})")]


def test_an_error_in_a_statement_others_need_stops_the_check_and_says_so() -> None:
    """A unit cut short by a syntax error: its uses would all be unknown; instead of those
    follow-on errors a note says the meaning was not checked."""
    err = errors_of(edit("unit stick/sticks", "unit stick/sticks,"))
    assert [e.kind for e in err.errors] == ["syntax"]
    assert err.notes == ("t.jass: the meaning of the file is not checked yet: the 'unit' "
                         "statement on line 12 could not be read, and the rest of the file "
                         "may need it; fix the syntax errors and check again",)
    assert str(err).endswith(err.notes[0])


def test_an_error_in_a_clause_is_not_followed_by_errors_from_its_lines() -> None:
    """The lines after a broken clause that begin with statement words (`players with`,
    indented) go on the clause: reading resumes at the next statement, not there."""
    text = edit("      otherwise\n      then players with rank = 2 get 2 sticks\n",
                "      otherwise\n      then players with rank = = 2 get 2 sticks,\n"
                "      players with rank = 1 get 1 stick\n")
    err = errors_of(text)
    assert [(e.pos.line, e.kind) for e in err.errors] == [(16, "syntax")]


def test_errors_on_consecutive_statements() -> None:
    text = edit("follow", "follow") if "follow" in BASE else BASE
    text = text.replace("unit stick/sticks", "undertrump strict\npuur exempt\nunit stick/sticks")
    err = errors_of(text)
    assert [(line, col) for line, col, _ in syntax_errors(err)] == [(12, 12), (13, 6)]
    assert "expected ':'" in err.errors[0].message


def test_reading_stops_after_max_syntax_errors() -> None:
    lines = "".join(f"undertrump {i}\n" for i in range(MAX_SYNTAX_ERRORS + 5))
    err = errors_of(edit("unit stick/sticks", lines + "unit stick/sticks"))
    assert len(err.errors) == MAX_SYNTAX_ERRORS
    assert [e.pos.line for e in err.errors] == list(range(12, 12 + MAX_SYNTAX_ERRORS))
    assert err.notes == (f"t.jass: reading stopped after {MAX_SYNTAX_ERRORS} syntax errors, at "
                         f"line {12 + MAX_SYNTAX_ERRORS}; the rest of the file and its meaning "
                         "are checked once they are fixed",)


def test_cli_check_reports_every_syntax_error_and_fails(tmp_path: Path) -> None:
    path = tmp_path / "bad.jass"
    path.write_text(BASE.replace("players 3", "players: 3")
                    .replace("unit stick/sticks", "undertrmp: strict\nunit stick/sticks"),
                    encoding="utf-8")
    message = cli_check.check_one(str(path))
    assert message is not None
    heads = [line for line in message.splitlines() if re.match(rf"{re.escape(str(path))}:\d", line)]
    assert [h.split(": ")[0] for h in heads] == [f"{path}:2:8", f"{path}:12:1"]


# --- one message per problem -------------------------------------------------------------------
def test_a_name_used_many_times_gives_one_message_with_its_other_places() -> None:
    err = errors_of(edit("rank = 2", "rnk + rnk * rnk + rnk + rnk = 2"))
    assert len(err.errors) == 1
    e = err.errors[0]
    assert (e.pos.line, e.pos.column) == (16, 25)
    assert [(p.line, p.column) for p in e.also] == [(16, 31), (16, 37), (16, 43), (16, 49)]
    assert str(err).split("\n")[0].endswith(" (also at 16:31, 16:37, 16:43, 16:49)")


def test_a_let_with_an_unknown_name_is_reported_once_wherever_it_is_used() -> None:
    """The let is checked where it is defined and in every context it is used in (here in
    scoring and after it, where players leave the table): one message. (It printed twice
    when a let was used in the leaving condition.)"""
    text = edit("unit stick/sticks", "let x = foo\nplayers leave the table when x > 3\n"
                "unit stick/sticks").replace("rank = 2", "x = 2")
    err = errors_of(text)
    assert [(e.pos.line, e.pos.column, e.also) for e in err.errors] == [(12, 9, ())]


def test_no_message_is_printed_twice() -> None:
    """Out-of-range cards each for every player count an option offers, a quantifier over
    teams checked as a condition and as an expression: each message once."""
    text = (edit("players 3", 'option p "p" default 3 choices 3, 4\nplayers p')
            .replace("deal all cards", "deal 40 each")
            .replace("      otherwise\n", "      when one team has points > 0\n"))
    rendered = str(errors_of(text)).split("\n")
    heads = [line for line in rendered if line.startswith("t.jass:")]
    assert len(heads) == len(set(heads))
    assert sum("this variant has no teams" in h for h in heads) == 1
    assert sum("cards each must be between 1 and 36, not 40" in h for h in heads) == 1


def test_a_word_that_is_no_mode_gets_one_message() -> None:
    err = errors_of(edit("trump: first void, else obenabe", "trump: none, play as obenabx"))
    assert [e.message for e in err.errors] == [
        "'obenabx' is not a trump mode; did you mean 'obenabe'? modes are D, H, S, C, suits, "
        "obenabe, undenufe"]


# --- did you mean ------------------------------------------------------------------------------
@pytest.mark.parametrize(("old", "new", "want"), [
    ("rank = 2", "rnk = 2", "did you mean 'rank'?"),
    ("rank = 2", "mots(points) = 2", "the language has no function 'mots'; did you mean "
                                     "'most'?"),
    ("rank = 2", "rank(1) = 2", "(it is a name: write it without parentheses)"),
    ("get 2 sticks", "get 2 stiks", "no unit 'stiks'; did you mean 'sticks' or 'stick'?"),
    ("winner: most sticks", "winner: most stickz", "did you mean 'stick' or 'sticks'?"),
    ("rank = 2", "total stiks = 2", "no unit 'stiks'; did you mean 'sticks' or 'stick'?"),
    ("rank = 2", "sticks = 2", "(it is a unit: write 'total sticks')"),
    ("rank = 2", "won(quens) = 2", "did you mean 'queens'"),
    ("trump: first void, else obenabe", "trump: first void, else obenab",
     "did you mean 'obenabe'?"),
    ("trump: first void, else obenabe", "trump: forehand chooses spades, obenabe",
     "'spades' is not a trump mode; did you mean 'S'?"),
    ("ranks side:", "ranks sdie:", "no rank table 'sdie'; did you mean 'side'?"),
    ("bonus last-trick 5", "bonus last-trik 5", "did you mean 'last-trick'?"),
    ("unit stick/sticks", "undertrump: strct\nunit stick/sticks",
     "undertrump: 'strct' is not known; did you mean 'strict'? choose strict or weak"),
    ("unit stick/sticks", "undertrmp: strict\nunit stick/sticks",
     "no statement starts with 'undertrmp' (did you mean 'undertrump'?)"),
    ("then players with", "thne players with", "unexpected 'thne' (did you mean 'then'?)"),
    ("get 2 sticks", "gte 2 sticks", "unexpected 'gte' (did you mean 'get'?)"),
    ("game ends after 2 hands", 'option target "t" default 2 choices 2, 3\n'
                                "game ends after targt hands",
     "no option named 'targt'; did you mean 'target'? options: target"),
])
def test_did_you_mean(old: str, new: str, want: str) -> None:
    assert want in str(errors_of(edit(old, new)))


# --- complete lists of names -------------------------------------------------------------------
NAMES_FILE = edit("unit stick/sticks",
                  'option bonus-pts "b" default 1 choices 1, 2\n'
                  'option look "l" default ace choices ace, six\n'
                  "declare bid from 0 to 9\nlet twice = points * 2\nunit stick/sticks")


def listed_names(text: str) -> list[str]:
    message = errors_of(text.replace("rank = 2", "zzz = 2")).errors[0].message
    found = re.search(r"known names: (.*?); functions: (.*?); a unit's total: (.*)$", message)
    assert found, message
    return found.group(1).split(", ")


def test_known_names_are_every_fact_let_option_and_declaration_of_the_registries() -> None:
    """The list an unknown name's message gives is the registry of facts (less those that
    need a statement the file lacks), the file's lets, options offering numbers, and its
    declared values: nothing left out, nothing extra."""
    listed = listed_names(NAMES_FILE)
    facts = {n for n, f in FACTS.items() if f.arity is None} - NEEDS_STATEMENT
    # and the roles the file can give: every file has tricks, so a first player who
    # could not follow; nobody chooses trump, pushes or bids here
    assert set(listed) == facts | {"twice", "bonus-pts", "bid"} | {ROLES["first-void"].name}
    assert len(listed) == len(set(listed))


def test_every_listed_name_is_accepted_and_every_other_fact_is_not() -> None:
    """The list and the checker agree: each listed name checks where a player fact may
    stand; each fact left out (Weis and Stöck without their statements) is an error."""
    listed = listed_names(NAMES_FILE)
    for name in listed:
        load_model(NAMES_FILE.replace("rank = 2", f"{name} = 2"), "t.jass")
    for name in {n for n, f in FACTS.items() if f.arity is None} - set(listed):
        errors_of(NAMES_FILE.replace("rank = 2", f"{name} = 2"))


def test_functions_listed_are_the_functions_of_the_registry() -> None:
    message = errors_of(edit("rank = 2", "nosuch(points) = 2")).errors[0].message
    assert message.endswith("functions: " + ", ".join(
        sorted(n for n, f in FACTS.items() if f.arity is not None)))


def test_units_listed_are_the_units_of_the_file() -> None:
    text = edit("unit stick/sticks", "unit stick/sticks\nunit zero/zeros")
    message = errors_of(text.replace("rank = 2", "zzz = 2")).errors[0].message
    assert message.endswith("a unit's total: total stick, total sticks, total zero, "
                            "total zeros")


def test_many_further_places_are_counted() -> None:
    err = errors_of(edit("rank = 2", " + ".join(["rnk"] * 12) + " = 2"))
    assert len(err.errors) == 1 and len(err.errors[0].also) == 11
    assert str(err).split("\n")[0].endswith(", 16:73 and 3 more)")


def test_a_stray_character_before_a_statement_hides_nothing() -> None:
    """`@players 3`: the character is the error; the statement after it is read, so the
    check goes on (the unknown unit) and no statement is reported missing."""
    err = errors_of(edit("players 3", "@players 3").replace("get 2 sticks", "get 2 stiks"))
    assert [(e.pos.line, e.pos.column, e.kind) for e in err.errors] == [
        (2, 1, "syntax"), (16, 40, "unknown-name")]
    assert err.notes == ()


def test_a_broken_clause_is_skipped_and_the_other_clauses_are_checked() -> None:
    """Errors in two of three clauses: both are reported, the clause between them is
    checked (its unknown name and unit), and the scoring is not lost."""
    text = edit("      then players with rank = 2 get 2 sticks\n",
                "      then players with rank = = 2 get 2 sticks\n"
                "  b: when hand = 1 then players with rnk = 1 get 1 stik\n"
                "  c: when hand = = 1 then players with rank = 1 get 1 stick\n")
    err = errors_of(text)
    assert [(e.pos.line, e.pos.column, e.kind) for e in err.errors] == [
        (16, 32, "syntax"), (17, 38, "unknown-name"), (17, 52, "unknown-name"),
        (18, 18, "syntax")]
    assert err.notes == ()


def test_the_only_clause_broken_stops_the_check() -> None:
    err = errors_of(edit("rank = 2", "rank = = 2"))
    assert [e.kind for e in err.errors] == ["syntax"]
    assert "the 'score' statement on line 13 could not be read" in err.notes[0]


def test_a_declaration_named_like_any_action_is_refused() -> None:
    """Every action kind the engine and the installed mechanisms ask for (read from
    them, not listed here), whether or not the file uses that mechanism: a declaration
    of that name would be taken for the action (`push 57`: `push takes no value`)."""
    from jassdsl.core.mechanism import action_kinds

    kinds = action_kinds(installed())
    assert {"play", "trump", "push", "pass", "take", "decline", "rob", "column"} <= set(kinds)
    for kind in kinds:
        err = errors_of(edit("unit stick/sticks", f"declare {kind} from 0 to 9\n"
                             "unit stick/sticks"))
        assert [(e.kind, e.pos.line) for e in err.errors] == [("duplicate", 12)], kind
        assert f"a declaration may not be called {kind!r}: that is already " in \
            err.errors[0].message


def test_an_unknown_first_word_is_named_and_its_near_statement_only_guessed() -> None:
    """`tack cards: ...` begins no statement; it is near `take`. The note
    names the word that is there and offers the guess as a guess, not as the statement
    that could not be read."""
    err = errors_of(edit("deal all cards in packets of 3\n",
                         "deal all cards in packets of 3\ntack cards: 6 each face down\n"))
    assert [(e.kind, e.pos.line) for e in err.errors] == [("syntax", 4)]
    assert "no statement starts with 'tack'" in err.errors[0].message
    assert err.notes == ("t.jass: the meaning of the file is not checked yet: line 4, which "
                         "begins with 'tack', an unknown statement (did you mean 'take'?), "
                         "could not be read, and the rest of the file may need it; fix the "
                         "syntax errors and check again",)


def test_a_word_glued_to_a_keyword_is_one_error() -> None:
    """`appliess`: the parser reads the keyword and a stray `s`; the clauses after it are
    not reported one by one."""
    err = errors_of(edit("rule that applies:", "rule that appliess:"))
    assert [(e.pos.line, e.kind) for e in err.errors] == [(13, "syntax")]


MODE_LINE = 'mode misere "Misere" german "Misere": obenabe\n'


@pytest.mark.parametrize(("old", "new", "line", "column", "what"), [
    (MODE_LINE, MODE_LINE.replace(":", ""), 12, 38, "mode"),
    ('  middle "the middle score":', '  middle "the middle score"', 15, 7, None),
    ("bonus last-trick 5\n", "bonus last-trick 5\ninvariant sum \"the sum\" "
     "german \"die Summe\" sum(points) = 157\n", 11, 44, None),
])
def test_a_missing_colon_is_the_one_error_and_names_its_own_statement(
        old: str, new: str, line: int, column: int, what: str | None) -> None:
    """A colon left out after a title and its German text: one error, where the colon
    belongs, and no word about line 1 (the parser's state after `"..." german "..."` also
    allows the file to end, which once made the whole file before it look unread)."""
    base = BASE.replace("unit stick/sticks", MODE_LINE + "unit stick/sticks") \
        if old == MODE_LINE else BASE
    assert base.count(old) == 1
    err = errors_of(base.replace(old, new))
    assert [(e.kind, e.pos.line, e.pos.column) for e in err.errors] == \
        [("syntax", line, column)]
    assert "expected ':'" in err.errors[0].message
    assert "line 1 " not in str(err) and "'variant'" not in str(err)
    if what is not None:  # a statement others may need: the note names it, at its line
        assert err.notes == (f"t.jass: the meaning of the file is not checked yet: the "
                             f"'{what}' statement on line {line} could not be read, and the "
                             "rest of the file may need it; fix the syntax errors and check "
                             "again",)


# --- what `check` decides so that play does not fail later (issue 18) -------------------------
SWAP = "pile blind: the rest\ntake part: in turn from forehand, swap hand for blind"
SHEET = ('option misere "a Misere column" default no choices yes, no\nsheet per player\n'
         'column x "X": obenabe times 1 if misere = yes\ntrump: forehand chooses from the sheet')
PLAYABLE = {
    "turned-trump-without-trump-tables": (
        BASE.replace("ranks trump:    J 9 A K Q 10 8 7 6\n", "")
        .replace("card points trump:    J 20, 9 14, A 11, K 4, Q 3, 10 10\n", "")
        .replace("trump: first void, else obenabe",
                 "pile blind: the rest\ntrump: top card of blind, else bottom card"),
        [("tables", 10, 8, "playing trump needs a 'ranks trump:' and a 'card points trump:' "
                           "table")]),
    "swap-a-pile-smaller-than-a-hand": (
        edit("deal all cards in packets of 3", "deal 10 each in packets of 5\n" + SWAP),
        [("pile", 5, 49, "a player who takes 'blind' plays it as their hand, but with 3 "
                         "players and 10 cards each it holds 6 cards, not a hand of 10; deal "
                         "fewer cards each, or lay fewer cards in the piles before it")]),
    "swap-a-pile-an-option-makes-small": (
        edit("deal all cards in packets of 3",
             'option size "the blind" default 9 choices 9, 6\ndeal 9 each in packets of 3\n'
             + SWAP.replace("the rest", "size cards")),
        [("pile", 6, 49, "a player who takes 'blind' plays it as their hand, but with 3 "
                         "players, 9 cards each and size = 6 it holds 6 cards, not a hand of "
                         "9; write 'pile blind: 9 cards'")]),
    "sheet-empty-under-an-option-value": (
        edit("trump: first void, else obenabe", SHEET),
        [("sheet", 12, 1, "with misere = no the sheet has no column: every column is on it "
                          "only under another choice; add a column for misere = no, or one "
                          "without 'if'")]),
    "control-characters-in-texts": (
        edit('variant "Tiny"', 'variant "Tiny\x1b[2J"')
        .replace('middle "the middle score"', 'middle "the \x07middle score"'),
        [("text", 1, 14, "a text may not hold U+001B, a control character: a terminal would "
                         "take it as a command; write the text without it"),
         ("text", 14, 15, "a text may not hold U+0007, a control character: a terminal would "
                          "take it as a command; write the text without it")]),
    "match-bonus-over-the-invariant": (
        edit("bonus last-trick 5", "bonus last-trick 5\nbonus match 257\ninvariant card-total "
             '"a hand is worth 157, or 257 with a match": sum(points) = 157 or sum(points) = 257'),
        [("invariant", 11, 13, "the match bonus breaks invariant 'card-total' (line 12): a hand "
                               "with a match is worth 157 + 257 = 414 card points, which the "
                               "invariant does not allow; give the bonus the invariant "
                               "expects, or allow 414 in the invariant")]),
    "line-separator-in-a-text": (
        edit('variant "Tiny"', 'variant "Ti\u2028ny"'),
        [("text", 1, 12, "a text may not hold U+2028, a line separator: it would break the "
                         "line where the text is shown; write the text without it")]),
}


@pytest.mark.parametrize("case", list(PLAYABLE), ids=list(PLAYABLE))
def test_what_would_fail_in_play_is_an_error_of_check(case: str) -> None:
    text, want = PLAYABLE[case]
    err = errors_of(text)
    assert [(e.kind, e.pos.line, e.pos.column, e.message) for e in err.errors] == want
    rendered = str(err)
    assert not any(unprintable(c) for c in rendered if c != "\n"), rendered


@pytest.mark.parametrize("text", [
    edit("deal all cards in packets of 3", "deal 9 each in packets of 3\npile blind: 9 cards\n"
         "take part: in turn from forehand, swap hand for blind"),
    edit("trump: first void, else obenabe", SHEET.replace(" if misere = yes", "")),
    edit('variant "Tiny"', 'variant "Tiny\ttab"'),
    edit("bonus last-trick 5", "bonus last-trick 5\nbonus match 100\ninvariant card-total "
         '"157, or 257 with a match": sum(points) = 157 or sum(points) = 257'),
    edit("bonus last-trick 5", "bonus last-trick 5\nbonus match 257\ninvariant card-total "
         '"157 at least": sum(points) >= 157 and not sum(points) < 0'),
], ids=["swap-a-whole-hand", "sheet-without-condition", "tab-in-a-text", "match-bonus-allowed",
        "match-bonus-in-a-range"])
def test_the_playable_counterparts_check(text: str) -> None:
    load_model(text, "t.jass")


def test_a_swap_pile_is_checked_at_every_count_of_players_left() -> None:
    """Players who leave the table change the cards left over: 9 each with 9 in the blind
    fits three players, but with two left the blind would hold 18."""
    text = edit("deal all cards in packets of 3", "deal 9 each in packets of 3\n"
                "pile blind: the rest\ntake part: in turn from forehand, swap hand for blind"
                ).replace("winner: most sticks", "players leave the table when total sticks "
                          ">= 5\nwinner: first to leave the table, then most sticks")
    err = errors_of(text)
    assert [e.message for e in err.errors] == [
        "a player who takes 'blind' plays it as their hand, but with 2 players and 9 cards "
        "each it holds 18 cards, not a hand of 9; write 'pile blind: 9 cards'"]
