"""The talon for the declarer and sides formed per hand (`rules/dreier-bieter.jass`).

The talon: the highest bidder takes the pile into the hand and lays away as many cards,
one `discard` action each; nobody else sees either; undo takes a card back; the laid-away
cards count for the bidder. Sides: the other two count as one side for the hand (their
points, tricks and Weis added up, recomputed here from the tricks), and what the side
scores each of them writes."""

from __future__ import annotations

import random

import pytest

from jassdsl.bots.heuristic import HeuristicBot
from jassdsl.core.actions import Action
from jassdsl.core.cards import CARD_INDEX, CARD_NAMES, mask_cards
from jassdsl.core.errors import IllegalActionError, RuleFileErrors
from jassdsl.engine import Game
from jassdsl.language.check import load_model
from jassdsl.registry import load_rules, variant_path
from jassdsl.research.actionspace import ActionSpace

NAME = "dreier-bieter"


def at_talon(seed: int) -> Game:
    """A game whose highest bidder is about to lay away the first card."""
    game = Game(NAME, seed=seed)
    bot = HeuristicBot(random.Random(seed))
    while game.phase != "talon":
        assert game.phase != "over"
        game.apply(bot.choose(game, game.current_player))
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_bidder_takes_the_talon_and_nobody_else_sees_it(seed: int) -> None:
    game = at_talon(seed)
    bidder = game.current_player
    mine = game.observation(bidder)
    assert len(mine["hand"]) == 16 and len(mine["talon"]) == 6
    assert set(mine["talon"]) <= set(mine["hand"])
    assert mine["piles"] == {"talon": 0}
    for seat in range(3):
        if seat != bidder:
            other = game.observation(seat)
            assert other["talon"] == [] and other["laid_away"] == []
            assert not set(mine["talon"]) & set(other["hand"])
    legal = game.legal_actions()
    assert sorted(a.value for a in legal) == sorted(CARD_INDEX[c] for c in mine["hand"])
    assert all(a.kind == "discard" for a in legal)


def test_laying_away_is_one_card_at_a_time_and_undone() -> None:
    game = at_talon(4)
    bidder = game.current_player
    before = game.observation(bidder)
    card = CARD_INDEX[before["hand"][0]]
    game.apply(Action("discard", card))
    after = game.observation(bidder)
    assert after["laid_away"] == [CARD_NAMES[card]] and len(after["hand"]) == 15
    assert game.observation((bidder + 1) % 3)["laid_count"] == 1
    assert game.observation((bidder + 1) % 3)["laid_away"] == []
    with pytest.raises(IllegalActionError, match="legal now"):
        game.apply(Action("discard", card))  # no longer in the hand
    with pytest.raises(IllegalActionError):
        game.apply(Action("play", CARD_INDEX[after["hand"][0]]))  # not the time to play
    game.undo()
    assert game.observation(bidder) == before
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    assert game.phase == "trump" and len(game.observation(bidder)["hand"]) == 10


def played_hands(seed: int, games: int = 3) -> list[tuple[Game, int]]:
    out = []
    for k in range(games):
        game = Game(NAME, seed=seed + k)
        bots = [HeuristicBot(random.Random(seed + k + x)) for x in range(3)]
        while game.phase != "over":
            game.apply(bots[game.current_player].choose(game, game.current_player))
        out += [(game, i) for i in range(len(game.results))]
    return out


def test_each_card_once_and_the_laid_away_cards_count_for_the_bidder() -> None:
    rules = load_rules(NAME)
    for game, i in played_hands(11):
        r = game.results[i]
        bidder = r.roles["bidder"]
        assert len(r.talon) == 6 and len(r.laid_away) == 6
        in_tricks = [c for t in r.tricks for c in t.cards]
        dealt = [c for h in r.hands for c in mask_cards(h)]
        assert len(dealt) == 30 and sorted(dealt + list(r.talon)) == list(range(36))
        assert sorted(in_tricks + list(r.laid_away)) == list(range(36))
        assert r.sides == tuple(0 if x == bidder else 1 for x in range(3))
        table = rules.modes[rules.settled_mode(rules.mode_schedule.number(str(r.trump)))]
        side = [0, 0]
        for t in r.tricks:
            side[r.sides[t.winner]] += sum(table.points[c] for c in t.cards)
        side[r.sides[r.tricks[-1].winner]] += 5
        side[0] += sum(table.points[c] for c in r.laid_away)
        took = {r.sides[t.winner] for t in r.tricks}
        if len(took) == 1:
            side[took.pop()] += 100
        assert [side[x] for x in r.sides] == list(r.points)
        assert side[0] + side[1] in (157, 257)


def test_the_other_two_write_what_their_side_made() -> None:
    for game, i in played_hands(21):
        r = game.results[i]
        bidder = r.roles["bidder"]
        others = [x for x in range(3) if x != bidder]
        gains = {g.subject: g.amount for g in r.grants}
        assert gains[others[0]] == gains[others[1]]
        weis = r.bonuses.get("weis", (0, 0, 0))
        assert weis[others[0]] == weis[others[1]]


def test_observations_name_the_sides_once_the_bidder_is_known() -> None:
    game = at_talon(5)
    bidder = game.current_player
    assert game.observation(0)["sides"] == [0 if x == bidder else 1 for x in range(3)] or \
        game.observation(0)["sides"] == tuple(0 if x == bidder else 1 for x in range(3))


def test_the_action_space_holds_the_discards() -> None:
    kinds = ActionSpace.of(load_rules(NAME)).kinds
    assert "discard" in kinds


def broken(old: str, new: str) -> str:
    text = variant_path(NAME).read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(RuleFileErrors) as err:
        load_model(text.replace(old, new, 1), "broken.jass")
    return err.value.render()


def test_clear_errors() -> None:
    msg = broken("talon: bidder takes pile talon", "talon: chooser takes pile talon")
    assert "broken.jass:" in msg and "cannot take the talon" in msg and "^" in msg
    msg = broken("takes pile talon", "takes pile kitty")
    assert "no pile 'kitty'" in msg
    msg = broken("which count for bidder", "which count for dealer")
    assert "'dealer' is no role" in msg
    msg = broken("sides: bidder against", "sides: first-void against")
    assert "cannot play alone" in msg
    msg = broken("sides: bidder against the rest", "sides: bidder against all")
    assert "broken.jass:" in msg
    msg = broken("players 3", "players 4 in teams across")
    assert "sides per hand are for players who play for themselves" in msg


def test_the_terminal_tells_the_talon_to_its_taker_alone() -> None:
    from jassdsl.rulebook import textview as tv

    game = Game(NAME, seed=6, events=True)
    bot = HeuristicBot(random.Random(6))
    while game.phase != "talon":
        game.apply(bot.choose(game, game.current_player))
    taker = game.current_player
    cards = game.observation(taker)["talon"]
    for seat in range(3):
        lines = tv.Narrator(game, tv.seat_names(3, seat), seat).tell(game.hand_events())
        told = [x for x in lines if "talon" in x]
        assert len(told) == 1
        assert all(c in told[0] for c in cards) == (seat == taker), told
    from jassdsl.table.view import Words

    words = Words(game, "de")
    assert all("weglegen" in words.action(a) for a in game.legal_actions())


def test_the_terminal_says_each_sides_facts_once() -> None:
    """The end-of-hand summary gives each side's points and tricks once, its players
    joined, in seat order (it once gave the side's points once per opponent)."""
    from jassdsl.rulebook import textview as tv

    game = Game(NAME, seed=4, events=True)
    bots = [HeuristicBot(random.Random(4 + x)) for x in range(3)]
    while game.phase != "over":
        game.apply(bots[game.current_player].choose(game, game.current_player))
    names = tv.seat_names(3)
    for r in game.results:
        bidder = r.roles["bidder"]
        rest = [x for x in range(3) if x != bidder]
        lines = tv.hand_summary(game.rules, r, game.hand_events(r.number), names, False)
        took = sum(1 for t in r.tricks if t.winner != bidder)
        said = [(bidder, f"{names[bidder]} {{}}"),
                (rest[0], "+".join(names[x] for x in rest) + " {}")]
        said.sort()
        points = next(x for x in lines if "card points:" in x)
        assert points.split(": ", 1)[1] == ", ".join(
            text.format(r.points[seat]) for seat, text in said)
        for line in (x for x in lines if "tricks:" in x):
            assert line.split(": ", 1)[1] == ", ".join(
                text.format(took if seat != bidder else len(r.tricks) - took)
                for seat, text in said)
