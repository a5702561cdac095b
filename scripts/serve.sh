#!/usr/bin/env bash
# Installs whatever is missing, then builds Parlour and serves it on
# http://127.0.0.1:8080 (rebuilding on change). Pass --release for an optimised build.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/ensure-tools.sh web
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
echo "Parlour: http://127.0.0.1:8080/"
exec trunk serve --offline "$@"
