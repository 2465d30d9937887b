// The JS side of an options description (core/option_schema.hpp): read_described(o, options) sets
// each member whose option is a field of the JS object `o` (an absent, undefined or null field
// keeps the C++ default), so that an option's name is written once, in its description.
#pragma once

#include <optional>
#include <string>

#include "convert/marshal.hpp"
#include "core/option_schema.hpp"

namespace mechid::wasm {

class OptionReader {
 public:
  explicit OptionReader(const val& o) : o_(o) {}

  template <class T>
  void operator()(const Option& option, T& member) {
    if (!has_option(o_, option.name)) return;
    if constexpr (std::is_same_v<T, std::optional<double>>) {
      member = o_[option.name].template as<double>();
    } else if constexpr (std::is_same_v<T, std::optional<bool>>) {
      member = o_[option.name].template as<bool>();
    } else {
      read_option(o_, option.name, member);
    }
  }
  void operator()(const Option& option, ChoiceField&& member) {
    if (!has_option(o_, option.name)) return;
    const val value = o_[option.name];
    require(value.isString(), std::string(option.name) + " must be a string (one of its names)", option.error_code());
    try {
      member.set(value.as<std::string>());
    } catch (const InputError& e) {
      throw InputError(e.what(), e.option().empty() ? option.error_code() : e.option());
    }
  }

 private:
  const val& o_;
};

// Reads the options of `o` that `options`' description names into `options`.
template <class Options>
void read_described(const val& o, Options& options) {
  OptionReader reader(o);
  describe(options, reader);
}

// {group: {option: {type, default, min?, max?, choices?, help}}} of every options struct, from
// their descriptions; default null when absent means "not given" (estimated, automatic).
val option_schema_to_js();

}  // namespace mechid::wasm
