#!/usr/bin/env bash
# Set up the optional environment of one engine that jassdsl is compared with.
#
#   bash scripts/oracle-env.sh             # jass-kit 2.0.5 (HSLU, GPL-3.0) in .oracle-venv
#   bash scripts/oracle-env.sh schieber    # schieber 0.1.10 (pyschieber rules, MIT) in .schieber-venv
#
# Neither engine is a dependency of jassdsl and none of their code lives in this
# repository. Each is installed into a separate, git-ignored virtualenv only so that
# the scripts that put it behind the conformance protocol (scripts/jasskit_diff.py,
# scripts/schieber_adapter.py), scripts/jasskit_oracle.py, bench/jasskit_speed.py and
# scripts/conformance_table.py can use it as an external reference.
#
# Idempotent: re-running reuses the venv and only installs what is missing.
set -euo pipefail

ENGINE="${1:-jass-kit}"
case "${ENGINE}" in
    jass-kit)
        PACKAGE="jass-kit"; VERSION="2.0.5"; VENV_NAME=".oracle-venv"
        IMPORTS="jass.game.rule_schieber" ;;
    schieber)
        PACKAGE="schieber"; VERSION="0.1.10"; VENV_NAME=".schieber-venv"
        IMPORTS="schieber.rules.stich_rules, schieber.rules.count_rules" ;;
    *)
        echo "oracle-env: unknown engine '${ENGINE}' (known: jass-kit, schieber)" >&2
        exit 2 ;;
esac

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${REPO_ROOT}/${VENV_NAME}"
PY="${PYTHON:-python3}"

if [ ! -x "${VENV}/bin/python" ]; then
    echo "oracle-env: creating ${VENV}" >&2
    "${PY}" -m venv "${VENV}"
fi

# Already installed at the right version, and importable with numpy (a runtime import
# of both)? Then nothing to do.
if "${VENV}/bin/python" - "${PACKAGE}" "${VERSION}" <<'EOF' 2>/dev/null \
    && "${VENV}/bin/python" -c "import numpy, ${IMPORTS}" 2>/dev/null
import sys
from importlib.metadata import version
sys.exit(0 if version(sys.argv[1]) == sys.argv[2] else 1)
EOF
then
    echo "oracle-env: ${PACKAGE} ${VERSION} already installed in ${VENV}" >&2
    exit 0
fi

echo "oracle-env: installing ${PACKAGE}==${VERSION} into ${VENV}" >&2
"${VENV}/bin/python" -m pip install --quiet --disable-pip-version-check \
    "${PACKAGE}==${VERSION}" numpy
"${VENV}/bin/python" -c "import numpy, ${IMPORTS}"
echo "oracle-env: done (${PACKAGE} ${VERSION} in ${VENV})" >&2
