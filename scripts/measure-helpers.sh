#!/usr/bin/env bash
# Measures what each hand-written replacement for std (or for a crate the
# design names) saves each page's first load: the site is built once as it
# is and once per swap (scripts/helpers/<swap>.py puts std or the crate in
# the helper's place), each in a scratch worktree of HEAD with a target
# folder of its own, and the size report's first loads are printed. The
# README's table "Hand-written helpers, measured per game" comes from it.
# Takes about four minutes a build with the tools in place.
#
# Usage: scripts/measure-helpers.sh [SWAP...]   (default: every swap)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="${TMPDIR:-/tmp}/parlour-helpers"
swaps=("$@")
[ ${#swaps[@]} -gt 0 ] || swaps=(sort string_map mount)
rm -rf "$scratch/tree"
git -C "$root" worktree add -f --detach "$scratch/tree" HEAD >/dev/null
trap 'git -C "$root" worktree remove --force "$scratch/tree"' EXIT
cd "$scratch/tree"
ln -sfn "$root/node_modules" node_modules
export PATH="$HOME/.cargo/bin:$root/node_modules/.bin:$PATH"
export CARGO_TARGET_DIR="$scratch/target"
for swap in baseline "${swaps[@]}"; do
    git checkout -q -- .
    [ "$swap" = baseline ] || python3 "$root/scripts/helpers/$swap.py"
    echo "== $swap"
    if scripts/build-site.sh --release "$scratch/dist-$swap" >"$scratch/$swap.log" 2>&1; then
        scripts/size-report.sh "$scratch/dist-$swap" 2>&1 | grep "first load" || true
    else
        echo "the build failed: $scratch/$swap.log"
    fi
done
