#!/usr/bin/env bash
# Times `kibitzer dump --dd` against endplay's DDS (calc_all_tables, the
# C++ solver) on the same generated deals, checks that every table is
# identical, and prints both times and the ratio.
#
#   scripts/dd-vs-endplay.sh [deals=1000] [seed=1]
#
# endplay is installed from PyPI into a throwaway virtual environment.
# (scripts/dd-vs-endplay.py checks plays and positions card by card.)
set -euo pipefail
deals="${1:-1000}"
seed="${2:-1}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --example gen-archive
cargo build --release --quiet
./target/release/examples/gen-archive --format pbn --records "$deals" --seed "$seed" > "$work/deals.pbn"

start=$(date +%s.%N)
./target/release/kibitzer dump --dd "$work/deals.pbn" > "$work/dd.jsonl"
end=$(date +%s.%N)
kibitzer=$(echo "$end - $start" | bc -l)

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet endplay
cat > "$work/endplay_tables.py" <<'PY'
import json, sys, time
from endplay.dds import calc_all_tables
from endplay.types import Deal
# endplay's rows are S H D C NT; dump's strains are letters, seats N E S W.
STRAINS = "SHDCN"
lines = [json.loads(l) for l in open(sys.argv[1])]
lines = [l for l in lines if "dd" in l]
deals = [Deal("N:" + " ".join(l["hands"][s] for s in "NESW")) for l in lines]
start = time.perf_counter()
tables = []
for at in range(0, len(deals), 32):  # DDS takes at most 32 deals a call
    tables += calc_all_tables(deals[at:at + 32])
took = time.perf_counter() - start
differ = 0
for line, table in zip(lines, tables):
    rows = table.to_list()
    ours = [[line["dd"][seat][strain] for seat in "NESW"] for strain in STRAINS]
    if rows != ours:
        differ += 1
        print(f"differs: record {line['record']}: kibitzer {ours} endplay {rows}", file=sys.stderr)
print(f"{took:.3f} {len(lines)} {differ}")
PY
read -r endplay count differ < <("$work/venv/bin/python" "$work/endplay_tables.py" "$work/dd.jsonl")
echo "deals with a table: $count; tables that differ: $differ"
printf 'kibitzer dump --dd (tables, par, play analysis): %.2f s\n' "$kibitzer"
printf 'endplay calc_all_tables (tables only):           %.2f s\n' "$endplay"
printf 'ratio: %.2f\n' "$(echo "$kibitzer / $endplay" | bc -l)"
[ "$differ" -eq 0 ]
