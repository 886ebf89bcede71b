#!/usr/bin/env bash
# The engines' fixed-node answers on a documented set of positions: for every game, the start
# and the position after two moves of a seeded random game, each searched by alpha-beta and by
# MCTS (seed 1) with `go nodes N` over UGI. Prints one `bestmove` line (with the last `info`
# line before it) per search. A change that should not alter the engines (a refactor) gives
# the same output before and after: run it with both binaries and compare. The input ends
# after `go` (no `quit`), which lets the search finish and answer.
#
#   JGAMES=path/to/jgames scripts/fixed-node-check.sh [NODES] > answers.txt
set -euo pipefail
jgames="${JGAMES:-target/release/jgames}"
nodes="${1:-3000}"
for game in $("$jgames" --help | sed -n '/^Games:/,/^$/p' | awk 'NR > 1 && NF { print $1 }'); do
    moves=$("$jgames" record "$game" --random --max-plies 2 --seed 7 | grep -v '^\[' | tr -d '\n' \
        | sed -E 's/[0-9]+\.+ //g; s/ \*$//; s/ [0-9/-]+$//')
    for engine in alphabeta mcts:seed=1; do
        for position in "startpos" "startpos moves $moves"; do
            echo "== $game $engine $position"
            printf 'ugi\nposition %s\ngo nodes %s\n' "$position" "$nodes" \
                | "$jgames" ugi "$game" --engine "$engine" \
                | grep -E '^(info depth|bestmove)' | sed -E 's/ time [0-9]+ nps [0-9]+//' | tail -2
        done
    done
done
