"""The built-in bots: legal, replayable, blind to other hands, and doing what they promise."""

from __future__ import annotations

import random
import statistics
from typing import Any, cast

import pytest

from jassdsl.bots.declaring import RUFF_RISK, SIDE_WIN, TRUMP_WIN, win_chance
from jassdsl.bots.heuristic import HeuristicBot, cheapest, lead_card
from jassdsl.bots.kinds import make_bots
from jassdsl.bots.random_bot import RandomBot
from jassdsl.bots.view import View, table_for
from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_INDEX, CARD_NAMES
from jassdsl.engine import Game
from jassdsl.registry import load_rules, variant_names
from jassdsl.research.simulate import play_out, simulate


def cards(text: str) -> list[int]:
    return [CARD_INDEX[c] for c in text.split()]


class Blindfold:
    """A game seen only through the public interface a bot may use; anything else fails."""

    # `observe` is the same observation, typed (where a bot reads a hand's sides);
    # `forced_action`, the one answer of its own legal actions to a question every seat
    # is asked (nothing to declare)
    ALLOWED = ("rules", "n", "phase", "current_player", "legal_actions", "observation",
               "observe", "forced_action")

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        if name not in self.ALLOWED:
            raise AssertionError(f"bot looked at game.{name}")
        return getattr(self._game, name)


class Scene:
    """A hand-made table situation: the rules, one seat's observation and its legal actions."""

    def __init__(self, rules: CompiledRules, phase: str, obs: dict[str, Any],
                 legal: list[Action]) -> None:
        self.rules, self.phase, self.obs, self.legal = rules, phase, obs, legal
        self.n = rules.players

    def observation(self, seat: int) -> dict[str, Any]:
        return self.obs

    def legal_actions(self) -> list[Action]:
        return self.legal

    def forced_action(self) -> Action | None:
        return None  # a scene is a real decision


def scene(variant: str, phase: str, hand: str, trick: str = "", trump: str | None = None,
          legal: list[Action] | None = None, leader: int = 0) -> Game:
    rules = load_rules(variant)
    obs = {"seat": 1, "hand": hand.split(), "trick": trick.split(), "leader": leader,
           "trump": trump, "declared": {}}
    plays = [Action("play", c) for c in cards(hand)]
    return cast(Game, Scene(rules, phase, obs, legal if legal is not None else plays))


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("variant", variant_names())
def test_bots_finish_every_variant_with_legal_actions(variant: str, kind: str) -> None:
    game = Game(variant, seed=7, record=False)
    bots = make_bots(kind, game.n, 7)
    while not game.is_over:
        seat = game.current_player
        action = bots[seat].choose(cast(Game, Blindfold(game)), seat)
        assert action in game.legal_actions()
        game.apply(action)
    assert game.outcome() is not None


@pytest.mark.parametrize("variant", variant_names())
def test_the_direct_view_is_the_observation(variant: str) -> None:
    """View.of reads a game directly; it must show every seat just what its observation
    shows, at every decision of a game (so bots stay as blind as the observation)."""
    game = Game(variant, seed=3, record=False)
    bots = make_bots("mixed", game.n, 3)
    views = 0
    while not game.is_over:
        for seat in range(game.n):
            assert View.of(game, seat) == View.observed(game, seat), (game.phase, seat)
            views += 1
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))
    assert views > 40


@pytest.mark.parametrize("kind", ["random", "heuristic", "mixed"])
def test_same_seed_replays_the_same_game(kind: str) -> None:
    def history(seed: int) -> list[tuple[str, tuple[int, ...]]]:
        game = Game("differenzler", seed=seed, record=False)
        play_out(game, make_bots(kind, game.n, seed))
        return [(r.clause, r.points) for r in game.results] + [("totals", r.totals["penalties"])
                                                                for r in game.results]

    assert history(11) == history(11)
    assert history(11) != history(12)


def test_mixed_puts_heuristic_bots_on_even_seats() -> None:
    bots = make_bots("mixed", 4, 1)
    assert [type(b) for b in bots] == [HeuristicBot, RandomBot, HeuristicBot, RandomBot]


def test_unknown_bot_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="heuristic"):
        make_bots("clever", 4, 1)


def test_lead_is_the_highest_card_of_the_longest_suit() -> None:
    table = load_rules("guggitaler").modes[4]  # obenabe
    assert CARD_NAMES[lead_card(cards("HA DK D10 D6 S7"), table)] == "DK"
    # equal length: the suit with the stronger top card
    assert CARD_NAMES[lead_card(cards("HA H6 DK D7"), table)] == "HA"


def test_cheapest_prefers_no_points_then_side_cards_then_weak() -> None:
    rules = load_rules("schieber")
    hearts_trump = rules.modes[1]
    # H6 and S6 are both worth 0; the side card goes first
    assert CARD_NAMES[cheapest(cards("HA H6 S6 SK"), hearts_trump)] == "S6"
    assert CARD_NAMES[cheapest(cards("SA SK S7 S8"), hearts_trump)] == "S7"


def test_following_a_trick_with_points_wins_it_as_cheaply_as_possible() -> None:
    # no trump, follow suit: HA and HK both beat HQ; HK gives away fewer points
    game = scene("guggitaler", "play", "HA HK H6", trick="HQ", trump="obenabe")
    assert str(HeuristicBot(random.Random(0)).choose(game, 1)) == "HK"


def test_following_a_pointless_trick_discards_the_lowest_card() -> None:
    game = scene("guggitaler", "play", "HA HK H7", trick="H6", trump="obenabe")
    assert str(HeuristicBot(random.Random(0)).choose(game, 1)) == "H7"


def test_a_trick_that_cannot_be_won_gets_the_lowest_card() -> None:
    game = scene("guggitaler", "play", "HK H10 H7", trick="HA", trump="obenabe")
    assert str(HeuristicBot(random.Random(0)).choose(game, 1)) == "H7"


def test_partner_ahead_is_not_overtaken() -> None:
    # schieber: P3 (seat 1's partner) led HQ, P0 followed H6; seat 1 could win with HA
    partner = scene("schieber", "play", "HA H7", trick="HQ H6", trump="D", leader=3)
    assert str(HeuristicBot(random.Random(0)).choose(partner, 1)) == "H7"
    opponent = scene("schieber", "play", "HA H7", trick="HQ H6", trump="D", leader=0)
    assert str(HeuristicBot(random.Random(0)).choose(opponent, 1)) == "HA"


def test_a_void_card_that_sets_trump_counts_as_winning() -> None:
    # first-void variant, trump not set: a card off the suit led becomes trump and wins
    game = scene("mittlere", "play", "DA D6", trick="HA", trump=None)
    assert str(HeuristicBot(random.Random(0)).choose(game, 1)) == "D6"


def trump_choices(rules: CompiledRules, push: bool) -> list[Action]:
    acts = [Action("trump", m) for m in rules.trump_choices]
    return [*acts, Action("push")] if push else acts


def test_strong_hearts_choose_hearts_and_a_weak_hand_pushes() -> None:
    rules = load_rules("schieber")
    strong = scene("schieber", "trump", "HJ H9 HA HK HQ H10 D6 S6 C6",
                   legal=trump_choices(rules, True))
    assert str(HeuristicBot(random.Random(0)).choose(strong, 1)) == "trump H"
    # queens and tens: no top card in any suit, either way up
    weak = scene("schieber", "trump", "DQ D10 HQ H10 SQ S10 CQ C10 C8",
                 legal=trump_choices(rules, True))
    assert HeuristicBot(random.Random(0)).choose(weak, 1).kind == "push"
    forced = scene("schieber", "trump", "DQ D10 HQ H10 SQ S10 CQ C10 C8",
                   legal=trump_choices(rules, False))
    assert HeuristicBot(random.Random(0)).choose(forced, 1).kind == "trump"


def estimates(rules: CompiledRules) -> list[Action]:
    d = rules.declarations[0]
    return [Action(d.name, v) for v in range(d.low, d.high + 1)]


def test_heuristic_estimate_follows_the_strength_of_the_hand() -> None:
    rules = load_rules("differenzler")
    legal = estimates(rules)
    strong = scene("differenzler", "declare", "HJ H9 HA HK DA SA CA D10 S10", trump="H",
                   legal=legal)
    weak = scene("differenzler", "declare", "H6 H7 D6 D7 S6 S7 C6 C7 C8", trump="H", legal=legal)
    high = HeuristicBot(random.Random(0)).choose(strong, 1)
    low = HeuristicBot(random.Random(0)).choose(weak, 1)
    assert high in legal and low in legal
    assert high.value > 80 > 20 > low.value


def test_random_estimates_centre_on_a_fair_share() -> None:
    rules = load_rules("differenzler")
    legal = estimates(rules)
    game = scene("differenzler", "declare", "H6 H7 D6 D7 S6 S7 C6 C7 C8", trump="H",
                 legal=legal)
    bot = RandomBot(random.Random(5))
    values = [bot.choose(game, 1).value for _ in range(400)]
    assert all(0 <= v <= 157 for v in values)
    assert 34 < statistics.mean(values) < 45  # 157 / 4 players = 39.25
    assert len(set(values)) > 20


def test_view_reads_cards_as_indices() -> None:
    game = Game("schieber", seed=3, record=False)
    view = View.of(game, 0)
    assert [CARD_NAMES[c] for c in view.hand] == game.observation(0)["hand"]
    assert table_for(game.rules, -1).mode == 4  # nothing chosen yet: obenabe order


def test_heuristic_team_beats_random_team() -> None:
    report = simulate("schieber", 12, seed=3, bots="mixed")
    assert report.wins["P0+P2"] >= 10


def auction_legal(low: int) -> list[Action]:
    return [*(Action("bid", v) for v in range(low, 10)), Action("pass")]


def test_heuristic_bids_on_a_strong_hand_and_passes_on_a_weak_one() -> None:
    strong = scene("sticheln", "auction", "HJ H9 HA HK HQ H10 DA SA CA", legal=auction_legal(2))
    weak = scene("sticheln", "auction", "HQ H10 H8 DQ D10 D8 SQ S10 C9", legal=auction_legal(2))
    assert HeuristicBot(random.Random(0)).choose(strong, 1) == Action("bid", 2)
    assert HeuristicBot(random.Random(0)).choose(weak, 1) == Action("pass")


def test_bots_call_tricks_within_the_range_and_avoid_the_forbidden_value() -> None:
    legal = [Action("call", v) for v in range(10) if v != 2]
    game = scene("sticheln", "declare", "H6 H7 D6 D7 S6 S7 C6 C7 C8", trump="H", legal=legal)
    for bot in (HeuristicBot(random.Random(1)), RandomBot(random.Random(1))):
        values = [bot.choose(game, 1).value for _ in range(50)]
        assert all(0 <= v <= 9 and v != 2 for v in values)
        assert statistics.mean(values) < 4  # a fair share of 9 tricks is about 2



FEWEST_WIN = [v for v in variant_names() if not load_rules(v).winner_most]


def test_every_fewest_wins_file_is_found() -> None:
    assert {"misere-molotow", "schellenjass", "schaufeldame", "schiltenober"} <= set(FEWEST_WIN)


@pytest.mark.parametrize("variant", FEWEST_WIN)
def test_heuristic_players_beat_random_ones_where_the_fewest_win(variant: str) -> None:
    report = simulate(variant, 16, seed=5, bots="mixed")
    heuristic = sum(report.wins.get(p, 0) for p in ("P0", "P2"))
    rnd = sum(report.wins.get(p, 0) for p in ("P1", "P3"))
    assert heuristic > rnd, report.wins


@pytest.mark.parametrize(("hand", "trick", "card"), [
    ("HK H10 H6", "HA", "H10"),  # every card loses: shed the most valuable one
    ("HK H7 H6", "HQ", "H7"),  # HK would take the trick: the strongest losing card
    ("HA HK", "H6", "HA"),  # every card takes it: get rid of the strongest
    ("HA H6 SK", "", "H6"),  # lead the card least likely to take a trick
])
def test_where_the_fewest_win_the_bot_stays_out_of_tricks(hand: str, trick: str,
                                                          card: str) -> None:
    game = scene("schaufeldame", "play", hand, trick=trick, trump="obenabe")
    assert str(HeuristicBot(random.Random(0)).choose(game, 1)) == card


def test_win_chance_counts_the_stronger_cards_still_out() -> None:
    """The bitmask count against the plain definition, for every mode of a few files."""
    rng = random.Random(4)
    for variant in ("schieber", "mittlere", "schaufeldame"):
        for table in load_rules(variant).modes.values():
            for _ in range(40):
                hand = rng.sample(range(36), 9)
                for card in hand:
                    out = sum(1 for c in range(card // 9 * 9, card // 9 * 9 + 9)
                              if table.strength[c] > table.strength[card] and c not in hand)
                    want = (TRUMP_WIN[min(out, 4)] if card // 9 == table.trump else
                            SIDE_WIN[min(out, 3)] * (RUFF_RISK if table.trump >= 0 else 1))
                    assert win_chance(card, hand, table) == want


def test_lead_card_is_the_plain_definition() -> None:
    """Against the definition written out: max by (suit length, top strength), first wins."""
    rng = random.Random(9)
    for variant in ("schieber", "mittlere", "schaufeldame"):
        for table in load_rules(variant).modes.values():
            for _ in range(100):
                hand = sorted(rng.sample(range(36), rng.randint(1, 9)))
                by_suit: dict[int, list[int]] = {}
                for c in hand:
                    by_suit.setdefault(c // 9, []).append(c)
                best = max(by_suit.values(),
                           key=lambda cs: (len(cs), max(table.strength[c] for c in cs)))
                want = max(best, key=lambda c: table.strength[c])
                assert lead_card(hand, table) == want


def top_cards(rules: CompiledRules, trump: int, hand: tuple[int, ...]) -> int:
    """The test's own measure of a hand: its cards that no other card of their suit beats
    (the best three of a trump suit)."""
    table = rules.modes[trump]
    count = 0
    for card in hand:
        suit = card // 9
        above = sum(1 for c in range(suit * 9, suit * 9 + 9)
                    if table.strength[c] > table.strength[card])
        count += above < (3 if suit == table.trump else 1)
    return count


def test_heuristic_doubles_only_with_strong_hands() -> None:
    """Konter and Re (a declaration of two values): some strong hands say it, no weak one."""
    rules = load_rules("schieber", {"konter": "yes"})
    said: dict[str, list[int]] = {"weak": [], "strong": []}
    asked = 0
    for seed in range(40):
        game = Game(rules, seed=seed, record=False)  # the same game, without undo copies
        bots = [HeuristicBot(random.Random(seed * 4 + i)) for i in range(4)]
        while not game.is_over and game.hand_number <= 4:
            seat = game.current_player
            action = bots[seat].choose(cast(Game, Blindfold(game)), seat)
            if game.phase == "declare":
                asked += 1
                tops = top_cards(rules, game.mode, View.of(game, seat).hand)
                if tops <= 1:
                    said["weak"].append(action.value)
                elif tops >= 3:
                    said["strong"].append(action.value)
            game.apply(action)
    assert asked > 100 and len(said["weak"]) > 20 and len(said["strong"]) > 5
    assert not any(said["weak"]), "a weak hand doubled"
    assert any(said["strong"]), "no strong hand ever doubled"
