#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60) with libFuzzer through cargo fuzz.
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
#
#   fuzz/run.sh          # 60 s per target
#   fuzz/run.sh 10       # a smoke run
#
# The committed seeds in fuzz/corpus/TARGET are only read; what the fuzzer finds goes to
# fuzz/target/corpus/TARGET (ignored by git) and crashes to fuzz/artifacts/TARGET. The
# script prints one summary line per target and fails when any target crashed.
set -uo pipefail
cd "$(dirname "$0")"
SECONDS_PER_TARGET=${1:-60}
TOOLCHAIN=${FUZZ_TOOLCHAIN:-+nightly}
TARGETS=${TARGETS:-"validate_location validate_provider input_records responses"}
status=0
summary=()
for t in $TARGETS; do
    mkdir -p "target/corpus/$t" "artifacts/$t"
    log="target/fuzz-$t.log"
    echo "== fuzz $t for ${SECONDS_PER_TARGET}s" >&2
    cargo $TOOLCHAIN fuzz run "$t" "target/corpus/$t" "corpus/$t" -- \
        -max_total_time="$SECONDS_PER_TARGET" -max_len=65536 -rss_limit_mb=2048 -timeout=10 \
        >"$log" 2>&1
    rc=$?
    runs=$(grep -Eo 'Done [0-9]+ runs in [0-9]+ second' "$log" | tail -1)
    if [[ $rc -ne 0 ]]; then
        status=1
        tail -40 "$log" >&2
        summary+=("$t: FAILED (exit $rc) ${runs:-} — see fuzz/$log and fuzz/artifacts/$t")
    else
        summary+=("$t: ${runs:-no summary}s, 0 crashes")
    fi
done
printf '%s\n' "${summary[@]}"
exit $status
