"""The `jassdsl` command: a thin argparse front over subcommand modules.

Each module in SUBCOMMANDS has ``register(subparsers)``, which adds its parser and sets
``handler`` (``args -> exit code``) as a default. Adding a command is one line here. A
listed module that does not exist yet is skipped, any other import error is a bug and
raises. Errors meant for users end here as one readable message on stderr, never a
traceback: exit 1 for rule-file errors and illegal input, 2 for usage, 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from jassdsl.core.actions import whole_number
from jassdsl.core.errors import JassError, RuleFileErrors
from jassdsl.core.version import VERSION as __version__
from jassdsl.language.lexer import color_excerpts

SUBCOMMANDS = [
    "jassdsl.cli.play",
    "jassdsl.cli.simulate",
    "jassdsl.cli.check",
    "jassdsl.cli.docs",
    "jassdsl.cli.corpus",
    "jassdsl.table.cli",
]

EXIT_ERROR, EXIT_USAGE, EXIT_INTERRUPT = 1, 2, 130


class UsageError(JassError):
    """A command line that names something impossible (exit code 2)."""


def load_subcommand(name: str) -> ModuleType | None:
    """The module, or None when that very module is not there (yet)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jassdsl",
        description="Swiss Jass variants written as rule files: play, simulate, check.",
    )
    parser.add_argument("--version", action="version", version=f"jassdsl {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in SUBCOMMANDS:
        module = load_subcommand(name)
        if module is not None:
            module.register(sub)
    return parser


def option_pair(text: str) -> tuple[str, int | str]:
    """``key=value`` as ``--option`` takes it; the rule file checks the value."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected key=value, not {text!r}")
    value = value.strip()
    number = whole_number(value)
    return key.strip(), value if number is None else number


def bots_value(text: str) -> str:
    """A ``--bots`` value: one kind of bot, or kinds by comma in turn by seat
    (`bots.bot_kinds`)."""
    from jassdsl.bots.kinds import bot_kinds

    try:
        bot_kinds(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


BOTS_HELP = ("random, heuristic, search:easy|medium|hard (a searching bot: about 4 ms, "
             "30 ms, 0.2 s a decision, hard's longest about a second), a factory by reference (module:function, called "
             "per seat with the rules and a generator), or kinds by comma taken in turn by "
             "the seats (search:easy,heuristic: one per team)")


def add_variant_arguments(parser: argparse.ArgumentParser) -> None:
    """VARIANT and ``--option key=value`` (repeatable), shared by play and simulate."""
    parser.add_argument("variant", metavar="VARIANT",
                        help="a variant name from rules/ or a path to a .jass file")
    parser.add_argument("--option", "-o", dest="options", type=option_pair, action="append",
                        default=[], metavar="KEY=VALUE",
                        help="set an option the rule file offers, e.g. target=1200")


def options_of(args: argparse.Namespace) -> dict[str, int | str]:
    return dict(args.options)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit code (the console script exits with it)."""
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as e:  # argparse: --help, --version, or a usage error
            return e.code if isinstance(e.code, int) else EXIT_USAGE
        code: int = args.handler(args)
        return code
    except KeyboardInterrupt:
        return EXIT_INTERRUPT
    except UsageError as e:
        print(f"jassdsl: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    except RuleFileErrors as e:
        print(color_excerpts(e.render()) if colour_ok() else e.render(), file=sys.stderr)
        return EXIT_ERROR
    except JassError as e:
        print(f"jassdsl: error: {e}", file=sys.stderr)
        return EXIT_ERROR
    except UnicodeDecodeError as e:
        print(f"jassdsl: error: a file is not UTF-8 text ({e.reason} at byte {e.start})",
              file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:
        silence_stdout()
        return EXIT_ERROR
    except OSError as e:
        where = f"{e.filename}: " if e.filename else ""
        print(f"jassdsl: error: {where}{e.strerror or e}", file=sys.stderr)
        return EXIT_ERROR


def colour_ok() -> bool:
    """Colour the quoted rule-file lines of errors only on a terminal, unless NO_COLOR."""
    return sys.stderr.isatty() and "NO_COLOR" not in os.environ


def silence_stdout() -> None:
    """After the reader of a pipe went away, keep the interpreter from complaining at exit."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    raise SystemExit(main())
