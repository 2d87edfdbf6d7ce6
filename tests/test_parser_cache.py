"""Lark's parser tables kept between processes (`syntax.parser_cache`): a second build
reads the file, and a broken or foreign file is rebuilt, never used."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from lark.parsers.lalr_analysis import LALR_Analyzer

from jassdsl.core.mechanism import installed
from jassdsl.language.syntax import KEPT_PARSERS, Language

RULES = Path(__file__).resolve().parents[1] / "rules"


def _not_again(self: LALR_Analyzer) -> None:
    raise AssertionError("the parser tables were computed again")


def _cache_files(home: Path) -> list[Path]:
    return sorted((home / "jassdsl").glob("parser-*.lark"))


def test_the_parser_is_kept_and_a_broken_file_is_rebuilt(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    text = (RULES / "schieber.jass").read_text(encoding="utf-8")
    fresh = Language(installed()).parse(text)
    [kept] = _cache_files(tmp_path)
    with monkeypatch.context() as patch:  # read from the file: no LALR tables computed
        patch.setattr(LALR_Analyzer, "compute_lalr", _not_again)
        assert Language(installed()).parse(text) == fresh
    kept.write_bytes(b"0" * 64 + b"\nnot a parser")     # a stale key, a broken body
    assert Language(installed()).parse(text) == fresh
    assert not kept.read_bytes().startswith(b"0" * 64)  # rewritten


def test_the_cache_folder_keeps_the_newest_grammars(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = tmp_path / "jassdsl"
    folder.mkdir()
    for i in range(KEPT_PARSERS + 4):
        old = folder / f"parser-old{i:02}.lark"
        old.write_text("an older grammar")
        os.utime(old, (1000 + i, 1000 + i))
    Language(installed())
    files = _cache_files(tmp_path)
    assert len(files) == KEPT_PARSERS
    assert sum(f.name.startswith("parser-old") for f in files) == KEPT_PARSERS - 1
    assert not (folder / "parser-old04.lark").exists()
    assert (folder / "parser-old05.lark").exists()


def test_without_a_cache_folder_the_parser_is_built(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    text = (RULES / "schieber.jass").read_text(encoding="utf-8")
    assert Language(installed()).parse(text).data == "start"
