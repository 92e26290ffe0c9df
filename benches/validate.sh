#!/usr/bin/env bash
# Benchmark of `locadm location validate` against the bare cost of parsing the same NDJSON
# into serde_json::Value, at 100k and 1M records, with peak memory of each.
#
#   benches/validate.sh            # 100k and 1M records
#   COUNTS="100000" RUNS=5 benches/validate.sh
#
# Targets (issue 2): validation <= 2x the bare parse, >= 200k records/s on one core, and
# peak RSS that does not grow with the record count. Everything is pinned to one core
# with taskset when it is available. Uses hyperfine when installed, else the median of
# RUNS runs. Peak RSS comes from /usr/bin/time -v (Debian package `time`).
set -euo pipefail

cd "$(dirname "$0")/.."
COUNTS=${COUNTS:-"100000 1000000"}
RUNS=${RUNS:-5}
if [[ -z "${WORK:-}" ]]; then
    WORK=$(mktemp -d -t locadm-bench.XXXXXX)
    trap 'rm -rf "$WORK"' EXIT  # only a directory made here; one given is the caller's
fi
mkdir -p "$WORK"

echo "== building (release)" >&2
cargo build --release --quiet --bin locadm --example gen_records --example parse_value
BIN=target/release/locadm
GEN=target/release/examples/gen_records
PARSE=target/release/examples/parse_value

PIN=()
if command -v taskset >/dev/null; then PIN=(taskset -c 0); fi
if [[ ! -x /usr/bin/time ]]; then
    echo "/usr/bin/time is missing: apt-get install -y time" >&2
    exit 1
fi

# Seconds (median) of a command, via hyperfine or repeated runs.
median_secs() {
    if command -v hyperfine >/dev/null; then
        hyperfine --style none --warmup 1 --runs "$RUNS" -N \
            --export-json "$WORK/h.json" -- "$*" >/dev/null 2>&1
        python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$WORK/h.json"
    else
        local times=()
        "$@" >/dev/null 2>&1 || true # warm-up
        for _ in $(seq "$RUNS"); do
            local t0 t1
            t0=$(date +%s.%N)
            "$@" >/dev/null 2>&1 || true
            t1=$(date +%s.%N)
            times+=("$(echo "$t1 - $t0" | bc -l)")
        done
        printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'
    fi
}

# Peak RSS in KiB of a command.
peak_kib() {
    /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident set size/ {print $2}'
}

timer=$(command -v hyperfine >/dev/null && echo "hyperfine, median of $RUNS" || echo "median of $RUNS runs")
echo "locadm location validate -o ndjson vs bare serde_json::Value parse ($timer; pinned: ${PIN[*]:-no})"
printf '%-9s %-10s %9s %12s %9s %10s\n' records what seconds records/s MB/s peakRSS
for n in $COUNTS; do
    file="$WORK/records-$n.ndjson"
    "$GEN" "$n" >"$file"
    bytes=$(stat -c %s "$file")
    # Every generated record is valid: validation must exit 0 with no output.
    if ! "$BIN" location validate --file "$file" -o ndjson -q >"$WORK/out" 2>&1 || [[ -s "$WORK/out" ]]; then
        echo "generated records did not validate:" >&2
        head -5 "$WORK/out" >&2
        exit 1
    fi
    v=$(median_secs "${PIN[@]}" "$BIN" location validate --file "$file" -o ndjson -q)
    p=$(median_secs "${PIN[@]}" "$PARSE" "$file")
    vr=$(peak_kib "${PIN[@]}" "$BIN" location validate --file "$file" -o ndjson -q)
    pr=$(peak_kib "${PIN[@]}" "$PARSE" "$file")
    for row in "validate $v $vr" "parse $p $pr"; do
        set -- $row
        awk -v n="$n" -v w="$1" -v s="$2" -v b="$bytes" -v r="$3" 'BEGIN {
            printf "%-9d %-10s %9.3f %12.0f %9.1f %7.1f MiB\n", n, w, s, n / s, b / s / 1e6, r / 1024 }'
    done
    awk -v v="$v" -v p="$p" -v n="$n" -v b="$bytes" 'BEGIN {
        printf "%-9d ratio validation/parse = %.2fx   (file %.1f MB)\n", n, v / p, b / 1e6 }'
done
