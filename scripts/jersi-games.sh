#!/usr/bin/env bash
# Usage: scripts/jersi-games.sh
# The measures inside the games of the Jersi studies (stacks, captures, lead changes, the
# plans' walls) by the example `jersi_games`, written to docs/studies/jersi-games.txt. Each run
# plays again the games of one cell of a committed study and checks them against its rows
# (`--check`), so the studies must have been played first (scripts/studies.sh). The wall-only
# runs stop every game after 8 plies: enough to see whether the wall was built.
set -euo pipefail
cd "$(dirname "$0")/.."
EXAMPLE=${EXAMPLE:-target/release/examples/jersi_games}
OUT=docs/studies
runs=(
  "--variant standard --nodes 1000 --games 400 --check $OUT/jersi-presets.csv --cell 0"
  "--variant standard --nodes 10000 --games 200 --check $OUT/jersi-presets.csv --cell 1"
  "--variant no-drop --nodes 1000 --games 400 --check $OUT/jersi-presets.csv --cell 2"
  "--opening helms-deep --nodes 1000 --games 400 --check $OUT/jersi-helms-deep.csv --cell 0"
  "--opening minas-tirith --nodes 1000 --games 400 --check $OUT/jersi-minas-tirith.csv --cell 0"
  "--opening helms-deep-towers --nodes 1000 --games 200 --check $OUT/jersi-helms-deep-towers.csv --cell 0"
  "--opening minas-tirith-towers --nodes 1000 --games 200 --check $OUT/jersi-minas-tirith-towers.csv --cell 0"
  "--opening helms-deep --nodes 10000 --games 400 --max-plies 8"
  "--opening minas-tirith --nodes 10000 --games 400 --max-plies 8"
  "--opening helms-deep-towers --nodes 10000 --games 200 --max-plies 8"
  "--opening minas-tirith-towers --nodes 10000 --games 200 --max-plies 8"
  "--handicap $OUT/jersi-handicap.csv"
  "--handicap $OUT/jersi-handicap-10k.csv"
)
for run in "${runs[@]}"; do
  echo "== jersi_games $run"
  # shellcheck disable=SC2086
  "$EXAMPLE" $run
  echo
done > "$OUT/jersi-games.txt"
