#!/usr/bin/env bash
# The docs' screenshots: each game's start, middle and end, at 1280x800 and
# on a 360x640 phone, played through the page by Hint as the play-throughs
# play, written to docs/screenshots/<game>-<desktop|phone>-<start|middle|end>.webp.
# Installs whatever is missing, builds the release site, then runs the one
# ignored test that takes the pictures (tests/playthrough/shots.rs).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/browser-env.sh
scripts/build-site.sh --release target/e2e-dist
export PARLOUR_SITE=target/e2e-dist
cargo test --test playthrough -- --ignored --exact shots::screenshots_of_every_game_for_the_docs
ls -l docs/screenshots
