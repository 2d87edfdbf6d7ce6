"""The mechanism contract's second version: a record is its name and one part per layer;
a flat hook (`Mechanism(name, phase=...)`, the old style) is refused, by the record and
in the source of every listed mechanism."""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

import pytest

from jassdsl.core import mechanism as mech
from jassdsl.core.mechanism import Mechanism, Runtime
from jassdsl.mechanisms import MECHANISMS

ROOT = Path(__file__).resolve().parents[1]
PARTS = {f.name for f in fields(Mechanism)}


def test_a_flat_hook_is_refused_by_the_record() -> None:
    with pytest.raises(TypeError):
        Mechanism("toy", phase=None)  # type: ignore[call-arg]


def test_no_mechanism_module_builds_its_record_from_flat_hooks() -> None:
    flat = []
    for path in sorted((ROOT / "jassdsl" / "mechanisms").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Mechanism":
                flat += [f"{path.name}: {k.arg}" for k in node.keywords if k.arg not in PARTS]
    assert flat == []


def test_each_hook_lives_in_one_part_and_reads_from_there() -> None:
    seen: dict[str, str] = {}
    for name, kind in mech.PART_KINDS:
        for f in fields(kind):
            assert f.name not in seen, (f.name, seen.get(f.name), name)
            seen[f.name] = name
    toy = Mechanism("toy", runtime=Runtime(kinds=("toast",)))
    assert toy.runtime.kinds == ("toast",)


def test_a_flat_read_is_no_attribute() -> None:
    """Every layer reads a hook from its part: the record has no flat names to fall back on."""
    toy = Mechanism("toy", runtime=Runtime(kinds=("toast",)))
    for _part, kind in mech.PART_KINDS:
        for f in fields(kind):
            with pytest.raises(AttributeError):
                getattr(toy, f.name)


def test_the_listed_mechanisms_are_built_of_parts() -> None:
    for x in MECHANISMS:
        assert all(type(getattr(x, p)) is kind for p, kind in mech.PART_KINDS), x.name


def test_the_hooks_one_mechanism_alone_uses_are_the_listed_ones() -> None:
    """The record's docstring lists them; a hook a second mechanism takes up leaves it."""
    one = []
    for part, kind in mech.PART_KINDS:
        empty = kind()
        for f in fields(kind):
            users = [x for x in MECHANISMS if getattr(getattr(x, part), f.name)
                     != getattr(empty, f.name)]
            if len(users) == 1:
                one.append(f.name)
    doc = " ".join((Mechanism.__doc__ or "").split()).replace("/ ", "/")
    assert len(one) == 24
    assert all(name in doc for name in one)
