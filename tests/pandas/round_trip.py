#!/usr/bin/env python3
"""The pandas round trip of issue 53: locadm's own `-o csv` and `-o xlsx` of fragile
locations, read and written back by pandas with its defaults (`read_csv`/`to_csv`,
`read_excel`/`to_excel`, as a team's script does), then `location apply --plan`: what
locadm makes of each (unchanged, changes marked `suspect`, or changes it cannot tell
from an edit).

    pip install pandas openpyxl
    python3 tests/pandas/round_trip.py [path/to/locadm]

Runs the `local` profile (the embedded emulator) in a temporary data directory; no
network beyond 127.0.0.1. Prints one line per format and exits 0; the figures are for
the closing note and docs/operators.md, not a pass/fail (pandas' defaults are what they
are: the point is what locadm says of them).
"""

import json
import os
import subprocess
import sys
import tempfile

import pandas

LOCADM = sys.argv[1] if len(sys.argv) > 1 else "target/debug/locadm"
PROVIDER = "8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c"


def locadm(env, *args, stdin=None):
    done = subprocess.run(
        [LOCADM, "--profile", "local", *args],
        env=env,
        input=stdin,
        capture_output=True,
    )
    return done


def main():
    home = tempfile.mkdtemp()
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=home + "/data", XDG_CONFIG_HOME=home + "/config")
    records = [
        {"storeId": "00042", "storeName": "Dresden Altmarkt", "address": "Markt 1", "city": "Dresden",
         "postCode": "01067", "countryCode": "DEU", "latitude": 51.05089123, "longitude": 13.73832456,
         "locationProvider": {"id": PROVIDER}, "telephoneNumber": "+4935112345",
         "hasDisabledAccess": True, "tags": ["a,b", " lead"]},
        {"storeId": "MAR-01", "storeName": "$100", "address": "Ring 2", "city": "Leipzig",
         "postCode": "04109", "countryCode": "DEU", "latitude": 52, "longitude": 12.5,
         "locationProvider": {"id": PROVIDER}, "description": "50%", "hasDisabledAccess": False},
    ]
    new = "".join(json.dumps(r) + "\n" for r in records).encode()
    created = locadm(env, "location", "apply", "--file", "-", "-o", "ndjson", stdin=new)
    assert created.returncode == 0, created.stderr.decode()
    ids = os.path.join(home, "created.ndjson")
    with open(ids, "wb") as f:
        f.write(created.stdout)

    # pandas' defaults write the frame's index as a first, unnamed column; scripts that
    # know pass index=False. Both are tried.
    for fmt, index in [("csv", True), ("csv", False), ("xlsx", True), ("xlsx", False)]:
        export = locadm(env, "location", "get", "--ids-from", ids, "-o", fmt)
        assert export.returncode == 0, export.stderr.decode()
        original = os.path.join(home, "export." + fmt)
        with open(original, "wb") as f:
            f.write(export.stdout)
        saved = os.path.join(home, "pandas." + fmt)
        if fmt == "csv":
            pandas.read_csv(original).to_csv(saved, index=index)
        else:
            pandas.read_excel(original).to_excel(saved, index=index)
        plan = locadm(env, "location", "apply", "--file", saved, "--plan", "-o", "ndjson")
        lines = [json.loads(l) for l in plan.stdout.decode().splitlines() if l.strip()]
        changes = [c for r in lines for c in r.get("changes", [])]
        suspect = [c for c in changes if c.get("suspect")]
        unmarked = [c for c in changes if not c.get("suspect")]
        said = plan.stderr.decode().strip().splitlines()
        print(json.dumps({
            "format": fmt,
            "index": index,
            "exit": plan.returncode,
            "records": len(lines),
            "unchanged": sum(1 for r in lines if r.get("plan") == "unchanged"),
            "suspect": [f"{c['field']}: {json.dumps(c['before'])} -> {json.dumps(c['after'])} ({c['suspect']})" for c in suspect],
            "unmarked": [f"{c['field']}: {json.dumps(c['before'])} -> {json.dumps(c['after'])}" for c in unmarked],
            "error": said[-1] if plan.returncode not in (0,) and said else None,
        }, ensure_ascii=False))


if __name__ == "__main__":
    main()
