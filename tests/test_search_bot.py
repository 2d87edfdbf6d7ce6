"""The searching bot: legal in every file, replayable, blind to other hands, and better
and sampling only deals the seat cannot tell from the real one."""

from __future__ import annotations

import json
import random
import re

import pytest
from conftest import VariantCase

from jassdsl.bots.kinds import bot_kinds, make_bots, seat_kinds
from jassdsl.bots.search import LEVELS, Level, SearchBot, heuristic_cards
from jassdsl.bots.tricks import play_bots
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_INDEX
from jassdsl.core.errors import JassError
from jassdsl.engine import Game
from jassdsl.engine.chance import Chance, ScriptedChance
from jassdsl.engine.determinize import Sampler, follows_played, sample_deal, surprises
from jassdsl.mechanisms.talon import TalonPart
from jassdsl.mechanisms.weis import weis_part
from jassdsl.registry import load_rules

TINY = Level(1)


def test_one_hand_of_every_file(variant_case: VariantCase) -> None:
    """One hand of every shipped file and option set with a searching bot at every seat
    (one sampled deal a decision): every action legal (`Game.apply` checks), the hand ends."""
    rules = load_rules(variant_case.name, variant_case.options)
    game = Game(rules, seed=11, record=False)
    bots = [SearchBot(random.Random(seat), TINY) for seat in range(rules.players)]
    assert play_bots(game, bots, hands=1) == 1 or game.is_over


def two_hands(seed: int) -> Game:
    rules = load_rules("schieber")
    game = Game(rules, seed=seed, record=False)
    play_bots(game, make_bots("search:easy,heuristic", 4, seed), hands=1)
    return game


def test_a_game_with_search_bots_replays_exactly() -> None:
    first, again, other = two_hands(5), two_hands(5), two_hands(6)
    assert first.results == again.results and len(first.results) == 1
    assert first.results != other.results


def in_play(seed: int) -> Game:
    rules = load_rules("schieber")
    game = Game(rules, seed=seed, record=False)
    bots = make_bots("heuristic", 4, seed)
    while game.s.phase != "play" or len(game.s.tricks) < 3:
        game.apply(bots[game.current_player].choose(game, game.current_player))
    return game


def test_sampled_deals_keep_what_the_seat_knows() -> None:
    """A deal sampled for seat 0 keeps its hand and the others' counts and cards, moves
    them between the others, and is one the cards played allow."""
    game = in_play(2)
    s = game.s
    rng = random.Random(1)
    moved = 0
    for _ in range(20):
        sample = sample_deal(game, 0, rng)
        assert sample.s.hands[0] == s.hands[0]
        assert [h.bit_count() for h in sample.s.hands] == [h.bit_count() for h in s.hands]
        assert sample.s.hands[1] | sample.s.hands[2] | sample.s.hands[3] == (
            s.hands[1] | s.hands[2] | s.hands[3])
        moved += sample.s.hands[1] != s.hands[1]
        assert follows_played(game, sample.s.hands, (1, 2, 3))
    assert moved


def test_a_deal_that_breaks_the_follow_rule_is_refused() -> None:
    """A seat that played neither the led suit nor trump had none of the led suit: a deal
    giving it one is not one the observer can be in (the rule is the file's: Play.plan)."""
    found = 0
    for seed in range(40):
        game = in_play(seed)
        s = game.s
        trump = game.rules.modes[s.mode].trump
        for t in s.tricks:
            led = t.cards[0] // 9
            seats = [(t.leader + i) % 4 for i in range(4)]
            for x, card in zip(seats[1:], t.cards[1:], strict=True):
                if x == 0 or card // 9 in (led, trump) or led == trump:
                    continue
                donor = next((y for y in (1, 2, 3) if y != x and any(
                    s.hands[y] >> c & 1 for c in range(9 * led, 9 * led + 9))), None)
                if donor is None or not s.hands[x]:
                    continue
                give = next(c for c in range(9 * led, 9 * led + 9) if s.hands[donor] >> c & 1)
                take = (s.hands[x] & -s.hands[x]).bit_length() - 1
                hands = list(s.hands)
                hands[x] ^= 1 << take | 1 << give
                hands[donor] ^= 1 << take | 1 << give
                assert follows_played(game, s.hands, (1, 2, 3))
                assert not follows_played(game, hands, (1, 2, 3))
                found += 1
        if found >= 3:
            break
    assert found


def test_kinds_by_comma_take_the_seats_in_turn() -> None:
    assert bot_kinds("mixed") == ["heuristic", "random"]
    kinds = [type(b).__name__ for b in make_bots("search:easy,heuristic", 4, 1)]
    assert kinds == ["SearchBot", "HeuristicBot"] * 2
    turned = [type(b).__name__ for b in make_bots("search:easy,heuristic", 4, 1, turn=1)]
    assert turned == ["HeuristicBot", "SearchBot"] * 2
    with pytest.raises(ValueError, match="search:easy"):
        bot_kinds("search:clever")
    one = "search:easy,heuristic,heuristic,heuristic"  # one seat of its own, in turn
    assert [seat_kinds(one, 4, t).index("search:easy") for t in range(4)] == [0, 3, 2, 1]


# -- secrecy: a decision depends on nothing the seat cannot see

class Recording(Chance):
    """Chance that keeps every deck it shuffles (to deal a twin game from)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.decks: list[list[int]] = []

    def shuffle(self, deck: list[int]) -> None:
        super().shuffle(deck)
        self.decks.append(list(deck))


NAMED = re.compile(r"\b[DHSC](?:A|K|Q|J|10|9|8|7|6)\b")


def unseen(game: Game, seat: int) -> list[int]:
    """The cards the seat's observation does not name (read from its JSON, as
    test_hidden reads it: independent of the bot's own idea of what is hidden)."""
    named = {CARD_INDEX[c] for c in NAMED.findall(json.dumps(game.observation(seat)))}
    return [c for c in range(36) if c not in named]


def twin(game: Game, chance: Recording, a: int, b: int) -> Game | None:
    """The game dealt with cards a and b swapped in its deck, the same actions played
    (a and b swapped in them too); None where an action is then illegal."""
    swap = {a: b, b: a}
    scripted = ScriptedChance(game.seed)
    bits = {1 << a: 1 << b, 1 << b: 1 << a}  # the deck holds cards as bits
    scripted.script([[bits.get(c, c) for c in deck] for deck in chance.decks], chance.drawn)
    other = Game(game.rules, seed=game.seed, chance=scripted)
    try:
        for action in game.history:
            other.apply(Action(action.kind, swap.get(action.value, action.value))
                        if action.kind in ("play", "discard") else action)
    except JassError:
        return None
    return other


def decision_point(name: str, seed: int, tricks: int) -> tuple[Game, Recording, int]:
    """A first hand played by heuristic bots up to a card decision with a choice, after
    `tricks` tricks, of a seat other than the one that took a talon (the one to decide)."""
    rules = load_rules(name)
    chance = Recording(seed)
    game = Game(rules, seed=seed, chance=chance)
    bots = make_bots("heuristic", rules.players, seed)
    def taker() -> int:
        part = game.s.parts.get("talon")
        return part.taker if isinstance(part, TalonPart) else -1

    while not (game.phase == "play" and game.tricks_played >= tricks
               and len(game.legal_actions()) > 1 and game.current_player != taker()):
        game.apply(bots[game.current_player].choose(game, game.current_player))
    return game, chance, game.current_player


def twins(game: Game, chance: Recording, seat: int, rng: random.Random,
          tries: int = 60) -> list[tuple[Game, int, int]]:
    """Twin games (with the swapped cards) that the seat cannot tell from `game`."""
    seen, cards, found = game.observe(seat), unseen(game, seat), []
    for _ in range(tries):
        a, b = rng.sample(cards, 2)
        other = twin(game, chance, a, b)
        if other is not None and other.observe(seat) == seen and \
                other.current_player == seat:
            found.append((other, a, b))
    return found


def ahead(game: Game) -> tuple[object, ...]:
    """What the rest of a hand reads of a game's state: the hands now and as play began,
    the cards won, the piles and the mechanisms' parts. Left out: what the deal was and
    how a talon lay before its taker took it up, a record of cards now in hidden places
    (only their places count from here on)."""
    s = game.s
    parts = {k: v for k, v in s.parts.items() if not isinstance(v, TalonPart)}
    piles = (s.piles.piles, s.piles.out, s.piles.turned) if s.piles else None
    return s.hands, s.in_hands, s.won, piles, parts, s.phase, s.current


def hidden_differs(game: Game, other: Game, a: int, b: int) -> tuple[bool, bool]:
    """Whether a twin moved a card laid away out of the seat's sight, and whether another
    seat's Weis offer changed."""
    talon, weis = game.s.parts.get("talon"), weis_part(game.s)
    laid = isinstance(talon, TalonPart) and bool({a, b} & set(talon.laid))
    other_weis = weis_part(other.s)
    return laid, weis is not None and other_weis is not None and other_weis.offer != weis.offer


def test_twin_games_the_seat_cannot_tell_apart_get_the_same_decision() -> None:
    """Two real games that differ only in what the deciding seat cannot see (cards of
    the other hands, of the talon and laid away, and so another seat's Weis offer) give
    the searching bot, seeded alike, the same sampled deals and the same scores for every
    action, and so the same decision. Twins are dealt from the same deck with two unseen cards swapped and
    played with the same actions; kept only where the seat's observation is the same."""
    probed = {"talon": 0, "weis": 0, "inferred": 0}
    inferring = Level(4, 1 << 30, 0.3, 3)  # hard's inference too
    for name, seed, tricks in (("dreier-bieter", 3, 1), ("schieber", 4, 0), ("schieber", 4, 3)):
        game, chance, seat = decision_point(name, seed, tricks)
        legal = game.legal_actions()
        want = SearchBot(random.Random(9), Level(4)).scores(game, seat, legal)
        inferred = SearchBot(random.Random(9), inferring).scores(game, seat, legal)
        probed["inferred"] += heuristic_cards(game) is not None

        found = twins(game, chance, seat, random.Random(seed))
        found.sort(key=lambda t, g=game: hidden_differs(g, *t), reverse=True)  # those first
        for other, a, b in found[:3]:
            assert SearchBot(random.Random(9), Level(4)).scores(other, seat, legal) == want
            assert SearchBot(random.Random(9), inferring).scores(other, seat, legal) == inferred
            # and the very same deals (the Weise still to declare too)
            assert ahead(sample_deal(other, seat, random.Random(5))) == ahead(
                sample_deal(game, seat, random.Random(5)))
            laid, offer = hidden_differs(game, other, a, b)
            probed["talon"] += laid
            probed["weis"] += offer
    assert probed["talon"] and probed["weis"] and probed["inferred"], probed


def test_kinds_in_turn_play_the_same_deals() -> None:
    """With two kinds, games 1 and 2 share a seed (the seats turned), 3 and 4 the next:
    each kind plays both sides of the same deals."""
    from jassdsl.research.simulate import game_seeds, play_game

    seeds = game_seeds(1, 5, kinds=2)
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3] != seeds[4]
    rules = load_rules("schieber")
    first = [play_game(rules, seeds[0], "heuristic,random", turn=t).results[0]
             for t in (0, 1)]
    assert first[0].hands == first[1].hands  # the same cards dealt to each seat
    assert first[0].totals != first[1].totals  # played by the other kinds


def test_surprises_count_the_cards_a_policy_would_not_have_played() -> None:
    """In a hand the heuristic played, its own cards surprise it never from the real
    hands, but from most deals the seat cannot tell apart; a policy that always plays its
    lowest legal card is surprised by the real hands too."""
    game = in_play(4)
    while len(game.s.tricks) < 5:
        game.apply(make_bots("heuristic", 4, 4)[game.current_player].choose(
            game, game.current_player))
    policy = heuristic_cards(game)
    assert policy is not None
    assert surprises(game, game.s.hands, (1, 2, 3), policy) == 0
    sampler, rng = Sampler(game, 0), random.Random(2)
    counts = []
    for _ in range(10):
        pool = list(sampler.places.pool)
        sampler.mend(pool, rng)
        counts.append(surprises(game, sampler.hands_of(pool), (1, 2, 3), policy))
    assert sum(counts) > 10

    def lowest(k: int, leader: int, seat: int, hand: int, legal: int, trick: list[int],
               win: int, top: int) -> int:
        return (legal & -legal).bit_length() - 1

    assert surprises(game, game.s.hands, (1, 2, 3), lowest) > 0


def test_inference_draws_the_deals_that_explain_the_play() -> None:
    """With (almost) no trust in a card the heuristic would not play, a deal drawn for a
    seat among heuristic players is one their cards fit better than a plain deal does."""
    game = in_play(4)
    policy = heuristic_cards(game)
    assert policy is not None
    sampler, rng = Sampler(game, 0), random.Random(3)
    likely = [surprises(game, sampler.likely_deal(rng, policy, 1e-9, 6).s.hands, (1, 2, 3),
                        policy) for _ in range(8)]
    plain = [surprises(game, sampler.deal(rng).s.hands, (1, 2, 3), policy) for _ in range(8)]
    assert sum(likely) < sum(plain)


def test_only_hard_infers(monkeypatch: pytest.MonkeyPatch) -> None:
    """easy and medium deal as before the inference came (their measured games stay
    valid: they never draw a deal by `likely_deal`); hard does."""
    assert LEVELS["easy"].trust == LEVELS["medium"].trust == 0 < LEVELS["hard"].trust
    drawn = []
    real = Sampler.likely_deal

    def counted(self: Sampler, *args: object) -> Game:
        drawn.append(1)
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Sampler, "likely_deal", counted)
    game = in_play(4)
    SearchBot(random.Random(1), Level(3, 30)).choose(game, game.current_player)
    assert not drawn
    SearchBot(random.Random(1), Level(3, 30, 0.3, 2)).choose(game, game.current_player)
    assert drawn


def counting_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every follow check a sampler makes (`determinize.breaks`), counted."""
    import jassdsl.engine.determinize as determinize

    made: list[int] = []
    real = determinize.breaks

    def counted(*args: object) -> int:
        made.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(determinize, "breaks", counted)
    return made


def test_a_decision_spends_no_more_follow_checks_than_its_level_allows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound on follow checks is a count: a decision of an inferring level makes at
    most that many, and the deals it draws once they are spent still keep the follow rule
    (drawn among those found); hard has such a bound."""
    assert LEVELS["hard"].checks > 0 == LEVELS["medium"].checks == LEVELS["easy"].checks
    made = counting_checks(monkeypatch)
    game = in_play(10)  # most deals break the follow rule here
    seat = game.current_player
    SearchBot(random.Random(1), Level(40, 1 << 30, 0.3, 6, 25)).choose(game, seat)
    assert 0 < len(made) <= 25
    policy = heuristic_cards(game)
    assert policy is not None
    sampler, rng = Sampler(game, seat, 200), random.Random(2)
    others = [x for x in range(4) if x != seat]
    deals = [sampler.likely_deal(rng, policy, 0.3, 6) for _ in range(30)]
    assert sampler.spent and sampler.found
    assert all(follows_played(game, d.s.hands, others) for d in deals)


def test_deals_within_the_bound_are_the_unbounded_ones() -> None:
    """Until its checks are spent a bounded sampler draws the deals an unbounded one does
    (the games measured before the bound replay alike where no decision reaches it)."""
    game = in_play(10)  # most deals break the follow rule here
    policy = heuristic_cards(game)
    assert policy is not None

    def hands(checks: int | None) -> list[list[int]]:
        sampler, rng = Sampler(game, 0, checks), random.Random(5)
        return [sampler.likely_deal(rng, policy, 0.3, 6).s.hands for _ in range(10)]

    assert hands(None) == hands(10_000) != hands(8)
