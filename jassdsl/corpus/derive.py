"""jassdsl's own answer to every kind of case: the one code path behind generation,
verification and the protocol adapter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jassdsl.compile.compiler import CompiledRules
from jassdsl.core.errors import RuleFileErrors
from jassdsl.core.tables import ModeTable
from jassdsl.corpus import models as cm
from jassdsl.corpus.position import (
    ReplayError,
    card_ids,
    card_names,
    expect_used,
    play_position,
    replay_game,
    start_dealt,
)
from jassdsl.engine import Game, HandResult
from jassdsl.language.check import load_model
from jassdsl.registry import load_rules


def derive_legal(rules: CompiledRules, inp: cm.LegalInput) -> cm.LegalExpect:
    n = rules.players
    if len(inp.trick) >= n:
        raise ReplayError(f"a trick of {n} players holds at most {n - 1} cards before a move")
    hands: list[list[str]] = [[] for _ in range(n)]
    hands[len(inp.trick)] = list(inp.hand)
    game = play_position(rules, hands, inp.trick, 0, inp.trump)
    legal = [a.value for a in game.legal_actions()]
    names = dict(zip(card_ids(inp.hand), inp.hand, strict=True))
    excluded = {names[c]: game.why_illegal(c) for c in names if c not in legal}
    return cm.LegalExpect.model_validate({"legal": card_names(legal), "excluded": excluded})


def derive_trick(rules: CompiledRules, inp: cm.TrickInput) -> cm.TrickExpect:
    """Each player holds just the card they play, so the trick is the whole (tiny) hand."""
    n = rules.players
    if len(inp.cards) != n:
        raise ReplayError(f"a trick has {n} cards")
    game = play_position(rules, [[c] for c in inp.cards], [], 0, inp.trump)
    for card in inp.cards:
        game.apply(card)
    result = game.results[-1]
    table = final_table(rules, result)
    points = sum(table.points[c] for c in card_ids(inp.cards))
    return cm.TrickExpect.model_validate({
        "winner": result.tricks[0].winner, "trump": trump_of(result),
        "points": points + (rules.last_bonus if inp.last else 0)})


def trump_of(result: HandResult) -> str | None:
    return None if result.trump == "none" else result.trump


def final_table(rules: CompiledRules, result: HandResult) -> ModeTable:
    """The table a finished hand is counted with: its trump, else the rules' fallback."""
    mode = rules.mode_schedule.number(result.trump)
    if mode < 0:
        mode = rules.fallback if rules.fallback is not None else -1
    if mode is None or mode not in rules.modes:
        raise ReplayError(f"no card table to count a hand played as {result.trump}")
    return rules.modes[mode]


def play_actions(game: Game, actions: list[str], hands_before: int) -> HandResult:
    for action in actions:
        if len(game.results) > hands_before:
            raise ReplayError("the hand is over before the last recorded action")
        game.apply(action)
    if len(game.results) != hands_before + 1:
        raise ReplayError("the recorded actions do not finish the hand")
    return game.results[-1]


def held_of(game: Game) -> list[cm.Held]:
    return [cm.Held(unit=u, among=list(among), amount=a) for u, among, a in game.held]


def changes(before: dict[str, list[int]], after: dict[str, tuple[int, ...]]
            ) -> dict[str, list[int]]:
    return {u: [a - b for a, b in zip(after[u], before[u], strict=True)] for u in after}


def hand_details(rules: CompiledRules, result: HandResult) -> dict[str, Any]:
    """Tricks, card points and bonuses of a finished hand, per subject."""
    table = final_table(rules, result)
    team = rules.team_of
    tricks = [cm.TrickResult(leader=t.leader, winner=t.winner,
                             points=sum(table.points[c] for c in t.cards))
              for t in result.tricks]
    card_points = [0] * rules.subjects
    for t in tricks:
        card_points[team[t.winner]] += t.points
    bonuses = []
    if tricks and rules.last_bonus:
        bonuses.append(cm.Bonus(name="last-trick", subject=team[tricks[-1].winner],
                                points=rules.last_bonus))
    takers = {team[t.winner] for t in tricks}
    if rules.match_bonus and len(takers) == 1:
        bonuses.append(cm.Bonus(name="match", subject=takers.pop(), points=rules.match_bonus))
    return {"trump": trump_of(result), "tricks": tricks, "card_points": card_points,
            "bonuses": bonuses, "points": list(result.points), "clause": result.clause}


def derive_hand(rules: CompiledRules, inp: cm.HandInput) -> cm.HandExpect:
    game = replay_game(rules, inp.dealer, inp, inp.hand_number, inp.totals, inp.held,
                       inp.sheets, record=False, kept=inp.kept)
    result = play_actions(game, inp.actions, 0)
    expect_used(game, "lots")
    return cm.HandExpect(**hand_details(rules, result),
                         changes=changes(inp.totals, result.totals),
                         totals={u: list(v) for u, v in result.totals.items()},
                         held=held_of(game))


def derive_game(rules: CompiledRules, inp: cm.GameInput) -> cm.GameExpect:
    if not inp.hands:
        raise ReplayError("a game case needs at least one hand")
    game = replay_game(rules, inp.first_dealer, inp.hands[0], record=False)
    before = {u: list(v) for u, v in game.totals.items()}
    out = []
    for k, hand in enumerate(inp.hands):
        if k:
            if game.is_over:
                raise ReplayError(f"the game is over after {k} hands; the record has more")
            start_dealt(game, hand)
        result = play_actions(game, hand.actions, k)
        expect_used(game, "lots")
        out.append(cm.GameHand(dealer=result.dealer, clause=result.clause,
                               points=list(result.points),
                               changes=changes(before, result.totals)))
        before = {u: list(v) for u, v in result.totals.items()}
    outcome = game.outcome()
    standings = outcome.standings if outcome else tuple(game.standings())
    return cm.GameExpect(hands=out, totals={u: list(v) for u, v in game.totals.items()},
                         held=held_of(game), over=game.is_over,
                         winners=list(outcome.winners) if outcome else [],
                         standings=[(s, t) for s, t in standings])


def derive_perft(rules: CompiledRules, inp: cm.PerftInput) -> cm.PerftExpect:
    game = play_position(rules, inp.hands, inp.trick, inp.leader, inp.trump)
    divide: dict[str, int] = {}
    card = game.phase == "play"
    for action in game.legal_actions():
        game.apply(action)
        divide[game.action_text(action)] = perft(game, inp.depth - card, game.hand_number)
        game.undo()
    return cm.PerftExpect(nodes=sum(divide.values()), divide=divide)


def perft(game: Game, depth: int, hand: int) -> int:
    """Card-play sequences of length depth from here in hand number `hand` (python-chess's
    perft, for cards). A decision asked in the middle of play (a mode named by the first
    void) branches the sequences without being a card."""
    if depth <= 0:
        return 1
    if game.is_over or game.hand_number != hand:
        raise ReplayError("the hand ends before the perft depth is reached")
    actions = game.legal_actions()
    card = game.phase == "play"
    if depth == 1 and card:
        return len(actions)
    total = 0
    for action in actions:
        game.apply(action)
        total += perft(game, depth - card, hand)
        game.undo()
    return total


def derive_parse(text: str) -> cm.ParseExpect:
    try:
        model = load_model(text, "case.jass")
    except RuleFileErrors as err:
        errors = [cm.ParseError(kind=e.kind, line=e.pos.line, column=e.pos.column)
                  for e in err.errors]
        return cm.ParseExpect(valid=False, name=None, errors=errors)
    return cm.ParseExpect(valid=True, name=model.name, errors=[])


Deriver = Callable[[CompiledRules, Any], cm.Strict]
DERIVERS: dict[str, Deriver] = {
    "legal": derive_legal, "trick": derive_trick, "hand": derive_hand,
    "game": derive_game, "perft": derive_perft,
}


def derive(variant: str, options: dict[str, Any], kind: str, inp: Any) -> dict[str, Any]:
    """The expectation for one case as JSON data (inp: the input as JSON data or model)."""
    model = cm.INPUTS[kind].model_validate(inp)
    if kind == "parse":
        assert isinstance(model, cm.ParseInput)
        return derive_parse(model.text).model_dump(mode="json")
    rules = load_rules(variant, options)
    return DERIVERS[kind](rules, model).model_dump(mode="json")
