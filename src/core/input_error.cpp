#include "core/input_error.hpp"

#include <cstdio>
#include <cstdlib>

namespace mechid {

std::string size_text(const Matrix& X) { return std::to_string(X.rows()) + "x" + std::to_string(X.cols()); }

std::string format_number(double value) {
  char buffer[32];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
    if (std::strtod(buffer, nullptr) == value) break;
  }
  return buffer;
}

std::string format_digits(double value, int digits) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return buffer;
}

}  // namespace mechid
