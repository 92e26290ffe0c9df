#!/usr/bin/env bash
# `location apply` over TLS 1.3 against nginx, side by side with wrk and h2load, and
# behind a proxy that allows 2 connections per client (issue 17; a benchmark script, not a
# timed test).
#
#     benches/tls.sh   # CONCURRENCY=16 RECORDS=20000 RUNS=3 SMALL=10000 LARGE=100000
#                      # WRK_SECONDS=3 WRK_THREADS=1 H2LOAD_THREADS=1
#                      # [BASELINE="path/to/another/locadm ..."] [PARTS=all|throughput]
#
# BASELINE, other builds of locadm (an earlier commit's, from `git worktree add` and
# `cargo build --release --target-dir ...`), are run in each run right after this build's
# `apply --concurrency N`, on the same records and server, and each gets a row and a
# ratio: this build / that build (the median of the run-by-run ratios too, as the machine
# drifts). PARTS=throughput runs part 1 and part 4 only (apply, the builds, wrk and h2load
# at CONCURRENCY, and the peak RSS), for a side by side at RECORDS=100000 in minutes.
#
# In one run, with a throwaway test CA and a server certificate for 127.0.0.1 and
# localhost made here with openssl, and nginx (Debian's, run in the foreground with its
# own prefix) serving TLS 1.3 only, HTTP/2 and HTTP/1.1 offered by ALPN, `POST /locations`
# answered 201 with a self link and `POST /oauth/token` with a token (as benches/apply.sh's
# nginx over plain HTTP):
#
#   1. at CONCURRENCY in flight and RECORDS records: `location apply --concurrency N`
#      and `--concurrency auto` (the rate while sending, from apply's own summary line),
#      wrk (`-c N`, a Lua script POSTing one body), h2load over HTTP/1.1 (`--h1 -c N`)
#      and over h2 (`-c N -m 1`): apply / best of wrk and h2load over HTTP/1.1, target
#      >= 0.95 (the issue's); auto / fixed, target >= 0.9;
#   2. through nginx's stream module allowing 2 TCP connections per client IP
#      (`limit_conn` in a `stream {}` server passing the TLS bytes through to the server
#      above): `apply --max-connections 2 --concurrency auto` and `--concurrency N`
#      against `h2load -c 2 -m N/2` (the same connections and streams in flight): target
#      >= 0.9, and `--concurrency auto` against the best of that and `h2load -c 2 -m 128`
#      (nginx's most streams a connection). These apply runs get their token from the
#      server without the limit (an identity provider is another host as a rule, and
#      h2load fetches none). Two more, reported without a target: apply given no
#      `--max-connections` (does it learn the limit from the refused connections?), and
#      apply getting its token through the limit too (the token's kept-alive connection
#      then takes one of the 2). For each, the connections nginx refused are counted
#      from the stream server's access log, with the time from the first to the last;
#   3. TLS sessions: `apply --concurrency auto` against a server that closes each
#      connection after 100 requests (`keepalive_requests`), and from nginx's log of
#      that server (`$ssl_session_reused` for each connection) how many connections the
#      run opened and how many resumed a session instead of a full handshake;
#   4. the peak RSS (`/usr/bin/time -v`) of `apply --concurrency N` over TLS at SMALL and
#      LARGE records: target <= 1.25 (flat);
#   5. the floor under apply: `examples/tls_loop.rs`, the same POST in a bare loop on
#      tokio-rustls (apply's TLS stack) with no HTTP library and no records, at the same
#      concurrency; and the same loop kept busy BUSY_NS after each answer (a spin). With
#      nginx on the same two cores, a client quicker than the server sleeps between
#      answers, and nginx pays a wake-up of the client's thread on each answer it writes
#      (`perf`: 13% of nginx's time in sock_def_readable's wake-up against 2.5% for wrk);
#      a busier client is woken less, and the loop then goes faster, not slower (on
#      some machines; on others the busy loop is the slower). Then the same loop through
#      hyper's HTTP/1.1 client connection, as apply's connections send
#      (crates/locadm-transport/src/exchange.rs): apply / the hyper loop is what apply's own work on each record
#      (spool, request, pace, answer, report) costs; the two loops' rows side by side,
#      what going through hyper's connection task costs (or gains: on this machine the
#      hyper loop was the quicker in the twenty-third session's run, 92,295/s to
#      86,650/s).
#
# wrk and h2load send apply's request: the same headers (user agent and `Accept`
# included: nginx parses them) and the first record's body.
#
# Why the stream module: nginx's http `limit_conn` does not limit TCP connections. It
# counts requests being processed (a request answered at once, as `return 201` is, never
# counts at all: `return` runs before the phase limit_conn checks), and over HTTP/2 it
# counts every stream as a connection. The script checks this on the nginx it runs
# (a slow download, 8 streams on ONE h2 connection to a server with `limit_conn 2`): on
# Debian 12's nginx 1.22.1, 6 of the 8 are answered 503.
#
# apply, wrk and h2load run RUNS times each, alternating (apply and the BASELINE builds
# taking turns at going first), and the median is taken (these machines are noisy; only
# ratios measured side by side mean anything). Every server is
# stopped by its PID and the temporary directory (keys included) removed on any exit; all
# traffic stays on 127.0.0.1. Nothing is installed: a missing tool is named with its
# Debian package.
set -euo pipefail

CONCURRENCY=${CONCURRENCY:-16}
RECORDS=${RECORDS:-20000}
RUNS=${RUNS:-3}
SMALL=${SMALL:-10000}
LARGE=${LARGE:-100000}
WRK_SECONDS=${WRK_SECONDS:-3}
WRK_THREADS=${WRK_THREADS:-1}
H2LOAD_THREADS=${H2LOAD_THREADS:-1}
BUSY_NS=${BUSY_NS:-5000}
BASELINE=${BASELINE:-}
PARTS=${PARTS:-all}
case $PARTS in all | throughput) ;; *) echo "PARTS is all or throughput, not $PARTS" >&2; exit 1 ;; esac
# The connections nginx allows a client in part 2, and the h2 streams on each that put
# CONCURRENCY in flight.
LIMIT=2
STREAMS=$(((CONCURRENCY + LIMIT - 1) / LIMIT))
# nginx's http2_max_concurrent_streams (128 by default): LIMIT x this is the most that can
# be in flight, and `auto` may go up to 256.
MAX_STREAMS=128
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/locadm-tls-bench.XXXXXX")
source "$ROOT/benches/servers.sh"

NGINX_BIN=$(command -v nginx || true)
[ -z "$NGINX_BIN" ] && [ -x /usr/sbin/nginx ] && NGINX_BIN=/usr/sbin/nginx
[ -n "$NGINX_BIN" ] || { say "missing: nginx (Debian: apt-get install nginx)"; exit 1; }
STREAM_MODULE=${STREAM_MODULE:-/usr/lib/nginx/modules/ngx_stream_module.so}
if [ "$PARTS" = all ]; then
    [ -f "$STREAM_MODULE" ] || { say "missing: nginx's stream module $STREAM_MODULE (Debian: apt-get install libnginx-mod-stream)"; exit 1; }
fi
need openssl "Debian: apt-get install openssl"
need wrk "Debian: apt-get install wrk"
need h2load "Debian: apt-get install nghttp2-client"
need curl "Debian: apt-get install curl"
need python3 "Debian: apt-get install python3"
[ -x /usr/bin/time ] || { say "missing: /usr/bin/time (Debian: apt-get install time)"; exit 1; }
for build in $BASELINE; do
    [ -x "$build" ] || { say "BASELINE: $build is not an executable"; exit 1; }
done


# ---------------------------------------------------------------------------------------
build_release
(cd "$ROOT" && cargo build --release --quiet --example tls_loop)
TLS_LOOP=$ROOT/target/release/examples/tls_loop
# What apply sends as its user agent (`locadm/VERSION`), for wrk and h2load to send too.
USER_AGENT="locadm/$("$LOCADM" --version | awk '{ print $2 }')"

"$GEN" "$RECORDS" >"$WORK/records.ndjson"
"$GEN" "$SMALL" >"$WORK/small.ndjson"
"$GEN" "$LARGE" >"$WORK/large.ndjson"
head -n 1 "$WORK/records.ndjson" >"$WORK/one.json"

# ---------------------------------------------------------------------------------------
# A test CA (P-256) and a server certificate it signs for 127.0.0.1 and localhost.
mkdir -m 700 "$WORK/tls"
(
    cd "$WORK/tls"
    openssl req -x509 -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
        -keyout ca.key -out ca.pem -days 2 -subj "/CN=locadm benchmark CA (throwaway)" \
        -addext "basicConstraints=critical,CA:TRUE" \
        -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
    openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
        -keyout server.key -out server.csr -subj "/CN=127.0.0.1" 2>/dev/null
    printf '%s\n' "basicConstraints=critical,CA:FALSE" "keyUsage=critical,digitalSignature" \
        "extendedKeyUsage=serverAuth" "subjectAltName=IP:127.0.0.1,DNS:localhost" >server.ext
    openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial \
        -out server.pem -days 2 -extfile server.ext 2>/dev/null
    openssl verify -CAfile ca.pem server.pem >/dev/null
) || { say "could not make the test CA and certificate with openssl"; exit 1; }

# ---------------------------------------------------------------------------------------
# nginx: the TLS server (h2 and http/1.1 by ALPN), a server with http `limit_conn` for the
# check above, and a stream server allowing LIMIT connections per client IP in front of
# the TLS server (TLS passed through).
TLS_PORT=$(free_port)
PROBE_PORT=$(free_port)
LIMITED_PORT=$(free_port)
RESUME_PORT=$(free_port)
NGINX_VERSION=$("$NGINX_BIN" -v 2>&1 | sed -n 's|.*nginx/\([0-9.]*\).*|\1|p')
# `http2 on;` is nginx 1.25.1's; before it, `http2` is a parameter of `listen`.
if [ "$(printf '%s\n' 1.25.1 "$NGINX_VERSION" | sort -V | head -n 1)" = 1.25.1 ]; then
    H2_LISTEN=""; H2_ON="http2 on;"
else
    H2_LISTEN=" http2"; H2_ON=""
fi
N=$WORK/nginx
mkdir -p "$N/html"
head -c 524288 /dev/zero >"$N/html/slow"
# Part 2's stream server (and its module) only when part 2 runs.
LOAD_STREAM="" STREAM_SERVER=""
if [ "$PARTS" = all ]; then
    LOAD_STREAM="load_module $STREAM_MODULE;"
    STREAM_SERVER=$(cat <<EOF
stream {
    limit_conn_zone \$binary_remote_addr zone=tcp:1m;
    log_format sessions '\$msec \$status \$session_time \$bytes_sent';
    access_log $N/stream.log sessions;
    server {
        listen 127.0.0.1:$LIMITED_PORT;
        limit_conn tcp $LIMIT;
        proxy_pass 127.0.0.1:$TLS_PORT;
    }
}
EOF
)
fi
: >"$N/stream.log"
cat >"$N/nginx.conf" <<EOF
$LOAD_STREAM
daemon off;
master_process off;
worker_processes 1;
pid $N/nginx.pid;
error_log $N/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $N/body;
    proxy_temp_path $N/proxy;
    fastcgi_temp_path $N/fastcgi;
    uwsgi_temp_path $N/uwsgi;
    scgi_temp_path $N/scgi;
    client_body_buffer_size 64k;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    ssl_certificate $WORK/tls/server.pem;
    ssl_certificate_key $WORK/tls/server.key;
    ssl_protocols TLSv1.3;
    ssl_session_cache shared:TLS:10m;
    limit_conn_zone \$binary_remote_addr zone=requests:1m;
    server {
        listen 127.0.0.1:$TLS_PORT ssl$H2_LISTEN;
        $H2_ON
        default_type application/json;
        location = /locations {
            if (\$request_method != POST) { return 405; }
            return 201 '{"rel":"self","href":"/locations/00000000-0000-0000-0000-000000000000"}';
        }
        location = /oauth/token {
            if (\$request_method != POST) { return 405; }
            return 200 '{"access_token":"bench-token","token_type":"Bearer","expires_in":3600}';
        }
    }
    # TLS sessions: each connection closed after 100 requests, so that a run opens
    # connections all along; each logged with whether it resumed a session.
    log_format resumed '\$connection \$ssl_session_reused';
    server {
        listen 127.0.0.1:$RESUME_PORT ssl$H2_LISTEN;
        $H2_ON
        keepalive_requests 100;
        access_log $N/resume.log resumed buffer=64k flush=100ms;
        default_type application/json;
        location = /locations {
            return 201 '{"rel":"self","href":"/locations/00000000-0000-0000-0000-000000000000"}';
        }
    }
    # The check: what http limit_conn counts (a 512 KiB download at 1 MiB/s).
    server {
        listen 127.0.0.1:$PROBE_PORT ssl$H2_LISTEN;
        $H2_ON
        root $N/html;
        limit_conn requests $LIMIT;
        limit_rate 1m;
    }
}
$STREAM_SERVER
EOF
"$NGINX_BIN" -p "$N" -c "$N/nginx.conf" -e "$N/error.log" &
PIDS+=($!)
TLS=https://127.0.0.1:$TLS_PORT
LIMITED=https://127.0.0.1:$LIMITED_PORT
for _ in $(seq 50); do curl -s -o /dev/null --cacert "$WORK/tls/ca.pem" -X POST "$TLS/oauth/token" && break; sleep 0.1; done
curl -sf -o /dev/null --cacert "$WORK/tls/ca.pem" -X POST "$TLS/locations" ||
    { say "nginx did not start:"; cat "$N/error.log" >&2; exit 1; }
# TLS 1.3 only, h2 offered.
curl -s -o /dev/null --cacert "$WORK/tls/ca.pem" --tlsv1.2 --tls-max 1.2 -X POST "$TLS/locations" &&
    { say "nginx answered over TLS 1.2: the configuration is wrong"; exit 1; }
[ "$(curl -s -o /dev/null -w '%{http_version}' --http2 --cacert "$WORK/tls/ca.pem" -X POST "$TLS/locations")" = 2 ] ||
    { say "nginx did not offer h2"; exit 1; }

# The profiles: the URLs, the client id and the test CA (`ca_cert` has no environment
# variable); the secret comes from the environment, as in benches/apply.sh. `limited`
# gets its token from the server without the limit (an identity provider is another host
# as a rule, and h2load, to which it is compared, fetches none); `limited-token` gets it
# through the limit too, so that the connection the token was fetched on counts.
cat >"$WORK/config.toml" <<EOF
[profiles.tls]
base_url = "$TLS"
token_url = "$TLS/oauth/token"
client_id = "bench"
ca_cert = "$WORK/tls/ca.pem"

[profiles.limited]
base_url = "$LIMITED"
token_url = "$TLS/oauth/token"
client_id = "bench"
ca_cert = "$WORK/tls/ca.pem"

[profiles.resume]
base_url = "https://127.0.0.1:$RESUME_PORT"
token_url = "$TLS/oauth/token"
client_id = "bench"
ca_cert = "$WORK/tls/ca.pem"

[profiles.limited-token]
base_url = "$LIMITED"
token_url = "$LIMITED/oauth/token"
client_id = "bench"
ca_cert = "$WORK/tls/ca.pem"
EOF

# ---------------------------------------------------------------------------------------
# Measurements. Each appends a rate (requests/s) to $WORK/rates/NAME; problems found are
# collected in PROBLEMS and printed at the end.
mkdir -p "$WORK/rates" "$WORK/cpu" "$WORK/e2e" "$WORK/home"
PROBLEMS=()
problem() { PROBLEMS+=("$*"); say "  PROBLEM: $*"; }

# Connections nginx's stream server refused so far.
# Connections the stream server handled so far (its access log: one line a connection,
# status 503 when limit_conn refused it).
sessions() { wc -l <"$N/stream.log"; }
# The refusals logged after line FROM: how many, and the time from the first to the last.
refusals_since() {
    tail -n +"$(($1 + 1))" "$N/stream.log" | awk '$2 == 503 { if (!n++) first = $1; last = $1 }
        END { if (n) printf "nginx refused %d connections over %.2f s", n, last - first; else printf "nginx refused no connection" }'
}

# apply NAME PROFILE INPUT ARGS...: the rate while sending (apply's summary line) to
# $WORK/rates/NAME; the peak RSS (KiB) to $WORK/NAME.rss; the summary's pace line to
# $WORK/NAME.pace. APPLY_BIN=another build runs that one.
apply_run() {
    local name=$1 profile=$2 input=$3 n rc=0
    shift 3
    n=$(wc -l <"$input")
    local sessions_before
    sessions_before=$(sessions)
    # No inventory of an earlier run: its storeIds would make the same creates changes.
    rm -rf "$WORK/home/data"
    env -i PATH="$PATH" HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/config" \
        XDG_DATA_HOME="$WORK/home/data" LOCADM_KEYRING=none \
        LOCADM_CONFIG="$WORK/config.toml" LOCADM_PROFILE="$profile" \
        LOCADM_CLIENT_SECRET=bench \
        /usr/bin/time -v -o "$WORK/$name.time" \
        "${APPLY_BIN:-$LOCADM}" location apply -f "$input" "$@" >"$WORK/$name.report" 2>"$WORK/$name.err" || rc=$?
    local created outcomes
    created=$(grep -c '"outcome":"created"' "$WORK/$name.report" || true)
    if [ "$rc" -ne 0 ] || [ "$created" -ne "$n" ]; then
        outcomes=$(grep -o '"outcome":"[a-z_]*"' "$WORK/$name.report" | sort | uniq -c | tr -s ' \n' ' ' || true)
        problem "apply ($name, $*): exit $rc, $created of $n created; outcomes:${outcomes:- none}; last lines: $(tail -n 3 "$WORK/$name.err" | tr '\n' ' ')"
        grep -v '"outcome":"created"' "$WORK/$name.report" | head -n 3 >"$WORK/$name.failed" || true
        [ -s "$WORK/$name.failed" ] && say "    first: $(head -n 1 "$WORK/$name.failed")"
    fi
    sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/$name.time" >"$WORK/$name.rss"
    # End to end: records over the process's wall time (start-up, pre-flight, sending,
    # the inventory's rows written after the sending, the report's end).
    awk -v n="$n" -F': ' '/Elapsed \(wall clock\)/ { k = split($2, t, ":"); s = 0
        for (i = 1; i <= k; i++) s = s * 60 + t[i]; if (s > 0) printf "%.0f\n", n / s }' \
        "$WORK/$name.time" >>"$WORK/e2e/$name"
    # CPU a request (user + system, the whole process: pre-flight and report included).
    awk -v n="$n" -F': ' '/User time|System time/ { s += $2 } END { printf "%.1f\n", s * 1e6 / n }' \
        "$WORK/$name.time" >>"$WORK/cpu/$name"
    {
        grep -o 'concurrency [^;]*\(; [0-9]* answers\? said to slow down\)\?' "$WORK/$name.err" | tail -n 1 | tr -d '\n' || true
        sleep 0.05 # the stream server logs a connection when it closes
        echo "; $(refusals_since "$sessions_before")"
    } >"$WORK/$name.pace"
    local rate
    rate=$(sed -n 's/.* in [0-9.]* s (\([0-9]*\)\/s)$/\1/p' "$WORK/$name.err" | tail -n 1)
    if [ -z "$rate" ] || [ "$created" -ne "$n" ]; then
        rate=0
    fi
    echo "$rate" >>"$WORK/rates/$name"
}

# wrk NAME CONNECTIONS URL
wrk_run() {
    local name=$1 connections=$2 url=$3 out rate
    out=$(/usr/bin/time -f 'cpu %U %S' wrk -t "$WRK_THREADS" -c "$connections" -d "${WRK_SECONDS}s" \
        -s "$WORK/post.lua" "$url" 2>&1) || true
    echo "$out" >"$WORK/$name.out"
    local done
    done=$(sed -n 's/^ *\([0-9]*\) requests in .*/\1/p' <<<"$out")
    awk -v n="${done:-0}" '/^cpu / && n > 0 { printf "%.1f\n", ($2 + $3) * 1e6 / n }' <<<"$out" >>"$WORK/cpu/$name"
    rate=$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' <<<"$out" | awk '{ printf "%.0f\n", $1 }')
    if grep -q -e 'Non-2xx' -e 'Socket errors' -e 'post.lua' <<<"$out" || [ -z "$rate" ]; then
        problem "wrk ($name): $(grep -e 'Non-2xx' -e 'Socket errors' -e 'unable' -e 'post.lua' <<<"$out" | sort -u | tr '\n' ' ')"
        rate=0
    fi
    echo "$rate" >>"$WORK/rates/$name"
}

# h2load NAME PROTOCOL(h1|h2) CONNECTIONS STREAMS REQUESTS URL
h2load_run() {
    local name=$1 protocol=$2 connections=$3 streams=$4 requests=$5 url=$6 out rate
    local -a args=(-m "$streams")
    [ "$protocol" = h1 ] && args=(--h1)
    out=$(/usr/bin/time -f 'cpu %U %S' h2load "${args[@]}" -t "$H2LOAD_THREADS" -c "$connections" -n "$requests" \
        -d "$WORK/one.json" -H 'content-type: application/json' \
        -H 'authorization: Bearer bench-token' -H "user-agent: $USER_AGENT" \
        -H 'accept: application/json' "$url" 2>&1) || true
    echo "$out" >"$WORK/$name.out"
    awk -v n="$requests" '/^cpu / { printf "%.1f\n", ($2 + $3) * 1e6 / n }' <<<"$out" >>"$WORK/cpu/$name"
    rate=$(sed -n 's/^finished in [^,]*, *\([0-9.]*\) req\/s.*/\1/p' <<<"$out" | awk '{ printf "%.0f\n", $1 }')
    local expected=h2
    [ "$protocol" = h1 ] && expected=http/1.1
    if ! grep -q "^status codes: $requests 2xx" <<<"$out" || [ -z "$rate" ] ||
        ! grep -q "^Application protocol: $expected" <<<"$out"; then
        problem "h2load ($name): $(grep -e '^requests:' -e '^status codes' -e '^Application protocol' <<<"$out" | tr '\n' ' ')"
        rate=0
    fi
    echo "$rate" >>"$WORK/rates/$name"
}

# tls_loop NAME CONNECTIONS URL BUSY_NS CLIENT(raw|hyper): examples/tls_loop.rs, RECORDS
# requests.
tls_loop_run() {
    local name=$1 connections=$2 url=$3 busy=$4 client=$5 out rate
    out=$(/usr/bin/time -f 'cpu %U %S' "$TLS_LOOP" "$url" "$WORK/tls/ca.pem" "$WORK/one.json" \
        "$RECORDS" "$connections" "$busy" "$client" 2>&1) || true
    awk -v n="$RECORDS" '/^cpu / { printf "%.1f\n", ($2 + $3) * 1e6 / n }' <<<"$out" >>"$WORK/cpu/$name"
    rate=$(head -n 1 <<<"$out")
    if ! [[ $rate =~ ^[0-9]+$ ]]; then
        problem "tls_loop ($name): $(tr '\n' ' ' <<<"$out")"
        rate=0
    fi
    echo "$rate" >>"$WORK/rates/$name"
}

median() { sort -n "$1" | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "n/a" }'; }
at_least() { awk -v r="$1" -v t="$2" 'BEGIN { if (r == "n/a") print "n/a"; else if (r + 0 >= t) print "met"; else print "MISSED" }'; }
at_most() { awk -v r="$1" -v t="$2" 'BEGIN { if (r == "n/a") print "n/a"; else if (r + 0 <= t) print "met"; else print "MISSED" }'; }
max() { printf '%s\n' "$@" | sort -n | tail -n 1; }
# Run by run: NAME_A's rate over NAME_B's of the same run (measured seconds apart), to
# show how much of a ratio of medians is the machine moving from one run to the next.
paired() {
    paste -d ' ' "$WORK/rates/$1" "$WORK/rates/$2" |
        awk '{ printf "%s%.2f", (NR > 1 ? " " : ""), ($2 > 0 ? $1 / $2 : 0) }'
}
# The median of those ratios: on a machine whose pace drifts from run to run, steadier
# than the ratio of the medians (each rate's median may come from another run). Telling
# a few per cent apart takes 20 runs or more here (RUNS).
paired_median() {
    paired "$1" "$2" | tr ' ' '\n' | sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'
}

# The body as a Lua long string: its bytes as they are (a JSON escape such as \u00df is
# not one in Lua, whose loading error would leave wrk sending GETs).
python3 - "$WORK/one.json" "$USER_AGENT" >"$WORK/post.lua" <<'PY'
import sys
body = open(sys.argv[1], encoding="utf-8").read().rstrip("\n")
level = "=" * next(n for n in range(1, 10) if f"]{'=' * n}]" not in body)
print('wrk.method = "POST"')
print(f"wrk.body = [{level}[{body}]{level}]")
print('wrk.headers["Content-Type"] = "application/json"')
print('wrk.headers["Authorization"] = "Bearer bench-token"')
print(f'wrk.headers["User-Agent"] = "{sys.argv[2]}"')
print('wrk.headers["Accept"] = "application/json"')
PY

# ---------------------------------------------------------------------------------------
if [ "$PARTS" = all ]; then
    # The check: what nginx's http limit_conn counts over HTTP/2 (8 streams on one connection
    # to a server that allows 2).
    PROBE=$(h2load -c 1 -m 8 -n 8 "https://127.0.0.1:$PROBE_PORT/slow" 2>&1 | sed -n 's/^status codes: //p')
    PROBE_503=$(sed -n 's/.* \([0-9]*\) 5xx.*/\1/p' <<<"$PROBE")
    if [ "${PROBE_503:-0}" -gt 0 ]; then
        PROBE_SAYS="counts h2 streams: $PROBE_503 of 8 streams on one connection answered 5xx"
    else
        PROBE_SAYS="did not refuse streams on one connection ($PROBE)"
    fi
    # And that the stream server does limit connections: 4 connections, 2 refused.
    LIMIT_CHECK=$(h2load -c 4 -m 1 -n 400 -d "$WORK/one.json" "$LIMITED/locations" 2>&1 | sed -n 's/^requests: //p')
fi

say "measuring (concurrency $CONCURRENCY, $RECORDS records, $RUNS runs, parts: $PARTS; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg))…"
# The other builds' names: base-1, base-2, …
BASE_NAMES=()
for i in $(seq "$(wc -w <<<"$BASELINE")"); do BASE_NAMES+=("base-$i"); done
# This build and the BASELINE builds take turns at going first: the first run of a round
# follows h2load's, and in one set (RUNS=3) it went at 0.81 of the same build run second.
BUILDS=(this $BASELINE)
for run in $(seq "$RUNS"); do
    for k in $(seq 0 $((${#BUILDS[@]} - 1))); do
        i=$(((k + run - 1) % ${#BUILDS[@]}))
        if [ "$i" -eq 0 ]; then
            apply_run apply-fixed tls "$WORK/records.ndjson" --concurrency "$CONCURRENCY"
        else
            APPLY_BIN=${BUILDS[$i]} apply_run "base-$i" tls "$WORK/records.ndjson" --concurrency "$CONCURRENCY"
        fi
    done
    wrk_run wrk "$CONCURRENCY" "$TLS/locations"
    apply_run apply-auto tls "$WORK/records.ndjson" --concurrency auto
    h2load_run h2load-h1 h1 "$CONCURRENCY" 1 "$RECORDS" "$TLS/locations"
    h2load_run h2load-h2 h2 "$CONCURRENCY" 1 "$RECORDS" "$TLS/locations"
    if [ "$PARTS" = throughput ]; then
        say "  run $run of $RUNS: apply $(tail -n 1 "$WORK/rates/apply-fixed")/s (auto $(tail -n 1 "$WORK/rates/apply-auto")/s)$(for name in "${BASE_NAMES[@]}"; do printf ', %s %s/s' "$name" "$(tail -n 1 "$WORK/rates/$name")"; done), wrk $(tail -n 1 "$WORK/rates/wrk")/s, h2load h1 $(tail -n 1 "$WORK/rates/h2load-h1")/s"
        continue
    fi
    tls_loop_run tls-loop "$CONCURRENCY" "$TLS/locations" 0 raw
    tls_loop_run tls-loop-busy "$CONCURRENCY" "$TLS/locations" "$BUSY_NS" raw
    tls_loop_run tls-loop-hyper "$CONCURRENCY" "$TLS/locations" 0 hyper
    apply_run limited-auto limited "$WORK/records.ndjson" --max-connections "$LIMIT" --concurrency auto
    h2load_run limited-h2load h2 "$LIMIT" "$STREAMS" "$RECORDS" "$LIMITED/locations"
    apply_run limited-fixed limited "$WORK/records.ndjson" --max-connections "$LIMIT" --concurrency "$CONCURRENCY"
    h2load_run limited-h2load-max h2 "$LIMIT" "$MAX_STREAMS" "$RECORDS" "$LIMITED/locations"
    apply_run limited-learn limited "$WORK/records.ndjson" --concurrency auto
    apply_run limited-token limited-token "$WORK/records.ndjson" --max-connections "$LIMIT" --concurrency auto
    say "  run $run of $RUNS: apply $(tail -n 1 "$WORK/rates/apply-fixed")/s (auto $(tail -n 1 "$WORK/rates/apply-auto")/s), wrk $(tail -n 1 "$WORK/rates/wrk")/s, h2load h1 $(tail -n 1 "$WORK/rates/h2load-h1")/s, h2 $(tail -n 1 "$WORK/rates/h2load-h2")/s, tls_loop $(tail -n 1 "$WORK/rates/tls-loop")/s (busy $(tail -n 1 "$WORK/rates/tls-loop-busy")/s, through hyper $(tail -n 1 "$WORK/rates/tls-loop-hyper")/s); $LIMIT connections: apply auto $(tail -n 1 "$WORK/rates/limited-auto")/s, fixed $(tail -n 1 "$WORK/rates/limited-fixed")/s, h2load -m $STREAMS $(tail -n 1 "$WORK/rates/limited-h2load")/s, -m $MAX_STREAMS $(tail -n 1 "$WORK/rates/limited-h2load-max")/s, apply not told $(tail -n 1 "$WORK/rates/limited-learn")/s, token through the limit $(tail -n 1 "$WORK/rates/limited-token")/s"
done
if [ "$PARTS" = all ]; then
    apply_run resume resume "$WORK/records.ndjson" --concurrency auto
    sleep 0.3 # nginx writes its buffered log every 100 ms
    # One line a request: the connection's number, and `r` when its handshake resumed.
    read -r RESUME_CONNECTIONS RESUMED < <(awk '{ seen[$1] = $2 }
        END { n = 0; for (c in seen) if (seen[c] == "r") n++; print length(seen), n }' "$N/resume.log")
    R_RESUMED=$(ratio "$RESUMED" "$RESUME_CONNECTIONS")
fi
apply_run rss-small tls "$WORK/small.ndjson" --concurrency "$CONCURRENCY"
apply_run rss-large tls "$WORK/large.ndjson" --concurrency "$CONCURRENCY"
i=0
for build in $BASELINE; do
    i=$((i + 1))
    APPLY_BIN=$build apply_run "base-$i-rss-large" tls "$WORK/large.ndjson" --concurrency "$CONCURRENCY"
done

for name in apply-fixed apply-auto wrk h2load-h1 h2load-h2 tls-loop tls-loop-busy tls-loop-hyper limited-auto limited-fixed limited-h2load limited-h2load-max limited-learn limited-token resume rss-small rss-large; do
    [ -f "$WORK/rates/$name" ] || continue
    printf -v "M_${name//-/_}" '%s' "$(median "$WORK/rates/$name")"
done
BEST=$(max "$M_wrk" "$M_h2load_h1")
R_FIXED=$(ratio "$M_apply_fixed" "$BEST")
R_AUTO=$(ratio "$M_apply_auto" "$BEST")
R_AUTO_FIXED=$(ratio "$M_apply_auto" "$M_apply_fixed")
RSS_SMALL=$(cat "$WORK/rss-small.rss")
RSS_LARGE=$(cat "$WORK/rss-large.rss")
R_RSS=$(ratio "$RSS_LARGE" "$RSS_SMALL")
if [ "$PARTS" = all ]; then
    BEST_H2=$(max "$M_limited_h2load" "$M_limited_h2load_max")
    R_LIMITED_AUTO=$(ratio "$M_limited_auto" "$BEST_H2")
    R_LIMITED_FIXED=$(ratio "$M_limited_fixed" "$M_limited_h2load")
    R_LEARN=$(ratio "$M_limited_learn" "$BEST_H2")
    R_TOKEN=$(ratio "$M_limited_token" "$BEST_H2")
    for name in limited-auto limited-fixed limited-learn; do
        grep -q "over $LIMIT connections (HTTP/2)" "$WORK/$name.pace" ||
            problem "apply ($name) did not say it used HTTP/2 over $LIMIT connections: $(cat "$WORK/$name.pace")"
    done
    # With its token fetched through the limit, the token's kept-alive connection holds one
    # of the LIMIT: the run has the others.
    grep -q "over $((LIMIT - 1)) connections\{0,1\} (HTTP/2)" "$WORK/limited-token.pace" ||
        problem "apply (limited-token) did not say it used HTTP/2 over the $((LIMIT - 1)) connection(s) the token's leaves: $(cat "$WORK/limited-token.pace")"
fi

# row LABEL NAME: the median rate, the CPU a request, each run's rate, apply's pace line.
row() {
    local pace=""
    [ -f "$WORK/$2.pace" ] && pace="  $(cat "$WORK/$2.pace")"
    [ -s "$WORK/e2e/$2" ] && pace="  end to end $(median "$WORK/e2e/$2")/s;$pace"
    printf '  %-44s %8s/s %7s us   [%s]%s\n' "$1" "$(median "$WORK/rates/$2")" \
        "$(median "$WORK/cpu/$2")" "$(tr '\n' ' ' <"$WORK/rates/$2" | sed 's/ $//')" "$pace"
}
info_row() { printf '  %-44s %8s\n' "$1" "$2"; }
verdict_row() { printf '  %-44s %8s   (target %s %s: %s)\n' "$1" "$2" "$3" "$4" "$5"; }

cat <<EOF

location apply over TLS 1.3 — nginx $NGINX_VERSION on 127.0.0.1, $(nproc) cores, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)
requests/s while sending (median of $RUNS alternating runs; each run's in brackets), CPU a
request (user + system; apply's whole process, pre-flight and report included); $RECORDS
records, apply's headers and first body for wrk, h2load and tls_loop; wrk ${WRK_SECONDS}s and $WRK_THREADS thread(s), h2load $H2LOAD_THREADS thread(s)

$CONCURRENCY in flight, no connection limit
$(row "apply --concurrency $CONCURRENCY" apply-fixed)
$(row "apply --concurrency auto" apply-auto)
$(row "wrk -c $CONCURRENCY" wrk)
$(row "h2load --h1 -c $CONCURRENCY" h2load-h1)
$(row "h2load -c $CONCURRENCY -m 1 (h2)" h2load-h2)
$(verdict_row "apply / best of wrk, h2load h1" "$R_FIXED" ">=" 0.95 "$(at_least "$R_FIXED" 0.95)")
$(verdict_row "apply auto / apply $CONCURRENCY" "$R_AUTO_FIXED" ">=" 0.90 "$(at_least "$R_AUTO_FIXED" 0.9)")
$(info_row "apply / wrk" "$(ratio "$M_apply_fixed" "$M_wrk")")
  apply / wrk, run by run: $(paired apply-fixed wrk) (median $(paired_median apply-fixed wrk)); auto / apply, run by run: $(paired apply-auto apply-fixed) (median $(paired_median apply-auto apply-fixed))
$(info_row "apply / h2load h1" "$(ratio "$M_apply_fixed" "$M_h2load_h1")")
$(info_row "apply auto / best of wrk, h2load h1" "$R_AUTO")

EOF
# This build beside the others, run by run (each right after this build's).
i=0
for build in $BASELINE; do
    i=$((i + 1))
    M_BASE=$(median "$WORK/rates/base-$i")
    R_BASE=$(ratio "$M_apply_fixed" "$M_BASE")
    row "base-$i: $build" "base-$i"
    verdict_row "apply / base-$i" "$R_BASE" ">=" 0.95 "$(at_least "$R_BASE" 0.95)"
    echo "  apply / base-$i, run by run: $(paired apply-fixed "base-$i") (median $(paired_median apply-fixed "base-$i"))"
    info_row "base-$i / best of wrk, h2load h1" "$(ratio "$M_BASE" "$BEST")"
done
if [ "$PARTS" = all ]; then
    cat <<EOF

the floor under apply: the same POST in a bare loop on tokio-rustls (examples/tls_loop.rs)
$(row "tls_loop, $CONCURRENCY connections" tls-loop)
$(row "tls_loop, ${BUSY_NS} ns busy after each answer" tls-loop-busy)
$(info_row "apply / tls_loop" "$(ratio "$M_apply_fixed" "$M_tls_loop")")
$(info_row "tls_loop / best of wrk, h2load h1" "$(ratio "$M_tls_loop" "$BEST")")
$(info_row "tls_loop busy / tls_loop" "$(ratio "$M_tls_loop_busy" "$M_tls_loop")")
$(row "tls_loop through hyper's HTTP/1.1 client" tls-loop-hyper)
$(info_row "apply / tls_loop through hyper" "$(ratio "$M_apply_fixed" "$M_tls_loop_hyper")")

$LIMIT connections per client (nginx stream limit_conn, TLS passed through)
$(row "apply --max-connections $LIMIT --concurrency $CONCURRENCY" limited-fixed)
$(row "h2load -c $LIMIT -m $STREAMS (h2)" limited-h2load)
$(row "apply --max-connections $LIMIT --concurrency auto" limited-auto)
$(row "h2load -c $LIMIT -m $MAX_STREAMS (h2)" limited-h2load-max)
$(row "apply --concurrency auto (limit not given)" limited-learn)
$(row "apply --max-conn. $LIMIT, auto, token via limit" limited-token)
$(verdict_row "apply $CONCURRENCY / h2load -m $STREAMS" "$R_LIMITED_FIXED" ">=" 0.90 "$(at_least "$R_LIMITED_FIXED" 0.9)")
$(verdict_row "apply auto / best h2load" "$R_LIMITED_AUTO" ">=" 0.90 "$(at_least "$R_LIMITED_AUTO" 0.9)")
$(info_row "apply not told / best h2load" "$R_LEARN")
$(info_row "apply, token via the limit / best h2load" "$R_TOKEN")
  (apply's token comes from the server without the limit, except on the "token via limit" row)
  checks: http limit_conn $LIMIT $PROBE_SAYS;
          stream limit_conn $LIMIT, h2load -c 4: $LIMIT_CHECK

TLS sessions: a server that closes each connection after 100 requests (keepalive_requests)
$(row "apply --concurrency auto" resume)
  connections $RESUME_CONNECTIONS (for $RECORDS records), of which $RESUMED resumed a session: $R_RESUMED
  (the first of a burst have no ticket yet: nginx sends two after a full handshake, one
  after a resumption, and each is good for one connection)

EOF
fi
cat <<EOF

peak RSS of apply --concurrency $CONCURRENCY over TLS
  $(printf '%7d' "$SMALL") records   $RSS_SMALL KiB   ($M_rss_small/s while sending)
  $(printf '%7d' "$LARGE") records   $RSS_LARGE KiB   ($M_rss_large/s while sending)
$(verdict_row "large / small" "$R_RSS" "<=" 1.25 "$(at_most "$R_RSS" 1.25)")
$(verdict_row "peak at $LARGE records, MiB" "$(awk -v k="$RSS_LARGE" 'BEGIN { printf "%.1f", k / 1024 }')" "<=" 25 "$(at_most "$(awk -v k="$RSS_LARGE" 'BEGIN { printf "%.1f", k / 1024 }')" 25)")
EOF
i=0
for build in $BASELINE; do
    i=$((i + 1))
    printf '  %7d records   %s KiB   (base-%d, %s)\n' "$LARGE" "$(cat "$WORK/base-$i-rss-large.rss")" "$i" "$build"
done
if [ ${#PROBLEMS[@]} -gt 0 ]; then
    echo
    echo "problems:"
    printf '  %s\n' "${PROBLEMS[@]}"
fi
