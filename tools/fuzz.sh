#!/bin/sh
# Runs every fuzz target for SECONDS each (default 60), at the lowest priority.
#
#   tools/fuzz.sh [SECONDS] [TARGET...]
#
# FUZZ_ENGINE=libfuzzer: coverage-guided, with cargo-fuzz on the stable compiler
# (`cargo install cargo-fuzz`; a C++ compiler builds libFuzzer). The targets in fuzz/ are
# built with `cargo fuzz build -s none` (no sanitizer: stable Rust has none), then each
# runs over fuzz/work/TARGET (new inputs go there) seeded by the committed
# fuzz/corpus/TARGET; a crash leaves its input in fuzz/artifacts/TARGET/ and the log in
# fuzz/logs/TARGET.log. FUZZ_PARALLEL=1 runs all targets at once instead of one after
# the other. Add a crash's input to fuzz/corpus/TARGET once fixed; `tools/fuzz.sh`
# never writes there.
#
# Without FUZZ_ENGINE: the stable seeded byte mutator (crates/fuzz/examples/fuzz.rs),
# blind to coverage; a crash stops its target and leaves the input in fuzz/crashes/.
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-"world dungeon ascii config caves_save overworld_player overworld_region numbers recording websocket"}
status=0
if [ "${FUZZ_ENGINE:-mutator}" = libfuzzer ]; then
    (cd fuzz && cargo fuzz build -s none)
    bin=fuzz/target/x86_64-unknown-linux-gnu/release
    mkdir -p fuzz/logs
    run() {
        mkdir -p "fuzz/work/$1" "fuzz/artifacts/$1"
        nice -n 19 "$bin/$1" "fuzz/work/$1" "fuzz/corpus/$1" -max_total_time="$seconds" \
            -timeout=25 -rss_limit_mb=2048 -artifact_prefix="fuzz/artifacts/$1/" \
            -print_final_stats=1 >"fuzz/logs/$1.log" 2>&1
    }
    if [ "${FUZZ_PARALLEL:-0}" = 1 ]; then
        pids=""
        for t in $targets; do
            run "$t" &
            pids="$pids $!"
        done
        for p in $pids; do
            wait "$p" || status=1
        done
    else
        for t in $targets; do
            run "$t" || status=1
        done
    fi
    for t in $targets; do
        # The last status line: execs (#N), coverage (cov: edges, ft: features), corpus.
        echo "$t: $(grep -E '^#[0-9]+' "fuzz/logs/$t.log" | tail -n 1)"
        grep -q 'panicked\|ERROR: libFuzzer' "fuzz/logs/$t.log" && echo "$t: CRASH, see fuzz/logs/$t.log"
    done
    exit $status
fi
cargo build --release -p torchlit-fuzz --example fuzz
for t in $targets; do
    nice -n 19 target/release/examples/fuzz "$t" "$seconds" || status=1
done
exit $status
