#!/usr/bin/env bash
# The Python package as a user meets it: the binary wheel built once (build-wheel.sh: abi3,
# manylinux, with zig), installed into a fresh virtual environment with the pinned test tools
# (requirements-test.txt), then its tests (pytest, with OpenSpiel's own random-simulation test),
# mypy's stubtest on the extension module and mypy on the Python sources, all run with no Rust
# toolchain on the PATH, as on a user's machine. JGAMES_BIN, when set, names the jgames binary
# the tests compare with.
set -euo pipefail
cd "$(dirname "$0")/../.."
wheel="$(crates/jgames-py/build-wheel.sh)"
venv="$PWD/target/py-venv"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install -q -r crates/jgames-py/requirements-test.txt
# The training examples' smoke test (tests/test_training.py) needs torch and sb3-contrib.
"$venv/bin/pip" install -q -r crates/jgames-py/requirements-train.txt
# --no-index: the wheel is all there is to install (its one dependency, numpy, is pinned above);
# pip never falls back to building from source.
"$venv/bin/pip" install -q --no-index --no-deps "$wheel"
"$venv/bin/pip" check

# The PATH without any folder that holds cargo or rustc (rustup's ~/.cargo/bin, or a system
# toolchain): what runs below cannot build anything from Rust.
no_rust_path=""
IFS=: read -r -a folders <<<"$PATH"
for folder in "${folders[@]}"; do
    if [ -n "$folder" ] && [ ! -e "$folder/cargo" ] && [ ! -e "$folder/rustc" ]; then
        no_rust_path="${no_rust_path:+$no_rust_path:}$folder"
    fi
done
export PATH="$venv/bin:$no_rust_path"
for tool in cargo rustc; do
    if found="$(command -v "$tool")"; then
        echo "test.sh: a Rust toolchain is still on the PATH: $found" >&2
        exit 1
    fi
done
echo "test.sh: testing $(basename "$wheel") with no cargo or rustc on the PATH"

# Run from elsewhere, so that the installed package is imported, not the source folder.
cd target
python -m pytest -q ../crates/jgames-py/tests
python -m mypy.stubtest jgames._jgames
python -m mypy --strict ../crates/jgames-py/python/jgames
