"""scripts/check_variant.py, the quick check after changing one rule file (README): the
steps it runs for a name, and a clear error for a name that is no rule file."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest
from conftest import script_module

from jassdsl.corpus import store

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "check_variant.py"


def script() -> ModuleType:
    return script_module("check_variant")


def test_a_variant_is_checked_compiled_verified_and_tested() -> None:
    check, corpus, tests = script().steps("guggitaler", ["-x"])
    assert check == [sys.executable, "-m", "jassdsl", "check", "guggitaler"]
    assert corpus[3:] == ["conformance", "--engine", f"{sys.executable} -m "
                          "jassdsl.corpus.adapter", "--variants", "guggitaler"]
    assert tests[2:] == ["pytest", "tests", "-p", "no:cacheprovider", "-k", "guggitaler", "-x"]


def test_a_file_the_corpus_does_not_know_skips_the_corpus(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    known = store.read_manifest(store.default_dir())
    monkeypatch.setattr(store, "read_manifest", lambda root: {**known, "rules": {}})
    assert [c[3] for c in script().steps("guggitaler", [])] == ["check", "tests"]


@pytest.mark.parametrize(("argv", "said"), [
    (["schiebr"], "unknown variant 'schiebr'; did you mean schieber"),
    ([], "check_variant.py NAME"),
    ([str(SCRIPT)], "is not a rule file in rules/"),
])
def test_a_wrong_name_is_one_clear_error(argv: list[str], said: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert script().main(argv) == 2
    assert said in capsys.readouterr().err
