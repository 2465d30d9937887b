#include "core/sampling_period.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "core/input_error.hpp"

namespace mechid {

void check_sampling_period(double h, const char* name) {
  const std::string what(name);
  require(std::isfinite(h) && h > 0.0, what + " must be a positive number of seconds, got " + format_number(h), what);
  require(h >= kMinSamplingPeriod && h <= kMaxSamplingPeriod, what + " must be between 1e-300 and 1e300 seconds, got " +
                                                                  format_number(h) + ": give the sampling period in seconds",
          what);
}

void check_sampling_period(double h, double rate) {
  check_sampling_period(h);
  if (!(rate > 0.0) || !std::isfinite(rate)) return;
  const double product = h * rate, eps = std::numeric_limits<double>::epsilon();
  const std::string said = "h = " + format_number(h) + " s is too ", measure = " for this system: h·ω_max = ";
  const std::string range = "; for this system give h between " + format_digits(eps / rate) + " and " +
                            format_digits(kMaxStepTimesRate / rate) + " s";
  require(product >= eps, said + "short" + measure + format_digits(product) +
                              " is below double precision (2.2e-16), so the sampled model is the identity" + range,
          "h");
  require(product <= kMaxStepTimesRate, said + "long" + measure + format_digits(product) +
                                            " is above 1e8, where the matrix exponential loses its digits" + range,
          "h");
}

}  // namespace mechid
