#!/usr/bin/env bash
# Prints the release bundle's sizes (wasm, JS, CSS), raw and gzipped, from dist/.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
printf '%-6s %10s %10s  %s\n' kind raw gzipped file
for ext in wasm js css; do
  for f in dist/*."$ext"; do
    [ -e "$f" ] || continue
    printf '%-6s %10d %10d  %s\n' "$ext" "$(wc -c < "$f")" "$(gzip -9 -c "$f" | wc -c)" "$(basename "$f")"
  done
done
