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
