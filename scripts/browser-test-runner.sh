#!/usr/bin/env bash
# Cargo's runner for the browser tests in scripts/test.sh (it sets
# CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER; a plain `cargo test --target wasm32-unknown-unknown`
# keeps .cargo/config.toml's wasm-bindgen-test-runner, in whichever browser its environment names).
#
# Runs one test file in each engine of BROWSER_TESTS_IN ("chromium firefox webkit" unless set),
# side by side, with wasm-bindgen-test-runner, which picks its browser by the driver named in its
# environment (GECKODRIVER before SAFARIDRIVER before CHROMEDRIVER): so each engine's run is
# given only its own. WebKit goes through the runner's Safari support: WebKitWebDriver, started
# here on a virtual display of its own (xvfb-run), answers as a remote Safari driver and starts
# WebKitGTK's MiniBrowser.
# The file's debug sections are left out first (scripts/strip-wasm-debug.mjs: 56 MB become
# 5 MB, about 6 s less per file and engine). Each engine's output is printed whole, one after
# the other; when RAN_FILE is set, a line per engine and file is added to it (test.sh's summary).
# A run that ends with no test result (the browser or its driver stopped answering) is run once
# more, and its output says so; a run whose tests failed is not.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
wasm="$1"
shift
tmp="$(mktemp -d)"
stripped="$tmp/$(basename "$wasm")"
node "$ROOT/scripts/strip-wasm-debug.mjs" "$wasm" "$stripped" || exit 1

read -r -a engines <<< "${BROWSER_TESTS_IN:-chromium firefox webkit}"
# WebKit's driver runs in a process group of its own, named in $tmp/webkit.pgid while it runs:
# ended with everything else, however this script ends.
trap 'if [ -f "$tmp/webkit.pgid" ]; then kill -- "-$(cat "$tmp/webkit.pgid")" 2>/dev/null; fi; rm -rf "$tmp"' EXIT
trap 'exit 143' TERM INT HUP

# One run of the file in `engine`, its output in $tmp/$engine.log.
run_engine() {
  local engine="$1"
  shift
  case "$engine" in
    chromium)
      env -u GECKODRIVER CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}" \
        wasm-bindgen-test-runner "$stripped" "$@" > "$tmp/$engine.log" 2>&1
      ;;
    firefox)
      env -u CHROMEDRIVER GECKODRIVER="${GECKODRIVER:-$HOME/.cargo/bin/geckodriver}" \
        GECKODRIVER_ARGS="${GECKODRIVER_ARGS:---binary ${FIREFOX:-/usr/bin/firefox-esr}}" \
        wasm-bindgen-test-runner "$stripped" "$@" > "$tmp/$engine.log" 2>&1
      ;;
    webkit)
      local port driver_group rc
      port="$(node -e "const s = require('net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
      # A process group of its own (xvfb-run, Xvfb, the driver, MiniBrowser), ended after the run.
      setsid xvfb-run -a "${WEBKITDRIVER:-/usr/bin/WebKitWebDriver}" "--port=$port" > "$tmp/webkitdriver.log" 2>&1 &
      driver_group="$!"
      echo "$driver_group" > "$tmp/webkit.pgid"
      for _ in $(seq 100); do
        if node -e "fetch('http://127.0.0.1:$port/status').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then break; fi
        sleep 0.2
      done
      env -u CHROMEDRIVER -u GECKODRIVER SAFARIDRIVER_REMOTE="http://127.0.0.1:$port" \
        wasm-bindgen-test-runner "$stripped" "$@" > "$tmp/$engine.log" 2>&1
      rc=$?
      kill -- "-$driver_group" 2>/dev/null
      rm -f "$tmp/webkit.pgid"
      return "$rc"
      ;;
  esac
}

# A run that ends with no test result at all (the browser or its WebDriver server stopped
# answering: once in about twenty full runs, WebKitWebDriver timed out in `execute/sync`) is
# run once more, with a fresh driver, and says so. A run whose tests failed is never rerun.
run_engine_once_more_if_cut() {
  local engine="$1"
  shift
  run_engine "$engine" "$@"
  local rc=$?
  if [ "$rc" != 0 ] && ! grep -q '^test result: ' "$tmp/$engine.log"; then
    mv "$tmp/$engine.log" "$tmp/$engine.first.log"
    echo "browser-test-runner: the run above in $engine ended with no test result (exit $rc); it was run once more:" >> "$tmp/$engine.first.log"
    run_engine "$engine" "$@"
    rc=$?
    cat "$tmp/$engine.first.log" "$tmp/$engine.log" > "$tmp/$engine.both.log"
    mv "$tmp/$engine.both.log" "$tmp/$engine.log"
  fi
  return "$rc"
}

pids=()
for engine in "${engines[@]}"; do
  case "$engine" in
    chromium | firefox | webkit) ;;
    *)
      echo "browser-test-runner: unknown engine '$engine' (chromium, firefox, webkit)" >&2
      exit 2
      ;;
  esac
  run_engine_once_more_if_cut "$engine" "$@" &
  pids+=("$!")
done

status=0
name="$(basename "$wasm" .wasm)"
name="${name%-*}"
for i in "${!engines[@]}"; do
  wait "${pids[$i]}"
  rc=$?
  # The runner names the browsers it thinks it drives: Chromium as Chrome, WebKit as Safari.
  sed -e 's/^Running headless tests in Chrome /Running headless tests in Chromium /' \
    -e 's/^Running headless tests in Safari /Running headless tests in WebKit (MiniBrowser, driven as Safari) /' \
    "$tmp/${engines[$i]}.log"
  if [ -n "${RAN_FILE:-}" ]; then
    passed="$(sed -n 's/^test result: .* \([0-9]*\) passed.*/\1/p' "$tmp/${engines[$i]}.log" | tail -1)"
    case "${engines[$i]}" in chromium) label="Chromium" ;; firefox) label="Firefox" ;; *) label="WebKit" ;; esac
    if [ "$rc" = 0 ]; then
      printf '%s\tbrowser tests\t%s\t%s\n' "$label" "$name" "${passed:-0}" >> "$RAN_FILE"
    fi
  fi
  if [ "$rc" != 0 ]; then status="$rc"; fi
done
exit "$status"
