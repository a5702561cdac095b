#!/bin/sh
# Trunk's post-build hook (Trunk.toml): in a release build, drops the doc
# comments wasm-bindgen copies from the Rust sources into the generated glue
# (parlour.js). The API they describe is documented in the README and in the
# Rust sources; shipped, they cost the first load over a kilobyte gzipped.
# perl is part of every Debian system (perl-base is essential).
set -eu
[ "${TRUNK_PROFILE:-}" = release ] || exit 0
js="$TRUNK_STAGING_DIR/parlour.js"
# Each comment stands on lines of its own: /** … */, indented or not.
perl -0pi -e 's{^[ \t]*/\*\*.*?\*/\n}{}gms' "$js"
