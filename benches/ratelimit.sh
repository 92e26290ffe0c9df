#!/usr/bin/env bash
# `--concurrency auto` against a service with a rate limit it is not told (issue 17: "no
# record fails for throttling, and the achieved rate is within 10% of the limit"). For
# each limit N, `locadm emulator serve --rate-limit N` (a token bucket holding one
# second's worth; beyond it 429 with `Retry-After`) and one apply of DURATION × N records
# with each concurrency of CONCURRENCY, one emulator a run. Prints the records created a
# second over the whole run (process start to end, the token fetch included), its ratio
# to the limit, the 429s the emulator counted, and the records that did not succeed
# (must be 0).
#
#   benches/ratelimit.sh [LIMITS="200 1000"] [DURATION=15] [RECORDS=] [CONCURRENCY=auto]
#                        [RTT_MS=] [BASELINE=path/to/another/locadm]
#
# The bucket starts full, so a run of S seconds can send N more than N × S: over 15 s
# that is 1/15 (+7%) above the limit. "sustained" leaves that second's worth out:
# (created − N) / elapsed. RECORDS, when given, is the number of records for every
# limit. RTT_MS puts `examples/delay_proxy.rs` in front (as in
# pace.sh). BASELINE, another build of locadm (an earlier commit's), is run the same way
# right after each run of this one, on a row marked "base".
set -euo pipefail
LIMITS=${LIMITS:-200 1000}
DURATION=${DURATION:-15}
CONCURRENCY=${CONCURRENCY:-auto}
RTT_MS=${RTT_MS:-}
BASELINE=${BASELINE:-}
EXAMPLES="gen_records delay_proxy"
source "$(dirname "$0")/common.sh"
source "$(dirname "$0")/servers.sh"
need curl curl
need jq jq

# One emulator for each run (this build's, whichever locadm applies): prints "created
# failed elapsed refused slow".
run() {
    local limit=$1 concurrency=$2 input=$3 locadm=$4
    start_emulator --rate-limit "$limit"
    local elapsed
    elapsed=$(apply_on_emulator "$locadm" "$input" "$concurrency")
    local created failed refused slow
    created=$(grep -c '"outcome":"created"' "$WORK/out" || true)
    failed=$(grep -vc '"outcome":"created"' "$WORK/out" || true)
    refused=$(curl -s "$ADMIN_URL/counters" | jq .limits.refused_rate)
    slow=$(grep -oE '[0-9]+ answers? said to slow down' "$WORK/err" | grep -oE '^[0-9]+' || echo 0)
    stop_emulator
    printf '%s %s %s %s %s\n' "$created" "$failed" "$elapsed" "$refused" "$slow"
}

say "== rate-limited emulator, $DURATION s worth of records a limit${RTT_MS:+; a $RTT_MS ms round trip through the delaying proxy}"
printf '%-7s %-12s %8s %8s %9s %9s %7s %9s %6s %7s\n' limit concurrency records \
    seconds records/s "/ limit" sustained "/ limit" 429s failed
for limit in $LIMITS; do
    records=${RECORDS:-$((limit * DURATION))}
    "target/$PROFILE/examples/gen_records" "$records" > "$WORK/in-$limit.ndjson"
    for c in $CONCURRENCY; do
        for build in this ${BASELINE:+base}; do
            locadm=$BIN name=$c
            [[ $build == base ]] && locadm=$BASELINE name="base:$c"
            read -r created failed elapsed refused slow \
                < <(run "$limit" "$c" "$WORK/in-$limit.ndjson" "$locadm")
            rate=$(echo "$created / $elapsed" | bc -l)
            sustained=$(echo "($created - $limit) / $elapsed" | bc -l)
            note=""
            (( created == records )) || note="  (not every record created)"
            (( slow == refused )) || note="$note  (the run counted $slow slow-down answers)"
            printf '%-7s %-12s %8s %8.2f %9.0f %9.3f %7.0f %9.3f %6s %7s%s\n' "$limit" "$name" \
                "$records" "$elapsed" "$rate" "$(echo "$rate / $limit" | bc -l)" "$sustained" \
                "$(echo "$sustained / $limit" | bc -l)" "$refused" "$failed" "$note"
        done
    done
done
