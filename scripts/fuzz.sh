#!/usr/bin/env bash
# Runs one cargo-fuzz target on the stable toolchain.
#
#   scripts/fuzz.sh [target] [seconds] [extra libFuzzer args...]
#
# target defaults to `rbn`, seconds to 300. cargo-fuzz needs nightly-only
# rustc flags; RUSTC_BOOTSTRAP=1 lets stable accept them. The address
# sanitizer is off (`-s none`): it works but runs four times slower, and
# the readers' only unsafe code is the scan's vector loads from a slice cut
# (so bounds-checked) just before them; panics and overflows (debug
# assertions are on in fuzz builds) are caught without it.
#
# The run is seeded from fuzz/seeds/<target> (committed) and grows
# fuzz/corpus/<target> (ignored by git); crashes land in
# fuzz/artifacts/<target>. Set FUZZ_JOBS to run more than one job. Once a
# crash is mended, copy its input to tests/fixtures/fuzz/<target>/: every
# `cargo test` replays those and the seeds (tests/suite/fuzz_replay.rs).
#
# Needs cargo-fuzz: cargo install cargo-fuzz
set -euo pipefail

target="${1:-rbn}"
seconds="${2:-300}"
shift $(( $# > 2 ? 2 : $# ))

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is missing: cargo install cargo-fuzz" >&2
    exit 1
fi

seeds="fuzz/seeds/$target"
corpus="fuzz/corpus/$target"
mkdir -p "$corpus"
dirs=("$corpus")
if [ -d "$seeds" ]; then
    dirs+=("$seeds")
fi

export RUSTC_BOOTSTRAP=1
exec cargo fuzz run --sanitizer none --jobs "${FUZZ_JOBS:-1}" "$target" "${dirs[@]}" -- \
    -max_total_time="$seconds" -max_len=4096 -timeout=1 -rss_limit_mb=2048 "$@"
