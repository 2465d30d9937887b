// One description of an options struct, written once beside the struct: each option's name (the
// camelCase name of the JS API), its range or choices and one help line, with the member it sets.
// The default is the member's value in a default-constructed struct, so it is written once too
// (the member initialiser). Three visitors walk a description:
//   - OptionSchema (here): name, type, default, range, choices, help of every option, which the
//     binding hands to JS (api.optionSchema()) so that the CLI and the page show the core's values;
//   - OptionRangeCheck (here): the struct's validate(), Ceres-style (Solver::Options::IsValid), an
//     InputError naming the option, with the option's code, for a value out of range;
//   - the converter wasm/convert/option_reader.hpp: a JS object's fields into the struct.
// A description is a function template `describe(options, visitor)` calling
// visitor(Option{...}, member) once per option.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/enum_names.hpp"
#include "core/input_error.hpp"
#include "core/types.hpp"

namespace mechid {

// What an option is, beside its member: its name, help line and range. `label` and `expect` make
// the message of a value out of range ("<label> must be <expect>, got <value>"); both default to
// ones made from the name and the range. `code` is the InputError's option code (default: name).
struct Option {
  const char* name;
  const char* help;
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool above_min = false;       // min itself is excluded (x > min)
  bool infinite_ok = false;     // +-infinity is a value (an unbounded limit, a noise-free SNR)
  const char* label = nullptr;  // the option as the message names it
  const char* expect = nullptr;  // what it must be, for the message
  const char* code = nullptr;    // InputError::option(); default: name

  Option& at_least(double lo) { min = lo; return *this; }
  Option& above(double lo) { min = lo; above_min = true; return *this; }
  Option& at_most(double hi) { max = hi; return *this; }
  Option& infinity_allowed() { infinite_ok = true; return *this; }
  Option& message(const char* what, const char* must_be) { label = what; expect = must_be; return *this; }
  Option& with_code(const char* c) { code = c; return *this; }
  std::string error_code() const { return code ? code : name; }
};

// A member read and written as one of a few names (an enum, a bool shown as words, or a pair of
// members such as Dataset's input sampling with 'auto'): get gives the current name, set parses one
// (InputError naming the option for an unknown one).
struct ChoiceField {
  std::vector<std::string> choices;
  std::function<std::string()> get;
  std::function<void(const std::string&)> set;
};

template <class Enum, std::size_t N>
ChoiceField choice_field(Enum& member, const EnumNames<Enum, N>& names) {
  return {std::vector<std::string>(names.names.begin(), names.names.end()), [&member, names] { return names.name(member); },
          [&member, names](const std::string& text) { member = names.parse(text); }};
}

// A string member restricted to `choices`.
ChoiceField choice_field(std::string& member, std::vector<std::string> choices, const std::string& what);

// ------------------------------------------------------------------------------------------------
// The schema: one entry per option, with its default read off a default-constructed struct.

enum class OptionType { number, integer, boolean, choice, string, numbers };

struct OptionEntry {
  std::string name, help;
  OptionType type = OptionType::number;
  bool has_default = true;          // false: absent means "not given" (estimated, automatic)
  double number = 0.0;              // number, integer, boolean (0/1)
  std::string text;                 // choice, string
  std::vector<double> numbers;      // numbers
  double min = -std::numeric_limits<double>::infinity(), max = std::numeric_limits<double>::infinity();
  bool above_min = false;
  std::vector<std::string> choices;
};

std::string to_string(OptionType type);

// The description of `Options` as entries: OptionSchema::of<Options>() = describe(Options{}, schema).
class OptionSchema {
 public:
  template <class Options>
  static std::vector<OptionEntry> of() {
    Options defaults{};
    OptionSchema schema;
    describe(defaults, schema);
    return schema.entries_;
  }

  template <class T>
  void operator()(const Option& o, T& member) {
    OptionEntry e = entry(o);
    if constexpr (std::is_same_v<T, bool>) {
      e.type = OptionType::boolean;
      e.number = member ? 1 : 0;
    } else if constexpr (std::is_integral_v<T>) {
      e.type = OptionType::integer;
      e.number = static_cast<double>(member);
      // A whole number a JS number carries exactly and T holds: the converter's range.
      e.min = std::max(e.min, std::max(static_cast<double>(std::numeric_limits<T>::lowest()), -kMaxSafeInteger));
      e.max = std::min(e.max, std::min(static_cast<double>(std::numeric_limits<T>::max()), kMaxSafeInteger));
    } else if constexpr (std::is_floating_point_v<T>) {
      e.number = static_cast<double>(member);
    } else if constexpr (std::is_same_v<T, std::optional<double>>) {
      e.has_default = member.has_value();
      e.number = member.value_or(0.0);
    } else if constexpr (std::is_same_v<T, std::optional<bool>>) {
      e.type = OptionType::boolean;
      e.has_default = member.has_value();
      e.number = member.value_or(false) ? 1 : 0;
    } else if constexpr (std::is_same_v<T, std::vector<double>>) {
      e.type = OptionType::numbers;
      e.has_default = !member.empty();
      e.numbers = member;
    } else if constexpr (std::is_same_v<T, Vector>) {
      e.type = OptionType::numbers;
      e.has_default = member.size() > 0;
      e.numbers.assign(member.data(), member.data() + member.size());
    } else if constexpr (std::is_same_v<T, ChoiceField>) {
      e.type = OptionType::choice;
      e.text = member.get();
      e.choices = member.choices;
    } else {
      static_assert(std::is_same_v<T, std::string>, "an option member of a type the schema does not know");
      e.type = OptionType::string;
      e.text = member;
    }
    entries_.push_back(std::move(e));
  }
  // A temporary ChoiceField (choice_field(...) written in the description).
  void operator()(const Option& o, ChoiceField&& member) { (*this)(o, member); }

  // The largest whole number a JS number holds exactly (Number.MAX_SAFE_INTEGER, 2^53 - 1).
  static constexpr double kMaxSafeInteger = 9007199254740991.0;

 private:
  static OptionEntry entry(const Option& o) {
    OptionEntry e;
    e.name = o.name;
    e.help = o.help;
    e.min = o.min;
    e.max = o.max;
    e.above_min = o.above_min;
    return e;
  }
  std::vector<OptionEntry> entries_;
};

// ------------------------------------------------------------------------------------------------
// The range check: validate() of an options struct is describe(*this, OptionRangeCheck{}) plus the
// checks that relate several options.

class OptionRangeCheck {
 public:
  template <class T>
  void operator()(const Option& o, const T& member) {
    if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::optional<bool>>) {
      return;
    } else if constexpr (std::is_arithmetic_v<T>) {
      check(o, static_cast<double>(member), std::is_integral_v<T>);
    } else if constexpr (std::is_same_v<T, std::optional<double>>) {
      if (member) check(o, *member, false);
    } else if constexpr (std::is_same_v<T, std::vector<double>>) {
      for (double x : member) check(o, x, false);
    } else if constexpr (std::is_same_v<T, Vector>) {
      for (Eigen::Index i = 0; i < member.size(); ++i) check(o, member(i), false);
    } else if constexpr (std::is_same_v<T, std::string>) {
      return;  // a string with choices is a ChoiceField, checked when it is set
    }
  }
  void operator()(const Option& o, const ChoiceField& member);

 private:
  static void check(const Option& o, double x, bool integer);
};

// describe(options, OptionRangeCheck): the part of an options struct's validate() that its
// description states. The check only reads (a ChoiceField whose name is among its choices is not
// set; one that is not throws before writing), so the const_cast never writes to `options`.
template <class Options>
void check_options(const Options& options) {
  OptionRangeCheck check;
  describe(const_cast<Options&>(options), check);
}

// Throws InputError (the option's code) unless x is within o's range: not NaN, finite unless
// o.infinite_ok, >= min (> min when above_min), <= max. The message is "<label> must be <expect>,
// got <x>", with label = name and expect made from the range unless o gives them.
void check_option_range(const Option& o, double x, bool integer = false);

}  // namespace mechid
