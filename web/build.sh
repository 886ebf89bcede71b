#!/usr/bin/env bash
# Builds the web page's WebAssembly module into web/pkg/, renders the rules texts of docs/ to HTML
# in web/rules/ (with crates/rules-html) and copies their pictures beside them. Installs what it
# needs: the wasm32 target and wasm-bindgen-cli at the version of the wasm-bindgen crate in
# Cargo.lock (the two must match).
#   web/build.sh            release build
#   web/build.sh --dev      unoptimised, faster to build
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release
[[ "${1:-}" == "--dev" ]] && profile=dev

rustup target add wasm32-unknown-unknown >/dev/null

want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [[ "$have" != "$want" ]]; then
    echo "installing wasm-bindgen-cli $want (found: ${have:-none})" >&2
    # Not --locked: a pinned dependency of the CLI may be missing from the registry mirror.
    cargo install wasm-bindgen-cli --version "$want"
fi

cargo build --profile "$profile" --target wasm32-unknown-unknown -p jgames-wasm
dir=$([[ "$profile" == dev ]] && echo debug || echo release)
wasm-bindgen --target web --no-typescript --out-dir web/pkg \
    "target/wasm32-unknown-unknown/$dir/jgames_wasm.wasm"

# The rules as HTML fragments for the page's rules dialog, rendered here so that the page needs
# no Markdown reader. Relative addresses get the prefix rules/: the page is web/index.html.
cargo build --profile "$profile" -p rules-html
mkdir -p web/rules
rm -f web/rules/*.md # left by older versions of this script
for game in $("target/$dir/rules-html" --games); do
    "target/$dir/rules-html" --base rules/ "docs/$game.md" "web/rules/$game.html"
done
mkdir -p web/rules/pictures
cp docs/pictures/*.svg web/rules/pictures/

echo "web/pkg/jgames_wasm_bg.wasm: $(stat -c %s web/pkg/jgames_wasm_bg.wasm) bytes" >&2
