#!/usr/bin/env bash
# Runs fuzz targets for SECONDS each (default 60), one after the other, each as one libFuzzer
# process from its committed seeds, and prints a table: target, seconds, executions,
# executions per second, coverage (libFuzzer's cov: and ft:), corpus size, crashes.
#
#   fuzz/run.sh [SECONDS] [TARGET...]       every target when none is named
#
# It installs cargo-fuzz when it is missing, and builds the targets with AddressSanitizer on
# the stable toolchain (RUSTC_BOOTSTRAP=1 lets stable take the -Z flags that needs).
#
# Where things go (all ignored by git):
#   fuzz/work/<target>/          new inputs the fuzzer finds (the committed fuzz/corpus/<target>/
#                                is only read, so it stays as the generator wrote it)
#   fuzz/work/logs/<target>.log  libFuzzer's output
#   fuzz/artifacts/<target>/     crashing, leaking, timed-out and out-of-memory inputs
#
# Environment:
#   FUZZ_SANITIZER=address|none  the sanitizer (default address)
#   FUZZ_TOOLCHAIN=nightly       build with this rustup toolchain (default: the active one)
#   FUZZ_LOCK=FILE               hold flock(1) on FILE while cargo builds (not while fuzzing)
#   FUZZ_NO_BUILD=1              run the binaries already built
#   FUZZ_ARGS="..."              more libFuzzer flags, e.g. "-max_len=8192"
#
# Replay one crash with the built binary: fuzz/target/<triple>/release/<target> <artifact>.
set -euo pipefail

cd "$(dirname "$0")"
seconds=${1:-60}
if [[ $# -gt 0 ]]; then
    shift
fi
if ! [[ $seconds =~ ^[0-9]+$ ]]; then
    echo "usage: fuzz/run.sh [SECONDS] [TARGET...]" >&2
    exit 2
fi

export RUSTC_BOOTSTRAP=1
sanitizer=${FUZZ_SANITIZER:-address}
triple=$(rustc -vV | sed -n 's/^host: //p')

locked() {
    if [[ -n ${FUZZ_LOCK:-} ]]; then
        mkdir -p "$(dirname "$FUZZ_LOCK")"
        flock "$FUZZ_LOCK" "$@"
    else
        "$@"
    fi
}

toolchain=()
if [[ -n ${FUZZ_TOOLCHAIN:-} ]]; then
    toolchain=("+$FUZZ_TOOLCHAIN")
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz" >&2
    locked cargo install cargo-fuzz --locked
fi

if [[ $# -gt 0 ]]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi

if [[ -z ${FUZZ_NO_BUILD:-} ]]; then
    if [[ $# -gt 0 ]]; then
        for t in "${targets[@]}"; do
            locked cargo "${toolchain[@]}" fuzz build --sanitizer "$sanitizer" "$t"
        done
    else
        locked cargo "${toolchain[@]}" fuzz build --sanitizer "$sanitizer"
    fi
fi

# The dictionary of each target that reads text (crates/fuzz-support/src/corpus.rs,
# TARGET_DICTIONARIES, lists the same).
dictionary() {
    case $1 in
    jarmo_text) echo dict/jarmo.dict ;;
    jetan_text) echo dict/jetan.dict ;;
    jersi_text) echo dict/jersi.dict ;;
    jericho_text) echo dict/jericho.dict ;;
    record_text) echo dict/record.dict ;;
    jersi_record) echo dict/jersi.dict ;;
    json) echo dict/json.dict ;;
    esac
}

# LeakSanitizer: glibc's list of thread-local destructors of exited threads is not a leak of
# ours (see lsan.supp); the targets that start threads would report it now and then.
export LSAN_OPTIONS="suppressions=$PWD/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

mkdir -p work/logs
rows=()
failed=0
for t in "${targets[@]}"; do
    bin=target/$triple/release/$t
    if [[ ! -x $bin ]]; then
        echo "no binary $bin: build the target first" >&2
        exit 1
    fi
    mkdir -p "work/$t" "artifacts/$t" "corpus/$t"
    log=work/logs/$t.log
    flags=(-max_total_time="$seconds" -print_final_stats=1 -timeout=30 -rss_limit_mb=3072
        -artifact_prefix="artifacts/$t/")
    dict=$(dictionary "$t")
    if [[ -n $dict ]]; then
        flags+=(-dict="$dict")
    fi
    # shellcheck disable=SC2206
    extra=(${FUZZ_ARGS:-})
    before=$(find "artifacts/$t" -type f | wc -l)
    echo "fuzzing $t for ${seconds}s" >&2
    status=0
    "$bin" "${flags[@]}" "${extra[@]}" "work/$t" "corpus/$t" >"$log" 2>&1 || status=$?
    after=$(find "artifacts/$t" -type f | wc -l)
    crashes=$((after - before))
    if [[ $status -ne 0 && $crashes -eq 0 ]]; then
        crashes="exit $status"
    fi
    if [[ $crashes != 0 ]]; then
        failed=1
    fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    status_line=$(grep -E '^#[0-9]+' "$log" | grep ' cov: ' | tail -1 || true)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$status_line")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$status_line")
    corp=$(sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p' <<<"$status_line")
    rows+=("$(printf '%-14s %7s %11s %9s %7s %8s %7s %8s' "$t" "$seconds" "${execs:-?}" \
        "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$crashes")")
done

printf '%-14s %7s %11s %9s %7s %8s %7s %8s\n' target seconds executions "execs/s" cov ft corpus crashes
printf '%s\n' "${rows[@]}"
if [[ $failed -ne 0 ]]; then
    echo "crashes: see fuzz/artifacts/ and fuzz/work/logs/" >&2
    exit 1
fi
