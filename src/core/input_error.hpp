// Bad user input: the one exception type of the core. Its message names the argument, the
// matrix or the property that is wrong, and the offending value; the bindings turn it into a
// MechidError with code 'bad-input'. Numerical trouble is never thrown: it is a status in a result.
#pragma once

#include <stdexcept>
#include <string>

namespace mechid {

class InputError : public std::invalid_argument {
 public:
  explicit InputError(const std::string& message) : std::invalid_argument(message) {}
};

// Throws InputError(message) unless condition holds.
inline void require(bool condition, const std::string& message) {
  if (!condition) throw InputError(message);
}

// Shortest decimal text that reads back as the same double ("0.05", not "0.050000").
std::string format_number(double value);

}  // namespace mechid
