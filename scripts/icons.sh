#!/usr/bin/env bash
# Renders www/icon.svg to the PNG icons the web app manifest and iOS ask for
# (www/icon-192.png, www/icon-512.png, www/apple-touch-icon.png), with
# headless Chromium. Run it after changing the SVG; the PNGs are committed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
svg="file://$PWD/www/icon.svg"
for spec in icon-192:192 icon-512:512 apple-touch-icon:180; do
    name="${spec%%:*}" size="${spec##*:}"
    chromium --headless --no-sandbox --hide-scrollbars --default-background-color=00000000 \
        --window-size="$size,$size" --screenshot="www/$name.png" "$svg" 2>/dev/null
    echo "www/$name.png: $(stat -c %s "www/$name.png") bytes"
done
