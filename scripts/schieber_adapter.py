#!/usr/bin/env python3
"""The PyPI package `schieber` 0.1.10 (the pyschieber rules, MIT) behind the conformance
protocol (optional).

schieber is never imported by jassdsl: this script runs with the interpreter of its own
environment (``bash scripts/oracle-env.sh schieber`` creates .schieber-venv) and imports nothing
of jassdsl, so it sees the corpus only through the protocol:

    jassdsl conformance --engine ".schieber-venv/bin/python scripts/schieber_adapter.py"

It answers the `legal`, `trick` and `perft` cases of `schieber` with the package's rule
functions (`allowed_cards`, `stich_rules`, `count_stich`); perft counts plays with
those two through scripts/perft_driver.py. The package plays no options of our rule file,
keeps no record a `hand` or `game` case could be replayed from (its Game drives player
objects), and reads no rule files; its hello says so under ``lacks``.
"""

from __future__ import annotations

import json
import sys
from importlib.metadata import version
from typing import Any

from perft_driver import perft
from schieber.card import Card
from schieber.rules.count_rules import count_stich
from schieber.rules.stich_rules import allowed_cards, stich_rules
from schieber.stich import PlayedCard
from schieber.suit import Suit
from schieber.trumpf import Trumpf

SUITS = {"D": Suit.ROSE, "H": Suit.BELL, "S": Suit.ACORN, "C": Suit.SHIELD}
VALUES = {"A": 14, "K": 13, "Q": 12, "J": 11, "10": 10, "9": 9, "8": 8, "7": 7, "6": 6}
MODES = {"D": Trumpf.ROSE, "H": Trumpf.BELL, "S": Trumpf.ACORN, "C": Trumpf.SHIELD,
         "obenabe": Trumpf.OBE_ABE, "undenufe": Trumpf.UNDE_UFE}
LACKS = {
    "kinds": {
        "hand": "no record of a hand to replay: its Game drives player objects",
        "game": "no record of a game to replay: its Game drives player objects",
        "parse": "reads no jassdsl rule files",
    },
    "variants": "Schieber only",
    "options": "none of the rule file's options",
}


def card(name: str) -> Card:
    return Card(SUITS[name[0]], VALUES[name[1:]])


def name(c: Card) -> str:
    suit = next(k for k, v in SUITS.items() if v == c.suit)
    return suit + next(k for k, v in VALUES.items() if v == c.value)


def legal(hand: list[str], trick: list[str], mode: Trumpf) -> list[str]:
    allowed = {name(c) for c in allowed_cards([card(c) for c in hand],
                                              [card(c) for c in trick], mode)}
    return [c for c in hand if c in allowed]


def winner(trick: list[str], mode: Trumpf) -> int:
    played = [PlayedCard(player=i, card=card(c)) for i, c in enumerate(trick)]
    position: int = stich_rules[mode](played_cards=played).player
    return position


def solve(kind: str, inp: dict[str, Any]) -> dict[str, Any]:
    mode = MODES[inp["trump"]]
    if kind == "legal":
        return {"legal": legal(inp["hand"], inp["trick"], mode)}
    if kind == "trick":
        points = count_stich([card(c) for c in inp["cards"]], mode, last=inp["last"])
        return {"winner": winner(inp["cards"], mode), "points": points}
    nodes, divide = perft([list(h) for h in inp["hands"]], list(inp["trick"]),
                          inp["leader"], inp["depth"],
                          lambda hand, trick: legal(hand, trick, mode),
                          lambda trick: winner(trick, mode))
    return {"nodes": nodes, "divide": divide}


def answer(msg: dict[str, Any]) -> dict[str, Any]:
    cid = msg.get("id")
    if msg.get("options"):
        return {"type": "skipped", "id": cid, "reason": "schieber 0.1.10 has no options"}
    if msg["input"].get("trump") not in MODES:
        return {"type": "skipped", "id": cid, "reason": "schieber always has a trump mode"}
    try:
        return {"type": "result", "id": cid, "result": solve(msg["kind"], msg["input"])}
    except Exception as err:  # report, do not die
        return {"type": "errored", "id": cid, "message": f"{type(err).__name__}: {err}"}


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        if msg.get("type") == "bye":
            return 0
        if msg.get("type") == "hello":
            reply = {"type": "hello", "engine": f"schieber {version('schieber')}",
                     "protocol": "jass-conformance/1", "variants": ["schieber"],
                     "kinds": ["legal", "trick", "perft"], "lacks": LACKS}
        else:
            reply = answer(msg)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
