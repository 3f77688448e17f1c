#!/usr/bin/env bash
# Times `kibitzer convert` of a generated archive from PBN to RBN and back,
# against `kibitzer check` of the same files, and the most memory each
# conversion held (it streams: the figure should not grow with the file).
#
#   scripts/bench-convert.sh [records=1000000] [seed=1] [runs=3]
#
# A release build (fat LTO: about 20 minutes to build on a 2-core machine).
# PROFILE=debug runs the same steps on a debug build, to try the script on a
# few thousand records; its times say nothing.
set -euo pipefail
records="${1:-1000000}"
seed="${2:-1}"
runs="${3:-3}"
profile="${PROFILE:-release}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

flag=()
[ "$profile" = release ] && flag=(--release)
cargo build "${flag[@]}" --quiet --example gen-archive
cargo build "${flag[@]}" --quiet
kibitzer="./target/$profile/kibitzer"
pbn="$work/archive.pbn"
rbn="$work/archive.rbn"
back="$work/back.pbn"
"./target/$profile/examples/gen-archive" --format pbn --records "$records" --seed "$seed" > "$pbn"

# shellcheck source=scripts/timing.sh
source scripts/timing.sh
convert_time() {
    seconds "$kibitzer" convert "$1" --to "$2" --quiet --out "$3"
}
check_time() {
    seconds "$kibitzer" check "$1"
}
# The peak resident memory of one conversion, in MB (GNU time's %M is KB).
peak_mb() {
    /usr/bin/time -f %M "$kibitzer" convert "$1" --to "$2" --quiet --out "$3" 2>&1 >/dev/null |
        tail -1 | awk '{ printf "%.0f", $1 / 1024 }'
}

# Each conversion runs once before it is timed, so that the file it reads
# back is there and in the page cache.
convert_time "$pbn" rbn "$rbn" > /dev/null
convert_time "$rbn" pbn "$back" > /dev/null
to_rbn=$(median "$runs" convert_time "$pbn" rbn "$rbn")
to_pbn=$(median "$runs" convert_time "$rbn" pbn "$back")
check_pbn=$(median "$runs" check_time "$pbn")
check_rbn=$(median "$runs" check_time "$rbn")
memory="not measured (no /usr/bin/time)"
if [ -x /usr/bin/time ]; then
    memory="$(peak_mb "$pbn" rbn "$rbn") MB to RBN, $(peak_mb "$rbn" pbn "$back") MB back to PBN"
fi
same="differ"
cmp -s <("$kibitzer" dump "$pbn" | sed 's/"file":"[^"]*",//; s/"line":[0-9]*,//; s/"format":"[a-z]*",//') \
    <("$kibitzer" dump "$back" | sed 's/"file":"[^"]*",//; s/"line":[0-9]*,//; s/"format":"[a-z]*",//') &&
    same="are the same"

awk -v n="$records" -v p="$(stat -c %s "$pbn")" -v r="$(stat -c %s "$rbn")" \
    -v a="$to_rbn" -v b="$to_pbn" -v c="$check_pbn" -v d="$check_rbn" -v runs="$runs" -v build="$profile" 'BEGIN {
    printf "archive:            %d records, PBN %.1f MB, RBN %.1f MB (%s build, medians of %d runs)\n", n, p / 1e6, r / 1e6, build, runs
    printf "convert PBN to RBN: %.3f s (%.1f MB/s read, %.0f records/s)\n", a, p / 1e6 / a, n / a
    printf "convert RBN to PBN: %.3f s (%.1f MB/s read, %.0f records/s)\n", b, r / 1e6 / b, n / b
    printf "check PBN:          %.3f s; convert to RBN takes %.1f times as long\n", c, a / c
    printf "check RBN:          %.3f s; convert to PBN takes %.1f times as long\n", d, b / d
}'
echo "peak memory:        $memory"
echo "dump of the archive and of it after PBN -> RBN -> PBN: $same"
