#!/usr/bin/env bash
# Installs whatever is missing, then runs every check and test:
# formatting, clippy (native and wasm32), the native suite, the end-to-end
# browser tests (Trunk build served on 127.0.0.1, headless Chromium over
# WebDriver), the in-browser wasm tests, and the size report.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/browser-env.sh

step() { printf '\n==> %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check
step "cargo clippy (native: the workspace, all targets)"
cargo clippy --workspace --all-targets -- -D warnings
step "cargo doc of the engine crates (warnings are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -p parlour-kit -p parlour-klondike -p parlour-phutball -p parlour-dominoes
step "cargo clippy (wasm32: the web layer and its tests)"
cargo clippy --target wasm32-unknown-unknown --lib --tests --features page -- -D warnings
step "cargo clippy (wasm32 as the game pages are built: feature page)"
cargo clippy --target wasm32-unknown-unknown --lib --bins --no-default-features --features page -- -D warnings
step "cargo clippy (wasm32 as the picker and the offline worker are built: feature site)"
cargo clippy --target wasm32-unknown-unknown --bin picker --bin offline --no-default-features --features site -- -D warnings
step "cargo clippy (wasm32 as the solver worker is built)"
cargo clippy --target wasm32-unknown-unknown --bin solver_worker --no-default-features --features worker -- -D warnings
step "the site's release build, once for every browser test (scripts/build-site.sh)"
scripts/build-site.sh --release target/e2e-dist
export PARLOUR_SITE=target/e2e-dist
step "cargo test (the workspace: unit, doc, property and end-to-end browser tests)"
cargo test --workspace -- --test-threads=4
step "cargo test --target wasm32-unknown-unknown (in-browser unit tests)"
cargo test --target wasm32-unknown-unknown --features page --test web
step "size report of the release build"
scripts/size-report.sh target/e2e-dist
