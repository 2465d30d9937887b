#include "estimators/nonlinear/stiffness_errors.hpp"

#include <cmath>

namespace mechid::nonlinear {

std::vector<StiffnessError> stiffness_errors(const std::vector<StiffnessEstimate>& estimates, const std::map<std::string, double>& truth) {
  std::vector<StiffnessError> out;
  for (const StiffnessEstimate& e : estimates) {
    const auto found = truth.find(e.name);
    if (found == truth.end()) continue;
    const double k = found->second, absolute = std::abs(e.k - k);
    out.push_back({e.name, k, k != 0.0 ? absolute / std::abs(k) : NAN, absolute});
  }
  return out;
}

}  // namespace mechid::nonlinear
