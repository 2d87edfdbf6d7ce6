#!/usr/bin/env python3
"""Verify an exported jassdsl conformance corpus without jassdsl: ``python3 verify.py``.

`jassdsl corpus export` copies this file into the archive as ``verify.py``; it uses the
standard library only, so an engine author who vendors the corpus can check, on any
machine with Python 3.8 or later, that the files are the ones released:

- every case file has the SHA-256 and the number of lines the manifest gives, and no case
  file is missing or extra;
- every case's ``hash`` is the SHA-256 of its canonical JSON (variant, options, kind,
  input, expect), every id is filed under its variant and kind and used once;
- the manifest's total and content digest match the cases;
- the other files of the archive (schema, changelog, manifest) match ``SHA256SUMS``.

It prints one line per problem and a last line; the exit code is 0 when all is well.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

MAX_FILE_BYTES = 64 * 1024 * 1024  # the most bytes read of one file of the archive


def read_file(path: Path) -> bytes:
    """A file's bytes: ValueError for what is not a regular file (a FIFO, a device, a
    link to one: opened without waiting) or is over MAX_FILE_BYTES."""
    fd = os.open(str(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError(f"{path.name}: not a regular file (a FIFO, a device or a "
                             "link to one): refused")
        data = f.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"{path.name}: larger than {MAX_FILE_BYTES} bytes: refused")
    return data


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def check_sums(root: Path, problems: list[str]) -> None:
    sums = root / "SHA256SUMS"
    if not sums.is_file():
        problems.append("SHA256SUMS: missing")
        return
    for number, line in enumerate(read_file(sums).decode("utf-8").splitlines(), 1):
        digest, _, name = line.partition("  ")
        path = root / name
        if not name or "/" in name or name.startswith("."):
            problems.append(f"SHA256SUMS:{number}: not a file name of the archive: {name!r}")
        elif not path.is_file():
            problems.append(f"{name}: missing (listed in SHA256SUMS)")
        elif sha256(read_file(path)) != digest:
            problems.append(f"{name}: its SHA-256 is not the one in SHA256SUMS")


def check_file(root: Path, name: str, entry: dict[str, Any], problems: list[str],
               pairs: list[list[Any]]) -> None:
    data = read_file(root / name)
    if sha256(data) != entry.get("sha256"):
        problems.append(f"{name}: its SHA-256 is not the manifest's")
    lines = data.decode("utf-8").split("\n")
    if lines[-1]:
        problems.append(f"{name}: the last line has no newline")
    lines = [line for line in lines if line]
    if len(lines) != entry.get("cases"):
        problems.append(f"{name}: {len(lines)} cases, the manifest says {entry.get('cases')}")
    group = name[:-len(".jsonl")]
    for number, line in enumerate(lines, 1):
        case = json.loads(line)
        if not isinstance(case, dict):
            problems.append(f"{name}:{number}: not a JSON object")
            continue
        key = {k: case.get(k) for k in ("variant", "options", "kind", "input", "expect")}
        if sha256(canonical(key).encode("utf-8")) != case.get("hash"):
            problems.append(f"{name}:{number}: the content hash does not match the content")
        if str(case.get("id", "")).rpartition("/")[0] != group:
            problems.append(f"{name}:{number}: the id {case.get('id')!r} is not of {group}")
        pairs.append([case.get("id"), case.get("hash")])


def verify(root: Path) -> tuple[list[str], dict[str, Any], int]:
    """The problems of the corpus in `root` (an empty list when it verifies)."""
    problems: list[str] = []
    check_sums(root, problems)
    manifest = json.loads(read_file(root / "manifest.json").decode("utf-8"))
    if not isinstance(manifest, dict):
        return [*problems, "manifest.json: not a JSON object"], {}, 0
    files = manifest.get("files", {})
    on_disk = {p.relative_to(root).as_posix() for p in root.glob("*/*.jsonl")}
    for name in sorted(on_disk - set(files)):
        problems.append(f"{name}: not in the manifest")
    pairs: list[list[Any]] = []
    for name, entry in sorted(files.items()):
        if name not in on_disk:
            problems.append(f"{name}: missing (listed in the manifest)")
        else:
            check_file(root, name, entry, problems, pairs)
    ids = [p[0] for p in pairs]
    for twice in sorted({i for i in ids if ids.count(i) > 1}):
        problems.append(f"{twice}: used by more than one case")
    if len(pairs) != manifest.get("total"):
        problems.append(f"manifest.json: total {manifest.get('total')}, the files hold "
                        f"{len(pairs)} cases")
    content = sha256(canonical(sorted(pairs)).encode("utf-8"))
    if content != manifest.get("content"):
        problems.append("manifest.json: the content digest does not match the cases")
    return problems, manifest, len(pairs)


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    try:
        problems, manifest, count = verify(root)
    except (OSError, ValueError) as err:  # unreadable file, bad JSON, not UTF-8
        print(f"cannot verify {root}: {err}")
        return 1
    for problem in problems:
        print(problem)
    verdict = "ok" if not problems else f"{len(problems)} problems"
    print(f"corpus {manifest.get('corpus_version')}: {count} cases: {verdict}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
