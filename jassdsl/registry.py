"""Find variants by name (a file in rules/) or by path, and load them compiled."""

from __future__ import annotations

import difflib
import os
from functools import lru_cache
from pathlib import Path

from jassdsl.check import load_model
from jassdsl.compiler import CompiledRules, check_option_types, compile_rules
from jassdsl.errors import (
    ApiUsageError,
    MissingRuleFile,
    UnknownVariantError,
    UnreadableRuleFile,
)


def rules_dir() -> Path:
    """rules/ of a source checkout, else the copy shipped inside the wheel."""
    here = Path(__file__).resolve().parent
    checkout = here.parent / "rules"
    return checkout if checkout.is_dir() else here / "_rules"


def variant_names() -> list[str]:
    return sorted(p.stem for p in rules_dir().glob("*.jass"))


def variant_path(name: str) -> Path:
    """The rule file for a variant name (in any case) or a path; unknown names get the
    closest names."""
    direct = Path(name)
    if direct.is_dir():
        raise MissingRuleFile(name, ": it is a directory")
    if direct.suffix == ".jass" or direct.exists():
        if not direct.is_file():
            raise MissingRuleFile(name)
        return direct
    path = rules_dir() / f"{name}.jass"
    if path.is_file():
        return path
    known = variant_names()
    folded = {k.casefold(): k for k in known}
    if name.casefold() in folded:
        return rules_dir() / f"{folded[name.casefold()]}.jass"
    close = difflib.get_close_matches(name.casefold(), known, n=3, cutoff=0.5)
    raise UnknownVariantError(name, close, known)


def rule_files(folder: Path) -> list[Path]:
    """The rule files of a folder, as `jassdsl check DIR` checks them."""
    return sorted(p for p in folder.glob("*.jass") if p.is_file())


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


@lru_cache(maxsize=64)
def _load(
    path: str, mtime: float, options: tuple[tuple[str, int | str], ...]
) -> CompiledRules:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        where = display_path(Path(path))
        raise UnreadableRuleFile(f"{where}: not UTF-8 text ({err.reason} at byte "
                                 f"{err.start})") from None
    model = load_model(text, display_path(Path(path)))
    return compile_rules(model, dict(options))


def load_rules(name: str | os.PathLike[str],
               options: dict[str, int | str] | None = None) -> CompiledRules:
    """Parse, check and compile a variant (cached while the file is unchanged).

    `name` is a variant name from rules/ or a path to a .jass file; `options` a dict of
    option names to values. Raises UnknownVariantError, RuleFileErrors, OptionError, or
    ApiUsageError for a name that is no text or path."""
    if not isinstance(name, str | os.PathLike):
        raise ApiUsageError(f"a variant is a name from rules/ or a path to a .jass file, "
                            f"not {type(name).__name__}")
    path = variant_path(os.fspath(name))
    key = tuple(sorted(check_option_types(options).items()))
    return _load(str(path), path.stat().st_mtime, key)
