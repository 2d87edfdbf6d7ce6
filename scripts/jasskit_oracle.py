#!/usr/bin/env python3
"""Line-oriented JSON oracle backed by HSLU's jass-kit (external, optional).

What this is
------------
A small adapter so that jassdsl's own tests/tools can ask a *third-party*
Schieber implementation what it thinks, and compare answers. It imports
jass-kit (GPL-3.0, installed separately by ``scripts/oracle-env.sh`` into
``.oracle-venv``); nothing of jass-kit is copied here and jassdsl does not
depend on it. Run it with the oracle interpreter:

    bash scripts/oracle-env.sh
    .oracle-venv/bin/python scripts/jasskit_oracle.py < requests.jsonl

Protocol
--------
One JSON object per input line; exactly one JSON object per output line, in
the same order, flushed after each answer (so it can be driven as a
co-process). Blank input lines are ignored. If the request carries an
``"id"`` it is echoed back unchanged. A malformed request gets
``{"error": "..."}`` and the oracle carries on with the next line.

Cards are strings: suit letter (D, H, S, C) followed by rank (A K Q J 10 9 8
7 6), e.g. "DA", "H10", "C6". "Deck order" is D, H, S, C and within a suit
A K Q J 10 9 8 7 6 -- which is exactly jass-kit's card index 0..35
(DA=0 ... C6=35, see jass.game.const).

Trump is one of "D", "H", "S", "C", "obenabe", "undenufe" (jass-kit's
0..3, OBE_ABE=4, UNE_UFE=5). "push" (Schieben) is a trump-*selection*
action in jass-kit, not a play mode, so it is rejected for these ops.

  {"op": "ping"}
      -> {"ok": true, "version": "<installed jass-kit version>"}

  {"op": "legal", "hand": [...], "trick": [...], "trump": T}
      ``trick`` = the cards already on the table in this trick, in playing
      order (0..3 cards, first = led card). Asks
      RuleSchieber.get_valid_cards(hand_one_hot, trick_padded, move_nr, trump)
      where move_nr = len(trick) and the trick is padded with -1 to four
      entries, the same shape GameSim keeps in its state.
      -> {"legal": [cards in deck order]}

  {"op": "trick", "trick": [4 cards], "trump": T, "last": false}
      Asks RuleSchieber.calc_winner and RuleSchieber.calc_points.
      -> {"winner": i, "points": p}
      ``winner`` is the position 0..3 inside the trick (0 = led card).
      jass-kit itself returns a *player* number: play goes counter-clockwise
      and its next_player table is [3, 0, 1, 2], so it answers
      (first_player - position) % 4. We pass first_player = 0 and map back
      with position = (-player) % 4.
      ``points`` is the card points of the four cards; with "last": true
      jass-kit's calc_points(is_last=True) adds its last-trick bonus (+5).
      No multiplier for any trump (jass-kit applies none in calc_points).
"""

import json
import sys

import numpy as np

try:
    from importlib.metadata import version as _dist_version
except ImportError:  # pragma: no cover - very old Python
    _dist_version = None

from jass.game.const import OBE_ABE, UNE_UFE, card_ids, card_strings
from jass.game.rule_schieber import RuleSchieber

TRUMPS = {
    "D": 0,
    "H": 1,
    "S": 2,
    "C": 3,
    "obenabe": OBE_ABE,
    "undenufe": UNE_UFE,
}

RULE = RuleSchieber()


class BadRequest(Exception):
    pass


def jasskit_version():
    if _dist_version is None:
        return "unknown"
    try:
        return _dist_version("jass-kit")
    except Exception:
        return "unknown"


def parse_trump(value):
    if isinstance(value, str) and value in TRUMPS:
        return TRUMPS[value]
    if isinstance(value, str) and value.lower() == "push":
        raise BadRequest("'push' is a trump-selection action, not a play mode")
    raise BadRequest(f"unknown trump {value!r} (use D, H, S, C, obenabe, undenufe)")


def parse_cards(value, what):
    if not isinstance(value, list):
        raise BadRequest(f"{what} must be a list of card strings")
    out = []
    for c in value:
        if not isinstance(c, str) or c not in card_ids:
            raise BadRequest(f"unknown card {c!r} in {what}")
        out.append(card_ids[c])
    if len(set(out)) != len(out):
        raise BadRequest(f"duplicate card in {what}")
    return out


def op_legal(req):
    trump = parse_trump(req.get("trump"))
    hand = parse_cards(req.get("hand"), "hand")
    trick = parse_cards(req.get("trick", []), "trick")
    if not hand:
        raise BadRequest("hand is empty")
    if len(trick) > 3:
        raise BadRequest("trick for 'legal' holds 0..3 cards already played")
    if set(hand) & set(trick):
        raise BadRequest("a card is both in hand and in the trick")
    hand_oh = np.zeros(36, np.int32)
    hand_oh[hand] = 1
    current_trick = np.full(4, -1, np.int32)
    current_trick[: len(trick)] = trick
    valid = RULE.get_valid_cards(hand_oh, current_trick, len(trick), trump)
    return {"legal": [str(card_strings[i]) for i in np.flatnonzero(valid)]}


def op_trick(req):
    trump = parse_trump(req.get("trump"))
    trick = parse_cards(req.get("trick"), "trick")
    if len(trick) != 4:
        raise BadRequest("trick for 'trick' must hold exactly 4 cards")
    last = req.get("last", False)
    if not isinstance(last, bool):
        raise BadRequest("'last' must be true or false")
    arr = np.array(trick, np.int32)
    player = RULE.calc_winner(arr, 0, trump)
    points = RULE.calc_points(arr, last, trump)
    return {"winner": int((-player) % 4), "points": int(points)}


def op_ping(_req):
    return {"ok": True, "version": jasskit_version()}


OPS = {"legal": op_legal, "trick": op_trick, "ping": op_ping}


def answer(line):
    try:
        req = json.loads(line)
    except ValueError as exc:
        return {"error": f"invalid JSON: {exc}"}
    if not isinstance(req, dict):
        return {"error": "request must be a JSON object"}
    op = req.get("op")
    fn = OPS.get(op)
    if fn is None:
        out = {"error": f"unknown op {op!r}"}
    else:
        try:
            out = fn(req)
        except BadRequest as exc:
            out = {"error": str(exc)}
    if "id" in req:
        out["id"] = req["id"]
    return out


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        sys.stdout.write(json.dumps(answer(line)) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
