#!/usr/bin/env bash
# Builds the whole site into one folder (default dist/): the picker
# (index.html) and a page per game (klondike.html, phutball.html,
# dominoes.html). Trunk builds one page at a time, so each page is its own
# Trunk build (offline, with Trunk.toml's hooks), into a folder of its own
# under target/site-pages/; the folders are then merged. File names are
# stable (Trunk.toml: filehash = false) and no two pages write one name,
# except the icon they share (Trunk writes each page as index.html: a game's
# is renamed <game>.html). Last, scripts/offline-release.py writes the
# service worker that keeps this release for offline play.
#
# Usage: scripts/build-site.sh [--release] [DIST]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
mode=()
if [ "${1:-}" = --release ]; then
    mode=(--release)
    shift
fi
dist="${1:-dist}"
parts="target/site-pages"
pages=(index klondike phutball dominoes)
for page in "${pages[@]}"; do
    trunk build "${mode[@]}" --offline --dist "$parts/$page" "$page.html"
done
rm -rf "$dist"
mkdir -p "$dist"
for page in "${pages[@]}"; do
    # Trunk names every page it builds index.html: each game's becomes <game>.html.
    if [ "$page" != index ]; then
        mv "$parts/$page/index.html" "$parts/$page/$page.html"
    fi
    cp -R "$parts/$page/." "$dist/"
done
# The release's service worker, sw.js, over everything above.
python3 scripts/offline-release.py "$dist"
echo "build-site: ${pages[*]} built into $dist"
