# Shared by the benchmarks that start servers (sourced, not run): every PID pushed onto
# PIDS is stopped on any exit and $WORK removed; `say` writes to stderr and `need`
# stops with the Debian package to install when a tool is missing. Set WORK first.
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
