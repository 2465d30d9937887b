// Advice read off an estimate's modes about the experiment rather than the method (issue 50): a
// body without a spring to ground, and a record too short for its slowest mode.
#pragma once

#include <optional>

#include "core/advice.hpp"
#include "model/mechanical_system.hpp"
#include "model/modal.hpp"

namespace mechid {

// `free_body` (a note beside the definiteness warning): the smallest eigenvalue λ of K v = λ M v is
// at most 1e-6 of the largest (zero or negative: a mode at or below zero frequency), so the
// structure may move without a spring to ground (a carriage on rails, a suspended test article):
// the estimate's K then fits noise, and the free-body structure (K fixed at zero for one body)
// identifies what the data hold. None when M is not positive definite (that has its own warning).
std::optional<Advice> free_body_advice(const MechanicalSystem& estimate);

// `record_too_short` (a warning): the record spans fewer than kMinSlowestPeriods periods 2π/ω_d of
// the estimate's slowest underdamped mode, so its frequency and damping — and with them the
// stiffness and damping matrices — rest on less than the motion they describe (the page's study at
// h = 0.001 s, N = 2000 of the 3-DOF preset: 2 s of a 5.4 s mode). Not said of noise-free data
// (identify skips it beside the advice noise_free: the record then determines the modes exactly).
inline constexpr double kMinSlowestPeriods = 2.0;
std::optional<Advice> record_length_advice(const ModalResult& modal, double duration_s);

}  // namespace mechid
