#!/usr/bin/env bash
# Fuzzes one target of parlour-fuzz-targets (fuzz/targets/) with AFL++ (through cargo-afl, on the
# stable toolchain) for SECONDS, or until EXECUTIONS inputs have run if that
# comes first, then adds what AFL++ kept to the target's
# committed corpus and prints the executions and crashes from its statistics.
#
# Usage: [FUZZ_JOBS=N] scripts/fuzz.sh TARGET [SECONDS [EXECUTIONS]]  (targets: ls fuzz/src/bin)
#        scripts/fuzz.sh all [SECONDS [EXECUTIONS]]     (each target in turn)
#
# The suite does not run this: it replays the committed corpora instead
# (fuzz/targets/tests/corpus.rs). cargo-afl is installed from crates.io when missing,
# and builds AFL++ from the source it ships.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$HOME/.cargo/bin:$PATH"
AFL_VERSION=0.18.2
target="${1:?usage: scripts/fuzz.sh TARGET|all [SECONDS]}"
seconds="${2:-60}"
executions="${3:-}"

if [ "$(cargo afl --version 2>/dev/null | awk '{print $2}')" != "$AFL_VERSION" ]; then
    cargo install cargo-afl --version "=$AFL_VERSION" --locked
fi
# AFL++ itself, built once from the source cargo-afl ships (a second call
# says it is built already, and fails: that is fine).
cargo afl config --build >/dev/null 2>&1 || true

(cd fuzz && cargo afl build --release --quiet)

# No core dumps to wait for, no CPU governor to change: this is a shared machine.
export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1
# Nor a core to keep to itself: two targets may run at once.
export AFL_NO_AFFINITY=1

# FUZZ_JOBS=N runs N AFL++ instances of one campaign (one main, N-1 secondaries
# sharing their finds), each stopping at EXECUTIONS/N; the figures printed are
# the sum over the instances.
jobs="${FUZZ_JOBS:-1}"

stat() { awk -F' *: *' -v k="$1" '$1==k {print $2}' "$2"; }

run() {
    local t="$1" out="fuzz/target/afl/$1"
    rm -rf "$out"
    mkdir -p "$out"
    # -V: stop after SECONDS; -E: or after EXECUTIONS; -t: a hang is an
    # input that takes over 2 s.
    local cap=()
    if [ -n "$executions" ]; then cap=(-E "$(( (executions + jobs - 1) / jobs ))"); fi
    local names=(default) i
    if [ "$jobs" -gt 1 ]; then
        names=(main)
        for ((i = 2; i <= jobs; i++)); do names+=("s$i"); done
    fi
    local pids=() name role
    for name in "${names[@]}"; do
        role=()
        if [ "$jobs" -gt 1 ]; then
            if [ "$name" = main ]; then role=(-M main); else role=(-S "$name"); fi
        fi
        (cd fuzz && cargo afl fuzz "${role[@]}" -V "$seconds" "${cap[@]}" -t 2000 \
            -i "corpus/$t" -o "target/afl/$t" "target/release/$t" >/dev/null 2>&1) &
        pids+=($!)
    done
    for i in "${pids[@]}"; do wait "$i" || true; done
    local execs=0 crashes=0 hangs=0 stats
    for name in "${names[@]}"; do
        stats="$out/$name/fuzzer_stats"
        execs=$((execs + $(stat execs_done "$stats")))
        crashes=$((crashes + $(stat saved_crashes "$stats")))
        hangs=$((hangs + $(stat saved_hangs "$stats")))
        # Keep what AFL++ found interesting (small inputs only) as corpus.
        # (Entries named orig: are the corpus's own files, linked into the
        # queue; sync: entries are another instance's finds, kept once by it.)
        find "$out/$name/queue" -maxdepth 1 -type f -size -16k -name 'id:*' \
            ! -name '*orig:*' ! -name '*sync:*' |
            while read -r f; do
                cp -f "$f" "fuzz/corpus/$t/afl-$(sha1sum "$f" | cut -c1-12)" || true
            done
        if [ "$(stat saved_crashes "$stats")" != "0" ]; then
            echo "crashes kept in $out/$name/crashes" >&2
        fi
    done
    printf '%-18s %12s executions  %s crashes  %s hangs  (%s instance(s))\n' \
        "$t" "$execs" "$crashes" "$hangs" "$jobs"
}

if [ "$target" = all ]; then
    for f in fuzz/src/bin/*.rs; do run "$(basename "$f" .rs)"; done
else
    run "$target"
fi
