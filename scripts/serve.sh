#!/usr/bin/env bash
# Installs whatever is missing, then serves the app at http://127.0.0.1:8080/ with live reload.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
bash scripts/setup.sh build
cargo fetch --quiet
exec trunk serve --offline "$@"
