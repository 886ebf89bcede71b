#!/usr/bin/env bash
# Usage: scripts/studies.sh [--tables] [NAME...]
# Runs the studies of docs/studies.md and writes their tables (NAME.txt), measures (NAME.json),
# games (NAME.csv, the rows `jgames study --merge` reads) and charts (NAME/) into docs/studies/,
# all of them without names. With --tables nothing is played: the tables, JSON and charts are
# made again from the rows already in docs/studies/ (the same figures, by --merge).
# Every figure repeats from the command alone (fixed node budgets, fixed seeds); the threads
# only change how long it takes. JGAMES names the binary (target/release/jgames by default);
# THREADS, when set, the threads each study plays on (every core by default).
set -euo pipefail
cd "$(dirname "$0")/.."
JGAMES=${JGAMES:-target/release/jgames}
OUT=docs/studies

declare -A STUDY=(
  [jarmo-presets]="jarmo --variants jarmo,jasir,jasir-reserve,jasir-basic,jarmo+second-first,jasir+second-first,jasir-reserve+second-first,jasir-basic+second-first --nodes 1000,10000 --games 600 --opening-plies 4"
  [jarmo-rules]="jarmo --variants jarmo,jarmo+shuttling,jarmo+no-returns,jasir,jasir+shuttling,jasir+no-returns --nodes 10000 --games 600 --opening-plies 4"
  [jarmo-mcts]="jarmo --engine mcts:cutoff=0,c=1.4 --variants all --nodes 2000 --games 600 --opening-plies 2"
  [jarmo-skill]="jarmo --variants jarmo --skill --nodes 250,500,1000,2000,4000,8000,16000 --games 400 --opening-plies 4"
  [jetan-presets]="jetan --engine alphabeta:contempt=0 --variants standard,no-escape,proposed --nodes 1000,10000 --games 400"
  [jetan-contempt]="jetan --engine alphabeta:contempt=300 --variants standard,no-escape,proposed,standard+second-first --nodes 1000,4000 --games 300"
  [jetan-skill]="jetan --engine alphabeta:contempt=300 --variants standard --skill --nodes 500,1000,2000,4000 --games 200"
  [jetan-values]="jetan --engine alphabeta:contempt=300 --variants standard,standard+value-count,standard+value-mobility,proposed,proposed+value-count,proposed+value-mobility --nodes 1000 --games 300"
  [jetan-endgames]="jetan --engine alphabeta:contempt=300 --starts docs/studies/jetan-endgame-positions.txt --variants standard,proposed --nodes 20000,100000 --games 200"
  [jetan-revisit]="jetan --engine alphabeta:contempt=300 --variants standard,revisit,standard+thoat-jumps --nodes 1000,4000 --games 100"
  [repeat]="jarmo --variants jarmo,jasir-basic --nodes 1000 --games 40 --opening-plies 4"
  [jersi-presets]="jersi --variants all --nodes 1000,10000 --games 400"
  [jersi-helms-deep]="jersi --variants standard --opening helms-deep --nodes 1000,10000 --games 400"
  [jersi-minas-tirith]="jersi --variants standard --opening minas-tirith --nodes 1000,10000 --games 400"
  [jersi-handicap]="jersi --variants standard+white-no-wise,standard+black-no-wise,standard+white-no-mountain,standard+black-no-mountain,standard+white-no-fool,standard+black-no-fool,standard+white-no-rock,standard+black-no-rock --nodes 1000 --games 400"
  [jersi-handicap-10k]="jersi --variants standard+white-no-wise,standard+black-no-wise,standard+white-no-mountain,standard+black-no-mountain --nodes 10000 --games 200"
  [jersi-helms-deep-100k]="jersi --variants standard --opening helms-deep --nodes 100000 --games 100"
  [jersi-minas-tirith-100k]="jersi --variants standard --opening minas-tirith --nodes 100000 --games 100"
  [jersi-helms-deep-towers]="jersi --variants standard --opening helms-deep-towers --nodes 1000,10000 --games 200"
  [jersi-minas-tirith-towers]="jersi --variants standard --opening minas-tirith-towers --nodes 1000,10000 --games 200"
  [jersi-skill]="jersi --variants standard --skill --nodes 500,1000,2000,4000,8000 --games 200"
  [jericho-presets]="jericho --variants all --nodes 1000,10000 --games 400"
  [jericho-skill]="jericho --variants standard --skill --nodes 500,1000,2000,4000,8000 --games 200"
  [jericho-strength]="jericho --variants standard --nodes 30000 --games 400"
  [jericho-strength-100k]="jericho --variants standard --nodes 100000 --games 200"
  [jericho-copy]="jericho --variants standard,no-asymmetry --opening copy --nodes 1000,10000,30000 --games 400 --opening-plies 1"
  [jericho-undermine]="jericho --variants standard --opening undermine --nodes 1000,10000,30000 --games 400"
)
ORDER=(repeat jarmo-presets jarmo-rules jarmo-mcts jarmo-skill jericho-presets jericho-skill
  jericho-strength jericho-strength-100k jericho-copy jericho-undermine jetan-presets
  jetan-contempt jetan-skill jetan-values jetan-endgames jetan-revisit jersi-presets
  jersi-helms-deep jersi-minas-tirith jersi-skill jersi-handicap jersi-handicap-10k
  jersi-helms-deep-towers jersi-minas-tirith-towers jersi-helms-deep-100k jersi-minas-tirith-100k)

tables=
if [ "${1:-}" = "--tables" ]; then
  tables=1
  shift
fi
names=("$@")
[ ${#names[@]} -eq 0 ] && names=("${ORDER[@]}")
began=$SECONDS
for name in "${names[@]}"; do
  started=$SECONDS
  args=${STUDY[$name]:?"no study named $name"}
  echo "== $name: jgames study $args --seed 2026" >&2
  if [ -n "$tables" ]; then
    source=(--merge "$OUT/$name.csv")
  else
    source=(--rows "$OUT/$name.csv")
  fi
  # shellcheck disable=SC2086
  "$JGAMES" study $args --seed 2026 ${THREADS:+--threads "$THREADS"} "${source[@]}" --json "$OUT/$name.json" \
    --charts "$OUT/$name" | grep -v ' games in ' > "$OUT/$name.txt"
  echo "   $name took $((SECONDS - started)) s" >&2
done
echo "== ${#names[@]} studies took $(((SECONDS - began) / 60)) min $(((SECONDS - began) % 60)) s" >&2
