"""`count first:` ends a game in the middle of a hand (G, Der Stöck; Anmelden des Wies;
S, Swisslos: the game ends as soon as a team reaches the target).

The common rules let Stöck be announced and scored at any moment when it brings the team
to the target and write a Weis once the first trick is over; Swisslos counts Stöck, then
Weis, then the tricks one by one, and the team that reaches the target first wins, even
when both pass it in the same hand. Schieber says `count first: stoeck, then weis, then
tricks`: a side that reaches the target with its Stöck wins before the other side's Weis
or card points count, a Weis that reaches it wins before the tricks count, and a trick
that reaches it wins before the later tricks count. The hands below are played with the
first legal action everywhere (a Weis is always declared) from set totals.
"""

from __future__ import annotations

import pytest

from jassdsl.compile.compiler import compile_rules
from jassdsl.core.cards import CARD_NAMES
from jassdsl.core.errors import RuleFileErrors
from jassdsl.engine import Game
from jassdsl.engine.position import at_deal
from jassdsl.language.check import load_model

try:
    from reference import card_points
except ImportError:  # tests/ turned into a package
    from tests.reference import card_points

NINES: dict[str, int | str] = {"four-nines": "yes"}  # stated, so a new default changes nothing


def one_hand(seed: int, trump: str, totals: tuple[int, int] = (990, 990)) -> Game:
    """Hand 1 of a Schieber game from 990 points each (or `totals`), trump chosen by
    forehand: the deal of the game with this seed, set up at those totals with `at_deal`."""
    seeded = Game("schieber", seed=seed, options=NINES)
    game = at_deal(seeded.rules, [seeded.hand_of(x) for x in range(4)], seeded.dealer,
                   totals={"points": list(totals)})
    assert game.totals == {"points": totals}
    game.apply(f"trump {trump}")
    while not game.results:
        game.apply(game.legal_actions()[0])
    return game


def test_stoeck_wins_at_once_before_the_other_sides_weis_and_tricks() -> None:
    game = one_hand(48, "S")
    r = game.results[0]
    # what the hand holds: Stöck for P0+P2; a Weis and more card points for P1+P3, who
    # would be ahead if everything were booked together at the end of the hand
    assert r.bonuses == {"weis": (0, 20), "stoeck": (20, 0)}
    assert r.points[1] + 20 > r.points[0] + 20
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.standings == ((0, 1010), (1, 990))
    assert outcome.reason == "won at once with stoeck"
    assert r.won_with == "stoeck" and r.totals == {"points": (1010, 990)}
    assert [(g.subject, g.amount) for g in r.grants] == [(0, 20)]


def test_a_weis_wins_at_once_before_the_tricks() -> None:
    game = one_hand(0, "obenabe")
    r = game.results[0]
    assert r.bonuses == {"weis": (0, 20), "stoeck": (0, 0)}
    assert r.points[0] > r.points[1] + 20  # the tricks alone would put P0+P2 ahead
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.reason == "won at once with weis" and r.totals == {"points": (990, 1010)}


def test_the_team_that_reaches_the_target_first_wins_though_both_pass_it() -> None:
    """S: from 930:960, P1+P3's Weis brings them to 980; then the tricks count one by one,
    and P0+P2 pass 1000 with trick 5. After the last trick P1+P3 would have 1066 against
    P0+P2's 1001: the higher total after the hand is not the winner."""
    game = one_hand(20, "obenabe", (930, 960))
    r = game.results[0]
    assert r.bonuses == {"weis": (0, 20), "stoeck": (0, 0)}
    assert [930 + r.points[0], 960 + 20 + r.points[1]] == [1001, 1066]  # both pass 1000
    # the tricks one by one, from the cards alone (Obenabe: eights count 8)
    running = [930, 980]
    reached = None
    for k, trick in enumerate(r.tricks, 1):
        running[trick.winner % 2] += sum(card_points(CARD_NAMES[c], "obenabe")
                                         for c in trick.cards)
        if reached is None and max(running) >= 1000:
            reached = k, running.index(max(running)), list(running)
    assert reached == (5, 0, [1001, 998])
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "won at once with trick 5"
    assert r.won_with == "trick 5" and r.totals == {"points": (1001, 998)}


def test_a_target_not_reached_in_the_tricks_lets_the_hand_count_in_full() -> None:
    """The last trick completes the hand: whoever passes the target only with it (or with
    its 5 points and the match) wins with the whole hand counted, as without `tricks`."""
    for seed in range(40):
        game = one_hand(seed, "H", (850, 850))
        r = game.results[0]
        full = [850 + r.points[x] + r.bonuses["weis"][x] + r.bonuses["stoeck"][x]
                for x in range(2)]
        if not r.won_with:
            assert list(r.totals["points"]) == full
        else:
            assert r.won_with.startswith("trick ")
            assert int(r.won_with.split()[1]) < 9 and max(r.totals["points"]) >= 1000


def test_without_reaching_the_target_the_whole_hand_counts() -> None:
    game = Game("schieber", seed=48, options=NINES)
    game.apply("trump S")
    while not game.results:
        game.apply(game.legal_actions()[0])
    r = game.results[0]
    assert not r.won_with and not game.is_over
    assert list(r.totals["points"]) == [r.points[x] + r.bonuses["weis"][x]
                                        + r.bonuses["stoeck"][x] for x in range(2)]


BASE = """variant "count first"
players 4 in teams across
deal all cards in packets of 3
ranks trump: J 9 A K Q 10 8 7 6
ranks side: A K Q J 10 9 8 7 6
card points trump: J 20, 9 14, A 11, K 4, Q 3, 10 10
card points side: A 11, K 4, Q 3, J 2, 10 10
bonus last-trick 5
trump: random suit
unit point/points
score each hand, first rule that applies:
  all: otherwise then every team scores points + stoeck
{end}
{first}
winner: most points
"""


@pytest.mark.parametrize(("end", "first", "message"), [
    ("game ends after 4 hands", "bonus stoeck 20\ncount first: stoeck",
     "needs 'game ends when"),
    ("game ends when one team has total points >= 1000", "bonus stoeck 20\ncount first: points",
     "not known before the tricks"),
    ("game ends when one team has total points >= 1000", "count first: stoeck",
     "needs bonus stoeck"),
    ("game ends when one team has total points >= 1000",
     "bonus stoeck 20\ncount first: stoeck, then stoeck", "counted first twice"),
    ("game ends when one team has total points >= 1000",
     "bonus stoeck 20\ncount first: tricks, then stoeck", "'tricks' comes last"),
])
def test_count_first_errors(end: str, first: str, message: str) -> None:
    with pytest.raises(RuleFileErrors, match=message):
        load_model(BASE.format(end=end, first=first), "count.jass")


def test_the_tricks_count_one_by_one_only_where_every_rule_adds_the_card_points() -> None:
    """A rule that does more with the card points than add them to what every team
    scores (here: only a team ahead before the hand scores them) cannot book them trick by
    trick: `check` says which rule."""
    text = BASE.format(end="game ends when one team has total points >= 1000",
                       first="bonus stoeck 20\ncount first: stoeck, then tricks").replace(
        "  all: otherwise then every team scores points + stoeck",
        "  big: when hand > 3 then teams with total points > 500 score points\n"
        "  all: otherwise then every team scores points + stoeck")
    with pytest.raises(RuleFileErrors, match="rule 'big' does not just add the card points"):
        load_model(text, "count.jass")
    fine = BASE.format(end="game ends when one team has total points >= 1000",
                       first="bonus stoeck 20\ncount first: stoeck, then tricks")
    rules = compile_rules(load_model(fine, "count.jass"))
    assert rules.count_first == ("stoeck", "tricks")
    assert rules.count_adds == {"all": {"stoeck": (("points", 1),), "points": (("points", 1),)}}


@pytest.mark.parametrize(("first", "clauses", "late"), [
    # which rule applies, chosen by the play: a condition on the outcome
    ("count first: tricks", "  m: when some team has match then every team scores points * 3",
     "'match' .* which rule applies \\(rule 'm'\\)"),
    ("count first: stoeck", "  m: when some team has match then every team scores "
     "(points + stoeck) * 3", "'match' .* which rule applies"),
    ("count first: stoeck, then tricks", "  t: when some team has trick(1) then every team "
     "scores points + stoeck", "'trick\\(...\\)' .* which rule applies"),
    ("count first: stoeck", "  l: when some team has last and tricks > 4 then every team "
     "scores points + stoeck", "'last' .* which rule applies"),
    # what a counted fact brings, scaled by the play: inline, in an `if`, through a let
    ("count first: stoeck", "  all: when hand > 0 then every team scores points + stoeck * tricks",
     "'tricks' .* what stoeck brings in rule 'all'"),
    ("count first: tricks", "  all: when hand > 0 then every team scores points * (3 if match "
     "else 1)", "'match' .* what the tricks bring"),
    ("count first: stoeck", "  all: when hand > 0 then teams with points > 50 score stoeck, "
     "every team scores points", "'points' .* what stoeck brings"),
    # who scores, singled out by the counted fact: the whole award is its share
    ("count first: stoeck", "  s: when hand > 0 then teams with stoeck > 0 score points",
     "'points' .* what stoeck brings in rule 's'"),
    ("count first: stoeck", "  s: when hand > 0 then teams with stoeck > 0 and points > 60 "
     "score 300, every team scores points + stoeck", "'points' .* what stoeck brings"),
    ("count first: stoeck, then tricks", "  s: when hand > 0 then teams with stoeck > 0 score "
     "points * 2, every team scores points + stoeck", "'points' .* what stoeck brings"),
    # ... through a lot, and `the others`, who are singled out by the targets before them
    ("count first: stoeck", "  s: when hand > 0 then one of teams with points > 60 by lot "
     "scores stoeck, every team scores points", "'points' .* what stoeck brings"),
    ("count first: stoeck", "  s: when hand > 0 then teams with points > 80 score 50, "
     "the others score stoeck, every team scores points", "'points' .* what stoeck brings"),
    ("count first: stoeck", "  s: when hand > 0 then teams with stoeck > 0 score stoeck, "
     "the others score points", "'points' .* what stoeck brings"),
])
def test_count_first_refuses_what_the_play_decides_in_every_form(
        first: str, clauses: str, late: str) -> None:
    """`count first` books facts with the rule the whole hand chose: a rule chosen by the
    outcome (a match counted three times), or a share scaled by it, would book the first
    trick or the Stöck by what did not exist yet. `check` refuses each form at the name."""
    text = BASE.format(end="game ends when one team has total points >= 1000",
                       first=f"bonus stoeck 20\n{first}").replace(
        "  all: otherwise then every team scores points + stoeck",
        clauses + "\n  rest: otherwise then every team scores points + stoeck")
    with pytest.raises(RuleFileErrors, match=late) as info:
        load_model(text, "count.jass")
    assert len(info.value.errors) == 1  # one mistake, one message (not also 'does not just add')
    assert info.value.errors[0].pos.line == 12


@pytest.mark.parametrize("clauses", [
    "  d: when hand > 3 and in obenabe then every team scores (points + stoeck) * 2",
    "  p: when one team has total points > 500 and points-in-play > 100 "
    "then every team scores points + stoeck",
    "  all: when hand > 0 then every team scores (points + stoeck) * (2 if players > 3 "
    "else 1)",
])
def test_count_first_takes_rules_chosen_before_the_first_card(clauses: str) -> None:
    text = BASE.format(end="game ends when one team has total points >= 1000",
                       first="bonus stoeck 20\ncount first: stoeck, then tricks").replace(
        "  all: otherwise then every team scores points + stoeck",
        clauses + "\n  rest: otherwise then every team scores points + stoeck")
    assert compile_rules(load_model(text, "count.jass")).count_first == ("stoeck", "tricks")


@pytest.mark.parametrize(("end", "late"), [
    ("game ends when one team has total points >= 1000 and points > 60", "points"),
    ("game ends when one team has total points >= 1000 and not last", "last"),
    ("game ends when (one team has total points >= 1000) or (some team has match)", "match"),
])
def test_count_first_refuses_a_game_end_that_reads_the_play(end: str, late: str) -> None:
    """The game's end is asked after each fact counted first, before the tricks are
    played: read from the hand's play, it would end a game at the Stöck by card points
    not yet taken (seen: a side with 118 card points to come won with its Stöck)."""
    text = BASE.format(end=end, first="bonus stoeck 20\ncount first: stoeck")
    with pytest.raises(RuleFileErrors) as info:
        load_model(text, "count.jass")
    assert [(e.pos.line, e.message.split("'")[1]) for e in info.value.errors] == [(13, late)]
    assert "so the game's end cannot depend on it" in info.value.errors[0].message
    assert "das Spielende nicht davon" in info.value.render("de")
    fine = BASE.format(end="game ends when one team has total points >= 1000 and hand > 2",
                       first="bonus stoeck 20\ncount first: stoeck")
    assert compile_rules(load_model(fine, "count.jass")).count_first == ("stoeck",)


def test_a_target_chosen_by_the_counted_fact_books_the_award_with_it() -> None:
    """`teams with stoeck > 0 score 50` is known the moment the Stöck is: counted first,
    the Stöck books its 20 and the 50 at once, before the card points (from 990 each, the
    side with the Stöck wins with 1060, whoever takes the tricks)."""
    text = BASE.format(end="game ends when one team has total points >= 1000",
                       first="bonus stoeck 20\ncount first: stoeck").replace(
        "  all: otherwise then every team scores points + stoeck",
        "  all: otherwise then teams with stoeck > 0 score 50, every team scores points + stoeck")
    rules = compile_rules(load_model(text, "count.jass"))
    won = 0
    for seed in range(8):
        seeded = Game(rules, seed=seed, record=False)
        game = at_deal(rules, [seeded.hand_of(x) for x in range(4)], seeded.dealer,
                       totals={"points": [990, 990]})
        while not game.results:
            game.apply(game.legal_actions()[0])
        r = game.results[0]
        side = next((x for x in (0, 1) if r.bonuses["stoeck"][x]), None)
        if side is None:
            assert not r.won_with
            continue
        won += 1
        assert r.won_with == "stoeck"
        assert [(g.subject, g.amount) for g in r.grants] == [(side, 20 + 50)]
        assert r.totals["points"][side] == 1060 and r.totals["points"][1 - side] == 990
    assert won


def test_count_first_compiles_in_order() -> None:
    text = BASE.format(end="game ends when one team has total points >= 1000",
                       first="bonus stoeck 20\ncount first: stoeck")
    assert compile_rules(load_model(text, "count.jass")).count_first == ("stoeck",)


@pytest.mark.parametrize("seed", [1, 28])
def test_scoring_again_gives_what_the_plain_addition_gives(seed: int) -> None:
    """The general path (score the hand without the fact) and the shortcut for a clause
    that only adds the fact play the same game, ended at once (seed 1: Weis, 28: Stöck)."""
    import dataclasses
    import random

    from jassdsl.engine.playout import play_random
    from jassdsl.registry import load_rules

    rules = load_rules("schieber", NINES)
    assert rules.count_adds == {"card-points": {"stoeck": (("points", 1),),
                                                "weis": (("points", 1),),
                                                "points": (("points", 1),)}}
    games = [Game(r, seed=seed, record=False)
             for r in (rules, dataclasses.replace(rules, count_adds={}))]
    for game in games:
        play_random(game, random.Random(seed))
    plain, scored = games
    assert plain.results[-1].won_with in ("weis", "stoeck")
    assert plain.results == scored.results and plain.outcome() == scored.outcome()


def test_with_trump_double_stoeck_and_weis_counted_first_are_multiplied_too() -> None:
    """Schieber's `trump-double`: the clause adds the facts times the hand's factor; the
    shortcut (`count_scales`) and scoring again play the same games, and a game won with
    Stöck or Weis counted first books them times the factor (decision 'multiplied')."""
    import dataclasses
    import random

    from jassdsl.engine.playout import play_random
    from jassdsl.registry import load_rules

    rules = load_rules("schieber", {**NINES, "trump-double": "yes"})
    assert rules.count_adds == {"card-points": {"stoeck": (("points", 1),),
                                                "weis": (("points", 1),),
                                                "points": (("points", 1),)}}
    assert [fn is not None for fn in rules.count_scales["card-points"]] == [True]
    factor = {"D": 1, "H": 1, "S": 2, "C": 2, "obenabe": 3, "undenufe": 3}
    early = 0
    for seed in range(12):
        games = [Game(r, seed=seed, record=False)
                 for r in (rules, dataclasses.replace(rules, count_adds={}))]
        for game in games:
            play_random(game, random.Random(seed))
        plain, scored = games
        assert plain.results == scored.results and plain.outcome() == scored.outcome()
        last = plain.results[-1]
        booked = {g.subject: g.amount for g in last.grants}
        if last.won_with.startswith("trick "):  # the tricks so far, times the factor
            assert all(amount % factor[last.trump] == 0 for amount in booked.values())
        elif last.won_with:
            early += 1
            bonus = last.bonuses["stoeck" if last.won_with == "stoeck" else "weis"]
            side = next(x for x in (0, 1) if bonus[x])
            assert booked[side] % factor[last.trump] == 0
            assert booked[side] >= bonus[side] * factor[last.trump]
    assert early


@pytest.mark.parametrize(("amount", "factor"), [
    ("(points + weis) * 2", 1), ("3 * (points + weis)", 1), ("(points + weis) * hand", 1),
    ("points + weis + stoeck", 1), ("points - weis", -1), ("weis + weis", 2),
    ("points - (points - weis)", 1), ("2 * weis", 1), ("abs(weis)", None),
    ("points", 0),
])
def test_which_clauses_only_add_the_fact(amount: str, factor: int | None) -> None:
    from jassdsl.core.count_order import additions

    text = BASE.format(end="game ends when one team has total points >= 1000",
                       first="bonus stoeck 20\nweis small: sequence 3 = 20; each card once\n"
                             "weis: small\ncount first: weis").replace(
        "points + stoeck", amount)
    rules = compile_rules(load_model(text, "count.jass"))
    got = additions(rules.model, rules.unit_of, rules.main_unit, ("weis",))
    assert got == ({} if factor is None else {"all": {"weis": (("points", factor),)}})


def test_the_hand_report_names_the_trick_that_reached_the_target() -> None:
    from jassdsl.rulebook.textview import hand_summary

    game = one_hand(20, "obenabe", (930, 960))
    lines = hand_summary(game.rules, game.results[0], game.hand_events(),
                         ["P0", "P1", "P2", "P3"], tricks=True)
    assert ("  the target is reached with trick 5, counted after hand Stöck and hand Weis: "
            "the game ends at once, the rest of this hand does not count") in lines


GATED = ("schieber", "slalom", "plus-minus", "plusminus-allmedias", "schaufeldame",
         "schiltenober")


@pytest.mark.parametrize("variant", GATED)
def test_the_game_end_never_holds_where_its_gate_is_shut(variant: str) -> None:
    """`end_gate` spares evaluating the game end after every trick: it must be a test the
    end cannot hold without. Random totals around the gate's bound, many ties."""
    import random

    from jassdsl.core.count_order import may_end

    game = Game(variant, seed=1, record=False)
    rules = game.rules
    assert rules.end_gate is not None and rules.end_when is not None
    _unit, sign, least = rules.end_gate
    facts = game.chain.end.facts(game)
    rng = random.Random(variant)
    shut = ended = 0
    for _ in range(3000):
        totals = {u: [rng.choice((least - 1, least, least + 1, 0, sign * least,
                                  rng.randrange(-2 * least, 2 * least + 1)))
                      for _ in range(rules.subjects)] for u in facts.totals}
        facts.totals, facts.bound = totals, None
        holds = bool(rules.end_when(facts, -1))
        ended += holds
        shut += not may_end(rules.end_gate, totals)
        assert not holds or may_end(rules.end_gate, totals), totals
    assert ended and shut  # both sides of the gate were tried


def test_the_gate_of_schieber_is_its_target() -> None:
    rules = Game("schieber", seed=1, options={"target": 2500}).rules
    assert rules.end_gate == ("points", 1, 2500)
    assert Game("differenzler", seed=1).rules.end_gate is None  # ends after its hands


def test_the_gate_bound_holds_every_running_total() -> None:
    """`may_pass` (the shortcut past hands that cannot end the game) bounds every running
    total `count_first` books, with steps up and down and a floor: whenever a running
    total passes the gate, the bound says it may."""
    import random

    from jassdsl.compile.counting import may_pass
    from jassdsl.core.count_order import TRICK_FACT, may_end

    rng = random.Random(4)
    for _ in range(400):
        sign = rng.choice((1, -1))
        least = rng.randrange(-20, 60)
        floor = rng.choice((None, 0, -10))
        start = [rng.randrange(-30, 40) for _ in range(2)]
        plain = {"weis": (("points", rng.randrange(-2, 3)),),
                 TRICK_FACT: (("points", rng.randrange(-2, 3)),)}
        saved = [("weis", [rng.randrange(-5, 20) for _ in range(2)])]
        tricks = tuple((rng.randrange(2), rng.randrange(0, 30)) for _ in range(4))
        running = [v for v in start]
        passed = False
        steps = [(x, plain["weis"][0][1] * v) for x, v in enumerate(saved[0][1])]
        steps += [(taker, plain[TRICK_FACT][0][1] * p) for taker, p in tricks]
        for x, d in steps:
            y = running[x] + d
            running[x] = y if floor is None or y >= floor else floor
            passed = passed or may_end(("points", sign, least), {"points": running})
        bound = may_pass(("points", sign, least), start, floor, plain, saved, tricks, (), None)
        assert bound or not passed
        # no trick is worth less than 0 here: each subject's card points bound its tricks
        sums = [sum(p for taker, p in tricks if taker == x) + rng.randrange(0, 5)
                for x in range(2)]
        assert may_pass(("points", sign, least), start, floor, plain, saved, tricks, (), None,
                        sums) or not passed
