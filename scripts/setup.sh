#!/usr/bin/env bash
# Installs what this project needs and is missing: Debian packages (compilers, Emscripten, Eigen,
# Catch2, Chromium for the browser tests) and the npm dependencies of package-lock.json.
# Idempotent, and a quick no-op when everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

# clang: the native build's compiler (package.json, build:native); g++ brings the C++ library it uses.
bash scripts/install-debian-packages.sh cmake make ninja-build clang g++ emscripten libeigen3-dev catch2 chromium

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "mechid setup: npm ci"
  npm ci --no-audit --no-fund
fi
