"""jassdsl behind the conformance protocol: ``python -m jassdsl.corpus.adapter``.

It answers every kind for every variant in rules/ with `jassdsl.corpus.derive`, the code
the corpus was generated with; the runner uses it to check itself and as the example of
an engine adapter.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from jassdsl.core.errors import JassError, UnknownVariantError
from jassdsl.core.version import VERSION as __version__
from jassdsl.corpus.derive import derive
from jassdsl.corpus.models import KINDS
from jassdsl.corpus.protocol import PROTOCOL
from jassdsl.registry import variant_names


def answer(message: dict[str, Any]) -> dict[str, Any] | None:
    """The reply to one message (None for bye)."""
    kind = message.get("type")
    if kind == "hello":
        return {"type": "hello", "engine": f"jassdsl {__version__}", "protocol": PROTOCOL,
                "variants": variant_names(), "kinds": list(KINDS)}
    if kind != "case":
        return None
    cid = message.get("id")
    try:
        result = derive(message["variant"], message.get("options", {}), message["kind"],
                        message["input"])
    except UnknownVariantError as err:
        return {"type": "skipped", "id": cid, "reason": str(err)}
    except (JassError, ValueError, KeyError) as err:
        return {"type": "errored", "id": cid, "message": f"{type(err).__name__}: {err}"}
    return {"type": "result", "id": cid, "result": result}


def serve(inp: IO[str], out: IO[str]) -> None:
    for line in inp:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("type") == "bye":
            return
        reply = answer(message)
        if reply is not None:
            out.write(json.dumps(reply) + "\n")
            out.flush()


def main() -> int:
    serve(sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
