// The error of each estimated stiffness against the true one of a simulated oscillator (Karimov et
// al. 2021 compare their DIA and IDA estimates with the preset's stiffnesses this way): relative
// |k̂ − k|/|k| where the true k is non-zero, and the absolute |k̂ − k| always (the only measure
// for a true k = 0, e.g. a gap with no contact).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "estimators/nonlinear/identify.hpp"

namespace mechid::nonlinear {

struct StiffnessError {
  std::string name;       // the stiffness class
  double truth = 0.0;     // its true k
  double relative = 0.0;  // |k̂ − k|/|k|; NaN when k = 0
  double absolute = 0.0;  // |k̂ − k|
};

// One entry per estimate whose class `truth` names (classes it does not name are left out).
std::vector<StiffnessError> stiffness_errors(const std::vector<StiffnessEstimate>& estimates, const std::map<std::string, double>& truth);

}  // namespace mechid::nonlinear
