#!/bin/sh
# Runs every fuzz target for SECONDS each (default 60) with the stable byte mutator
# (crates/fuzz/examples/fuzz.rs), at the lowest priority. With a nightly toolchain and
# cargo-fuzz installed, FUZZ_ENGINE=libfuzzer runs the coverage-guided targets in fuzz/
# instead. A crash stops its target and leaves the input in fuzz/crashes/.
#
#   tools/fuzz.sh [SECONDS] [TARGET...]
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-"world dungeon ascii config caves_save overworld_player overworld_region numbers"}
status=0
if [ "${FUZZ_ENGINE:-mutator}" = libfuzzer ]; then
    for t in $targets; do
        (cd fuzz && nice -n 19 cargo +nightly fuzz run "$t" corpus/"$t" -- -max_total_time="$seconds") || status=1
    done
    exit $status
fi
cargo build --release -p torchlit-fuzz --example fuzz
for t in $targets; do
    nice -n 19 target/release/examples/fuzz "$t" "$seconds" || status=1
done
exit $status
