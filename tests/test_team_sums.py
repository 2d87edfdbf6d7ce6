"""The team-sum warning: a valid file that adds up both partners' declared values where
the contract is one player's gets a warning with its place, and still loads and plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from snippets import completed

from jassdsl.cli import main
from jassdsl.language.check import file_warnings
from jassdsl.registry import read_rule_text

FOLDER = Path(__file__).parent / "fixtures" / "language"
FIXTURE = FOLDER / "warning-team-sum.jass"
RULES = sorted((Path(__file__).parents[1] / "rules").glob("*.jass"))


def whole(snippet: str) -> str:
    return completed(snippet, (FOLDER / "_base.jass").read_text(encoding="utf-8"))


def test_check_prints_the_warning_with_its_place_and_succeeds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "team-bid.jass"
    path.write_text(whole(FIXTURE.read_text(encoding="utf-8")), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("OK ")
    assert f"{path}:11:16: warning: 'team bid' adds up the bids of both partners" in err
    assert "write 'bid of bidder'" in err
    assert ":17:64: warning: 'team estimate'" in err and "'estimate of bidder'" in err
    assert "    let contract = team bid\n                   ^^^^^^^^" in err


def test_a_team_sum_not_compared_with_one_player_does_not_warn() -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    quiet = text.replace("let contract = team bid", "let contract = bid of bidder").replace(
        "team estimate > estimate of bidder", "team estimate > 0")
    assert file_warnings(whole(quiet), "quiet.jass") == []


@pytest.mark.parametrize("path", RULES, ids=[p.stem for p in RULES])
def test_no_shipped_file_warns(path: Path) -> None:
    assert file_warnings(read_rule_text(path), path.name) == []
