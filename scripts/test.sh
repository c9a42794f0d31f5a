#!/usr/bin/env bash
# Installs whatever is missing, then runs every check and test:
# format, clippy, then (built first, then run side by side) native tests, browser tests
# (headless Chromium, Firefox and WebKit), the built site under a sub-path (in headless
# Chromium, and in Chromium, Firefox and WebKit over WebDriver); prints the bundle sizes and
# benchmarks (alone, at the end), and what ran in each engine.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
step() { printf "\n=== %s (at %d s)\n" "$*" "$SECONDS"; }
# What ran in each browser engine, a line per engine, what and count, for the summary at the end.
export RAN_FILE
RAN_FILE="$(mktemp)"
trap 'rm -f "$RAN_FILE"' EXIT
# Runs a Playwright site check in headless Chromium and notes how many of its checks passed.
site_check() {
  local log rc=0
  log="$(mktemp)"
  node "tests/site/$1" dist | tee "$log" || rc=$?
  if [ "$rc" = 0 ]; then
    printf 'Chromium\tsite checks, Playwright\t%s\t%s\n' "$1" "$(grep -c '^ok' "$log")" >> "$RAN_FILE"
  fi
  rm -f "$log"
  return "$rc"
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

step "build every test and the release site (each build alone: the machine may have 2 cores)"
cargo test --no-default-features --no-run
cargo test --lib --no-run
cargo test --test rules_examples --test board_keys --test since_marks --test first_paint --no-run
browser_tests=()
for t in tests/browser*.rs; do browser_tests+=(--test "$(basename "$t" .rs)"); done
cargo test --target wasm32-unknown-unknown "${browser_tests[@]}" --no-run
trunk build --release --offline

# The checks below often wait (on browsers, workers, timers): they run side by side, at most
# TEST_JOBS at once (default 2: with 3 on 2 cores, browsers starved of a core made timing-bound
# checks fail), each one's output kept and printed whole when it ends, in the order they were
# started. Cargo holds no lock while tests run, so the cargo test runs
# (built above) do not wait for each other.
step "the tests, side by side"
# The runner gives each test file 20 s by default; a whole game played by clicks needs more on a
# slow or busy machine.
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-180}"
jobs_max="${TEST_JOBS:-2}"
job_names=()
job_pids=()
job_logs=()
job_dir="$(mktemp -d)"
trap 'rm -f "$RAN_FILE"; rm -rf "$job_dir"' EXIT
# Starts `name command...` in the background once fewer than jobs_max jobs run.
run_job() {
  local name="$1"
  shift
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
  local log="$job_dir/${#job_pids[@]}.log"
  (
    set +e
    SECONDS=0
    "$@"
    rc=$?
    printf '\n--- %s: %s after %d s\n' "$name" "$([ "$rc" = 0 ] && echo passed || echo "FAILED (exit $rc)")" "$SECONDS"
    exit "$rc"
  ) > "$log" 2>&1 &
  job_names+=("$name")
  job_pids+=("$!")
  job_logs+=("$log")
  printf '%s: started at %d s\n' "$name" "$SECONDS"
}
# Waits for every job, prints each one's output in turn, and fails if any failed.
wait_jobs() {
  local failed=()
  for i in "${!job_pids[@]}"; do
    if ! wait "${job_pids[$i]}"; then failed+=("${job_names[$i]}"); fi
    printf '\n=== %s\n' "${job_names[$i]}"
    cat "${job_logs[$i]}"
  done
  job_names=()
  job_pids=()
  job_logs=()
  if [ "${#failed[@]}" -gt 0 ]; then
    printf '\nFAILED: %s\n' "${failed[@]}"
    return 1
  fi
}
native_tests() {
  echo "native tests: the engines, built without any web crate"
  cargo test --no-default-features || return
  echo "native tests: the UI's own unit tests"
  cargo test --lib || return
  echo "the rules pages' worked examples: legal, and drawn as the boards draw them now"
  cargo test --test rules_examples || return
  echo "the boards' keys: drawn as the boards draw them now"
  cargo test --test board_keys || return
  echo "the boards' numbered marks of the moves since the person's last turn"
  cargo test --test since_marks || return
  echo "the first paint (index.html) and the rules pages without JavaScript, drawn as the app draws them"
  cargo test --test first_paint
}
# Headless Chromium, Firefox and WebKit, one test file at a time, its engines side by side
# (scripts/browser-test-runner.sh).
browser_tests() {
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER="$ROOT/scripts/browser-test-runner.sh" \
    cargo test --target wasm32-unknown-unknown "${browser_tests[@]}"
}
# The release site, served under a sub-path, in headless Chromium (Playwright).
site_checks() {
  for check in "$@"; do site_check "$check" || return; done
}
# The longest first, so that the short ones fill in beside them.
# The Chromium site checks of pages, storage and tabs first, alone: their races and timings
# are the ones a busy machine upset most.
run_job "site checks: pages and whole games, storage, tabs, offline, rules (Chromium)" \
  site_checks check-site.mjs check-storage.mjs check-tabs.mjs check-offline.mjs check-rules.mjs
wait_jobs
run_job "browser tests (wasm-bindgen-test: Chromium, Firefox, WebKit)" browser_tests
run_job "site checks: the computer, the table, the words, exploring, the first visit, nothing wedged (Chromium)" site_checks check-computer.mjs check-table.mjs check-words.mjs check-explore.mjs check-first.mjs check-wedge.mjs
run_job "site in every engine over WebDriver (Chromium, Firefox, WebKit)" \
  node tests/site/check-browsers.mjs dist
run_job "native tests" native_tests
wait_jobs

step "bundle sizes"
bash scripts/bundle-size.sh

step "benchmark: the first visit (1.6 Mbps, 150 ms round trip, CPU 4x slower; targets: games listed 1.0 s, board 2.5 s)"
node tests/site/bench-first.mjs dist

step "benchmark: native random playouts"
BENCH_MS="${BENCH_MS:-300}" cargo bench --no-default-features --bench playouts

step "benchmark: the computer's search, natively (the site test printed the browser worker's)"
AI_SPEED=1 cargo bench --no-default-features --bench ai

step "benchmark: the store with 10,000 games (restore, the longest main-thread task, the home page)"
node tests/site/bench-store.mjs dist

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
