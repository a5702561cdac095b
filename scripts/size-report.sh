#!/usr/bin/env bash
# Prints the raw and gzip -9 size of every file in a built site (default
# dist/, from scripts/build-site.sh --release) and checks each page's first
# load against its budget, gzipped:
#   the picker (index.html)       24 KiB (24,576 bytes), everything it loads;
#   klondike.html                160 KiB (163,840 bytes);
#   phutball.html, dominoes.html 128 KiB (131,072 bytes) each.
# A game page's first load is the page, its script, its module, its icon
# and its manifest; not the solver worker (fetched when the table first asks
# it), nor the PNG icons (installing only), nor the example embed.html.
set -euo pipefail
dir="${1:-dist}"
[ -d "$dir" ] || { echo "size-report: no folder '$dir' (run scripts/build-site.sh --release)" >&2; exit 2; }
declare -A gz
printf '%-34s %10s %10s\n' file raw gzip
while IFS= read -r f; do
    raw=$(stat -c %s "$f")
    z=$(gzip -9 -c "$f" | wc -c)
    name="${f#"$dir"/}"
    gz[$name]=$z
    printf '%-34s %10d %10d\n' "$name" "$raw" "$z"
done < <(find "$dir" -type f | sort)

status=0
# check PAGE BUDGET FILE…: the gzipped sum of the files PAGE loads first.
check() {
    local page=$1 budget=$2 total=0 f
    shift 2
    for f in "$@"; do
        [ -n "${gz[$f]:-}" ] || { echo "size-report: $page loads $f, which is not in $dir" >&2; status=1; return; }
        total=$((total + gz[$f]))
    done
    if [ "$total" -gt "$budget" ]; then
        printf 'size-report: %-14s first load %7d of %7d bytes gzipped: OVER\n' "$page" "$total" "$budget" >&2
        status=1
    else
        printf 'size-report: %-14s first load %7d of %7d bytes gzipped\n' "$page" "$total" "$budget"
    fi
}
shared=(icon.svg manifest.webmanifest)
echo
check index.html $((24 * 1024)) index.html picker.js picker_bg.wasm parlour.css picker.css "${shared[@]}"
check klondike.html $((160 * 1024)) klondike.html klondike.js klondike_bg.wasm "${shared[@]}"
check phutball.html $((128 * 1024)) phutball.html phutball.js phutball_bg.wasm "${shared[@]}"
check dominoes.html $((128 * 1024)) dominoes.html dominoes.js dominoes_bg.wasm "${shared[@]}"
exit $status
