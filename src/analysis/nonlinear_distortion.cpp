#include "analysis/nonlinear_distortion.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/input_error.hpp"

namespace mechid {

bool NonlinearDistortion::nonlinear() const {
  return detection_lines >= kMinDetectionLines && distorted_lines >= 3 &&
         double(distorted_lines) >= kDistortedShare * double(detection_lines);
}

std::optional<NonlinearDistortion> nonlinear_distortion(const Eigen::MatrixXcd& sum, const Matrix& power, const std::vector<bool>& excited,
                                                        const Vector& freq_hz, Eigen::Index periods) {
  const Eigen::Index F = sum.rows(), m = sum.cols();
  if (periods < 2 || F == 0) return std::nullopt;
  const auto first = std::find(excited.begin(), excited.end(), true);
  if (first == excited.end()) return std::nullopt;
  const auto lo = Eigen::Index(first - excited.begin());
  const auto hi = F - 1 - Eigen::Index(std::find(excited.rbegin(), excited.rend(), true) - excited.rbegin());
  const double P = double(periods);

  // The excited lines' median output power (per output), the reference of the level and the floor.
  Vector reference(m);
  for (Eigen::Index c = 0; c < m; ++c) {
    std::vector<double> p;
    for (Eigen::Index i = lo; i <= hi; ++i)
      if (excited[std::size_t(i)]) p.push_back(std::norm(sum(i, c) / P));
    std::nth_element(p.begin(), p.begin() + std::ptrdiff_t(p.size() / 2), p.end());
    reference(c) = p[p.size() / 2];
  }

  NonlinearDistortion d;
  // P(F(2, 2(P−1)) > x) = (1 + x/(P−1))^−(P−1) = α  ⇔  x = (P−1)(α^(−1/(P−1)) − 1)
  d.threshold = (P - 1.0) * (std::pow(kDistortionLineFalseAlarm, -1.0 / (P - 1.0)) - 1.0);
  double level = 0.0;  // Σ of the distorted (line, output) pairs' power against their output's reference
  Eigen::Index pairs = 0;
  std::vector<bool> distorted_channel(std::size_t(m), false);
  for (Eigen::Index i = lo + 1; i < hi; ++i) {
    if (excited[std::size_t(i)]) continue;
    ++d.detection_lines;
    bool distorted = false;
    for (Eigen::Index c = 0; c < m; ++c) {
      const double mean_power = std::norm(sum(i, c) / P);
      const double variance = std::max(0.0, (power(i, c) - P * mean_power) / (P - 1.0));  // s² over the periods
      const bool above_floor = mean_power > kDistortionFloor * reference(c);
      if (above_floor && P * mean_power > d.threshold * variance) {
        distorted = true;
        distorted_channel[std::size_t(c)] = true;
        level += mean_power / reference(c);
        ++pairs;
      }
    }
    if (distorted) {
      if (d.distorted_lines == 0) d.lowest_hz = freq_hz(i);
      d.highest_hz = freq_hz(i);
      ++d.distorted_lines;
    }
  }
  if (d.detection_lines < kMinDetectionLines) return std::nullopt;
  for (Eigen::Index c = 0; c < m; ++c)
    if (distorted_channel[std::size_t(c)]) d.channels.push_back(c);
  d.level_db = pairs > 0 ? 10.0 * std::log10(level / double(pairs)) : -INFINITY;
  return d;
}

Advice nonlinear_advice(const NonlinearDistortion& d, Eigen::Index periods) {
  std::string outputs;
  for (std::size_t i = 0; i < d.channels.size(); ++i)
    outputs += (i == 0 ? "" : i + 1 == d.channels.size() ? " and " : ", ") + std::to_string(d.channels[i] + 1);
  return {AdviceCode::nonlinear, AdviceLevel::warning,
          "The system responds at frequencies the force does not contain: it is nonlinear at this level, and a linear model "
          "describes only its best linear approximation.",
          std::to_string(d.distorted_lines) + " of the " + std::to_string(d.detection_lines) +
              " unexcited lines between the excited ones carry an output above its period-to-period scatter (" +
              format_digits(d.lowest_hz, 4) + " to " + format_digits(d.highest_hz, 4) + " Hz, output" +
              (d.channels.size() > 1 ? "s " : " ") + outputs + ", on average " + format_digits(d.level_db, 3) +
              " dB against the excited lines; each line tested at a false-alarm rate of " +
              format_digits(kDistortionLineFalseAlarm, 2) + " over " + std::to_string(periods) +
              " periods: Pintelon & Schoukens 2012, sec. 3.4)",
          "Compare records at two force levels: distortion that grows with the level is the system's (a nonlinear "
          "stiffness, friction, a joint); at a lower force the linear model fits better. The intervals carry the noise "
          "only, not this distortion."};
}

}  // namespace mechid
