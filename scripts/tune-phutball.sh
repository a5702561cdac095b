#!/bin/sh
# Tunes the Phutball search's evaluation weights by self-play: each
# candidate engine plays the baseline at both colours, and each match's
# line is appended to docs/phutball-tuning.txt (the data the chosen
# weights rest on). A simple coordinate search: give it candidates that
# move one weight at a time from the best so far.
#   scripts/tune-phutball.sh BASELINE GAMES_PER_COLOUR MS_PER_MOVE SEED CANDIDATE...
# For example:
#   scripts/tune-phutball.sh classic 20 100 41 standard standard:100,40,40,0
set -eu
base=$1 games=$2 ms=$3 seed=$4
shift 4
cargo build --release --quiet -p parlour-cli
out=docs/phutball-tuning.txt
for engine in "$@"; do
    line=$(scripts/phutball-ladder.sh "$engine" "$base" "$games" "$ms" "$seed")
    echo "$(date -u +%Y-%m-%d) seed $seed: $line" | tee -a "$out"
done
