#!/bin/sh
# Trunk's post-build hook (Trunk.toml): in a release build, minifies the glue
# wasm-bindgen generates (parlour.js) with terser: local names shortened, dead
# code and the doc comments it copies from the Rust sources dropped. The
# exported API (Parlour, mount, start, init) and the wasm import names keep
# their names: terser renames neither exports nor property keys. The API is
# documented in the README and in the Rust sources. Shipped as generated, the
# glue costs the first load about 2 KB more gzipped (README, "Size").
# terser comes from npm, next to wasm-opt (scripts/ensure-tools.sh web).
set -eu
[ "${TRUNK_PROFILE:-}" = release ] || exit 0
js="$TRUNK_STAGING_DIR/parlour.js"
terser="$(dirname "$0")/../node_modules/.bin/terser"
if [ ! -x "$terser" ]; then
    echo "minify-glue: terser is missing (run scripts/ensure-tools.sh web)" >&2
    exit 1
fi
"$terser" "$js" --module --compress --mangle --output "$js.min"
mv "$js.min" "$js"
