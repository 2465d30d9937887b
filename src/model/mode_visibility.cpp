#include "model/mode_visibility.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"

namespace mechid {

std::vector<ModeVisibility> assess_test_setup(ModalResult& modal, const Matrix& L, const std::vector<Eigen::Index>& sensors, int derivative) {
  if (modal.modes.empty()) return {};
  const Eigen::Index n = modal.modes.front().shape.size();
  require(L.rows() == n && L.cols() >= 1, "L must have " + std::to_string(n) + " rows (one per DOF) and a column per force", "L");
  require(!sensors.empty(), "give at least one measured DOF", "sensors");
  for (Eigen::Index s : sensors)
    require(s >= 0 && s < n, "measured DOF " + std::to_string(s + 1) + " is not one of the system's " + std::to_string(n) + " DOFs", "sensors");
  require(derivative >= 0 && derivative <= 2, "the response is displacement, velocity or acceleration", "response");
  std::vector<double> peak;
  for (const Mode& m : modal.modes) {
    double seen = 0.0;
    for (Eigen::Index s : sensors) seen += m.shape(s) * m.shape(s);
    const double excited = (L.transpose() * m.shape).norm();
    const bool resonant = m.zeta > 0.0 && m.zeta < 1.0 && m.omega_n > 0.0;
    peak.push_back(resonant ? std::sqrt(seen) * excited * std::pow(m.omega_n, derivative) / (2.0 * m.zeta * m.omega_n * m.omega_n) : 0.0);
  }
  const double largest = *std::max_element(peak.begin(), peak.end());
  std::string hidden;
  std::vector<ModeVisibility> out(peak.size());
  for (std::size_t r = 0; r < peak.size(); ++r) {
    out[r].participation_percent = largest > 0.0 ? 100.0 * peak[r] / largest : 0.0;
    out[r].observable = largest > 0.0 && peak[r] >= kObservableFraction * largest;
    if (!out[r].observable) hidden += (hidden.empty() ? "" : ", ") + format_digits(modal.modes[r].freq_hz, 4) + " Hz";
  }
  if (!hidden.empty())
    modal.add_warning("the modes at " + hidden + " are not observable from this set-up (peak below 1 % of the largest mode's, or not an "
                      "underdamped mode): a force or every sensor sits near a node; move the force or add a sensor to see them");
  return out;
}

}  // namespace mechid
