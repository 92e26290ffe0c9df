#!/usr/bin/env bash
# Instructions and CPU a record of `locadm location apply` over plain HTTP, this build
# against others (a benchmark script, not a timed test).
#
#     BASELINE=/path/to/other/locadm benches/per_record.sh
#         # CONCURRENCY=16 N1=1000 N2=6000 CALLGRIND=1 CPU_RUNS=5 CPU_RECORDS=50000
#         # [BUILDS="a/locadm b/locadm" instead of this build + BASELINE]
#         # [KEEP=dir: keep the callgrind files there, for callgrind_annotate]
#
# Against a static nginx on 127.0.0.1 (the same server as benches/apply.sh's: POST
# /locations answered 201 with a self link, POST /oauth/token with a token), with the
# same records file for every build (examples/gen_records.rs, N2 records, the first N1 of
# them for the short run):
#   1. with CALLGRIND=1, `valgrind --tool=callgrind` of `location apply` of N1 and of N2
#      creates for each build; (Ir(N2) - Ir(N1)) / (N2 - N1) is the instructions a record
#      with the start-up (parsing the command line, the token, the runtime, the report's
#      head) taken out. Instructions do not depend on the machine's load, so this is
#      the figure to compare builds by on a shared, noisy machine. Each run's files stay
#      in KEEP when given (callgrind_annotate --inclusive=yes FILE);
#   2. with CPU_RUNS > 0, `location apply` of CPU_RECORDS creates with each build in
#      turn (who goes first turns), CPU_RUNS times: user + system CPU a record from
#      /usr/bin/time -v (the whole process), each run's ratio to the first build's run of
#      the same round, and the medians.
# Every server started here is stopped by its PID and the temporary directory removed on
# any exit. Nothing is installed: a missing tool is named with its Debian package.
set -euo pipefail

CONCURRENCY=${CONCURRENCY:-16}
N1=${N1:-1000}
N2=${N2:-6000}
CALLGRIND=${CALLGRIND:-1}
CPU_RUNS=${CPU_RUNS:-5}
CPU_RECORDS=${CPU_RECORDS:-50000}
BASELINE=${BASELINE:-}
BUILDS=${BUILDS:-}
KEEP=${KEEP:-}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/locadm-per-record.XXXXXX")
source "$ROOT/benches/servers.sh"
need nginx "Debian: apt-get install nginx"
need curl "Debian: apt-get install curl"
[ -x /usr/bin/time ] || { say "missing: /usr/bin/time (Debian: apt-get install time)"; exit 1; }
[ "$CALLGRIND" = 0 ] || need valgrind "Debian: apt-get install valgrind"

build_release
if [ -z "$BUILDS" ]; then BUILDS="$LOCADM $BASELINE"; fi
read -r -a builds <<<"$BUILDS"
for build in "${builds[@]}"; do
    [ -x "$build" ] || { say "$build is not an executable"; exit 1; }
done
[ -z "$KEEP" ] || mkdir -p "$KEEP"

"$GEN" "$N2" >"$WORK/n2.ndjson"
head -n "$N1" "$WORK/n2.ndjson" >"$WORK/n1.ndjson"
[ "$CPU_RUNS" -eq 0 ] || "$GEN" "$CPU_RECORDS" >"$WORK/cpu.ndjson"

# ---------------------------------------------------------------------------------------
# The static reference server (benches/apply.sh's).
start_static_nginx

# run NAME BINARY INPUT [WRAPPER...]: `location apply` of INPUT against nginx, every
# record checked created; /usr/bin/time -v to $WORK/NAME.time.
run() {
    local name=$1 binary=$2 input=$3 n ok
    shift 3
    n=$(wc -l <"$input")
    mkdir -p "$WORK/home"
    env -i PATH="$PATH" HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/config" \
        XDG_DATA_HOME="$WORK/home/data" LOCADM_KEYRING=none \
        LOCADM_CLIENT_ID=bench LOCADM_CLIENT_SECRET=bench \
        LOCADM_BASE_URL="$NGINX" LOCADM_TOKEN_URL="$NGINX/oauth/token" \
        /usr/bin/time -v -o "$WORK/$name.time" "$@" \
        "$binary" location apply -f "$input" --concurrency "$CONCURRENCY" \
        >"$WORK/$name.report" 2>"$WORK/$name.err" || {
        say "apply ($name) failed:"; tail -n 3 "$WORK/$name.err" >&2; exit 1; }
    ok=$(grep -c '"outcome":"created"' "$WORK/$name.report" || true)
    [ "$ok" -eq "$n" ] || { say "apply ($name): $ok of $n created"; exit 1; }
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }

say "per_record: ${#builds[@]} builds, concurrency $CONCURRENCY; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
for b in "${!builds[@]}"; do say "  build $b: ${builds[$b]}"; done

# ---------------------------------------------------------------------------------------
if [ "$CALLGRIND" != 0 ]; then
    printf '\ncallgrind: instructions (Ir) of apply, %s and %s creates; a record = difference / %s\n' \
        "$N1" "$N2" "$((N2 - N1))"
    printf '%-8s %16s %16s %14s\n' build "Ir($N1)" "Ir($N2)" "Ir a record"
    per=()
    for b in "${!builds[@]}"; do
        irs=()
        for n in n1 n2; do
            out=$WORK/callgrind.$b.$n
            run "cg-$b-$n" "${builds[$b]}" "$WORK/$n.ndjson" \
                valgrind --tool=callgrind --callgrind-out-file="$out" -q
            irs+=("$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$out" | head -n 1)")
            [ -z "$KEEP" ] || cp "$out" "$KEEP/callgrind.$b.$n"
        done
        per+=("$(awk -v a="${irs[0]}" -v b="${irs[1]}" -v d="$((N2 - N1))" 'BEGIN { printf "%.0f", (b - a) / d }')")
        printf '%-8s %16s %16s %14s\n' "$b" "${irs[0]}" "${irs[1]}" "${per[$b]}"
    done
    for b in "${!builds[@]}"; do
        [ "$b" -gt 0 ] || continue
        printf '  build 0 / build %d: %s a record (difference %+d)\n' "$b" \
            "$(awk -v a="${per[0]}" -v b="${per[$b]}" 'BEGIN { printf "%.3f", a / b }')" \
            "$((per[0] - per[b]))"
    done
fi

# ---------------------------------------------------------------------------------------
if [ "$CPU_RUNS" -gt 0 ]; then
    printf '\nCPU a record (user + system, whole process), %s creates, %s rounds, builds in turn\n' \
        "$CPU_RECORDS" "$CPU_RUNS"
    count=${#builds[@]}
    for round in $(seq "$CPU_RUNS"); do
        for k in $(seq 0 $((count - 1))); do
            b=$(((k + round) % count))
            run "cpu-$b" "${builds[$b]}" "$WORK/cpu.ndjson"
            awk -v n="$CPU_RECORDS" -F': ' '/User time|System time/ { s += $2 } END { printf "%.2f\n", s * 1e6 / n }' \
                "$WORK/cpu-$b.time" >>"$WORK/cpu-$b.us"
            sed -n 's/.* in [0-9.]* s (\([0-9]*\)\/s)$/\1/p' "$WORK/cpu-$b.err" | tail -n 1 >>"$WORK/cpu-$b.rate"
        done
        say "  round $round: $(for b in "${!builds[@]}"; do printf 'build %d %s us %s/s; ' "$b" "$(tail -n 1 "$WORK/cpu-$b.us")" "$(tail -n 1 "$WORK/cpu-$b.rate")"; done)load $(cut -d' ' -f1 /proc/loadavg)"
    done
    for b in "${!builds[@]}"; do
        printf '  build %d: CPU us a record [%s] median %s; sending rate [%s] median %s/s\n' "$b" \
            "$(tr '\n' ' ' <"$WORK/cpu-$b.us" | sed 's/ $//')" "$(median <"$WORK/cpu-$b.us")" \
            "$(tr '\n' ' ' <"$WORK/cpu-$b.rate" | sed 's/ $//')" "$(median <"$WORK/cpu-$b.rate")"
    done
    for b in "${!builds[@]}"; do
        [ "$b" -gt 0 ] || continue
        paste -d ' ' "$WORK/cpu-0.us" "$WORK/cpu-$b.us" | awk '{ printf "%.3f\n", $1 / $2 }' >"$WORK/paired-$b"
        printf '  build 0 / build %d, CPU a record: paired [%s] median %s; ratio of medians %s\n' "$b" \
            "$(tr '\n' ' ' <"$WORK/paired-$b" | sed 's/ $//')" "$(median <"$WORK/paired-$b")" \
            "$(awk -v a="$(median <"$WORK/cpu-0.us")" -v b="$(median <"$WORK/cpu-$b.us")" 'BEGIN { printf "%.3f", a / b }')"
    done
fi
