#!/usr/bin/env bash
# Prints the release bundle's sizes (wasm, JS, CSS), raw and gzipped, from dist/, and fails
# when the first load (every wasm, JS and CSS file together, gzipped) is over the budget; then
# the page itself (index.html), which the total leaves out.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
BUDGET="${BUNDLE_BUDGET_BYTES:-327680}" # 320 KB
total=0
printf '%-6s %10s %10s  %s\n' kind raw gzipped file
for ext in wasm js css; do
  for f in dist/*."$ext" dist/snippets/*/*."$ext"; do
    [ -e "$f" ] || continue
    # Not part of the first load: the service worker (fetched after the page has loaded, to
    # keep the site for offline use) and the computer opponent's worker (started only when a
    # computer seat plays).
    case "$(basename "$f")" in
      sw.js | ai-worker*)
        printf '%-6s %10d %10d  %s (not in the first load)\n' "$ext" "$(wc -c < "$f")" "$(gzip -9 -c "$f" | wc -c)" "$(basename "$f")"
        continue ;;
    esac
    gz="$(gzip -9 -c "$f" | wc -c)"
    total=$((total + gz))
    printf '%-6s %10d %10d  %s\n' "$ext" "$(wc -c < "$f")" "$gz" "$(basename "$f")"
  done
done
printf '%-6s %10s %10d  (budget %d)\n' total "" "$total" "$BUDGET"
# The page itself, apart: its first paint (the home page as the app draws it) comes with it.
printf '%-6s %10d %10d  %s (the page, with its first paint; not in the total)\n' html "$(wc -c < dist/index.html)" "$(gzip -9 -c dist/index.html | wc -c)" index.html
if [ "$total" -gt "$BUDGET" ]; then
  echo "the site is $total bytes gzipped, over its budget of $BUDGET" >&2
  exit 1
fi
