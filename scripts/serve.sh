#!/usr/bin/env bash
# Installs whatever is missing, builds the whole site (the picker and a page
# per game: scripts/build-site.sh) and serves it on http://127.0.0.1:8080.
# Pass --release for an optimised build. (Trunk serves one page per server,
# so the site is served as the static folder it ships as; to work on one
# game with Trunk's rebuild-on-change, run `trunk serve klondike.html`.)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/ensure-tools.sh web
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
scripts/build-site.sh "$@" dist
echo "Parlour: http://127.0.0.1:8080/"
exec python3 -m http.server 8080 --bind 127.0.0.1 --directory dist
