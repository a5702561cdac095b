#!/bin/sh
# Trunk's post-build hook (Trunk.toml).
#
# Always: the solver worker's loader (solver_worker_loader.js, which Trunk
# 0.21 writes for a `data-loader-shim` worker) starts the module with the
# argument form wasm-bindgen 0.2.130 deprecates, and the browser's console
# says so on every start. The hook rewrites that one call to the object form
# the glue asks for; nothing else of the file changes.
#
# In a release build, it also minifies the glue wasm-bindgen generates
# (each page's <program>.js, and the worker's solver_worker.js) with terser: local names
# shortened, dead code and the doc comments it copies from the Rust sources
# dropped. The exported API (Parlour, mount, init) and the wasm import
# names keep their names: terser renames neither exports nor property keys.
# The API is documented in the README and in the Rust sources. Shipped as
# generated, the page's glue costs the first load about 2 KB more gzipped
# (README, "Size"). terser comes from npm, next to wasm-opt
# (scripts/ensure-tools.sh web).
set -eu
shim="$TRUNK_STAGING_DIR/solver_worker_loader.js"
if [ -f "$shim" ]; then
    sed -i 's|wasm_bindgen("\([^"]*\)")|wasm_bindgen({module_or_path:"\1"})|' "$shim"
    grep -q 'module_or_path' "$shim" || {
        echo "minify-glue: the worker's loader changed shape: $(cat "$shim")" >&2
        exit 1
    }
fi
[ "${TRUNK_PROFILE:-}" = release ] || exit 0
terser="$(dirname "$0")/../node_modules/.bin/terser"
if [ ! -x "$terser" ]; then
    echo "minify-glue: terser is missing (run scripts/ensure-tools.sh web)" >&2
    exit 1
fi
# Each module's glue is the .js beside its _bg.wasm. A page's glue is an ES
# module; a worker's is a classic script (importScripts) whose one global,
# wasm_bindgen, its loader calls: minified as a script, top-level names kept.
for wasm in "$TRUNK_STAGING_DIR"/*_bg.wasm; do
    glue="${wasm%_bg.wasm}.js"
    [ -f "$glue" ] || continue
    if grep -q '^export ' "$glue"; then kind=--module; else kind=; fi
    "$terser" "$glue" $kind --compress --mangle --output "$glue.min"
    mv "$glue.min" "$glue"
done
