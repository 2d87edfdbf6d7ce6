"""The table explains itself (issue 31 §3): a barred card comes with the reason the
terminal gives, the Weis question names the Weis, an estimate is asked as a number."""

from __future__ import annotations

from jassdsl.core.cards import CARD_NAMES, card_index
from jassdsl.rulebook import textview as tv
from jassdsl.table.session import Session, Tables
from jassdsl.table.view import seat_view


def until(session: Session, done, limit: int = 200) -> None:  # type: ignore[no-untyped-def]
    """Each seat answers with its last legal action until `done(game)`."""
    game = session.game
    for _ in range(limit):
        if done(game):
            return
        seat = game.current_player
        session.act(seat, session.turn, game.action_text(game.legal_actions()[-1]))
    raise AssertionError("not reached")


def test_a_barred_card_carries_the_terminals_reason_in_both_languages() -> None:
    session = Tables().open("schieber", {}, 4, ["person"] * 4)
    game = session.game
    # a seat that must follow: a card led, and the seat holds a card it may not play
    until(session, lambda g: g.phase == "play" and len(g.observe(0).trick) > 0
          and len(g.legal_actions()) < len(g.observe(g.current_player).hand))
    seat = game.current_player
    legal = {a.value for a in game.legal_actions()}
    for lang in ("en", "de"):
        view = seat_view(session, seat, lang, [])
        hand = [card_index(c["code"]) for c in view["hand"]]
        assert set(view["barred"]) == {CARD_NAMES[c] for c in hand if c not in legal}
        for code, why in view["barred"].items():
            assert why == tv.reason_text(game.why_illegal(card_index(code)), lang) != ""
        other = seat_view(session, (seat + 1) % 4, lang, [])
        assert other["barred"] == {}  # not its turn: nothing computed for it


def test_the_weis_question_names_the_weis_in_the_pack_shown() -> None:
    for seed in range(40):
        session = Tables().open("schieber", {}, seed, ["person"] * 4)
        game = session.game
        until(session, lambda g: g.phase != "trump")
        if game.phase == "weis" and game.forced_action() is None:
            break
    else:
        raise AssertionError("no seat with a Weis in 40 deals")
    seat = game.current_player
    de, en = seat_view(session, seat, "de", []), seat_view(session, seat, "en", [])
    assert de["yours"] and len(de["weis_named"]) == len(de["weis_offer"]) >= 1
    said = de["weis_offer"][0]  # e.g. 'sequence of 3 to D10 (20)'
    value = said.rsplit("(", 1)[1].rstrip(")")
    first = de["weis_named"][0]
    assert first["fr"].endswith(f", {value}") and first["ch"].endswith(f", {value}")
    if said.startswith("sequence"):
        top = card_index(said.split(" to ")[1].split()[0])
        n = said.split()[2]
        word = {"3": "Dreiblatt", "4": "Vierblatt", "5": "Fünfblatt"}.get(n, "blatt")
        assert word in first["fr"] and " bis " in first["fr"]
        suits = {"fr": "Ecken Herz Schaufel Kreuz", "ch": "Eicheln Rosen Schilten Schellen"}
        for pack in ("fr", "ch"):
            assert suits[pack].split()[top // 9] in first[pack]
        assert en["weis_named"][0]["fr"].startswith("Run of ")
    assert en["weis_named"][0]["fr"] == en["weis_named"][0]["ch"]  # French names in English
    session.act(seat, session.turn, "weis 1")
    other = seat_view(session, (seat + 1) % 4, "de", [])
    assert other["weis_said"][seat] == de["weis_named"]  # declared: named to every seat
    assert seat_view(session, seat, "de", [])["weis_named"] == []  # no longer asked


def test_an_estimate_is_a_number_from_its_bounds() -> None:
    session = Tables().open("differenzler", {}, 2, ["person"] * 4)
    until(session, lambda g: g.phase == "declare")
    game = session.game
    view = seat_view(session, game.current_player, "en", [])
    values = sorted(a.value for a in game.legal_actions())
    assert view["entry"] == {"min": values[0], "max": values[-1], "prefix": "estimate "}
    assert values[-1] - values[0] > 16
    seat = game.current_player
    mine = session.shown("en")[seat]  # "Player 2": the seat's name, none given
    assert not any(d.startswith(f"{mine}:") for d in view["declared"])  # none given yet
    session.act(seat, session.turn, "estimate 57")
    assert f"{mine}: estimate 57" in seat_view(session, seat, "en", [])["declared"]


def test_a_short_choice_stays_buttons() -> None:
    session = Tables().open("schieber", {}, 4, ["person"] * 4)
    assert seat_view(session, session.game.current_player, "en", [])["entry"] is None


def test_a_game_won_at_a_trick_ends_there() -> None:
    """Schieber counts trick by trick: won at trick 4 of hand 11 (seed 0), nobody is asked
    for a card after it; the table lays the rest and every page shows the end."""
    session = Tables().open("schieber", {}, 0, ["person"] * 4)
    game = session.game
    asked = []
    while not game.is_over:
        if game.phase == "play":
            asked.append((game.hand_number, len(game.s.tricks)))
        session.act(game.current_player, session.turn,
                    game.action_text(game.legal_actions()[-1]))
    won = game.results[-1].won_with
    assert won.startswith("trick ") and int(won.split()[1]) < 9, won  # in mid-hand
    assert asked[-1] == (game.hand_number, int(won.split()[1]) - 1)  # none after it
    for seat in range(4):
        view = seat_view(session, seat, "de", [])
        assert view["outcome"] and not view["yours"] and not view["legal"]
