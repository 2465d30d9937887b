#include "model/sampling_accuracy.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace mechid {

bool below_nyquist(const std::vector<Mode>& modes, double h) {
  return std::all_of(modes.begin(), modes.end(), [&](const Mode& m) { return m.omega_n * h < M_PI; });
}

double midpoint_frequency_error(double omega, double h) {
  const double x = omega * h;
  if (x == 0) return 0.0;  // a rigid-body mode: the limit of tan(x/2)·2/x − 1
  return x < M_PI ? 2.0 * std::tan(x / 2.0) / x - 1.0 : INFINITY;
}

std::string midpoint_error_words(double omega, double h, int digits) {
  const double error = midpoint_frequency_error(omega, h);
  if (std::isinf(error))  // tan(ωh/2) has its pole at ωh = π: no finite error to print ("inf %")
    return "the midpoint model cannot represent this frequency at all (h·ω ≥ π, at or beyond the Nyquist frequency)";
  std::ostringstream out;
  out.precision(digits);
  out << "the midpoint model errs by " << 100 * error << " % in frequency";
  return out.str();
}

}  // namespace mechid
