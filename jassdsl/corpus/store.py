"""Reading and writing a corpus directory: one JSON Lines file per variant and kind, a
manifest, the JSON Schema of a record and the hand-written sources.

Readers treat the files as untrusted: what cannot be read is a `CorpusError` that names
the file and line, never a stray exception."""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from jassdsl.core.errors import JassError
from jassdsl.corpus.models import CASE, KINDS, Source, canonical
from jassdsl.registry import display_path

MANIFEST, SCHEMA, HANDWRITTEN = "manifest.json", "schema.json", "handwritten.json"
PROTOCOL = "jass-conformance/1"
ID_DIGITS = 9  # an id's number has at most this many (the schema's pattern sets no bound)
# the most bytes read of one corpus file: the largest holds under 300 KB; a file past this
# (a symlink to /dev/zero, a runaway generator) is refused, not read until memory runs out
MAX_FILE_BYTES = 64 * 1024 * 1024


class CorpusError(JassError):
    """A corpus file that cannot be read: ``path:line: what is wrong``."""

    def __init__(self, path: Path, line: int, text: str) -> None:
        super().__init__(f"{display_path(path)}:{line}: {text}")
        self.path, self.line, self.text = path, line, text


def default_dir() -> Path:
    """tests/corpus of the source checkout this package lives in."""
    return Path(__file__).resolve().parents[2] / "tests" / "corpus"


def case_file(variant: str, kind: str) -> str:
    return f"{variant}/{kind}.jsonl"


def read_bytes(path: Path) -> bytes:
    """A corpus file's bytes; CorpusError for what is not a regular file (a FIFO, a device,
    a symlink to one: opened without waiting and refused) or is over MAX_FILE_BYTES."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as err:
        raise CorpusError(path, 1, f"cannot be read ({err.strerror})") from None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise CorpusError(path, 1, "not a regular file (a FIFO, a device or a link to "
                              "one): refused")
        data = f.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise CorpusError(path, 1, f"larger than {MAX_FILE_BYTES:,} bytes: refused")
    return data


def read_text(path: Path) -> str:
    """A file's text exactly as on disk (no newline translation); it must be UTF-8."""
    return decode(path, read_bytes(path))


def decode(path: Path, data: bytes) -> str:
    """The bytes read from path as text; they must be UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise CorpusError(path, line, f"not UTF-8 text (byte {err.start})") from None


def load_json(path: Path, text: str, line: int = 1) -> Any:
    """JSON text (starting at `line` of path); CorpusError says where it is broken."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise CorpusError(path, line + err.lineno - 1,
                          f"not JSON ({err.msg} at column {err.colno})") from None
    except RecursionError:
        raise CorpusError(path, line, "not JSON (nested too deeply)") from None
    except ValueError:  # the only other: Python reads no number of more than 4,300 digits
        raise CorpusError(path, line, "not JSON (a number with more than "
                          f"{sys.get_int_max_str_digits()} digits)") from None


def read_manifest(root: Path) -> dict[str, Any]:
    """The manifest ({} when there is none); CorpusError when it is not a JSON object."""
    path = root / MANIFEST
    if not path.is_file():
        return {}
    data = load_json(path, read_text(path))
    if not isinstance(data, dict):
        raise CorpusError(path, 1, "the manifest is not a JSON object")
    return data


def case_lines(root: Path) -> Iterator[tuple[Path, int, str]]:
    """Every non-blank line of every .jsonl file under root, with its file and number."""
    for path in sorted(root.glob("*/*.jsonl")):
        for number, line in enumerate(read_text(path).split("\n"), 1):
            if line.strip():
                yield path, number, line


def first_error(err: ValidationError) -> str:
    """The first problem pydantic found, in one line, and how many others there are."""
    errors = err.errors()
    where = ".".join(str(x) for x in errors[0]["loc"]) or "the record"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{errors[0]['msg']} at {where}{more}"


def read_cases(root: Path) -> list[dict[str, Any]]:
    """Every record of every .jsonl file under root, in file then line order; CorpusError
    at the first line that is not a valid record (`jassdsl corpus verify` lists them all)."""
    out = []
    for path, number, line in case_lines(root):
        if path.stem not in KINDS:
            raise CorpusError(path, 1, f"not a kind of case ({', '.join(KINDS)})")
        record = load_json(path, line, number)
        try:
            CASE.validate_python(record)
        except ValidationError as err:
            raise CorpusError(path, number, f"not a valid case ({first_error(err)}): run "
                              "`jassdsl corpus verify`") from None
        if long_id(record["id"]):
            raise CorpusError(path, number, f"not a valid case ({long_id(record['id'])})")
        out.append(record)
    return out


def read_handwritten(root: Path) -> list[tuple[int, Any]]:
    """The hand-written sources as written, each with its line (`models.Source` is what
    each must be)."""
    path = root / HANDWRITTEN
    if not path.is_file():
        return []
    text = read_text(path)
    data = load_json(path, text)
    cases = data.get("cases") if isinstance(data, dict) else None
    if not isinstance(cases, list):
        raise CorpusError(path, 1, 'expected {"cases": [...]}')
    at = item_lines(text, "cases")
    return [(at[i] if i < len(at) else 1, case) for i, case in enumerate(cases)]


def source_of(root: Path, line: int, raw: Any) -> Source:
    """One hand-written source, checked; CorpusError at its line when it is malformed."""
    try:
        return Source.model_validate(raw)
    except ValidationError as err:
        raise CorpusError(root / HANDWRITTEN, line, "not a hand-written case "
                          f"({first_error(err)})") from None


def item_lines(text: str, key: str) -> list[int]:
    """Line numbers of the items of the array under `key` in JSON text (best effort)."""
    match = re.search(rf'"{re.escape(key)}"\s*:\s*\[', text)
    if match is None:
        return []
    decoder, at = json.JSONDecoder(), match.end()
    out: list[int] = []
    while True:
        while at < len(text) and text[at] in " \t\r\n,":
            at += 1
        if at >= len(text) or text[at] == "]":
            return out
        out.append(text.count("\n", 0, at) + 1)
        try:
            _, at = decoder.raw_decode(text, at)
        except (ValueError, RecursionError):
            return out


def key_line(text: str, *keys: str) -> int:
    """The line of the nested key keys[0] > keys[1] > ... in JSON text (best effort: the
    line of the deepest one found, else 1)."""
    line, at = 1, 0
    for key in keys:
        match = re.compile(rf'"{re.escape(key)}"\s*:').search(text, at)
        if match is None:
            break
        at = match.end()
        line = text.count("\n", 0, match.start()) + 1
    return line


def pretty(data: Any) -> str:
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def lines(cases: list[dict[str, Any]]) -> str:
    return "".join(canonical(c) + "\n" for c in cases)


def long_id(case_id: str) -> str:
    """Why the number of a case's id cannot be read ('' when it can): too many digits."""
    if len(case_id.rpartition("/")[2]) > ID_DIGITS:
        return f"the number of its id has more than {ID_DIGITS} digits"
    return ""


def seq_of(case_id: str) -> int:
    return int(case_id.rsplit("/", 1)[1])
