#!/usr/bin/env bash
# Installs whatever is missing, then runs every check and test:
# format, clippy, native tests, browser tests (headless Chromium), the built site under a
# sub-path, and prints the benchmarks and bundle sizes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
step() { printf '\n=== %s\n' "$*"; }

step "tools"
bash scripts/setup.sh test
cargo fetch --quiet

step "format"
cargo fmt --all -- --check

step "clippy (native and wasm)"
cargo clippy --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --bins --tests -- -D warnings

step "native tests"
cargo test

step "browser tests (headless Chromium)"
cargo test --target wasm32-unknown-unknown --test browser

step "release site, served under a sub-path, in headless Chromium"
trunk build --release --offline
node tests/site/check-site.mjs dist

step "bundle sizes"
bash scripts/bundle-size.sh

step "benchmark: native random playouts"
BENCH_MS="${BENCH_MS:-300}" cargo bench --bench playouts

step "all checks passed"
