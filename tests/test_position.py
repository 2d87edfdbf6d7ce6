"""Positions and chance in the open: `at_deal`, `deal_again`, `at_play`, `Chance` and
`ScriptedChance` (jassdsl.engine), as an engine author uses them.

A seeded game is the witness: its deals (the `Dealt` events), the trump drawn at the deal
and the lots of scoring are handed to `at_deal`/`deal_again`, the same actions applied,
and the rebuilt game must deal the very same cards and end with the same records and
outcome, for every rule file of the registry. Bad input gets a `PositionError` or a
`ChanceError` that says what does not fit; `at_play` positions get the legal cards of the
independent reference (tests/reference.py).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable

import pytest
from conftest import (
    MAX_HANDS,
    SLOW_OK,
    Deal,
    Played,
    VariantCase,
    played,
    scaled,
    seeded_game,
    snapshot,
    variant_cases,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from sitebuild import ROOT
from test_language_fixtures import FOLDER, with_base
from test_legal_vs_reference import REGIME

from jassdsl.compile.compiler import CompiledRules, compile_rules
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_NAMES, mask_cards
from jassdsl.core.tables import MODE_NAMES
from jassdsl.engine import Chance, ChanceError, Game, ScriptedChance
from jassdsl.engine.events import Dealt
from jassdsl.engine.position import PositionError, at_deal, at_play, deal_again
from jassdsl.language.check import load_model
from jassdsl.registry import load_rules, variant_names

try:
    import reference as ref
except ImportError:  # tests/ turned into a package
    from tests import reference as ref

SEEDS = st.integers(0, 2**32 - 1)
LOTS = FOLDER / "target-by-lot.jass"


# --- a seeded game, rebuilt from its deals -------------------------------------------------
def last_deal(game: Game) -> Dealt:
    """The hand's deal (bettering may have begun at once after it)."""
    return [e for e in game.hand_events() if isinstance(e, Dealt)][-1]


def rebuilt(rules: CompiledRules, actions: list[Action], deals: list[Deal]) -> Game:
    """The same game from its recorded deals: at_deal, then deal_again at each new deal
    (played forward only: its events logged, no undo copies kept)."""
    first = deals[0]
    game = at_deal(rules, first.hands(), first.event.dealer, piles=first.piles(),
                   shown=first.event.shown, trump=first.trump, lots=first.lots,
                   record=False, events=True)
    assert last_deal(game) == first.event
    later = {d.at: d for d in deals[1:]}
    for i, action in enumerate(actions, 1):
        game.apply(action)
        if (deal := later.get(i)) is not None and not game.is_over:
            deal_again(game, deal.hands(), piles=deal.piles(), shown=deal.event.shown,
                       trump=deal.trump, lots=deal.lots)
            assert last_deal(game) == deal.event, f"deal after action {i}"
    return game


@settings(max_examples=scaled(0.5), suppress_health_check=SLOW_OK)
@given(seed=SEEDS, policy=SEEDS)
def test_a_game_replays_from_its_history_and_from_its_deals(variant_case: VariantCase,
                                                            seed: int, policy: int) -> None:
    """One seeded game, replayed two ways. The same seed and the same actions (given as
    text) give the same hands, scores, end and everything a player sees: two games built
    from one seed and fed the same choices never drift apart (the replay keeps its undo
    copies, the game played first none), and another seed deals otherwise. Every deal,
    given to at_deal/deal_again with the trump drawn and the lots, deals the same cards
    and piles; the same actions give the same records. Both hold hand by hand: MAX_HANDS."""
    rules = load_rules(variant_case.name, variant_case.options)
    game, actions, deals = seeded_game(rules, seed, policy, MAX_HANDS)
    again = Game(variant_case.name, seed=seed, options=variant_case.options)
    for action in actions:
        again.apply(str(action))
    assert again.results == game.results
    assert again.outcome() == game.outcome()
    assert snapshot(again) == snapshot(game)
    other, first = Game(rules, seed=seed + 1, record=False), Game(rules, seed=seed, record=False)
    assert [other.observation(x) for x in range(other.n)] != [
        first.observation(x) for x in range(first.n)]
    dealt = rebuilt(game.rules, actions, deals)
    assert dealt.results == game.results
    assert dealt.outcome() == game.outcome()
    assert dealt.totals == game.totals


def test_the_replays_meet_every_kind_of_deal() -> None:
    """The replay above is only worth something if the rule files make it meet each kind
    of deal: piles, a shown card, a turned card, a drawn trump, lots, seats that left.
    No rule file draws lots often (a three-way tie in Molotow), so the language fixture
    that draws one every hand is replayed too."""
    seen: Counter[str] = Counter()
    lots = compile_rules(load_model(with_base(LOTS.read_text(encoding="utf-8")), str(LOTS)))
    games = [played(c, 1, 1) for c in variant_cases()]  # test_events checks them too
    game, actions, deals = seeded_game(lots, 1, 1, MAX_HANDS)
    games.append(Played(lots, tuple(actions), tuple(game.results), (), tuple(deals),
                        game.outcome(), game.is_over))
    for one in games:
        again = rebuilt(one.rules, list(one.history), list(one.deals))
        assert (tuple(again.results), again.outcome()) == (one.results, one.outcome)
        for d in one.deals:
            seen["piles"] += bool(d.event.piles)
            seen["shown"] += d.event.shown >= 0
            seen["turned"] += d.event.turned >= 0
            seen["drawn trump"] += d.trump >= 0
            seen["lots"] += bool(d.lots)
            seen["left the table"] += not all(d.event.hands)
            seen["later hand"] += d.event.hand > 1
    for kind in ("piles", "shown", "turned", "drawn trump", "lots", "left the table",
                 "later hand"):
        assert seen[kind], f"no rule file made a deal with {kind}: {dict(seen)}"


def random_deal(rules: CompiledRules, rng: random.Random
                ) -> tuple[list[list[int]], int, dict[str, list[int]], int]:
    """Hands, dealer, piles and shown card drawn at random, as the rules deal them: the
    cards left over go to the piles in the file's order (own piles one per seat, a pile
    of no size takes the rest); where the rules leave the table, a seat may have left."""
    n, each = rules.players, rules.cards_each
    seats = list(range(n))
    if "leave" in rules.configs and n > 2 and rng.random() < 0.5:
        seats.remove(rng.randrange(n))
    pack = mask_cards(rules.pack)  # the cards of the file's pack (all 36 unless it says)
    cards = rng.sample(pack, len(pack))
    hands = [sorted(cards[seats.index(x) * each:][:each]) if x in seats else []
             for x in range(n)]
    rest = cards[len(seats) * each:]
    piles: dict[str, list[int]] = {}
    for name, size in rules.piles:
        for key in ([f"{name}:{x}" for x in seats] if name in rules.own_piles else [name]):
            take = len(rest) if size is None else size
            piles[key], rest = rest[:take], rest[take:]
    dealer = rng.choice(seats)
    turns = any(piles.get(name) for name in rules.turned_piles)
    shows = rules.trump_kind == "bottom_card" or (rules.trump_kind == "turned" and not turns)
    return hands, dealer, piles, rng.choice(hands[dealer]) if shows else -1


@pytest.mark.parametrize("case", variant_cases(), ids=lambda c: c.id)
def test_at_deal_deals_exactly_the_given_hands_and_piles(case: VariantCase) -> None:
    """Deals drawn at random (not from a shuffle the engine made) are dealt as given: the
    hands, the piles from their top card, the shown card, the turned card, empty seats."""
    rules = load_rules(case.name, case.options)
    rng = random.Random(case.id)
    for _ in range(8):
        hands, dealer, piles, shown = random_deal(rules, rng)
        game = at_deal(rules, hands, dealer, piles=piles, shown=shown)
        dealt = last_deal(game)
        assert [mask_cards(h) for h in dealt.hands] == hands
        assert {k: v for k, v in dealt.piles if v} == {k: tuple(v) for k, v in piles.items()
                                                       if v}
        turned = next((piles[k][0] for k in rules.turned_piles if piles.get(k)), -1)
        assert dealt.turned == (turned if rules.trump_kind == "turned" else -1)
        assert dealt.shown == shown == game.observe(dealer).shown
        assert game.dealer == dealer and game.hand_number == 1
        assert game.observe(dealer).table == tuple(x for x in range(rules.players) if hands[x])
        held = [game.hand_of(x) for x in range(rules.players)]
        if "table_cards" in rules.configs:  # the face-down table cards leave the hand at once
            down = rules.configs["table_cards"].down  # type: ignore[attr-defined]
            assert all(set(h) <= set(d) and len(d) - len(h) == down
                       for h, d in zip(held, hands, strict=True))
        elif game.phase != "improve":  # bettering may take a pile up at once
            assert held == hands


def test_at_deal_takes_the_hand_number_totals_and_held_amounts() -> None:
    rules = next(load_rules(n) for n in variant_names() if load_rules(n).subjects == 2
                 and not load_rules(n).piles)
    seeded = Game(rules, seed=3)
    hands = [seeded.hand_of(x) for x in range(rules.players)]
    totals = {u: [10 * (x + 1) for x in range(rules.subjects)] for u in rules.units}
    unit = next(iter(rules.units))
    game = at_deal(rules, hands, 2, hand_number=4, totals=totals,
                   held=[(unit, (0, 1), 7)])
    assert game.hand_number == 4 and game.dealer == 2
    assert game.totals == {u: tuple(v) for u, v in totals.items()}
    assert game.held == ((unit, (0, 1), 7),)
    assert game.current_player == 3 % rules.players or game.phase != "play"


# --- bad input: PositionError and ChanceError -------------------------------------------------
def four() -> CompiledRules:
    """A rule file that deals all 36 cards to four players, without piles."""
    return next(r for r in map(load_rules, variant_names())
                if r.players == 4 and r.cards_each == 9 and not r.piles)


def with_piles() -> CompiledRules:
    return next(r for r in map(load_rules, variant_names()) if r.piles and r.players == 4)


def deal(n: int = 4, each: int = 9) -> list[list[int]]:
    return [list(range(x * each, (x + 1) * each)) for x in range(n)]


@pytest.mark.parametrize(("make", "message"), [
    (lambda r: at_deal(r, deal()[:3], 0), r"4 hands.*3 given|3 hands"),
    (lambda r: at_deal(r, [h[:8] for h in deal()], 0), r"seat 0 holds 8 cards; the rules deal 9"),
    (lambda r: at_deal(r, [[], *deal()[1:]], 0), r"seat 0 holds no cards; nobody leaves"),
    (lambda r: at_deal(r, [[0, *h[1:]] if x else h for x, h in enumerate(deal())], 0),
     r"card \w+ \(0\) is given twice"),
    (lambda r: at_deal(r, [[40, *h[1:]] if x == 1 else h for x, h in enumerate(deal())], 0),
     r"from 0 to 35, not 40"),
    (lambda r: at_deal(r, deal(), 0, shown=30), r"shown card \w+ .*not in the dealer"),
    (lambda r: at_deal(r, deal(), 4), r"dealer is a seat from 0 to 3, not 4"),
    (lambda r: at_deal(r, deal(), 0, piles={"nowhere": []}), r"no pile 'nowhere'"),
    (lambda r: at_deal(r, deal(), 0, totals={"nothing": [0, 0]}), r"units"),
    (lambda r: at_play(r, deal(), [], 0, 99), r"no tables for trump mode 99"),
    (lambda r: at_play(r, deal(), [0], 0, 0), r"\(0\) is given twice"),
    (lambda r: at_play(r, deal(), [30, 31, 32, 33], 0, 0), r"fewer than 4 cards, not 4"),
    (lambda r: at_play(r, [[36], [], [], []], [], 0, 0), r"from 0 to 35, not 36"),
    (lambda r: at_play(r, deal(), [], 7, 0), r"leader is a seat from 0 to 3, not 7"),
    (lambda r: at_play(r, deal()[:2], [], 0, 0), r"2 hands"),
])
def test_bad_positions_say_what_does_not_fit(make: Callable[[CompiledRules], Game],
                                             message: str) -> None:
    with pytest.raises(PositionError) as info:
        make(four())
    assert re.search(message, str(info.value)), str(info.value)


def test_a_pile_the_rules_lay_must_be_given_right() -> None:
    rules = with_piles()
    each = rules.cards_each
    hands = deal(4, each)
    with pytest.raises(PositionError, match="no pile 'nowhere'; the rules lay"):
        at_deal(rules, hands, 0, piles={"nowhere": [35]})


def test_deal_again_needs_a_game_at_a_deal_before_its_first_card() -> None:
    rules = four()
    with pytest.raises(PositionError, match="made by at_deal"):
        deal_again(Game(rules, seed=1), deal())
    game = at_deal(rules, deal(), 0)
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    with pytest.raises(PositionError, match="before its first card"):
        deal_again(game, deal())
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    with pytest.raises(PositionError, match="the game is over"):
        deal_again(game, deal())


def test_scripted_chance_says_where_the_script_does_not_fit() -> None:
    chance = ScriptedChance(0)
    chance.script(decks=[[1, 2, 4]], draws=[(4, 1), (4, 9)])
    deck = [1, 2, 8]
    with pytest.raises(ChanceError, match="scripted deck does not hold the cards"):
        chance.shuffle(deck)
    assert deck == [1, 2, 8]
    assert chance.draw(4) == 1
    with pytest.raises(ChanceError, match="draws among 4; the script has 9 of 4"):
        chance.draw(4)
    chance.script(draws=[(3, 0)])
    with pytest.raises(ChanceError, match="draws among 5; the script has 0 of 3"):
        chance.draw(5)


def test_a_game_with_a_wrong_script_stops_with_chance_error() -> None:
    rules = next(r for r in map(load_rules, variant_names()) if r.first_dealer_lot)
    chance = ScriptedChance(0)
    chance.script(draws=[(rules.players + 1, 0)])
    with pytest.raises(ChanceError, match=f"draws among {rules.players}"):
        Game(rules, chance=chance)


def test_scripted_chance_tells_what_is_left_unused() -> None:
    chance = ScriptedChance(0)
    assert chance.unused() == ""
    chance.script(decks=[[1]], draws=[(2, 0), (2, 1)])
    assert chance.unused() == "1 decks and 2 draws"
    chance.draw(2)
    assert chance.unused() == "1 decks and 1 draws"


# --- chance: one seeded source, and a script that runs out falls back to it ---------------------
@settings(max_examples=scaled(0.5))
@given(seed=st.integers(0, 2**32 - 1), policy=SEEDS)
def test_a_seed_and_a_chance_of_that_seed_play_the_same(seed: int, policy: int) -> None:
    for name in variant_names()[:: max(1, len(variant_names()) // 6)]:
        games = [Game(name, seed=seed), Game(name, chance=Chance(seed)),
                 Game(name, chance=ScriptedChance(seed))]
        rngs = [random.Random(policy) for _ in games]
        for _ in range(60):
            if games[0].is_over:
                break
            for game, rng in zip(games, rngs, strict=True):
                game.apply(rng.choice(game.legal_actions()))
        assert games[0].events == games[1].events == games[2].events
        assert games[0].results == games[1].results == games[2].results


# --- at_play: the legal cards of the reference ---------------------------------------------------
@st.composite
def play_position(draw: st.DrawFn) -> tuple[str, list[list[int]], list[int], int, int]:
    """A rule file the reference knows, its hands, an open trick, its leader and trump."""
    names = [n for n in sorted(REGIME) if n in variant_names()]
    name = draw(st.sampled_from(names))
    rules = load_rules(name)
    # the base modes (a mode the file defines plays each trick in one of them)
    mode = draw(st.sampled_from(sorted(m for m in rules.modes if m < len(MODE_NAMES))))
    cards = draw(st.permutations(range(36)))
    n = rules.players
    size = draw(st.integers(0, n - 1))
    left = draw(st.integers(1, min(9, (36 - size) // n)))
    trick = list(cards[:size])
    rest = cards[size:]
    hands = [sorted(rest[x * left:(x + 1) * left]) for x in range(n)]
    leader = draw(st.integers(0, n - 1))
    return name, hands, trick, leader, mode


@settings(max_examples=scaled(10))
@given(pos=play_position())
def test_at_play_offers_the_reference_legal_cards(
        pos: tuple[str, list[list[int]], list[int], int, int]) -> None:
    name, hands, trick, leader, mode = pos
    rules = load_rules(name)
    game = at_play(rules, hands, trick, leader, mode)
    seat = (leader + len(trick)) % rules.players
    assert game.phase == "play" and game.current_player == seat and game.leader == leader
    assert game.trick == tuple(trick) and game.mode == mode
    want = ref.legal_cards([CARD_NAMES[c] for c in hands[seat]],
                           [CARD_NAMES[c] for c in trick], MODE_NAMES[mode], REGIME[name],
                           rules.play.puur_exempt)
    got = [CARD_NAMES[a.value] for a in game.legal_actions()]
    assert got == sorted(want, key=CARD_NAMES.index)


def test_at_play_plays_on_to_the_end_of_the_hand() -> None:
    rules = four()
    hands = [list(range(x * 9, x * 9 + 3)) for x in range(4)]
    game = at_play(rules, hands, [], 1, 0)
    rng = random.Random(1)
    while not game.results:
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.results[0].tricks) == 3


# --- the documented examples run as printed --------------------------------------------------
@pytest.mark.parametrize(("lang", "title"), [("en", "### Positions and chance"),
                                             ("de", "### Stellungen und Zufall")])
def test_the_documented_examples_run(lang: str, title: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "docs" / lang / "engine-authors.md").read_text(encoding="utf-8")
    section = text.split(title, 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 2
    for block in blocks:
        exec(compile(block, f"engine-authors.md ({lang})", "exec"), {})
    assert capsys.readouterr().out == "the rules seat 4 players; the deal has 3 hands\n"
