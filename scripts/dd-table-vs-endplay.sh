#!/usr/bin/env bash
# Times the double-dummy table of one deal, one deal at a time as the
# viewer asks for it: kibitzer (pons-dds) against endplay's DDS
# (calc_dd_table, the C++ solver, all cores) on the same generated deals.
# The two take turns (A B A B ...) so that other load on the machine falls
# on both alike; each deal's time is its best of the rounds. Checks that
# every table is identical and prints the median and mean per deal.
#
#   scripts/dd-table-vs-endplay.sh [deals=200] [seed=1] [rounds=2]
#
# endplay is installed from PyPI into a throwaway virtual environment,
# or taken from $ENDPLAY_PYTHON (a python with endplay 0.5.12).
set -euo pipefail
deals="${1:-200}"
seed="${2:-1}"
rounds="${3:-2}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --example dd-export
python="${ENDPLAY_PYTHON:-}"
if [ -z "$python" ]; then
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install --quiet endplay==0.5.12
    python="$work/venv/bin/python"
fi
cat > "$work/endplay_table.py" <<'PY'
import json, sys, time
from endplay.dds import calc_dd_table
from endplay.types import Deal
# endplay's rows are S H D C NT; kibitzer's C D H S NT.
ROWS = [3, 2, 1, 0, 4]
lines = [json.loads(l) for l in open(sys.argv[1])]
calc_dd_table(Deal(lines[0]["deal"]))  # warm up, as kibitzer does
for line in lines:
    deal = Deal(line["deal"])
    wall, cpu = time.perf_counter(), time.process_time()
    rows = calc_dd_table(deal).to_list()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    same = [rows[i] for i in ROWS] == line["table"]
    print(json.dumps({"deal": line["deal"], "same": same, "wall_ms": wall * 1e3, "cpu_ms": cpu * 1e3}))
PY
cat > "$work/summary.py" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
def load(name):
    return [[json.loads(l) for l in open(f"{work}/{name}{r}.jsonl")] for r in range(rounds)]
ours, theirs = load("kibitzer"), load("endplay")
differ = sum(not line["same"] for run in theirs for line in run)
print(f"{len(ours[0])} deals, {rounds} rounds each; tables that differ: {differ}")
for name, runs in (("kibitzer solve_table", ours), ("endplay calc_dd_table", theirs)):
    wall = [min(run[i]["wall_ms"] for run in runs) for i in range(len(runs[0]))]
    cpu = [min(run[i]["cpu_ms"] for run in runs) for i in range(len(runs[0]))]
    print(f"{name:22} wall median {statistics.median(wall):6.1f} ms, mean {statistics.mean(wall):6.1f} ms;"
          f" CPU median {statistics.median(cpu):6.1f} ms, mean {statistics.mean(cpu):6.1f} ms")
sys.exit(1 if differ else 0)
PY
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 0 $((rounds - 1))); do
    "${CARGO_TARGET_DIR:-target}/release/examples/dd-export" --time --deals "$deals" --seed "$seed" > "$work/kibitzer$round.jsonl"
    "$python" "$work/endplay_table.py" "$work/kibitzer$round.jsonl" > "$work/endplay$round.jsonl"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$work/summary.py" "$work" "$rounds"
