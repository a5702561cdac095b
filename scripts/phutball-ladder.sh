#!/bin/sh
# A Phutball match between two engines, both colours at once (two
# processes), and engine A's score with its 95% interval:
#   scripts/phutball-ladder.sh A B GAMES_PER_COLOUR MS_PER_MOVE SEED [LEVEL_A LEVEL_B] [BOARD]
# A and B are engines as `parlour phutball selfplay` reads them (standard,
# classic, standard:RACE,REACH,THREAT,CROWD, ...). MS_PER_MOVE is both
# sides' time, or A_MS/B_MS for each its own. LEVEL_A and LEVEL_B
# default to strong; BOARD to 19x15. Prints one line: A, B, A's wins,
# draws, losses, score and interval; each process's own report (nodes a
# second, mean depth) goes to standard error. Both colours play the same
# seeded openings, so the openings' luck falls on both engines alike.
set -eu
a=$1 b=$2 games=$3 ms=$4 seed=$5
la=${6:-strong} lb=${7:-strong} board=${8:-19x15}
ms_a=${ms%/*} ms_b=${ms#*/}
bin=${PARLOUR_BIN:-target/release/parlour}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
common="--games $games --nodes 1000000000 --board $board"
# shellcheck disable=SC2086
"$bin" phutball selfplay --ohs "$la" --ohs-engine "$a" --eks "$lb" --eks-engine "$b" \
    --ohs-time-ms "$ms_a" --eks-time-ms "$ms_b" $common --seed "$seed" >"$tmp/a-ohs" &
# shellcheck disable=SC2086
"$bin" phutball selfplay --ohs "$lb" --ohs-engine "$b" --eks "$la" --eks-engine "$a" \
    --ohs-time-ms "$ms_b" --eks-time-ms "$ms_a" \
    $common --seed "$seed" >"$tmp/a-eks"
wait
count() { awk -v k="$2" '$1 == k && $2 == "win" { print $3 } $1 == "draws" && k == "draws" { print $2 }' "$1"; }
w=$(( $(count "$tmp/a-ohs" Ohs) + $(count "$tmp/a-eks" Eks) ))
l=$(( $(count "$tmp/a-ohs" Eks) + $(count "$tmp/a-eks" Ohs) ))
d=$(( $(count "$tmp/a-ohs" draws) + $(count "$tmp/a-eks" draws) ))
n=$((w + l + d))
cat "$tmp/a-ohs" "$tmp/a-eks" >&2
awk -v a="$a/$la" -v b="$b/$lb" -v w="$w" -v d="$d" -v l="$l" -v n="$n" -v ms="$ms" 'BEGIN {
    p = (w + d / 2) / n; z = 1.96
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    printf "%s v %s at %s ms: +%d =%d -%d of %d, score %.1f%% (95%% CI %.1f-%.1f%%)\n", a, b, ms, w, d, l, n, 100 * p, 100 * (c - h), 100 * (c + h)
}'
