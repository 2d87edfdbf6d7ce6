"""The event log tells each hand as its record keeps it, and `undo` takes back exactly the
events of the action it takes back: for every rule file (and option set), over seeded
random games (their first MAX_HANDS hands, played once per session and shared with
test_position.py: the checks hold hand by hand). The Python API
section documents every event and observation key."""

from __future__ import annotations

import importlib
import pkgutil
import random
import re
from collections.abc import Sequence
from pathlib import Path

from conftest import VariantCase, played

from jassdsl import mechanisms
from jassdsl.core.cards import CARD_NAMES
from jassdsl.engine import Game, HandResult
from jassdsl.engine import events as event_types
from jassdsl.engine.events import (
    CardPlayed,
    Dealt,
    DealtAgain,
    Declared,
    Event,
    HandScored,
    TrickTaken,
    TrumpSet,
    from_last_deal,
)
from jassdsl.engine.observation import keys as observation_keys
from jassdsl.engine.observation import keys_used
from jassdsl.mechanisms.improve import Bettered
from jassdsl.mechanisms.leave import LeftTable
from jassdsl.mechanisms.rob import Robbed
from jassdsl.mechanisms.take_part import TookPart
from jassdsl.mechanisms.weis import WeisCounted, WeisSaid
from jassdsl.registry import variant_names

SEEDS = (1, 2, 3)
DOCS = Path(__file__).parent.parent / "docs"


def undone_and_made_again(case: VariantCase, seed: int) -> Game:
    """The session's seeded game (conftest.played: its first MAX_HANDS hands) made again
    action by action; each action is taken back and made again, and must take back and
    make the very same events. The events end as those of the game played once."""
    once = played(case, seed, seed)
    game = Game(once.rules, seed=seed)
    for action in once.history:
        before = list(game.events)
        game.apply(action)
        after = list(game.events)
        assert after[:len(before)] == before
        game.undo()
        assert game.events == before, action
        game.apply(action)
        assert game.events == after, action
    assert tuple(game.events) == once.events
    return game


def of(kind: type[Event], events: Sequence[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def check_hand(game: Game, result: HandResult) -> None:
    r = game.rules
    whole = game.hand_events(result.number)
    assert all(e.hand == result.number for e in whole)
    assert len(of(Dealt, whole)) == 1 + len(of(DealtAgain, whole))
    events = from_last_deal(whole)
    deal = events[0]
    assert isinstance(deal, Dealt)
    assert (deal.dealer, deal.hands, deal.turned) == (result.dealer, result.hands, result.turned)
    # the cards played are the tricks' cards, by the seats each trick names
    tricks = [e for e in events if isinstance(e, TrickTaken)]
    assert [(t.leader, t.cards, t.winner) for t in tricks] == [tuple(t) for t in result.tricks]
    assert [t.number for t in tricks] == list(range(1, len(tricks) + 1))
    assert all(t.seats == result.trick_order(t.leader) for t in tricks)
    cards = [(e.seat, e.card) for e in events if isinstance(e, CardPlayed)]
    assert cards == [(s, c) for t in tricks for s, c in zip(t.seats, t.cards, strict=True)]
    # the clause, points, grants and totals
    scored = of(HandScored, events)
    assert len(scored) == 1 and isinstance(scored[0], HandScored)
    s = scored[0]
    assert (s.clause, s.points, s.grants, dict(s.totals), s.won_with) == (
        result.clause, result.points, result.grants, result.totals, result.won_with)
    # trump as the record has it; the card and seat that set it
    trumps = [e for e in events if isinstance(e, TrumpSet)]
    assert (trumps[-1].mode if trumps else "none") == result.trump
    for t in trumps:
        if t.how == "first void":
            hit = result.first_off_suit()
            assert hit is not None and (t.seat, t.card) == hit[1:]
        if t.how in ("shown", "turned"):
            assert t.card == (deal.shown if t.how == "shown" else deal.turned) >= 0
    # the declarations: every seat's last value (a pass changes nothing)
    declared: dict[str, list[int]] = {name: [0] * r.players for name in result.declared}
    for e in events:
        if isinstance(e, Declared) and not e.passed:
            declared[e.name][e.seat] = e.value
    assert {k: tuple(v) for k, v in declared.items()} == result.declared
    # Weis said and counted
    said = [()] * r.players if result.weis else []
    for e in events:
        if isinstance(e, WeisSaid):
            assert e.declared == bool(e.weise) and len(e.said) == len(e.weise)
            said[e.seat] = e.weise
    assert tuple(said) == result.weis
    counted = [e.points for e in events if isinstance(e, WeisCounted)]
    zero = (0,) * r.subjects
    assert result.bonuses.get("weis", zero) == (counted[0] if counted else zero)
    # taking part, robbing, bettering, leaving the table
    if "take_part" in r.configs:
        joined = tuple(sorted(e.seat for e in events if isinstance(e, TookPart)
                              and e.how != "fold"))
        assert joined == result.playing
        swapped = [e.seat for e in events if isinstance(e, TookPart) and e.how == "swap"]
        assert (swapped or [-1])[0] == result.swapped
    robbed = [e.seat for e in events if isinstance(e, Robbed) and e.took]
    assert (robbed or [-1])[0] == result.robbed
    assert tuple((e.seat, e.how) for e in events if isinstance(e, Bettered)) == result.improved
    left = [e.seats for e in events if isinstance(e, LeftTable)]
    assert (left or [()])[0] == result.left


def test_the_events_of_each_hand_agree_with_its_record(variant_case: VariantCase) -> None:
    for seed in SEEDS:
        game = undone_and_made_again(variant_case, seed)
        assert game.results
        for result in game.results:
            check_hand(game, result)
        over = sum(1 for e in game.events if type(e).__name__ == "GameOver")
        assert over == int(game.is_over)


def test_a_game_without_events_logs_nothing() -> None:
    game = Game("schieber", seed=1, record=False)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.events == [] and game.log is None


def documented(lang: str, marker: str) -> list[list[str]]:
    """The rows of the table that follows a marker in the Python API section: the names
    in backquotes of each row."""
    text = (DOCS / lang / "engine-authors.md").read_text(encoding="utf-8")
    table = text.split(marker)[1].lstrip("\n").split("\n\n")[0]
    return [re.findall(r"`(\w+)`", row) for row in table.splitlines()[2:]]


def test_the_event_table_names_every_event_and_its_fields() -> None:
    # the engine's own events, and those each mechanism's module defines
    modules = [event_types, *(importlib.import_module(f"jassdsl.mechanisms.{info.name}")
                              for info in pkgutil.iter_modules(mechanisms.__path__))]
    kinds = [k for mod in modules for k in vars(mod).values()
             if isinstance(k, type) and issubclass(k, Event) and k is not Event
             and k.__module__ == mod.__name__]
    for lang in ("en", "de"):
        rows = {row[0]: row[1:] for row in documented(lang, "<!-- event types -->")}
        assert sorted(rows) == sorted(k.__name__ for k in kinds), lang
        for kind in kinds:
            fields = [f for f in kind.__dataclass_fields__ if f != "hand"]
            assert set(fields) <= set(rows[kind.__name__]), (lang, kind.__name__)


def test_the_typed_observation_and_its_dict_keep_the_documented_keys() -> None:
    keys = list(observation_keys())
    used = [k for x in mechanisms.MECHANISMS for k in x.runtime.shows_used]
    for lang in ("en", "de"):
        assert [row[0] for row in documented(lang, "<!-- observation keys -->")] == keys
        assert [row[0] for row in documented(lang, "<!-- observation keys where used -->")
                ] == used
    for name in variant_names():
        game = Game(name, seed=3)
        file_keys = keys + list(keys_used(game.rules))
        rng = random.Random(3)
        while not game.results:
            for seat in range(game.n):
                typed = game.observe(seat)
                plain = game.observation(seat)
                assert typed.as_dict() == plain and list(plain) == file_keys
                assert plain["hand"] == [CARD_NAMES[c] for c in typed.hand]
                assert plain["trump"] == (typed.trump if typed.trump.is_set else None)
            game.apply(rng.choice(game.legal_actions()))
