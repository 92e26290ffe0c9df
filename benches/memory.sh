#!/usr/bin/env bash
# Flat memory wherever a user can grow the input (issue 55, item 3): the peak RSS
# (`/usr/bin/time -v`) of each case below, and a verdict against LIMIT_MIB (64). A
# benchmark script, not a timed test.
#
#     benches/memory.sh    # KNOWN=100000 IMPORT=1000000 HOSTILE=400 LIMIT_MIB=64
#
#   1. `location list` of KNOWN locations the inventory knows, in every output: table
#      (stdout a pipe, as `| less` has it), `--columns`, json, ndjson, csv, xlsx, and
#      `--quiet` (ids);
#   2. `inventory import` of IMPORT records (an NDJSON export's lines: id and storeId,
#      name and city), into an empty inventory;
#   3. hostile answers to a bulk `location get` of HOSTILE ids at `--concurrency 16` and
#      at `auto`: every answer just under the 2 MiB an answer may be (read whole, each
#      one refused as no location), and every answer endless (refused at the cap); from
#      a server of this script's (python3, threads) on 127.0.0.1. The run is given its
#      token (`LOCADM_TOKEN`), so that no token endpoint is needed.
#
# Each case runs in a HOME of its own; the inventory for part 1 is made by `inventory
# import` of a generated export. Every server is stopped by its PID and the work
# directory removed on any exit.
set -euo pipefail

KNOWN=${KNOWN:-100000}
IMPORT=${IMPORT:-1000000}
HOSTILE=${HOSTILE:-400}
LIMIT_MIB=${LIMIT_MIB:-64}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/locadm-memory-bench.XXXXXX")
source "$ROOT/benches/servers.sh"
need python3 "Debian: apt-get install python3"
[ -x /usr/bin/time ] || { say "missing: /usr/bin/time (Debian: apt-get install time)"; exit 1; }

build_release

# An export's lines: id, storeId, storeName, city (what `location get -o ndjson` holds
# besides), N of them, ids and storeIds of their own for each N.
export_lines() {
    python3 - "$1" <<'PY'
import sys, uuid
n = int(sys.argv[1])
cities = ["Berlin", "München", "Zürich", "Paris", "Kraków", "Wien"]
out = sys.stdout
for i in range(n):
    out.write('{"id":"%s","storeId":"M-%08d","storeName":"Store %d of the memory bench","city":"%s","links":[]}\n'
              % (uuid.UUID(int=i + 1), i, i, cities[i % 6]))
PY
}
export_lines "$KNOWN" >"$WORK/known.ndjson"
export_lines "$IMPORT" >"$WORK/import.ndjson"

# The service the inventory's facts belong to (no request is made by list or import).
SERVICE=http://127.0.0.1:9

# measure NAME HOME ARGS...: locadm ARGS with HOME, stdout counted and dropped; the peak
# RSS in KiB to $WORK/NAME.rss, the exit code and stderr's last line kept.
mkdir -p "$WORK/rss"
measure() {
    local name=$1 home=$2 rc=0
    shift 2
    mkdir -p "$home"
    env -i PATH="$PATH" HOME="$home" XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" \
        LOCADM_KEYRING=none LOCADM_BASE_URL="${BASE:-$SERVICE}" LOCADM_TOKEN="${TOKEN:-}" \
        /usr/bin/time -v -o "$WORK/$name.time" "$LOCADM" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" || rc=$?
    sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/$name.time" >"$WORK/rss/$name"
    echo "$rc" >"$WORK/$name.rc"
    say "  $name: $(cat "$WORK/rss/$name") KiB, exit $rc, $(wc -c <"$WORK/$name.out") bytes out"
}

say "measuring…"
# 1. list
measure import-known "$WORK/list" inventory import "$WORK/known.ndjson"
[ "$(cat "$WORK/import-known.rc")" = 0 ] || { say "the import failed: $(tail -n 3 "$WORK/import-known.err")"; exit 1; }
for format in table json ndjson csv xlsx; do
    measure "list-$format" "$WORK/list" location list -o "$format"
done
measure list-columns "$WORK/list" location list --columns id,storeId,city -o table
measure list-quiet "$WORK/list" location list --quiet
# 2. import
measure import-1m "$WORK/import" inventory import "$WORK/import.ndjson"

# 3. hostile answers.
HOSTILE_PORT=$(free_port)
python3 - "$HOSTILE_PORT" >"$WORK/hostile.log" 2>&1 <<'PY' &
import socket, sys, threading
port = int(sys.argv[1])
UNDER = 2 * 1024 * 1024 - 64
body_under = b'"' + b"x" * (UNDER - 2) + b'"'
chunk = b"x" * 65536
chunk_line = b"%x\r\n" % len(chunk) + chunk + b"\r\n"
def serve(conn):
    try:
        f = conn.makefile("rb")
        while True:
            line = f.readline()
            if not line:
                return
            path = line.split()[1].decode()
            length = 0
            while True:
                h = f.readline()
                if h in (b"\r\n", b"\n", b""):
                    break
                if h.lower().startswith(b"content-length:"):
                    length = int(h.split(b":")[1])
            f.read(length)
            if "/locations/" in path and path.rsplit("/", 1)[1].startswith("00000000"):
                conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n" % len(body_under) + body_under)
            else:
                conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n")
                while True:
                    conn.sendall(chunk_line)
    except OSError:
        pass
    finally:
        conn.close()
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", port))
s.listen(512)
print("ready", flush=True)
while True:
    conn, _ = s.accept()
    threading.Thread(target=serve, args=(conn,), daemon=True).start()
PY
PIDS+=($!)
for _ in $(seq 50); do grep -q ready "$WORK/hostile.log" 2>/dev/null && break; sleep 0.1; done
# Ids the server answers just under the cap (00000000-…) and endlessly (ffffffff-…).
python3 -c "import uuid,sys
n=int(sys.argv[1])
for i in range(n): print(uuid.UUID(int=i + 1))" "$HOSTILE" >"$WORK/under.ids"
python3 -c "import uuid,sys
n=int(sys.argv[1])
for i in range(n): print(uuid.UUID(int=(0xffffffff << 96) + i))" "$HOSTILE" >"$WORK/endless.ids"
BASE=http://127.0.0.1:$HOSTILE_PORT TOKEN=memory-bench-token
for kind in under endless; do
    for concurrency in 16 auto; do
        measure "hostile-$kind-$concurrency" "$WORK/hostile-home" location get --ids-from "$WORK/$kind.ids" \
            --concurrency "$concurrency" -o ndjson
    done
done
unset BASE TOKEN

# ---------------------------------------------------------------------------------------
mib() { awk -v k="$(cat "$WORK/rss/$1")" 'BEGIN { printf "%.1f", k / 1024 }'; }
verdict() { awk -v m="$(mib "$1")" -v l="$LIMIT_MIB" 'BEGIN { print (m <= l ? "met" : "MISSED") }'; }
row() { printf '  %-52s %8s MiB   %-6s exit %s\n' "$2" "$(mib "$1")" "$(verdict "$1")" "$(cat "$WORK/$1.rc")"; }
cat <<EOF

peak RSS — $(nproc) cores, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg); target <= $LIMIT_MIB MiB each
(a run may fail: a hostile answer is refused; what is measured is what it held)

1. location list, $KNOWN locations known
$(row list-table "-o table (stdout a pipe)")
$(row list-columns "--columns id,storeId,city -o table")
$(row list-json "-o json")
$(row list-ndjson "-o ndjson")
$(row list-csv "-o csv")
$(row list-xlsx "-o xlsx")
$(row list-quiet "--quiet")
  (the import that made them: $(mib import-known) MiB)

2. inventory import
$(row import-1m "$IMPORT records (NDJSON)")

3. hostile answers, location get of $HOSTILE ids
$(row hostile-under-16 "answers of 2 MiB - 64 bytes, --concurrency 16")
$(row hostile-under-auto "answers of 2 MiB - 64 bytes, --concurrency auto")
$(row hostile-endless-16 "endless answers, --concurrency 16")
$(row hostile-endless-auto "endless answers, --concurrency auto")
EOF
