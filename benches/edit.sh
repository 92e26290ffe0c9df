#!/usr/bin/env bash
# Throughput and memory of the bulk edit commands (a benchmark script, not a timed test).
#
#     benches/edit.sh      # CONCURRENCY=16 SMALL=10000 LARGE=100000 RUNS=3 WRK_SECS=3
#
# Builds the release binary, then in one run measures, at the same concurrency, all on
# 127.0.0.1:
#   export  `locadm location get --ids-from IDS -o ndjson`
#           (a) against the emulator (`locadm emulator serve`, in memory), on SMALL ids of
#               locations it first creates with `location apply` (examples/gen_records.rs),
#               beside oha GETs of one of them with a token of its own, for scale;
#           (b) against a static reference server: nginx answering GET /locations/<id>
#               with a read form carrying every field (the id echoed), PUT /locations/<id>
#               with a self link and POST /oauth/token with a token whose scope holds
#               every permission; beside oha GETs of one location;
#   merge   `locadm location apply -f PATCH --yes` of {"id","city"} records against the
#           same nginx: a merge, so a GET and a PUT a record (nginx answers every id with
#           the same read form, whose city differs, so no record is `unchanged`); beside
#           oha PUTs of one write body;
#   and the peak RSS (`/usr/bin/time -v`) of export and merge at SMALL vs LARGE records.
# locadm's rate is its "while sending" figure (its summary line on stderr: first request
# to last answer), which is what oha's requests/s measures; the end-to-end rate (process
# start to exit: reading the ids or pre-flight, token, sending, report) is shown beside
# it. Against nginx the rates are taken at LARGE records (oha sends as many requests);
# locadm and oha run RUNS times each, alternating, and the median is taken (these
# machines are noisy). wrk GETs and PUTs (WRK_SECS each) are shown too when wrk is
# installed, for comparison with figures taken with it; no target rests on them.
# Targets (issue 13): export >= 0.8x oha's GETs; merge records/s >= 0.4x oha's PUTs
# (two requests a record); peak RSS at LARGE within 1.25x of SMALL, export and merge.
# The script exits 0 whatever the figures (it is a report); it fails only if a tool is
# missing or a run does not do what it was asked (every record exported or updated).
#
# Every server started here is stopped by its PID, and the temporary directory removed,
# on any exit.
set -euo pipefail

CONCURRENCY=${CONCURRENCY:-16}
SMALL=${SMALL:-10000}
LARGE=${LARGE:-100000}
RUNS=${RUNS:-3}
WRK_SECS=${WRK_SECS:-3}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/locadm-edit-bench.XXXXXX")
source "$ROOT/benches/servers.sh"
need curl "Debian: apt-get install curl"
need nginx "Debian: apt-get install nginx"
need python3 "Debian: apt-get install python3"
[ -x /usr/bin/time ] || { say "missing: /usr/bin/time (Debian: apt-get install time)"; exit 1; }
OHA=$(command -v oha || true)
[ -z "$OHA" ] && [ -x "$HOME/.cargo/bin/oha" ] && OHA=$HOME/.cargo/bin/oha
[ -n "$OHA" ] || { say "missing: oha (not in Debian: cargo install oha --locked)"; exit 1; }
WRK=$(command -v wrk || true)


# ---------------------------------------------------------------------------------------
build_release

# Inputs for nginx: random ids, and merge patches of them.
python3 - "$WORK" "$SMALL" "$LARGE" <<'PY'
import json, sys, uuid
work, small, large = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for name, n in (("small", small), ("large", large)):
    ids = [str(uuid.uuid4()) for _ in range(n)]
    with open(f"{work}/{name}.ids", "w") as f:
        f.write("".join(i + "\n" for i in ids))
    with open(f"{work}/{name}.patch.ndjson", "w") as f:
        f.write("".join(json.dumps({"id": i, "city": "X"}) + "\n" for i in ids))
PY
"$GEN" "$SMALL" >"$WORK/records.ndjson"

# ---------------------------------------------------------------------------------------
# The static reference server. The read form carries every field the service may leave
# out (supplementaryName, email, tags, translations, structuredAddress), so a merge can
# keep them; `--yes` is passed all the same.
ONE_ID=0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11
read_form() { # ID: the read form nginx answers, with ID as its id
    printf '%s' '{"id":"'"$1"'","storeId":"S-1","storeName":"x","address":"Main 1","city":"Berlin","postCode":"10117","countryCode":"DE","latitude":52.1,"longitude":13.4,"telephoneNumber":null,"description":null,"hasDisabledAccess":false,"logoUrl":null,"photoUrls":[],"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c","name":"Demo"},"links":[],"supplementaryName":null,"email":null,"tags":null,"translations":null,"structuredAddress":null}'
}
# What the merge of {"city":"X"} over that read form sends (259 bytes, as locadm sends
# it), for oha's and wrk's PUTs.
PUT_BODY='{"storeId":"S-1","storeName":"x","address":"Main 1","city":"X","postCode":"10117","countryCode":"DE","latitude":52.1,"longitude":13.4,"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c"},"photoUrls":[],"hasDisabledAccess":false,"description":null}'
printf '%s' "$PUT_BODY" >"$WORK/put.json"
SCOPE="can-read-locations can-update-locations can-create-locations can-delete-locations"
start_nginx "        location ~ \"^/locations/(?<id>[0-9a-fA-F-]{36})\$\" {
            if (\$request_method = PUT) {
                return 200 '{\"rel\":\"self\",\"href\":\"/locations/\$id\"}';
            }
            if (\$request_method != GET) { return 405; }
            return 200 '$(read_form '$id')';
        }
        location = /oauth/token {
            if (\$request_method != POST) { return 405; }
            return 200 '{\"access_token\":\"bench-token\",\"token_type\":\"Bearer\",\"expires_in\":3600,\"scope\":\"$SCOPE\"}';
        }"
ONE=$NGINX/locations/$ONE_ID
for _ in $(seq 50); do curl -sf -o /dev/null "$ONE" && break; sleep 0.1; done
[ "$(curl -sf "$ONE" 2>/dev/null)" = "$(read_form "$ONE_ID")" ] ||
    { say "nginx did not start (or answers another body)"; cat "$WORK/nginx/error.log" >&2; exit 1; }
curl -sf -o /dev/null -X PUT -H 'Content-Type: application/json' --data-binary @"$WORK/put.json" "$ONE" ||
    { say "nginx does not answer PUT"; exit 1; }

# The emulator.
"$LOCADM" emulator serve --addr 127.0.0.1:0 >"$WORK/emulator.out" 2>"$WORK/emulator.err" &
PIDS+=($!)
for _ in $(seq 100); do [ -s "$WORK/emulator.out" ] && break; sleep 0.1; done
EMU_BANNER=$(head -n 1 "$WORK/emulator.out")
json_field() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }
EMU=$(json_field base_url <<<"$EMU_BANNER")
EMU_TOKEN_URL=$(json_field token_url <<<"$EMU_BANNER")
EMU_ID=$(json_field client_id <<<"$EMU_BANNER")
EMU_SECRET=$(json_field client_secret <<<"$EMU_BANNER")
[ -n "$EMU" ] || { say "the emulator did not start"; cat "$WORK/emulator.err" >&2; exit 1; }

# ---------------------------------------------------------------------------------------
# Measurements. Details go to $WORK.

# locadm_run NAME BASE TOKEN_URL ID SECRET ARGS...: runs locadm ARGS in a clean
# environment (no LOCADM_* but these, no keyring, HOME in $WORK). Stdout goes to
# $WORK/NAME.out, stderr to NAME.err; writes the "while sending" rate (its summary line)
# to NAME.send, the end-to-end rate (records / wall time) to NAME.e2e, the wall time in
# seconds to NAME.wall and the peak RSS in KiB to NAME.rss.
locadm_run() {
    local name=$1 base=$2 token_url=$3 id=$4 secret=$5
    shift 5
    mkdir -p "$WORK/home" "$WORK/tmp"
    env -i PATH="$PATH" HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/config" \
        XDG_DATA_HOME="$WORK/home/data" TMPDIR="$WORK/tmp" LOCADM_KEYRING=none \
        LOCADM_CLIENT_ID="$id" LOCADM_CLIENT_SECRET="$secret" \
        LOCADM_BASE_URL="$base" LOCADM_TOKEN_URL="$token_url" \
        /usr/bin/time -v -o "$WORK/$name.time" "$LOCADM" "$@" \
        >"$WORK/$name.out" 2>"$WORK/$name.err" || {
        say "locadm $* ($name) failed:"; tail -n 5 "$WORK/$name.err" >&2; exit 1; }
    local n wall
    n=$(grep -Eo '[0-9]+ records?: .* in [0-9.]+ s \([0-9]+/s\)$' "$WORK/$name.err" | tail -n 1 | cut -d' ' -f1)
    [ -n "$n" ] || { say "locadm ($name) printed no summary:"; tail -n 5 "$WORK/$name.err" >&2; exit 1; }
    sed -n 's/.* in [0-9.]* s (\([0-9]*\)\/s)$/\1/p' "$WORK/$name.err" | tail -n 1 >"$WORK/$name.send"
    sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/$name.time" >"$WORK/$name.rss"
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$WORK/$name.time" |
        awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
    echo "$wall" >"$WORK/$name.wall"
    awk -v n="$n" -v s="$wall" 'BEGIN { printf "%.0f\n", n / s }' >"$WORK/$name.e2e"
}

# export_run NAME IDS BASE TOKEN_URL ID SECRET: `location get --ids-from IDS`, checked to
# print one read form an id.
export_run() {
    local name=$1 ids=$2 n got
    shift 2
    locadm_run "$name" "$@" location get --ids-from "$ids" -o ndjson --concurrency "$CONCURRENCY"
    n=$(wc -l <"$ids")
    got=$(grep -c '"locationProvider"' "$WORK/$name.out" || true)
    [ "$got" -eq "$n" ] || { say "export ($name): $got read forms for $n ids"; exit 1; }
}

# merge_run NAME PATCH: `location apply -f PATCH --yes` against nginx, checked to update
# every record.
merge_run() {
    local name=$1 patch=$2 n got
    locadm_run "$name" "$NGINX" "$NGINX/oauth/token" bench bench \
        location apply -f "$patch" --yes --concurrency "$CONCURRENCY"
    n=$(wc -l <"$patch")
    got=$(grep -c '"outcome":"updated"' "$WORK/$name.out" || true)
    [ "$got" -eq "$n" ] || { say "merge ($name): $got of $n updated:"; tail -n 3 "$WORK/$name.err" >&2; exit 1; }
}

# oha_run NAME N METHOD URL [ARGS...]: N requests at CONCURRENCY, every one checked to be
# a 2xx; prints requests/s.
OHA_FORMAT=(--json)
"$OHA" --help 2>&1 | grep -q -- '--output-format' && OHA_FORMAT=(--output-format json)
oha_run() {
    local name=$1 n=$2 method=$3 url=$4
    shift 4
    "$OHA" --no-tui "${OHA_FORMAT[@]}" -n "$n" -c "$CONCURRENCY" -m "$method" "$@" "$url" \
        >"$WORK/$name.json" 2>"$WORK/$name.err" || { say "oha ($name) failed:"; tail -n 3 "$WORK/$name.err" >&2; exit 1; }
    python3 - "$WORK/$name.json" "$n" <<'PY' || exit 1
import json, sys
report = json.load(open(sys.argv[1]))
codes = report.get("statusCodeDistribution", {})
ok = sum(v for k, v in codes.items() if k.startswith("2"))
if ok != int(sys.argv[2]):
    sys.exit(f"oha: {ok} of {sys.argv[2]} answered 2xx: {codes} {report.get('errorDistribution')}")
print(round(report["summary"]["requestsPerSec"]))
PY
}

# wrk_run METHOD: requests/s of wrk GETs or PUTs of one location for WRK_SECS seconds.
cat >"$WORK/put.lua" <<EOF
wrk.method = "PUT"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer bench-token"
wrk.body = '$PUT_BODY'
EOF
cat >"$WORK/get.lua" <<'EOF'
wrk.headers["Authorization"] = "Bearer bench-token"
EOF
wrk_run() {
    local script=$WORK/get.lua
    [ "$1" = PUT ] && script=$WORK/put.lua
    "$WRK" -t2 -c"$CONCURRENCY" -d"${WRK_SECS}s" -s "$script" "$ONE" |
        sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' | awk '{ printf "%.0f\n", $1 }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "n/a" }'; }
at_least() { awk -v r="$1" -v t="$2" 'BEGIN { if (r == "n/a") print "n/a"; else if (r + 0 >= t) print "PASS"; else print "FAIL" }'; }
at_most() { awk -v r="$1" -v t="$2" 'BEGIN { if (r == "n/a") print "n/a"; else if (r + 0 <= t) print "PASS"; else print "FAIL" }'; }
AUTH=(-H "Authorization: Bearer bench-token")

say "measuring (concurrency $CONCURRENCY; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg))…"

# (a) The emulator: create SMALL locations, then export them by the ids apply reported.
say "  emulator: creating $SMALL locations…"
locadm_run emu-create "$EMU" "$EMU_TOKEN_URL" "$EMU_ID" "$EMU_SECRET" \
    location apply -f "$WORK/records.ndjson" --concurrency "$CONCURRENCY"
grep -o '"id":"[0-9a-f-]*"' "$WORK/emu-create.out" | cut -d'"' -f4 >"$WORK/emu.ids"
[ "$(wc -l <"$WORK/emu.ids")" -eq "$SMALL" ] || { say "the emulator created $(wc -l <"$WORK/emu.ids") of $SMALL"; exit 1; }
EMU_ONE=$EMU/locations/$(head -n 1 "$WORK/emu.ids")
EMU_BEARER=$(curl -sf -u "$EMU_ID:$EMU_SECRET" -d grant_type=client_credentials "$EMU_TOKEN_URL" |
    json_field access_token)
[ -n "$EMU_BEARER" ] || { say "no token from the emulator"; exit 1; }
for f in emu-export.send emu-export.e2e emu-oha.rates; do : >"$WORK/$f.all"; done
for run in $(seq "$RUNS"); do
    export_run emu-export "$WORK/emu.ids" "$EMU" "$EMU_TOKEN_URL" "$EMU_ID" "$EMU_SECRET"
    cat "$WORK/emu-export.send" >>"$WORK/emu-export.send.all"
    cat "$WORK/emu-export.e2e" >>"$WORK/emu-export.e2e.all"
    oha_run emu-oha "$SMALL" GET "$EMU_ONE" -H "Authorization: Bearer $EMU_BEARER" >>"$WORK/emu-oha.rates.all"
    say "  emulator run $run of $RUNS: export $(cat "$WORK/emu-export.send")/s sending ($(cat "$WORK/emu-export.e2e")/s end to end); oha GET $(tail -n 1 "$WORK/emu-oha.rates.all")/s"
done

# (b) nginx: rates at LARGE, alternating with oha; the peak RSS at LARGE from the same
# runs and at SMALL from runs of their own.
for f in x-large.send x-large.e2e x-large.rss x-small.rss m-large.send m-large.e2e \
    m-large.wall m-large.rss m-small.rss x-large.wall oha-get oha-put wrk-get wrk-put; do
    : >"$WORK/$f.all"
done
for run in $(seq "$RUNS"); do
    export_run x-large "$WORK/large.ids" "$NGINX" "$NGINX/oauth/token" bench bench
    for f in send e2e wall rss; do cat "$WORK/x-large.$f" >>"$WORK/x-large.$f.all"; done
    oha_run oha-get "$LARGE" GET "$ONE" "${AUTH[@]}" >>"$WORK/oha-get.all"
    merge_run m-large "$WORK/large.patch.ndjson"
    for f in send e2e wall rss; do cat "$WORK/m-large.$f" >>"$WORK/m-large.$f.all"; done
    oha_run oha-put "$LARGE" PUT "$ONE" "${AUTH[@]}" -T application/json -D "$WORK/put.json" >>"$WORK/oha-put.all"
    export_run x-small "$WORK/small.ids" "$NGINX" "$NGINX/oauth/token" bench bench
    cat "$WORK/x-small.rss" >>"$WORK/x-small.rss.all"
    merge_run m-small "$WORK/small.patch.ndjson"
    cat "$WORK/m-small.rss" >>"$WORK/m-small.rss.all"
    if [ -n "$WRK" ]; then
        wrk_run GET >>"$WORK/wrk-get.all"
        wrk_run PUT >>"$WORK/wrk-put.all"
    fi
    say "  nginx run $run of $RUNS: export $(cat "$WORK/x-large.send")/s, oha GET $(tail -n 1 "$WORK/oha-get.all")/s; merge $(cat "$WORK/m-large.send")/s, oha PUT $(tail -n 1 "$WORK/oha-put.all")/s; RSS export $(cat "$WORK/x-small.rss")/$(cat "$WORK/x-large.rss") KiB, merge $(cat "$WORK/m-small.rss")/$(cat "$WORK/m-large.rss") KiB"
done
[ -s "$WORK/nginx/error.log" ] && { say "nginx logged:"; tail -n 5 "$WORK/nginx/error.log" >&2; }

m() { median <"$WORK/$1.all"; }
EMU_X=$(m emu-export.send); EMU_X_E2E=$(m emu-export.e2e); EMU_OHA=$(m emu-oha.rates)
X=$(m x-large.send); X_E2E=$(m x-large.e2e); X_WALL=$(m x-large.wall); GET=$(m oha-get)
M=$(m m-large.send); M_E2E=$(m m-large.e2e); M_WALL=$(m m-large.wall); PUT=$(m oha-put)
X_RSS_S=$(m x-small.rss); X_RSS_L=$(m x-large.rss)
M_RSS_S=$(m m-small.rss); M_RSS_L=$(m m-large.rss)
WRK_GET=$(m wrk-get); WRK_PUT=$(m wrk-put)

R_X=$(ratio "$X" "$GET"); R_X_E2E=$(ratio "$X_E2E" "$GET")
R_M=$(ratio "$M" "$PUT"); R_M_E2E=$(ratio "$M_E2E" "$PUT")
R_EMU=$(ratio "$EMU_X" "$EMU_OHA")
R_X_RSS=$(ratio "$X_RSS_L" "$X_RSS_S"); R_M_RSS=$(ratio "$M_RSS_L" "$M_RSS_S")

row() { printf '%-40s %9s %12s %12s %9s\n' "$@"; }
cat <<EOF

bulk edit benchmark — concurrency $CONCURRENCY, $(nproc) cores, $(date -u +%FT%TZ)
(locadm: requests or records/s while sending (its summary line) | end to end (process
 start to exit); oha: requests/s; nginx rows at $LARGE records or requests, emulator rows at
 $SMALL; medians of $RUNS alternating runs)

EOF
row "" records "sending/s" "end to end/s" "wall s"
row "export, locadm get -> emulator" "$SMALL" "$EMU_X" "$EMU_X_E2E" ""
row "  oha GET -> emulator" "$SMALL" "$EMU_OHA" "" ""
row "export, locadm get -> nginx" "$LARGE" "$X" "$X_E2E" "$X_WALL"
row "  oha GET -> nginx" "$LARGE" "$GET" "" ""
row "merge, locadm apply -> nginx" "$LARGE" "$M" "$M_E2E" "$M_WALL"
row "  oha PUT -> nginx" "$LARGE" "$PUT" "" ""
if [ -n "$WRK" ]; then
    row "  wrk GET -> nginx (${WRK_SECS} s, reference)" "" "$WRK_GET" "" ""
    row "  wrk PUT -> nginx (${WRK_SECS} s, reference)" "" "$WRK_PUT" "" ""
fi
cat <<EOF

peak RSS (KiB)                            $(printf '%9s %9s' "$SMALL" "$LARGE")   large/small
export, locadm get -> nginx               $(printf '%9s %9s' "$X_RSS_S" "$X_RSS_L")   $R_X_RSS   (target <= 1.25: $(at_most "$R_X_RSS" 1.25))
merge, locadm apply -> nginx              $(printf '%9s %9s' "$M_RSS_S" "$M_RSS_L")   $R_M_RSS   (target <= 1.25: $(at_most "$R_M_RSS" 1.25))

export / oha GET, sending        $R_X   (target >= 0.80: $(at_least "$R_X" 0.8))
export / oha GET, end to end     $R_X_E2E
merge / oha PUT, sending         $R_M   (target >= 0.40: $(at_least "$R_M" 0.4))
merge / oha PUT, end to end      $R_M_E2E
export / oha GET, emulator       $R_EMU
EOF
if [ -n "$WRK" ]; then
    cat <<EOF
export / wrk GET, sending        $(ratio "$X" "$WRK_GET")
merge / wrk PUT, sending         $(ratio "$M" "$WRK_PUT")
EOF
fi
exit 0
