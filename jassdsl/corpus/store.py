"""Reading and writing a corpus directory: one JSON Lines file per variant and kind, a
manifest, the JSON Schema of a record and the hand-written sources."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jassdsl.corpus.models import KINDS, canonical
from jassdsl.errors import JassError

MANIFEST, SCHEMA, HANDWRITTEN = "manifest.json", "schema.json", "handwritten.json"
PROTOCOL = "jass-conformance/1"


class CorpusError(JassError):
    """A corpus directory that cannot be read as one."""


def default_dir() -> Path:
    """tests/corpus of the source checkout this package lives in."""
    return Path(__file__).resolve().parents[2] / "tests" / "corpus"


def case_file(variant: str, kind: str) -> str:
    return f"{variant}/{kind}.jsonl"


def read_manifest(root: Path) -> dict[str, Any]:
    path = root / MANIFEST
    if not path.is_file():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def read_cases(root: Path) -> list[dict[str, Any]]:
    """Every record of every .jsonl file under root, in file then line order."""
    out = []
    for path in sorted(root.glob("*/*.jsonl")):
        if path.stem not in KINDS:
            raise CorpusError(f"{path}: not a kind of case ({', '.join(KINDS)})")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise CorpusError(f"{path}:{number}: not JSON ({err.msg})") from err
    return out


def read_handwritten(root: Path) -> list[dict[str, Any]]:
    path = root / HANDWRITTEN
    if not path.is_file():
        return []
    data: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cases"]
    return data


def pretty(data: Any) -> str:
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def lines(cases: list[dict[str, Any]]) -> str:
    return "".join(canonical(c) + "\n" for c in cases)


def seq_of(case_id: str) -> int:
    return int(case_id.rsplit("/", 1)[1])
