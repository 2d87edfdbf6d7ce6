"""The rules language as a parser: the base grammar with each mechanism's lines, built once per
list of mechanisms, its tables kept between processes; and how a message writes its terminals."""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Sequence
from contextlib import suppress
from functools import cached_property
from importlib import resources
from pathlib import Path

import lark
from lark import Lark, Token, Tree
from lark.lexer import PatternStr

from jassdsl.core.mechanism import Build, Mechanism, installed
from jassdsl.language.parsing.nodes import (
    WORD,
)
from jassdsl.language.parsing.to_model import _ToModel

# Terminal names as a person reads them in "expected ..." messages.
TERMINAL_WORDS = {
    "ID": "a name",
    "INT": "a number",
    "STRING": 'a quoted text ("...")',
    "COLON": "':'",
    "COMMA": "','",
    "LPAR": "'('",
    "RPAR": "')'",
    "EQUAL": "'='",
    "CMP": "a comparison (=, <, >=, ...)",
    "ADDOP": "'+' or '-'",
    "MULOP": "'*' or '/'",
    "MINUS": "'-'",
    "$END": "the end of the file",
}


class Language:
    """The rules language with some mechanisms' statements: the LALR parser of the base
    grammar (`grammar.lark`) with each mechanism's lines appended, the builders of their
    nodes, and what error messages read from the grammar (the statements' first words,
    how a terminal is written)."""

    def __init__(self, mechanisms: Sequence[Mechanism]) -> None:
        base = resources.files("jassdsl.language").joinpath("grammar.lark").read_text(encoding="utf-8")
        grammar = "".join([base, *(f"\n// --- {x.name}\n{x.syntax.grammar}" for x in mechanisms
                                   if x.syntax.grammar)])
        self.lark = Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=True,
                         cache=parser_cache(grammar))
        self.builders: dict[str, Build] = {}
        for x in mechanisms:
            for name, build in x.syntax.build.items():
                if name in self.builders or hasattr(_ToModel, name):
                    raise ValueError(f"mechanism {x.name!r}: a second builder for {name!r}")
                self.builders[name] = build
        self._texts: dict[str, str] = {}

    def parse(self, text: str) -> Tree[Token]:
        return self.lark.parse(text)

    @cached_property
    def to_model(self) -> _ToModel:
        """The transformer of its parse trees into statements (it keeps no state of a
        file, so one serves every file)."""
        return _ToModel(self.builders)

    @cached_property
    def statement_words(self) -> dict[str, str]:
        """The first word of each statement, by terminal name: the keywords the parser
        accepts where a statement may begin, so a statement added to the grammar (or by a
        mechanism) is known here too."""
        start = self.lark.parse_interactive("")
        choices: dict[str, object] = start.choices()  # type: ignore[no-untyped-call]
        return {t: self.keyword(t) or t.lower() for t in choices
                if t.isupper() and t != "$END"}

    def terminal_text(self, name: str) -> str:
        """How a message writes a terminal: `'gets'` for a keyword, `a name` for ID."""
        if name in TERMINAL_WORDS:
            return TERMINAL_WORDS[name]
        text = self._texts.get(name)
        if text is None:
            try:
                pattern = self.lark.get_terminal(name).pattern
            except KeyError:
                text = name.lower()
            else:
                text = repr(pattern.value) if isinstance(pattern, PatternStr) else name.lower()
            self._texts[name] = text
        return text

    def keyword(self, name: str) -> str | None:
        """The word of a keyword terminal (`gets`), None for any other terminal."""
        text = self.terminal_text(name)
        return text[1:-1] if text.startswith("'") and WORD.fullmatch(text[1:-1]) else None



def parser_cache(grammar: str) -> str | bool:
    """Where Lark keeps the parser tables of this grammar between processes (building them
    costs most of a command's start-up): a file in the user's cache folder named by the
    grammar's text and the Lark and Python versions. Lark writes the same key into the file
    and rebuilds (overwriting it) when they differ, so a stale or broken file is never used;
    without a folder there is no cache (False), and a folder Lark cannot write to only
    reads."""
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(home) / "jassdsl"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    key = hashlib.sha256(
        f"{grammar}\0{lark.__version__}\0{sys.version_info[:2]}".encode()).hexdigest()[:32]
    path = folder / f"parser-{key}.lark"
    if not path.exists():  # a new grammar: the oldest files go, so the folder stays small
        _drop_oldest(list(folder.glob("parser-*.lark")), KEPT_PARSERS - 1)
    return str(path)



KEPT_PARSERS = 16  # grammar versions kept in the cache folder (each about 300 kB)


def _drop_oldest(files: list[Path], keep: int) -> None:
    def mtime(f: Path) -> float:
        try:
            return f.stat().st_mtime
        except OSError:  # removed meanwhile by another process
            return 0.0
    for old in sorted(files, key=mtime)[:max(0, len(files) - keep)]:
        with suppress(OSError):
            old.unlink()



_LANGUAGES: dict[tuple[tuple[str, str, tuple[str, ...]], ...], Language] = {}


def language(mechanisms: Sequence[Mechanism] | None = None) -> Language:
    """The language with these mechanisms' statements (the installed ones by default),
    built once per list."""
    chosen = [x for x in (installed() if mechanisms is None else mechanisms)
              if x.syntax.grammar or x.syntax.build]
    key = tuple((x.name, x.syntax.grammar, tuple(x.syntax.build)) for x in chosen)
    found = _LANGUAGES.get(key)
    if found is None:
        found = _LANGUAGES[key] = Language(chosen)
    return found



def parser(mechanisms: Sequence[Mechanism] | None = None) -> Lark:
    """The LALR parser of the installed mechanisms' language (or of these)."""
    return language(mechanisms).lark

