#!/usr/bin/env bash
# `--concurrency auto` against fixed numbers, side by side in one run, behind the
# emulator's limits (issue 17): a service with CAPACITY requests served at once and
# LATENCY_MS held on every answer, or one with RATE requests a second. Prints records a
# second for each fixed number of the sweep and for `auto`, the ratio of `auto` to the
# best fixed one, and the answers that said to slow down.
#
#   benches/pace.sh [RECORDS=3000] [CAPACITY=64] [LATENCY_MS=30] [RATE=] [RTT_MS=]
#
# LATENCY_MS is the emulator's own (an answer held at the service). RTT_MS puts
# `examples/delay_proxy.rs` in front of it: every chunk held for half the round trip in
# each direction, handshakes included, as across a wide-area network (these kernels have
# no `netem`).
set -euo pipefail
RECORDS=${RECORDS:-3000}
CAPACITY=${CAPACITY:-64}
LATENCY_MS=${LATENCY_MS:-30}
RATE=${RATE:-}
RTT_MS=${RTT_MS:-}
EXAMPLES="gen_records delay_proxy"
source "$(dirname "$0")/common.sh"
source "$(dirname "$0")/servers.sh"

"target/$PROFILE/examples/gen_records" "$RECORDS" > "$WORK/in.ndjson"

# One emulator for each run, so that no run inherits another's counters or pause.
run() {
    local concurrency=$1 limits=(--capacity "$CAPACITY" --latency-ms "$LATENCY_MS")
    [[ -n $RATE ]] && limits=(--rate-limit "$RATE")
    # Emptied here, before the emulator starts: the redirection below truncates the file
    # in the child, which may come after the first check, so the last run's banner (a
    # stopped emulator's port) could be read instead (two runs created nothing so).
    : > "$WORK/banner"
    "$BIN" emulator serve "${limits[@]}" > "$WORK/banner" 2>/dev/null &
    local pid=$!
    PIDS+=("$pid")
    for _ in $(seq 300); do [[ -s $WORK/banner ]] && break; sleep 0.1; done
    if [[ ! -s $WORK/banner ]]; then
        say "the emulator did not start within 30 s"
        exit 1
    fi
    local banner
    banner=$(head -1 "$WORK/banner")
    field() { sed -E "s/.*\"$1\":\"([^\"]*)\".*/\1/" <<<"$banner"; }
    local base_url token_url proxy=""
    base_url=$(field base_url)
    token_url=$(field token_url)
    if [[ -n $RTT_MS ]]; then
        : > "$WORK/proxy"
        "target/$PROFILE/examples/delay_proxy" "${base_url#http://}" "$RTT_MS" > "$WORK/proxy" &
        proxy=$!
        PIDS+=("$proxy")
        for _ in $(seq 300); do [[ -s $WORK/proxy ]] && break; sleep 0.1; done
        local via
        via=$(head -1 "$WORK/proxy")
        token_url="http://$via${token_url#"$base_url"}"
        base_url="http://$via"
    fi
    local start end
    start=$(date +%s.%N)
    HOME=$WORK LOCADM_KEYRING=none LOCADM_BASE_URL=$base_url \
        LOCADM_TOKEN_URL=$token_url LOCADM_CLIENT_ID=$(field client_id) \
        LOCADM_CLIENT_SECRET=$(field client_secret) \
        "$BIN" location apply --file "$WORK/in.ndjson" --concurrency "$concurrency" \
        --attempts 10 -o ndjson > "$WORK/out" 2> "$WORK/err" || true
    end=$(date +%s.%N)
    local created rate slow
    created=$(grep -c '"outcome":"created"' "$WORK/out" || true)
    rate=$(echo "$created / ($end - $start)" | bc -l)
    slow=$(grep -oE '[0-9]+ answers? said to slow down' "$WORK/err" | grep -oE '^[0-9]+' || echo 0)
    kill -TERM "$pid" $proxy 2>/dev/null || true
    wait "$pid" $proxy 2>/dev/null || true
    printf '%s %.0f %s %s\n' "$concurrency" "$rate" "$created" "$slow"
}

say "== $RECORDS records; limits: ${RATE:+rate $RATE/s}${RATE:-capacity $CAPACITY, $LATENCY_MS ms an answer}${RTT_MS:+; a $RTT_MS ms round trip through the delaying proxy}"
printf '%-12s %10s %8s %8s\n' concurrency records/s created "slow-down answers"
best=0
for c in 8 16 32 64 128 auto; do
    read -r name rate created slow < <(run "$c")
    note=""
    (( created == RECORDS )) || note="  (not every record created)"
    printf '%-12s %10s %8s %8s%s\n' "$name" "$rate" "$created" "$slow" "$note"
    if [[ $c == auto ]]; then
        auto=$rate
    elif (( created == RECORDS )) && (( rate > best )); then
        best=$rate
    fi
done
printf 'auto / best fixed (all records created): %.2f\n' "$(echo "$auto / $best" | bc -l)"
