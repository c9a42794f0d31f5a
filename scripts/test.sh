#!/usr/bin/env bash
# Installs whatever is missing, then runs every check and test:
# format, clippy, native tests, browser tests (headless Chromium), the built site under a
# sub-path, and prints the benchmarks and bundle sizes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
step() { printf "\n=== %s (at %d s)\n" "$*" "$SECONDS"; }

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

step "browser tests (headless Chromium)"
# The runner gives each test file 20 s by default; a whole game played by clicks needs more on a
# slow or busy machine.
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-180}"
browser_tests=()
for t in tests/browser*.rs; do browser_tests+=(--test "$(basename "$t" .rs)"); done
cargo test --target wasm32-unknown-unknown "${browser_tests[@]}"

step "release site, served under a sub-path, in headless Chromium (pages, storage, offline, links, rules)"
trunk build --release --offline
node tests/site/check-site.mjs dist
node tests/site/check-storage.mjs dist
node tests/site/check-offline.mjs dist
node tests/site/check-computer.mjs dist
node tests/site/check-rules.mjs dist

step "bundle sizes"
bash scripts/bundle-size.sh

step "benchmark: native random playouts"
BENCH_MS="${BENCH_MS:-300}" cargo bench --no-default-features --bench playouts

step "benchmark: the computer's search, natively (the site test printed the browser worker's)"
AI_SPEED=1 cargo bench --no-default-features --bench ai

step "all checks passed"
