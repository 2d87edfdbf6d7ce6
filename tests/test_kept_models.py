"""Every shipped rule file keeps its model: a second pass over all of them parses none."""

from __future__ import annotations

from pathlib import Path

import pytest

from jassdsl.language import check

RULES = sorted((Path(__file__).resolve().parents[1] / "rules").glob("*.jass"))


def test_a_second_pass_over_every_rule_file_parses_none(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [(p.read_text(encoding="utf-8"), str(p)) for p in RULES]
    assert len(texts) <= check.KEPT_MODELS
    for text, path in texts:
        check.load_model(text, path)
    monkeypatch.setattr(check.Checker, "build", _not_again)
    for text, path in texts:
        assert check.load_model(text, path).path == path


def _not_again(self: check.Checker) -> None:
    raise AssertionError("a rule file was parsed again")
