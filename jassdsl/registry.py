"""Find variants by name (a file in rules/) or by path, and load them compiled."""

from __future__ import annotations

import codecs
import difflib
import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jassdsl.compile.compiler import CompiledRules, check_option_types, compile_rules
from jassdsl.core.errors import (
    ApiUsageError,
    MissingRuleFile,
    RuleError,
    RuleFileErrors,
    UnknownVariantError,
)
from jassdsl.core.limits import MAX_FILE_BYTES
from jassdsl.core.pos import Pos
from jassdsl.engine import game as engine_game
from jassdsl.language.check import collector_paused, load_model

if TYPE_CHECKING:
    from jassdsl.engine.game import Game


def rules_dir() -> Path:
    """rules/ of a source checkout, else the copy shipped inside the wheel."""
    return _shipped_rules()


@lru_cache(maxsize=1)
def _shipped_rules() -> Path:
    """The folder rules_dir names, found once: every load_rules asks for it, and resolving
    the package's path costs as much again as the rest of a cached load."""
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


def read_rule_text(path: Path) -> str:
    """The text of a rule file: UTF-8, a byte order mark dropped, at most MAX_FILE_BYTES.

    Raises RuleFileErrors pointing at the line and column of the first byte that is not
    UTF-8, or of the first byte beyond the size limit."""
    data = path.read_bytes().removeprefix(codecs.BOM_UTF8)
    shown = display_path(path)
    if len(data) > MAX_FILE_BYTES:
        raise byte_error(shown, data, MAX_FILE_BYTES, "limit", f"the file has {len(data):,} bytes; a "
                         f"rule file may have at most {MAX_FILE_BYTES:,}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        bad = data[err.start]
        raise byte_error(shown, data, err.start, "encoding", f"not UTF-8 text: byte 0x{bad:02X} "
                         f"({err.reason}); save the file as UTF-8") from None


def byte_error(shown: str, data: bytes, at: int, kind: str, message: str) -> RuleFileErrors:
    """An error at byte offset `at`, placed by line and column like every other error."""
    before = data[:at].decode("utf-8", errors="replace")
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    pos = Pos.at(line, column)
    return RuleFileErrors([RuleError(shown, pos, kind, message)],
                          data.decode("utf-8", errors="replace"))


# Room for every file with every option set and without options (about 70 today, 0.2 MB
# each): a program that goes round them all would otherwise find none of them left in a
# smaller cache and compile each again every time round.
@lru_cache(maxsize=256)
def _load(
    path: str, mtime: float, options: tuple[tuple[str, int | str], ...]
) -> CompiledRules:
    text = read_rule_text(Path(path))
    with collector_paused():  # as for the model: the compiler makes many objects too
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


engine_game.load_by_name = load_rules  # `Game(name)` of older callers loads through it


def new_game(name: str | os.PathLike[str], options: dict[str, int | str] | None = None,
             **kwargs: Any) -> Game:
    """A game of a variant by name or path: its rules loaded (`load_rules`), then a `Game`
    over them; `kwargs` go to `Game` (seed, record, ...). The one place where a game is
    made from a name, so that the engine needs no parser."""
    from jassdsl.engine.game import Game  # the engine is above the registry

    return Game(load_rules(name, options), **kwargs)
