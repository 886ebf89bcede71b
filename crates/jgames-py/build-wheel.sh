#!/usr/bin/env bash
# Builds the `jgames` Python package as one binary wheel that installs without Rust: the
# extension module uses only Python's stable ABI from 3.10 on (PyO3's `abi3-py310`), so one wheel
# serves every CPython >= 3.10, and it is linked by zig against glibc 2.17, so it loads on any
# manylinux2014 (or newer) Linux. No container is needed: maturin drives cargo with zig as the
# linker. The tools come pinned (requirements-build.txt) in a virtual environment of their own
# under target/. The wheel is written to target/wheels/ (older jgames wheels there are removed)
# and its path is the one line written to standard output (the rest goes to standard error).
# The script fails unless auditwheel finds the wheel consistent with a manylinux tag, the wheel
# is tagged abi3 and abi3audit finds no call outside the stable ABI.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
venv="$root/target/wheel-venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q -r crates/jgames-py/requirements-build.txt >&2
# maturin finds zig through the ziglang package of the Python that runs it.
export PATH="$venv/bin:$PATH"
out="$root/target/wheels"
mkdir -p "$out"
rm -f "$out"/jgames-*.whl
maturin build --release --zig --compatibility manylinux2014 \
    --manifest-path crates/jgames-py/Cargo.toml --out "$out" >&2
wheels=("$out"/jgames-*.whl)
if [ "${#wheels[@]}" -ne 1 ]; then
    echo "build-wheel.sh: expected one wheel in $out, found ${#wheels[@]}" >&2
    exit 1
fi
wheel="${wheels[0]}"
report="$(auditwheel show "$wheel")"
echo "$report" >&2
# auditwheel's report (wrapped to the terminal's width) names the most widely compatible
# platform tag the wheel's symbols allow.
if ! tr -s ' \n' '  ' <<<"$report" | grep -q 'consistent with the following platform tag: "manylinux'; then
    echo "build-wheel.sh: auditwheel finds no manylinux tag for $wheel" >&2
    exit 1
fi
case "$(basename "$wheel")" in
    *-cp310-abi3-manylinux*) ;;
    *)
        echo "build-wheel.sh: $wheel is not tagged cp310-abi3-manylinux" >&2
        exit 1
        ;;
esac
# abi3audit reads the symbols the extension module imports from Python: every one must belong to
# the stable ABI of 3.10 (the tag promises it; PyO3's feature is what keeps it so).
abi3audit --strict --summary "$wheel" >&2
echo "$wheel"
