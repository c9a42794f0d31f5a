#!/usr/bin/env bash
# Installs whatever is missing, then runs every check and test:
# format, clippy, native tests, browser tests (headless Chromium, Firefox and WebKit), the
# built site under a sub-path (in headless Chromium, then in Chromium, Firefox and WebKit over
# WebDriver), prints the bundle sizes and benchmarks, and at the end what ran in each engine.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
step() { printf "\n=== %s (at %d s)\n" "$*" "$SECONDS"; }
# What ran in each browser engine, a line per engine, what and count, for the summary at the end.
export RAN_FILE
RAN_FILE="$(mktemp)"
trap 'rm -f "$RAN_FILE"' EXIT
# Runs a Playwright site check in headless Chromium and notes how many of its checks passed.
site_check() {
  local log
  log="$(mktemp)"
  node "tests/site/$1" dist | tee "$log"
  printf 'Chromium\tsite checks, Playwright\t%s\t%s\n' "$1" "$(grep -c '^ok' "$log")" >> "$RAN_FILE"
  rm -f "$log"
}

step "tools"
bash scripts/setup.sh test
cargo fetch --quiet

step "format"
cargo fmt --all -- --check

step "clippy (engines alone, native app, wasm app, computer worker)"
cargo clippy --no-default-features --all-targets -- -D warnings
cargo clippy --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --bins --tests -- -D warnings
cargo clippy --target wasm32-unknown-unknown --no-default-features --features worker --bins -- -D warnings

step "native tests: the engines, built without any web crate"
cargo test --no-default-features

step "native tests: the UI's own unit tests"
cargo test --lib

step "the rules pages' worked examples: legal, and drawn as the boards draw them now"
cargo test --test rules_examples

step "browser tests (headless Chromium, Firefox and WebKit, side by side)"
# The runner gives each test file 20 s by default; a whole game played by clicks needs more on a
# slow or busy machine.
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-180}"
browser_tests=()
for t in tests/browser*.rs; do browser_tests+=(--test "$(basename "$t" .rs)"); done
# One build; each test file then runs in each engine (scripts/browser-test-runner.sh).
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER="$ROOT/scripts/browser-test-runner.sh" \
  cargo test --target wasm32-unknown-unknown "${browser_tests[@]}"

step "release site, served under a sub-path, in headless Chromium (pages, storage, offline, links, rules)"
trunk build --release --offline
site_check check-site.mjs
site_check check-storage.mjs
site_check check-offline.mjs
site_check check-computer.mjs
site_check check-rules.mjs

step "release site in every engine over WebDriver: Chromium, Firefox, WebKit (side by side)"
node tests/site/check-browsers.mjs dist

step "bundle sizes"
bash scripts/bundle-size.sh

step "benchmark: native random playouts"
BENCH_MS="${BENCH_MS:-300}" cargo bench --no-default-features --bench playouts

step "benchmark: the computer's search, natively (the site test printed the browser worker's)"
AI_SPEED=1 cargo bench --no-default-features --bench ai

step "what ran in each browser engine"
engine_version() {
  case "$1" in
    Chromium) "${CHROMIUM:-/usr/bin/chromium}" --version 2>/dev/null ;;
    Firefox) "${FIREFOX:-/usr/bin/firefox-esr}" --version 2>/dev/null ;;
    WebKit) echo "WebKitGTK $(dpkg-query -W -f '${Version}' libwebkit2gtk-4.1-0 2>/dev/null) (MiniBrowser)" ;;
  esac
}
for engine in Chromium Firefox WebKit; do
  printf '%s (%s):\n' "$engine" "$(engine_version "$engine" | head -1)"
  awk -F '\t' -v e="$engine" '
    $1 != e { next }
    $2 == "browser tests" { files++; tests += $4; next }
    { printf "  %s: %s (%s checks passed)\n", $2, $3, $4 }
    END { if (files) printf "  browser tests (wasm-bindgen-test): %d tests in %d files passed\n", tests, files }
  ' "$RAN_FILE"
done

step "all checks passed"
