// Why a growing horizon: the output-error cost of a free-run simulation becomes ever less smooth,
// with more local minima, as the simulated horizon grows against the periods of the system's
// lightly damped modes: a frequency error of a slow mode turns into a phase error that grows
// along the record (Ribeiro, Tiels, Umenberger, Schön, Aguirre, "On the smoothness of nonlinear
// system identification", Automatica 121, 2020, sec. 5-6, who shorten the simulated horizon by
// multiple shooting for this reason). Over one period of the slowest mode the cost is close to
// quadratic around the start; each doubling begins within the basin of the previous optimum.
// Measured (two modes at 1 and 100 rad/s, ζ 0.01, shapes rotated by 30°, h = 0.003, N = 20000,
// 40 dB; seeds 1-10): from the n4sid-d2c start the refinement over the whole record stopped in a
// local minimum at 680 times the optimum's cost (seed 1: M 88 % off); over the growing horizon it
// converged on 9 of the 10 seeds (M 1.2-5.3 % off, within about 2 of its own sd), in 1-2 s
// (natively); auto tries it from each of its starts (auto_method.cpp, redo_over_growing_horizon).
#include "identify/growing_horizon.hpp"

#include <algorithm>
#include <cmath>

#include "identify/method_runs.hpp"

namespace mechid {

std::optional<Identification> refine_over_growing_horizon(const std::vector<Dataset>& runs, const IdentifyOptions& options,
                                                          const Identification& start) {
  if (start.failed() || start.modal.modes.empty() || runs.empty()) return std::nullopt;
  Eigen::Index shortest = runs.front().y.rows();
  for (const Dataset& run : runs) shortest = std::min(shortest, run.y.rows());
  double slowest = INFINITY;  // rad/s
  for (const auto& mode : start.modal.modes) slowest = std::min(slowest, mode.omega_n);
  const double period = 2.0 * M_PI / slowest / runs.front().h;  // in samples
  if (!(slowest > 0) || !std::isfinite(period) || 2.0 * period > static_cast<double>(shortest)) return std::nullopt;
  Identification current = start;
  double timing = 0.0;
  // A stage short of the whole record only has to end within the basin of the next one, whose
  // optimum lies about one of its own sd away: it stops once the Gauss-Newton step would gain
  // less than σ̂² (θ within √2 sd of its local minimum) instead of 10⁻² σ̂² (PemOptions::
  // variance_tolerance). The whole record's stage keeps the caller's options.
  IdentifyOptions short_stage = options;
  short_stage.pem.variance_tolerance = std::max(options.pem.variance_tolerance, 1.0);
  for (auto horizon = static_cast<Eigen::Index>(std::ceil(period));; horizon *= 2) {
    // A stage of two thirds of the record or more is the whole record: a stage of nearly all of it
    // (5184 of 6000 samples for the 16-DOF chain of docs/results.md, "Scale") took as many
    // iterations as the whole record then took again (3 and 3, about a quarter of the time).
    const bool whole = 3 * horizon >= 2 * shortest;
    std::vector<Dataset> stage = runs;
    if (!whole)
      for (Dataset& run : stage) {
        run.u = run.u.topRows(horizon).eval();
        run.y = run.y.topRows(horizon).eval();
      }
    Identification next = refine_exact_sampling(stage, whole ? options : short_stage, current, whole ? Intervals::computed : Intervals::skipped);
    timing += next.timing_ms;
    if (next.failed() || !next.M_pd) return std::nullopt;
    current = std::move(next);
    if (whole) break;
  }
  current.diagnostics.start = start.method;
  current.timing_ms = timing;
  return current;
}

}  // namespace mechid
