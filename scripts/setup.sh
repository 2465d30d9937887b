#!/usr/bin/env bash
# Installs what this project needs and is missing: Debian packages (compilers, Emscripten, Eigen,
# Catch2, Chromium for the browser tests) and the npm dependencies of package-lock.json.
# Idempotent, and a quick no-op when everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake make g++ emscripten libeigen3-dev catch2 chromium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "mechid setup: installing Debian packages: ${missing[*]}"
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "mechid setup: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=900 update -qq
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=900 install -y -qq "${missing[@]}"
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "mechid setup: npm ci"
  npm ci --no-audit --no-fund
fi
