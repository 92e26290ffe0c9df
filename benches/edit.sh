#!/usr/bin/env bash
# Throughput and memory of the bulk edit commands (a benchmark script, not a timed test).
#
#     benches/edit.sh      # CONCURRENCY=16 SMALL=10000 LARGE=100000 RUNS=3 SECS=5
#
# In one run, at the same concurrency, against a static nginx on 127.0.0.1 that answers
# GET /locations/<id> with one read form, PUT /locations/<id> with a self link and
# POST /oauth/token with a token:
#   export  `locadm location get --ids-from IDS -o ndjson`   vs  wrk GETs of one location
#   merge   `locadm location apply -f PATCH` ({"id","city"}: a GET and a PUT a record)
#                                                             vs  wrk PUTs of one body
# RUNS alternating runs each, medians taken (these machines are noisy). locadm's rate is
# its own "while sending" figure (its summary line: first request to last answer), as
# wrk's Requests/sec is; the end-to-end wall time is shown beside it. Then the peak RSS
# (`/usr/bin/time -v`) of export and merge at SMALL and LARGE records.
# wrk (Debian) stands in for oha: it is the faster of the two load generators here, so
# the ratios are the stricter ones. Targets (issue 13): export >= 0.8x wrk's GETs; merge
# records/s >= 0.4x wrk's PUTs (two requests a record); peak RSS at LARGE within 1.25x
# of SMALL. Also the export rate against the emulator, for scale.
#
# Every server started here is stopped by its PID, and the temporary directory removed,
# on any exit.
set -euo pipefail

CONCURRENCY=${CONCURRENCY:-16}
SMALL=${SMALL:-10000}
LARGE=${LARGE:-100000}
RUNS=${RUNS:-3}
SECS=${SECS:-5}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/locadm-edit-bench.XXXXXX")
PIDS=()

cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        fi
    done
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { printf '%s\n' "$*" >&2; }
need() { command -v "$1" >/dev/null 2>&1 || { say "missing: $1 ($2)"; exit 1; }; }
need nginx "Debian: apt-get install nginx"
need wrk "Debian: apt-get install wrk"
need curl "Debian: apt-get install curl"
need python3 "Debian: apt-get install python3"
[ -x /usr/bin/time ] || { say "missing: /usr/bin/time (Debian: apt-get install time)"; exit 1; }

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

say "building (release)…"
(cd "$ROOT" && cargo build --release --quiet --bin locadm --example gen_records)
LOCADM=$ROOT/target/release/locadm
GEN=$ROOT/target/release/examples/gen_records

# Inputs: ids, and merge patches of them.
python3 - "$WORK" "$SMALL" "$LARGE" <<'EOF'
import json, sys, uuid
work, small, large = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for name, n in (("small", small), ("large", large)):
    ids = [str(uuid.uuid4()) for _ in range(n)]
    with open(f"{work}/{name}.ids", "w") as f:
        f.write("".join(i + "\n" for i in ids))
    with open(f"{work}/{name}.patch.ndjson", "w") as f:
        f.write("".join(json.dumps({"id": i, "city": "Potsdam"}) + "\n" for i in ids))
EOF

# The static reference server: one read form for every id (the merge then always differs
# from it, so every record is a GET and a PUT).
READ='{"id":"0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11","storeId":"S-1","storeName":"Bench","address":"Main 1","city":"Berlin","postCode":"10117","countryCode":"DE","latitude":52.1,"longitude":13.4,"telephoneNumber":null,"description":null,"hasDisabledAccess":false,"logoUrl":null,"photoUrls":[],"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c","name":"Demo"},"links":[],"supplementaryName":null,"email":null,"tags":null,"translations":null}'
NGINX_PORT=$(free_port)
mkdir -p "$WORK/nginx"
cat >"$WORK/nginx/nginx.conf" <<EOF
daemon off;
master_process off;
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $WORK/nginx/body;
    proxy_temp_path $WORK/nginx/proxy;
    fastcgi_temp_path $WORK/nginx/fastcgi;
    uwsgi_temp_path $WORK/nginx/uwsgi;
    scgi_temp_path $WORK/nginx/scgi;
    client_body_buffer_size 64k;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        default_type application/json;
        location /locations/ {
            if (\$request_method = PUT) {
                return 200 '{"rel":"self","href":"\$uri"}';
            }
            return 200 '$READ';
        }
        location = /oauth/token {
            return 200 '{"access_token":"bench-token","token_type":"Bearer","expires_in":3600,"scope":"can-read-locations can-update-locations can-create-locations can-delete-locations"}';
        }
    }
}
EOF
nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx/error.log" &
PIDS+=($!)
NGINX=http://127.0.0.1:$NGINX_PORT
ONE=$NGINX/locations/0b5e3f0e-8d4c-4f4a-9a57-0f0b2a0c6e11
for _ in $(seq 50); do curl -sf -o /dev/null "$ONE" && break; sleep 0.1; done
curl -sf -o /dev/null "$ONE" || { say "nginx did not start"; cat "$WORK/nginx/error.log" >&2; exit 1; }

# locadm NAME BASE TOKEN_URL ID SECRET ARGS...: runs locadm in a clean environment; the
# summary goes to $WORK/NAME.err, the peak RSS to $WORK/NAME.time; prints "sending/s
# wall_s".
locadm_run() {
    local name=$1 base=$2 token_url=$3 id=$4 secret=$5
    shift 5
    mkdir -p "$WORK/home"
    local start end
    start=$(date +%s.%N)
    env -i PATH="$PATH" HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/config" \
        XDG_DATA_HOME="$WORK/home/data" LOCADM_KEYRING=none \
        LOCADM_CLIENT_ID="$id" LOCADM_CLIENT_SECRET="$secret" \
        LOCADM_BASE_URL="$base" LOCADM_TOKEN_URL="$token_url" \
        /usr/bin/time -v -o "$WORK/$name.time" "$LOCADM" "$@" \
        >"$WORK/$name.out" 2>"$WORK/$name.err" || {
        say "locadm $* failed:"; tail -5 "$WORK/$name.err" >&2; exit 1; }
    end=$(date +%s.%N)
    local rate
    rate=$(grep -Eo '\(([0-9]+)/s\)' "$WORK/$name.err" | tail -1 | tr -dc '0-9')
    printf '%s %.2f\n' "$rate" "$(echo "$end - $start" | bc -l)"
}

rss_kib() { sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/$1.time"; }

wrk_get() {
    wrk -t2 -c"$CONCURRENCY" -d"${SECS}s" "$ONE" | sed -n 's/^Requests\/sec: *//p' | cut -d. -f1
}

cat >"$WORK/put.lua" <<'EOF'
wrk.method = "PUT"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"storeId":"S-1","storeName":"Bench","address":"Main 1","city":"Potsdam","postCode":"10117","countryCode":"DE","latitude":52.1,"longitude":13.4,"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c"},"photoUrls":[],"hasDisabledAccess":false,"description":null}'
EOF
wrk_put() {
    wrk -t2 -c"$CONCURRENCY" -d"${SECS}s" -s "$WORK/put.lua" "$ONE" | sed -n 's/^Requests\/sec: *//p' | cut -d. -f1
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ratio() { python3 -c "print(f'{$1/$2:.2f}')"; }
pass() { python3 -c "print('PASS' if $1 >= $2 else 'FAIL')"; }

N=$(wc -l <"$WORK/small.ids")
say "export and merge of $N records vs wrk, concurrency $CONCURRENCY, $RUNS runs alternating…"
: >"$WORK/export.rates"; : >"$WORK/export.walls"; : >"$WORK/wrk.get"
: >"$WORK/merge.rates"; : >"$WORK/merge.walls"; : >"$WORK/wrk.put"
for run in $(seq "$RUNS"); do
    read -r rate wall < <(locadm_run "export$run" "$NGINX" "$NGINX/oauth/token" bench bench \
        location get --ids-from "$WORK/small.ids" -o ndjson --concurrency "$CONCURRENCY")
    echo "$rate" >>"$WORK/export.rates"; echo "$wall" >>"$WORK/export.walls"
    wrk_get >>"$WORK/wrk.get"
    read -r rate wall < <(locadm_run "merge$run" "$NGINX" "$NGINX/oauth/token" bench bench \
        location apply -f "$WORK/small.patch.ndjson" --yes --concurrency "$CONCURRENCY")
    echo "$rate" >>"$WORK/merge.rates"; echo "$wall" >>"$WORK/merge.walls"
    wrk_put >>"$WORK/wrk.put"
    say "  run $run: export $(tail -1 "$WORK/export.rates")/s, wrk GET $(tail -1 "$WORK/wrk.get")/s, merge $(tail -1 "$WORK/merge.rates")/s, wrk PUT $(tail -1 "$WORK/wrk.put")/s"
done
EXPORT=$(median <"$WORK/export.rates"); EXPORT_WALL=$(median <"$WORK/export.walls")
GET=$(median <"$WORK/wrk.get")
MERGE=$(median <"$WORK/merge.rates"); MERGE_WALL=$(median <"$WORK/merge.walls")
PUT=$(median <"$WORK/wrk.put")
grep -q "$N updated" "$WORK/merge1.err" || { say "the merge did not update every record:"; cat "$WORK/merge1.err" >&2; exit 1; }
[ "$(wc -l <"$WORK/export1.out")" -eq "$N" ] || { say "the export did not print every record"; exit 1; }

say "peak memory at $SMALL and $LARGE records…"
locadm_run export-small "$NGINX" "$NGINX/oauth/token" bench bench \
    location get --ids-from "$WORK/small.ids" -o ndjson --concurrency "$CONCURRENCY" >/dev/null
locadm_run export-large "$NGINX" "$NGINX/oauth/token" bench bench \
    location get --ids-from "$WORK/large.ids" -o ndjson --concurrency "$CONCURRENCY" >/dev/null
locadm_run merge-small "$NGINX" "$NGINX/oauth/token" bench bench \
    location apply -f "$WORK/small.patch.ndjson" --yes --concurrency "$CONCURRENCY" >/dev/null
locadm_run merge-large "$NGINX" "$NGINX/oauth/token" bench bench \
    location apply -f "$WORK/large.patch.ndjson" --yes --concurrency "$CONCURRENCY" >/dev/null

say "export against the emulator, for scale…"
"$LOCADM" emulator serve --addr 127.0.0.1:0 >"$WORK/emulator.out" 2>"$WORK/emulator.err" &
PIDS+=($!)
for _ in $(seq 100); do [ -s "$WORK/emulator.out" ] && break; sleep 0.1; done
json_field() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p"; }
BANNER=$(head -n 1 "$WORK/emulator.out")
EMU=$(json_field base_url <<<"$BANNER"); EMU_TOKEN=$(json_field token_url <<<"$BANNER")
EMU_ID=$(json_field client_id <<<"$BANNER"); EMU_SECRET=$(json_field client_secret <<<"$BANNER")
"$GEN" "$SMALL" >"$WORK/records.ndjson"
locadm_run emu-create "$EMU" "$EMU_TOKEN" "$EMU_ID" "$EMU_SECRET" \
    location apply -f "$WORK/records.ndjson" --concurrency "$CONCURRENCY" >/dev/null
cp "$WORK/emu-create.out" "$WORK/emu.results"
read -r EMU_EXPORT _ < <(locadm_run emu-export "$EMU" "$EMU_TOKEN" "$EMU_ID" "$EMU_SECRET" \
    location get --ids-from "$WORK/emu.results" -o ndjson --concurrency "$CONCURRENCY")

printf '\n%-44s %12s %10s %8s\n' "measure ($N records, concurrency $CONCURRENCY)" "value" "ratio" "target"
printf '%-44s %10s/s %10s %8s\n' "export, locadm get (while sending)" "$EXPORT" "$(ratio "$EXPORT" "$GET")" "$(pass "$(ratio "$EXPORT" "$GET")" 0.8)"
printf '%-44s %10s/s\n' "  wrk GET (reference)" "$GET"
printf '%-44s %11s s\n' "  export end to end (wall)" "$EXPORT_WALL"
printf '%-44s %10s/s %10s %8s\n' "merge, locadm apply records (while sending)" "$MERGE" "$(ratio "$MERGE" "$PUT")" "$(pass "$(ratio "$MERGE" "$PUT")" 0.4)"
printf '%-44s %10s/s\n' "  wrk PUT (reference)" "$PUT"
printf '%-44s %11s s\n' "  merge end to end (wall)" "$MERGE_WALL"
for kind in export merge; do
    small=$(rss_kib "$kind-small"); large=$(rss_kib "$kind-large")
    r=$(ratio "$large" "$small")
    printf '%-44s %7s MiB %10s %8s\n' "$kind peak RSS at $LARGE vs $SMALL" "$((large / 1024)) / $((small / 1024))" "$r" "$(python3 -c "print('PASS' if $r <= 1.25 else 'FAIL')")"
done
printf '%-44s %10s/s\n' "export against the emulator" "$EMU_EXPORT"
