#!/usr/bin/env bash
# Flat memory on a large input: generates ~1 GB of NDJSON (examples/gen_records.rs) and
# reports the peak RSS and time of `locadm location validate` on it via /usr/bin/time -v,
# next to the same figures for a 1/100 slice: the peak must not grow with the input.
# The generated files are deleted afterwards.
#
#   benches/large_validate.sh                 # ~1 GB, release build
#   SIZE_MB=200 PROFILE=debug benches/large_validate.sh
#
# PROFILE=debug reuses the test build (slower, same memory behaviour) where a release
# build is too costly.
set -euo pipefail

SIZE_MB=${SIZE_MB:-1024}
EXAMPLES=gen_records source "$(dirname "$0")/common.sh"
GEN=target/$PROFILE/examples/gen_records

# Records per MB, from a sample.
"$GEN" 10000 >"$WORK/sample.ndjson"
per_mb=$(awk -v b="$(stat -c %s "$WORK/sample.ndjson")" 'BEGIN { printf "%d", 10000 * 1048576 / b }')
n=$((per_mb * SIZE_MB))
small=$((n / 100))

run() { # file -> "seconds peak_kib exit"
    /usr/bin/time -v "$BIN" location validate --file "$1" -o ndjson -q \
        2>"$WORK/time.txt" >"$WORK/out.txt" && rc=0 || rc=$?
    awk -F': ' -v rc="$rc" '
        /Elapsed \(wall clock\)/ { split($2, t, ":"); s = (length(t) == 3) ? t[1]*3600 + t[2]*60 + t[3] : t[1]*60 + t[2] }
        /Maximum resident set size/ { r = $2 }
        END { printf "%.1f %d %d\n", s, r, rc }' "$WORK/time.txt"
}

printf '%-10s %12s %10s %9s %12s %5s\n' input records MB seconds peakRSS exit
for count in "$small" "$n"; do
    file="$WORK/records.ndjson"
    echo "== generating $count records" >&2
    "$GEN" "$count" >"$file"
    mb=$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.0f", b / 1048576 }')
    read -r secs kib rc < <(run "$file")
    if [[ $rc -ne 0 || -s "$WORK/out.txt" ]]; then
        echo "validation of generated records failed (exit $rc):" >&2
        head -5 "$WORK/out.txt" "$WORK/time.txt" >&2
        exit 1
    fi
    printf '%-10s %12d %10s %9s %8.1f MiB %5s\n' "$([[ $count == "$n" ]] && echo large || echo small)" \
        "$count" "$mb" "$secs" "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')" "$rc"
    rm -f "$file"
done
