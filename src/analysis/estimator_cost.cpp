// Cost models of ida, dia, ekf and svf. Each loop's count times the CPU seconds one unit of it
// took in WASM under Node on the 2-core reference machine (bench/guard.mjs), as flop-equivalents
// at kWasmFlopsPerSecond (method_cost.hpp).
#include "analysis/estimator_cost.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "analysis/command_cost.hpp"
#include "identify/work_limit.hpp"

namespace mechid {
namespace estimator_cost {

constexpr double kDouble = 8.0;
constexpr auto at_rate = at_wasm_rate;

// IRLS iterations (nonlinear/irls.hpp, irls_loop) until h changes by less than tol: 60-263 on the
// lin-ewins and beam records of 4000-3·10⁵ samples (bench/guard.mjs prints them) with the default
// tolerance; counted as 150, or the caller's iteration limit when lower.
constexpr double kIrlsIterations = 150;

}  // namespace estimator_cost

// identify_piecewise (estimators/nonlinear/identify.cpp), N samples, L unknowns of the regression
// (1/m and -2c/m unless given, one stiffness per class, DIA's free intercepts):
//  - reconstruct (reconstruct.cpp): v and x of each of the S fragments (N/S samples) high-passed by
//    ideal_highpass (filter.cpp), which removes each DFT bin up to the cut-off by its own cosine
//    and sine over the fragment (two sin/cos and two dot products a sample and bin): 2 N b units,
//    b = f_c h N/S + 1 bins; 2.2e-8 s a unit (beam, 3·10⁵ samples, 20 fragments, 2 Hz: 0.45 s);
//  - irls_with_swapping (swapping.cpp, irls.hpp): per iteration the N x L design, its weighted
//    copy and the column-pivoting QR (2 N L²), the residual, the swap pass and the weights:
//    N (2L² + 10L) units of 9e-10 s (4.3e-8 s a sample and iteration at L = 3);
//  - lad_covariance (lad_covariance.cpp): the scores' lag products up to the sandwich's bandwidth,
//    2 N L² each, and the scan for the last significant lag: the lags found grow with N as the bound
//    2.58/√N narrows (on the beam record the covariance took 0.13 s at 10⁵ samples and 1.55 s at
//    3·10⁵, some 60 and 250 lags; less on lin-ewins): counted as N/2400 lags of N (2L² + 2) units,
//    1e-9 s each; none under the l1 penalty lambda.
// The IRLS's iteration count is the data's: at the default limit of 1000 iterations a record
// that needs them all would take about 6 times its estimate (none of the records measured did).
// Memory: the reconstructed signals, the design and its weighted copy and QR, about 3 N L + 12 N doubles.
WorkEstimate piecewise_work(const nonlinear::AccelerationData& data, const nonlinear::PiecewiseOptions& o) {
  using estimator_cost::at_rate;
  const double N = double(data.a.size()), S = std::max(1.0, double(o.reconstruction.segments));
  double L = (o.mass ? 0 : 1) + (o.damping ? 0 : 1) + o.regions.classes();
  if (o.method == nonlinear::Form::dia)  // an intercept per class with a free offset (piecewise_regression.cpp)
    for (int c = 0; c < o.regions.classes(); ++c)
      L += std::any_of(o.regions.regions.begin(), o.regions.regions.end(),
                       [c](const nonlinear::Region& g) { return g.stiffness == c && g.free_offset; }) ? 1 : 0;
  double flops = 0;
  if (o.reconstruction.highpass_hz > 0) {
    const double bins = std::min(std::floor(o.reconstruction.highpass_hz * data.h * N / S) + 1, N / (2 * S) + 1);
    flops += at_rate(2.2e-8) * 2 * N * bins;
  }
  const double iterations = std::min(estimator_cost::kIrlsIterations, double(o.irls.max_iterations));
  flops += at_rate(9e-10) * iterations * N * (2 * L * L + 10 * L);
  if (o.irls.lambda == 0) flops += at_rate(1e-9) * (N / 2400) * N * (2 * L * L + 2);
  return {flops, estimator_cost::kDouble * N * (3 * L + 12)};
}

// run_augmented_ekf (estimators/ekf/augmented_ekf.cpp) per sample: discrete_step with its exact
// Jacobians (discretization.cpp: one model evaluation per stage, as many stages as the method's
// order: ef, se 1, heun, lp 2, rk3 3, rk4 4), the covariance's time update and correction on the
// 6 x 6 augmented state, and the stored trajectories: 1.9e-6 s plus 6.7e-7 s a stage a sample
// (10⁵ samples: 0.24 s with se, 0.46 s with rk4). Memory: the trajectories, 14 doubles a sample.
WorkEstimate belt_drive_ekf_work(double N, Discretization method) {
  using estimator_cost::at_rate;
  return {N * (at_rate(1.9e-6) + at_rate(6.7e-7) * nominal_order(method)), estimator_cost::kDouble * 14 * N};
}

double svf_grid_values(const Dataset& data, const SvfIdentifyOptions& o) {
  if (o.grid.size() > 0) return double(o.grid.size());
  return o.p1 == 0 && o.p2 == 0 ? double(svf_pole_grid(o.grid, 0, 0, data.y, data.h).size()) : 0;
}

WorkEstimate svf_work(const Dataset& data, const SvfIdentifyOptions& o) {
  return svf_pole_grid_cost(std::max(1.0, svf_grid_values(data, o)), double(data.y.cols()), double(data.u.cols()), double(data.y.rows()));
}

void check_svf_work(const Dataset& data, const SvfIdentifyOptions& o, double max_work) {
  const auto count = [](double x) { return std::to_string(static_cast<long long>(x)); };
  const double g = svf_grid_values(data, o);
  check_within_limits("svf on " + count(double(data.y.cols())) + " DOF x " + count(double(data.y.rows())) + " samples" +
                          (g > 0 ? " with a pole search over " + count(g * (g + 1) / 2) + " pole pairs" : ""),
                      svf_work(data, o), max_work, "give a coarser pole grid (fewer values) or the poles p1, p2, or a shorter record");
}

void check_piecewise_work(const nonlinear::AccelerationData& data, const nonlinear::PiecewiseOptions& o, double max_work) {
  check_within_limits(std::string(o.method == nonlinear::Form::dia ? "dia" : "ida") + " on " +
                          std::to_string(static_cast<long long>(data.a.size())) + " samples",
                      piecewise_work(data, o), max_work, "give a shorter record (or decimate it), or fewer IRLS iterations");
}

void check_belt_drive_ekf_work(double samples, Discretization method, double max_work) {
  check_within_limits("ekf on " + std::to_string(static_cast<long long>(samples)) + " samples", belt_drive_ekf_work(samples, method),
                      max_work, "give a shorter record (or decimate it)");
}

}  // namespace mechid
