#!/usr/bin/env bash
# The Node tests on a WebAssembly module built with clang's integer checks (not part of npm test;
# docs/toolchain.md §2). In wasm32 std::size_t, ptrdiff_t and Eigen::Index are 32 bits (64
# natively), so a product of sizes that passes 2³¹ (t² in Bluestein's chirp, b·N of a block start,
# start + length of a hit) is wrong only in the page and the CLI, never in the native Catch2 suite.
# The module of build-wasm-overflow/ (-DMECHID_WASM_OVERFLOW_CHECKS=ON, wasm/CMakeLists.txt: signed and
# unsigned overflow, implicit integer truncation and sign change, float-to-integer casts out of
# range) reports each such operation on stderr and goes on. This script builds it, puts it in
# web/gen/ for the run (the shipped module is put back on exit, whatever happens), runs the Node
# test files given (default: tests/node/wasm32_sizes.test.mjs and dft_long_records.test.mjs; `all`:
# every tests/node/*.test.mjs), and lists each distinct report in src/ or wasm/ with the test file
# that raised it. Exit status 1 when there is one outside the intended modular arithmetic below.
# Usage: bash scripts/test-wasm-overflow.sh [all | test files...]
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # em++'s JS optimizer needs Debian's acorn (docs/toolchain.md pitfall 1)

start=$(date +%s)
if [ ! -f build-wasm-overflow/CMakeCache.txt ]; then
  emcmake cmake -S . -B build-wasm-overflow -DCMAKE_BUILD_TYPE=Release -DMECHID_WASM_OVERFLOW_CHECKS=ON
fi
cmake --build build-wasm-overflow -j"${JOBS:-2}" --target mechid_wasm
built=$(date +%s)
[ -f web/gen/mechid.wasm ] || { echo "web/gen/ is not built: run scripts/build-wasm.sh first" >&2; exit 2; }

shipped=build-wasm-overflow/shipped
mkdir -p "$shipped"
cp web/gen/mechid.mjs web/gen/mechid.wasm "$shipped"/
restore() { cp "$shipped"/mechid.mjs "$shipped"/mechid.wasm web/gen/; }
trap restore EXIT
cp build-wasm-overflow/gen/mechid.mjs build-wasm-overflow/gen/mechid.wasm web/gen/

if [ "${1:-}" = all ]; then files=(tests/node/*.test.mjs)
elif [ $# -gt 0 ]; then files=("$@")
else files=(tests/node/wasm32_sizes.test.mjs tests/node/dft_long_records.test.mjs)
fi
log=build-wasm-overflow/reports.txt
: > "$log"
failed=0
for f in "${files[@]}"; do
  # One file at a time, so that each report names its test file.
  node --test "$f" > build-wasm-overflow/last.txt 2>&1 || { failed=1; echo "FAILED: $f"; }
  grep -o "$PWD/\(src\|wasm\)/[^ ]*: runtime error: .*" build-wasm-overflow/last.txt | sed "s|^$PWD/||; s|\$|   [$f]|" >> "$log" || true
done

# Intended modular arithmetic: the xoshiro256** and SplitMix64 generators (uint64 by definition), and
# the count-down idiom `for (g = home; g-- > 0;)` of nonlinear/identify.cpp (its last test wraps 0 − 1).
intended='^src/core/rng\.cpp:|^src/estimators/nonlinear/identify\.cpp:189:'
echo "Reports (file:line:column: what, [test file]), the first of each place:"
awk '!seen[$1]++' "$log"
unexpected=$(grep -v -E "$intended" "$log" || true)
echo "mechid test-wasm-overflow: build $((built - start)) s, tests $(( $(date +%s) - built )) s, ${#files[@]} file(s)"
[ -z "$unexpected" ] && [ $failed = 0 ]
