"""README's first command installs jassdsl without extras and plays a game: the CLI and
every subcommand must load without the extras' packages (numpy, pyarrow, numba, the
table's). A fresh interpreter with those imports made to fail plays a short game."""

from __future__ import annotations

import subprocess
import sys

EXTRAS = ("numpy", "numba", "pyarrow", "pandas", "polars", "pyspiel", "pettingzoo",
          "gymnasium", "starlette", "uvicorn", "playwright", "distributed")

SCRIPT = f"""
import sys
for name in {EXTRAS!r}:
    sys.modules[name] = None  # an import of it raises ImportError, as without the extra
from jassdsl.cli import main
sys.argv = ["jassdsl", "simulate", "schieber", "--games", "1", "--seed", "1"]
main()
"""


def test_the_cli_plays_without_any_extra_installed() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
