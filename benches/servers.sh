# Shared by the benchmarks that start servers (sourced, not run): every PID pushed onto
# PIDS is stopped on any exit and $WORK removed (unless given to common.sh); `say`
# writes to stderr and `need` stops with the Debian package to install when a tool is
# missing. Set WORK first.
PIDS=()

cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        fi
    done
    [[ -n ${WORK_KEPT:-} ]] || rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { printf '%s\n' "$*" >&2; }
need() { command -v "$1" >/dev/null 2>&1 || { say "missing: $1 ($2)"; exit 1; }; }

# A free port on 127.0.0.1, asked of the kernel (bash alone cannot bind; python3 is in
# Debian's base).
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# The release binary and the record generator; sets LOCADM and GEN. Needs ROOT.
build_release() {
    say "building (release)…"
    (cd "$ROOT" && cargo build --release --quiet --bin locadm --example gen_records)
    LOCADM=$ROOT/target/release/locadm
    GEN=$ROOT/target/release/examples/gen_records
}

# `$BIN emulator serve ARGS` (BIN and PROFILE from common.sh), behind
# `examples/delay_proxy.rs` when RTT_MS is set (every chunk held for half the round trip
# in each direction, handshakes included: these kernels have no `netem`). Sets EMU_PIDS
# (to give `stop_emulator`), BASE_URL, TOKEN_URL (through the proxy), ADMIN_URL (never
# delayed), CLIENT_ID and CLIENT_SECRET.
start_emulator() {
    # Emptied before the emulator starts: the redirection below truncates the file in
    # the child, which may come after the first check, so an earlier run's banner (a
    # stopped emulator's port) could be read instead.
    : > "$WORK/banner"
    # FRONT_PORT: the port the client meets (the proxy's, else the emulator's) is that
    # one, so that emulators started one after another are one service to the client
    # (its pace memory, issue 44).
    local addr=()
    [[ -n ${FRONT_PORT:-} && -z ${RTT_MS:-} ]] && addr=(--addr "127.0.0.1:$FRONT_PORT")
    "$BIN" emulator serve "${addr[@]}" "$@" > "$WORK/banner" 2>/dev/null &
    EMU_PIDS=($!)
    PIDS+=($!)
    for _ in $(seq 300); do [[ -s $WORK/banner ]] && break; sleep 0.1; done
    if [[ ! -s $WORK/banner ]]; then
        say "the emulator did not start within 30 s"
        exit 1
    fi
    local banner
    banner=$(head -1 "$WORK/banner")
    field() { sed -E "s/.*\"$1\":\"([^\"]*)\".*/\1/" <<<"$banner"; }
    BASE_URL=$(field base_url)
    TOKEN_URL=$(field token_url)
    ADMIN_URL=$(field admin_url)
    CLIENT_ID=$(field client_id)
    CLIENT_SECRET=$(field client_secret)
    if [[ -n ${RTT_MS:-} ]]; then
        : > "$WORK/proxy"
        "target/$PROFILE/examples/delay_proxy" "${BASE_URL#http://}" "$RTT_MS" \
            ${FRONT_PORT:+"127.0.0.1:$FRONT_PORT"} > "$WORK/proxy" &
        EMU_PIDS+=($!)
        PIDS+=($!)
        for _ in $(seq 300); do [[ -s $WORK/proxy ]] && break; sleep 0.1; done
        local via
        via=$(head -1 "$WORK/proxy")
        TOKEN_URL="http://$via${TOKEN_URL#"$BASE_URL"}"
        BASE_URL="http://$via"
    fi
}

# Stops what the last `start_emulator` started.
stop_emulator() {
    kill -TERM "${EMU_PIDS[@]}" 2>/dev/null || true
    wait "${EMU_PIDS[@]}" 2>/dev/null || true
}

# `BINARY location apply --file INPUT --concurrency C ARGS...` against what the last
# `start_emulator` started, with its demo client; NDJSON results in $WORK/out, stderr in
# $WORK/err. Prints the seconds it took. A run that fails is reported by its results.
apply_on_emulator() {
    local binary=$1 input=$2 concurrency=$3
    shift 3
    locadm_on_emulator "$binary" location apply --file "$input" --concurrency "$concurrency" \
        "$@" -o ndjson
}

# `BINARY ARGS...` against what the last `start_emulator` started, with its demo client,
# HOME (and the data directory in it, where the pace is remembered) at BENCH_HOME, else
# $WORK; stdout in $WORK/out, stderr in $WORK/err. Prints the seconds it took.
locadm_on_emulator() {
    local binary=$1 start end home=${BENCH_HOME:-$WORK}
    shift
    start=$(date +%s.%N)
    # HOME (and its data directory, where the pace is remembered) kept from run to run,
    # but no inventory of an earlier run's storeIds (which would make the creates of the
    # same input changes).
    rm -f "$home/.local/share/locadm/inventory.db"*
    HOME=$home XDG_DATA_HOME=$home/.local/share LOCADM_KEYRING=none \
        LOCADM_BASE_URL=$BASE_URL LOCADM_TOKEN_URL=$TOKEN_URL LOCADM_CLIENT_ID=$CLIENT_ID \
        LOCADM_CLIENT_SECRET=$CLIENT_SECRET \
        "$binary" "$@" > "$WORK/out" 2> "$WORK/err" || true
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

# start_nginx LOCATIONS: Debian's nginx in the foreground on a free port of 127.0.0.1, one
# worker, kept-alive connections, the `location` blocks LOCATIONS (nginx syntax) in its
# one server, and NGINX_HTTP (directives of the `http` block) if set; its PID added to
# PIDS (stopped by `cleanup`), its URL in NGINX.
start_nginx() {
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
${NGINX_HTTP:-}
    server {
        listen 127.0.0.1:$NGINX_PORT;
        default_type application/json;
$1
    }
}
EOF
    nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx/error.log" &
    PIDS+=($!)
    NGINX=http://127.0.0.1:$NGINX_PORT
}

# start_static_nginx [LOCATIONS]: `start_nginx` answering every POST /locations with 201
# and a self link and POST /oauth/token with a token, and the `location` blocks
# LOCATIONS besides (guard.sh's reads and writes of one location): the reference server
# of apply.sh, per_record.sh and guard.sh. Returns once it answers.
start_static_nginx() {
    start_nginx "${1:-}"'
        location = /locations {
            if ($request_method != POST) { return 405; }
            return 201 '"'"'{"rel":"self","href":"/locations/00000000-0000-0000-0000-000000000000"}'"'"';
        }
        location = /oauth/token {
            if ($request_method != POST) { return 405; }
            return 200 '"'"'{"access_token":"bench-token","token_type":"Bearer","expires_in":3600}'"'"';
        }'
    for _ in $(seq 50); do curl -s -o /dev/null -X POST "$NGINX/oauth/token" && break; sleep 0.1; done
    curl -sf -o /dev/null -X POST "$NGINX/locations" ||
        { say "nginx did not start"; cat "$WORK/nginx/error.log" >&2; exit 1; }
}
