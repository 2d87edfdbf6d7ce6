"""`jassdsl check`: parse, check and compile rule files (or every one in a folder); report
every error of each."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from jassdsl.cli import explore as exploration
from jassdsl.cli.play import locale_lang
from jassdsl.cli.simulate import positive
from jassdsl.compile.compiler import option_value, shaping_options
from jassdsl.core.errors import JassError, RuleFileErrors, UnreadableRuleFile
from jassdsl.core.errors_de import german
from jassdsl.language.check import file_warnings
from jassdsl.registry import (
    display_path,
    load_rules,
    read_rule_text,
    rule_files,
    variant_path,
)
from jassdsl.rulebook.words import LANGS, Lang


def register(sub: Any) -> None:
    p = sub.add_parser("check", help="check rule files and report all their errors",
                       description="Parse, check and compile each rule file, with its default "
                                   "options and with every value of each option that shapes "
                                   "the tables (in expressions an option is a constant); then "
                                   "play it: seeded hands under every option set, with random "
                                   "and heuristic bots and on the fast loop, so that an "
                                   "invariant that fails, a failure of the engine or a hand "
                                   "that never ends is reported at its line.")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="a .jass file, a variant name, or a folder (every .jass file in it)")
    p.add_argument("--static", action="store_true",
                   help="only read and compile the file; do not play it")
    p.add_argument("--hands", type=positive, metavar="N",
                   help=f"hands played per option set and way of playing (default "
                        f"{exploration.HANDS}; a file with many option sets plays fewer each)")
    p.add_argument("--lang", choices=LANGS, default=locale_lang(),
                   help="the language of the errors and warnings: de or en (default: "
                        "from the locale)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    bad = 0
    files = expand(args.files)
    hands = None if args.static else args.hands or exploration.HANDS
    for name in files:
        message = check_one(name, hands, args.lang)
        if message is None:
            continue
        bad += 1
        print(message, file=sys.stderr)
    if len(files) > 1 and bad:
        print(said(f"{bad} of {len(files)} files have errors", args.lang), file=sys.stderr)
    return 1 if bad else 0


def said(sentence: str, lang: Lang) -> str:
    """One of check's sentences in the language (`core.errors_de`)."""
    return german(sentence) if lang == "de" else sentence


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


def check_one(name: str, hands: int | None = None, lang: Lang = "en") -> str | None:
    """Print OK for a good file; return the error text of a bad one. With `hands`, a file
    that passes the static check is played too (`explore`): what that finds is an error
    like any other, its warnings are printed with the file's own."""
    try:
        path = variant_path(name)
        rules = load_rules(str(path))
        shaping = shaping_options(rules.model)
        for option in rules.model.options:
            for choice in option.choices if option.name in shaping else ():
                load_rules(str(path), {option.name: option_value(choice)})
    except RuleFileErrors as e:
        return e.render(lang)
    except UnreadableRuleFile as e:
        return said(str(e), lang)
    except JassError as e:
        return said(f"{name}: {e}", lang)
    except UnicodeDecodeError as e:
        return said(f"{name}: not UTF-8 text ({e.reason} at byte {e.start})", lang)
    except OSError as e:
        return said(f"{name}: cannot read: {e.strerror or e}", lang)
    text = read_rule_text(path)
    report = exploration.explore(path, hands, lang=lang) if hands is not None else None
    if report is not None and report.errors:
        return "\n".join(f.render(text, lang) for f in report.errors)
    print(f"OK {display_path(path)} ({rules.name})", flush=True)  # before its warnings
    for w in file_warnings(text, display_path(path)):
        print(w.render(text, lang), file=sys.stderr)
    for f in report.warnings if report is not None else ():
        print(f.render(text, lang), file=sys.stderr)
    for note in report.notes if report is not None else ():
        print(note, file=sys.stderr)
    return None
