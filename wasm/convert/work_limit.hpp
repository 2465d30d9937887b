// The maxWork option of the commands with a work guard outside identify (modal, simulate, svf's
// pole search, study: analysis/command_cost.hpp): a positive number of floating-point operations
// at the reference rate, Infinity for no limit; identify's default when absent.
#pragma once

#include <emscripten/val.h>

#include "convert/marshal.hpp"
#include "core/input_error.hpp"
#include "identify/identification.hpp"

namespace mechid::wasm {

inline double max_work_from_js(const emscripten::val& o) {
  double limit = kDefaultMaxWork;
  if (has_option(o, "maxWork")) {
    require(o["maxWork"].typeOf().as<std::string>() == "number",
            "maxWork must be a positive number of floating-point operations (Infinity: no limit)", "work");
    limit = o["maxWork"].as<double>();
  }
  require(limit > 0, "maxWork must be a positive number of floating-point operations (Infinity: no limit), got " + format_number(limit),
          "work");
  return limit;
}

}  // namespace mechid::wasm
