// The peak memory a request may need, checked from its sizes before any allocation that grows with
// it (a refusal naming the sizes, never std::bad_alloc or a WebAssembly trap).
#pragma once

#include <string>

#include "core/input_error.hpp"

namespace mechid {

// The peak memory above which a request is refused whatever max_work says: the WASM build's heap
// grows to at most 2 GiB (-sMAXIMUM_MEMORY=2GB in wasm/CMakeLists.txt); the estimate leaves a
// quarter of it for what it does not count (copies of the data, the allocator's fragmentation).
inline constexpr double kMaxMemoryBytes = 1.5e9;

// "1.2 GB" or "340 MB".
inline std::string bytes_words(double bytes) {
  return bytes >= 1e9 ? format_digits(bytes / 1e9) + " GB" : format_digits(bytes / 1e6) + " MB";
}

}  // namespace mechid
