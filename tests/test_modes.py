"""Modes a rule file defines (`mode NAME: ...`) and the hand's mode as a fact (`in NAME`).

Mode numbers: 0-3 the suit D H S C is trump, 4 Obenabe, 5 Undenufe, then 6, 7, ... for
the file's own modes in file order (docs/en/language.md, "Modes the file defines"). A
file's mode plays each trick in a base mode; `in NAME` is 1 when the hand is played in
that mode, else 0 ("The hand's mode").
"""

from __future__ import annotations

import pickle
import random

import pytest
from test_language_fixtures import FOLDER, read_fixture

from jassdsl.compile.compiler import compile_rules
from jassdsl.compile.exprsource import Compiler
from jassdsl.compile.play import trick_winner
from jassdsl.core.actions import Action
from jassdsl.core.errors import IllegalActionError, RuleFileErrors
from jassdsl.core.modes import Mode
from jassdsl.engine import Game
from jassdsl.language.check import load_model

HEAD = """variant "Modes"
players 4 in teams across
deal all cards in packets of 3
first dealer: lot
next dealer: right
first lead: forehand
ranks trump:    J 9 A K Q 10 8 7 6
ranks side:     A K Q J 10 9 8 7 6
ranks obenabe:  A K Q J 10 9 8 7 6
ranks undenufe: 6 7 8 9 10 J Q K A
card points trump:    J 20, 9 14, A 11, K 4, Q 3, 10 10
card points side:     A 11, K 4, Q 3, J 2, 10 10
card points obenabe:  A 11, K 4, Q 3, J 2, 10 10, 8 8
card points undenufe: A 11, K 4, Q 3, J 2, 10 10, 8 8
bonus last-trick 5
follow: suit or trump
undertrump: strict
puur: exempt
unit point/points
"""
TAIL = """
game ends after 4 hands
winner: most points
"""
MODES = """mode slalom "Slalom" german "Slalom": obenabe and undenufe alternating by trick
mode slalom-low "Slalom from below": undenufe and obenabe alternating by trick
mode guschti "Guschti": obenabe for 5 tricks, then undenufe
mode misere "Misère": obenabe
mode three: S for 2 tricks, then H for 3 tricks, then obenabe
card points three: A 11, K 4, Q 3, J 2, 10 10, 8 8
"""
SCORE = """score each hand, first rule that applies:
  all "each team scores its card points":
      otherwise
      then every team scores points * factor
"""
FACTOR = ("let factor = 2 if in spades or in clubs else 3 if in obenabe or in undenufe "
          "else 5 if in slalom else 7 if in misere else 1\n")


def rules_of(modes: str = MODES, choices: str = "suits, obenabe, undenufe, slalom, "
             "slalom-low, guschti, misere, three", extra: str = "", score: str = SCORE,
             factor: str = FACTOR) -> object:
    text = (HEAD + modes + extra + f"trump: forehand chooses {choices}\n" + factor + score
            + TAIL)
    return compile_rules(load_model(text, "modes.jass"))


def test_file_modes_are_numbered_after_the_base_modes_in_file_order() -> None:
    r = rules_of()
    assert r.mode_names == ("D", "H", "S", "C", "obenabe", "undenufe", "slalom",  # type: ignore[attr-defined]
                            "slalom-low", "guschti", "misere", "three")
    assert r.trump_choices == tuple(range(11))  # type: ignore[attr-defined]
    assert sorted(r.modes) == list(range(11))  # type: ignore[attr-defined]


def test_each_trick_of_a_file_mode_has_its_base_mode() -> None:
    r = rules_of()
    tm = r.trick_mode  # type: ignore[attr-defined]
    assert [tm(6, k) for k in range(9)] == [4, 5, 4, 5, 4, 5, 4, 5, 4]  # slalom
    assert [tm(7, k) for k in range(9)] == [5, 4, 5, 4, 5, 4, 5, 4, 5]  # from below
    assert [tm(8, k) for k in range(9)] == [4] * 5 + [5] * 4  # guschti
    assert [tm(9, k) for k in range(9)] == [4] * 9  # misère
    assert [tm(10, k) for k in range(9)] == [2, 2, 1, 1, 1, 4, 4, 4, 4]
    assert [tm(m, 3) for m in range(6)] == list(range(6))  # a base mode is itself


def test_a_mode_value_keeps_its_name_and_number_when_pickled() -> None:
    r = rules_of()
    mode = r.mode(6)  # type: ignore[attr-defined]
    assert mode == "slalom" and mode.number == 6 and mode.trump_suit == -1
    again = pickle.loads(pickle.dumps(mode))
    assert isinstance(again, Mode) and again == "slalom" and again.number == 6
    assert r.mode(9).trump_suit == -1 and r.mode(2).trump_suit == 2  # type: ignore[attr-defined]
    assert r.mode(-1) == "none" and not r.mode(-1).is_set  # type: ignore[attr-defined]


def test_trump_actions_of_file_modes_print_and_parse_by_name() -> None:
    game = Game(rules_of(), seed=4)  # type: ignore[arg-type]
    assert "trump slalom" in game.legal_names() and "trump guschti" in game.legal_names()
    assert game.action_text(Action("trump", 8)) == "trump guschti"
    assert Action.parse("trump guschti", game.rules.mode_names) == Action("trump", 8)
    assert str(Action("trump", 6)) == "trump 6"  # without the file, only the number
    game.apply("trump slalom")
    assert game.mode == 6 and game.observe(0).trump == "slalom"
    with pytest.raises(IllegalActionError):
        Game(rules_of(), seed=4).apply("trump zigzag")  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["slalom", "slalom-low", "guschti", "misere", "three"])
def test_every_trick_is_won_by_the_order_of_its_own_mode(mode: str) -> None:
    r = rules_of()
    base = {"D": 0, "H": 1, "S": 2, "C": 3, "obenabe": 4, "undenufe": 5}
    for seed in range(6):
        game = Game(r, seed=seed)  # type: ignore[arg-type]
        game.apply(f"trump {mode}")
        rng = random.Random(seed)
        while game.results == []:
            game.apply(rng.choice(game.legal_actions()))
        result = game.results[0]
        number = r.mode_names.index(mode)  # type: ignore[attr-defined]
        assert result.trump == mode
        for k, t in enumerate(result.tricks):
            table = r.modes[r.trick_mode(number, k)]  # type: ignore[attr-defined]
            seats = [(t.leader + i) % 4 for i in range(4)]
            assert seats[trick_winner(list(t.cards), table)] == t.winner
        # card points of a base part: 157 with the last trick, scored times the factor
        assert sum(result.points) == 157
        factor = {"slalom": 5, "misere": 7}.get(mode, 1)
        assert [g.amount for g in result.grants] == [p * factor for p in result.points]
        assert set(base) & {mode} == set()


def test_in_name_reads_the_hand_s_mode() -> None:
    r = rules_of()
    rf = r.model  # type: ignore[attr-defined]
    compiler = Compiler(rf, r.options, r.unit_of)  # type: ignore[attr-defined]
    factor = compiler.expr(rf.lets[0].expr)
    from test_exprsource import random_facts
    facts = random_facts(random.Random(1), 2, 4, ["points"], [], {})
    want = {-1: 1, 0: 1, 1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 5, 7: 1, 8: 1, 9: 7, 10: 1}
    for mode, value in want.items():
        facts.mode = mode
        assert factor(facts, -1) == value, mode
    suits = load_model(HEAD + "trump: forehand chooses suits\nlet x = in suits + 10 * in S "
                       "+ 100 * in hearts\n" + SCORE.replace("factor", "x") + TAIL, "x.jass")
    c = Compiler(suits, {}, compile_rules(suits).unit_of)
    fn = c.expr(suits.lets[0].expr)
    for mode, value in {-1: 0, 0: 1, 1: 101, 2: 11, 3: 1, 4: 0, 5: 0}.items():
        facts.mode = mode
        assert fn(facts, -1) == value


def errors_of(text: str) -> list[str]:
    with pytest.raises(RuleFileErrors) as info:
        load_model(text, "bad.jass")
    return [str(e) for e in info.value.errors]


def test_an_unknown_mode_after_in_lists_the_known_ones() -> None:
    text = (HEAD + "mode slalom: obenabe and undenufe alternating by trick\n"
            "trump: forehand chooses suits, slalom\nlet x = 2 if in slalon else 1\n"
            + SCORE.replace("factor", "x") + TAIL)
    (msg,) = errors_of(text)
    assert "'slalon' is not a mode" in msg
    for name in ("spades", "suits", "obenabe", "undenufe", "slalom"):
        assert name in msg


def test_parts_whose_points_differ_name_the_card() -> None:
    text = (HEAD + "mode mixed: obenabe for 4 tricks, then S\n"
            "trump: forehand chooses suits, mixed\n" + FACTOR.split(" else 5")[0]
            + " else 1\n" + SCORE + TAIL)
    (msg,) = errors_of(text)
    assert "mode 'mixed': D8 counts 8 in obenabe but 0 in S" in msg  # the first card
    assert "card points mixed" in msg
    own = text.replace("trump: forehand", "card points mixed: A 11, K 4, Q 3, J 2, 10 10, "
                       "8 8\ntrump: forehand")
    compile_rules(load_model(own, "own.jass"))  # its own table settles it


def test_a_mode_names_only_base_modes_and_a_new_name() -> None:
    text = (HEAD + "mode obenabe: undenufe\nmode a: obenabe\nmode a: undenufe\n"
            "mode b: a and obenabe alternating by trick\ntrump: forehand chooses suits\n"
            + FACTOR.split(" else 5")[0] + " else 1\n" + SCORE + TAIL)
    msgs = errors_of(text)
    assert any("'obenabe' is a base mode" in x for x in msgs)
    assert any("mode 'a' is defined twice" in x for x in msgs)
    assert any("'a' cannot be part of a mode" in x for x in msgs)


def test_language_fixtures_of_modes_play() -> None:
    for name in ("mode-alternating", "mode-tricks", "in-mode"):
        fx = read_fixture(FOLDER / f"{name}.jass")
        rules = compile_rules(load_model(fx.source, name))
        game = Game(rules, seed=2)
        rng = random.Random(2)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        assert game.results


def test_the_rulebook_says_the_mode_and_keeps_the_brackets() -> None:
    from jassdsl.rulebook.expressions import Speaker, formula
    score = SCORE.replace("points * factor", "(points + tricks) * factor")
    rf = rules_of(score=score).model  # type: ignore[attr-defined]
    clause = rf.clauses[0]
    en, de = Speaker("en", rf), Speaker("de", rf)
    assert en.clause_text(clause) == ("In every case: every team scores points: "
                                      "*factor* \u00d7 (1 for each card point it took, plus 1 "
                                      "for each trick it took).")
    assert "*factor* \u00d7 (" in de.clause_text(clause)  # a let without a German word
    minus = rules_of(score=SCORE.replace("points * factor", "(points - tricks) * factor"))
    rf2 = minus.model  # type: ignore[attr-defined]
    assert Speaker("en", rf2).clause_text(rf2.clauses[0]) == (
        "In every case: every team scores points equal to *factor* \u00d7 (its card "
        "points minus the number of tricks it took).")
    assert "*factor* \u00d7 (seine Kartenpunkte minus" in Speaker("de", rf2).clause_text(
        rf2.clauses[0])
    factor = rf.lets[0].expr
    assert formula(factor) == ("2 if in spades or in clubs else 3 if in obenabe or in "
                               "undenufe else 5 if in slalom else 7 if in misere else 1")
    said = en.let_value(factor)
    assert said.startswith("2 if ")  # a suit in the reader's pack: both names, one shown
    assert all(f">{name}</span>" in said for name in ("Spades", "Schilten", "Clubs", "Schellen"))
    assert "is trump, otherwise 3 if the hand is played in Obenabe or Undenufe, otherwise 5 " \
           "if the hand is played in Slalom, otherwise 7 if the hand is played in Misère, " \
           "otherwise 1" in said
    gesagt = de.let_value(factor)
    assert "Trumpf ist, sonst 3, wenn die Runde in Obenabe oder Undenufe gespielt wird" \
        in gesagt


def test_in_name_round_trips_through_the_formula() -> None:
    from jassdsl.rulebook.expressions import formula
    rf = rules_of().model  # type: ignore[attr-defined]
    text = formula(rf.lets[0].expr)
    again = rules_of(factor=f"let factor = {text}\n").model  # type: ignore[attr-defined]
    assert formula(again.lets[0].expr) == text


@pytest.mark.parametrize(("mode", "schedule"), [
    ("slalom", lambda ref: ref.slalom("obenabe")),
    ("slalom-low", lambda ref: ref.slalom("undenufe")),
    ("guschti", lambda ref: ref.guschti("obenabe", "undenufe", 5)),
    ("misere", lambda ref: ["obenabe"] * 9),
])
def test_hands_in_file_modes_agree_with_the_reference(mode: str, schedule: object) -> None:
    """Every legal set, trick winner and card count of the engine, replayed through the
    naive reference (tests/reference.py) with the mode of each trick from the rule text."""
    import reference as ref

    from jassdsl.core.cards import CARD_NAMES, mask_cards

    r = rules_of()
    modes = schedule(ref)  # type: ignore[operator]
    for seed in range(8):
        game = Game(r, seed=seed)  # type: ignore[arg-type]
        game.apply(f"trump {mode}")
        rng = random.Random(seed)
        plays: list[tuple[list[str], str]] = []
        while not game.results:
            legal = [CARD_NAMES[a.value] for a in game.legal_actions()]
            action = rng.choice(game.legal_actions())
            plays.append((legal, CARD_NAMES[action.value]))
            game.apply(action)
        result = game.results[0]
        hands = [[CARD_NAMES[c] for c in mask_cards(h if isinstance(h, int) else sum(
            1 << c for c in h))] for h in result.hands]

        def choose(player: int, legal: list[str], state: dict[str, object],
                   plays: list[tuple[list[str], str]] = plays) -> str:
            engine_legal, card = plays.pop(0)
            assert sorted(legal) == sorted(engine_legal), (state, legal, engine_legal)
            return card

        out = ref.play_hand(hands, result.tricks[0].leader, "obenabe", "strict", choose,
                            trick_modes=modes)
        assert [h["winner"] for h in out["history"]] == [t.winner for t in result.tricks]
        # HEAD has no match bonus: the teams' card points are the reference's, seat by seat
        team = [out["points"][0] + out["points"][2], out["points"][1] + out["points"][3]]
        assert team == list(result.points)


def test_slalom_perft_cases_agree_with_the_reference() -> None:
    """The corpus' Slalom perft cases (from a hand's first trick) counted again by the naive
    reference, with each trick's mode from the rule text."""
    import json
    from pathlib import Path

    import reference as ref

    path = Path(__file__).parent / "corpus" / "slalom" / "perft.jsonl"
    if not path.exists():
        pytest.skip("the corpus has no Slalom cases yet (corpus generate)")
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert cases

    def count(hands: list[list[str]], trick: list[str], seat: int, modes: list[str],
              k: int, depth: int, leader: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for card in ref.legal_cards(hands[seat], trick, modes[k], "strict"):
            rest = [[c for c in h if c != card] if i == seat else h
                    for i, h in enumerate(hands)]
            now = [*trick, card]
            if len(now) == 4:
                winner = (leader + ref.trick_winner(now, modes[k])) % 4
                total += count(rest, [], winner, modes, k + 1, depth - 1, winner)
            else:
                total += count(rest, now, (seat + 1) % 4, modes, k, depth - 1, leader)
        return total

    for case in cases:
        inp = case["input"]
        first = "obenabe" if inp["trump"] == "slalom-obenabe" else "undenufe"
        seat = (inp["leader"] + len(inp["trick"])) % 4
        nodes = count(inp["hands"], inp["trick"], seat, ref.slalom(first), 0, inp["depth"],
                      inp["leader"])
        assert nodes == case["expect"]["nodes"], case["id"]
