"""Which declarations and mechanism marks a rule file makes under the chosen option values
(`if OPTION`, `if OPTION = CHOICE`): read by the checker, the compiler and the mechanisms
alike, so it stands with the model they share."""

from __future__ import annotations

from collections.abc import Mapping

from jassdsl.core import model as m


def declared_under(d: m.Declaration, options: Mapping[str, int | str]) -> bool:
    """Whether a declaration is made under the chosen options: always, or where its
    `if OPTION` is yes (`if OPTION = CHOICE`: has that choice)."""
    return d.only_if is None or chosen(d.only_if, d.only_if_value, options)


def chosen(option: m.Word, choice: m.Value | None, options: Mapping[str, int | str]) -> bool:
    """Whether `if OPTION` (a yes/no option is yes) or `if OPTION = CHOICE` holds."""
    want = choice.word() if choice is not None else "yes"
    return str(options.get(option.text)) == want


def marks_under(d: m.Declaration, options: dict[str, int | str]) -> frozenset[str]:
    """A declaration's mechanism options that hold under the chosen options: each, but
    one said with `if OPTION` only where that choice is made (`Declaration.marks_if`)."""
    off = {key for key, option, choice in d.marks_if if not chosen(option, choice, options)}
    return d.marks - off
