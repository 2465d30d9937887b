// Bad user input: the one exception type of the core. Its message names the argument, the
// matrix or the property that is wrong, and the offending value; the bindings turn it into a
// MechidError with code 'bad-input'. Numerical trouble is never thrown: it is a status in a result.
#pragma once

#include <stdexcept>
#include <string>

#include "core/types.hpp"

namespace mechid {

// `option`, when set, is the code of the option the message is about, so that a caller can show it
// next to that control without reading the text: "structure", "friction", "offset", "runs",
// "lowpass" (issue 16, item 8).
class InputError : public std::invalid_argument {
 public:
  explicit InputError(const std::string& message, std::string option = "")
      : std::invalid_argument(message), option_(std::move(option)) {}
  const std::string& option() const { return option_; }

 private:
  std::string option_;
};

// Throws InputError(message, option) unless condition holds.
inline void require(bool condition, const std::string& message, const std::string& option = "") {
  if (!condition) throw InputError(message, option);
}

// Shortest decimal text that reads back as the same double ("0.05", not "0.050000").
std::string format_number(double value);

// A matrix's size as a message gives it: "3x2".
std::string size_text(const Matrix& X);

// value with `digits` significant digits ("%g"), for the numbers of a warning or a hint ("2.69e+08").
std::string format_digits(double value, int digits = 3);

}  // namespace mechid
