#!/usr/bin/env bash
# The guard of what a record costs (issue 55): the instructions of each path a record
# takes (benches/record_paths.rs: read and check a body, a CSV row, an xlsx row, a
# create through the bulk engine, a merge, an export line, the inventory's write of a
# fact), counted by callgrind through gungraun, against the baselines committed in
# benches/guard/. `.ci/run` runs it; a path grown more than 3% fails it (gungraun's
# exit 3).
#
#     benches/guard.sh           compare with the committed baselines
#     benches/guard.sh --save    measure and write them: commit benches/guard/ with a
#                                message saying why what a record costs changed
#
# Against Debian's nginx on 127.0.0.1 answering as the service would, always the same
# way (POST /locations 201 with a self link, GET /locations/ID the read form of ID, PUT
# 200, POST /oauth/token a token), so that only the client's work changes from run to
# run. Inputs are made fresh each run from examples/gen_records.rs (GUARD_RECORDS of
# them). Needs nginx, valgrind and gungraun-runner (the version of gungraun in
# Cargo.lock); every server started is stopped by its PID on any exit.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/locadm-guard.XXXXXX")
source "$ROOT/benches/servers.sh"
need nginx "Debian: apt-get install nginx"
need valgrind "Debian: apt-get install valgrind"
need curl "Debian: apt-get install curl"
need gungraun-runner "cargo install gungraun-runner --version $(
    sed -n '/^name = "gungraun"$/{n;s/version = "\(.*\)"/\1/p}' "$ROOT/Cargo.lock")"
GUARD_RECORDS=${GUARD_RECORDS:-2000}
mode=(--baseline=committed)
[[ ${1:-} == --save ]] && mode=(--save-baseline=committed)

say "building (the guard profile)…"
(cd "$ROOT" && cargo build --profile guard --quiet --bin locadm --example gen_records)
LOCADM=$ROOT/target/guard/locadm
GEN=$ROOT/target/guard/examples/gen_records

start_static_nginx '        location ~ "^/locations/([0-9a-f-]{24})([0-9a-f]{12})$" {
            set $id $1$2;
            set $store G-$2;
            if ($request_method = PUT) { return 200 '"'"'{"rel":"self","href":"/locations/$id"}'"'"'; }
            return 200 '"'"'{"id":"$id","storeId":"$store","storeName":"Guard","supplementaryName":null,"structuredAddress":{"street":"Domkloster","houseNumber":"4","city":"Köln","postCode":"50667","countryCode":"DE"},"address":"Domkloster 4","city":"Köln","postCode":"50667","countryCode":"DE","latitude":50.94133,"longitude":6.95812,"description":null,"email":null,"tags":[],"translations":null,"hasDisabledAccess":false,"logoUrl":null,"photoUrls":[],"locationProvider":{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c","name":"Demo Provider"},"links":[{"rel":"self","href":"/locations/$id"}]}'"'"';
        }'

# The environment of every run (gungraun keeps it: env_clear(false)); cargo's and
# rustup's homes stay where they were when HOME moves.
export RUSTUP_HOME=${RUSTUP_HOME:-$HOME/.rustup} CARGO_HOME=${CARGO_HOME:-$HOME/.cargo}
export HOME=$WORK/home XDG_CONFIG_HOME=$WORK/home/config XDG_DATA_HOME=$WORK/home/data
export LOCADM_KEYRING=none LOCADM_CLIENT_ID=guard LOCADM_CLIENT_SECRET=guard
export LOCADM_BASE_URL=$NGINX LOCADM_TOKEN_URL=$NGINX/oauth/token
export LOCADM_GUARD_DIR=$WORK/inputs
mkdir -p "$HOME" "$LOCADM_GUARD_DIR"
cd "$LOCADM_GUARD_DIR"

# The inputs: records; merges of as many ids; the ids; sheets of the read forms (the
# tool's own export, so every cell is as it writes it); results to import.
"$GEN" "$GUARD_RECORDS" >records.ndjson
python3 - "$GUARD_RECORDS" <<'EOF'
import sys, uuid
n = int(sys.argv[1])
ids = [str(uuid.UUID(int=i + 1)) for i in range(n)]
with open("ids.txt", "w") as f:
    f.write("\n".join(ids) + "\n")
with open("merges.ndjson", "w") as f:
    for i, id in enumerate(ids):
        f.write('{"id":"%s","storeName":"Renamed %d"}\n' % (id, i))
EOF
"$LOCADM" location get --ids-from ids.txt --concurrency 16 -o csv >records.csv
"$LOCADM" location get --ids-from ids.txt --concurrency 16 -o xlsx >records.xlsx
"$LOCADM" location apply --file merges.ndjson --concurrency 16 -o ndjson >results.ndjson
# What those runs taught is forgotten: every measured run starts from the same nothing.
rm -rf "$XDG_DATA_HOME"

cd "$ROOT"
say "measuring ${GUARD_RECORDS} records a path (callgrind)…"
GUNGRAUN_HOME=$ROOT/benches/guard cargo bench --profile guard --quiet --bench record_paths -- \
    "${mode[@]}"
if [[ ${1:-} == --save ]]; then
    # What is committed: of each profile only what gungraun compares (its head to the
    # `summary:` line, and the `totals:` line; the per-function costs were 5.9 MB),
    # without this checkout's path (`cmd:`), and no valgrind log.
    find "$ROOT/benches/guard" -name '*.log.*' -delete
    find "$ROOT/benches/guard" -name '*.out.base@committed' | while read -r profile; do
        awk -v root="$ROOT/" 'head { gsub(root, ""); print } /^summary:/ { head = 0; print "" }
             /^totals:/ { print } BEGIN { head = 1 }' "$profile" >"$profile.kept"
        mv "$profile.kept" "$profile"
    done
    say "saved: benches/guard/ (commit it, saying why what a record costs changed)"
fi
