"""Every rule file records the choices its sources leave open, and cites the common rules
where it relies on them (issue 9, item 5). The texts are in ../shared/seeds/."""

from __future__ import annotations

import pytest

from jassdsl.registry import load_rules, variant_names

# The choices the Allmedias text leaves open, per file: decision ids that must be there.
OPEN_CHOICES = {
    "guggitaler": {"players", "dealer"},
    "totaler-guggitaler": {"players", "dealer"},
    "schellenjass": {"players", "dealer"},
    "schiltenober": {"players", "dealer"},
    "schaufeldame": {"players", "dealer"},
    "handjass-bessern": {"bessern-two", "stoeck"},
    "handjass": {"stoeck", "swap"},
    "schieber": {"modes", "weis-table"},
    # Swisslos and jassverzeichnis.ch differ or are silent on these (issue 12)
    "coiffeur": {"multipliers", "jokers", "push", "weis", "match", "only-declaring",
                 "game-end", "ten-rounds"},
    "dreier-coiffeur": {"suits", "deal", "slalom-guschti", "free", "written", "push", "weis",
                        "game-end"},
}


@pytest.mark.parametrize("name", sorted(OPEN_CHOICES))
def test_the_open_choices_are_written_down(name: str) -> None:
    model = load_rules(name).model
    keys = {d.key for d in model.decisions}
    assert OPEN_CHOICES[name] <= keys, OPEN_CHOICES[name] - keys
    assert all(d.german for d in model.decisions)


@pytest.mark.parametrize("name", variant_names())
def test_a_file_choosing_an_undertrump_rule_or_the_puur_cites_the_common_rules(
        name: str) -> None:
    """The Allmedias text (A) states no undertrump rule and no Puur exemption; only the
    common rules (G) do, so a file built on A that sets them must cite G."""
    model = load_rules(name).model
    keys = {s.key for s in model.sources}
    if "A" not in keys or (model.setting("undertrump") is None
                           and model.setting("puur") is None):
        return
    assert any(s.key == "G" and "common rules" in s.text for s in model.sources), keys
