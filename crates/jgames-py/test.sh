#!/usr/bin/env bash
# The Python package as a user meets it: a fresh virtual environment, the pinned test tools
# (requirements-test.txt), `pip install ./crates/jgames-py`, then its tests (pytest, with
# OpenSpiel's own random-simulation test), mypy's stubtest on the extension module and mypy on
# the Python sources. JGAMES_BIN, when set, names the jgames binary the tests compare with.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="$PWD/target/py-venv"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install -q -r crates/jgames-py/requirements-test.txt
# The training examples' smoke test (tests/test_training.py) needs torch and sb3-contrib.
"$venv/bin/pip" install -q -r crates/jgames-py/requirements-train.txt
"$venv/bin/pip" install -q ./crates/jgames-py
# Run from elsewhere, so that the installed package is imported, not the source folder.
cd target
"$venv/bin/python" -m pytest -q ../crates/jgames-py/tests
"$venv/bin/python" -m mypy.stubtest jgames._jgames
"$venv/bin/python" -m mypy --strict ../crates/jgames-py/python/jgames
