#!/usr/bin/env bash
# Times `kibitzer check` against endplay's PBN reader on the same generated
# archive and prints both times and the ratio.
#
#   scripts/bench-vs-endplay.sh [records=100000] [seed=1]
#
# endplay is installed from PyPI into a throwaway virtual environment.
set -euo pipefail
records="${1:-100000}"
seed="${2:-1}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --example gen-archive
cargo build --release --quiet
archive="$work/archive.pbn"
./target/release/examples/gen-archive --format pbn --records "$records" --seed "$seed" > "$archive"
size=$(stat -c %s "$archive")

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet endplay
cat > "$work/endplay_read.py" <<'PY'
import sys, time
from endplay.parsers import pbn
start = time.perf_counter()
with open(sys.argv[1]) as f:
    boards = pbn.load(f)
print(f"{time.perf_counter() - start:.3f} {len(boards)}")
PY

# The median of several runs each, with a warm page cache.
# shellcheck source=scripts/timing.sh
source scripts/timing.sh
kibitzer_time() {
    seconds ./target/release/kibitzer check "$archive"
}
endplay_time() {
    "$work/venv/bin/python" "$work/endplay_read.py" "$archive" | cut -d' ' -f1
}
k=$(median 5 kibitzer_time)
e=$(median 3 endplay_time)
awk -v k="$k" -v e="$e" -v s="$size" -v n="$records" 'BEGIN {
    printf "archive:  %d records, %.1f MB\n", n, s / 1e6
    printf "kibitzer: %.3f s (%.1f MB/s, %.0f records/s)\n", k, s / 1e6 / k, n / k
    printf "endplay:  %.3f s (%.1f MB/s, %.0f records/s)\n", e, s / 1e6 / e, n / e
    printf "ratio:    kibitzer is %.0f times faster (median of 5 and 3 runs)\n", e / k
}'
