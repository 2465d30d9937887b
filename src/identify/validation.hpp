// Validation of an estimated mechanical model on data: free-run simulation (exact sampling of the
// estimate: ZOH for held forces, FOH for point samples; initial state fitted by least squares), fit % and NRMSE per output channel, and
// the residual tests of classical identification (Ljung 1999, §16.6): whiteness of the residuals
// (Ljung–Box portmanteau statistic per output channel) and independence of residuals and inputs
// (cross-correlation per input/output pair and lag), each at 0.5 %, so 1 % false alarms overall.
#pragma once

#include <string>
#include <vector>

#include "core/status.hpp"
#include "identify/dataset.hpp"
#include "identify/intersample_model.hpp"
#include "model/mechanical_system.hpp"

namespace mechid {

struct ValidationReport : Outcome {
  Vector fit_percent;            // 100 (1 - ‖y - ŷ‖/‖y - mean y‖) per channel
  Vector nrmse;                  // ‖y - ŷ‖/‖y - mean y‖ per channel
  Vector rmse;                   // √(Σ(y - ŷ)²/N) per channel, in the output's units
  Eigen::Index scored_from = 0;  // the first sample the fit scores (the initial window's length)
  Matrix simulated;              // N x n free-run output ŷ
  Matrix residual;               // N x n: y - ŷ, the measured minus the simulated outputs (empty when failed)
  Vector initial_state;          // the least-squares x0 = [q_0; q'_0] it starts from (empty when it failed)
  IntersampleKind intersample = IntersampleKind::hold;  // the input between samples in that free run
  double max_autocorrelation = 0.0;   // max |normalised residual autocorrelation|, lags 1..max_lag
  double max_crosscorrelation = 0.0;  // max |normalised input-residual cross-correlation|, lags 0..max_lag
  double bound_99 = 0.0;              // 2.58/sqrt(N): the 99 % bound of ONE correlation (no multiplicity)
  int max_lag = 0;                    // lags tested
  // Whiteness: Q = N(N+2) Σ_{k=1..m} ρ_k²/(N−k) per output channel (Ljung & Box 1978), χ²(m) for
  // white residuals; the largest Q against the χ²(m) quantile at 1 − 0.005/n (Bonferroni over the
  // n channels). p is the smallest channel's p-value times n (≤ 1).
  double whiteness_statistic = 0.0;
  double whiteness_threshold = 0.0;
  double residual_whiteness_p = 1.0;
  bool residuals_white = true;        // no channel's Q beyond the threshold (channels whose residual is at the
                                      // rounding level of the free run, nrmse <= N·eps, do not count)
  // Independence of inputs and residuals: for white residuals independent of u, each
  // √N·r_εu(τ) is N(0, 1) whatever u's colour (Ljung 1999, §16.6); the bound is the normal
  // quantile at 1 − 0.005/(2 T) over the T = (max_lag + 1)·k·n lags and pairs tested (Bonferroni).
  double crosscorrelation_bound = 0.0;
  bool residuals_independent_of_input = true;  // max_crosscorrelation <= crosscorrelation_bound
  // The rows of simulated and residual when set aside (drop_series) while other estimates are
  // computed, else 0; every number above is still that of the series, which restore_series makes again.
  Eigen::Index dropped_rows = 0;
};

// Needs an invertible M (not definiteness). A simulation whose output diverges is status failed.
// Series::fit_only: fit_percent, nrmse, rmse and initial_state only, without the N x n simulated and
// residual series and their tests (a start's fit compared with another's: no 2·N·n doubles held).
// Series::untested: the series without their residual tests (a free run wanted for its own sake:
// IDIM-IV's instruments, where the tests were 60 % of each simulation's instructions).
// initial_window W > 0: the initial state from the first W samples only, and fit, nrmse, rmse and the
// residual tests over samples W..N-1 (the simulated series still spans the record); status failed
// when W leaves no sample to score, or is 1 (one sample cannot give the initial velocities).
enum class Series { kept, untested, fit_only };
ValidationReport validate_model(const MechanicalSystem& estimate, const Dataset& data, int max_lag = 25,
                                Series series = Series::kept, Eigen::Index initial_window = 0);

// The N x n series of a report of validate_model(estimate, data) with its defaults (max_lag 25, no
// initial window), set aside and made again (issue 56 item 7: auto holds several estimates of a
// long record, 2·N·n doubles each, 48 MB at 10⁶ samples of 3 DOF). drop_series frees simulated and
// residual and marks the report; restore_series runs validate_model again on the same estimate and
// data and takes its series, the same numbers (the free run is deterministic).
void drop_series(ValidationReport& report);
void restore_series(ValidationReport& report, const MechanicalSystem& estimate, const Dataset& data);

// The advice the residual tests call for: identify/residual_advice.hpp.

}  // namespace mechid
