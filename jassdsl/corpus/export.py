"""`jassdsl corpus export OUT`: the corpus as one versioned archive an engine author can
vendor and verify without jassdsl.

The archive ``jassdsl-corpus-<version>.tar.gz`` holds one folder of the same name with the
manifest, the JSON Schema of a case, the changelog (``README.md``), the hand-written
sources, every case file, the JSON Schema of a conformance report, ``SHA256SUMS`` of the
files the manifest does not cover, and ``verify.py`` (`vendored_verify`, standard library
only). The archive is byte-for-byte the same for the same corpus: sorted members, fixed
times and owners.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import tarfile
from pathlib import Path

from jassdsl.core.errors import JassError
from jassdsl.corpus import store
from jassdsl.corpus.reports import SCHEMA_PATH as REPORT_SCHEMA

VERIFY = Path(__file__).with_name("vendored_verify.py")
EPOCH = 0  # member times: the archive depends on the corpus only


class ExportError(JassError):
    """The corpus cannot be exported (no manifest, a listed file missing)."""


def members(root: Path) -> dict[str, bytes]:
    """Archive path (inside the folder) -> bytes, for every file the archive holds."""
    meta = store.read_manifest(root)
    if not meta or not isinstance(meta.get("corpus_version"), str):
        raise ExportError(f"no corpus in {root} (no {store.MANIFEST} with a corpus_version)")
    out: dict[str, bytes] = {}
    for name in (store.MANIFEST, store.SCHEMA, "README.md", store.HANDWRITTEN,
                 *sorted(meta.get("files", {}))):
        path = root / name
        if not path.is_file():
            raise ExportError(f"{path}: missing, the corpus cannot be exported")
        out[name] = store.read_bytes(path)
    out["report.schema.json"] = REPORT_SCHEMA.read_bytes()
    out["verify.py"] = VERIFY.read_bytes()
    covered = set(meta["files"])
    sums = "".join(f"{hashlib.sha256(data).hexdigest()}  {name}\n"
                   for name, data in sorted(out.items()) if name not in covered)
    out["SHA256SUMS"] = sums.encode("utf-8")
    return out


def archive_name(version: str) -> str:
    return f"jassdsl-corpus-{version}"


def export(root: Path, out: Path) -> Path:
    """Write the archive into the folder `out` (or to `out` itself if it ends in
    .tar.gz); the path written."""
    version = str(store.read_manifest(root).get("corpus_version", ""))
    files = members(root)
    folder = archive_name(version)
    target = out if out.name.endswith(".tar.gz") else out / f"{folder}.tar.gz"
    target.parent.mkdir(parents=True, exist_ok=True)
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in sorted(files.items()):
            info = tarfile.TarInfo(f"{folder}/{name}")
            info.size, info.mtime, info.mode = len(data), EPOCH, 0o644
            if name == "verify.py":
                info.mode = 0o755
            tar.addfile(info, io.BytesIO(data))
    with target.open("wb") as f, gzip.GzipFile(filename="", mode="wb", fileobj=f,
                                                 mtime=EPOCH) as gz:
        gz.write(raw.getvalue())
    return target
