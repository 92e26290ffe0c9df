#!/usr/bin/env bash
# `--concurrency auto` against fixed numbers, side by side in one run, behind the
# emulator's limits (issue 17): a service with CAPACITY requests served at once and
# LATENCY_MS held on every answer, or one with RATE requests a second. Prints records a
# second for each fixed number of the sweep and for `auto`, the ratio of `auto` to the
# best fixed one, and the answers that said to slow down.
#
#   benches/pace.sh [RECORDS=3000] [CAPACITY=64] [LATENCY_MS=30] [OVER_CAPACITY=503]
#                   [RATE=] [RTT_MS=] [SWEEP="8 16 32 64 128"] [REPEAT=1]
#
# SWEEP is the fixed numbers tried; REPEAT runs the whole sweep (and `auto`) that many
# times in turn, each ratio printed (the machine's noise, seen). `auto`'s own summary of
# its pace (most in flight, refusals, pauses, a learned rate) is printed under its line.
# OVER_CAPACITY=429 has the emulator refuse beyond its capacity with 429 instead of 503,
# as many services say "too many requests" of too many at once (`auto` must not take it
# for a rate limit).
# LATENCY_MS is the emulator's own (an answer held at the service). RTT_MS puts
# `examples/delay_proxy.rs` in front of it, as across a wide-area network
# (`start_emulator` in servers.sh); BACKLOG=128 has it listen as a service on tokio's or
# std's default does (the connections waiting to be accepted; the emulator's 1024 else).
#
# MEMORY=1: issue 44's runs instead of the sweep (a run starts from the pace the last one
# against the same service learned), REPEAT rounds, each kind once a round, the order
# alternating, medians at the end; every emulator without limits of its own unless
# said, behind RTT_MS (30 by default here), on one port (one service to the client):
#   1. RECORDS (2000 here) applied with each fixed number of MEMORY_FIXED ("128 256 512"),
#      a first run on a new HOME, a second on the same HOME, and BASELINE (another
#      build, today's, on a new HOME) if given;
#   2. behind --rate-limit MEMORY_RATE (1000), a first run of MEMORY_RATE_FIRST records
#      (10000: long enough to meet the three bursts of 429s that teach a rate) and a
#      second of RECORDS on one HOME: their answers 429 (the emulator's count);
#   3. an export (`location get --ids-from`) of RECORDS ids with each fixed number and
#      the default, on a HOME where an apply of them ran (and the exports before), and
#      the default on a new HOME; MEMORY_EXPORT_PASSES (3) times a round.
#   SERVER=nginx: issue 55's held-out kind instead of the emulator: Debian's nginx
#   answering every create at once, its rate limit its own `limit_req` (429s without a
#   Retry-After); parts 1 and 2 only.
set -euo pipefail
RECORDS_GIVEN=${RECORDS:-}
RECORDS=${RECORDS:-3000}
CAPACITY=${CAPACITY:-64}
LATENCY_MS=${LATENCY_MS:-30}
OVER_CAPACITY=${OVER_CAPACITY:-503}
RATE=${RATE:-}
RTT_MS=${RTT_MS:-}
SWEEP=${SWEEP:-8 16 32 64 128}
REPEAT=${REPEAT:-1}
EXAMPLES="gen_records delay_proxy"
source "$(dirname "$0")/common.sh"
source "$(dirname "$0")/servers.sh"

if [[ -n ${MEMORY:-} ]]; then
    RTT_MS=${RTT_MS:-30}
    RECORDS=${RECORDS_GIVEN:-2000}
    source "$(dirname "$0")/pace_memory.sh"
    exit 0
fi

"target/$PROFILE/examples/gen_records" "$RECORDS" > "$WORK/in.ndjson"

# One emulator for each run, so that no run inherits another's counters or pause.
run() {
    local concurrency=$1
    local limits=(--capacity "$CAPACITY" --over-capacity "$OVER_CAPACITY" --latency-ms "$LATENCY_MS")
    [[ -n $RATE ]] && limits=(--rate-limit "$RATE")
    start_emulator "${limits[@]}"
    local elapsed created rate slow
    elapsed=$(apply_on_emulator "$BIN" "$WORK/in.ndjson" "$concurrency" --attempts 10)
    created=$(grep -c '"outcome":"created"' "$WORK/out" || true)
    rate=$(echo "$created / $elapsed" | bc -l)
    slow=$(grep -oE '[0-9]+ answers? said to slow down' "$WORK/err" | grep -oE '^[0-9]+' || echo 0)
    stop_emulator
    grep -E '^concurrency ' "$WORK/err" | tail -1 > "$WORK/pace" || true
    printf '%s %.0f %s %s\n' "$concurrency" "$rate" "$created" "$slow"
}

say "== $RECORDS records; limits: ${RATE:+rate $RATE/s}${RATE:-capacity $CAPACITY (beyond it $OVER_CAPACITY), $LATENCY_MS ms an answer}${RTT_MS:+; a $RTT_MS ms round trip through the delaying proxy}"
for round in $(seq "$REPEAT"); do
    printf '%-12s %10s %8s %8s\n' concurrency records/s created "slow-down answers"
    best=0
    for c in $SWEEP auto; do
        read -r name rate created slow < <(run "$c")
        note=""
        (( created == RECORDS )) || note="  (not every record created)"
        printf '%-12s %10s %8s %8s%s\n' "$name" "$rate" "$created" "$slow" "$note"
        if [[ $c == auto ]]; then
            auto=$rate
            sed 's/^/             /' "$WORK/pace"
        elif (( created == RECORDS )) && (( rate > best )); then
            best=$rate
        fi
    done
    printf 'auto / best fixed (all records created): %.2f\n' "$(echo "$auto / $best" | bc -l)"
done
