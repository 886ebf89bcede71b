#!/usr/bin/env bash
# A perft count split into work units and run by GNU parallel, checked against the plain count.
#   scripts/perft-parallel.sh GAME DEPTH K [position options...]
# e.g. scripts/perft-parallel.sh jetan 4 2 --variant no-escape
# JGAMES names the binary (default target/release/jgames, else target/debug/jgames). To run the
# units on other machines, give parallel their names (`--sshlogin host1,host2`, each with
# jgames on its PATH) through PARALLEL_HOSTS=host1,host2; without it, the units run here.
# Installs Debian's `parallel` when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

game=${1:?GAME}
depth=${2:?DEPTH}
k=${3:?K}
shift 3

if ! command -v parallel >/dev/null; then
    sudo=""
    [[ $(id -u) -ne 0 ]] && sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq parallel >/dev/null
fi

jgames=${JGAMES:-}
if [[ -z "$jgames" ]]; then
    jgames=target/release/jgames
    [[ -x "$jgames" ]] || jgames=target/debug/jgames
fi
remote=()
if [[ -n "${PARALLEL_HOSTS:-}" ]]; then
    remote=(--sshlogin "$PARALLEL_HOSTS")
    jgames=jgames
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$jgames" perft "$game" "$depth" --split "$k" "$@" > "$work/units"
# Each unit line is one argument ({} is quoted by parallel); -k keeps the input order.
parallel --will-cite -k "${remote[@]}" -a "$work/units" \
    "$jgames" perft "$game" "$@" --quiet --unit {} > "$work/counted"
total=$("$jgames" perft "$game" --sum < "$work/counted")
plain=$("$jgames" perft "$game" "$depth" "$@" --quiet 2>/dev/null)
units=$(wc -l < "$work/units")
if [[ "$total" != "$plain" ]]; then
    echo "perft-parallel: $game perft($depth) in $units units: sum $total, plain count $plain" >&2
    exit 1
fi
echo "$game perft($depth) = $total: $units units of depth $((depth - k)) through GNU parallel, equal to the plain count"
