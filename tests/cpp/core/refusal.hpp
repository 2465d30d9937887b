// The InputError a call throws, as its option code and message ({"", "no error"} when it throws
// none): what the option tests compare against the option's code and wording.
#pragma once

#include <string>
#include <utility>

#include "core/input_error.hpp"

namespace mechid::testing {

template <class F>
std::pair<std::string, std::string> refusal(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return {e.option(), e.what()};
  }
  return {"", "no error"};
}

}  // namespace mechid::testing
