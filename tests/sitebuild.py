"""Building the rulebook site for tests: `mkdocs build --strict` of a project folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]


def build(project: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of a project folder into `site`."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT),
                                                         os.environ.get("PYTHONPATH")])))
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f",
         str(project / "mkdocs.yml"), "-d", str(site)],
        capture_output=True, text=True, env=env, timeout=300, check=False)
