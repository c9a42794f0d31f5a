#!/usr/bin/env bash
# Installs whatever this project needs that is missing, and skips what is already there.
# Needs only Rust (rustup), node and npm; the browser tests also need Debian/Ubuntu's apt
# (as root, or with sudo) for the browsers and their drivers.
#
#   bash scripts/setup.sh build   # what building and serving need
#   bash scripts/setup.sh test    # that, plus rustfmt, clippy, the three browser engines and
#                                 # their WebDriver servers: Chromium and ChromeDriver, Firefox
#                                 # ESR and geckodriver, WebKitGTK's MiniBrowser and
#                                 # WebKitWebDriver (with Xvfb, as MiniBrowser needs a display)
set -euo pipefail

MODE="${1:-test}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TRUNK_VERSION="0.21.14"
# The wasm-bindgen CLI must match the crate exactly: read the pin from Cargo.toml.
WASM_BINDGEN_VERSION="$(sed -n 's/^wasm-bindgen = .*"=\([0-9.]*\)".*/\1/p' "$ROOT/Cargo.toml")"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# geckodriver from crates.io, pinned like wasm-bindgen-cli (npm's geckodriver downloads a binary
# when installed, which a closed network refuses).
GECKODRIVER_VERSION="0.37.1"
FIREFOX="${FIREFOX:-/usr/bin/firefox-esr}"
GECKODRIVER_GIVEN="${GECKODRIVER:-}"
GECKODRIVER="${GECKODRIVER:-$HOME/.cargo/bin/geckodriver}"
WEBKITDRIVER="${WEBKITDRIVER:-/usr/bin/WebKitWebDriver}"

export PATH="$HOME/.cargo/bin:$ROOT/tools/node_modules/.bin:$PATH"

log() { printf '[setup] %s\n' "$*" >&2; }

if [ -z "$WASM_BINDGEN_VERSION" ]; then
  log "Cargo.toml must pin wasm-bindgen exactly (wasm-bindgen = \"=x.y.z\")"
  exit 1
fi
if ! grep -q "wasm_bindgen = \"$WASM_BINDGEN_VERSION\"" "$ROOT/Trunk.toml"; then
  log "Trunk.toml's [tools] wasm_bindgen must be $WASM_BINDGEN_VERSION, as in Cargo.toml"
  exit 1
fi

# 1. wasm target
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# 2. Trunk (0.22 needs a newer rustc than 1.95)
if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  log "installing trunk $TRUNK_VERSION (about 8 minutes on 2 cores)"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

# 3. wasm-bindgen CLI matching the crate (with --locked it fails: a locked dependency left
#    the registry)
if ! wasm-bindgen --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION" \
   || ! command -v wasm-bindgen-test-runner >/dev/null; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# 4. npm tools at the exact versions of tools/package-lock.json: wasm-opt (binaryen; Debian's
#    and the crate's are too old for today's wasm), terser (minifies the page's JS glue) and
#    playwright-core (drives Chromium), selenium-webdriver (drives every engine over WebDriver)
STAMP="$ROOT/tools/node_modules/.installed-lock.json"
if ! cmp -s "$ROOT/tools/package-lock.json" "$STAMP"; then
  log "installing the npm tools into tools/node_modules"
  (cd "$ROOT/tools" && npm ci --silent --no-audit --no-fund)
  cp "$ROOT/tools/package-lock.json" "$STAMP"
fi

if [ "$MODE" = "test" ]; then
  # 5. rustfmt and clippy (rustup's minimal profile has neither)
  for component in rustfmt clippy; do
    if ! rustup component list --installed | grep -q "^$component"; then
      log "adding the $component component"
      rustup component add "$component"
    fi
  done

  # 6. The browsers and their WebDriver servers, from apt, whichever are missing: Chromium and
  #    ChromeDriver, Firefox ESR, WebKitGTK's WebKitWebDriver (with its MiniBrowser) and Xvfb
  #    (MiniBrowser cannot start without a display)
  packages=()
  if [ ! -x "$CHROMIUM" ] || [ ! -x "$CHROMEDRIVER" ]; then packages+=(chromium chromium-driver); fi
  if [ ! -x "$FIREFOX" ]; then packages+=(firefox-esr); fi
  if [ ! -x "$WEBKITDRIVER" ]; then packages+=(webkit2gtk-driver); fi
  if ! command -v xvfb-run >/dev/null; then packages+=(xvfb xauth); fi
  if [ "${#packages[@]}" -gt 0 ]; then
    log "installing ${packages[*]} with apt"
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
  fi

  # 7. geckodriver (Firefox's WebDriver server), pinned (unless GECKODRIVER names another)
  if [ -z "$GECKODRIVER_GIVEN" ] \
     && ! "$GECKODRIVER" --version 2>/dev/null | grep -q "geckodriver $GECKODRIVER_VERSION"; then
    log "installing geckodriver $GECKODRIVER_VERSION (1.5 to 7 minutes on 2 cores, as busy as the machine is)"
    cargo install --locked geckodriver --version "$GECKODRIVER_VERSION"
  fi
fi

log "all tools present ($MODE)"
