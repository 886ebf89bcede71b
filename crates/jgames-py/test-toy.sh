#!/usr/bin/env bash
# A new game reaches Python through the registry's one line: the package built with the toy
# game Nim added to the Rust registry's list (`--cfg jgames_toy_game`, in the toy target folder
# that the CLI's toy test uses too), installed into a fresh virtual environment, and
# tests/test_toy_game.py run against it with JGAMES_TOY_GAME=1.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="$PWD/target/py-toy-venv"
rm -rf "$venv" target/toy/wheels
python3 -m venv "$venv"
# The pinned versions of requirements-build.txt and requirements-test.txt, only what this
# test needs.
"$venv/bin/pip" install -q \
    $(grep -hE '^(maturin|numpy|pytest|iniconfig|packaging|pluggy|Pygments)==' \
        crates/jgames-py/requirements-build.txt crates/jgames-py/requirements-test.txt | sort -u)
RUSTFLAGS="--cfg jgames_toy_game" "$venv/bin/maturin" build -q -m crates/jgames-py/Cargo.toml \
    --target-dir target/toy -o target/toy/wheels
"$venv/bin/pip" install -q target/toy/wheels/jgames-*.whl
cd target
JGAMES_TOY_GAME=1 "$venv/bin/python" -m pytest -q ../crates/jgames-py/tests/test_toy_game.py
