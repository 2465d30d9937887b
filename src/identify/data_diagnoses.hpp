// Diagnoses that name the cause of a poor identification from the data and the estimate's free-run
// residuals (issue 48, item 9): one output with the wrong sign, outputs in different units, a
// constant offset or a drift in an output, a mode beyond the Nyquist frequency, and no sign advice
// on a fit that is poor anyway; and forces fed back from the outputs (issue 50, closed_loop). Each is typed advice (core/advice.hpp) and stays silent when the
// estimate fits the data as a correct model does (residuals white, independent of the input).
#pragma once

#include <vector>

#include "core/advice.hpp"
#include "identify/dataset.hpp"
#include "identify/validation.hpp"
#include "model/modal.hpp"

namespace mechid {

// The fit below which (with residuals that are not white) an estimate explains too little of the
// data for its signs to mean anything: an all-negative M, D, K is then no evidence of a sign
// convention (numerics review e622506, problem 9).
inline constexpr double kPoorFitPercent = 50.0;

// The estimate explains too little of the data: its free run failed, or it fits below
// kPoorFitPercent (mean over the outputs) with residuals a correct model would not leave
// (correlated over time; at low SNR a correct model fits poorly too, but with white residuals).
bool fits_poorly(const ValidationReport& validation);

// The advice for an estimate whose M, D and K are all negative: flip the sign of the inputs
// (sign_flipped) when it fits the data; poor_fit, with no sign advice, when it fits_poorly (its
// signs then say nothing about a sign convention).
Advice reversed_sign_advice(const ValidationReport& validation);

// What the diagnoses read of an estimate (the fields of an Identification finish() has set).
struct DiagnosedEstimate {
  const MechanicalSystem& system;  // its L is the one the data were identified with
  bool M_pd, K_pd, sign_reversed;
  bool offset_estimated;           // a constant force per DOF was estimated (--offset)
  bool friction_estimated;         // a Coulomb friction force per DOF was estimated (--friction coulomb)
  const ModalResult& modal;
  const ValidationReport& validation;  // the free run on `data`
};

// The diagnoses below, each as typed advice, all silent on an estimate whose residuals pass
// their tests (`data`: the data the estimate was validated on).
// - sign_flipped / mixed_units: when the estimate fits_poorly or M, K are indefinite, the subspace
//   model of the data (whose output matrix absorbs any diagonal scaling of the outputs) is
//   extracted again with each single output negated and with the outputs brought to one unit
//   (factors of ten from their RMS); a candidate whose free-run fit beats the estimate's by far
//   names its channel(s).
// - offset / drift: a constant, or a straight line, that explains most of a channel's residual.
// - aliasing: a mode beyond the Nyquist frequency π/h, or residuals correlated with the input
//   while the fastest mode lies above half of it.
// - friction: a residual that Coulomb forces through the model explain (friction_diagnosis.hpp),
//   for an estimate without a friction term.
// - closed_loop: residuals that predict the forces that follow them (feedback_test.hpp).
std::vector<Advice> diagnose_data(const DiagnosedEstimate& estimate, const Dataset& data);

}  // namespace mechid
