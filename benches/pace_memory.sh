# Sourced by pace.sh with MEMORY=1 (issue 44; see pace.sh for the settings): not run by
# itself. Needs common.sh and servers.sh sourced, RECORDS and RTT_MS set.
MEMORY_FIXED=${MEMORY_FIXED:-128 256 512}
MEMORY_RATE=${MEMORY_RATE:-1000}
# The records of the first run behind the rate limit: a rate is taught by two measures
# that agree, three bursts of 429s, each a second's pause and a bucket drained again
# after it (1.2 to 2.9 s apart behind the 30 ms proxy), so a run of 2,000 at 1,000 a
# second ends before its 429s taught one. 6,000 (6.4 s) taught it in 32 of 33 runs: in
# the other the window sat just above the rate after a pause, and the run ended after
# two bursts, one measure. 10,000 taught it in 9 of 9.
MEMORY_RATE_FIRST=${MEMORY_RATE_FIRST:-10000}
# An export of 2,000 ids behind 30 ms is 0.3 to 0.5 s, and the default's against a fixed
# 512 run beside it went from 0.61 to 1.29 of it (60 rounds, median 0.99): a median of
# 3 or 6 rounds came out at 0.90 of the best fixed in 2 of 10 runs of this script. The
# exports are cheap (one emulator holds the records), so each round runs them this many
# times.
MEMORY_EXPORT_PASSES=${MEMORY_EXPORT_PASSES:-3}
BASELINE=${BASELINE:-}
# SERVER=nginx: the held-out kind of issue 55 (item 4): Debian's nginx answering every
# create at once (servers.sh's static reference server) behind the delaying proxy, its
# rate limit nginx's own (`limit_req`, a bucket of a second's worth, refused with 429 and
# no Retry-After, as most services built on it say it). No export part (nginx holds no
# locations to read).
SERVER=${SERVER:-emulator}
need curl curl
need jq jq
FRONT_PORT=$(free_port)
if [[ $SERVER == nginx ]]; then
    need nginx "Debian: apt-get install nginx"
    # The rated path is served by the unlimited one through nginx itself: `return` would
    # answer before `limit_req` is consulted (nginx's rewrite phase comes first).
    NGINX_HTTP="    limit_req_zone \$server_port zone=rated:1m rate=${MEMORY_RATE}r/s;
    log_format status '\$status';"
    start_static_nginx '
        location = /rated/locations {
            limit_req zone=rated burst='"$MEMORY_RATE"' nodelay;
            limit_req_status 429;
            access_log '"$WORK"'/nginx/rated.log status;
            proxy_pass http://127.0.0.1:$server_port/locations;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
        }'
    curl -sf -o /dev/null -X POST "$NGINX/rated/locations" ||
        { say "nginx's rated path does not answer"; cat "$WORK/nginx/error.log" >&2; exit 1; }
    # start_emulator and stop_emulator of servers.sh, for nginx: the delaying proxy on
    # FRONT_PORT (one service across runs), the rated path with --rate-limit.
    start_emulator() {
        local root=http://127.0.0.1:$FRONT_PORT
        : > "$WORK/proxy"
        "target/$PROFILE/examples/delay_proxy" "127.0.0.1:$NGINX_PORT" "$RTT_MS" \
            "127.0.0.1:$FRONT_PORT" > "$WORK/proxy" &
        EMU_PIDS=($!)
        PIDS+=($!)
        for _ in $(seq 300); do [[ -s $WORK/proxy ]] && break; sleep 0.1; done
        BASE_URL=$root
        [[ ${1:-} == --rate-limit ]] && BASE_URL=$root/rated
        TOKEN_URL=$root/oauth/token
        CLIENT_ID=bench
        CLIENT_SECRET=bench
        : > "$WORK/nginx/rated.log"
    }
    stop_emulator() {
        kill -TERM "${EMU_PIDS[@]}" 2>/dev/null || true
        wait "${EMU_PIDS[@]}" 2>/dev/null || true
    }
    # The answers 429 of the run.
    refused_answers() { grep -c '^429' "$WORK/nginx/rated.log" || true; }
else
    refused_answers() {
        curl -s "$ADMIN_URL/counters" | jq '.limits.refused_rate + .limits.refused_capacity'
    }
fi
"target/$PROFILE/examples/gen_records" "$RECORDS" > "$WORK/in.ndjson"
# Each round's records have their own store ids (a second run creates, as the first).
"target/$PROFILE/examples/gen_records" "$MEMORY_RATE_FIRST" > "$WORK/in-rate.ndjson"
for round in $(seq "$REPEAT"); do
    sed "s/\"storeId\":\"/\"storeId\":\"R$round-/" "$WORK/in.ndjson" > "$WORK/in-$round.ndjson"
done
: > "$WORK/results"

# One figure: KIND ROUND RECORDS/S [429s]; into $WORK/results and on stdout.
record() {
    printf '%-14s %6s %10.0f %s\n' "$1" "$2" "$3" "${4:-}" | tee -a "$WORK/results"
}

# The line of the run's summary on where its pace started and what it keeps.
pace_note() {
    grep -oE 'pace: [^"]*' "$WORK/err" | tail -1 | sed 's/^/               /' || true
}

# apply KIND ROUND BINARY HOME CONCURRENCY [EMULATOR OPTIONS]: one emulator a run, the
# round's records (INPUT instead, if set).
apply_kind() {
    local kind=$1 round=$2 binary=$3 home=$4 concurrency=$5
    shift 5
    local input=${INPUT:-$WORK/in-$round.ndjson}
    local records
    records=$(wc -l < "$input")
    start_emulator "$@"
    local elapsed created refused
    elapsed=$(BENCH_HOME=$home apply_on_emulator "$binary" "$input" "$concurrency" --attempts 10)
    created=$(grep -c '"outcome":"created"' "$WORK/out" || true)
    refused=$(refused_answers)
    stop_emulator
    (( created == records )) || say "$kind: only $created of $records created"
    record "$kind" "$round" "$(echo "$created / $elapsed" | bc -l)" "${refused}"
    pace_note
}

say "== issue 44: $RECORDS records, a $RTT_MS ms round trip through the delaying proxy, one service (port $FRONT_PORT), $REPEAT rounds"
printf '%-14s %6s %10s %s\n' kind round records/s "answers 429/503"
for round in $(seq "$REPEAT"); do
    home=$WORK/home-$round
    rm -rf "$home"
    pair() {
        apply_kind first "$round" "$BIN" "$home" auto
        apply_kind second "$round" "$BIN" "$home" auto
        if [[ -n $BASELINE ]]; then
            rm -rf "$WORK/home-base"
            apply_kind baseline "$round" "$BASELINE" "$WORK/home-base" auto
        fi
    }
    fixed() {
        local c
        for c in $MEMORY_FIXED; do
            apply_kind "fixed-$c" "$round" "$BIN" "$WORK/home-fixed" "$c"
        done
    }
    if (( round % 2 )); then fixed; pair; else pair; fixed; fi

    home=$WORK/home-rate-$round
    rm -rf "$home"
    INPUT=$WORK/in-rate.ndjson apply_kind "rate-first" "$round" "$BIN" "$home" auto \
        --rate-limit "$MEMORY_RATE"
    apply_kind "rate-second" "$round" "$BIN" "$home" auto --rate-limit "$MEMORY_RATE"

    [[ $SERVER == nginx ]] && continue
    # The export: one emulator holding the records, an apply on the HOME first.
    home=$WORK/home-export-$round
    rm -rf "$home"
    start_emulator
    BENCH_HOME=$home apply_on_emulator "$BIN" "$WORK/in-$round.ndjson" auto > /dev/null
    grep -c '"outcome":"created"' "$WORK/out" > /dev/null
    cp "$WORK/out" "$WORK/ids.ndjson"
    export_kind() {
        local kind=$1 home=$2 elapsed read
        shift 2
        elapsed=$(BENCH_HOME=$home locadm_on_emulator "$BIN" location get \
            --ids-from "$WORK/ids.ndjson" -o ndjson "$@")
        read=$(grep -c '"storeId"' "$WORK/out" || true)
        (( read == RECORDS )) || say "$kind: only $read of $RECORDS read"
        record "$kind" "$round" "$(echo "$read / $elapsed" | bc -l)"
        pace_note
    }
    fixed_exports() {
        local c
        for c in $MEMORY_FIXED; do export_kind "export-$c" "$home" --concurrency "$c"; done
    }
    default_exports() {
        export_kind export-auto "$home"
        rm -rf "$WORK/home-export-new"
        export_kind export-new "$WORK/home-export-new"
    }
    # Each kind MEMORY_EXPORT_PASSES times a round, the order alternating: see above.
    for pass in $(seq "$MEMORY_EXPORT_PASSES"); do
        if (( (round + pass) % 2 )); then
            fixed_exports
            default_exports
        else
            default_exports
            fixed_exports
        fi
    done
    stop_emulator
done

# The median of a kind's records a second (column 3), and of its 429s (column 4).
median() {
    awk -v kind="$1" -v col="$2" '$1 == kind { print $col }' "$WORK/results" | sort -n \
        | awk '{ v[NR] = $1 } END { if (NR == 0) print 0; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# against_fixed PREFIX KIND...: the medians of PREFIX-N for each fixed N, then of each
# KIND and its ratio to the best of those.
against_fixed() {
    local prefix=$1 best=0 c m kind
    shift
    for c in $MEMORY_FIXED; do
        m=$(median "$prefix-$c" 3)
        printf '  %-14s %8.0f\n' "$prefix-$c" "$m"
        (( $(echo "$m > $best" | bc -l) )) && best=$m
    done
    for kind in "$@"; do
        printf '  %-14s %8.0f  (%.2f of the best fixed)\n' "$kind" "$(median "$kind" 3)" \
            "$(echo "$(median "$kind" 3) / $best" | bc -l)"
    done
}
echo
echo "medians over $REPEAT rounds (records a second):"
against_fixed fixed first second ${BASELINE:+baseline}
[[ -n $BASELINE ]] && printf '  first / baseline: %.2f\n' \
    "$(echo "$(median first 3) / $(median baseline 3)" | bc -l)"
printf '  %-14s %8.0f  answers 429: median %s to %s records\n' rate-first \
    "$(median rate-first 3)" "$(median rate-first 4)" "$MEMORY_RATE_FIRST"
printf '  %-14s %8.0f  answers 429: median %s of %s (%.2f%%)\n' rate-second \
    "$(median rate-second 3)" "$(median rate-second 4)" "$RECORDS" \
    "$(echo "100 * $(median rate-second 4) / $RECORDS" | bc -l)"
[[ $SERVER == nginx ]] || against_fixed export export-auto export-new
