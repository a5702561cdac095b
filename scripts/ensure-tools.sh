#!/usr/bin/env bash
# Installs whatever the build and the tests need and is not yet on this machine.
# Every step checks first, so a second run costs seconds. Nothing is fetched from
# outside the package registries (crates.io, Debian, npm).
#
# Usage: scripts/ensure-tools.sh [web] [browser]
#   web      trunk, wasm-bindgen-cli (the version Cargo.lock pins), wasm-opt, terser, the wasm target, python3
#   browser  Debian's chromium and chromium-driver, for the headless browser tests
set -euo pipefail

TRUNK_VERSION=0.21.14
BINARYEN_VERSION=132
TERSER_VERSION=5.51.4
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"

log() { printf '[ensure-tools] %s\n' "$*" >&2; }

sudo_if_needed() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_install() {
    local missing=()
    for pkg in "$@"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        log "apt-get install ${missing[*]}"
        sudo_if_needed apt-get update -qq
        sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
    fi
}

wasm_bindgen_version() {
    # The version Cargo.lock resolved; Cargo.toml pins it with `=` so the two cannot drift.
    awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' "$ROOT/Cargo.lock"
}

ensure_rust() {
    command -v cargo >/dev/null || { log "cargo is missing: install Rust with rustup first"; exit 1; }
}

ensure_web() {
    ensure_rust
    if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        log "rustup target add wasm32-unknown-unknown"
        rustup target add wasm32-unknown-unknown
    fi
    # The post-build hook writes each page's Content-Security-Policy in Python.
    command -v python3 >/dev/null || apt_install python3
    local wbg
    wbg="$(wasm_bindgen_version)"
    if [ -z "$wbg" ]; then
        (cd "$ROOT" && cargo generate-lockfile)
        wbg="$(wasm_bindgen_version)"
    fi
    if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$wbg" ]; then
        log "cargo install wasm-bindgen-cli $wbg (about 15 minutes on 2 cores)"
        cargo install wasm-bindgen-cli --version "=$wbg" --force
    fi
    if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" != "$TRUNK_VERSION" ]; then
        log "cargo install trunk $TRUNK_VERSION (15-30 minutes on 2 cores)"
        cargo install trunk --version "=$TRUNK_VERSION" --locked --force
    fi
    # One npm command installs both: a second `npm install --no-save` would
    # prune what the first one installed.
    if ! "$ROOT/node_modules/.bin/wasm-opt" --version 2>/dev/null | grep -q "version $BINARYEN_VERSION" ||
        [ "$("$ROOT/node_modules/.bin/terser" --version 2>/dev/null)" != "terser $TERSER_VERSION" ]; then
        command -v npm >/dev/null || apt_install nodejs npm
        log "npm install binaryen@$BINARYEN_VERSION (wasm-opt) terser@$TERSER_VERSION (glue minifier)"
        (cd "$ROOT" && npm install --no-audit --no-fund --no-save \
            "binaryen@$BINARYEN_VERSION" "terser@$TERSER_VERSION")
    fi
}

ensure_browser() {
    apt_install chromium chromium-driver
}

want_web=0 want_browser=0
for arg in "$@"; do
    case "$arg" in
        web) want_web=1 ;;
        browser) want_browser=1 ;;
        *) log "unknown part: $arg (expected web or browser)"; exit 2 ;;
    esac
done
[ "$want_browser" -eq 1 ] && ensure_browser
[ "$want_web" -eq 1 ] && ensure_web
ensure_rust
log "tools ready"
