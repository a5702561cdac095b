#!/bin/sh
# Trunk's post-build hook (Trunk.toml): the glue's fixes and minifying
# (scripts/minify-glue.sh), then each page's Content-Security-Policy
# (scripts/csp.py), which hashes the pages' inline code as built.
set -eu
"$(dirname "$0")/minify-glue.sh"
python3 "$(dirname "$0")/csp.py" "$TRUNK_STAGING_DIR"
