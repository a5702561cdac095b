#!/usr/bin/env bash
# Peak memory (resident set, from the OS) and time of `parlour phutball wins`
# on a board crowded with men, where the win-in-one finder holds every state
# its budget allows: at the default budget and at the command line's cap.
# BENCHMARKS.md ("The win-in-one finder") has the figures.
#
# Usage: scripts/phutball-wins-memory.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build -q --profile fast -p parlour-cli --bin parlour
command -v /usr/bin/time >/dev/null || { echo "needs GNU time (apt-get install time)" >&2; exit 2; }
for budget in default 10000000; do
    args=()
    [ "$budget" = default ] || args=(--budget "$budget")
    /usr/bin/time -f "budget $budget: peak %M KB, %e s" \
        target/fast/parlour phutball wins tests/data/phutball-dense.txt "${args[@]}" >/dev/null
done
