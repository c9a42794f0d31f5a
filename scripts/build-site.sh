#!/usr/bin/env bash
# Builds the release site into dist/ (static files: host them anywhere, under any path).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
bash scripts/setup.sh build
cargo fetch --quiet
trunk build --release --offline
