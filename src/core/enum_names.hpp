// The text names of an enum's values, in declaration order (value i is static_cast<Enum>(i)):
// one table gives both directions, so a value's name and the parser of that name cannot differ.
#pragma once

#include <array>
#include <cstddef>
#include <string>

#include "core/input_error.hpp"

namespace mechid {

template <class Enum, std::size_t N>
struct EnumNames {
  const char* what;                   // what the names are, for the error message ("discretization")
  std::array<const char*, N> names;   // names[i] is the name of static_cast<Enum>(i)

  std::string name(Enum value) const { return names[static_cast<std::size_t>(value)]; }

  // The value named `text`; throws InputError "unknown <what> '<text>' (expected a, b or c)".
  Enum parse(const std::string& text) const {
    std::string expected;
    for (std::size_t i = 0; i < N; ++i) {
      if (text == names[i]) return static_cast<Enum>(i);
      expected += (i == 0 ? "" : i + 1 == N ? " or " : ", ") + std::string(names[i]);
    }
    throw InputError("unknown " + std::string(what) + " '" + text + "' (expected " + expected + ")");
  }
};

}  // namespace mechid
