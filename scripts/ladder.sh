#!/usr/bin/env bash
# The Elo ladder of docs/engines.md: each rung matched against the one below, 100 games at
# fixed node or iteration budgets (the --movetime of 10 s never binds), so the figures repeat.
# Prints "game | upper rung | lower rung | score W D L | Elo". JGAMES names the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
J=${JGAMES:-target/release/jgames}
RUNGS=(random mcts:iterations=100,minimax=0,contempt=0 mcts:iterations=1000,minimax=0,contempt=0 alphabeta:nodes=1000 alphabeta:nodes=10000 alphabeta:nodes=30000)
for g in jarmo jetan jersi jericho; do
  for i in 1 2 3 4 5; do
    up=${RUNGS[$i]}; down=${RUNGS[$((i-1))]}
    out=$($J match $g "$up" "$down" --games 100 --movetime 10000 --seed 1 --concurrency 2 --quiet)
    score=$(echo "$out" | grep '^score')
    elo=$(echo "$out" | grep '^Elo of A over B:')
    echo "$g | $up | $down | $score | $elo"
  done
done
