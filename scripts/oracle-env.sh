#!/usr/bin/env bash
# Set up the optional jass-kit oracle environment.
#
# jass-kit (HSLU, GPL-3.0) is NOT a dependency of jassdsl and none of its code
# lives in this repository. It is installed here, into a separate virtualenv
# at <repo>/.oracle-venv (git-ignored), only so that scripts/jasskit_oracle.py
# and bench/jasskit_speed.py can use it as an external reference / benchmark.
#
# Idempotent: re-running reuses the venv and only installs what is missing.
# Usage: bash scripts/oracle-env.sh
set -euo pipefail

JASS_KIT_VERSION="2.0.5"
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${REPO_ROOT}/.oracle-venv"
PY="${PYTHON:-python3}"

if [ ! -x "${VENV}/bin/python" ]; then
    echo "oracle-env: creating ${VENV}" >&2
    "${PY}" -m venv "${VENV}"
fi

# Already installed at the right version? Then nothing to do.
if "${VENV}/bin/python" - "${JASS_KIT_VERSION}" <<'EOF' 2>/dev/null
import sys
from importlib.metadata import version
sys.exit(0 if version("jass-kit") == sys.argv[1] else 1)
EOF
then
    # numpy is a runtime import of jass-kit; make sure it is importable too.
    if "${VENV}/bin/python" -c "import numpy, jass.game.rule_schieber" 2>/dev/null; then
        echo "oracle-env: jass-kit ${JASS_KIT_VERSION} already installed in ${VENV}" >&2
        exit 0
    fi
fi

echo "oracle-env: installing jass-kit==${JASS_KIT_VERSION} into ${VENV}" >&2
"${VENV}/bin/python" -m pip install --quiet --disable-pip-version-check \
    "jass-kit==${JASS_KIT_VERSION}" numpy
"${VENV}/bin/python" -c "import numpy, jass.game.rule_schieber" 
echo "oracle-env: done ($("${VENV}/bin/python" -c 'from importlib.metadata import version; print("jass-kit", version("jass-kit"))'))" >&2
