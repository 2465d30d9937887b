#include "core/input_error.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace mechid {

std::string size_text(const Matrix& X) { return std::to_string(X.rows()) + "x" + std::to_string(X.cols()); }

// The shortest text that reads back as `value`; a value of 1 to 6 integer digits in full ("20",
// not the "2e+01" that %.1g gives: %g turns to exponent form when the exponent reaches the digits).
std::string format_number(double value) {
  char buffer[32];
  int digits = 1;
  for (; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
    if (std::strtod(buffer, nullptr) == value) break;
  }
  if (std::isfinite(value) && value != 0) {
    const int exponent = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    if (exponent >= digits && exponent < 6) std::snprintf(buffer, sizeof buffer, "%.*g", exponent + 1, value);
  }
  return buffer;
}

std::string format_digits(double value, int digits) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return buffer;
}

}  // namespace mechid
