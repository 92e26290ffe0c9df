#!/usr/bin/env python3
"""Instructions a record, function by function, of two builds (a benchmark helper).

    KEEP=/tmp/cg BASELINE=/path/to/other/locadm benches/per_record.sh
    cd /tmp/cg && for f in callgrind.?.n?; do
        callgrind_annotate --inclusive=yes --threshold=100 "$f" >"$f.incl"   # or without
    done                                                                       # --inclusive
    benches/callgrind_diff.py callgrind.0.n1.incl callgrind.0.n2.incl \
        callgrind.1.n1.incl callgrind.1.n2.incl 1000 6000 [--top 40]

For each function: (Ir(N2) - Ir(N1)) / (N2 - N1) of build A (the first two files) and of
build B (the next two), and A - B, the largest differences first. Rust hashes (::h...)
and the object's name are dropped so that the two builds' functions meet by name; a
function that moved (another crate, another name) or was inlined differently shows up
as one row gone and one row new. Inclusive counts of recursive functions (rayon's
helpers) are over 100% and mean little.
"""
import argparse
import re

parser = argparse.ArgumentParser()
parser.add_argument("a_n1"); parser.add_argument("a_n2")
parser.add_argument("b_n1"); parser.add_argument("b_n2")
parser.add_argument("n1", type=int); parser.add_argument("n2", type=int)
parser.add_argument("--top", type=int, default=40)
args = parser.parse_args()
LINE = re.compile(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*?)\s*$")


def load(path):
    out, started = {}, False
    for line in open(path, errors="replace"):
        if line.startswith("Ir") and "file:function" in line:
            started = True
            continue
        m = LINE.match(line) if started else None
        if not m:
            continue
        name = re.sub(r"\s*\[[^\]]*\]$", "", m.group(2))
        name = re.sub(r"::h[0-9a-f]{16}", "", name)
        name = re.sub(r"^\?\?\?:", "", name)
        out[name] = out.get(name, 0) + int(m.group(1).replace(",", ""))
    return out


a1, a2, b1, b2 = (load(p) for p in (args.a_n1, args.a_n2, args.b_n1, args.b_n2))
d = args.n2 - args.n1
rows = []
for name in set(a2) | set(b2):
    a = (a2.get(name, 0) - a1.get(name, 0)) / d
    b = (b2.get(name, 0) - b1.get(name, 0)) / d
    rows.append((a - b, a, b, name))
rows.sort(key=lambda r: -abs(r[0]))
print(f"{'A-B':>9} {'A':>9} {'B':>9}  function (instructions a record)")
for diff, a, b, name in rows[: args.top]:
    print(f"{diff:9.0f} {a:9.0f} {b:9.0f}  {name[:150]}")
