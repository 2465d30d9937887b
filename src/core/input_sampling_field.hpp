// The option inputSampling as one ChoiceField (core/option_schema.hpp) for every options struct
// that has it: the names of kInputSamplingNames ("point", "hold") and, where the data may decide
// (the Dataset's option), "auto". Its names and its message are written here once.
#pragma once

#include <string>
#include <vector>

#include "core/input_error.hpp"
#include "core/input_sampling.hpp"
#include "core/option_schema.hpp"

namespace mechid {

// `value` read and written by name; with `from_data` (not null) the choice "auto" comes first and
// sets *from_data (the value is then point until the data decide). An unknown name: InputError
// "input sampling must be 'point' or 'hold', got 'x'" with the code inputSampling.
inline ChoiceField input_sampling_field(InputSampling& value, bool* from_data = nullptr) {
  std::vector<std::string> choices;
  if (from_data) choices.emplace_back("auto");
  for (const char* name : kInputSamplingNames.names) choices.emplace_back(name);
  auto get = [&value, from_data] { return from_data && *from_data ? std::string("auto") : kInputSamplingNames.name(value); };
  auto set = [&value, from_data, choices](const std::string& text) {
    std::string expected;
    bool known = false;
    for (std::size_t i = 0; i < choices.size(); ++i) {
      known = known || text == choices[i];
      expected += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + ("'" + choices[i] + "'");
    }
    require(known, std::string(kInputSamplingNames.what) + " must be " + expected + ", got '" + text + "'", "inputSampling");
    if (from_data) *from_data = text == "auto";
    value = text == "auto" ? InputSampling::point : kInputSamplingNames.parse(text);
  };
  return {choices, get, set};
}

}  // namespace mechid
