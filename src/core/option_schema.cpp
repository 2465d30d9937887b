#include "core/option_schema.hpp"

namespace mechid {

ChoiceField choice_field(std::string& member, std::vector<std::string> choices, const std::string& what) {
  auto parse = [&member, choices, what](const std::string& text) {
    std::string expected;
    for (std::size_t i = 0; i < choices.size(); ++i) {
      if (text == choices[i]) {
        member = text;
        return;
      }
      expected += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
    }
    throw InputError(what + " must be " + expected + ", got '" + text + "'");
  };
  return {choices, [&member] { return member; }, parse};
}

std::string to_string(OptionType type) {
  switch (type) {
    case OptionType::number: return "number";
    case OptionType::integer: return "integer";
    case OptionType::boolean: return "boolean";
    case OptionType::choice: return "choice";
    case OptionType::string: return "string";
    case OptionType::numbers: return "numbers";
  }
  return "number";
}

// A name among the choices is valid; set() refuses any other (before writing), with its message.
void OptionRangeCheck::operator()(const Option& o, const ChoiceField& member) {
  const std::string name = member.get();
  for (const std::string& choice : member.choices)
    if (name == choice) return;
  try {
    member.set(name);
  } catch (const InputError& e) {
    throw InputError(e.what(), e.option().empty() ? o.error_code() : e.option());
  }
  throw InputError(std::string(o.name) + " must be one of its choices, got '" + name + "'", o.error_code());
}

void OptionRangeCheck::check(const Option& o, double x, bool integer) { check_option_range(o, x, integer); }

namespace {
// A value as a message gives it: whole numbers in full ("10", not format_number's "1e+01"), others
// by format_number ("0.05", "inf", "nan").
std::string value_text(double x) {
  if (std::isfinite(x) && x == std::floor(x) && std::fabs(x) < 1e15) return std::to_string(static_cast<long long>(x));
  return format_number(x);
}

// "a number >= 0", "a whole number between 1 and 1000", "a number > 0": the range as words.
std::string range_text(const Option& o, bool integer) {
  const std::string what = integer ? "a whole number" : "a number";
  const bool lo = std::isfinite(o.min), hi = std::isfinite(o.max);
  if (lo && hi && !o.above_min) return what + " between " + value_text(o.min) + " and " + value_text(o.max);
  std::string text = what;
  if (lo) text += (o.above_min ? " > " : " >= ") + value_text(o.min);
  if (lo && hi) text += " and";
  if (hi) text += " <= " + value_text(o.max);
  return text;
}
}  // namespace

void check_option_range(const Option& o, double x, bool integer) {
  const bool finite_ok = std::isfinite(x) || (o.infinite_ok && std::isinf(x));
  const bool ok = finite_ok && (o.above_min ? x > o.min : x >= o.min) && x <= o.max;
  if (ok) return;
  const std::string label = o.label ? o.label : o.name;
  const std::string expect = o.expect ? o.expect : range_text(o, integer);
  throw InputError(label + " must be " + expect + ", got " + value_text(x), o.error_code());
}

}  // namespace mechid
