#!/usr/bin/env bash
# Issue 14, item 11: one NDJSON line far over the record size limit is read past in
# bounded memory. Runs `locadm location validate` on an input of a valid record, one
# line of SIZE_MB (500 by default) and another valid record, next to the same input
# without the long line (the reference), and prints the peak RSS and time of each and
# their ratio. Before the limit, such a line took about twice its size in memory.
#
#   benches/large_record.sh
#   SIZE_MB=100 PROFILE=debug benches/large_record.sh
set -euo pipefail

SIZE_MB=${SIZE_MB:-500}
source "$(dirname "$0")/common.sh"

valid=$(tr -d '\n' < examples/location.json)
printf '%s\n%s\n' "$valid" "$valid" > "$WORK/reference.ndjson"
{
    printf '%s\n' "$valid"
    printf '{"storeId":"'
    head -c $((SIZE_MB * 1024 * 1024)) /dev/zero | tr '\0' 'x'
    printf '"}\n%s\n' "$valid"
} > "$WORK/long.ndjson"

measure() { # name file -> "seconds peak_kib exit"
    local out="$WORK/$1.time"
    set +e
    /usr/bin/time -f '%e %M' -o "$out" "$BIN" location validate -f "$2" -o ndjson > "$WORK/$1.out" 2> "$WORK/$1.err"
    local code=$?
    set -e
    echo "$(tail -1 "$out") $code"
}

read -r ref_s ref_kib ref_code <<< "$(measure reference "$WORK/reference.ndjson")"
read -r long_s long_kib long_code <<< "$(measure long "$WORK/long.ndjson")"
printf '%-10s %10s %8s %10s %5s\n' input bytes seconds "peak MiB" exit
printf '%-10s %10s %8s %10.1f %5s\n' reference "$(stat -c %s "$WORK/reference.ndjson")" "$ref_s" "$(bc -l <<< "$ref_kib/1024")" "$ref_code"
printf '%-10s %10s %8s %10.1f %5s\n' long "$(stat -c %s "$WORK/long.ndjson")" "$long_s" "$(bc -l <<< "$long_kib/1024")" "$long_code"
printf 'peak memory, long / reference: %.2f\n' "$(bc -l <<< "$long_kib/$ref_kib")"
echo "findings of the long input:"
cut -c1-200 "$WORK/long.out"
