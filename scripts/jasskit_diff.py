#!/usr/bin/env python3
"""Differential check of jassdsl's Schieber against HSLU's jass-kit 2.0.5 (optional).

jass-kit (GPL-3.0) is never imported here: it runs in its own environment (created by
``bash scripts/oracle-env.sh`` in .oracle-venv) behind scripts/jasskit_oracle.py, which
this script starts as a co-process and talks to in JSON lines.

    python scripts/jasskit_diff.py --positions 3000 --seed 1      # the differential check
    jassdsl conformance --engine "python scripts/jasskit_diff.py --serve" \\
        --variants schieber --kinds legal trick                  # jass-kit against the corpus

The check compares legal cards and trick winners and points on positions from seeded
Schieber games and on random positions (random trump, trick and hand), and sorts every
disagreement into a named class; docs/en/engine-authors.md explains each class and which
reading of the rules is right. Exit code: 0 when every disagreement is of a known class,
1 otherwise, 2 when the oracle environment is missing.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jassdsl.core.cards import CARD_INDEX, CARD_NAMES  # noqa: E402
from jassdsl.corpus.derive import derive  # noqa: E402
from jassdsl.corpus.harvest import play  # noqa: E402
from jassdsl.corpus.position import card_names, mode_name  # noqa: E402
from jassdsl.registry import load_rules  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
from perft_driver import perft  # noqa: E402

ORACLE_PYTHON = ROOT / ".oracle-venv" / "bin" / "python"
ORACLE = ROOT / "scripts" / "jasskit_oracle.py"
VARIANT = "schieber"
MODES = ("D", "H", "S", "C", "obenabe", "undenufe")
TRUMP_ORDER = ("J", "9", "A", "K", "Q", "10", "8", "7", "6")
LACKS = {
    "kinds": {"hand": "scores with its own game loop; no record of a hand to replay",
              "game": "scores with its own game loop; no record of a game to replay",
              "parse": "reads no jassdsl rule files"},
    "variants": "Schieber only",
    "options": "none of the rule file's options",
}
KNOWN = {
    "undertrump-below-highest-trump": "two trumps on a side-suit lead: jass-kit bars only "
    "the trumps below the one it takes for the lowest of the two (found by card index), so "
    "a trump between the two may go; jassdsl bars every trump below the highest one",
    "undenufe-six-eleven": "Undenufe card points: jass-kit counts the six as 11 and the Ace "
    "as 0; the rule file counts the Ace as 11, like every other no-trump contract",
}


class Oracle:
    """scripts/jasskit_oracle.py running in the oracle environment."""

    def __init__(self) -> None:
        if not ORACLE_PYTHON.exists():
            raise SystemExit(2)
        self.proc = subprocess.Popen([str(ORACLE_PYTHON), str(ORACLE)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        reply: dict[str, Any] = json.loads(self.proc.stdout.readline())
        if "error" in reply:
            raise RuntimeError(f"oracle: {reply['error']} for {request}")
        return reply

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


# --- positions -------------------------------------------------------------------------
def game_positions(count: int, seed: int, options: dict[str, int | str]
                   ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Legal-card positions and finished tricks from seeded Schieber games."""
    rules = load_rules(VARIANT, options)
    legal: list[dict[str, Any]] = []
    tricks: list[dict[str, Any]] = []
    game = 0
    while len(legal) < count:
        h = play(rules, seed * 100_000 + game)
        game += 1
        legal += [{"hand": card_names(p.hands[p.seat]), "trick": [CARD_NAMES[c] for c in p.trick],
                   "trump": mode_name(p.mode)} for p in h.positions]
        tricks += [{"cards": [CARD_NAMES[c] for c in t.cards], "trump": mode_name(t.after),
                    "last": t.last} for t in h.tricks]
    return legal[:count], tricks[:count]


def random_positions(count: int, seed: int) -> list[dict[str, Any]]:
    """Random hands and tricks, biased towards tricks with trumps on a side-suit lead."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        trump = rng.choice(MODES)
        deck = list(CARD_NAMES)
        rng.shuffle(deck)
        trick = deck[:rng.randint(0, 3)]
        if trump in "DHSC" and len(trick) >= 2 and rng.random() < 0.6:
            trumps = [c for c in deck[4:] if c[0] == trump][:len(trick) - 1]
            trick = [trick[0], *trumps] if trick[0][0] != trump else trick
        rest = [c for c in deck if c not in trick]
        out.append({"hand": rest[:rng.randint(1, 9)], "trick": trick, "trump": trump})
    return out


def random_tricks(count: int, seed: int) -> list[dict[str, Any]]:
    """Random four-card tricks under a random trump mode."""
    rng = random.Random(seed)
    return [{"cards": rng.sample(CARD_NAMES, 4), "trump": rng.choice(MODES),
             "last": rng.random() < 0.2} for _ in range(count)]


# --- comparing -------------------------------------------------------------------------
def rank(card: str) -> int:
    return TRUMP_ORDER.index(card[1:])


def classify(pos: dict[str, Any], ours: set[str], theirs: set[str]) -> str:
    """The named class of a legal-card disagreement, or 'unknown'."""
    trump, trick = pos["trump"], pos["trick"]
    trumps = [c for c in trick[1:] if c[0] == trump]
    if trump not in "DHSC" or not trick or trick[0][0] == trump or len(trumps) < 2:
        return "unknown"
    highest = min(trumps, key=rank)
    threshold = max(trumps, key=lambda c: CARD_INDEX[c])  # jass-kit's "lowest trump played"
    extra, missing = theirs - ours, ours - theirs
    if not missing and extra and all(
            c[0] == trump and rank(highest) < rank(c) < rank(threshold) for c in extra):
        return "undertrump-below-highest-trump"
    return "unknown"


def classify_trick(trick: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]) -> str:
    """The class of a trick disagreement: Undenufe sixes and Aces, or 'unknown'."""
    cards = trick["cards"]
    shift = 11 * (sum(c[1:] == "6" for c in cards) - sum(c[1:] == "A" for c in cards))
    if (trick["trump"] == "undenufe" and ours["winner"] == theirs["winner"]
            and theirs["points"] - ours["points"] == shift):
        return "undenufe-six-eleven"
    return "unknown"


def check(oracle: Oracle, legal: list[dict[str, Any]], tricks: list[dict[str, Any]],
          options: dict[str, int | str]) -> dict[str, Any]:
    classes: Counter[str] = Counter()
    examples: dict[str, list[Any]] = defaultdict(list)
    for pos in legal:
        ours = set(derive(VARIANT, options, "legal", pos)["legal"])
        theirs = set(oracle.ask({"op": "legal", **pos})["legal"])
        if ours != theirs:
            name = classify(pos, ours, theirs)
            classes[name] += 1
            if len(examples[name]) < 3:
                examples[name].append({**pos, "jassdsl": sorted(ours, key=CARD_INDEX.get),
                                       "jass-kit": sorted(theirs, key=CARD_INDEX.get)})
    for t in tricks:
        ours_t = derive(VARIANT, options, "trick", t)
        theirs_t = oracle.ask({"op": "trick", "trick": t["cards"], "trump": t["trump"],
                               "last": t["last"]})
        if (ours_t["winner"], ours_t["points"]) != (theirs_t["winner"], theirs_t["points"]):
            name = classify_trick(t, ours_t, theirs_t)
            classes[name] += 1
            if len(examples[name]) < 3:
                examples[name].append({**t, "jassdsl": ours_t, "jass-kit": theirs_t})
    return {"legal_positions": len(legal), "tricks": len(tricks),
            "disagreements": dict(sorted(classes.items())), "examples": dict(examples),
            "known": {k: KNOWN[k] for k in classes if k in KNOWN}}


# --- jass-kit behind the conformance protocol ---------------------------------------------
def serve(oracle: Oracle) -> None:
    """Answer conformance cases (Schieber, legal and trick) with jass-kit."""
    for line in sys.stdin:
        msg = json.loads(line)
        if msg.get("type") == "bye":
            return
        if msg.get("type") == "hello":
            version = oracle.ask({"op": "ping"})["version"]
            reply: dict[str, Any] = {"type": "hello", "engine": f"jass-kit {version}",
                                     "variants": [VARIANT],
                                     "kinds": ["legal", "trick", "perft"], "lacks": LACKS}
        else:
            reply = {"id": msg["id"], **serve_case(oracle, msg)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


def legal_of(oracle: Oracle, hand: list[str], trick: list[str], trump: str) -> list[str]:
    legal: list[str] = oracle.ask({"op": "legal", "hand": hand, "trick": trick,
                                   "trump": trump})["legal"]
    return legal


def trick_of(oracle: Oracle, trick: list[str], trump: str) -> int:
    winner: int = oracle.ask({"op": "trick", "trick": trick, "trump": trump,
                              "last": False})["winner"]
    return winner


def serve_case(oracle: Oracle, msg: dict[str, Any]) -> dict[str, Any]:
    inp = msg["input"]
    if msg.get("options"):
        return {"type": "skipped", "reason": "jass-kit has no options"}
    if inp["trump"] is None:
        return {"type": "skipped", "reason": "jass-kit always has a trump mode"}
    if msg["kind"] == "legal":
        legal = oracle.ask({"op": "legal", "hand": inp["hand"], "trick": inp["trick"],
                            "trump": inp["trump"]})["legal"]
        return {"type": "result", "result": {"legal": legal}}
    if msg["kind"] == "perft":
        nodes, divide = perft([list(h) for h in inp["hands"]], list(inp["trick"]),
                              inp["leader"], inp["depth"],
                              lambda hand, trick: legal_of(oracle, hand, trick, inp["trump"]),
                              lambda trick: trick_of(oracle, trick, inp["trump"]))
        return {"type": "result", "result": {"nodes": nodes, "divide": divide}}
    got = oracle.ask({"op": "trick", "trick": inp["cards"], "trump": inp["trump"],
                      "last": inp["last"]})
    return {"type": "result", "result": {"winner": got["winner"], "points": got["points"]}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=3000,
                    help="positions of each source (games, random) to compare")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--serve", action="store_true",
                    help="speak the conformance protocol instead (jass-kit as an engine)")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="an option of rules/schieber.jass, e.g. undenufe-eleven=six")
    args = ap.parse_args(argv)
    options: dict[str, int | str] = dict(o.split("=", 1) for o in args.option)
    if not ORACLE_PYTHON.exists():
        print("no .oracle-venv: run `bash scripts/oracle-env.sh` first", file=sys.stderr)
        return 2
    oracle = Oracle()
    try:
        if args.serve:
            serve(oracle)
            return 0
        legal, tricks = game_positions(args.positions, args.seed, options)
        legal += random_positions(args.positions, args.seed)
        tricks += random_tricks(args.positions, args.seed)
        report = check(oracle, legal, tricks, options)
    finally:
        oracle.close()
    print(json.dumps(report, indent=2))
    return 1 if "unknown" in report["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
