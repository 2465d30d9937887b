#!/usr/bin/env bash
# `npm run test:sanitize`: the Catch2 suite (the same sources as build-native's mechid_tests) built
# with clang, AddressSanitizer and UndefinedBehaviorSanitizer (-O1, line tables for the stack
# traces: a fifth less compile time than -g; Eigen's own asserts on), in
# build-sanitize/, then run through CTest: one process per test case, so one finding does not hide
# the others, and the failing cases are listed at the end. UB is fatal (-fno-sanitize-recover), so
# each finding fails its test case. Uses ccache when present (CCACHE_DIR etc. from the environment).
# Arguments go to ctest, e.g. `npm run test:sanitize -- -R "breakpoint"`. JOBS (default 2) sets the
# build and test parallelism.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian 12 packages: clang 14 and its sanitizer runtimes, plus what the native build needs.
bash scripts/install-debian-packages.sh cmake make ninja-build clang libclang-rt-14-dev libeigen3-dev catch2

jobs=${JOBS:-2}
launcher=()
if command -v ccache >/dev/null && [ "${MECHID_NO_CCACHE:-0}" != 1 ]; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
else
  launcher=(-UCMAKE_CXX_COMPILER_LAUNCHER)
fi

start=$(date +%s)
# Ninja for a new build directory, as scripts/test-all.mjs: the tests compile while the core's last batches do.
CMAKE_GENERATOR=Ninja cmake -S . -B build-sanitize -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" -DMECHID_SANITIZE=ON "${launcher[@]}"
cmake --build build-sanitize --target mechid_tests mechid_kernel_tests -j"$jobs"
built=$(date +%s)

# detect_leaks: LeakSanitizer too. halt_on_error/abort_on_error=0: exit with an error code rather
# than a core dump. print_stacktrace: UBSan names the caller, not only the Eigen line.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:abort_on_error=0:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
ctest --test-dir build-sanitize --output-on-failure -j"$jobs" "$@" || status=$?
echo "mechid test:sanitize: build $((built - start)) s, tests $(( $(date +%s) - built )) s"
exit $status
