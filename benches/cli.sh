#!/usr/bin/env bash
# Whole-process cost of a warm command, and the emulator under load, each measured side
# by side with a reference in the same run (machines here are noisy: read the ratios).
#
#   1. `locadm auth token` (token cached in the kernel keyring, no network)
#      vs `curl --version` (process start of a small C program);
#   2. `locadm location get ID` with a warm token vs `xh` and `curl` sending the same
#      request with the same token, against the same local emulator;
#   3. requests/s of create and read at concurrency 16 against the emulator, with `oha`.
#
# Needs hyperfine (apt-get install hyperfine); xh and oha (cargo install xh oha) are
# used when present. Usage: benches/cli.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-40}

cargo build --release --quiet
bin=$PWD/target/release/locadm
scratch=$(mktemp -d)
emulator_pid=
cleanup() {
  [ -n "$emulator_pid" ] && kill "$emulator_pid" 2>/dev/null || true
  HOME=$scratch XDG_CONFIG_HOME=$scratch/config LOCADM_KEYRING=keyutils "$bin" logout >/dev/null 2>&1 || true
  rm -rf "$scratch"
}
trap cleanup EXIT

"$bin" emulator serve --addr 127.0.0.1:0 --db "$scratch/emulator.db" >"$scratch/banner" 2>"$scratch/emulator.log" &
emulator_pid=$!
for _ in $(seq 100); do [ -s "$scratch/banner" ] && break; sleep 0.05; done
banner=$(head -1 "$scratch/banner")
field() { printf '%s' "$banner" | sed -E "s/.*\"$1\":\"([^\"]*)\".*/\1/"; }
base=$(field base_url); token_url=$(field token_url)
client_id=$(field client_id); client_secret=$(field client_secret)

export HOME=$scratch XDG_CONFIG_HOME=$scratch/config XDG_DATA_HOME=$scratch/data
export LOCADM_KEYRING=keyutils LOCADM_BASE_URL=$base LOCADM_TOKEN_URL=$token_url CI=true
unset LOCADM_TOKEN LOCADM_CLIENT_ID LOCADM_CLIENT_SECRET
printf '%s' "$client_secret" | "$bin" login --client-id "$client_id" --client-secret-stdin >/dev/null
id=$("$bin" location create -q --file examples/location.json)
token=$("$bin" auth token)
# The reference clients read the token from a file, as locadm reads it from the keyring.
printf 'Authorization: Bearer %s\n' "$token" >"$scratch/header"

echo "== 1. warm auth token vs curl --version ($runs runs)"
hyperfine -N --warmup 5 --runs "$runs" --export-json "$scratch/auth.json" \
  "$bin auth token" "curl --version" | grep -E "Time|±|faster|slower" || true

echo
echo "== 2. location get with a warm token vs xh and curl ($runs runs)"
commands=("$bin location get $id -o json" "curl -sS -H @$scratch/header $base/locations/$id")
if command -v xh >/dev/null; then
  commands+=("xh --ignore-stdin --print=b GET $base/locations/$id Authorization:Bearer\ $token")
else
  echo "(xh not installed: cargo install xh)"
fi
hyperfine -N --warmup 5 --runs "$runs" --export-json "$scratch/get.json" "${commands[@]}" | grep -E "Time|faster|slower|±" || true

python3 - "$scratch/auth.json" "$scratch/get.json" <<'PY'
import json, sys
for path in sys.argv[1:]:
    results = json.load(open(path))["results"]
    ref = results[0]["median"]
    for r in results:
        print(f"  median {r['median']*1000:7.2f} ms  ratio to locadm {r['median']/ref:5.2f}  {r['command'][:70]}")
PY

echo
echo "== 3. emulator load, concurrency 16, 10 s each"
if command -v oha >/dev/null; then
  oha --no-tui -z 10s -c 16 -m POST -H "Authorization: Bearer $token" -H "Content-Type: application/json" \
    -D examples/location.json "$base/locations" | grep -E "Requests/sec|Success rate|Status code" -A3 | head -8
  oha --no-tui -z 10s -c 16 -H "Authorization: Bearer $token" "$base/locations/$id" | grep -E "Requests/sec|Success rate" | head -3
else
  echo "(oha not installed: cargo install oha)"
fi
