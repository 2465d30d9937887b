#include "model/pole_frequency.hpp"

#include <algorithm>
#include <cmath>

#include "core/math_constants.hpp"

namespace mechid {

PoleFrequency pole_frequency(std::complex<double> lambda) {
  PoleFrequency p;
  p.omega_n = std::abs(lambda);
  p.freq_hz = p.omega_n / kTwoPi;
  p.zeta = p.omega_n > 0 ? -lambda.real() / p.omega_n : 0.0;
  return p;
}

std::complex<double> pole_of_mode(double freq_hz, double zeta) {
  const double omega = kTwoPi * freq_hz;
  return {-zeta * omega, omega * std::sqrt(std::max(0.0, 1.0 - zeta * zeta))};
}

}  // namespace mechid
