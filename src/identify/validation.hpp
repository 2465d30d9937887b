// Validation of an estimated mechanical model on data: free-run simulation (exact sampling of the
// estimate: ZOH for held forces, FOH for point samples; initial state fitted by least squares), fit % and NRMSE per output channel, and
// the residual tests of classical identification: residual autocorrelation and input-residual
// cross-correlation against their 99 % bounds 2.58/sqrt(N).
#pragma once

#include <string>

#include "core/status.hpp"
#include "identify/dataset.hpp"
#include "model/mechanical_system.hpp"

namespace mechid {

struct ValidationReport : Outcome {
  Vector fit_percent;            // 100 (1 - ‖y - ŷ‖/‖y - mean y‖) per channel
  Vector nrmse;                  // ‖y - ŷ‖/‖y - mean y‖ per channel
  Matrix simulated;              // N x n free-run output ŷ
  double max_autocorrelation = 0.0;   // max |normalised residual autocorrelation|, lags 1..max_lag
  double max_crosscorrelation = 0.0;  // max |normalised input-residual cross-correlation|, lags 0..max_lag
  double bound_99 = 0.0;              // 2.58/sqrt(N)
};

// Needs an invertible M (not definiteness). A simulation that diverges is status failed.
ValidationReport validate_model(const MechanicalSystem& estimate, const Dataset& data, int max_lag = 25);

}  // namespace mechid
