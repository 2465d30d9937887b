// The numeric diagnostics of an identification as JSON values, for the native bench tools that
// print rows (identify_speed.cpp, scale_phases.cpp).
#pragma once

#include <string>
#include <type_traits>

#include "identify/identification.hpp"

namespace mechid::bench {

// The diagnostic `name` as a JSON number, or null when the method has none.
inline std::string diagnostic(const Identification& r, const std::string& name) {
  std::string out = "null";
  r.diagnostics.for_each([&](const std::string& key, const auto& value) {
    if constexpr (std::is_same_v<std::decay_t<decltype(value)>, double>)
      if (key == name) out = std::to_string(value);
  });
  return out;
}

}  // namespace mechid::bench
