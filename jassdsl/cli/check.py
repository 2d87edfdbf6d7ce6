"""`jassdsl check`: parse, check and compile rule files (or every one in a folder); report
every error of each."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from jassdsl.compile.compiler import option_value, shaping_options
from jassdsl.core.errors import JassError, RuleFileErrors, UnreadableRuleFile
from jassdsl.language.check import file_warnings
from jassdsl.registry import (
    display_path,
    load_rules,
    read_rule_text,
    rule_files,
    variant_path,
)


def register(sub: Any) -> None:
    p = sub.add_parser("check", help="check rule files and report all their errors",
                       description="Parse, check and compile each rule file, with its default "
                                   "options and with every value of each option that shapes "
                                   "the tables (in expressions an option is a constant).")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="a .jass file, a variant name, or a folder (every .jass file in it)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    bad = 0
    files = expand(args.files)
    for name in files:
        message = check_one(name)
        if message is None:
            continue
        bad += 1
        print(message, file=sys.stderr)
    if len(files) > 1 and bad:
        print(f"{bad} of {len(files)} files have errors", file=sys.stderr)
    return 1 if bad else 0


def expand(names: list[str]) -> list[str]:
    """Each name, a folder replaced by the .jass files in it (a folder without one is an
    error, so `check` never reports OK for nothing)."""
    out = []
    for name in names:
        folder = Path(name)
        if not folder.is_dir():
            out.append(name)
            continue
        files = rule_files(folder)
        if not files:
            raise JassError(f"{name} is a directory without .jass files")
        out += [str(p) for p in files]
    return out


def check_one(name: str) -> str | None:
    """Print OK for a good file; return the error text of a bad one."""
    try:
        path = variant_path(name)
        rules = load_rules(str(path))
        shaping = shaping_options(rules.model)
        for option in rules.model.options:
            for choice in option.choices if option.name in shaping else ():
                load_rules(str(path), {option.name: option_value(choice)})
    except RuleFileErrors as e:
        return e.render()
    except UnreadableRuleFile as e:
        return str(e)
    except JassError as e:
        return f"{name}: {e}"
    except UnicodeDecodeError as e:
        return f"{name}: not UTF-8 text ({e.reason} at byte {e.start})"
    except OSError as e:
        return f"{name}: cannot read: {e.strerror or e}"
    print(f"OK {display_path(path)} ({rules.name})")
    text = read_rule_text(path)
    for w in file_warnings(text, display_path(path)):
        print(w.render(text), file=sys.stderr)
    return None
