#!/usr/bin/env bash
# A long Klondike solver run in chunks that survive interruption: solves
# seeds FROM..TO in chunks of CHUNK deals (draw 3, unlimited passes, BUDGET_MS
# of the solving thread's CPU time a deal, which a busy machine does not
# shrink; the speed-tuned build), one file per chunk in DIR, skipping chunks
# whose file is complete, then prints the combined verdicts with a 95% Wilson
# interval. With --summary it only combines the chunks already in DIR.
#
#   scripts/klondike-chunks.sh 1 100000 10000 1000 runs/draw3-1s
#   scripts/klondike-chunks.sh --summary runs/draw3-1s
#
# PARLOUR_BIN names a built binary to use instead (so a rebuild cannot
# change it mid-run); DRAW=1 deals singly.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

summary() {
    cat "$1"/chunk-*.txt 2>/dev/null | awk '
        /^seed [0-9]+: / { n++; v[$3]++ }
        END {
            if (n == 0) { print "no deals solved yet"; exit }
            w = v["winnable"] + 0; z = 1.959964; p = w / n
            c = (p + z*z/(2*n)) / (1 + z*z/n)
            h = z * sqrt(p*(1-p)/n + z*z/(4*n*n)) / (1 + z*z/n)
            printf "%d deals: winnable %d (%.3f%%, 95%% CI %.3f-%.3f%%), unwinnable %d, unknown %d (%.3f%%)\n",
                n, w, 100*p, 100*(c-h), 100*(c+h), v["unwinnable"]+0, v["unknown"]+0, 100*(v["unknown"]+0)/n
        }'
}

if [ "${1:-}" = "--summary" ]; then
    summary "${2:?usage: $0 --summary DIR}"
    exit 0
fi
[ $# -eq 5 ] || { echo "usage: $0 FROM TO CHUNK BUDGET_MS DIR | --summary DIR" >&2; exit 2; }
from=$1 to=$2 chunk=$3 budget=$4 dir=$5
mkdir -p "$dir"
bin=${PARLOUR_BIN:-}
if [ -z "$bin" ]; then
    cargo build --profile fast --quiet -p parlour-cli
    bin=target/fast/parlour
fi
for ((a = from; a <= to; a += chunk)); do
    b=$((a + chunk - 1 > to ? to : a + chunk - 1))
    out="$dir/chunk-$a-$b.txt"
    if [ -f "$out" ] && grep -q '^summary:' "$out"; then
        continue
    fi
    "$bin" klondike solve --draw "${DRAW:-3}" --passes unlimited --seeds "$a..$b" \
        --budget-cpu-ms "$budget" > "$out.part"
    mv "$out.part" "$out"
done
summary "$dir"
