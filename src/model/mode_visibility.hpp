// Which modes a test set-up can see (issue 17, pre-test planning): a mode contributes to the FRFs
// from the forces to the sensors the term φ φᵀ/(ω_n² − ω² + 2iζω_nω) (mass-normalised real shape
// φ; Ewins, Modal Testing, 2nd ed. 2000, sec. 2.3), whose peak at ω = ω_n, measured as the
// derivative p of displacement (0, 1, 2: displacement, velocity, acceleration), is
//   ‖φ(sensors)‖ · ‖Lᵀφ‖ · ω_n^p / (2 ζ ω_n²).
// A mode whose peak is below 1 % of the largest mode's is neither excited nor seen enough to be
// identified from the set-up's records: a force or a sensor at one of its nodes.
#pragma once

#include <vector>

#include "model/modal.hpp"

namespace mechid {

constexpr double kObservableFraction = 0.01;  // of the largest mode's peak

struct ModeVisibility {
  double participation_percent = 0.0;  // the mode's FRF peak at the sensors, % of the largest mode's
  bool observable = false;             // participation of at least kObservableFraction
};

// One entry per mode of `modal` (of a system with n DOF) for forces through L (n × k) and the
// measured DOFs `sensors` (0-based); adds to `modal` one warning naming the modes that are not
// observable. Throws InputError on a sensor out of range or L of the wrong height.
std::vector<ModeVisibility> assess_test_setup(ModalResult& modal, const Matrix& L, const std::vector<Eigen::Index>& sensors, int derivative);

}  // namespace mechid
