"""The conformance protocol: JSON lines between the runner and an engine, and how an
engine's result is compared with a case's expectation.

The runner writes one JSON object per line to the engine's stdin and reads one per line
from its stdout (stderr is free for the engine's own logging):

1. runner: ``{"type": "hello", "protocol": "jass-conformance/1", "corpus": "1.0"}``
   engine: ``{"type": "hello", "engine": "name version", "variants": [...],
   "kinds": [...]}``
2. for each case the engine supports, runner: ``{"type": "case", "id", "variant",
   "options", "kind", "input"}``; engine: exactly one of ``{"type": "result", "id",
   "result": {...}}``, ``{"type": "skipped", "id", "reason"}`` or
   ``{"type": "errored", "id", "message"}``.
3. runner: ``{"type": "bye"}``, then it closes stdin; the engine exits.
"""

from __future__ import annotations

from typing import Any

from jassdsl.corpus.models import canonical

PROTOCOL = "jass-conformance/1"
# Keys a result must have; any other key it has is compared too, unknown keys are ignored.
REQUIRED: dict[str, tuple[str, ...]] = {
    "legal": ("legal",),
    "trick": ("winner", "points"),
    "hand": ("points", "changes"),
    "game": ("totals", "over"),
    "perft": ("nodes",),
    "parse": ("valid",),
}
UNORDERED = {"legal", "held"}  # lists compared as sets


def hello(corpus_version: str) -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL, "corpus": corpus_version}


def request(case: dict[str, Any]) -> dict[str, Any]:
    """The case without its answer."""
    keys = ("id", "variant", "options", "kind", "input")
    return {"type": "case", **{k: case[k] for k in keys}}


def normal(key: str, value: Any) -> Any:
    if key in UNORDERED and isinstance(value, list):
        return sorted(canonical(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [normal("", v) for v in value]
    if isinstance(value, dict):
        return {k: normal(k, v) for k, v in value.items()}
    return value


def compare(kind: str, expect: dict[str, Any], result: Any) -> list[str]:
    """Differences between an engine's result and the expectation ([] when it passes)."""
    if not isinstance(result, dict):
        return [f"the result is not a JSON object: {canonical(result)[:80]}"]
    out = [f"{key}: missing" for key in REQUIRED[kind] if key not in result]
    for key in sorted(result):
        if key in expect and normal(key, result[key]) != normal(key, expect[key]):
            out.append(f"{key}: expected {canonical(expect[key])[:200]}, got "
                       f"{canonical(result[key])[:200]}")
    return out
