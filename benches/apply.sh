#!/usr/bin/env bash
# Throughput and memory of `locadm location apply` (a benchmark script, not a timed test).
#
#     benches/apply.sh     # CONCURRENCY=16 SMALL=10000 LARGE=100000 SEQ=1000 RUNS=3
#                          # [BASELINE="path/to/another/locadm ..."]
#
# Builds the release binary, generates SMALL and LARGE create records (examples/
# gen_records.rs), then in one run measures, at the same concurrency:
#   (a) `location apply` against the emulator (`locadm emulator serve`, in memory);
#   (b) `location apply` against a static reference server: nginx answering every
#       POST /locations with 201 and a self link, and POST /oauth/token with a token;
#       side by side with oha (same concurrency, one body from the file), one parallel
#       curl process (`curl -Z --parallel-max N -K config`, every body of the SMALL set)
#       and a sequential curl loop (SEQ records, scaled);
#   and the peak RSS of apply (`/usr/bin/time -v`) at SMALL vs LARGE.
# apply's rate is given twice: end to end (process start to exit: pre-flight over every
# record, token, sending, report) and while sending (its own summary line: first request
# to last answer), which is what oha's requests/s measures. apply against nginx and oha
# run RUNS times each, alternating, and the median is taken (these machines are noisy).
# Targets (issue 6): apply >= 80% of oha's rate against nginx, >= 2x parallel curl, and
# peak RSS at LARGE within 1.25x of SMALL.
#
# BASELINE, other builds of locadm (earlier commits', e.g. from `git worktree add`;
# several separated by spaces), adds a before/after table: every build runs the same
# apply measurements in turn (RUNS each, the first build turning each run; medians), each
# against a new emulator or the same nginx, and each row gives this build / that build.
#
# Every server started here is stopped by its PID, and the temporary directory removed,
# on any exit.
set -euo pipefail

CONCURRENCY=${CONCURRENCY:-16}
SMALL=${SMALL:-10000}
LARGE=${LARGE:-100000}
SEQ=${SEQ:-1000}
RUNS=${RUNS:-3}
BASELINE=${BASELINE:-}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/locadm-apply-bench.XXXXXX")
source "$ROOT/benches/servers.sh"
need curl "Debian: apt-get install curl"
need nginx "Debian: apt-get install nginx"
[ -x /usr/bin/time ] || { say "missing: /usr/bin/time (Debian: apt-get install time)"; exit 1; }
OHA=$(command -v oha || true)
[ -z "$OHA" ] && [ -x "$HOME/.cargo/bin/oha" ] && OHA=$HOME/.cargo/bin/oha
for build in $BASELINE; do
    [ -x "$build" ] || { say "BASELINE: $build is not an executable"; exit 1; }
done


# ---------------------------------------------------------------------------------------
build_release

"$GEN" "$SMALL" >"$WORK/small.ndjson"
"$GEN" "$LARGE" >"$WORK/large.ndjson"
head -n "$SEQ" "$WORK/small.ndjson" >"$WORK/seq.ndjson"
head -n 1 "$WORK/small.ndjson" >"$WORK/one.json"

# ---------------------------------------------------------------------------------------
# The static reference server.
start_static_nginx

# The emulator (`start_emulator` in servers.sh runs $BIN's).
BIN=$LOCADM
start_emulator
EMU=$BASE_URL EMU_TOKEN_URL=$TOKEN_URL EMU_ID=$CLIENT_ID EMU_SECRET=$CLIENT_SECRET

# ---------------------------------------------------------------------------------------
# Measurements. Each prints "requests/s" on stdout; details go to $WORK.

# apply INPUT BASE TOKEN_URL ID SECRET NAME [BINARY]: prints the end-to-end rate; the
# sending rate (apply's summary line) goes to $WORK/NAME.send and the peak RSS in KiB to
# $WORK/NAME.rss. BINARY is this build's locadm unless given.
apply_run() {
    local input=$1 base=$2 token_url=$3 id=$4 secret=$5 name=$6 binary=${7:-$LOCADM} n
    n=$(wc -l <"$input")
    # Every run starts without an inventory: the same create file is applied again and
    # again, and the storeIds an earlier run taught would make its records changes.
    rm -rf "$WORK/home/data"
    mkdir -p "$WORK/home"
    env -i PATH="$PATH" HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/config" \
        XDG_DATA_HOME="$WORK/home/data" LOCADM_KEYRING=none \
        LOCADM_CLIENT_ID="$id" LOCADM_CLIENT_SECRET="$secret" \
        LOCADM_BASE_URL="$base" LOCADM_TOKEN_URL="$token_url" \
        /usr/bin/time -v -o "$WORK/$name.time" \
        "$binary" location apply -f "$input" --concurrency "$CONCURRENCY" \
        >"$WORK/$name.report" 2>"$WORK/$name.err" || {
        say "apply ($name) failed:"; tail -n 3 "$WORK/$name.err" >&2; exit 1; }
    local ok
    ok=$(grep -c '"outcome":"created"' "$WORK/$name.report" || true)
    [ "$ok" -eq "$n" ] || { say "apply ($name): $ok of $n created"; exit 1; }
    sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/$name.time" >"$WORK/$name.rss"
    sed -n 's/.* in [0-9.]* s (\([0-9]*\)\/s)$/\1/p' "$WORK/$name.err" | tail -n 1 >"$WORK/$name.send"
    local wall
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$WORK/$name.time" |
        awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
    awk -v n="$n" -v s="$wall" 'BEGIN { printf "%.0f\n", n / s }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }

oha_run() {
    local n=$1 out
    local -a format=(--json)
    "$OHA" --help 2>&1 | grep -q -- '--output-format' && format=(--output-format json)
    out=$("$OHA" --no-tui "${format[@]}" -n "$n" -c "$CONCURRENCY" -m POST \
        -T application/json -H "Authorization: Bearer bench-token" \
        -D "$WORK/one.json" "$NGINX/locations")
    sed -n 's/.*"requestsPerSec": *\([0-9.e+]*\).*/\1/p' <<<"$out" | head -n 1 | awk '{ printf "%.0f\n", $1 }'
}

# One curl process, every body of INPUT as its own transfer, N at once.
parallel_curl_run() {
    local input=$1 n start end
    n=$(wc -l <"$input")
    # A transfer per body; `next` resets the per-transfer options, so each block
    # repeats its headers, silence and write-out.
    python3 - "$input" "$NGINX/locations" >"$WORK/curl.config" <<'PY'
import sys
url = sys.argv[2]
with open(sys.argv[1], encoding="utf-8") as lines:
    for n, line in enumerate(lines):
        body = line.rstrip("\n").replace("\\", "\\\\").replace('"', '\\"')
        if n:
            print("next")
        print(f'url = "{url}"')
        print('silent\nshow-error')
        print('header = "Content-Type: application/json"')
        print('header = "Authorization: Bearer bench-token"')
        print(f'data-binary = "{body}"')
        print('output = "/dev/null"')
        print('write-out = "%{http_code}\\n"')
PY
    start=$(date +%s.%N)
    curl -sS -Z --parallel-max "$CONCURRENCY" -K "$WORK/curl.config" >"$WORK/curl.codes" 2>"$WORK/curl.err"
    end=$(date +%s.%N)
    local ok
    ok=$(grep -c '^201$' "$WORK/curl.codes" || true)
    [ "$ok" -eq "$n" ] || { say "parallel curl: $ok of $n answered 201"; exit 1; }
    awk -v n="$n" -v a="$start" -v b="$end" 'BEGIN { printf "%.0f\n", n / (b - a) }'
}

sequential_curl_run() {
    local input=$1 n start end line
    n=$(wc -l <"$input")
    start=$(date +%s.%N)
    while IFS= read -r line; do
        curl -sS -o /dev/null -X POST -H "Content-Type: application/json" \
            -H "Authorization: Bearer bench-token" --data-binary "$line" "$NGINX/locations"
    done <"$input"
    end=$(date +%s.%N)
    awk -v n="$n" -v a="$start" -v b="$end" 'BEGIN { printf "%.0f\n", n / (b - a) }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "n/a" }'; }
verdict() { awk -v r="$1" -v t="$2" 'BEGIN { if (r == "n/a") print "n/a"; else if (r + 0 >= t) print "met"; else print "MISSED" }'; }

say "measuring (concurrency $CONCURRENCY; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg))…"
APPLY_EMU_SMALL=$(apply_run "$WORK/small.ndjson" "$EMU" "$EMU_TOKEN_URL" "$EMU_ID" "$EMU_SECRET" emu-small)
APPLY_EMU_LARGE=$(apply_run "$WORK/large.ndjson" "$EMU" "$EMU_TOKEN_URL" "$EMU_ID" "$EMU_SECRET" emu-large)
APPLY_NGX_SMALL=$(apply_run "$WORK/small.ndjson" "$NGINX" "$NGINX/oauth/token" bench bench nginx-small)
[ -n "$OHA" ] || say "oha is not installed (cargo install oha): its column is skipped"
: >"$WORK/large.e2e"; : >"$WORK/large.send"; : >"$WORK/oha.rates"
for run in $(seq "$RUNS"); do
    apply_run "$WORK/large.ndjson" "$NGINX" "$NGINX/oauth/token" bench bench nginx-large >>"$WORK/large.e2e"
    cat "$WORK/nginx-large.send" >>"$WORK/large.send"
    [ -z "$OHA" ] || oha_run "$LARGE" >>"$WORK/oha.rates"
    say "  run $run of $RUNS: apply $(tail -n 1 "$WORK/large.e2e")/s end to end, $(tail -n 1 "$WORK/large.send")/s sending; oha $(tail -n 1 "$WORK/oha.rates" 2>/dev/null)/s"
done
APPLY_NGX_LARGE=$(median <"$WORK/large.e2e")
APPLY_NGX_LARGE_SEND=$(median <"$WORK/large.send")
OHA_RATE=$(median <"$WORK/oha.rates")
PCURL_RATE=$(parallel_curl_run "$WORK/small.ndjson")
SCURL_RATE=$(sequential_curl_run "$WORK/seq.ndjson")
RSS_SMALL=$(cat "$WORK/nginx-small.rss")
RSS_LARGE=$(cat "$WORK/nginx-large.rss")

R_OHA=$( [ -n "$OHA_RATE" ] && ratio "$APPLY_NGX_LARGE_SEND" "$OHA_RATE" || echo n/a)
R_OHA_E2E=$( [ -n "$OHA_RATE" ] && ratio "$APPLY_NGX_LARGE" "$OHA_RATE" || echo n/a)
R_PCURL=$(ratio "$APPLY_NGX_SMALL" "$PCURL_RATE")
R_SCURL=$(ratio "$APPLY_NGX_SMALL" "$SCURL_RATE")
R_RSS=$(ratio "$RSS_LARGE" "$RSS_SMALL")

cat <<EOF

location apply benchmark — concurrency $CONCURRENCY, $(nproc) cores, $(date -u +%FT%TZ)
(requests/s: apply end to end, pre-flight included | while sending, as oha measures;
 nginx at $LARGE records and oha: median of $RUNS alternating runs)

                                        records    requests/s (e2e | sending)   peak RSS (KiB)
apply -> emulator                      $(printf '%8d  %12s | %-8s' "$SMALL" "$APPLY_EMU_SMALL" "$(cat "$WORK/emu-small.send")")      $(cat "$WORK/emu-small.rss")
apply -> emulator                      $(printf '%8d  %12s | %-8s' "$LARGE" "$APPLY_EMU_LARGE" "$(cat "$WORK/emu-large.send")")      $(cat "$WORK/emu-large.rss")
apply -> nginx                         $(printf '%8d  %12s | %-8s' "$SMALL" "$APPLY_NGX_SMALL" "$(cat "$WORK/nginx-small.send")")      $RSS_SMALL
apply -> nginx                         $(printf '%8d  %12s | %-8s' "$LARGE" "$APPLY_NGX_LARGE" "$APPLY_NGX_LARGE_SEND")      $RSS_LARGE
oha -> nginx (one body)                $(printf '%8d  %12s' "$LARGE" "${OHA_RATE:-skipped}")
curl -Z --parallel-max $CONCURRENCY -> nginx   $(printf '%8d  %12s' "$SMALL" "$PCURL_RATE")
curl, sequential loop -> nginx         $(printf '%8d  %12s' "$SEQ" "$SCURL_RATE")

apply / oha, sending    $R_OHA   (target >= 0.80: $(verdict "$R_OHA" 0.8))
apply / oha, end to end $R_OHA_E2E   (target >= 0.80: $(verdict "$R_OHA_E2E" 0.8))
apply / parallel curl   $R_PCURL   (target >= 2: $(verdict "$R_PCURL" 2))
apply / sequential curl $R_SCURL
peak RSS large / small  $R_RSS   (target <= 1.25: $(awk -v r="$R_RSS" 'BEGIN { print (r <= 1.25 ? "met" : "MISSED") }'))
EOF

[ -n "$BASELINE" ] || exit 0

# ---------------------------------------------------------------------------------------
# Before and after: the same apply runs with every build, in turn, medians of RUNS.
builds=("$LOCADM" $BASELINE)
say "before/after: ${#builds[@]} builds, RUNS=$RUNS each, in turn…"
# The emulator's store grows with every run and its rate falls with it (in one run of
# this script from 11,900/s at its first 10,000 records to 2,100/s past 600,000), so each
# emulator run here has a new, empty emulator.
# server size base-url token-url client-id client-secret ("-": the new emulator's)
compare_rows=(
    "emulator small - - - -"
    "emulator large - - - -"
    "nginx small $NGINX $NGINX/oauth/token bench bench"
    "nginx large $NGINX $NGINX/oauth/token bench bench"
)
for run in $(seq "$RUNS"); do
    for row in "${compare_rows[@]}"; do
        read -r server size base_url token_url id secret <<<"$row"
        # Who goes first turns too, so no build always meets a warm server.
        count=${#builds[@]}
        for k in $(seq 0 $((count - 1))); do
            b=$(((k + run) % count))
            name=cmp-$b-$server-$size
            if [ "$server" = emulator ]; then
                start_emulator
                base_url=$BASE_URL token_url=$TOKEN_URL id=$CLIENT_ID secret=$CLIENT_SECRET
            fi
            apply_run "$WORK/$size.ndjson" "$base_url" "$token_url" "$id" "$secret" "$name.run" "${builds[$b]}" >>"$WORK/$name.e2e"
            cat "$WORK/$name.run.send" >>"$WORK/$name.send"
            cat "$WORK/$name.run.rss" >>"$WORK/$name.rss"
            if [ "$server" = emulator ]; then stop_emulator; fi
        done
    done
    say "  run $run of $RUNS done"
done

printf '\nbefore/after — build 0 is this one; each ratio is build 0 / that build\n'
for b in "${!builds[@]}"; do printf '  build %d: %s\n' "$b" "${builds[$b]}"; done
printf '%-22s %8s' "apply ->" records
for b in "${!builds[@]}"; do printf ' %9s' "build $b"; done
for b in "${!builds[@]}"; do if [ "$b" -gt 0 ]; then printf ' %7s' "0 / $b"; fi; done
printf '\n'
for row in "${compare_rows[@]}"; do
    read -r server size _ <<<"$row"
    records=$SMALL; [ "$size" = large ] && records=$LARGE
    for measure in e2e send rss; do
        label="$server, $measure"
        [ "$measure" = rss ] && label="$server, peak KiB"
        printf '%-22s %8s' "$label" "$records"
        medians=()
        for b in "${!builds[@]}"; do
            medians+=("$(median <"$WORK/cmp-$b-$server-$size.$measure")")
            printf ' %9s' "${medians[$b]}"
        done
        for b in "${!builds[@]}"; do
            if [ "$b" -gt 0 ]; then printf ' %7s' "$(ratio "${medians[0]}" "${medians[$b]}")"; fi
        done
        printf '\n'
    done
done
echo "(e2e, sending: requests/s, higher is better; peak KiB: lower is better)"
