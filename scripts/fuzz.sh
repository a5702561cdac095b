#!/usr/bin/env bash
# Fuzzes one target of parlour::fuzzing with AFL++ (through cargo-afl, on the
# stable toolchain) for SECONDS, or until EXECUTIONS inputs have run if that
# comes first, then adds what AFL++ kept to the target's
# committed corpus and prints the executions and crashes from its statistics.
#
# Usage: scripts/fuzz.sh TARGET [SECONDS [EXECUTIONS]]  (targets: ls fuzz/src/bin)
#        scripts/fuzz.sh all [SECONDS [EXECUTIONS]]     (each target in turn)
#
# The suite does not run this: it replays the committed corpora instead
# (tests/fuzz_corpus.rs). cargo-afl is installed from crates.io when missing,
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

run() {
    local t="$1" out="fuzz/target/afl/$1"
    rm -rf "$out"
    mkdir -p "$out"
    # -V: stop after SECONDS; -E: or after EXECUTIONS; -t: a hang is an
    # input that takes over 2 s.
    local cap=()
    if [ -n "$executions" ]; then cap=(-E "$executions"); fi
    (cd fuzz && cargo afl fuzz -V "$seconds" "${cap[@]}" -t 2000 -i "corpus/$t" \
        -o "target/afl/$t" "target/release/$t" >/dev/null 2>&1) || true
    local stats="$out/default/fuzzer_stats"
    local execs crashes hangs
    execs=$(awk -F' *: *' '$1=="execs_done" {print $2}' "$stats")
    crashes=$(awk -F' *: *' '$1=="saved_crashes" {print $2}' "$stats")
    hangs=$(awk -F' *: *' '$1=="saved_hangs" {print $2}' "$stats")
    # Keep what AFL++ found interesting (small inputs only) as corpus.
    # (Entries named orig: are the corpus's own files, linked into the queue.)
    find "$out/default/queue" -maxdepth 1 -type f -size -16k -name 'id:*' ! -name '*orig:*' |
        while read -r f; do
            cp -f "$f" "fuzz/corpus/$t/afl-$(sha1sum "$f" | cut -c1-12)" || true
        done
    printf '%-18s %12s executions  %s crashes  %s hangs\n' "$t" "$execs" "$crashes" "$hangs"
    if [ "$crashes" != "0" ]; then
        echo "crashes kept in $out/default/crashes" >&2
    fi
}

if [ "$target" = all ]; then
    for f in fuzz/src/bin/*.rs; do run "$(basename "$f" .rs)"; done
else
    run "$target"
fi
