#!/usr/bin/env bash
# Installs whatever this project needs that is missing; skips what is already there.
# Needs only Rust (rustup), node and npm. Safe to run again and again.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
TRUNK_VERSION="0.21.14"
WASM_BINDGEN_VERSION="0.2.130"   # must equal the exact pin of the wasm-bindgen crate in Cargo.toml
BINARYEN_VERSION="132"

export PATH="$HOME/.cargo/bin:$TOOLS/node_modules/.bin:$PATH"

log() { printf '[setup] %s\n' "$*" >&2; }

# 1. wasm target
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# 2. Trunk (0.22 needs a newer rustc than this machine's)
if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  log "installing trunk $TRUNK_VERSION (about 8 minutes on 2 cores)"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

# 3. wasm-bindgen CLI matching the crate (--locked fails: a locked dependency left the registry)
if ! wasm-bindgen --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION" \
   || ! command -v wasm-bindgen-test-runner >/dev/null; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# 4. wasm-opt from npm's binaryen (Debian's and the crate's are too old for today's wasm)
if ! "$TOOLS/node_modules/.bin/wasm-opt" --version 2>/dev/null | grep -q "version $BINARYEN_VERSION"; then
  log "installing binaryen@$BINARYEN_VERSION into .tools"
  mkdir -p "$TOOLS"
  npm install --silent --no-audit --no-fund --prefix "$TOOLS" "binaryen@$BINARYEN_VERSION"
fi

# 5. playwright-core, to drive Chromium for the built-site test and screenshots
if [ ! -d "$TOOLS/node_modules/playwright-core" ]; then
  log "installing playwright-core into .tools"
  mkdir -p "$TOOLS"
  npm install --silent --no-audit --no-fund --prefix "$TOOLS" playwright-core@1
fi

# 6. Chromium and its driver, for the browser tests
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  log "installing chromium and chromium-driver with apt"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi

log "all tools present"
