"""A deliberately wrong engine for testing the conformance runner (started as itself, or
forked from a warm interpreter by forked.py, as test_conformance.py does).

It is jassdsl's own adapter with faults switched on by flags:

--undertrump      ignores the undertrump rule (lower trumps count as legal)
--no-last-bonus   forgets the 5 points of the last trick in trick cases
--crash-on ID     exits at once when asked case ID
--hang-on ID      never answers case ID
--garbage-on ID   answers case ID with a line that is not JSON
--skip KIND       answers every case of KIND with "skipped"
--error KIND      answers every case of KIND with "errored"
--kinds K ...     the kinds it names in the handshake (default: all)
--no-hello        exits without answering the handshake
--warm NAME ...   compiles these variants (every option set) before answering the hello,
                  so that no case waits for a compilation
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from jassdsl.corpus.adapter import answer
from jassdsl.corpus.generate import option_sets
from jassdsl.registry import load_rules


def wrong(args: argparse.Namespace, message: dict[str, Any]) -> dict[str, Any] | None:
    cid, kind = message.get("id"), message.get("kind")
    if cid == args.crash_on:
        sys.exit(3)
    if cid == args.hang_on:
        time.sleep(3600)
    if kind == args.skip:
        return {"type": "skipped", "id": cid, "reason": "not played here"}
    if kind == args.error:
        return {"type": "errored", "id": cid, "message": "deliberate error"}
    reply = answer(message)
    if reply is None or reply.get("type") != "result":
        return reply
    result = reply["result"]
    if args.undertrump and kind == "legal":
        lower = [c for c, why in result["excluded"].items() if why == "undertrump"]
        result["legal"] = result["legal"] + lower
        result["excluded"] = {c: w for c, w in result["excluded"].items() if c not in lower}
    if args.no_last_bonus and kind == "trick" and message["input"]["last"]:
        result["points"] -= 5
    return reply


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--undertrump", action="store_true")
    p.add_argument("--no-last-bonus", action="store_true")
    p.add_argument("--crash-on")
    p.add_argument("--hang-on")
    p.add_argument("--garbage-on")
    p.add_argument("--skip")
    p.add_argument("--error")
    p.add_argument("--kinds", nargs="+")
    p.add_argument("--no-hello", action="store_true")
    p.add_argument("--warm", nargs="+", default=[])
    args = p.parse_args()
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "bye":
            return 0
        if message.get("type") == "hello":
            if args.no_hello:
                return 4
            for name in args.warm:
                for options in option_sets(name):
                    load_rules(name, options)
            reply = answer(message)
            assert reply is not None
            if args.kinds:
                reply["kinds"] = args.kinds
            reply["engine"] = "deliberately wrong engine"
        elif message.get("id") == args.garbage_on:
            sys.stdout.write("this is not JSON\n")
            sys.stdout.flush()
            continue
        else:
            reply = wrong(args, message)
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
