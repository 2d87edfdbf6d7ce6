#!/usr/bin/env bash
# Set up the optional environment of the PyPI package `schieber` (the pyschieber rules).
#
# schieber (MIT) is NOT a dependency of jassdsl and none of its code lives in this
# repository. It is installed here, into a separate virtualenv at <repo>/.schieber-venv
# (git-ignored), only so that scripts/schieber_adapter.py can put it behind the
# conformance protocol and scripts/conformance_table.py can measure it.
#
# Idempotent: re-running reuses the venv and only installs what is missing.
# Usage: bash scripts/schieber-env.sh
set -euo pipefail

SCHIEBER_VERSION="0.1.10"
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${REPO_ROOT}/.schieber-venv"
PY="${PYTHON:-python3}"

if [ ! -x "${VENV}/bin/python" ]; then
    echo "schieber-env: creating ${VENV}" >&2
    "${PY}" -m venv "${VENV}"
fi

# Already installed at the right version? Then nothing to do.
if "${VENV}/bin/python" - "${SCHIEBER_VERSION}" <<'PYEOF' 2>/dev/null
import sys
from importlib.metadata import version
import schieber.rules.stich_rules  # noqa: F401  (numpy is a runtime import of it)
sys.exit(0 if version("schieber") == sys.argv[1] else 1)
PYEOF
then
    echo "schieber-env: schieber ${SCHIEBER_VERSION} already installed in ${VENV}" >&2
    exit 0
fi

echo "schieber-env: installing schieber==${SCHIEBER_VERSION} into ${VENV}" >&2
"${VENV}/bin/python" -m pip install --quiet --disable-pip-version-check \
    "schieber==${SCHIEBER_VERSION}" numpy
"${VENV}/bin/python" -c "import schieber.rules.stich_rules, schieber.rules.count_rules"
echo "schieber-env: done (schieber ${SCHIEBER_VERSION})" >&2
