// Force-included first in every translation unit of the WASM build (wasm/CMakeLists.txt), so that
// Eigen takes its SSE2 packet path, whose intrinsics Emscripten implements with WebAssembly SIMD128
// (docs/results.md, "Where the time goes": 10-20 % off every identification against plain
// -msimd128 autovectorisation). Two things in Eigen 3.4 stop that path from compiling for wasm
// (docs/toolchain.md pitfall 11): pmin/pmax use x86 inline asm when the compiler
// reports a GNU version below 6.3 (clang reports 4.2; -fgnuc-version=6.3 in CMakeLists.txt selects
// the intrinsics instead), and the matrix-product kernel (GeneralBlockPanelKernel.h) pins
// registers with empty `__asm__("" : "+x,m" (A0))` statements for GNU >= 6 — a register-spilling
// hint for x86 with no effect on the result, which wasm has no constraint for. `__asm__` is
// therefore defined away while <Eigen/Core> is read, after every standard header that Core
// includes has been read with the real keyword.
#pragma once
#include <algorithm>
#include <array>
#include <cassert>
#include <cerrno>
#include <cfloat>
#include <climits>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iosfwd>
#include <iostream>
#include <limits>
#include <malloc.h>
#include <map>
#include <memory>
#include <new>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <emmintrin.h>
#include <xmmintrin.h>
#define __asm__(...)
#include <Eigen/Core>
#undef __asm__
