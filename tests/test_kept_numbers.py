"""Numbers kept from hand to hand (`keep`, jassdsl/mechanisms/kept_numbers.py): Bock rounds.

`rules/schieber-bock.jass` (a club house rule): after a match the next four hands count
double, and a match during Bock adds four more. The naive reference (`tests/reference.py`)
plays every recorded hand again and works out Bock and the score itself; positions carry
the number (`kept`), undo puts it back, every seat sees it, and the terminal, the browser
table's sheet and the rulebook show it in both languages.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
import reference as ref

from jassdsl.bots.kinds import make_bots
from jassdsl.bots.tricks import play_bots
from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.cards import CARD_NAMES, mask_cards
from jassdsl.engine import Game
from jassdsl.engine.position import PositionError, at_deal
from jassdsl.engine.records import HandResult
from jassdsl.registry import load_rules

SEEDS = range(12)  # heuristic bots: these games have matches, Bock hands, a game won in one


@cache
def rules() -> CompiledRules:
    return load_rules("schieber-bock")


@cache
def games() -> tuple[Game, ...]:
    """Seeded games with the heuristic bots (they make matches), played once for every
    test here (about 0.15 s)."""
    out = []
    for seed in SEEDS:
        game = Game(rules(), seed=seed)
        play_bots(game, make_bots("heuristic", 4, seed))
        out.append(game)
    return tuple(out)


def replayed(result: HandResult) -> dict[str, object]:
    """The reference plays the recorded hand again (each card must be legal for it)."""
    cards = iter([c for t in result.tricks for c in t.cards])

    def choose(player: int, legal: list[str], state: dict[str, object]) -> str:
        return CARD_NAMES[next(cards)]

    hands = [[CARD_NAMES[c] for c in mask_cards(h)] for h in result.hands]
    mode = str(result.trump)
    return ref.play_hand(hands, result.tricks[0].leader, mode, "strict", choose)


def test_bock_is_scored_as_the_reference_works_it_out() -> None:
    bock_hands = won_at_once = 0
    for game in games():
        bock = 0  # each game starts without Bock
        for result in game.results:
            assert result.kept == {"bock": bock}
            out = replayed(result)
            per_seat = out["points"]
            assert isinstance(per_seat, list)
            teams = [per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]]
            takers = {seat % 2 for seat, won in enumerate(out["tricks"]) if won}  # type: ignore[arg-type]
            match = len(takers) == 1
            if match:
                teams[takers.pop()] += 100
            bonus = [sum(v[x] for v in result.bonuses.values()) for x in (0, 1)]
            expected = [(teams[x] + bonus[x]) * ref.bock_factor(bock) for x in (0, 1)]
            if not result.won_with:  # won at once: only what counted first is written
                assert [sum(g.amount for g in result.grants if g.subject == x)
                        for x in (0, 1)] == expected
            bock_hands += bock > 0
            won_at_once += bool(result.won_with) and bock > 0
            bock = ref.bock_after(bock, match)
            assert result.kept_next == {"bock": bock}
    assert bock_hands >= 6 and won_at_once >= 1  # the seeds reach Bock, and end in it


def dealt(result: HandResult) -> list[list[int]]:
    return [list(mask_cards(h)) for h in result.hands]


def first_bock_hand(game: Game) -> HandResult:
    return next(r for r in game.results if r.kept["bock"] > 0)


def test_a_position_at_the_deal_carries_bock() -> None:
    game = next(g for g in games() if any(r.kept["bock"] > 0 for r in g.results))
    result = first_bock_hand(game)
    before = game.results[result.number - 2]
    left = result.kept["bock"]
    at = at_deal(rules(), dealt(result), result.dealer, hand_number=result.number,
                 totals=before.totals, kept={"kept": {"bock": left}})
    assert at.kept == {"kept": {"bock": left}} and at.observe(1).kept == {"bock": left}
    rng = random.Random(0)
    while len(at.results) < 1:
        at.apply(rng.choice(at.legal_actions()))
    played = at.results[0]
    points = [p + sum(v[x] for v in played.bonuses.values())
              for x, p in enumerate(played.points)]
    assert played.kept == {"bock": left}
    if not played.won_with:
        assert [sum(g.amount for g in played.grants if g.subject == x) for x in (0, 1)] \
            == [2 * p for p in points]


def match_deal() -> list[list[int]]:
    """Forehand (seat 0, the dealer is seat 3) holds every heart, the partner the Aces,
    Kings and Queens of the other suits: the team takes every trick with hearts trump."""
    seat = {0: [], 1: [], 2: [], 3: []}  # type: dict[int, list[int]]
    for c, name in enumerate(CARD_NAMES):
        suit, rank = name[0], name[1:]
        if suit == "H":
            seat[0].append(c)
        elif rank in ("A", "K", "Q"):
            seat[2].append(c)
        else:
            seat[1 if len(seat[1]) < 9 else 3].append(c)
    return [seat[x] for x in range(4)]


@pytest.mark.parametrize(("left", "after"), [(0, 4), (1, 4), (2, 5)])
def test_a_match_starts_bock_or_adds_a_round_to_it(left: int, after: int) -> None:
    far = load_rules("schieber-bock", {"target": 2500})  # the hand is not won at once
    game = at_deal(far, match_deal(), 3, kept={"kept": {"bock": left}})
    play_bots(game, make_bots("heuristic", 4, 0), hands=1)
    result = game.results[0]
    assert str(result.trump) == "H" and {t.winner % 2 for t in result.tricks} == {0}
    assert not result.won_with
    assert (result.kept, result.kept_next) == ({"bock": left}, {"bock": after})
    assert after == ref.bock_after(left, True)
    written = sum(g.amount for g in result.grants if g.subject == 0)
    assert written == ref.bock_factor(left) * (result.points[0] + sum(
        v[0] for v in result.bonuses.values()))


def test_undo_and_copies_keep_the_number_as_it_was() -> None:
    game = Game(rules(), seed=3)
    game.s.parts["kept_numbers"].values["bock"] = 2  # type: ignore[attr-defined]
    rng = random.Random(3)
    while len(game.results) < 1:
        game.apply(rng.choice(game.legal_actions()))
    assert game.results[-1].kept == {"bock": 2} and game.kept["kept"]["bock"] in (1, 5)
    copy = game.copy()
    game.undo()
    assert game.kept == {"kept": {"bock": 2}} and copy.kept["kept"]["bock"] in (1, 5)


def test_every_seat_sees_the_number() -> None:
    game = games()[0]
    assert {str(game.observe(seat).kept) for seat in range(4)} == {str(game.kept["kept"])}


def test_a_position_refuses_what_the_rules_do_not_keep() -> None:
    result = games()[0].results[0]
    with pytest.raises(PositionError, match="keep the numbers"):
        at_deal(rules(), dealt(result), result.dealer, kept={"kept": {"bok": 1}})
    with pytest.raises(PositionError, match="keep nothing as 'kept'"):
        at_deal(load_rules("schieber"), dealt(result), result.dealer, kept={"kept": {"bock": 1}})


def test_the_hand_report_and_the_sheet_show_bock_in_both_languages() -> None:
    from jassdsl.mechanisms.kept_numbers import hand_lines, shown

    game = next(g for g in games() if any(r.kept["bock"] > 0 for r in g.results))
    result = first_bock_hand(game)
    earned = game.results[result.number - 2]
    left = result.kept["bock"]
    assert hand_lines("en", rules(), earned, ()) == [f"from the next hand: Bock: {left} left"]
    assert hand_lines("de", rules(), earned, ())[-1] == f"ab der nächsten Runde: Bock: noch {left}"
    assert hand_lines("en", rules(), result, ())[0] == f"this hand: Bock: {left} left"
    assert shown("de", rules(), {"bock": 0}) == []  # not shown without Bock


def test_the_browser_sheet_notes_bock() -> None:
    from jassdsl.table.view import Words, sheet

    game = next(g for g in games() if g.results[-1].kept_next["bock"] > 0)
    for lang, text in (("en", "Bock: {} left"), ("de", "Bock: noch {}")):
        panel = sheet(game, game.observe(0), Words(game, lang), ["a", "b", "c", "d"])
        assert panel["notes"] == [text.format(game.kept["kept"]["bock"])]
        rows = [r for r in panel["rows"] if game.results[r["hand"] - 1].kept["bock"] > 0]
        assert rows and all(text.format("")[:6] in r["mode"] for r in rows)


def test_the_compiled_playout_declines_the_file_and_says_why() -> None:
    from jassdsl.fast.games import reasons

    assert "mechanism kept_numbers" in reasons(rules())



def test_the_terminal_shows_bock_at_the_deal_in_both_languages() -> None:
    from jassdsl.engine.events import Dealt
    from jassdsl.rulebook.textview import Narrator

    result = games()[0].results[0]
    game = at_deal(rules(), dealt(result), result.dealer, kept={"kept": {"bock": 3}},
                   events=True)
    deal = next(e for e in reversed(game.events) if isinstance(e, Dealt))
    for lang, line in (("en", "Bock: 3 left"), ("de", "Bock: noch 3")):
        told = Narrator(game, ["you", "P1", "P2", "P3"], you=0, lang=lang).dealt(deal)
        assert told[-1] == line


def test_a_corpus_hand_case_carries_the_number_into_its_replay() -> None:
    import json
    from pathlib import Path

    from jassdsl.corpus import models as cm
    from jassdsl.corpus.derive import derive_hand

    path = Path(__file__).parent / "corpus" / "schieber-bock" / "hand.jsonl"
    case = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    inp = cm.HandInput.model_validate(case["input"])
    assert inp.kept == {"bock": 0}
    plain = derive_hand(rules(), inp)
    assert plain.changes == case["expect"]["changes"]
    doubled = derive_hand(rules(), inp.model_copy(update={"kept": {"bock": 2}}))
    assert doubled.changes == {u: [2 * v for v in vs] for u, vs in plain.changes.items()}
